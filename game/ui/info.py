"""Read-only facts the panel shows, computed from the engine: expected income and upkeep, unit rows."""

from __future__ import annotations

from dataclasses import dataclass

import esper

from components.armies import Army, ArmyUnit
from components.structures import Structure
from game.client_hooks import forecast, resource_ids, type_facts, type_name, upkeep_resource
from systems import queries as q
from systems.production import production_ranges
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
    """Per resource: stock, expected production per turn (R2.2 midpoints, R2.3) and what the next Upkeep
    stage will charge (R4.1, the engine's own upkeep groups)."""
    world.activate()
    resources = resource_ids(world)
    if not resources:  # a ruleset without resources (game.client_hooks)
        return []
    stock = q.stockpile(world, seat)
    income = production_ranges(world, seat)
    outlook = forecast(world, seat)
    owed = int(getattr(outlook, "owed", 0))
    paid_in = upkeep_resource(world)
    return [Economy(r, stock.get(r, 0), income.get(r, (0, 0.0, 0))[1], owed if r == paid_in else 0)
            for r in resources]


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
        name = type_name(world, "units", unit_type)
        mp = spec.movement.mp if spec else 0
        rows.append(UnitRow(unit_type, name, tuple(units), attack, health, defense, mp))
    rows.sort(key=lambda r: (r.unit_type, -r.health))
    return rows


def army_max_mp(world: World, army_entity: int) -> int:
    world.activate()
    army = esper.component_for_entity(army_entity, Army)
    return q.full_mp(world, army)


def structure_name(world: World, entity: int) -> str:
    structure = esper.component_for_entity(entity, Structure)
    return type_name(world, "structures", structure.structure_type)


def owner_name(world: World, seat: int | None) -> str:
    if seat is None:
        return "Rogue"
    return q.player(world, seat).name


def cost_text(cost: dict[str, int]) -> str:
    return " ".join(f"{n} {r}" for r, n in cost.items() if n) or "free"


def unit_summary(world: World, unit_type: str) -> str:
    """'Cavalry: attack 4, defense 4, MP 4 (+2 on open ground); costs 25 food; ...' as the ruleset words it."""
    facts = type_facts(world, "units", unit_type)
    return f"{type_name(world, 'units', unit_type)}{': ' + facts if facts else ''}"


def structure_summary(world: World, structure_type: str) -> str:
    """'Dock: costs 15 wood; defense 10' as the ruleset words it (mod structures included)."""
    facts = type_facts(world, "structures", structure_type)
    return f"{type_name(world, 'structures', structure_type)}{': ' + facts if facts else ''}"


def structure_facts(world: World, entity: int) -> str | None:
    """The panel's line for a structure (or an army) a ruleset or mod describes itself (presentation.panel_facts:
    e.g. a ship's cargo and MP, an army's equipment); None for the rest."""
    world.activate()
    for facts in world.app.presentation.panel_facts:
        line = facts(world, entity)
        if line is not None:
            return str(line)
    return None
