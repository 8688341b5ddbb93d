"""Total War's invariants across entities (checked on every loaded save and in the property tests): each regiment
of a known type (TW2.1) at most its type's men, one regiment per name, one per hex, facing one of six ways; one battle record with a
starting count per seat (TW11.3, TW12.2)."""

from __future__ import annotations

from typing import Any

import esper

from .components import Battle
from .hexes import DIRECTIONS
from .regiments import Regiment


def regiment_problems(world: Any) -> list[str]:
    units = world.rules.units
    out: list[str] = []
    names: set[str] = set()
    hexes: dict[Any, str] = {}
    for entity, reg in esper.get_component(Regiment):
        where = f"entity {entity}: Regiment"
        if reg.kind not in units:
            out.append(f"{where}.kind: unknown regiment type {reg.kind!r} (TW2.1)")
            continue
        if reg.men > units[reg.kind].men or reg.start_men > units[reg.kind].men:
            out.append(f"{where}.men: {reg.men} men; a {reg.kind} regiment has at most {units[reg.kind].men} (TW2.1)")
        if reg.facing not in DIRECTIONS:
            out.append(f"{where}.facing: {reg.facing!r} is not one of {', '.join(DIRECTIONS)} (TW2.3)")
        if reg.name in names:
            out.append(f"{where}.number: {reg.name} is there twice")
        names.add(reg.name)
        if tuple(reg.hex) in hexes:
            out.append(f"{where}.hex: shares its hex with {hexes[tuple(reg.hex)]}")
        hexes[tuple(reg.hex)] = reg.name
    battles = esper.get_component(Battle)
    if len(battles) != 1 and world.clock.stage != "field":
        out.append(f"Battle: {len(battles)} battle records; a game keeps exactly one")
    for entity, record in battles:
        if len(record.start_counts) != len(world.seats) or any(n < 0 for n in record.start_counts):
            out.append(f"entity {entity}: Battle.start_counts: expected one regiment count per seat (TW11.3)")
    return out
