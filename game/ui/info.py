"""Read-only facts the panel shows, computed from the engine: expected income and upkeep, unit rows."""

from __future__ import annotations

from dataclasses import dataclass

import esper

from components.armies import Army, ArmyUnit
from components.structures import Structure
from systems import queries as q
from systems.world import World


@dataclass(frozen=True)
class Economy:
    """A resource of the current player: what it holds, what its land yields per turn, what upkeep costs."""

    resource: str
    amount: int
    income: float
    upkeep: int


@dataclass(frozen=True)
class UnitRow:
    """Units of one type and health in an army, for the panel's list."""

    unit_type: str
    name: str
    units: tuple[int, ...]
    attack: int
    health: int
    defense: int
    mp: int


def economy(world: World, seat: int) -> list[Economy]:
    """Per resource: stock, expected production per turn (R2.2 midpoints, R2.3), expected upkeep (R4.1)."""
    world.activate()
    rules = world.rules
    stock = q.stockpile(world, seat)
    rogue_spots = {a.territory for _, a in q.rogue_armies()}
    income = dict.fromkeys(rules.resources.ids, 0.0)
    for territory in world.owned.get(seat, ()):
        if territory in rogue_spots or q.is_disrupted(world, territory):
            continue
        for resource, (low, high) in rules.terrain[world.terrain[territory]].production.items():
            income[resource] = income.get(resource, 0.0) + (low + high) / 2
    upkeep = dict.fromkeys(rules.resources.ids, 0)
    for _, army in q.player_armies(seat):
        for unit in army.units:
            for resource, amount in rules.units[q.unit(unit).unit_type].upkeep.items():
                upkeep[resource] = upkeep.get(resource, 0) + amount
    for _, structure in q.structures():
        if structure.owner == seat:
            for resource, amount in rules.stationed.upkeep.items():
                upkeep[resource] = upkeep.get(resource, 0) + amount * len(structure.garrison)
    return [Economy(r, stock.get(r, 0), income.get(r, 0.0), upkeep.get(r, 0)) for r in rules.resources.ids]


def unit_rows(world: World, army_entity: int) -> list[UnitRow]:
    """The army's units grouped by type and health, strongest first."""
    world.activate()
    army = esper.component_for_entity(army_entity, Army)
    groups: dict[tuple[str, int, int, int], list[int]] = {}
    for entity in army.units:
        unit = esper.component_for_entity(entity, ArmyUnit)
        key = (unit.unit_type, unit.attack, unit.defense - unit.damage, unit.defense)
        groups.setdefault(key, []).append(entity)
    rows = []
    for (unit_type, attack, health, defense), units in groups.items():
        spec = world.rules.units.get(unit_type)
        name = spec.name if spec else unit_type
        mp = spec.movement.mp if spec else 0
        rows.append(UnitRow(unit_type, name, tuple(units), attack, health, defense, mp))
    rows.sort(key=lambda r: (r.unit_type, -r.health))
    return rows


def army_max_mp(world: World, army_entity: int) -> int:
    world.activate()
    army = esper.component_for_entity(army_entity, Army)
    return q.army_max_mp(world, q.unit_types(army), army.catapult)


def structure_name(world: World, entity: int) -> str:
    structure = esper.component_for_entity(entity, Structure)
    spec = world.rules.structures.get(structure.structure_type)
    return spec.name if spec else structure.structure_type


def owner_name(world: World, seat: int | None) -> str:
    if seat is None:
        return "Rogue"
    return q.player(world, seat).name


def cost_text(cost: dict[str, int]) -> str:
    return " ".join(f"{n} {r}" for r, n in cost.items() if n) or "free"
