"""Components of a player: identity, resources and home base."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(slots=True)
class Player:
    """A seat at the table (R1.1); `seat` is the player's id everywhere in the rules."""

    seat: int
    name: str
    computer: bool = False
    difficulty: str = "normal"
    defeated: bool = False


@dataclass(slots=True)
class Stockpile:
    """The resources a player holds, by resource id."""

    amounts: dict[str, int] = field(default_factory=dict)


@dataclass(slots=True)
class HomeBase:
    """R1.3: the territory holding the player's flag, None until chosen."""

    territory: int | None = None
