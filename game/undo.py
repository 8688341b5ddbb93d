"""Undo of this turn's moves, decided by the rules layer: what revealed or decided something stays done.

A command can be taken back only when all of these hold (`undo_barrier` says why not otherwise):

* it is not a turn boundary (`EndTurn`, `ChooseBase`);
* it drew no random number: the game's one generator (R10.1) has the same state after it as before -- so
  battles, protection rolls, bombardment and anything a mod adds that rolls dice are final;
* every event it produced is one of `REVERSIBLE_EVENTS` (moving, combining, splitting, stationing, crewing) or
  of the events the game's ruleset or mods declare reversible (`ModApp.add_reversible_events`: MonsterCrasher's
  spawn). Anything else -- a battle, a build, a take-over, a capture, a disruption, a defeat, or an event type
  nobody declared -- is a barrier.

The `UndoStack` takes a snapshot before each command it submits, keeps it when the command turns out to be
reversible, and forgets every snapshot at a barrier. Undoing restores the world in place from the snapshot
-- same entity ids, same generator state, same entity counter -- so the state hash is exactly the one from
before the move, and the command is dropped from `Game.history` so replays agree.
"""

from __future__ import annotations

import copy
import itertools
from dataclasses import dataclass
from typing import Any

import esper

from components.board import Ownership, Territory
from components.commands import ChooseBase, Command, EndTurn
from components.players import Player
from game.snapshot import snapshot
from systems import events as ev
from systems.world import Clock, World

REVERSIBLE_EVENTS: tuple[type[ev.Event], ...] = (
    ev.ArmyMoved,
    ev.ArmiesCombined,
    ev.ArmySplit,
    ev.UnitStationed,
    ev.UnitUnstationed,
    ev.CatapultCrewed,
)
"""Events that neither reveal nor decide anything: a command producing only these may be undone."""

TURN_BOUNDARIES: tuple[type[Command], ...] = (EndTurn, ChooseBase)

_BARRIER_WORDS: dict[type[ev.Event], str] = {
    ev.BattleStarted: "a battle",
    ev.BattleRoundFought: "a battle",
    ev.BattleEnded: "a battle",
    ev.UnitBuilt: "a build",
    ev.StructureBuilt: "a build",
    ev.StructureUpgraded: "an upgrade",
    ev.StructureRepaired: "a repair",
    ev.TerritoryTakenOver: "a take-over",
    ev.StructureCaptured: "a take-over",
    ev.TerritoryDisrupted: "a disruption",
    ev.StructureAttacked: "an attack",
    ev.StationedFired: "stationed fire",
    ev.CatapultFired: "a bombardment",
    ev.PlayerDefeated: "a defeat",
    ev.GameWon: "the end of the game",
}


def undo_barrier(command: Command, events: tuple[ev.Event, ...] | list[ev.Event],
                 rng_before: object, rng_after: object, reversible: tuple[type, ...] = ()) -> str | None:
    """Why an accepted command cannot be undone, in words; None when it can. `reversible`: the ruleset's own events
    that reveal and decide nothing (`ModApp.add_reversible_events`)."""
    if isinstance(command, TURN_BOUNDARIES):
        return "a new turn has begun"
    for event in events:
        if not isinstance(event, (*REVERSIBLE_EVENTS, *reversible)):
            return f"{_BARRIER_WORDS.get(type(event), 'that action')} cannot be taken back"
    if rng_before != rng_after:
        return "a dice roll cannot be taken back"
    return None


# --------------------------------------------------------------------------------------------------------
# restoring a snapshot into the live world


def next_entity_id(world: World) -> int:
    """The id esper will give the next entity of this world (the counter is put back untouched)."""
    world.activate()
    upcoming = next(esper._entity_count)
    esper._entity_count = itertools.count(upcoming)
    return upcoming


def restore_in_place(world: World, state: dict[str, Any], next_entity: int | None = None) -> None:
    """Make `world` exactly the snapshot `state` again: entities with the same ids, clock, seats, rng.

    Only registered component types are restored (they are also all the snapshot holds). `next_entity`
    puts esper's id counter back too, so entities created after the undo get the ids a replay would give.
    """
    world.activate()
    esper.clear_database()
    entities: dict[str, dict[str, dict[str, Any]]] = state["entities"]
    for key in sorted(entities, key=int):
        entity = int(key)
        components = [world.app.components[name](**copy.deepcopy(data)) for name, data in entities[key].items()]
        esper._entity_count = itertools.count(entity)
        created = esper.create_entity(*components)
        assert created == entity
    top = max((int(k) for k in entities), default=0) + 1
    esper._entity_count = itertools.count(max(top, next_entity or 0))
    world.clock = Clock(**state["clock"])
    world.seats = list(state["seats"])
    version, internal, gauss = state["rng"]
    world.rng.setstate((version, tuple(internal), gauss))
    world.events = []
    reindex(world)


def reindex(world: World) -> None:
    """Rebuild the world's lookups from its entities (tiles, players, owned territories) after they changed
    from outside the rules (a restored snapshot, a network client's view)."""
    world.activate()
    tiles = dict.fromkeys(range(len(world.terrain)), 0)
    for entity, territory in esper.get_component(Territory):
        tiles[territory.index] = entity
    world.tiles = [tiles[i] for i in range(len(world.terrain))]
    world.players = {p.seat: entity for entity, p in esper.get_component(Player)}
    world.owned = {seat: set() for seat in world.seats}
    for entity, territory in esper.get_component(Territory):
        ownership = esper.try_component(entity, Ownership)  # a view may hide it
        if ownership is not None and ownership.owner is not None:
            world.owned.setdefault(ownership.owner, set()).add(territory.index)


# --------------------------------------------------------------------------------------------------------
# the stack the client uses


@dataclass(frozen=True)
class UndoPoint:
    """The state from before one reversible command."""

    state: dict[str, Any]
    next_entity: int
    history_len: int
    journal_mark: int | None
    command: Command


class UndoStack:
    """Submit the current player's commands through this to be able to take moves back.

    `journal` (a `game.summary.EventJournal`, optional) is rolled back on undo, so the event log forgets
    undone moves; with `record` (the default) the stack also feeds it every accepted result -- a client
    that records all events itself (computer turns included) passes `record=False`.
    """

    def __init__(self, journal: Any = None, record: bool = True) -> None:
        self.journal = journal
        self.record = record
        self._points: list[UndoPoint] = []
        self._after_len: int | None = None
        self.barrier: str | None = None

    def __len__(self) -> int:
        return len(self._points)

    def clear(self, reason: str | None = None) -> None:
        self._points.clear()
        self._after_len = None
        self.barrier = reason

    def submit(self, game: Any, command: Command) -> Any:
        """`game.submit(command)`, remembering how to take it back when the rules allow that."""
        world: World = game.world
        world.activate()
        if self._after_len is not None and len(game.history) != self._after_len:
            self.clear()  # something was submitted behind our back: the snapshots no longer line up
        state = snapshot(world)
        point = UndoPoint(state, next_entity_id(world), len(game.history),
                          self.journal.mark() if self.journal is not None else None, command)
        rng_before = world.rng.getstate()
        result = game.submit(command)
        if not result.ok:
            return result
        if self.journal is not None and self.record:
            self.journal.record(game, result)
        barrier = undo_barrier(command, result.events, rng_before, world.rng.getstate(),
                               tuple(getattr(game.app, "reversible_events", ())))
        if barrier is None:
            self._points.append(point)
            self.barrier = None
        else:
            self.clear(barrier)
        self._after_len = len(game.history)
        return result

    @property
    def can_undo(self) -> bool:
        return bool(self._points)

    def reason(self) -> str:
        """Why there is nothing to undo (for the disabled button's tooltip)."""
        if self._points:
            return f"Undo {type(self._points[-1].command).__name__.lower()}"
        if self.barrier:
            return f"Nothing to undo: {self.barrier}"
        return "Nothing to undo this turn"

    def undo(self, game: Any) -> bool:
        """Take back the last reversible command; False when there is none (or the game moved on)."""
        if not self._points:
            return False
        if self._after_len is not None and len(game.history) != self._after_len:
            self.clear()
            return False
        point = self._points.pop()
        restore_in_place(game.world, point.state, point.next_entity)
        del game.history[point.history_len:]
        self._after_len = len(game.history)
        if self.journal is not None and point.journal_mark is not None:
            self.journal.rollback(point.journal_mark, game)
        return True
