"""Building (R6): army units at the base, structures where they may stand, upgrades and repairs."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import esper

from components.armies import ArmyUnit
from components.commands import BuildStructure, BuildUnit, Repair, Upgrade
from components.structures import Catapult, Structure
from systems import queries as q
from systems.actions import handles, player_turn
from systems.events import StructureBuilt, StructureRepaired, StructureUpgraded, UnitBuilt
from systems.placing import army_limit_reason, place_units
from systems.world import World


@dataclass(frozen=True)
class PlacementRule:
    """A placement kind added by a plugin: why a structure may not stand somewhere, and where to look."""

    reason: Callable[[World, BuildStructure], str | None]
    candidates: Callable[[World, int], list[int]]  # (world, seat) -> territories worth checking


def afford_reason(world: World, cost: dict[str, int], times: int = 1) -> str | None:
    stock = q.stockpile(world, world.issuer)
    missing = {r: n * times - stock.get(r, 0) for r, n in cost.items() if stock.get(r, 0) < n * times}
    if missing:
        return "not enough resources: need " + q.format_cost(missing) + " more"
    return None


@handles(BuildUnit)
class TrainUnit:
    @staticmethod
    def check(world: World, cmd: BuildUnit) -> str | None:
        if (reason := player_turn(world)) is not None:
            return reason
        unit_type = world.rules.units.get(cmd.unit_type)
        if unit_type is None or not unit_type.buildable:
            return f"there is no buildable unit type '{cmd.unit_type}'"
        seat = world.issuer
        base = q.home_base(world, seat)
        if base is None:
            return "you have no base yet"
        if (reason := q.rare_reason(world, seat, cmd.unit_type)) is not None:
            return reason
        if q.battle_at(base) is not None:
            return "a battle is being fought at your base"
        if any(q.hostile(a.owner, seat) for _, a in q.armies_at(base)):
            return "a hostile army stands at your base"
        here = q.army_of(seat, base)
        if here is not None:
            if (reason := q.fit_reason(world, [*q.unit_types(here[1]), cmd.unit_type])) is not None:
                return f"the army at your base is full: {reason} (R5.2)"
        elif (reason := army_limit_reason(world, seat)) is not None:
            return reason
        return afford_reason(world, unit_type.cost)

    @staticmethod
    def apply(world: World, cmd: BuildUnit) -> None:
        seat = world.issuer
        spec = world.rules.units[cmd.unit_type]
        q.pay(q.stockpile(world, seat), spec.cost)
        base = q.home_base(world, seat)
        assert base is not None
        unit = esper.create_entity(
            ArmyUnit(cmd.unit_type, spec.combat.attack, spec.combat.defense, 0, world.clock.round)
        )
        army_entity = place_units(world, seat, base, [unit])  # R6.1: the new unit has 0 MP
        world.emit(UnitBuilt(seat, unit, cmd.unit_type, army_entity, base, dict(spec.cost)))


def placement_reason(world: World, cmd: BuildStructure) -> str | None:
    """R6.3: where each kind of structure may stand."""
    seat = world.issuer
    spec = world.rules.structures[cmd.structure_type]
    board = world.board
    if not 0 <= cmd.territory < board.size:
        return "that territory is not on the map"
    terrain = world.rules.terrain[world.terrain[cmd.territory]]
    owned = world.owner_of(cmd.territory) == seat
    if spec.placement == "border":
        if cmd.border is None or cmd.border not in board.neighbours(cmd.territory):
            return "a wall goes on the border between a territory and its neighbour"
        if not owned:
            return "you must own a territory on one side of the wall"
        if terrain.deep or world.rules.terrain[world.terrain[cmd.border]].deep:
            return "walls cannot stand on a deep water border (R6.3)"
        if q.wall_between(world, cmd.territory, cmd.border) is not None:
            return "that border already has a wall (R6.3)"
        return None
    if cmd.border is not None:
        return "only walls go on borders"
    if (rule := world.app.placements.get(spec.placement)) is not None:
        return rule.reason(world, cmd)
    if spec.placement == "land":
        if not owned or terrain.water:
            return "a tower goes in a land territory you own (R6.3)"
        if q.structure_in(world, cmd.territory, "land") is not None:
            return "that territory already has a tower (R6.3)"
        return None
    if spec.placement == "water":
        if not terrain.water:
            return "a bridge goes in a water territory (R6.3)"
        if not any(world.owner_of(n) == seat for n in board.neighbours(cmd.territory)) and not owned:
            return "a bridge must be next to a territory you own (R6.3)"
        if q.structure_in(world, cmd.territory, "water") is not None:
            return "that territory already has a bridge (R6.3)"
        return None
    if spec.placement == "shore":
        if not owned or terrain.water:
            return "it goes in a land territory you own next to water"
        if not any(world.rules.terrain[world.terrain[n]].water for n in board.neighbours(cmd.territory)):
            return "it goes in a land territory next to water"
        if q.structure_in(world, cmd.territory, "shore") is not None:
            return "there is one here already"
        return None
    if cmd.territory != q.home_base(world, seat):
        return "it is built at your base (R6.2)"
    return None


@handles(BuildStructure)
class PlaceStructure:
    @staticmethod
    def check(world: World, cmd: BuildStructure) -> str | None:
        return PlaceStructure.check_each(world, [cmd])[0]

    @staticmethod
    def check_each(world: World, cmds: list[BuildStructure]) -> list[str | None]:
        """The placements' checks, the turn and each type's price read once for all of them."""
        if (turn := player_turn(world)) is not None:
            return [turn] * len(cmds)
        may_build = world.app.hooks.may_build  # who may build what where is the ruleset's answer (R6.3)
        afford: dict[str, str | None] = {}  # per type: the stockpile is the same for every placement checked
        out: list[str | None] = []
        for cmd in cmds:
            spec = world.rules.structures.get(cmd.structure_type)
            if spec is None:
                out.append(f"there is no structure type '{cmd.structure_type}'")
                continue
            reason = may_build(world, cmd) if may_build is not None else None
            if reason is None:
                if cmd.structure_type not in afford:
                    afford[cmd.structure_type] = afford_reason(world, spec.cost)
                reason = afford[cmd.structure_type]
            out.append(reason)
        return out

    @staticmethod
    def apply(world: World, cmd: BuildStructure) -> None:
        seat = world.issuer
        spec = world.rules.structures[cmd.structure_type]
        q.pay(q.stockpile(world, seat), spec.cost)
        components: list[object] = [
            Structure(cmd.structure_type, seat, cmd.territory, spec.defense, spec.defense, spec.protection, cmd.border)
        ]
        if spec.mobile is not None:
            components.append(Catapult(mp=0))
        entity = esper.create_entity(*components)
        world.emit(StructureBuilt(seat, entity, cmd.structure_type, cmd.territory, cmd.border, dict(spec.cost)))


def own_structure(world: World, entity: int) -> Structure | str:
    structure = esper.try_component(entity, Structure) if esper.entity_exists(entity) else None
    if structure is None:
        return f"there is no structure {entity}"
    if structure.owner != world.issuer:
        return "that structure is not yours"
    return structure


@handles(Upgrade)
class UpgradeStructure:
    @staticmethod
    def check(world: World, cmd: Upgrade) -> str | None:
        if (reason := player_turn(world)) is not None:
            return reason
        structure = own_structure(world, cmd.structure)
        if isinstance(structure, str):
            return structure
        spec = world.rules.upgrades.get(cmd.upgrade)
        if spec is None:
            return f"there is no upgrade '{cmd.upgrade}'"
        if cmd.upgrade in structure.upgrades:
            return "a structure takes each upgrade once (R6.2)"
        return afford_reason(world, spec.cost)

    @staticmethod
    def apply(world: World, cmd: Upgrade) -> None:
        structure = esper.component_for_entity(cmd.structure, Structure)
        spec = world.rules.upgrades[cmd.upgrade]
        q.pay(q.stockpile(world, world.issuer), spec.cost)
        structure.upgrades.append(cmd.upgrade)
        structure.max_health += spec.defense
        structure.health += spec.defense
        structure.protection = min(100, structure.protection + spec.protection)
        world.emit(StructureUpgraded(world.issuer, cmd.structure, cmd.upgrade))


def repair_cost(world: World, structure: Structure) -> dict[str, int]:
    """Cost of one point of repair: the structure type's repair cost (upgrade points cost the same)."""
    cost = dict(world.rules.structures[structure.structure_type].repair)
    return cost


@handles(Repair)
class RepairStructure:
    @staticmethod
    def check(world: World, cmd: Repair) -> str | None:
        if (reason := player_turn(world)) is not None:
            return reason
        structure = own_structure(world, cmd.structure)
        if isinstance(structure, str):
            return structure
        if cmd.points < 1:
            return "repair at least one point"
        if structure.health + cmd.points > structure.max_health:
            return f"it can regain at most {structure.max_health - structure.health} points (R6.5)"
        return afford_reason(world, repair_cost(world, structure), cmd.points)

    @staticmethod
    def apply(world: World, cmd: Repair) -> None:
        structure = esper.component_for_entity(cmd.structure, Structure)
        q.pay(q.stockpile(world, world.issuer), repair_cost(world, structure), cmd.points)
        structure.health += cmd.points
        world.emit(StructureRepaired(world.issuer, cmd.structure, cmd.points))
