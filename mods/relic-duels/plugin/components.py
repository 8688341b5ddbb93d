"""Relic Duels' components: the characters, the Relic and the turn's bookkeeping, the combat being fought."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

OFF_MAP = -1  # Character.hex of a dispersed Wraith until the end of the turn (DU7.3)


@dataclass(slots=True)
class Character:
    """DU1.4: a character's live state: `key` is its roster id, `hex` a board index (OFF_MAP while dispersed),
    `mp` the move points left this turn (DU2.2), `order` its place in the roster (DU4.1)."""

    key: str
    side: str
    hex: int
    morale: int
    wounds: int = 0
    real: int = 0
    spotted: bool = False
    mp: int = 0
    order: int = 0


@dataclass(slots=True)
class Quest:
    """The Relic (DU8.1: its bearer, or the hex where it lies), who seized it (DU2.4), the turn (DU3.2), this
    turn's declared attacks (DU4.2) and the combats still to fight (DU4.3, DU9: [kind, hex])."""

    bearer: str = ""
    lying: int = OFF_MAP
    seized_by: str = ""
    turn: int = 1
    timed_out: bool = False
    declared: list[int] = field(default_factory=list)
    undecided: list[int] = field(default_factory=list)
    combats: list[list[Any]] = field(default_factory=list)


@dataclass(slots=True)
class Duel:
    """A combat being fought (DU4.3-DU8): its kind (normal, seize, guardian), hex, participants in roster order
    (Company, Dominion), the fighters kept ("" = to choose, DU5.1), rounds fought, whether the Relic is out of
    reach (DU8.1: its bearer died here)."""

    kind: str
    hex: int
    company: list[str]
    dominion: list[str]
    fighters: list[str] = field(default_factory=lambda: ["", ""])
    rounds: int = 0
    relic_lost: bool = False
