"""The rulesets the lab can play, and each one's enumeration of legal commands (for the agent env).

A ruleset here is a name, and `legal_commands(game) -> list[Command]` in a canonical order. Only the base
game is wired now; a second game registers its own enumeration in `LEGAL_COMMANDS`.
"""

from __future__ import annotations

from collections.abc import Callable

from components.commands import Command
from game.engine import Game
from game.errors import DataError

LegalCommands = Callable[[Game], list[Command]]


def _base_legal_commands(game: Game) -> list[Command]:
    from game.lab.legal import base_legal_commands

    return base_legal_commands(game)


LEGAL_COMMANDS: dict[str, LegalCommands] = {"base": _base_legal_commands}


def available() -> list[str]:
    return sorted(LEGAL_COMMANDS)


def check_ruleset(name: str) -> str:
    """The ruleset's name when the lab knows it; DataError naming the ones it knows otherwise."""
    if name not in LEGAL_COMMANDS:
        raise DataError([f"--ruleset: unknown ruleset {name!r} (available: {', '.join(available())})"])
    return name


def legal_commands_for(name: str) -> LegalCommands:
    return LEGAL_COMMANDS[check_ruleset(name)]
