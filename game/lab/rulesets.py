"""The rulesets the lab can play (every installed one) and what each registered on its App for agents.

Nothing here names a ruleset: a game's computer players (`app.add_computer_player`), its legal-command
enumeration (`app.set_legal_commands`) and its agent observation (`app.set_agent_observation`) come
from the App its plugin filled.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from components.commands import Command
from game.app import App
from game.engine import Game
from game.errors import DataError

LegalCommands = Callable[[Game], list[Command]]


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


def seat_to_act(game: Game) -> int:
    """The seat a one-command-at-a-time agent acts for now: the first seat a pending prompt asks, the first
    seat not yet ready in a simultaneous phase, else the seat whose turn it is (a legal-command enumeration
    offers this seat's commands)."""
    if game.asking or game.awaiting_orders:
        waiting = game.unready_seats() if game.awaiting_orders else game.acting_seats()
        if waiting:
            return waiting[0]
    return game.world.clock.seat


def computer_kinds(app: App) -> tuple[str, ...]:
    """The computer player kinds of the game: its ruleset's own, else the engine's (normal, hard, random)."""
    from game.ai import DIFFICULTIES

    return tuple(app.computer_players) or DIFFICULTIES
