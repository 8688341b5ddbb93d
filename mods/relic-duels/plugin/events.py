"""Relic Duels' events, past tense: moves, spotting rolls, combats and each round's dice, table rows and wounds."""

from __future__ import annotations

from dataclasses import dataclass

from systems.events import Event


@dataclass(frozen=True, slots=True)
class CharacterMoved(Event):
    """DU2.2, DU2.3: a step; `mp` move points are left (the Lurker: steps left)."""

    seat: int
    character: str
    origin: int
    destination: int
    mp: int


@dataclass(frozen=True, slots=True)
class RelicPassed(Event):
    """DU2.4, DU8.2: `character` became the bearer ("bearer") or seized the Relic ("seized"), or it lies ("lies")."""

    seat: int
    character: str
    hex: int
    how: str


@dataclass(frozen=True, slots=True)
class SpotRolled(Event):
    """DU4.1: a Company character's spotting roll in `hex`: die + bonus against the target."""

    seat: int
    character: str
    hex: int
    die: int
    bonus: int
    target: int
    spotted: bool


@dataclass(frozen=True, slots=True)
class AttackDeclared(Event):
    """DU4.2: the Company attacks (or not) in `hex`."""

    seat: int
    hex: int
    attack: bool


@dataclass(frozen=True, slots=True)
class CombatStarted(Event):
    """DU4.3, DU9: a combat of `kind` in `hex` between these participants (roster ids)."""

    seat: int
    kind: str
    hex: int
    company: tuple[str, ...]
    dominion: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class RoundFought(Event):
    """DU6: the fighters, their values, the rows read, the keys, the entries s/o and the wounds each took (all real
    for a Wraith when `real`), then their fates (alive, killed, dispersed, destroyed)."""

    seat: int
    hex: int
    round: int
    company: str
    dominion: str
    actions: tuple[str, str]
    values: tuple[int, int]
    rows: tuple[str, str]
    keys: tuple[int, int]
    entries: tuple[tuple[int, int], tuple[int, int]]
    taken: tuple[int, int]
    real: tuple[bool, bool]
    fates: tuple[str, str]


@dataclass(frozen=True, slots=True)
class RelicUsed(Event):
    """DU5.2.1: the bearer used the Relic; its morale is now `morale`."""

    seat: int
    character: str
    morale: int


@dataclass(frozen=True, slots=True)
class CombatEnded(Event):
    """DU4.4, DU5.2: why: relic, fled, mutual, a side gone ("company gone", "dominion gone")."""

    seat: int
    hex: int
    why: str


@dataclass(frozen=True, slots=True)
class WraithsReturned(Event):
    """DU2.5, DU7.3: dispersed Wraiths are back on the muster hex."""

    seat: int
    characters: tuple[str, ...]
    hex: int


RELIC_EVENTS = (CharacterMoved, RelicPassed, SpotRolled, AttackDeclared, CombatStarted, RoundFought, RelicUsed,
                CombatEnded, WraithsReturned)
