"""MonsterCrasher's invariants across entities (checked on every loaded save and in the property tests): each
creature of a known type (MC4.3), at most one on a square (MC1.2), one contender per seat (MC2.2)."""

from __future__ import annotations

from typing import Any

import esper

from .components import Contender, Creature


def creature_problems(world: Any) -> list[str]:
    out: list[str] = []
    squares: dict[tuple[int, int], int] = {}
    for entity, creature in esper.get_component(Creature):
        if creature.kind not in world.rules.units:
            out.append(f"entity {entity}: Creature.kind: unknown creature type {creature.kind!r} (MC4.3)")
        square = (creature.file, creature.rank)
        if square in squares:
            out.append(f"entity {entity}: Creature.file: its square is entity {squares[square]}'s too; a square "
                       "holds at most one creature (MC1.2)")
        squares[square] = entity
    seats = sorted(c.seat for _, c in esper.get_component(Contender))
    if seats != sorted(world.seats):
        out.append(f"Contender.seat: contenders for seats {seats}, expected one per seat {sorted(world.seats)} (MC2.2)")
    return out
