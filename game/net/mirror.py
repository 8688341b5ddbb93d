"""A client's copy of a hosted game as its seat sees it: built from the server's per-seat view, kept in step by
the changes each update carries.

The server alone holds the whole game (`game.net.views`). The copy is a `Game` of the same ruleset on the same
board (built from the public header, with a stand-in seed: the real one never leaves the server) whose
entities are replaced by the seat's view: what the seat may see, nothing more (another seat's orders, the
random generator's state, whatever the ruleset hides are absent). The window draws it and checks commands
against it as a courtesy; the server checks them again. Updates are applied strictly in sequence; one already
seen is ignored, a gap or a change that does not fit is a `Desync` (the client then asks for the view again).
"""

from __future__ import annotations

import copy
import itertools
from functools import cache
from typing import Any

import esper
from pydantic import TypeAdapter, ValidationError

from game.engine import Game
from game.errors import DataError
from game.net.views import event_from_data, view_hash
from game.replay import header_from_data, start_game
from game.saves import ModRef, require_mods
from game.snapshot import rng_state
from game.undo import reindex, restore_in_place
from systems.events import Event
from systems.world import Clock

STAND_IN_SEED = 0  # the copy's generator: the server rolls every die, so the copy never needs the real seed


class Desync(RuntimeError):
    """The local copy cannot follow the server (a missed update, or a change that does not fit)."""


@cache
def _component_adapter(cls: type) -> TypeAdapter[Any]:
    return TypeAdapter(cls)


class Mirror:
    """The local game as one viewer sees it, and the sequence number of the last update applied to it."""

    def __init__(self, game: Game, viewer: int | None, seq: int, entities: dict[str, dict[str, Any]],
                 backlog: list[tuple[Event, ...]]) -> None:
        self.game = game
        self.viewer = viewer  # the seat this copy is for (None: a spectator)
        self.seq = seq
        self.entities = entities  # the view's entities as the server sent them (their hash is the server's)
        self.backlog = backlog  # the events since this viewer's last visit, not yet shown (catch_up)

    @classmethod
    def from_state(cls, state: dict[str, Any]) -> Mirror:
        """The game as the viewer's view shows it (DataError naming what this client lacks or what is wrong)."""
        where = f"server game {state.get('game', '?')}"
        try:
            header_data = {**state["header"], "seed": STAND_IN_SEED}
            view = state["view"]
            entities = dict(view["entities"])
            mods = [ModRef.model_validate(m) for m in header_data["mods"]]
        except Exception as exc:
            raise DataError([f"{where}: {type(exc).__name__}: {exc}"]) from None
        header = header_from_data(header_data, where)
        require_mods(mods, header.rules, where)  # DataError naming every mod this client lacks
        game = start_game(header)
        try:
            restore_in_place(game.world, {"entities": {}, "clock": view["clock"], "seats": view["seats"],
                                          "rng": rng_state(game.world)})
            _put_entities(game, entities)
            reindex(game.world)
        except (Desync, TypeError, KeyError, ValueError) as exc:
            raise DataError([f"{where}: view: {exc}"]) from None
        viewer = state.get("viewer")
        mirror = cls(game, viewer if isinstance(viewer, int) else None, int(state.get("seq", 0)), entities, [])
        for index, step in enumerate(state.get("since") or []):
            try:
                mirror.backlog.append(tuple(event_from_data(game, e, f"{where}.since.{index}") for e in step["events"]))
            except (ValueError, KeyError, TypeError):
                continue  # an event this client does not know: the summary goes without it
        return mirror

    def catch_up(self) -> list[tuple[Event, ...]]:
        """The events since this viewer's last visit (once)."""
        backlog, self.backlog = self.backlog, []
        return backlog

    def apply(self, update: dict[str, Any]) -> tuple[Event, ...] | None:
        """Apply one update; its events as this viewer may see them; None when it was applied already."""
        seq = update.get("seq")
        if not isinstance(seq, int) or seq <= self.seq:
            return None
        if seq != self.seq + 1:
            raise Desync(f"update {seq} arrived after {self.seq}: updates are missing")
        try:
            events = tuple(event_from_data(self.game, e, f"update {seq}.events.{i}")
                           for i, e in enumerate(update.get("events") or []))
            change = update.get("view")
            if change is not None:
                self._change(change)
        except (ValueError, TypeError, KeyError) as exc:
            raise Desync(f"update {seq}: {exc}") from None
        self.seq = seq
        return events

    def reset(self, state: dict[str, Any]) -> None:
        """Take a whole view again (a reconnection) into this copy's own game, which the window keeps drawing;
        an older view than the one applied is ignored."""
        seq = state.get("seq")
        if not isinstance(seq, int) or seq < self.seq:
            return
        try:
            view = state["view"]
            entities = dict(view["entities"])
            self._change({"clock": view["clock"], "seats": view["seats"], "changed": entities,
                          "removed": [k for k in self.entities if k not in entities]})
        except (Desync, ValueError, TypeError, KeyError) as exc:
            raise DataError([f"server game {state.get('game', '?')}: view: {exc}"]) from None
        self.entities = entities
        self.seq = seq
        for index, step in enumerate(state.get("since") or []):
            try:
                self.backlog.append(tuple(event_from_data(self.game, e, f"since.{index}") for e in step["events"]))
            except (ValueError, KeyError, TypeError):
                continue

    def view_hash(self) -> str:
        """The digest of this copy's view (equal to the server's `synced` hash when in step)."""
        world = self.game.world
        clock = {"round": world.clock.round, "seat": world.clock.seat, "stage": world.clock.stage,
                 "winner": world.clock.winner}
        return view_hash(self.entities, clock, list(world.seats))

    def _change(self, change: dict[str, Any]) -> None:
        world = self.game.world
        world.activate()
        removed = [str(key) for key in change.get("removed", [])]
        changed: dict[str, dict[str, Any]] = change.get("changed", {})
        for key in removed:
            self.entities.pop(key, None)
            if esper.entity_exists(int(key)):
                esper.delete_entity(int(key), immediate=True)
        self.entities.update(changed)
        _put_entities(self.game, changed)
        world.clock = Clock(**change["clock"])
        world.seats = list(change["seats"])
        reindex(world)
        self.game.revision += 1


def _put_entities(game: Game, entities: dict[str, dict[str, Any]]) -> None:
    """Make each entity hold exactly the given components (created with its own id when new)."""
    world = game.world
    world.activate()
    kinds = world.app.components
    upcoming = _next_entity()
    for key in sorted(entities, key=int):
        entity = int(key)
        components = []
        for name, data in entities[key].items():
            cls = kinds.get(name)
            if cls is None:
                raise Desync(f"entity {key}: unknown component {name[:40]!r}")
            try:
                components.append(_component_adapter(cls).validate_python(copy.deepcopy(data)))
            except ValidationError as exc:
                raise Desync(f"entity {key}.{name}: {exc.errors()[0]['msg']}") from None
        if esper.entity_exists(entity):
            present: tuple[Any, ...] = esper.components_for_entity(entity)
            old: list[type] = [type(c) for c in present]
            for component in components:  # first: esper drops an entity left without components
                esper.add_component(entity, component)
            for kind in old:
                if kind.__name__ not in entities[key]:
                    esper.remove_component(entity, kind)
        else:
            esper._entity_count = itertools.count(entity)
            created = esper.create_entity(*components)
            if created != entity:
                raise Desync(f"entity {key} could not be created")
        upcoming = max(upcoming, entity + 1)
    esper._entity_count = itertools.count(upcoming)


def _next_entity() -> int:
    upcoming = next(esper._entity_count)
    esper._entity_count = itertools.count(upcoming)
    return upcoming
