"""MonsterCrasher's components: data only (MC4.1 creatures, MC2.2 life and MC3.2 spawn points spent)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from components.bounds import Seat, Within

STAT = 10**6  # far above any power, defense or life the rules give; a larger one is an edited save


@dataclass(slots=True)
class Creature:
    """MC4.1: a creature's type, owner, square (file, rank) and current power and defense."""

    kind: str
    owner: Annotated[int, Seat()]
    power: Annotated[int, Within(0, STAT)]
    defense: Annotated[int, Within(0, STAT)]
    file: Annotated[int, Within(1, "board.width")]  # MC1.1: files A.. and ranks 1.. on the board
    rank: Annotated[int, Within(1, "board.height")]


@dataclass(slots=True)
class Contender:
    """A player's life (MC2.2) and the spawn points it spent this turn (MC3.2)."""

    seat: Annotated[int, Seat()]
    life: Annotated[int, Within(-STAT, STAT)]
    spent: Annotated[int, Within(0, STAT)] = 0
