"""A fast private copy of a running game, for search players' rollouts: its own esper world, nothing shared that
a command could change. `fork(game)` copies everything; `fork(game, seat=s)` copies what seat `s` may see
(game.views) and fills in the rest by chance: a determinization for information-set search.

Copies are made component by component with a copier compiled per component class: fields of immutable types
(ints, strings, tuples of them ...) are shared, containers are copied; entities and esper's index of them by
component class are copied when the fork first reads them. `release(copy)` frees its esper world.
"""

from __future__ import annotations

import copy as _copy
import dataclasses
import itertools
import random
from collections.abc import Callable
from functools import cache
from typing import Any

import esper

from game.engine import Game
from game.kept_listing import for_copy
from systems.world import Clock, World

_forks = itertools.count(1)
_IMMUTABLE = frozenset({int, str, float, bool, type(None), bytes, frozenset})
# field annotations (as written, `from __future__ import annotations`) whose values are never changed in place
_SHARED_TYPES = frozenset({"int", "str", "bool", "float", "int | None", "str | None", "float | None", "bool | None",
                           "tuple[int, ...]", "tuple[str, ...]", "tuple[int, int]", "frozenset[int]",
                           "frozenset[str]", "tuple[tuple[int, int], ...]", "Literal"})


def copy_value(value: Any) -> Any:
    """A copy of a component field that shares nothing mutable with `value`."""
    kind = type(value)
    if kind in _IMMUTABLE:
        return value
    if kind is list:
        return [v if type(v) in _IMMUTABLE else copy_value(v) for v in value]
    if kind is dict:
        return {k: v if type(v) in _IMMUTABLE else copy_value(v) for k, v in value.items()}
    if kind is tuple:
        return value if all(type(v) in _IMMUTABLE for v in value) else tuple(copy_value(v) for v in value)
    if kind is set:
        return set(value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return _copier_of(kind)(value)
    return _copy.deepcopy(value)


def _copier_of(cls: Any) -> Callable[[Any], Any]:
    return component_copier(cls)  # type: ignore[no-any-return]


@cache
def component_copier(cls: type) -> Callable[[Any], Any]:
    """A function copying one instance of the dataclass `cls` (its __init__ and __post_init__ are not run)."""
    fields = dataclasses.fields(cls)
    lines = ["def copy_one(c):", "    n = new(cls)"]
    for f in fields:
        shared = isinstance(f.type, str) and (f.type in _SHARED_TYPES or f.type.startswith("Literal["))
        value = f"c.{f.name}" if shared else f"cv(c.{f.name})"
        lines.append(f"    put(n, {f.name!r}, {value})")
    lines.append("    return n")
    scope: dict[str, Any] = {"new": object.__new__, "cls": cls, "put": object.__setattr__, "cv": copy_value}
    exec("\n".join(lines), scope)  # noqa: S102 - generated from the class's own field names only
    copier: Callable[[Any], Any] = scope["copy_one"]
    return copier


class CopyOnRead(dict):  # type: ignore[type-arg]
    """A dict over a source dict (`base`) whose values are copied from the source's when first read (`_copy`); keys
    deleted here are `gone`. Iterating copies what is left first. The source must not change meanwhile."""

    __slots__ = ("base", "gone")

    def __init__(self, base: dict[Any, Any]) -> None:
        super().__init__()
        self.base = base
        self.gone: set[Any] = set()

    def _copy(self, key: Any) -> Any:
        raise NotImplementedError

    def __missing__(self, key: Any) -> Any:
        if key in self.gone or key not in self.base:
            raise KeyError(key)
        mine = self._copy(key)
        dict.__setitem__(self, key, mine)
        return mine

    def get(self, key: Any, default: Any = None) -> Any:  # esper reads through get
        try:
            return self[key]
        except KeyError:
            return default

    def __contains__(self, key: object) -> bool:
        return dict.__contains__(self, key) or (key in self.base and key not in self.gone)

    def __setitem__(self, key: Any, value: Any) -> None:
        self.gone.discard(key)
        dict.__setitem__(self, key, value)

    def __delitem__(self, key: Any) -> None:
        if not dict.__contains__(self, key):
            self[key]  # noqa: B018 - copies it, or KeyError for a key that never was
        dict.__delitem__(self, key)
        self.gone.add(key)

    def pop(self, key: Any, *default: Any) -> Any:
        if key not in self:
            if default:
                return default[0]
            raise KeyError(key)
        found = self[key]
        del self[key]
        return found

    def clear(self) -> None:
        self.gone.update(self.base)
        dict.clear(self)

    def copy_all(self) -> None:
        """Copy every key not copied yet (before the dict is iterated)."""
        for key in self.base:
            if key not in self.gone and not dict.__contains__(self, key):
                self[key]  # noqa: B018

    def __iter__(self) -> Any:
        self.copy_all()
        return dict.__iter__(self)

    def __len__(self) -> int:
        self.copy_all()
        return dict.__len__(self)

    def keys(self) -> Any:
        self.copy_all()
        return dict.keys(self)

    def values(self) -> Any:
        self.copy_all()
        return dict.values(self)

    def items(self) -> Any:
        self.copy_all()
        return dict.items(self)


class LazyEntities(CopyOnRead):
    """A fork's esper entity table: each entity's components are copied from the source's table when the fork first
    reads it (a rollout touches a few hundred of a large map's tens of thousands of territories). Reads of copied
    entities are plain dict reads."""

    __slots__ = ()

    def _copy(self, entity: int) -> dict[type, Any]:
        return {kind: _copier_of(kind)(c) if dataclasses.is_dataclass(kind) else _copy.deepcopy(c)
                for kind, c in self.base[entity].items()}


class LazyIndex(CopyOnRead):
    """A fork's esper component index (component class -> the entities holding one): each class's set is copied
    from the source's when the fork first reads it (a large map's territories are two sets of tens of thousands,
    most of a fork's cost when copied up front, and a rollout seldom lists them)."""

    __slots__ = ()

    def _copy(self, kind: type) -> set[int]:
        return set(self.base[kind])


def fork(game: Game, seat: int | None = None, rng: random.Random | None = None) -> Game:
    """A copy of `game` in its own esper world (its entities copied when first read: the game must not change
    while the copy is in use). With `seat`, a determinization from that seat's view: entities and fields the
    ruleset hides from it (the `visible` hook) are as the seat sees them, other seats' buffered orders and
    not-yet-public answers are dropped (those seats give them again), and the random generator is re-seeded
    from `rng` (dice to come are unknown)."""
    source = game.world
    source.activate()
    esper.clear_dead_entities()
    entities: dict[int, dict[type, Any]] = esper._entities
    index: dict[type, set[int]] = esper._components
    upcoming = next(esper._entity_count)
    esper._entity_count = itertools.count(upcoming)
    name = f"fork-{next(_forks)}"
    esper.switch_world(name)
    esper._entities = LazyEntities(entities)
    esper._components = LazyIndex(index)
    esper._entity_count = itertools.count(upcoming)
    esper.clear_cache()
    generator = random.Random()
    generator.setstate(source.rng.getstate())
    world = World(
        name=name, app=source.app, rules=source.rules, board=source.board, rng=generator, terrain=list(source.terrain),
        seats=list(source.seats), start_zones=source.start_zones, map_name=source.map_name, seed=source.seed,
        clock=Clock(source.clock.round, source.clock.seat, source.clock.stage, source.clock.winner),
        tiles=list(source.tiles), players=dict(source.players),
        owned={s: set(t) for s, t in source.owned.items()}, derived=dict(source.derived), shared=source.shared,
    )
    copied = Game(world, game_id=f"{game.game_id}-{name}")
    copied.kept_listing = for_copy(game.kept_listing, world)
    if seat is not None:
        _determinize(copied, game, seat, rng or random.Random(0))
    source.activate()
    return copied


def _determinize(copied: Game, original: Game, seat: int, rng: random.Random) -> None:
    """Make the copy show `seat` only what it may know (game.views), the unknown filled in by chance."""
    from components.seats import Prompt, SeatOrders
    from game.snapshot import component_data
    from game.views import entity_hiding, entity_view

    world = copied.world
    world.activate()
    for _entity, orders in esper.get_component(SeatOrders):
        if orders.seat != seat and orders.orders:
            orders.orders = []
            orders.ready = False
    for _entity, prompt in esper.get_component(Prompt):
        prompt.given = [g if s == seat else "" for s, g in zip(prompt.seats, prompt.given, strict=True)]
    world.rng = random.Random(rng.getrandbits(64))
    if entity_hiding(original):
        _hide(copied, original, seat, entity_view, component_data)
    world.events = []


def _hide(copied: Game, original: Game, seat: int, entity_view: Callable[..., Any],
          component_data: Callable[[Any], dict[str, Any]]) -> None:
    """What the `visible` hook hides from `seat`: hidden entities leave the copy, hidden fields take the value
    the seat's view shows."""
    from pydantic import TypeAdapter

    from game.undo import reindex

    world = copied.world
    world.activate()
    kinds = world.app.components
    for entity in list(esper._entities):
        present: tuple[Any, ...] = esper.components_for_entity(entity)
        data = {type(c).__name__: component_data(c) for c in present if type(c).__name__ in kinds}
        shown = entity_view(original, seat, str(entity), data)
        world.activate()
        if not shown:
            esper.delete_entity(entity, immediate=True)
            continue
        for name, fields in shown.items():
            if fields != data.get(name):
                esper.add_component(entity, TypeAdapter(kinds[name]).validate_python(fields))
    reindex(world)


def release(game: Game) -> None:
    """Free a fork's esper world (the game must not be used afterwards)."""
    name = game.world.name
    if esper.current_world == name:
        esper.switch_world("default")
    if name in esper._context_map:
        esper.delete_world(name)
