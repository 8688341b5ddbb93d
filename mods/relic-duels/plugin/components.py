"""Relic Duels' components: the characters, the Relic and the turn's bookkeeping, the combat being fought."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated, Any

from components.bounds import Within

STAT = 10**6  # far above any stat, hex or turn the rules give; a larger one is an edited save
OFF_MAP = -1  # Character.hex of a dispersed Wraith until the end of the turn (DU7.3)


@dataclass(slots=True)
class Character:
    """DU1.4: a character's live state: `key` is its roster id, `hex` a board index (OFF_MAP while dispersed),
    `mp` the move points left this turn (DU2.2), `order` its place in the roster (DU4.1)."""

    key: str
    side: str
    hex: Annotated[int, Within(OFF_MAP, STAT)]
    morale: Annotated[int, Within(-STAT, STAT)]
    wounds: Annotated[int, Within(0, STAT)] = 0
    real: Annotated[int, Within(0, STAT)] = 0
    spotted: bool = False
    mp: Annotated[int, Within(0, STAT)] = 0
    order: Annotated[int, Within(0, STAT)] = 0


@dataclass(slots=True)
class Quest:
    """The Relic (DU8.1: its bearer, or the hex where it lies), who seized it (DU2.4), the turn (DU3.2), this
    turn's declared attacks (DU4.2) and the combats still to fight (DU4.3, DU9: [kind, hex])."""

    bearer: str = ""
    lying: Annotated[int, Within(OFF_MAP, STAT)] = OFF_MAP
    seized_by: str = ""
    turn: Annotated[int, Within(0, STAT)] = 1
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
    hex: Annotated[int, Within(OFF_MAP, STAT)]
    company: list[str]
    dominion: list[str]
    fighters: list[str] = field(default_factory=lambda: ["", ""])
    rounds: Annotated[int, Within(0, STAT)] = 0
    relic_lost: bool = False
