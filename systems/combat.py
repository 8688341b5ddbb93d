"""Combat (R8): battle rounds with their pairings, structure attacks, stationed fire and bombardment."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence, Set
from typing import TypeVar

import esper

from components.armies import Army, ArmyUnit, Battle
from components.structures import Catapult, Structure
from systems import queries as q
from systems.events import (
    ArmyDestroyed,
    BattleEnded,
    BattleRoundFought,
    BattleStarted,
    Strike,
    StructureDestroyed,
    UnitsDestroyed,
)
from systems.world import World

T = TypeVar("T")


def unit_attack(world: World, unit_entity: int, structure: Structure | None = None) -> int:
    """A unit's attack: its own in an army, its type's stationed attack plus upgrades in a structure (R6.4)."""
    unit = q.unit(unit_entity)
    if structure is None:
        return unit.attack
    bonus = sum(world.rules.upgrades[u].stationed_attack for u in structure.upgrades)
    attack = world.rules.units[unit.unit_type].stationed.attack + bonus
    stats = world.app.hooks.stationed_stats
    if stats is not None:  # a mod's bonus for stationed units (equipment, ...)
        stationed = world.rules.units[unit.unit_type].stationed
        attack = stats(world, unit_entity, structure, attack, stationed.defense)[0]
    return attack


def unit_defense(world: World, unit_entity: int, stationed: bool = False) -> int:
    unit = q.unit(unit_entity)
    if not stationed:
        return unit.defense
    spec = world.rules.units[unit.unit_type].stationed
    stats = world.app.hooks.stationed_stats
    if stats is not None:  # a mod's bonus for stationed units (equipment, ...)
        return stats(world, unit_entity, None, spec.attack, spec.defense)[1]
    return spec.defense


def unit_health(world: World, unit_entity: int, stationed: bool = False) -> int:
    return unit_defense(world, unit_entity, stationed) - q.unit(unit_entity).damage


def pairings(world: World, attackers: list[int], defenders: list[int]) -> list[tuple[int, int]]:
    """R8.2: who strikes whom this round, as (striker, target) pairs, after shuffling both sides."""
    return pair_strikes(world.rng, attackers, defenders, _rearguard(world, [*attackers, *defenders]))


def pair_strikes(rng: random.Random, attackers: list[T], defenders: list[T], rear: Set[T]) -> list[tuple[T, T]]:
    """R8.2 over any distinct tokens (unit entities in battle, indices in a forecast), drawing from `rng`.

    Both sides are shuffled; the larger side's unit i targets the smaller side's unit i mod n; each of those
    strikes back once, at one of the units that target it. Units in `rear` (the `rearguard` ability, e.g. a
    mod's medics) are targeted only when no other unit of their side is left: they are left out of the
    targets, and struck back at only as a last resort.
    """
    attackers, defenders = list(attackers), list(defenders)
    rng.shuffle(attackers)
    rng.shuffle(defenders)
    if len(attackers) >= len(defenders):
        return _spread(rng, attackers, defenders, rear)
    return _spread(rng, defenders, attackers, rear)


def _spread(rng: random.Random, many: list[T], few: list[T], rear: Set[T]) -> list[tuple[T, T]]:
    targets = ([u for u in few if u not in rear] or few) if rear else few
    count = len(targets)
    strikes = [(unit, targets[i % count]) for i, unit in enumerate(many)]
    # the strikers facing targets[j] are many[j], many[j + count], ... (in order)
    if not rear:
        for j, target in enumerate(few):
            facing = many[j::count]
            strikes.append((target, rng.choice(facing) if len(facing) > 1 else facing[0]))
        return strikes
    slot = {target: j for j, target in enumerate(targets)}
    front = [u for u in many if u not in rear]
    for target in few:
        index = slot.get(target)
        facing = many[index::count] if index is not None else []
        facing = [u for u in facing if u not in rear] or front or facing or many
        strikes.append((target, rng.choice(facing) if len(facing) > 1 else facing[0]))
    return strikes


def _rearguard(world: World, units: list[int]) -> set[int]:
    types = world.rules.units
    if not any(spec.has("rearguard") for spec in types.values()):
        return set()
    return {u for u in units if types[q.unit(u).unit_type].has("rearguard")}


def fighter(world: World, unit_entity: int) -> tuple[int, int, bool]:
    """A unit in an army as plain numbers for `simulate_battle`: (attack, health, rearguard)."""
    unit = q.unit(unit_entity)
    rearguards = _rearguard_types(world)
    return unit.attack, unit.defense - unit.damage, unit.unit_type in rearguards


def fighters(world: World, unit_entities: Sequence[int]) -> list[tuple[int, int, bool]]:
    """`fighter` for each of several units, in order (forecasts and computer players read whole armies)."""
    entities = esper._entities  # component_for_entity inline: one lookup per unit
    return fighters_of(world, [entities[u][ArmyUnit] for u in unit_entities])


def fighters_of(world: World, units: Sequence[ArmyUnit]) -> list[tuple[int, int, bool]]:
    """`fighters` for unit components already read (a caller that reads the units for more than this)."""
    rearguards = _rearguard_types(world)
    return [(unit.attack, unit.defense - unit.damage, unit.unit_type in rearguards) for unit in units]


def _rearguard_types(world: World) -> set[str]:
    rearguards: set[str] | None = world.derived.get("rearguard_types")
    if rearguards is None:
        rearguards = world.derived["rearguard_types"] = {
            t for t, spec in world.rules.units.items() if spec.has("rearguard")}
    return rearguards


def simulate_battle(
    rng: random.Random, attackers: Sequence[Sequence[int]], defenders: Sequence[Sequence[int]], max_rounds: int
) -> tuple[list[list[int]], list[list[int]], int]:
    """Battle rounds (R8.2-R8.3) on plain numbers, with the real pairing and a caller's generator (never the
    game's): each unit is (attack, health) or (attack, health, rearguard). Returns the survivors of each side
    as [attack, health, rearguard] and the rounds fought."""
    units = [[u[0], u[1], len(u) > 2 and bool(u[2])] for u in (*attackers, *defenders)]
    rear = {i for i, u in enumerate(units) if u[2]}
    side_a = list(range(len(attackers)))
    side_d = list(range(len(attackers), len(units)))
    rounds = 0
    while side_a and side_d and rounds < max_rounds:
        rounds += 1
        for striker, target in pair_strikes(rng, side_a, side_d, rear):
            units[target][1] -= units[striker][0]
        side_a = [i for i in side_a if units[i][1] > 0]
        side_d = [i for i in side_d if units[i][1] > 0]
    return [units[i] for i in side_a], [units[i] for i in side_d], rounds


def start_battle(world: World, attacker: int, defender: int, starter_seat: int) -> int:
    """R8.1: put two armies into a battle in the defender's territory and fight its first round (R8.4)."""
    army_a = esper.component_for_entity(attacker, Army)
    army_d = esper.component_for_entity(defender, Army)
    battle = esper.create_entity(
        Battle(army_d.territory, attacker, defender, starter_seat, attacker_owner=army_a.owner, defender_owner=army_d.owner)
    )
    army_a.battle = army_d.battle = battle
    world.emit(BattleStarted(battle, army_d.territory, attacker, defender, army_a.owner, army_d.owner))
    fight_round(world, battle)
    return battle


def fight_round(world: World, battle_entity: int) -> None:
    """One round of a battle (R8.2, R8.3); ends the battle when a side has no units left."""
    battle = esper.component_for_entity(battle_entity, Battle)
    army_a = esper.component_for_entity(battle.attacker, Army)
    army_d = esper.component_for_entity(battle.defender, Army)
    strikes = []
    for striker, target in pairings(world, army_a.units, army_d.units):
        strikes.append(Strike(striker, target, unit_attack(world, striker)))
    for strike in strikes:
        q.unit(strike.target).damage += strike.damage
    battle.rounds += 1
    dead = [u for u in (*army_a.units, *army_d.units) if unit_health(world, u) <= 0]
    world.emit(BattleRoundFought(battle_entity, battle.territory, battle.rounds, tuple(strikes), tuple(dead)))
    a_left = any(u not in dead for u in army_a.units)
    d_left = any(u not in dead for u in army_d.units)
    if not (a_left and d_left):
        end_battle(world, battle_entity, battle.attacker if a_left else battle.defender if d_left else None)
    remove_units(world, dead)


def end_battle(world: World, battle_entity: int, winner_army: int | None, retreated: bool = False) -> None:
    """Close a battle; both armies are free again. `winner_army` None means neither side is left."""
    battle = esper.component_for_entity(battle_entity, Battle)
    for army_entity in (battle.attacker, battle.defender):
        if esper.entity_exists(army_entity):
            esper.component_for_entity(army_entity, Army).battle = None
    if winner_army == battle.attacker:
        winner_owner, loser_owner = battle.attacker_owner, battle.defender_owner
    elif winner_army == battle.defender:
        winner_owner, loser_owner = battle.defender_owner, battle.attacker_owner
    else:
        winner_owner, loser_owner = None, None
    world.emit(
        BattleEnded(battle_entity, battle.territory, winner_owner, winner_army, loser_owner, battle.rounds, retreated)
    )
    esper.delete_entity(battle_entity)


def remove_units(world: World, dead: list[int]) -> None:
    """Destroy units: out of their army or garrison; an emptied army is destroyed and its battle ends."""
    if not dead:
        return
    dead_set = set(dead)
    by_territory: dict[int, list[int]] = {}
    for army_entity, army in list(q.armies()):
        lost = [u for u in army.units if u in dead_set]
        if not lost:
            continue
        by_territory.setdefault(army.territory, []).extend(lost)
        army.units = [u for u in army.units if u not in dead_set]
        if army.catapult is not None:
            catapult = esper.component_for_entity(army.catapult, Catapult)
            if catapult.crew in dead_set or not army.units:
                catapult.crew = None
                catapult.army = None
                army.catapult = None
        if not army.units:
            world.emit(ArmyDestroyed(army_entity, army.territory, army.owner))
            if army.battle is not None and esper.entity_exists(army.battle):
                battle = esper.component_for_entity(army.battle, Battle)
                other = battle.defender if battle.attacker == army_entity else battle.attacker
                army.battle = None
                if esper.entity_exists(other):
                    end_battle(world, _battle_of(other), other)
            esper.delete_entity(army_entity)
    for _, structure in q.structures():
        lost = [u for u in structure.garrison if u in dead_set]
        if lost:
            structure.garrison = [u for u in structure.garrison if u not in dead_set]
            by_territory.setdefault(structure.territory, []).extend(lost)
    for territory, units in by_territory.items():
        world.emit(UnitsDestroyed(territory, tuple(units)))
    for u in dead:
        if esper.entity_exists(u):
            esper.delete_entity(u)


def _battle_of(army_entity: int) -> int:
    battle = esper.component_for_entity(army_entity, Army).battle
    assert battle is not None
    return battle


def damage_structure(world: World, structure_entity: int, damage: int) -> bool:
    """Apply damage to a structure; destroyed at 0 with its garrison (R6.4). True when destroyed."""
    structure = esper.component_for_entity(structure_entity, Structure)
    structure.health -= damage
    if structure.health > 0:
        return False
    destroy_structure(world, structure_entity)
    return True


def destroy_structure(world: World, structure_entity: int) -> None:
    structure = esper.component_for_entity(structure_entity, Structure)
    remove_units(world, list(structure.garrison))
    catapult = esper.try_component(structure_entity, Catapult)
    if catapult is not None and catapult.army is not None and esper.entity_exists(catapult.army):
        esper.component_for_entity(catapult.army, Army).catapult = None
    world.emit(
        StructureDestroyed(
            structure_entity, structure.structure_type, structure.territory, structure.border, structure.owner
        )
    )
    esper.delete_entity(structure_entity)


def protection(world: World, structure: Structure) -> int:
    base = world.rules.structures[structure.structure_type].protection
    value = min(100, base + sum(world.rules.upgrades[u].protection for u in structure.upgrades))
    hook = world.app.hooks.structure_protection
    return hook(world, structure, value) if hook is not None else value


def absorbs(world: World, structure: Structure) -> bool:
    """A protection roll (R8.6, R8.8): True when the structure takes the strike instead."""
    chance = protection(world, structure)
    return chance > 0 and world.rng.random() * 100 < chance


# (world, the attacking units as they were before the attack, the structure) -> None: a mod's rule that follows
# every attack on a structure (R8.6), whichever command made it (E4.2's fire)
AfterStructureAttack = Callable[["World", "tuple[int, ...]", int], None]


def structure_attack_done(world: World, attackers: tuple[int, ...], structure_entity: int) -> None:
    """R8.6 is over (its event emitted, flags checked): the mods' rules that follow an attack on a structure run,
    in load order, unless the attack won the game."""
    if world.clock.winner is None:
        for follow in world.app.after_structure_attack:
            follow(world, attackers, structure_entity)


def attack_structure(
    world: World, army_entity: int, structure_entity: int, hit: Callable[[int], None] | None = None
) -> tuple[list[Strike], list[int]]:
    """R8.6: each unit strikes once, stationed units first (spread evenly), absorbed by protection rolls.
    `hit(damage)`: where the strikes at the structure land when a part of it is the named target (a mod's
    gate in a wall); by default the structure itself takes them. A strike the structure absorbs is the
    structure's, whatever was named: it never reaches the named part (E2.5: it does not wear the gate down)."""
    army = esper.component_for_entity(army_entity, Army)
    structure = esper.component_for_entity(structure_entity, Structure)
    garrison = list(structure.garrison)
    strikes: list[Strike] = []
    structure_damage = 0  # strikes at the structure itself (or the part named)
    absorbed_damage = 0  # strikes at stationed units that the structure absorbed (R8.6)
    attackers = list(army.units)
    world.rng.shuffle(attackers)
    special = world.app.hooks.structure_strike
    for index, striker in enumerate(attackers):
        at_structure = special(world, striker, army_entity, structure_entity) if special is not None else None
        if at_structure is not None:  # a mod's strike at the structure itself (a ram), never at its garrison
            strikes.append(Strike(striker, structure_entity, at_structure))
            structure_damage += at_structure
            continue
        damage = unit_attack(world, striker)
        if garrison:
            target = garrison[index % len(garrison)]
            if absorbs(world, structure):
                strikes.append(Strike(striker, target, damage, absorbed_by=structure_entity))
                absorbed_damage += damage
            else:
                strikes.append(Strike(striker, target, damage))
        else:
            strikes.append(Strike(striker, structure_entity, damage))
            structure_damage += damage
    for defender in garrison:
        target = world.rng.choice(attackers)
        strikes.append(Strike(defender, target, unit_attack(world, defender, structure)))
    for strike in strikes:
        if strike.absorbed_by is None and strike.target != structure_entity:
            q.unit(strike.target).damage += strike.damage
    dead = [u for u in garrison if unit_health(world, u, stationed=True) <= 0]
    dead += [u for u in attackers if unit_health(world, u) <= 0]
    remove_units(world, dead)
    if hit is not None:
        hit(structure_damage)
        if absorbed_damage and esper.entity_exists(structure_entity):
            damage_structure(world, structure_entity, absorbed_damage)
    elif esper.entity_exists(structure_entity):
        damage_structure(world, structure_entity, structure_damage + absorbed_damage)
    return strikes, dead


def fight_started_battles(world: World) -> None:
    """R3.4/R8.4: at the start of Main, every ongoing battle started by this player fights its next round."""
    from components.armies import Battle

    for entity, battle in sorted(esper.get_component(Battle), key=lambda pair: pair[0]):
        if battle.starter_seat == world.clock.seat and esper.entity_exists(entity):
            fight_round(world, entity)


def contact_battle(world: World, arriving: int, resident: int) -> None:
    """The base game's contact hook (R5.5, R8.1): an army moving onto a hostile army attacks it; attacking
    ends the mover's actions."""
    esper.component_for_entity(arriving, Army).done = True
    start_battle(world, arriving, resident, world.clock.seat)
