"""The one choke point that advances a game: `submit(command)` checks, applies, runs the flow, returns events.

`Game` runs whatever flow its App declares (game.flow): setup phases, then rounds in which every alive
seat goes through the turn's phases, then the round-end phases. Entering a phase runs the systems of the
schedule stage of the same name; a seat phase then waits for the seat's commands until one of its
`ends_with` commands, an automatic phase goes straight on.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import esper

from components.commands import Command
from game.app import App
from game.flow import SEAT, Phase
from game.schedule import Schedule
from systems import actions
from systems.events import Event, StageStarted, TurnEnded, TurnStarted
from systems.world import OVER, World


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
    accepted so far (for replays)."""

    world: World
    history: list[tuple[int, int, Command]] = field(default_factory=list)

    @property
    def app(self) -> App:
        return self.world.app

    @property
    def schedule(self) -> Schedule:
        return self.world.app.schedule

    def check(self, command: Command) -> str | None:
        self.world.activate()
        return actions.check(self.world, command)

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
            self._begin_turn(world.alive_seats()[0])
        esper.clear_dead_entities()

    def submit(self, command: Command) -> Result:
        """Check a command; apply it if legal, run whatever phases follow, and return the events."""
        world = self.world
        world.activate()
        reason = actions.check(world, command)
        if reason is not None:
            return Rejected(reason)
        world.events = []
        seat = world.clock.seat
        self.history.append((world.clock.round, seat, command))
        actions.execute(world, command)
        if world.clock.winner is None:
            phase = self.app.flow.phase(world.clock.stage)
            if phase is not None and phase.acts == SEAT and (
                type(command).__name__ in phase.ends_with or seat not in world.alive_seats()
            ):
                self._phase_done(phase)
        esper.clear_dead_entities()
        events, world.events = tuple(world.events), []
        return Accepted(events)

    # --- the flow -------------------------------------------------------------------------------------

    def _run_stage(self, phase: Phase, announce: bool) -> None:
        world = self.world
        world.clock.stage = phase.name
        if announce:
            world.emit(StageStarted(world.clock.seat, phase.name))
        self.schedule.run(phase.name, world)
        esper.clear_dead_entities()

    def _enter_setup(self, index: int, seat: int) -> None:
        world = self.world
        flow = self.app.flow
        while index < len(flow.setup):
            phase = flow.setup[index]
            world.clock.seat = seat
            self._run_stage(phase, announce=False)
            if phase.acts == SEAT or world.clock.winner is not None:
                return
            index += 1
        world.clock.round = 1
        self._begin_turn(world.alive_seats()[0])

    def _phase_done(self, phase: Phase) -> None:
        """The active seat ended its part of `phase`: the next seat, phase or round follows."""
        world = self.world
        flow = self.app.flow
        if phase in flow.setup:
            index = flow.setup.index(phase)
            position = world.seats.index(world.clock.seat)
            if position + 1 < len(world.seats):
                self._enter_setup(index, world.seats[position + 1])
            else:
                self._enter_setup(index + 1, world.seats[0])
        elif phase in flow.turn:
            self._run_turn_from(flow.turn.index(phase) + 1)

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
            self._run_stage(phase, announce=True)
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
            for phase in self.app.flow.round_end:
                world.clock.stage = phase.name
                self.schedule.run(phase.name, world)
                esper.clear_dead_entities()
                if world.clock.winner is not None:
                    world.clock.stage = OVER
                    return
            world.clock.round += 1
            self._begin_turn(world.alive_seats()[0])
        if world.clock.winner is not None:
            world.clock.stage = OVER

    @property
    def awaiting_seat(self) -> bool:
        """The flow waits for the active seat's commands (a seat phase: the base game's setup and Main)."""
        phase = self.app.flow.phase(self.world.clock.stage)
        return phase is not None and phase.acts == SEAT and not self.over

    @property
    def over(self) -> bool:
        return self.world.clock.winner is not None

    @property
    def in_setup(self) -> bool:
        return self.world.clock.round == 0 and not self.over
