"""A game being played in the window: the engine game, seat looks, event capture and computer turns."""

from __future__ import annotations

import threading
from collections import deque
from dataclasses import dataclass, field
from typing import Any

from components.commands import Command
from game.engine import Game, Result
from game.ui import computer
from game.ui.assets import SeatStyle
from game.ui.memory import trim_memory
from systems import events as ev


@dataclass
class Session:
    """The one object views share: they submit commands here and collect the events to show."""

    game: Game
    styles: dict[int, SeatStyle]
    threaded: bool = True
    pending: deque[ev.Event] = field(default_factory=deque)
    worker: threading.Thread | None = None
    turns_played: int = 0
    last_reason: str = ""
    income: dict[int, dict[str, int]] = field(default_factory=dict)  # this turn's production per seat
    upkeep_paid: dict[int, tuple[int, int]] = field(default_factory=dict)  # seat -> (owed, paid)
    chronicle: Any = None  # event journal, undo stack, statistics (game.ui.chronicle.Chronicle)
    rendering: Any = None  # the game's `rendering` system (game.ui.rendering.Rendering)

    def __post_init__(self) -> None:
        from game.ui.rendering import attach_rendering

        self.rendering = attach_rendering(self.game, self._stage_rendered)

    def _stage_rendered(self, stage: str, events: list[ev.Event]) -> None:
        """The `rendering` system at the end of each stage: the stage's events become animation beats, and
        the panel keeps this turn's production and upkeep per seat."""
        self._show(events)

    def _show(self, events: list[ev.Event]) -> None:
        """Events to animate, in order (from a stage's picture, or what followed the submit's last stage)."""
        self.pending.extend(events)
        for event in events:
            if isinstance(event, ev.ResourcesProduced):
                self.income[event.seat] = dict(event.totals)
            elif isinstance(event, ev.UpkeepPaid):
                self.upkeep_paid[event.seat] = (event.owed, event.paid)

    @property
    def world(self):  # noqa: ANN201  (systems.world.World)
        return self.game.world

    # ----- state questions (only while no computer turn runs: the engine is not thread-safe)
    @property
    def busy(self) -> bool:
        """True while a computer player is thinking on the worker thread."""
        return self.worker is not None and self.worker.is_alive()

    def seat_is_computer(self, seat: int | None = None) -> bool:
        from systems import queries as q

        world = self.world
        world.activate()
        return q.player(world, world.clock.seat if seat is None else seat).computer

    def human_to_move(self) -> bool:
        """A human seat acts now (its seat phase, its simultaneous orders, its answer) and no computer turn runs."""
        if self.busy or self.game.over:
            return False
        if self.game.awaiting_seat:
            return not self.seat_is_computer()
        return self.table_seat() is not None

    def computer_to_move(self) -> bool:
        if self.busy or self.game.over:
            return False
        if self.game.awaiting_seat:
            return self.seat_is_computer()
        return bool(self._computers_acting())

    def table_seat(self) -> int | None:
        """The human seat the table serves now: the acting seat of a seat phase; in a simultaneous phase the
        first human seat not yet ready, for a question the first human seat it waits for (each in turn, behind
        the hand-over screen). None when no human acts."""
        game = self.game
        if game.over:
            return None
        world = self.world
        world.activate()
        if game.awaiting_seat:
            return int(world.clock.seat)
        humans = [s for s in game.acting_seats() if not self.seat_is_computer(s)]
        if game.awaiting_orders:
            humans = [s for s in humans if s in game.unready_seats()]
        return humans[0] if humans else None

    def _computers_acting(self) -> list[int]:
        game = self.game
        seats = game.unready_seats() if game.awaiting_orders else game.acting_seats() if game.asking else []
        return [s for s in seats if self.seat_is_computer(s)]

    # ----- acting
    def submit(self, command: Command) -> Result:
        """Submit for the human at the table; accepted events queue up for the animator."""
        assert not self.busy, "the engine is busy with a computer turn"
        chronicle = self.chronicle
        if not self.game.awaiting_seat:  # orders or an answer: issued by the seat at the table (no undo)
            result = self.game.submit(command, seat=self.table_seat())
        elif chronicle is not None:
            result = chronicle.submit(self.game, command)
        else:
            result = self.game.submit(command)
        if result.ok:
            self._collect(result.events)
            self.last_reason = ""
        else:
            self.last_reason = result.reason  # type: ignore[union-attr]
        return result

    def _collect(self, events: tuple[ev.Event, ...]) -> None:
        """A submit was accepted: what its stages did not already hand to the animator, then the journal."""
        self._show(self.rendering.rest(events) if self.rendering is not None else list(events))
        if self.chronicle is not None:
            self.chronicle.observe(self.game, events)

    def take_events(self) -> list[ev.Event]:
        out = []
        while self.pending:
            out.append(self.pending.popleft())
        return out

    def start_computer(self) -> None:
        """Let the computer seats act (choose a base, play a turn, give their simultaneous orders, answer a question)
        on a worker thread, so the window keeps drawing and answering while a player thinks (a search player takes
        a good part of a second a decision); right now when the session is not threaded (tests, replays). While
        the worker runs, `busy` is true and views read no engine state (esper's current world is the worker's)."""
        if self.threaded:
            self.worker = threading.Thread(target=self._play_computer_turn, name="computer-turn", daemon=True)
            self.worker.start()
        else:
            self._play_computer_turn()

    def _play_computer_turn(self) -> None:
        game = self.game
        original = game.submit

        def capture(command: Command, seat: int | None = None) -> Result:
            result = original(command, seat)
            if result.ok:
                self._collect(result.events)
            return result

        game.submit = capture  # type: ignore[method-assign]
        try:
            if game.awaiting_seat:
                computer.play(game)
            else:
                computer.act_for_computers(game, self._computers_acting())
        finally:
            del game.submit  # back to the class's method
            self.turns_played += 1
            trim_memory()  # what the turn's searches freed goes back now, not while its moves play

    def wait(self, timeout: float | None = None) -> None:
        """Block until the computer turn in progress is over (tests and headless runs)."""
        if self.worker is not None:
            self.worker.join(timeout)
