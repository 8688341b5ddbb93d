"""A canonical snapshot of a game's whole state (entities, clock, rng) and the stable hash over it."""

from __future__ import annotations

import dataclasses
import hashlib
import json
from collections.abc import Collection
from functools import cache
from typing import Any

import esper

from systems.world import World

_SCALARS = (int, str, float, bool, type(None))


def plain(value: Any) -> Any:
    """A component field as `dataclasses.asdict` gives it (containers copied), without its per-call overhead:
    a save or a state hash turns tens of thousands of components into data."""
    kind = type(value)
    if kind in _SCALARS:
        return value
    if kind is list:
        return [v if type(v) in _SCALARS else plain(v) for v in value]
    if kind is dict:
        return {k: v if type(v) in _SCALARS else plain(v) for k, v in value.items()}
    if kind is tuple:
        return tuple(v if type(v) in _SCALARS else plain(v) for v in value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return dataclasses.asdict(value)
    return value


@cache
def _field_names(cls: type) -> tuple[str, ...]:
    return tuple(f.name for f in dataclasses.fields(cls))


def component_data(component: Any) -> dict[str, Any]:
    """One component as plain data: exactly `dataclasses.asdict(component)`, faster."""
    cls: type = type(component)
    return {name: plain(getattr(component, name)) for name in _field_names(cls)}


def entity_table(world: World, only: Collection[str] | None = None) -> dict[int, dict[str, dict[str, Any]]]:
    """Every live entity with its components as plain data, keyed by entity id (`only`: just those components,
    for a reader that needs a few of them on a large board)."""
    world.activate()
    esper.clear_dead_entities()
    table: dict[int, dict[str, dict[str, Any]]] = {}
    for name, cls in world.app.components.items():
        if only is not None and name not in only:
            continue
        found: list[tuple[int, Any]] = esper.get_component(cls)
        for entity, component in found:
            table.setdefault(entity, {})[name] = component_data(component)
    return dict(sorted(table.items()))


def rng_state(world: World) -> list[Any]:
    version, internal, gauss = world.rng.getstate()
    return [version, list(internal), gauss]


def snapshot(world: World, only: Collection[str] | None = None) -> dict[str, Any]:
    """All of the state that decides what happens next, as JSON-ready data (`only`: just those components)."""
    return {
        "clock": dataclasses.asdict(world.clock),
        "seats": list(world.seats),
        "rng": rng_state(world),
        "entities": {str(e): comps for e, comps in entity_table(world, only).items()},
    }


def state_hash(world: World) -> str:
    """A stable digest of the snapshot: equal for equal games, different after any change."""
    canonical = json.dumps(snapshot(world), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(canonical.encode()).hexdigest()
