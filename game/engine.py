"""The one choke point that advances a game: `submit(command, seat)` checks, applies, runs the flow, returns events.

`Game` runs whatever flow its App declares (game.flow): setup phases, then rounds in which every alive
seat goes through the turn's phases, then the round-end phases. Entering a phase runs the systems of the
schedule stage of the same name; a seat phase then waits for the seat's commands until one of its
`ends_with` commands, an automatic phase goes straight on, a simultaneous phase (`acts = "all"`) buffers
every seat's orders until all are ready and then runs its systems to resolve them. A system may ask seats
a question (systems.prompts): the flow then waits for their `Answer`s and goes on after that system.
Every command carries its issuing seat (docs/architecture.md, "Who acts").
"""

from __future__ import annotations

import typing
import uuid
from dataclasses import dataclass, field

import esper

from components.commands import Command
from components.seats import (
    ENGINE_COMMANDS,
    REFEREE,
    Answer,
    ClearOrders,
    ForceResolve,
    Prompt,
    Ready,
    SeatOrders,
    Unready,
    WithdrawOrder,
)
from game.app import App
from game.codec import command_from_data, command_to_data
from game.flow import ALL, SEAT, Phase
from game.packed_log import PackedLog
from game.schedule import Schedule
from systems import actions, prompts
from systems.command_fields import field_problem
from systems.events import Event, StageStarted, TurnEnded, TurnStarted
from systems.seat_events import (
    OrderGiven,
    OrdersRevealed,
    OrdersWithdrawn,
    PromptAnswered,
    PromptSettled,
    SeatReady,
    SeatUnready,
)
from systems.world import OVER, World

if typing.TYPE_CHECKING:
    from game.kept_listing import KeptListing


def packed_history(items: typing.Iterable[tuple[int, int, Command]]) -> PackedLog[tuple[int, int, Command]]:
    """A command history as `Game` keeps it: one block per round, all but the last packed."""
    log: PackedLog[tuple[int, int, Command]] = PackedLog()
    last: int | None = None
    for item in items:
        if item[0] != last and last is not None:
            log.close_block()
        log.append(item)
        last = item[0]
    return log


ORDER_COMMANDS = (Ready, Unready, WithdrawOrder, ClearOrders)  # only in a simultaneous phase
AFTER_COMMAND, AFTER_ENDING_COMMAND = -1, -2  # Prompt.resume of a question a command asked


@dataclass(frozen=True)
class Accepted:
    """The command was applied; `events` is everything that followed from it."""

    events: tuple[Event, ...] = ()
    ok: bool = True


@dataclass(frozen=True)
class Rejected:
    """The command was illegal; the state is untouched."""

    reason: str
    ok: bool = False
    events: tuple[Event, ...] = ()


Result = Accepted | Rejected


@dataclass
class Game:
    """A running game: its world (whose `app` holds the game's registries and flow) and the commands
    accepted so far, each as (round, issuing seat, command), for replays. The history is a `PackedLog` (a
    plain list given is wrapped): rounds before the current one are packed, one block a round (undo only takes
    back commands of the current turn; a long game's or a server's many games' histories stay small)."""

    world: World
    history: PackedLog[tuple[int, int, Command]] = field(default_factory=PackedLog)
    game_id: str = field(default_factory=lambda: uuid.uuid4().hex[:12])  # names its saves; no part of the state
    # how often the state changed (each accepted command here; each view a network copy took): a screen re-reads
    # the game when it moved, whether the change came from a command or from the server
    revision: int = 0
    _history_round: int | None = field(default=None, init=False, repr=False, compare=False)
    # the last Main-stage listing's parts, kept while nothing they read changes (game.kept_listing); no state
    kept_listing: KeptListing | None = field(default=None, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not isinstance(self.history, PackedLog):
            self.history = packed_history(self.history)
        self._history_round = self.history[-1][0] if self.history else None

    @property
    def app(self) -> App:
        return self.world.app

    @property
    def schedule(self) -> Schedule:
        return self.world.app.schedule

    def check(self, command: Command, seat: int | None = None) -> str | None:
        """Why `seat` (default: the acting seat) may not submit `command` now, or None. Never changes the state."""
        self.world.activate()
        return self._admit(command, self._issuer(seat))

    def start(self) -> None:
        """Enter the flow's first phase (a new game): setup's first seat, or round 1 when there is no setup."""
        world = self.world
        world.activate()
        flow = self.app.flow
        if flow.setup:
            world.clock.round = 0
            self._enter_setup(0, world.seats[0])
        else:
            world.clock.round = 1
            self._start_round()
        esper.clear_dead_entities()

    def submit(self, command: Command, seat: int | None = None) -> Result:
        """Check a command issued by `seat`; apply it if legal, run whatever phases follow, return the events.

        `seat` is the issuer: None means the seat whose turn it is (the local table: hot-seat players and the
        computer players acting in their own turn). A network host passes the seat it authenticated. In a
        seat phase only the acting seat may issue; in a simultaneous phase every alive seat gives its own
        orders (buffered, hidden) and `Ready`; while a prompt is pending only the asked seats' `Answer`s go."""
        world = self.world
        world.activate()
        issuer = self._issuer(seat)
        reason = self._admit(command, issuer)
        if reason is not None:
            return Rejected(reason)
        world.events = []
        self._record(world.clock.round, issuer, command)
        self.revision += 1
        self._perform(command, issuer)
        esper.clear_dead_entities()
        events, world.events = tuple(world.events), []
        return Accepted(events)

    def _record(self, round_: int, issuer: int, command: Command) -> None:
        if round_ != self._history_round:  # a new round: the rounds before it are closed and packed
            self.history.close_block()
            self._history_round = round_
        self.history.append((round_, issuer, command))

    def force_resolve(self) -> Result:
        """The deadline passed (a host's timer): seats not ready hold, unanswered prompts take their default.
        Recorded like any command (issued by REFEREE), so replays agree."""
        return self.submit(ForceResolve(), seat=REFEREE)

    # --- who may issue what -----------------------------------------------------------------------------

    def _issuer(self, seat: int | None) -> int:
        return self.world.clock.seat if seat is None else seat

    def _admit(self, command: Command, issuer: int) -> str | None:
        world = self.world
        if world.clock.winner is not None:
            return "the game is over"
        kind = type(command)
        if kind not in ENGINE_COMMANDS and kind not in self.app.commands:
            return f"unknown command {kind.__name__} (this game's ruleset and mods do not have it)"
        if (problem := field_problem(command)) is not None:  # the one choke point: before any rule reads a field
            return problem
        pending = prompts.pending(world)
        if kind is ForceResolve:
            if issuer != REFEREE:
                return "only the host's clock forces a resolution"
            phase = self.app.flow.phase(world.clock.stage)
            if pending or (phase is not None and phase.acts == ALL):
                return None
            return "nothing waits for a deadline now (no simultaneous phase, no question)"
        if issuer not in world.seats:
            return f"seat {issuer} is not at the table"
        if pending:
            if kind is not Answer:
                first = pending[0][1]
                waiting = ", ".join(str(s) for s in prompts.waiting_on(world))
                return f"waiting for seat {waiting} to answer: {first.question}"
            return self._answer_reason(typing.cast(Answer, command), issuer)
        if kind is Answer:
            return "there is no question to answer"
        phase = self.app.flow.phase(world.clock.stage)
        if phase is not None and phase.acts == ALL:
            return self._order_reason(command, issuer)
        if kind in ORDER_COMMANDS:
            return "there are no orders to give now: this is not a simultaneous phase"
        if phase is not None and phase.acts == SEAT and issuer != world.clock.seat:
            return f"it is seat {world.clock.seat}'s turn, not seat {issuer}'s"
        return self._handler_check(command, issuer)

    def _handler_check(self, command: Command, issuer: int) -> str | None:
        world = self.world
        world.submitted_by = issuer
        try:
            return actions.check(world, command, fields_known=True)  # _admit checked the fields
        finally:
            world.submitted_by = None

    def _answer_reason(self, answer: Answer, issuer: int) -> str | None:
        found = esper.try_component(answer.prompt, Prompt) if esper.entity_exists(answer.prompt) else None
        if found is None:
            return f"there is no question {answer.prompt} waiting for an answer"
        if issuer not in found.seats:
            return f"that question is not for seat {issuer}"
        if found.given[found.seats.index(issuer)]:
            return "you have already answered that question"
        check = self.app.hooks.answer_reason  # the ruleset's own reason first: it says why, not just what
        reason = check(self.world, found, issuer, answer.answer) if check is not None else None
        if reason is None and answer.answer not in found.answers:
            reason = f"answer one of: {', '.join(found.answers)}"
        return reason

    def _order_reason(self, command: Command, issuer: int) -> str | None:
        world = self.world
        if issuer not in world.alive_seats():
            return f"seat {issuer} is out of the game"
        mine = seat_orders(world, issuer)
        kind = type(command)
        phase = self.app.flow.phase(world.clock.stage)
        if phase is not None and kind.__name__ in phase.immediate:
            return self._handler_check(command, issuer)
        if kind is Unready:
            return None if mine.ready else "you are not ready"
        if mine.ready:
            return "you are ready: take it back (Unready) to change your orders"
        if kind is Ready:
            return None
        if kind is WithdrawOrder:
            index = typing.cast(WithdrawOrder, command).index
            return None if 0 <= index < len(mine.orders) else f"there is no order {index} to withdraw"
        if kind is ClearOrders:
            return None
        return self._handler_check(command, issuer)

    # --- applying -------------------------------------------------------------------------------------

    def _perform(self, command: Command, issuer: int) -> None:
        world = self.world
        kind = type(command)
        if kind is ForceResolve:
            self._force()
            return
        if kind is Answer:
            self._answer(typing.cast(Answer, command), issuer)
            return
        phase = self.app.flow.phase(world.clock.stage)
        if phase is not None and phase.acts == ALL:
            self._order(phase, command, issuer)
            return
        seat = world.clock.seat
        world.submitted_by = issuer
        try:
            actions.execute(world, command)
        finally:
            world.submitted_by = None
        if world.clock.winner is None and phase is not None and phase.acts == SEAT:
            ends = type(command).__name__ in phase.ends_with or seat not in world.alive_seats()
            asked = [p for _, p in prompts.pending(world) if p.resume is None]
            for prompt in asked:  # the command asked: go on after it once answered
                prompt.resume = AFTER_ENDING_COMMAND if ends else AFTER_COMMAND
            if ends and not asked:
                self._phase_done(phase)

    def _order(self, phase: Phase, command: Command, issuer: int) -> None:
        """A simultaneous phase: buffer the order, or take Ready / Unready / a withdrawal."""
        world = self.world
        mine = seat_orders(world, issuer)
        kind = type(command)
        if kind.__name__ in phase.immediate:  # applied now (a resignation), not kept for the resolution
            world.submitted_by = issuer
            try:
                actions.execute(world, command)
            finally:
                world.submitted_by = None
            if world.clock.winner is not None:
                self._stage_finished(phase)
            elif issuer not in world.alive_seats():
                esper.remove_component(world.players[issuer], SeatOrders)
                if all(seat_orders(world, s).ready for s in world.alive_seats()):
                    self._resolve(phase, ())
        elif kind is Ready:
            mine.ready = True
            world.emit(SeatReady(issuer))
            if all(seat_orders(world, s).ready for s in world.alive_seats()):
                self._resolve(phase, ())
        elif kind is Unready:
            mine.ready = False
            world.emit(SeatUnready(issuer))
        elif kind is WithdrawOrder:
            del mine.orders[typing.cast(WithdrawOrder, command).index]
            world.emit(OrdersWithdrawn(issuer, len(mine.orders)))
        elif kind is ClearOrders:
            mine.orders.clear()
            world.emit(OrdersWithdrawn(issuer, 0))
        else:
            slot_of = self.app.hooks.order_slot
            slot = slot_of(world, command) if slot_of is not None else None
            if slot is not None:  # a revision: the new order replaces the seat's order for the same slot
                kinds = self.app.command_types()
                mine.orders = [
                    data for data in mine.orders
                    if slot_of(world, command_from_data(data, "order", kinds)) != slot  # type: ignore[misc]
                ]
            mine.orders.append(command_to_data(command))
            world.emit(OrderGiven(issuer, len(mine.orders), kind.__name__))

    def _answer(self, answer: Answer, issuer: int) -> None:
        world = self.world
        prompt = esper.component_for_entity(answer.prompt, Prompt)
        prompt.given[prompt.seats.index(issuer)] = answer.answer
        world.emit(PromptAnswered(issuer, answer.prompt, answer.answer))
        if all(prompt.given):
            self._settle(answer.prompt, prompt)
        if not prompts.pending(world):
            self._go_on(prompt)

    def _settle(self, entity: int, prompt: Prompt) -> None:
        """Every asked seat answered: apply the answers through the App's handler; questions it asks in turn
        go on where this one would have."""
        world = self.world
        world.emit(PromptSettled(world.clock.seat, entity, prompt.kind, tuple(prompt.seats), tuple(prompt.given)))
        esper.delete_entity(entity, immediate=True)
        self.app.prompt_handlers[prompt.kind](world, prompt)
        for _, asked in prompts.pending(world):
            if asked.resume is None:
                asked.stage, asked.resume = prompt.stage, prompt.resume

    def _go_on(self, prompt: Prompt) -> None:
        """The last pending prompt was settled: the flow goes on where the question stopped it."""
        world = self.world
        if world.clock.winner is not None:
            world.clock.stage = OVER
            return
        phase = self.app.flow.phase(prompt.stage)
        if phase is None or prompt.resume is None or prompt.resume == AFTER_COMMAND:
            return
        if prompt.resume == AFTER_ENDING_COMMAND:
            self._phase_done(phase)
            return
        if self._run_stage(phase, announce=False, start=prompt.resume):
            self._stage_finished(phase)

    def _force(self) -> None:
        world = self.world
        waiting = prompts.pending(world)
        if waiting:
            for entity, prompt in waiting:
                prompt.given = [given or prompt.default for given in prompt.given]
                self._settle(entity, prompt)
            if not prompts.pending(world):
                self._go_on(waiting[-1][1])
            return
        phase = self.app.flow.phase(world.clock.stage)
        assert phase is not None
        holding = tuple(s for s in world.alive_seats() if not seat_orders(world, s).ready)
        for seat in holding:
            seat_orders(world, seat).orders.clear()
        self._resolve(phase, holding)

    # --- the flow -------------------------------------------------------------------------------------

    def _run_stage(self, phase: Phase, announce: bool, start: int = 0) -> bool:
        """Run the phase's systems (from index `start`); False when one asked a question (the flow waits)."""
        world = self.world
        world.clock.stage = phase.name
        if announce:
            world.emit(StageStarted(world.clock.seat, phase.name))
        stopped = self.schedule.run(phase.name, world, start)
        esper.clear_dead_entities()
        if stopped is None:
            return True
        for _, prompt in prompts.pending(world):
            if prompt.resume is None:
                prompt.stage, prompt.resume = phase.name, stopped
        return False

    def _open_orders(self, phase: Phase) -> None:
        """Enter a simultaneous phase: every alive seat starts with no orders, not ready."""
        world = self.world
        world.clock.stage = phase.name
        world.emit(StageStarted(world.clock.seat, phase.name))
        for seat in world.alive_seats():
            esper.add_component(world.players[seat], SeatOrders(seat))

    def _resolve(self, phase: Phase, holding: tuple[int, ...]) -> None:
        """Every seat is ready: the phase's systems resolve the orders, in their declared order."""
        world = self.world
        world.emit(OrdersRevealed(world.clock.seat, phase.name, holding))
        if self._run_stage(phase, announce=False):
            self._stage_finished(phase)

    def _stage_finished(self, phase: Phase) -> None:
        """The phase's systems all ran (perhaps after questions): wait for its seat, or go on in the flow."""
        world = self.world
        flow = self.app.flow
        if phase.acts == ALL:
            for seat in world.seats:
                if esper.has_component(world.players[seat], SeatOrders):
                    esper.remove_component(world.players[seat], SeatOrders)
        if world.clock.winner is not None:
            if _index_in(flow.setup, phase) is None:
                world.clock.stage = OVER
            return
        if phase.acts == SEAT:
            return
        if (index := _index_in(flow.setup, phase)) is not None:
            self._enter_setup(index + 1, world.seats[0] if phase.acts == ALL else world.clock.seat)
        elif (index := _index_in(flow.turn, phase)) is not None:
            self._run_turn_from(index + 1)
        else:
            self._run_round_end_from(flow.round_end.index(phase) + 1)

    def _enter_setup(self, index: int, seat: int) -> None:
        world = self.world
        flow = self.app.flow
        while index < len(flow.setup):
            phase = flow.setup[index]
            world.clock.seat = seat
            if phase.acts == ALL:
                self._open_orders(phase)
                return
            if not self._run_stage(phase, announce=False):
                return
            if phase.acts == SEAT or world.clock.winner is not None:
                return
            index += 1
        world.clock.round = 1
        self._start_round()

    def _phase_done(self, phase: Phase) -> None:
        """The active seat ended its part of `phase`: the next seat, phase or round follows."""
        world = self.world
        flow = self.app.flow
        if (index := _index_in(flow.setup, phase)) is not None:
            position = world.seats.index(world.clock.seat)
            if position + 1 < len(world.seats):
                self._enter_setup(index, world.seats[position + 1])
            else:
                self._enter_setup(index + 1, world.seats[0])
        elif (index := _index_in(flow.turn, phase)) is not None:
            self._run_turn_from(index + 1)

    def _start_round(self) -> None:
        """A round begins: the first alive seat's turn, or (a game of simultaneous rounds) the round's phases."""
        world = self.world
        if self.app.flow.turn:
            self._begin_turn(world.alive_seats()[0])
        else:
            world.clock.seat = world.alive_seats()[0]
            self._run_round_end_from(0)

    def _begin_turn(self, seat: int) -> None:
        world = self.world
        world.clock.seat = seat
        world.emit(TurnStarted(seat, world.clock.round))
        self._run_turn_from(0)

    def _run_turn_from(self, index: int) -> None:
        """Run the turn's phases from `index` until a seat phase waits for its seat, or the turn ends."""
        world = self.world
        turn = self.app.flow.turn
        seat = world.clock.seat
        while index < len(turn):
            if world.clock.winner is not None:
                world.clock.stage = OVER
                return
            phase = turn[index]
            if not self._run_stage(phase, announce=True):
                return
            if phase.acts == SEAT and world.clock.winner is None:
                return
            index += 1
        world.emit(TurnEnded(seat, world.clock.round))
        if world.clock.winner is not None:
            world.clock.stage = OVER
            return
        alive = world.alive_seats()
        later = [s for s in alive if world.seats.index(s) > world.seats.index(seat)]
        if later:
            self._begin_turn(later[0])
        else:
            self._run_round_end_from(0)
        if world.clock.winner is not None:
            world.clock.stage = OVER

    def _run_round_end_from(self, index: int) -> None:
        """The round's end phases from `index` (a simultaneous one waits for the seats' orders), then the next round."""
        world = self.world
        round_end = self.app.flow.round_end
        while index < len(round_end):
            phase = round_end[index]
            if phase.acts == ALL:
                self._open_orders(phase)
                return
            if not self._run_stage(phase, announce=False):
                return
            if world.clock.winner is not None:
                world.clock.stage = OVER
                return
            index += 1
        world.clock.round += 1
        self._start_round()
        if world.clock.winner is not None:
            world.clock.stage = OVER

    # --- who acts now -----------------------------------------------------------------------------------

    @property
    def awaiting_seat(self) -> bool:
        """The flow waits for the active seat's commands (a seat phase: the base game's setup and Main)."""
        phase = self.app.flow.phase(self.world.clock.stage)
        return phase is not None and phase.acts == SEAT and not self.over and not self.asking

    @property
    def awaiting_orders(self) -> bool:
        """The flow waits in a simultaneous phase for every alive seat's orders and Ready."""
        phase = self.app.flow.phase(self.world.clock.stage)
        return phase is not None and phase.acts == ALL and not self.over and not self.asking

    @property
    def asking(self) -> bool:
        """A question waits for answers (systems.prompts): only the asked seats' Answer commands go."""
        self.world.activate()
        return bool(prompts.pending(self.world)) and not self.over

    def unready_seats(self) -> list[int]:
        """The seats whose orders the simultaneous phase still waits for (none outside one)."""
        if not self.awaiting_orders:
            return []
        world = self.world
        return [s for s in world.alive_seats() if not seat_orders(world, s).ready]

    def acting_seats(self) -> list[int]:
        """Who may issue a command now: the asked seats, every alive seat of a simultaneous phase, or the
        active seat of a seat phase (a host routes each seat's commands by this)."""
        world = self.world
        if self.over:
            return []
        if self.asking:
            return prompts.waiting_on(world)
        if self.awaiting_orders:
            return world.alive_seats()
        return [world.clock.seat] if self.awaiting_seat else []

    @property
    def over(self) -> bool:
        return self.world.clock.winner is not None

    @property
    def in_setup(self) -> bool:
        return self.world.clock.round == 0 and not self.over


def seat_orders(world: World, seat: int) -> SeatOrders:
    """A seat's part of the simultaneous phase in progress (its buffered orders and Ready)."""
    return esper.component_for_entity(world.players[seat], SeatOrders)


def _index_in(phases: tuple[Phase, ...], phase: Phase) -> int | None:
    """`phases.index(phase)` by name, or None: names are unique in a flow, and comparing pydantic phases compares
    every field (this runs whenever a seat ends its turn)."""
    for index, candidate in enumerate(phases):
        if candidate.name == phase.name:
            return index
    return None
