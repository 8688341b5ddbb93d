"""Rogue armies (R9): going rogue, the rogue limit, wild rogues, and their unpredictable Rogue stage."""

from __future__ import annotations

import esper

from components.armies import Army, ArmyUnit, Rogue
from components.structures import Catapult, Structure
from systems import queries as q
from systems.events import ArmyWentRogue, RogueAppeared, RogueDisbanded
from systems.placing import can_stand
from systems.world import World


def make_room_for_rogue(world: World) -> None:
    """R9.2: at the limit, a random existing rogue army is destroyed before another is created."""
    rogues = q.rogue_armies()
    while rogues and len(rogues) >= world.rules.limits.rogue_armies:
        entity, army = world.rng.choice(sorted(rogues, key=lambda pair: pair[0]))
        disband(world, entity)
        rogues = [(e, a) for e, a in rogues if e != entity]


def disband(world: World, entity: int) -> None:
    from systems.combat import end_battle

    army = esper.component_for_entity(entity, Army)
    if army.battle is not None and esper.entity_exists(army.battle):
        from components.armies import Battle

        battle = esper.component_for_entity(army.battle, Battle)
        other = battle.defender if battle.attacker == entity else battle.attacker
        end_battle(world, army.battle, other)
    world.emit(RogueDisbanded(entity, army.territory))
    for u in army.units:
        esper.delete_entity(u)
    esper.delete_entity(entity)


def make_rogue(world: World, entity: int, seat: int, chance: float, roll: float) -> None:
    """R9.1: the army keeps its units and place, loses its owner, and is tied to its former owner's turn."""
    if world.rules.limits.rogue_armies <= 0:
        return
    make_room_for_rogue(world)
    army = esper.component_for_entity(entity, Army)
    if army.catapult is not None:
        esper.component_for_entity(army.catapult, Catapult).army = None
        esper.component_for_entity(army.catapult, Catapult).crew = None
        army.catapult = None
    army.owner = None
    army.mp = army.open_mp = 0
    army.done = True
    esper.add_component(entity, Rogue(seat))
    world.emit(ArmyWentRogue(seat, entity, army.territory, chance, roll))
    _settle_battle_with_rogue(world, entity)


def _settle_battle_with_rogue(world: World, entity: int) -> None:
    """A battle whose armies are now both rogue ends: rogues are not hostile to each other (R9.4)."""
    from components.armies import Battle
    from systems.combat import end_battle

    army = esper.component_for_entity(entity, Army)
    if army.battle is None:
        return
    battle = esper.component_for_entity(army.battle, Battle)
    other = battle.defender if battle.attacker == entity else battle.attacker
    if esper.component_for_entity(other, Army).owner is None:
        end_battle(world, army.battle, None)


def unstation_as_rogue(world: World, structure_entity: int, unit: int, chance: float, roll: float) -> None:
    """An unpaid stationed unit that goes rogue walks out of its structure as a rogue army of one.

    It deserts instead (is removed) when a rogue army already stands there, or when it could not stand
    on the structure's terrain (a unit aboard a plugin's ship at sea).
    """
    structure = esper.component_for_entity(structure_entity, Structure)
    structure.garrison.remove(unit)
    stranded = not can_stand(world, q.unit(unit).unit_type, structure.territory)
    if stranded or any(a.owner is None for _, a in q.armies_at(structure.territory)):
        esper.delete_entity(unit)
        return
    entity = esper.create_entity(Army(owner=structure.owner, territory=structure.territory, units=[unit]))
    make_rogue(world, entity, world.clock.seat, chance, roll)


def spawn_wild_rogue(world: World) -> None:
    """R9.3: with the ruleset's chance, a small rogue army appears on a random neutral, empty land territory."""
    rules = world.rules.rogue
    if world.rules.limits.rogue_armies <= 0 or world.rng.random() >= rules.wild_chance:
        return
    territory = wild_rogue_spot(world)
    if territory is None:
        return
    size = world.rng.randint(*rules.wild_size)
    units = []
    names = []
    for _ in range(size):
        unit_type = world.rng.choice(rules.wild_unit_types)
        combat = world.rules.units[unit_type].combat
        vary = rules.wild_stat_variation
        attack = max(rules.wild_min_stat, combat.attack + world.rng.randint(-vary, vary))
        defense = max(rules.wild_min_stat, combat.defense + world.rng.randint(-vary, vary))
        units.append(esper.create_entity(ArmyUnit(unit_type, attack, defense, 0, world.clock.round)))
        names.append(unit_type)
    _drop_extra_limited(world, units)
    make_room_for_rogue(world)
    entity = esper.create_entity(Army(owner=None, territory=territory, units=units), Rogue(world.clock.seat))
    world.emit(RogueAppeared(world.clock.seat, entity, territory, tuple(q.unit(u).unit_type for u in units)))


def wild_rogue_spot(world: World) -> int | None:
    """A uniformly random neutral, empty land territory: rejection sampling, then a full scan if unlucky."""
    taken = {a.territory for _, a in q.armies()} | {s.territory for _, s in q.structures()}
    taken |= {b for s in world.seats if (b := q.home_base(world, s)) is not None}

    def free(t: int) -> bool:
        return world.rules.is_land(world.terrain[t]) and t not in taken and world.owner_of(t) is None

    for _ in range(64):
        guess = world.rng.randrange(world.board.size)
        if free(guess):
            return guess
    candidates = [t for t in range(world.board.size) if free(t)]
    return world.rng.choice(candidates) if candidates else None


def _drop_extra_limited(world: World, units: list[int]) -> None:
    """Wild rogues follow the army rules too (R9.1): drop units beyond a type's per-army cap."""
    kept: list[str] = []
    for u in list(units):
        if q.fit_reason(world, [*kept, q.unit(u).unit_type]) is None:
            kept.append(q.unit(u).unit_type)
        else:
            units.remove(u)
            esper.delete_entity(u)
