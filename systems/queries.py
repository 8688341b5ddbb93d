"""Read-only lookups over the world shared by the systems: armies, structures, unit stats, limits."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from operator import is_, itemgetter
from typing import Any

import esper

from components.abilities import Pathfinder, Rare
from components.armies import Army, ArmyUnit, Battle
from components.board import Disrupted, Territory
from components.players import HomeBase, Player, Stockpile
from components.structures import Catapult, Structure
from systems.still import memo
from systems.world import World

_COMPONENT = itemgetter(1)  # of esper's (entity, component) pairs


def hostile(a: int | None, b: int | None) -> bool:
    """R9.4: players are hostile to each other and to rogues; rogues (owner None) not to each other."""
    return a != b


def armies() -> list[tuple[int, Army]]:
    """Live armies; entities deleted earlier in this step are already left out (esper defers deletes)."""
    found = esper.get_component(Army)
    if not esper._dead_entities:  # the common case, and a hot one: no delete pending, every entity is alive
        return list(found)
    alive = esper.entity_exists
    return [(e, a) for e, a in found if alive(e)]


def armies_at(territory: int) -> list[tuple[int, Army]]:
    if (held := memo()) is not None:
        return list(armies_by_territory(held).get(territory, ()))
    alive = esper.entity_exists  # one pass, same order as armies(): path checks call this per step
    return [(e, a) for e, a in esper.get_component(Army) if a.territory == territory and alive(e)]


def armies_by_territory(held: dict[Any, Any]) -> dict[int, list[tuple[int, Army]]]:
    """Live armies by territory, each list in armies()'s order, read once per still state (`held`, its memo:
    systems.still); the caller only reads it."""
    index: dict[int, list[tuple[int, Army]]] | None = held.get("armies_at")
    if index is None:
        index = held["armies_at"] = {}
        for e, a in armies():
            index.setdefault(a.territory, []).append((e, a))
    return index


def armies_in(territories: set[int]) -> dict[int, list[tuple[int, Army]]]:
    """`armies_at` for several territories in one pass (each list in the same order as armies_at's)."""
    if (held := memo()) is not None:
        index = armies_by_territory(held)
        return {t: list(index[t]) for t in territories if t in index}
    alive = esper.entity_exists
    found: dict[int, list[tuple[int, Army]]] = {}
    for e, a in esper.get_component(Army):
        if a.territory in territories and alive(e):
            found.setdefault(a.territory, []).append((e, a))
    return found


def army_of(owner: int | None, territory: int) -> tuple[int, Army] | None:
    for e, a in armies():
        if a.territory == territory and a.owner == owner and owner is not None:
            return e, a
    return None


def player_armies(seat: int) -> list[tuple[int, Army]]:
    return [(e, a) for e, a in armies() if a.owner == seat]


def rogue_armies() -> list[tuple[int, Army]]:
    return [(e, a) for e, a in armies() if a.owner is None]


def battle_at(territory: int) -> tuple[int, Battle] | None:
    for e, b in esper.get_component(Battle):
        if b.territory == territory:
            return e, b
    return None


def same_components(kept: list[tuple[int, Any]] | None, found: list[tuple[int, Any]]) -> bool:
    """Whether esper's component list `found` holds the very components `kept`, an earlier one, held. esper builds
    every list anew whenever any entity or component is added or removed anywhere (a unit trained, an army merged),
    so an index built from `kept` still holds when this says so; compared by identity (C loops), as a copy in
    another world is another object."""
    if kept is found:
        return True
    return kept is not None and len(kept) == len(found) and all(map(is_, map(_COMPONENT, kept), map(_COMPONENT, found)))


def structures() -> list[tuple[int, Structure]]:
    """Live structures (deferred deletes left out)."""
    found = esper.get_component(Structure)
    if not esper._dead_entities:  # as in armies(): no delete pending, every entity is alive
        return list(found)
    alive = esper.entity_exists
    return [(e, s) for e, s in found if alive(e)]


def touches(structure: Structure, territory: int) -> bool:
    """A structure stands in its territory; a wall in both territories of its border (R8.6)."""
    return structure.territory == territory or structure.border == territory


def structures_touching(world: World, territory: int) -> list[tuple[int, Structure]]:
    """Structures in a territory, and walls on any of its borders (a wall stands in both, R8.6), in structures()'s
    order: read from an index kept in `world.derived` while esper's Structure list holds the same components
    (same_components: none built or destroyed) and no catapult moved (the only structures that leave their
    place, R8.8)."""
    found = esper.get_component(Structure)
    if esper._dead_entities:  # a delete is pending: the list still holds the dead, read it as it stands
        return [(e, s) for e, s in structures() if touches(s, territory)]
    entities = esper._entities
    mobile = tuple([entities[e][Structure].territory for e, _ in esper.get_component(Catapult)])
    kept = world.derived.get("structures_touching")
    if kept is None or kept[1] != mobile or not same_components(kept[0], found):
        index: dict[int, list[tuple[int, Structure]]] = {}
        for e, s in found:
            index.setdefault(s.territory, []).append((e, s))
            if s.border is not None and s.border != s.territory:
                index.setdefault(s.border, []).append((e, s))
        kept = (found, mobile, index)
    if kept[0] is not found:  # the same components: later calls see this list
        kept = (found, *kept[1:])
    world.derived["structures_touching"] = kept
    return list(kept[2].get(territory, ()))


def walls_by_border(world: World) -> tuple[dict[tuple[int, int], Structure], dict[tuple[int, int], int], frozenset[int]]:
    """Walls and their entities by border (both orders of its territories) and the territories on a walled
    border, kept in `world.derived` while esper's Structure list holds the same components (same_components: none
    built or destroyed, though esper rebuilds the list whenever anything is added or removed); a wall never
    leaves its border, and its owner (a captured wall changes hands) is read where it matters. With deletions
    pending the list may hold dead walls: read afresh then."""
    listed = esper.get_component(Structure)
    dead = bool(esper._dead_entities)
    found = world.derived.get("walls")
    if found is not None and not dead and same_components(found[0], listed):  # asked for every step priced
        if found[0] is not listed:  # the same components: later calls see this list
            world.derived["walls"] = (listed, *found[1:])
        return found[1], found[2], found[3]
    walls: dict[tuple[int, int], Structure] = {}
    entities: dict[tuple[int, int], int] = {}
    for entity, wall in structures():
        if wall.border is not None and wall.border != wall.territory:  # a broken wall bordering itself: no border
            for pair in ((wall.territory, wall.border), (wall.border, wall.territory)):
                walls.setdefault(pair, wall)
                entities.setdefault(pair, entity)
    cells = frozenset(t for pair in walls for t in pair)
    if not dead:
        world.derived["walls"] = (listed, walls, entities, cells)
    return walls, entities, cells


def wall_between(world: World, a: int, b: int) -> tuple[int, Structure] | None:
    """The wall on the border a|b (asked for every neighbour of every step, often), from `walls_by_border`."""
    walls, entities, _ = walls_by_border(world)
    wall = walls.get((a, b))
    return None if wall is None else (entities[(a, b)], wall)


def walls_index() -> dict[frozenset[int], Structure]:
    return {frozenset((s.territory, s.border)): s for _, s in structures() if s.border is not None}


def structure_in(world: World, territory: int, placement: str) -> tuple[int, Structure] | None:
    """The structure of a placement kind ('land' tower, 'water' bridge...) standing in a territory."""
    rules = world.rules.structures
    if (held := memo()) is not None:
        index: dict[tuple[int, str], tuple[int, Structure]] | None = held.get("structure_in")
        if index is None:  # once per still state (systems.still): the first of each kind per territory, as below
            index = held["structure_in"] = {}
            for e, s in structures():
                if s.border is None and not esper.has_component(e, Catapult):
                    index.setdefault((s.territory, rules[s.structure_type].placement), (e, s))
        return index.get((territory, placement))
    for e, s in structures():
        if s.territory == territory and s.border is None and rules[s.structure_type].placement == placement:
            if esper.has_component(e, Catapult):
                continue
            return e, s
    return None


def bridge_at(world: World, territory: int) -> Structure | None:
    for _, s in structures():
        if s.territory == territory and world.rules.structures[s.structure_type].has("bridge"):
            return s
    return None


def bridges_index(world: World) -> dict[int, Structure]:
    kinds = world.derived.get("bridge_kinds")
    if kinds is None:
        kinds = world.derived["bridge_kinds"] = {sid for sid, spec in world.rules.structures.items() if spec.has("bridge")}
    return {s.territory: s for _, s in structures() if s.structure_type in kinds}


# The hottest lookups read esper's entity table (`esper._entities`, entity -> components by type, rebound by
# `switch_world`: read it at each call) without a call to `component_for_entity` per unit: what that does.

def unit(entity: int) -> ArmyUnit:
    found: ArmyUnit = esper._entities[entity][ArmyUnit]
    return found


def unit_types(army: Army) -> list[str]:
    entities = esper._entities
    return [entities[u][ArmyUnit].unit_type for u in army.units]


def slots_of(world: World, types: Iterable[str]) -> int:
    """R5.2: the army slots units of these types fill."""
    slots = world.derived.get("unit_slots")
    if slots is None:  # once per game: upkeep orders every group by this
        slots = world.derived["unit_slots"] = {t: spec.army.slots for t, spec in world.rules.units.items()}
    return sum(slots[t] for t in types)


def fit_reason(world: World, types: Iterable[str]) -> str | None:
    """Why a set of units cannot form one army (R5.2), or None when it can."""
    types = list(types)
    limit = world.rules.limits.units_per_army
    if slots_of(world, types) > limit:
        return f"an army holds at most {limit} units"
    for unit_type, count in Counter(types).items():
        cap = world.rules.units[unit_type].army.max_per_army
        if cap is not None and count > cap:
            return f"an army holds at most {cap} {world.rules.units[unit_type].name.lower()}s"
    rare_cap = world.rules.limits.rare_per_army
    if rare_cap is not None and sum(1 for t in types if world.rules.units[t].has("rare")) > rare_cap:
        return f"an army holds at most {rare_cap} rare unit{'s' if rare_cap != 1 else ''} (E7.1)"
    return None


def owned_unit_types(seat: int) -> list[str]:
    """The types of every unit a player has alive: in its armies and stationed in its structures (rogues
    are no one's, E7.1)."""
    types = [unit(u).unit_type for _, army in player_armies(seat) for u in army.units]
    types += [unit(u).unit_type for _, s in structures() if s.owner == seat for u in s.garrison]
    return types


def rare_reason(world: World, seat: int, unit_type: str) -> str | None:
    """E7.1: why the player may not build one more unit of this type now (a `rare` type over its own
    `per_player` or over the ruleset's `limits.rare_per_player`), or None."""
    rules = world.rules
    ability = rules.units[unit_type].ability("rare", Rare)
    if ability is None:
        return None
    owned = owned_unit_types(seat)
    name = rules.units[unit_type].name
    if owned.count(unit_type) >= ability.per_player:
        return f"you may have at most {ability.per_player} {name} alive (E7.1)"
    cap = rules.limits.rare_per_player
    if cap is not None and sum(1 for t in owned if rules.units[t].has("rare")) >= cap:
        return f"you may have at most {cap} rare units alive (E7.1)"
    return None


def army_max_mp(world: World, types: list[str], catapult: int | None = None, speeds: list[int] | None = None) -> int:
    """R5.1: the slowest unit's MP, plus a pathfinder's bonus when it travels with a slower unit. `speeds`:
    each unit's own MP where a mod changes it (the `unit_speed` hook), else its type's."""
    if not types:
        return 0
    if speeds is None:
        kinds = frozenset(types)  # the MP depends on which types travel, not how many of each
        mp = world.derived.get(("army_mp", kinds))
        if mp is None:
            mp = world.derived[("army_mp", kinds)] = _slowest_plus_bonus(world, list(kinds), None)
    else:  # a mod changed some unit's own MP: per unit, not cached
        mp = _slowest_plus_bonus(world, types, speeds)
    if catapult is not None:
        structure = esper.component_for_entity(catapult, Structure)
        mobile = world.rules.structures[structure.structure_type].mobile
        if mobile is not None:
            mp = min(mp, mobile.mp)
    return mp


def _slowest_plus_bonus(world: World, types: list[str], speeds: list[int] | None) -> int:
    """R5.1: the slowest speed plus the largest pathfinder bonus of a unit faster than it."""
    rules = world.rules.units
    speeds = [rules[t].movement.mp for t in types] if speeds is None else speeds
    slowest = min(speeds)
    bonus = 0
    for t, speed in zip(types, speeds, strict=True):
        ability = rules[t].ability("pathfinder", Pathfinder)
        if ability is not None and speed > slowest:
            bonus = max(bonus, ability.mp_bonus)
    return slowest + bonus

def movement_points(world: World, types: list[str], catapult: int | None = None) -> int:
    """An army's MP for a turn, as the ruleset's movement_points hook says (the base game: army_max_mp)."""
    hook = world.app.hooks.movement_points
    return hook(world, types, catapult) if hook is not None else army_max_mp(world, types, catapult)


def army_open_bonus(world: World, types: list[str], catapult: int | None = None) -> int:
    """MP an army may spend only entering open terrain: the least open_terrain_bonus among its units
    (so none unless every unit has one), and none while it moves a catapult."""
    if not types or catapult is not None:
        return 0
    return min(world.rules.units[t].movement.open_terrain_bonus for t in types)


def full_mp(world: World, army: Army) -> int:
    """An army's MP at the start of a turn: the ruleset's hook, or R5.1 over its units' own speeds where a mod
    changes a unit's speed (the `unit_speed` hook, e.g. equipment)."""
    types = unit_types(army)
    speed = world.app.hooks.unit_speed
    if speed is None:
        return movement_points(world, types, army.catapult)
    rules = world.rules.units
    speeds = []
    for u, t in zip(army.units, types, strict=True):
        own = speed(world, u)
        speeds.append(rules[t].movement.mp if own is None else own)
    return army_max_mp(world, types, army.catapult, speeds)


def restore_mp(world: World, army: Army) -> None:
    """R3.3: an army's full MP for a new turn, its open-terrain MP included."""
    types = unit_types(army)
    army.mp = full_mp(world, army)
    army.open_mp = army_open_bonus(world, types, army.catapult)


def disrupted_territories(world: World) -> set[int]:
    """Every territory disrupted right now (R7.3)."""
    now, entities = (world.clock.round, world.clock.seat), esper._entities  # component_for_entity inline
    return {entities[e][Territory].index for e, marker in esper.get_component(Disrupted)
            if now < (marker.until_round, marker.seat)}


def is_disrupted(world: World, territory: int) -> bool:
    marker = esper.try_component(world.tiles[territory], Disrupted)
    if marker is None:
        return False
    return (world.clock.round, world.clock.seat) < (marker.until_round, marker.seat)


def player(world: World, seat: int) -> Player:
    return esper.component_for_entity(world.players[seat], Player)


def stockpile(world: World, seat: int) -> dict[str, int]:
    return esper.component_for_entity(world.players[seat], Stockpile).amounts


def home_base(world: World, seat: int) -> int | None:
    territory: int | None = esper._entities[world.players[seat]][HomeBase].territory
    return territory


def can_afford(stock: dict[str, int], cost: dict[str, int], times: int = 1) -> bool:
    return all(stock.get(r, 0) >= n * times for r, n in cost.items())


def pay(stock: dict[str, int], cost: dict[str, int], times: int = 1) -> None:
    for resource, amount in cost.items():
        stock[resource] = stock.get(resource, 0) - amount * times


def format_cost(cost: dict[str, int]) -> str:
    return ", ".join(f"{n} {r}" for r, n in cost.items() if n) or "free"


def unit_is_stationed(entity: int) -> bool:
    return any(entity in s.garrison for _, s in structures())
