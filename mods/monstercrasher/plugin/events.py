"""MonsterCrasher's typed past-tense events (MC8.3: the client animates marches from them)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from systems.events import Event

Square = tuple[int, int]  # (file, rank); file 1 is A, rank 1 is player 1's back row (MC1.1)


def square_name(square: Square) -> str:
    """MC1.1: "A1" for (1, 1); ranks 0 and 9 are the players' sides off the board."""
    return f"{chr(ord('A') + square[0] - 1)}{square[1]}"


@dataclass(frozen=True, slots=True)
class CreatureSpawned(Event):
    """MC3.2: a creature of `kind` appeared on its owner's back row."""

    seat: int
    creature: int
    kind: str
    square: Square
    power: int
    defense: int

    def log_text(self, place: Callable[[int], str]) -> str:
        return f"Player {self.seat} spawned a {self.kind} on {square_name(self.square)}"


@dataclass(frozen=True, slots=True)
class MarchStarted(Event):
    """MC3.3: the turn button was pressed; `phases` steps follow (MC6.1)."""

    seat: int
    round: int
    phases: int


@dataclass(frozen=True, slots=True)
class PhaseStarted(Event):
    """MC6.1: phase `phase` of the march begins (the client animates phase by phase)."""

    seat: int
    phase: int


@dataclass(frozen=True, slots=True)
class CreatureStepped(Event):
    """MC6.6: the creature moved one step."""

    seat: int
    creature: int
    phase: int
    origin: Square
    target: Square


@dataclass(frozen=True, slots=True)
class CreatureStopped(Event):
    """MC6.2: the creature stood instead of stepping (refused, blocked or tied) and makes no more steps."""

    seat: int
    creature: int
    phase: int
    square: Square
    reason: str


@dataclass(frozen=True, slots=True)
class CreaturesFought(Event):
    """MC6.4/MC6.5: two opposing creatures fought (`how`: head-on, meeting or charge); each lost the
    other's power from its defense."""

    seat: int
    phase: int
    first: int
    second: int
    how: str
    first_square: Square
    second_square: Square
    first_defense: int  # after the whole phase's fights
    second_defense: int

    def log_text(self, place: Callable[[int], str]) -> str:
        return (f"Creatures fought ({self.how}) on {square_name(self.first_square)} and "
                f"{square_name(self.second_square)}: defense {self.first_defense} and {self.second_defense} left")


@dataclass(frozen=True, slots=True)
class CreatureDestroyed(Event):
    """MC4.1/MC6.5: the creature's defense fell to 0 or less; it was removed."""

    seat: int
    creature: int
    phase: int
    square: Square

    def log_text(self, place: Callable[[int], str]) -> str:
        return f"A creature was destroyed on {square_name(self.square)}"


@dataclass(frozen=True, slots=True)
class CreatureCrossed(Event):
    """MC6.3: the creature stepped onto the opponent's side and left the board."""

    seat: int
    creature: int
    owner: int
    phase: int
    origin: Square
    power: int

    def log_text(self, place: Callable[[int], str]) -> str:
        return f"Player {self.owner}'s creature crossed the board from {square_name(self.origin)}"


@dataclass(frozen=True, slots=True)
class LifeLost(Event):
    """MC6.3: `player` lost `amount` life to a crossing; `life` is what is left (may be below 0, MC2.2)."""

    seat: int
    player: int
    amount: int
    life: int

    def log_text(self, place: Callable[[int], str]) -> str:
        return f"Player {self.player} lost {self.amount} life ({self.life} left)"


MARCH_EVENTS: tuple[type[Event], ...] = (
    CreatureSpawned, MarchStarted, PhaseStarted, CreatureStepped, CreatureStopped, CreaturesFought,
    CreatureDestroyed, CreatureCrossed, LifeLost,
)
