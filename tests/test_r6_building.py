"""R6 Building: units at the base, structure placement, stationing and garrisons, upgrades, repairs."""

from __future__ import annotations

import esper

from components.armies import Army
from components.commands import BuildStructure, BuildUnit, Repair, Station, Unstation, Upgrade
from components.structures import Structure
from game.queries import build_options, structure_placements
from game.snapshot import state_hash
from systems import queries as q
from tests.builders import army, at, spawn_army, spawn_structure, tiny_game

ROWS = ["ppsd", "pppp", "pppp"]


def structure(game, entity) -> Structure:
    return esper.component_for_entity(entity, Structure)


def test_r6_1_a_unit_is_built_at_the_base_for_its_cost_with_zero_mp():
    game = tiny_game(ROWS, {1: (0, 0), 2: (3, 2)})
    food = q.stockpile(game.world, 1)["food"]
    result = game.submit(BuildUnit("soldier"))
    assert result.ok
    (built,) = result.events
    new_army = army(game, built.army)
    assert new_army.territory == 0 and new_army.mp == 0
    assert q.stockpile(game.world, 1)["food"] == food - 10
    game.submit(BuildUnit("soldier"))
    assert len(army(game, built.army).units) == 2


def test_r6_1_building_without_the_resources_is_refused_and_changes_nothing():
    game = tiny_game(ROWS, {1: (0, 0), 2: (3, 2)}, resources={"food": 5})
    before = state_hash(game.world)
    refused = game.submit(BuildUnit("ranger"))
    assert refused.reason == "not enough resources: need 20 food more"
    assert state_hash(game.world) == before
    options = {o.label: o for o in build_options(game)}
    assert not options["Soldier"].available and options["Soldier"].cost == {"food": 10}


def test_r6_2_structures_cost_their_price_and_have_their_defense():
    game = tiny_game(ROWS, {1: (0, 0), 2: (3, 2)}, resources={"wood": 20, "stone": 30})
    result = game.submit(BuildStructure("stone_tower", 0))
    assert result.ok
    tower = structure(game, result.events[0].structure)
    assert (tower.health, tower.protection) == (60, 75)
    assert q.stockpile(game.world, 1)["stone"] == 10


def test_r6_3_walls_go_on_owned_borders_but_not_deep_water_and_one_per_border():
    game = tiny_game(ROWS, {1: (2, 1), 2: (0, 2)}, resources={"wood": 100})
    game.world.set_owner(2, 1)
    assert game.submit(BuildStructure("wooden_wall", at(game, 2, 1), at(game, 2, 0))).ok
    again = game.submit(BuildStructure("wooden_wall", at(game, 2, 0), at(game, 2, 1)))
    assert "already has a wall" in again.reason
    deep = game.submit(BuildStructure("wooden_wall", 2, 3))
    assert "deep water" in deep.reason
    foreign = game.submit(BuildStructure("wooden_wall", at(game, 0, 0), at(game, 1, 0)))
    assert "must own" in foreign.reason


def test_r6_3_a_tower_on_owned_land_one_per_territory_and_a_bridge_on_water_next_to_owned_land():
    game = tiny_game(ROWS, {1: (1, 0), 2: (3, 2)}, resources={"wood": 100, "stone": 100})
    assert game.submit(BuildStructure("wooden_tower", 1)).ok
    assert "already has a tower" in game.submit(BuildStructure("stone_tower", 1)).reason
    assert "a bridge must be next" in game.submit(BuildStructure("bridge", 3)).reason
    assert game.submit(BuildStructure("bridge", 2)).ok
    placements = structure_placements(game, "bridge")
    assert placements == []


def test_r6_4_a_single_unit_army_may_station_up_to_the_garrison_capacity():
    game = tiny_game(ROWS, {1: (0, 0), 2: (3, 2)})
    wall = spawn_structure(game, 1, "wooden_wall", 0, border=1)
    one = spawn_army(game, 1, 1, ["defender"])
    two = spawn_army(game, 1, 0, ["soldier", "soldier"])
    assert "exactly one unit" in game.submit(Station(two, wall)).reason
    assert game.submit(Station(one, wall)).ok
    assert not esper.entity_exists(one) and len(structure(game, wall).garrison) == 1
    another = spawn_army(game, 1, at(game, 0, 1), ["soldier"])
    esper.component_for_entity(another, Army).territory = 0
    esper.component_for_entity(two, Army).territory = at(game, 1, 1)
    assert "full" in game.submit(Station(another, wall)).reason


def test_r6_4_a_stationed_unit_leaves_as_an_army_of_one():
    game = tiny_game(ROWS, {1: (0, 0), 2: (3, 2)})
    tower = spawn_structure(game, 1, "stone_tower", 1, garrison=["ranger"])
    unit = structure(game, tower).garrison[0]
    assert "leaves into" in game.submit(Unstation(tower, unit, 2)).reason
    result = game.submit(Unstation(tower, unit, 1))
    assert result.ok
    new_army = army(game, result.events[0].army)
    assert new_army.units == [unit] and new_army.territory == 1 and structure(game, tower).garrison == []


def test_r6_2_a_defense_upgrade_adds_defense_and_protection_once():
    game = tiny_game(ROWS, {1: (0, 0), 2: (3, 2)}, resources={"metal": 30})
    tower = spawn_structure(game, 1, "wooden_tower", 0)
    assert game.submit(Upgrade(tower, "defense_upgrade")).ok
    assert (structure(game, tower).max_health, structure(game, tower).protection) == (35, 45)
    assert "once" in game.submit(Upgrade(tower, "defense_upgrade")).reason


def test_r6_5_repair_restores_points_up_to_the_maximum_at_the_repair_cost():
    game = tiny_game(ROWS, {1: (0, 0), 2: (3, 2)}, resources={"wood": 4})
    tower = spawn_structure(game, 1, "wooden_tower", 0)
    structure(game, tower).health = 10
    assert "at most 5" in game.submit(Repair(tower, 6)).reason
    assert "not enough" in game.submit(Repair(tower, 5)).reason
    assert game.submit(Repair(tower, 4)).ok
    assert structure(game, tower).health == 14 and q.stockpile(game.world, 1)["wood"] == 0
