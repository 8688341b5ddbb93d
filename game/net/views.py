"""What each seat is shown: every piece of game state leaving the server is a per-seat view built here.

The engine decides what a seat may see (`game.views`: `view_for`/`filter_entities` the state, `events_for`
each command's events); this module turns it into messages. The server alone holds the whole game: a client
gets its seat's view (`state`: the entities it may see, the clock, the seats, the board and rules, never the
seed nor the random generator's state) and, after each batch of accepted commands, the change of that view
(`update.view`: entities changed or new, entities gone) with the events it may see. Other seats' buffered
orders, answers to an open question and whatever a ruleset's `visible` hook hides never leave the server.
A spectator (`viewer` None) gets the public view. `ViewTracker` keeps, per game, the view each viewer has
last been sent, so a change costs the entities that changed, not the whole board.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import operator
import sys
from functools import cache
from typing import TYPE_CHECKING, Any

import esper
from pydantic import TypeAdapter, ValidationError

from game.snapshot import component_data
from systems.events import Event

if TYPE_CHECKING:
    from game.engine import Game

Viewer = int | None
Entities = dict[str, dict[str, Any]]


def event_data(event: Event) -> dict[str, Any]:
    """An event as plain JSON-ready data: {"type": class name, field: value...} (as dataclasses.asdict, faster)."""
    return {"type": type(event).__name__, **component_data(event)}


def viewer_events(game: Game, viewer: Viewer, events: tuple[Event, ...],
                  data: list[dict[str, Any]] | None = None) -> list[dict[str, Any]]:
    """The events of one command as `viewer` may see them (game.views.events_for); `data`: the events already
    as data, in order (each turned into data once for every viewer)."""
    from game.views import events_for

    if data is None:
        return [event_data(e) for e in events_for(game, viewer, events)]
    shown = {id(e) for e in events_for(game, viewer, events)}
    return [d for e, d in zip(events, data, strict=True) if id(e) in shown]


def _event_classes(game: Game) -> dict[str, type]:
    """Every event type this game may produce, by name: the engine's (any subclass of Event) and the ruleset's."""
    found: dict[str, type] = {}
    pending = list(Event.__subclasses__())
    while pending:
        cls = pending.pop()
        pending.extend(cls.__subclasses__())
        module = sys.modules.get(cls.__module__)
        if module is not None and getattr(module, cls.__name__, None) is cls:  # slotted dataclasses leave a twin
            found[cls.__name__] = cls
    found.update(game.app.events)
    return found


@cache
def _adapter(cls: type) -> TypeAdapter[Any]:
    return TypeAdapter(cls)


def event_from_data(game: Game, data: Any, where: str) -> Event:
    """An event sent by the server, rebuilt with its own class (nested values and tuples typed again);
    ValueError naming `where` for anything else."""
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise ValueError(f"{where}: an event is an object with a type")
    cls = _event_classes(game).get(data["type"])
    if cls is None:
        raise ValueError(f"{where}: unknown event type {data['type'][:40]!r}")
    try:
        event: Event = _adapter(cls).validate_python({k: v for k, v in data.items() if k != "type"})
    except ValidationError as exc:
        raise ValueError(f"{where}: {data['type']}: {exc.errors()[0]['msg']}") from None
    return event


def clock_data(clock: Any) -> dict[str, Any]:
    return {"round": clock.round, "seat": clock.seat, "stage": clock.stage, "winner": clock.winner}


def public_header(header: dict[str, Any]) -> dict[str, Any]:
    """The game's replay header as clients get it: board, rules, players and mods, without the seed."""
    return {key: value for key, value in header.items() if key != "seed"}


def view_hash(entities: Entities, clock: dict[str, Any], seats: list[int]) -> str:
    """A digest of one viewer's view (equal on the server and on a client that applied every change)."""
    canonical = json.dumps({"clock": clock, "seats": seats, "entities": entities}, sort_keys=True,
                           separators=(",", ":"))
    return hashlib.sha256(canonical.encode()).hexdigest()


_SCALARS = (int, str, float, bool, type(None))


@cache
def _reader(cls: type) -> Any:
    """A function giving a component's field values as a tuple, in field order."""
    names = tuple(f.name for f in dataclasses.fields(cls))
    if len(names) == 1:
        one = operator.attrgetter(names[0])
        return lambda component: (one(component),)
    return operator.attrgetter(*names) if names else (lambda component: ())


@dataclasses.dataclass
class _Kind:
    """One component class as last taken: its instances' entities and field values, in esper's order, and each
    instance's data; `plain`: every field of every instance a plain value (equal values then mean equal data)."""

    entities: list[int]
    values: list[tuple[Any, ...]]
    data: dict[int, dict[str, Any]]
    plain: bool


@dataclasses.dataclass
class ViewTracker:
    """The view each viewer of one game was last sent, and the change to the game's view since (`advance`)."""

    viewers: list[Viewer]
    full: Entities = dataclasses.field(default_factory=dict)  # the whole game's entities at the last advance
    shown: dict[Viewer, Entities] = dataclasses.field(default_factory=dict)
    clock: dict[str, Any] = dataclasses.field(default_factory=dict)
    seats: list[int] = dataclasses.field(default_factory=list)
    _kinds: dict[str, _Kind] = dataclasses.field(default_factory=dict)  # component name -> as last taken

    @classmethod
    def start(cls, game: Game, viewers: list[Viewer]) -> ViewTracker:
        tracker = cls(list(viewers))
        tracker.advance(game)
        return tracker

    def advance(self, game: Game) -> dict[Viewer, dict[str, Any]]:
        """Take the game's state now; per viewer, what changed in its view (`changed` entities with all their
        visible components, `removed` entity keys, the clock and seats)."""
        from game.views import entity_hiding, entity_view, filter_entities

        touched = self._take(game)
        entities = self.full
        self.clock, self.seats = clock_data(game.world.clock), list(game.world.seats)
        changes: dict[Viewer, dict[str, Any]] = {}
        hiding = entity_hiding(game)  # the ruleset's hook: what one entity shows may depend on others
        for viewer in self.viewers:
            before = self.shown.get(viewer, {})
            if hiding:
                now = filter_entities(game, entities, viewer)
                changed = {k: v for k, v in now.items() if before.get(k) != v}
            else:
                now = dict(before)
                changed = {}
                for key in touched:
                    components = entities.get(key)
                    shown = None if components is None else entity_view(game, viewer, key, components)
                    if shown:
                        now[key] = shown
                        if before.get(key) != shown:
                            changed[key] = shown
                    else:
                        now.pop(key, None)
            removed = sorted(before.keys() - now.keys(), key=int)
            self.shown[viewer] = now
            changes[viewer] = {"clock": self.clock, "seats": self.seats, "changed": changed, "removed": removed}
        return changes

    def _take(self, game: Game) -> list[str]:
        """Bring `full` (the game's entities as `game.snapshot.entity_table` gives them, keys as text) up to the
        game's state now, and give the keys of the entities whose data changed, appeared or went. Only what
        changed is turned into data: a component class whose instances are the same entities with the same
        plain field values as last time is passed over whole, and a component of plain values equal to last
        time keeps the data made then (most of a board does not change from one command to the next).
        Components holding lists or dicts (which may change in place) are turned into data and compared."""
        world = game.world
        world.activate()
        esper.clear_dead_entities()
        touched: set[int] = set()
        kinds: dict[str, _Kind] = {}
        for name, cls in world.app.components.items():
            found: list[tuple[int, Any]] = esper.get_component(cls)
            read = _reader(cls)
            entities = [entity for entity, _ in found]
            values = [read(component) for _, component in found]
            last = self._kinds.get(name)
            if last is not None and last.plain and last.entities == entities:
                if last.values == values:
                    kinds[name] = last
                    continue
                moved = [i for i, (now, before) in enumerate(zip(values, last.values, strict=True)) if now != before]
                if all(type(v) in _SCALARS for i in moved for v in values[i]):
                    same = dict(last.data)  # the same entities, a few of them with other plain values
                    for i in moved:
                        entity = entities[i]
                        same[entity] = component_data(found[i][1])
                        touched.add(entity)
                    kinds[name] = _Kind(entities, values, same, True)
                    continue
            old = last.data if last is not None else {}
            old_values = dict(zip(last.entities, last.values, strict=True)) if last is not None else {}
            data: dict[int, dict[str, Any]] = {}
            plain = True
            for (entity, component), fields in zip(found, values, strict=True):
                if not all(type(v) in _SCALARS for v in fields):
                    plain = False  # lists and dicts may change in place: their data is made and compared
                elif entity in old and old_values.get(entity) == fields:
                    data[entity] = old[entity]
                    continue
                made = component_data(component)
                previous = old.get(entity)
                if previous == made:
                    data[entity] = previous
                else:
                    data[entity] = made
                    touched.add(entity)
            touched.update(old.keys() - data.keys())
            kinds[name] = _Kind(entities, values, data, plain)
        self._kinds = kinds
        for entity in sorted(touched):
            components = {name: kind.data[entity] for name, kind in kinds.items() if entity in kind.data}
            if components:
                self.full[str(entity)] = components  # a new dict: viewers' views may hold the old one
            else:
                self.full.pop(str(entity), None)
        return [str(entity) for entity in sorted(touched)]

    def state_of(self, viewer: Viewer) -> dict[str, Any]:
        """The whole view of `viewer` as last sent (clock, seats, entities)."""
        return {"clock": self.clock, "seats": self.seats, "entities": self.shown.get(viewer, {})}

    def hash_of(self, viewer: Viewer) -> str:
        return view_hash(self.shown.get(viewer, {}), self.clock, self.seats)


def update_for(viewer: Viewer, record: dict[str, Any], change: dict[str, Any] | None) -> dict[str, Any]:
    """The `update` message a viewer gets for one accepted command: who issued it, the events it may see,
    and (on the last command of a batch) the change of its view. Never the command itself: an order given in
    a simultaneous phase is state another seat must not see."""
    views = record.get("views")
    events = record["events"] if views is None else views.get(viewer, views.get(None, []))
    update = {"type": "update", "game": record["game"], "seq": record["seq"], "round": record["round"],
              "seat": record["seat"], "issuer": record["issuer"], "events": events, "clock": record["clock"]}
    if change is not None:
        update["view"] = change
    return update


def state_for(viewer: Viewer, header: dict[str, Any], tracker: ViewTracker, seq: int,
              since: list[dict[str, Any]]) -> dict[str, Any]:
    """The whole view of a game for a viewer joining it: the board and rules it is played with (no seed),
    the entities it may see, and the events it may see since the update it last applied (`since`)."""
    return {"type": "state", "seq": seq, "header": public_header(header), "view": tracker.state_of(viewer),
            "since": since, "viewer": viewer}
