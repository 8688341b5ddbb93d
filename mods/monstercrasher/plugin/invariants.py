"""MonsterCrasher's invariants across entities (checked on every loaded save and in the property tests): each
creature of a known type (MC4.3), one contender per seat (MC2.2)."""

from __future__ import annotations

from typing import Any

import esper

from .components import Contender, Creature


def creature_problems(world: Any) -> list[str]:
    out: list[str] = []
    for entity, creature in esper.get_component(Creature):
        if creature.kind not in world.rules.units:
            out.append(f"entity {entity}: Creature.kind: unknown creature type {creature.kind!r} (MC4.3)")
    seats = sorted(c.seat for _, c in esper.get_component(Contender))
    if seats != sorted(world.seats):
        out.append(f"Contender.seat: contenders for seats {seats}, expected one per seat {sorted(world.seats)} (MC2.2)")
    return out
