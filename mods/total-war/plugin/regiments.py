"""A regiment as the rules see it (TW2): plain data the pure rule functions read and return."""

from __future__ import annotations

from dataclasses import dataclass

from .hexes import Cube

TYPE_ORDER = ("infantry", "cavalry", "artillery")  # TW2.5: processing order within a seat


@dataclass(slots=True)
class Regiment:
    """TW2: seat, type, number within type, hex, facing, men, stored morale, general flag, rout turns left
    (0 = controlled), artillery deployed (TW2.6), men at the start of the turn, effective morale fixed at the last morale step (TW11.5)."""

    seat: int
    kind: str
    number: int
    hex: Cube
    facing: str
    men: int
    morale: int
    general: bool = False
    rout_turns: int = 0
    deployed: bool = True
    start_men: int = 0
    effective: int = 0

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
