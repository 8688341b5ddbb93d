"""MonsterCrasher's commands (MC9.1: humans and computer players submit the same ones)."""

from __future__ import annotations

from dataclasses import dataclass

from components.commands import Command


@dataclass(frozen=True, slots=True)
class Spawn(Command):
    """MC3.2: `seat` spawns a creature of type `kind` on the square (`file`, `rank`) of its back row."""

    seat: int
    kind: str
    file: int
    rank: int


@dataclass(frozen=True, slots=True)
class PressTurnButton(Command):
    """MC3.3: `seat` ends its spawning; the march follows, then the other player's turn."""

    seat: int
