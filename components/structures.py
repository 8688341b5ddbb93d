"""Components of structures: walls, towers, bridges and catapults, with their garrisons."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(slots=True)
class Structure:
    """A built structure (R6.2); a wall also has `border`, the territory on its other side."""

    structure_type: str
    owner: int | None
    territory: int
    health: int
    max_health: int
    protection: int
    border: int | None = None
    upgrades: list[str] = field(default_factory=list)
    garrison: list[int] = field(default_factory=list)
    fired_round: int = -1


@dataclass(slots=True)
class Catapult:
    """R8.8: a mobile structure moved by a crew unit of an army; fires once per turn."""

    mp: int = 0
    crew: int | None = None
    army: int | None = None
    fired_round: int = -1
