"""The one choke point that advances a game: `submit(command)` checks, applies, runs the stages, returns events."""

from __future__ import annotations

import uuid
from dataclasses import dataclass, field

import esper

import systems  # noqa: F401  (registers the command handlers)
from components.commands import ChooseBase, Command, EndTurn
from game.schedule import Schedule
from systems import actions
from systems.combat import fight_round
from systems.events import Event, StageStarted, TurnEnded, TurnStarted
from systems.production import produce_resources
from systems.rogue_ai import act_rogues
from systems.rogues import spawn_wild_rogue
from systems.upkeep import pay_upkeep
from systems.victory import check_flags
from systems.world import MAIN, OVER, RESOURCE, ROGUE, SETUP, UPKEEP, World

STAGES = [RESOURCE, UPKEEP, MAIN, ROGUE, "round_end"]


def fight_started_battles(world: World) -> None:
    """R3.4/R8.4: at the start of Main, every ongoing battle started by this player fights its next round."""
    from components.armies import Battle

    for entity, battle in sorted(esper.get_component(Battle), key=lambda pair: pair[0]):
        if battle.starter_seat == world.clock.seat and esper.entity_exists(entity):
            fight_round(world, entity)


def default_schedule() -> Schedule:
    """The base game's systems in stage order (R3); mods add theirs relative to these names."""
    schedule = Schedule(STAGES)
    schedule.add(RESOURCE, "production", produce_resources)
    schedule.add(UPKEEP, "upkeep", pay_upkeep)
    schedule.add(MAIN, "combat", fight_started_battles)
    schedule.add(MAIN, "victory", check_flags, after="combat")
    schedule.add(ROGUE, "rogue_ai", act_rogues)
    schedule.add(ROGUE, "wild_rogues", spawn_wild_rogue, after="rogue_ai")
    schedule.add(ROGUE, "victory", check_flags, after="wild_rogues")
    return schedule


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
    """A running game: its world, its schedule, and the commands accepted so far (for replays)."""

    world: World
    schedule: Schedule = field(default_factory=default_schedule)
    history: list[tuple[int, int, Command]] = field(default_factory=list)
    game_id: str = field(default_factory=lambda: uuid.uuid4().hex[:12])  # names its saves; no part of the state

    def check(self, command: Command) -> str | None:
        self.world.activate()
        return actions.check(self.world, command)

    def submit(self, command: Command) -> Result:
        """Check a command; apply it if legal, run whatever stages follow, and return the events."""
        world = self.world
        world.activate()
        reason = actions.check(world, command)
        if reason is not None:
            return Rejected(reason)
        world.events = []
        self.history.append((world.clock.round, world.clock.seat, command))
        actions.execute(world, command)
        if isinstance(command, ChooseBase):
            self._next_base_chooser()
        elif isinstance(command, EndTurn):
            self._end_turn()
        esper.clear_dead_entities()
        events, world.events = tuple(world.events), []
        return Accepted(events)

    def _next_base_chooser(self) -> None:
        world = self.world
        position = world.seats.index(world.clock.seat)
        if position + 1 < len(world.seats):
            world.clock.seat = world.seats[position + 1]
            return
        world.clock.round = 1
        self._begin_turn(world.seats[0])

    def _begin_turn(self, seat: int) -> None:
        world = self.world
        world.clock.seat = seat
        world.emit(TurnStarted(seat, world.clock.round))
        for stage in (RESOURCE, UPKEEP, MAIN):
            if world.clock.winner is not None:
                return
            world.clock.stage = stage
            world.emit(StageStarted(seat, stage))
            self.schedule.run(stage, world)
            esper.clear_dead_entities()

    def _end_turn(self) -> None:
        world = self.world
        seat = world.clock.seat
        world.clock.stage = ROGUE
        world.emit(StageStarted(seat, ROGUE))
        self.schedule.run(ROGUE, world)
        esper.clear_dead_entities()
        world.emit(TurnEnded(seat, world.clock.round))
        if world.clock.winner is not None:
            world.clock.stage = OVER
            return
        alive = world.alive_seats()
        later = [s for s in alive if world.seats.index(s) > world.seats.index(seat)]
        if later:
            self._begin_turn(later[0])
        else:
            self.schedule.run("round_end", world)
            world.clock.round += 1
            self._begin_turn(alive[0])
        if world.clock.winner is not None:
            world.clock.stage = OVER

    @property
    def over(self) -> bool:
        return self.world.clock.winner is not None

    @property
    def in_setup(self) -> bool:
        return self.world.clock.stage == SETUP
