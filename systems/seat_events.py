"""Events of simultaneous phases and prompts; `private` ones are shown only to their own seat (game.views)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from systems.events import Event


@dataclass(frozen=True, slots=True)
class OrderGiven(Event):
    """`seat` buffered an order (its `count`-th); what it says stays with that seat until resolution."""

    private: ClassVar[bool] = True
    seat: int
    count: int
    order: str  # the command's type name (only the seat itself sees this event)


@dataclass(frozen=True, slots=True)
class OrdersWithdrawn(Event):
    """`seat` dropped buffered orders; `count` remain."""

    private: ClassVar[bool] = True
    seat: int
    count: int


@dataclass(frozen=True, slots=True)
class SeatReady(Event):
    """`seat` declared its orders complete (public: everyone sees who is ready)."""

    seat: int


@dataclass(frozen=True, slots=True)
class SeatUnready(Event):
    """`seat` took back its Ready to revise its orders."""

    seat: int


@dataclass(frozen=True, slots=True)
class OrdersRevealed(Event):
    """Every seat is ready (or the deadline passed): phase `stage` resolves; `holding` seats gave no orders."""

    seat: int
    stage: str
    holding: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class PromptAsked(Event):
    """Prompt `prompt` asks `seats` a question with a fixed set of answers (and a default)."""

    seat: int
    prompt: int
    kind: str
    question: str
    seats: tuple[int, ...]
    answers: tuple[str, ...]
    default: str


@dataclass(frozen=True, slots=True)
class PromptAnswered(Event):
    """`seat` answered prompt `prompt` (private until every asked seat answered: then PromptSettled)."""

    private: ClassVar[bool] = True
    seat: int
    prompt: int
    answer: str


@dataclass(frozen=True, slots=True)
class PromptSettled(Event):
    """Every asked seat answered prompt `prompt` (or took the default): the answers, in `seats` order."""

    seat: int
    prompt: int
    kind: str
    seats: tuple[int, ...]
    answers: tuple[str, ...]
