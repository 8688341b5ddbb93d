"""A canonical snapshot of a game's whole state (entities, clock, rng) and the stable hash over it."""

from __future__ import annotations

import dataclasses
import hashlib
import json
from typing import Any

import esper

from systems.world import World


def entity_table(world: World) -> dict[int, dict[str, dict[str, Any]]]:
    """Every live entity with its components as plain data, keyed by entity id."""
    world.activate()
    esper.clear_dead_entities()
    table: dict[int, dict[str, dict[str, Any]]] = {}
    for name, cls in world.app.components.items():
        found: list[tuple[int, Any]] = esper.get_component(cls)
        for entity, component in found:
            table.setdefault(entity, {})[name] = dataclasses.asdict(component)
    return dict(sorted(table.items()))


def rng_state(world: World) -> list[Any]:
    version, internal, gauss = world.rng.getstate()
    return [version, list(internal), gauss]


def snapshot(world: World) -> dict[str, Any]:
    """All of the state that decides what happens next, as JSON-ready data."""
    return {
        "clock": dataclasses.asdict(world.clock),
        "seats": list(world.seats),
        "rng": rng_state(world),
        "entities": {str(e): comps for e, comps in entity_table(world).items()},
    }


def state_hash(world: World) -> str:
    """A stable digest of the snapshot: equal for equal games, different after any change."""
    canonical = json.dumps(snapshot(world), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(canonical.encode()).hexdigest()
