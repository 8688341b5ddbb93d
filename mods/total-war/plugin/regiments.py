"""A regiment as the rules see it (TW2): plain data the pure rule functions read and return."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from components.bounds import Seat, Within

from .hexes import Cube

STAT = 10**6  # far above any men, morale or hex the rules give; a larger one is an edited save
TYPE_ORDER = ("infantry", "cavalry", "artillery")  # TW2.5: processing order within a seat


@dataclass(slots=True)
class Regiment:
    """TW2: seat, type, number within type, hex, facing, men, stored morale, general flag, rout turns left
    (0 = controlled), artillery deployed (TW2.6), men at the start of the turn, effective morale fixed at the last morale step (TW11.5)."""

    seat: Annotated[int, Seat()]
    kind: str
    number: Annotated[int, Within(0, STAT)]
    hex: Annotated[Cube, Within(-STAT, STAT)]
    facing: str
    men: Annotated[int, Within(0, STAT)]
    morale: Annotated[int, Within(-STAT, STAT)]
    general: bool = False
    rout_turns: Annotated[int, Within(0, STAT)] = 0
    deployed: bool = True
    start_men: Annotated[int, Within(0, STAT)] = 0
    effective: Annotated[int, Within(-STAT, STAT)] = 0

    @property
    def key(self) -> tuple[int, int, int]:
        """TW2.5: processing order: seat, then type, then number."""
        kind = TYPE_ORDER.index(self.kind) if self.kind in TYPE_ORDER else len(TYPE_ORDER)
        return (self.seat, kind, self.number)

    @property
    def name(self) -> str:
        return f"{self.seat}:{self.kind}:{self.number}"

    @property
    def routing(self) -> bool:
        return self.rout_turns > 0


def in_order(regiments: list[Regiment]) -> list[Regiment]:
    return sorted(regiments, key=lambda r: r.key)
