"""Total War's events, past tense, one per step of a resolution (TW4.2: every step and roll is shown)."""

from __future__ import annotations

from dataclasses import dataclass

from systems.events import Event


@dataclass(frozen=True, slots=True)
class ArmyBought(Event):
    """TW3.1: a side's army, revealed with the other's when both are ready (its regiments by type)."""

    seat: int
    infantry: int
    cavalry: int
    artillery: int
    points: int


@dataclass(frozen=True, slots=True)
class RegimentsDeployed(Event):
    """TW3.2: the placements are revealed together."""

    seat: int
    regiments: int


@dataclass(frozen=True, slots=True)
class RegimentMoved(Event):
    """TW6.2(d): a step made in `tick`."""

    seat: int
    regiment: str
    tick: int
    origin: str
    destination: str


@dataclass(frozen=True, slots=True)
class RegimentBounced(Event):
    """TW6.3: a step that failed; the regiment stays."""

    seat: int
    regiment: str
    tick: int
    at: str
    wanted: str


@dataclass(frozen=True, slots=True)
class ChargeMade(Event):
    """TW6.4: a new contact: `regiment` charges `target`."""

    seat: int
    regiment: str
    target: str


@dataclass(frozen=True, slots=True)
class ShotFired(Event):
    """TW7/TW8: a shot's hit on one regiment (`reaction` for TW7), before TW4.3 caps it."""

    seat: int
    regiment: str
    target: str
    men: int
    reaction: bool
    artillery: bool


@dataclass(frozen=True, slots=True)
class MeleeFought(Event):
    """TW9: an attack, a charge or not: men dealt and the attacker's own loss."""

    seat: int
    regiment: str
    target: str
    charge: bool
    dealt: int
    lost: int


@dataclass(frozen=True, slots=True)
class RegimentDestroyed(Event):
    """TW4.3/TW9.5: a regiment at 0 men (or artillery overrun) is removed."""

    seat: int
    regiment: str


@dataclass(frozen=True, slots=True)
class MoraleChanged(Event):
    """TW11.4: a regiment's stored and effective morale and its state after the morale step."""

    seat: int
    regiment: str
    morale: int
    effective: int
    state: str


@dataclass(frozen=True, slots=True)
class RoutStarted(Event):
    """TW11.4: a regiment starts to rout."""

    seat: int
    regiment: str


@dataclass(frozen=True, slots=True)
class RegimentDispersed(Event):
    """TW11.4: a regiment disperses and is removed."""

    seat: int
    regiment: str


TOTAL_WAR_EVENTS = (ArmyBought, RegimentsDeployed, RegimentMoved, RegimentBounced, ChargeMade, ShotFired, MeleeFought,
                    RegimentDestroyed, MoraleChanged, RoutStarted, RegimentDispersed)
