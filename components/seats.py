"""Who acts besides the seat whose turn it is: buffered simultaneous orders, questions to seats, and their commands."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated, Any

from components.bounds import Seat
from components.commands import Command

REFEREE = 0  # the issuer of engine-only commands (ForceResolve): the host's clock, never a player


@dataclass(slots=True)
class SeatOrders:
    """A seat's part of a simultaneous phase (on its player entity): its orders so far, as command data in
    the order given, hidden from the other seats until resolution, and whether it declared itself ready."""

    seat: Annotated[int, Seat()]
    orders: list[dict[str, Any]] = field(default_factory=list)
    ready: bool = False


@dataclass(slots=True)
class Prompt:
    """A question a system (or a command) put to `seats`: one of `answers` each, `default` when forced.

    `given[i]` is seat `seats[i]`'s answer ("" until it answers). `kind` names the App's prompt handler that
    applies the answers; `subject` holds the ids the question is about. `stage`/`resume` say where the flow
    goes on once every prompt is answered: the stage's system at index `resume`, or (resume < 0) after the
    command that asked (-2: that command also ended its seat's phase); None until the engine records it."""

    kind: str
    question: str
    seats: Annotated[list[int], Seat()]
    answers: list[str]
    default: str
    given: list[str]
    subject: list[int] = field(default_factory=list)
    stage: str = ""
    resume: int | None = None


@dataclass(frozen=True, slots=True)
class Ready(Command):
    """The issuing seat's orders for this simultaneous phase are complete (resolution starts when all are)."""


@dataclass(frozen=True, slots=True)
class Unready(Command):
    """Take back Ready while some seat is still not ready, to revise the orders."""


@dataclass(frozen=True, slots=True)
class WithdrawOrder(Command):
    """Drop the issuing seat's buffered order number `index` (0 = the first given)."""

    index: int


@dataclass(frozen=True, slots=True)
class ClearOrders(Command):
    """Drop all of the issuing seat's buffered orders."""


@dataclass(frozen=True, slots=True)
class Answer(Command):
    """The issuing seat's answer to the pending prompt `prompt` (its entity id)."""

    prompt: int
    answer: str


@dataclass(frozen=True, slots=True)
class ForceResolve(Command):
    """The deadline passed (issued by REFEREE only): seats not ready hold (their orders are dropped), unanswered
    prompts take their default."""


ENGINE_COMMANDS: tuple[type[Command], ...] = (Ready, Unready, WithdrawOrder, ClearOrders, Answer, ForceResolve)
ENGINE_COMPONENTS: tuple[type, ...] = (SeatOrders, Prompt)
