"""Structure actions: stationing (R6.4), attacking structures (R8.6), stationed fire (R8.7), catapults (R8.8)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import esper

from components import abilities
from components.armies import Army
from components.commands import (
    AttackStructure,
    Bombard,
    CrewCatapult,
    MoveCatapult,
    Station,
    StationedFire,
    Unstation,
)
from components.structures import Catapult, Structure
from systems import queries as q
from systems.actions import acting_owner, handles, own_army, player_turn
from systems.army_actions import arrive, check_path
from systems.build_actions import own_structure
from systems.combat import (
    absorbs,
    attack_structure,
    damage_structure,
    remove_units,
    structure_attack_done,
    unit_attack,
    unit_health,
)
from systems.events import (
    CatapultCrewed,
    CatapultFired,
    StationedFired,
    Strike,
    StructureAttacked,
    UnitStationed,
    UnitUnstationed,
)
from systems.placing import army_limit_reason, can_stand, place_units
from systems.queries import touches
from systems.victory import check_flags
from systems.world import World


@dataclass(frozen=True, slots=True)
class StructurePart:
    """A named part of structures a mod adds (a gate in a wall): bombardments may aim at it (R8.8, E2.5)."""

    reason: Callable[[World, int, int], str | None]  # (world, structure, attacking seat) -> why not, or None
    hit: Callable[[World, int, int], None]  # (world, structure, damage): the part takes a strike aimed at it


@handles(AttackStructure)
class AttackAStructure:
    @staticmethod
    def check(world: World, cmd: AttackStructure) -> str | None:
        army = own_army(world, cmd.army)
        if isinstance(army, str):
            return army
        structure = esper.try_component(cmd.structure, Structure) if esper.entity_exists(cmd.structure) else None
        if structure is None:
            return f"there is no structure {cmd.structure}"
        if not q.hostile(structure.owner, army.owner):
            return "that structure is not hostile"
        if not touches(structure, army.territory):
            return "the army must stand in the structure's territory or beside the wall (R8.6)"
        if army.mp < world.rules.costs.attack_structure:
            return f"attacking a structure needs {world.rules.costs.attack_structure} MP (R8.6)"
        return None

    @staticmethod
    def apply(world: World, cmd: AttackStructure) -> None:
        army = esper.component_for_entity(cmd.army, Army)
        army.mp -= world.rules.costs.attack_structure
        army.done = True
        territory = army.territory
        attackers = tuple(army.units)
        strikes, dead = attack_structure(world, cmd.army, cmd.structure)
        world.emit(StructureAttacked(cmd.structure, territory, cmd.army, tuple(strikes), tuple(dead)))
        check_flags(world)
        structure_attack_done(world, attackers, cmd.structure)


@handles(Station)
class StationUnit:
    @staticmethod
    def check(world: World, cmd: Station) -> str | None:
        army = own_army(world, cmd.army)
        if isinstance(army, str):
            return army
        if acting_owner(world) is None:
            return "rogue armies do not man structures"
        structure = own_structure(world, cmd.structure)
        if isinstance(structure, str):
            return structure
        capacity = world.rules.structures[structure.structure_type].garrison
        if len(army.units) != 1:
            return "only an army of exactly one unit can be stationed (R6.4)"
        if capacity == 0:
            return "that structure holds no stationed units"
        if len(structure.garrison) >= capacity:
            return f"that structure is full ({capacity} stationed units, R6.4)"
        if not touches(structure, army.territory):
            return "the unit must stand in the tower's territory or beside the wall (R6.4)"
        return None

    @staticmethod
    def apply(world: World, cmd: Station) -> None:
        army = esper.component_for_entity(cmd.army, Army)
        structure = esper.component_for_entity(cmd.structure, Structure)
        unit = army.units[0]
        if army.catapult is not None:
            catapult = esper.component_for_entity(army.catapult, Catapult)
            catapult.army = catapult.crew = None
        structure.garrison.append(unit)
        esper.delete_entity(cmd.army)
        world.emit(UnitStationed(unit, cmd.structure))


@handles(Unstation)
class UnstationUnit:
    @staticmethod
    def check(world: World, cmd: Unstation) -> str | None:
        if (reason := player_turn(world)) is not None:
            return reason
        structure = own_structure(world, cmd.structure)
        if isinstance(structure, str):
            return structure
        if cmd.unit not in structure.garrison:
            return "that unit is not stationed there"
        if not touches(structure, cmd.territory):
            return "a stationed unit leaves into the structure's territory or a side of its wall (R6.4)"
        unit_type = q.unit(cmd.unit).unit_type
        if not can_stand(world, unit_type, cmd.territory):
            terrain = world.rules.terrain[world.terrain[cmd.territory]]
            return f"{world.rules.units[unit_type].name}s cannot stand in {terrain.name.lower()}"
        seat = world.issuer
        for _, army in q.armies_at(cmd.territory):
            if q.hostile(army.owner, seat):
                return "a hostile army stands there"
            if q.fit_reason(world, [*q.unit_types(army), q.unit(cmd.unit).unit_type]) is not None:
                return "the army there has no room for it (R5.2)"
            return None
        return army_limit_reason(world, seat)

    @staticmethod
    def apply(world: World, cmd: Unstation) -> None:
        structure = esper.component_for_entity(cmd.structure, Structure)
        structure.garrison.remove(cmd.unit)
        entity = place_units(world, world.issuer, cmd.territory, [cmd.unit])
        world.emit(UnitUnstationed(cmd.unit, cmd.structure, entity, cmd.territory))


def in_fire_range(world: World, structure: Structure, territory: int) -> bool:
    """R8.7: a wall covers its two territories; a tower its own territory and the neighbours."""
    if structure.border is not None:
        return territory in (structure.territory, structure.border)
    return territory == structure.territory or territory in world.board.neighbours(structure.territory)


@handles(StationedFire)
class FireFromStructure:
    @staticmethod
    def check(world: World, cmd: StationedFire) -> str | None:
        if (reason := player_turn(world)) is not None:
            return reason
        structure = own_structure(world, cmd.structure)
        if isinstance(structure, str):
            return structure
        if not structure.garrison:
            return "no units are stationed there"
        if structure.fired_round == world.clock.round:
            return "its stationed units have already fired this turn (R8.7)"
        target = esper.try_component(cmd.target_army, Army) if esper.entity_exists(cmd.target_army) else None
        if target is None or not q.hostile(target.owner, world.issuer):
            return "choose a hostile army as the target"
        if not in_fire_range(world, structure, target.territory):
            return "that army is out of range (R8.7)"
        return None

    @staticmethod
    def apply(world: World, cmd: StationedFire) -> None:
        structure = esper.component_for_entity(cmd.structure, Structure)
        target = esper.component_for_entity(cmd.target_army, Army)
        structure.fired_round = world.clock.round
        strikes = []
        for shooter in structure.garrison:
            victim = world.rng.choice(target.units)
            strike = Strike(shooter, victim, unit_attack(world, shooter, structure))
            q.unit(victim).damage += strike.damage
            strikes.append(strike)
        dead = sorted({u for u in target.units if unit_health(world, u) <= 0})
        territory = target.territory
        remove_units(world, dead)
        world.emit(StationedFired(cmd.structure, cmd.target_army, territory, tuple(strikes), tuple(dead)))


def own_catapult(world: World, entity: int) -> tuple[Structure, Catapult] | str:
    """The player's catapult and its state when it may be ordered now, else the reason it may not."""
    if (reason := player_turn(world)) is not None:
        return reason
    structure = own_structure(world, entity)
    if isinstance(structure, str):
        return structure
    catapult = esper.try_component(entity, Catapult)
    if catapult is None:
        return "that structure is not a catapult"
    return structure, catapult


@handles(CrewCatapult)
class CrewACatapult:
    @staticmethod
    def check(world: World, cmd: CrewCatapult) -> str | None:
        found = own_catapult(world, cmd.catapult)
        if isinstance(found, str):
            return found
        structure, catapult = found
        army = own_army(world, cmd.army, allow_done=True)
        if isinstance(army, str):
            return army
        if catapult.army is not None:
            return "that catapult already has a crew"
        if army.catapult is not None:
            return "an army moves at most one catapult (R8.8)"
        if army.territory != structure.territory:
            return "the army must stand where the catapult is"
        if cmd.unit is not None and cmd.unit not in army.units:
            return "the crew must be a unit of that army"
        return None

    @staticmethod
    def apply(world: World, cmd: CrewCatapult) -> None:
        army = esper.component_for_entity(cmd.army, Army)
        catapult = esper.component_for_entity(cmd.catapult, Catapult)
        crew = cmd.unit if cmd.unit is not None else army.units[0]
        catapult.crew, catapult.army = crew, cmd.army
        army.catapult = cmd.catapult
        army.mp = min(army.mp, catapult.mp)
        army.open_mp = 0  # a catapult never rides on open-terrain MP
        world.emit(CatapultCrewed(cmd.catapult, cmd.army, crew))


@handles(MoveCatapult)
class MoveACatapult:
    @staticmethod
    def check(world: World, cmd: MoveCatapult) -> str | None:
        found = own_catapult(world, cmd.catapult)
        if isinstance(found, str):
            return found
        _, catapult = found
        if catapult.army is None:
            return "a catapult moves only with a crew (R8.8)"
        army = own_army(world, catapult.army)
        if isinstance(army, str):
            return army
        return check_path(world, catapult.army, army, tuple(cmd.path))

    @staticmethod
    def apply(world: World, cmd: MoveCatapult) -> None:
        army = esper.component_for_entity(cmd.catapult, Catapult).army
        assert army is not None
        arrive(world, army, tuple(cmd.path))


def bombard_targets(world: World, territory: int, seat: int) -> list[int]:
    """Hostile units (in armies or stationed) and hostile structures a catapult may strike in a territory."""
    out: list[int] = []
    for _, army in q.armies_at(territory):
        if q.hostile(army.owner, seat):
            out.extend(army.units)
    for entity, structure in q.structures_touching(world, territory):
        if q.hostile(structure.owner, seat):
            out.append(entity)
            out.extend(structure.garrison)
    return out


@handles(Bombard)
class BombardTerritory:
    @staticmethod
    def check(world: World, cmd: Bombard) -> str | None:
        found = own_catapult(world, cmd.catapult)
        if isinstance(found, str):
            return found
        structure, catapult = found
        if catapult.fired_round == world.clock.round:
            return "the catapult has already fired this turn (R8.8)"
        ability = world.rules.structures[structure.structure_type].ability("bombard", abilities.Bombard)
        if ability is None:  # a mobile structure without `bombard` in its data never strikes
            return "it cannot bombard (no `bombard` ability)"
        reach = ability.range
        distance = world.board.distance(structure.territory, cmd.territory)
        if distance == 0 or distance > reach:
            return "a catapult fires at a neighbouring territory, never its own (R8.8)"
        if cmd.target not in bombard_targets(world, cmd.territory, world.issuer):
            return "choose a hostile unit or structure in that territory"
        if cmd.part is not None:
            part = world.app.structure_parts.get(cmd.part)
            if part is None or not esper.has_component(cmd.target, Structure):
                return f"there is no '{cmd.part}' to aim at there"
            if (why := part.reason(world, cmd.target, world.issuer)) is not None:
                return why
        if cmd.ammo == "unit":
            army = esper.component_for_entity(catapult.army, Army) if catapult.army is not None else None
            if army is None or cmd.ammo_unit not in army.units:
                return "only a unit of the catapult's own army can be fired (R8.8)"
            if len(army.units) < 2 or cmd.ammo_unit == catapult.crew:
                return "the crew and the army's last unit cannot be fired"
            return None
        if cmd.ammo not in world.rules.catapult.ammo:
            return f"'{cmd.ammo}' is not catapult ammunition"
        if q.stockpile(world, world.issuer).get(cmd.ammo, 0) < 1:
            return f"you have no {cmd.ammo} to fire"
        return None

    @staticmethod
    def apply(world: World, cmd: Bombard) -> None:
        structure = esper.component_for_entity(cmd.catapult, Structure)
        catapult = esper.component_for_entity(cmd.catapult, Catapult)
        catapult.fired_round = world.clock.round
        if cmd.ammo == "unit":
            assert cmd.ammo_unit is not None
            damage = world.rules.catapult.unit_ammo_damage
            remove_units(world, [cmd.ammo_unit])
        else:
            damage = world.rules.catapult.ammo[cmd.ammo]
            q.stockpile(world, world.issuer)[cmd.ammo] -= 1
        hit, absorbed_by = cmd.target, None
        for entity in line_of_fire(world, structure.territory, cmd.territory, cmd.target):
            if absorbs(world, esper.component_for_entity(entity, Structure)):
                hit, absorbed_by = entity, entity
                break
        if hit == cmd.target and cmd.part is not None:  # the named part takes it; its structure stands
            world.app.structure_parts[cmd.part].hit(world, hit, damage)
            destroyed = False
        elif esper.has_component(hit, Structure):
            destroyed = damage_structure(world, hit, damage)
        else:
            penalty = world.app.hooks.bombard_damage  # a mod's rule for units hit (E6.1), else R8.8 in full
            damage = penalty(world, hit, damage) if penalty is not None else damage
            q.unit(hit).damage += damage
            stationed = q.unit_is_stationed(hit)
            destroyed = unit_health(world, hit, stationed) <= 0
            if destroyed:
                remove_units(world, [hit])
        world.emit(
            CatapultFired(cmd.catapult, structure.territory, cmd.territory, cmd.ammo, cmd.target, damage, hit,
                          absorbed_by, destroyed, cmd.part)
        )
        check_flags(world)


def line_of_fire(world: World, source: int, target_territory: int, target: int) -> list[int]:
    """R8.8: the wall on the border crossed, then a tower in the target territory unless it is the target."""
    out = []
    wall = q.wall_between(world, source, target_territory)
    if wall is not None and wall[0] != target:
        out.append(wall[0])
    tower = q.structure_in(world, target_territory, "land")
    if tower is not None and tower[0] != target:
        out.append(tower[0])
    return out
