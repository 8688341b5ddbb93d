"""Total War's events, past tense, one per step of a resolution (TW4.2: every step and roll is shown)."""

from __future__ import annotations

from collections.abc import Callable
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

    def log_text(self, place: object = None) -> str:
        return (f"Player {self.seat} bought {self.infantry} infantry, {self.cavalry} cavalry, {self.artillery} "
                f"artillery ({self.points} points)")


@dataclass(frozen=True, slots=True)
class RegimentsDeployed(Event):
    """TW3.2: the placements are revealed together."""

    seat: int
    regiments: int

    def log_text(self, place: object = None) -> str:
        return f"Player {self.seat} deployed {self.regiments} regiment{'s' if self.regiments != 1 else ''}"


@dataclass(frozen=True, slots=True)
class RegimentMoved(Event):
    """TW6.2(d): a step made in `tick`."""

    seat: int
    regiment: str
    tick: int
    origin: str
    destination: str

    def log_text(self, place: object = None) -> str:
        return f"{_cap(regiment_words(self.regiment))} moved from {self.origin} to {self.destination}"


@dataclass(frozen=True, slots=True)
class RegimentBounced(Event):
    """TW6.3: a step that failed; the regiment stays."""

    seat: int
    regiment: str
    tick: int
    at: str
    wanted: str

    def log_text(self, place: object = None) -> str:
        return f"{_cap(regiment_words(self.regiment))} could not enter {self.wanted} and stays at {self.at}"


@dataclass(frozen=True, slots=True)
class ChargeMade(Event):
    """TW6.4: a new contact: `regiment` charges `target`."""

    seat: int
    regiment: str
    target: str

    def log_text(self, place: object = None) -> str:
        return f"{_cap(regiment_words(self.regiment))} charges {regiment_words(self.target)}"


@dataclass(frozen=True, slots=True)
class ShotFired(Event):
    """TW7/TW8: a shot's hit on one regiment (`reaction` for TW7), before TW4.3 caps it."""

    seat: int
    regiment: str
    target: str
    men: int
    reaction: bool
    artillery: bool

    def log_text(self, place: object = None) -> str:
        how = "reaction fire" if self.reaction else "a bombardment" if self.artillery else "a volley"
        return f"{_cap(regiment_words(self.regiment))} hits {regiment_words(self.target)} with {how}: {self.men} men"


@dataclass(frozen=True, slots=True)
class MeleeFought(Event):
    """TW9: an attack, a charge or not: men dealt and the attacker's own loss."""

    seat: int
    regiment: str
    target: str
    charge: bool
    dealt: int
    lost: int

    def log_text(self, place: object = None) -> str:
        how = "charges into" if self.charge else "fights"
        return f"{_cap(regiment_words(self.regiment))} {how} {regiment_words(self.target)}: {self.dealt} men dealt, {self.lost} lost"


@dataclass(frozen=True, slots=True)
class RegimentDestroyed(Event):
    """TW4.3/TW9.5: a regiment at 0 men (or artillery overrun) is removed."""

    seat: int
    regiment: str

    def log_text(self, place: object = None) -> str:
        return f"{_cap(regiment_words(self.regiment))} is destroyed"


@dataclass(frozen=True, slots=True)
class MoraleChanged(Event):
    """TW11.4: a regiment's stored and effective morale and its state after the morale step."""

    seat: int
    regiment: str
    morale: int
    effective: int
    state: str

    def log_text(self, place: object = None) -> str:
        return f"{_cap(regiment_words(self.regiment))}: morale {self.effective}, {self.state}"


@dataclass(frozen=True, slots=True)
class RoutStarted(Event):
    """TW11.4: a regiment starts to rout."""

    seat: int
    regiment: str

    def log_text(self, place: object = None) -> str:
        return f"{_cap(regiment_words(self.regiment))} routs"


@dataclass(frozen=True, slots=True)
class RegimentDispersed(Event):
    """TW11.4: a regiment disperses and is removed."""

    seat: int
    regiment: str

    def log_text(self, place: object = None) -> str:
        return f"{_cap(regiment_words(self.regiment))} disperses"


@dataclass(frozen=True, slots=True)
class DiceRolled(Event):
    """TW4.2: a roll made in a resolution, shown like every other step: a roll-off for a hex (TW6.2b), an area
    die (TW8.5, a miss too), the charge die (TW9.3), a melee draw (TW9.2) or an artillery draw (TW8.4).
    `value` fell in `low`..`high`; `need` is the least that succeeds (0: a draw, nothing to beat);
    `target` the regiment it was rolled against ("" for a roll-off)."""

    seat: int
    regiment: str
    purpose: str  # "roll-off", "area", "charge", "melee", "artillery"
    value: int
    low: int
    high: int
    need: int = 0
    target: str = ""

    @property
    def success(self) -> bool:
        return self.need == 0 or self.value >= self.need

    def log_text(self, place: object = None) -> str:
        """The roll in words (regiments by player number, type and number: the client names the players)."""
        return roll_words(self, regiment_words)


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def regiment_words(name: str) -> str:
    """'2:cavalry:1' -> 'player 2's Cavalry 1' (TW2.5), for texts that have no player names at hand."""
    seat, _, rest = name.partition(":")
    kind, _, number = rest.partition(":")
    return f"player {seat}'s {kind.capitalize()} {number}" if number else name


def roll_words(roll: DiceRolled, title: Callable[[str], str]) -> str:
    """TW4.2: a roll as a player reads it, regiments named by `title`."""
    who = title(roll.regiment)
    if roll.purpose == "roll-off":
        return f"{who} rolls {roll.value} in a roll-off for a hex"
    if roll.purpose == "area":
        result = "hits" if roll.success else "misses"
        return f"{who}'s shell rolls {roll.value} (needs {roll.need}+): {result} {title(roll.target)}"
    if roll.purpose == "charge":
        result = "the charge goes home" if roll.success else "the charge falters"
        return f"{who} charges {title(roll.target)}: rolls {roll.value} (needs {roll.need}+), {result}"
    what = "melee" if roll.purpose == "melee" else "bombardment"
    against = f" against {title(roll.target)}" if roll.target else ""
    return f"{who}'s {what}{against}: {roll.value} drawn from {roll.low}-{roll.high}"


TOTAL_WAR_EVENTS = (ArmyBought, RegimentsDeployed, RegimentMoved, RegimentBounced, ChargeMade, ShotFired, MeleeFought,
                    RegimentDestroyed, MoraleChanged, RoutStarted, RegimentDispersed, DiceRolled)
