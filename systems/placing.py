"""Where units may stand, join an army or form a new one: the army limit (R5.2), merging (R5.6), terrain.

Every command that puts units somewhere other than by moving an army (building at the base, leaving a
structure, a plugin's landing) asks these, so each rule is written once.
"""

from __future__ import annotations

import esper

from components.armies import Army
from systems import queries as q
from systems.world import World


def army_limit_reason(world: World, seat: int | None) -> str | None:
    """R5.2: a player who already has the most armies allowed cannot form another (rogues have no limit)."""
    if seat is None:
        return None
    limit = world.rules.limits.armies_per_player
    if len(q.player_armies(seat)) >= limit:
        return f"you already have {limit} armies (R5.2)"
    return None


def can_stand(world: World, unit_type: str, territory: int) -> bool:
    """Can a unit of this type stand in the territory: terrain it may enter (R5.3), or a bridge there?"""
    terrain = world.terrain[territory]
    return world.rules.move_cost(unit_type, terrain) is not None or q.bridge_at(world, territory) is not None


def place_units(world: World, seat: int, territory: int, units: list[int]) -> int:
    """Put units that arrive without moving (new, unstationed, landed) into the seat's army there, or into a
    new army; they have no MP left this turn, so a merged army has none either (R6.1, R5.6). The army."""
    here = q.army_of(seat, territory)
    if here is not None:
        entity, army = here
        army.units.extend(units)
        army.mp = army.open_mp = 0
        return entity
    return esper.create_entity(Army(owner=seat, territory=territory, units=list(units), mp=0))
