"""MonsterCrasher's components: data only (MC4.1 creatures, MC2.2 life and MC3.2 spawn points spent)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(slots=True)
class Creature:
    """MC4.1: a creature's type, owner, square (file, rank) and current power and defense."""

    kind: str
    owner: int
    power: int
    defense: int
    file: int
    rank: int


@dataclass(slots=True)
class Contender:
    """A player's life (MC2.2) and the spawn points it spent this turn (MC3.2)."""

    seat: int
    life: int
    spent: int = 0
