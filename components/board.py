"""Components of the board: territories, who owns them, and disruption."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(slots=True)
class Territory:
    """One cell of the board (R2.1); `index` is its place in the board's topology."""

    index: int
    terrain: str


@dataclass(slots=True)
class Ownership:
    """The seat of the player owning a territory, or None when neutral."""

    owner: int | None = None


@dataclass(slots=True)
class Disrupted:
    """R7.3: the territory produces nothing until the turn of `seat` in round `until_round` begins."""

    until_round: int
    seat: int
