"""The rulesets the lab can play (every installed one) and what each registered on its App for agents.

Nothing here names a ruleset: a game's computer players (`app.add_computer_player`), its legal-command
enumeration (`app.set_legal_commands`) and its agent observation (`app.set_agent_observation`) come
from the App its plugin filled.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from components.commands import Command
from game.app import App
from game.errors import DataError
from game.legal import seat_to_act

LegalCommands = Callable[..., list[Command]]
__all__ = ["LegalCommands", "available", "check_ruleset", "computer_kinds", "legal_commands_of", "load_game_app",
           "seat_to_act"]


def available() -> list[str]:
    """Every installed ruleset's id."""
    from game.content import rulesets

    return sorted(rulesets())


def check_ruleset(name: str) -> str:
    """The ruleset's id when it is installed; DataError naming the installed ones otherwise."""
    names = available()
    if name not in names:
        raise DataError([f"--ruleset: unknown ruleset {name!r} (available: {', '.join(names)})"])
    return name


def load_game_app(ruleset: str, mods: Sequence[str] = ()) -> App:
    """The App (with its rules) of a game of `ruleset` with `mods`; DataError on problems."""
    from game.content import load_app

    return load_app(check_ruleset(ruleset), list(mods))


def legal_commands_of(app: App) -> LegalCommands:
    """The game's legal-command enumeration; DataError when its ruleset registered none."""
    if app.legal_commands is None:
        raise DataError([f"ruleset '{app.ruleset}': it registers no legal-command enumeration "
                         "(app.set_legal_commands in its plugin), so agents cannot play it"])
    return app.legal_commands


def computer_kinds(app: App) -> tuple[str, ...]:
    """The computer player kinds of the game: its ruleset's own, then the engine's (search, random)."""
    from game.ai.players import player_kinds

    return player_kinds(app)
