"""Relic Duels' commands: a character's step into a neighbouring hex (DU2.2), and the end of a side's moves."""

from __future__ import annotations

from dataclasses import dataclass

from components.commands import Command


@dataclass(frozen=True, slots=True)
class Step(Command):
    """DU2.2: `character` (its roster id) enters the neighbouring hex `hex` (a board index: row * width + column)."""

    character: str
    hex: int


@dataclass(frozen=True, slots=True)
class EndMoves(Command):
    """DU2.1: the side has moved; the turn goes on."""
