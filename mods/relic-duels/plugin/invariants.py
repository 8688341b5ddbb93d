"""Relic Duels' invariants across entities (checked on every loaded save and in the property tests): each
character one of the roster (DU1.3), on its side, once, on the land or off it (OFF_MAP); a duel on the
land with its two fighter slots (DU5.1)."""

from __future__ import annotations

from typing import Any

import esper

from .components import OFF_MAP, Character, Duel


def character_problems(world: Any) -> list[str]:
    roster = world.rules.units
    size = len(world.terrain)
    out: list[str] = []
    keys: set[str] = set()
    for entity, char in esper.get_component(Character):
        where = f"entity {entity}: Character"
        if char.key not in roster:
            out.append(f"{where}.key: {char.key!r} is in no roster (DU1.3)")
            continue
        if char.side != roster[char.key].side:
            out.append(f"{where}.side: {char.side!r}, but {char.key} is of the {roster[char.key].side} (DU1.3)")
        if char.key in keys:
            out.append(f"{where}.key: {char.key} is there twice")
        keys.add(char.key)
        if char.hex != OFF_MAP and not 0 <= char.hex < size:
            out.append(f"{where}.hex: {char.hex} is off the land")
    for entity, duel in esper.get_component(Duel):
        if len(duel.fighters) != 2:
            out.append(f"entity {entity}: Duel.fighters: expected two (the Company's, the Dominion's; \"\" to choose)")
        if not duel.company or not duel.dominion or any(k not in roster for k in (*duel.company, *duel.dominion)):
            out.append(f"entity {entity}: Duel.company: each side of a duel is one or more characters of the roster")
        if not 0 <= duel.hex < size:
            out.append(f"entity {entity}: Duel.hex: {duel.hex} is off the land")
    return out
