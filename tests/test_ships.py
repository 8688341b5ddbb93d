"""The ships mod (a plugin, seed 4.3): docks, transports carrying army units over water, battleships' guns."""

from __future__ import annotations

import esper

from components.commands import BuildStructure, ChooseBase, EndTurn, Unstation
from components.structures import Structure
from game.content import plugin_army_options, plugin_module, plugin_player_options, plugin_structure_options
from game.queries import structure_placements
from game.setup import PlayerSpec, create_game
from game.snapshot import snapshot
from systems import queries as q
from systems.combat import damage_structure
from tests.builders import army, at, spawn_army, spawn_structure, tiny_map

SEA = ["ppsddspp", "ppsddspp", "ppsddspp"]
RICH = {"food": 200, "wood": 200, "stone": 50, "metal": 50}


def ships_game(rows: list[str] = SEA, mods: tuple[str, ...] = ("ships",)):
    bases = {1: (0, 1), 2: (7, 1)}
    game = create_game(tiny_map(rows, 2), [PlayerSpec("P1"), PlayerSpec("P2")], 1, mods=list(mods))
    for seat in sorted(bases):
        x, y = bases[seat]
        assert game.submit(ChooseBase(y * len(rows[0]) + x)).ok
    for seat in game.world.seats:
        q.stockpile(game.world, seat).update(RICH)
    game.world.set_owner(at(game, 1, 1), 1)  # a shore territory of seat 1 (land next to the water)
    return game


def ships():
    module = plugin_module("ships")
    assert module is not None
    return module


def ready(game) -> None:
    """Give the current player's ships their MP, as its Upkeep stage does."""
    ships().ready_ships(game.world)


def structure(game, entity: int) -> Structure:
    game.world.activate()
    return esper.component_for_entity(entity, Structure)


def built(result) -> int:
    return next(e.structure for e in result.events if type(e).__name__ == "StructureBuilt")


def test_the_seeds_numbers_are_in_the_data():
    rules = ships_game().world.rules.structures
    assert (rules["dock"].cost, rules["dock"].defense, rules["dock"].placement) == ({"wood": 15}, 10, "shore")
    assert (rules["small_transport"].cost, rules["small_transport"].defense, rules["small_transport"].garrison) == (
        {"wood": 30}, 5, 5)
    assert (rules["large_transport"].cost, rules["large_transport"].defense, rules["large_transport"].garrison) == (
        {"wood": 50}, 15, 15)
    battleship = rules["battleship"]
    assert (battleship.cost, battleship.defense, battleship.garrison) == ({"wood": 50, "metal": 10}, 20, 10)
    assert battleship.ability("naval_gun").attack == 5  # type: ignore[union-attr]
    assert battleship.ability("vessel").crew == 1  # type: ignore[union-attr]
    assert all(rules[s].name and rules[s].description for s in ("dock", "small_transport", "large_transport", "battleship"))


def test_a_dock_stands_on_a_shore_and_ships_are_launched_beside_it():
    game = ships_game()
    assert not game.submit(BuildStructure("dock", at(game, 0, 1))).ok  # the base is not next to water
    dock = game.submit(BuildStructure("dock", at(game, 1, 1)))
    assert dock.ok
    assert structure_placements(game, "small_transport") == [BuildStructure("small_transport", at(game, 2, 1))]
    refused = game.submit(BuildStructure("small_transport", at(game, 3, 1)))
    assert refused.reason == "a ship is launched next to one of your docks"
    ship = built(game.submit(BuildStructure("small_transport", at(game, 2, 1))))
    assert q.stockpile(game.world, 1)["wood"] == RICH["wood"] - 15 - 30
    assert game.submit(ships().Sail(ship, (at(game, 3, 1),))).reason == "a new ship sails from your next turn"


def test_units_board_at_a_dock_sail_across_and_land_on_the_far_shore():
    game = ships_game()
    assert game.submit(BuildStructure("dock", at(game, 1, 1))).ok
    ship = built(game.submit(BuildStructure("small_transport", at(game, 2, 1))))
    troops = spawn_army(game, 1, at(game, 1, 1), ["soldier", "soldier", "defender"])
    units = list(army(game, troops).units)
    boarded = game.submit(ships().Embark(troops, ship))
    assert boarded.ok, boarded
    assert structure(game, ship).garrison == units and not esper.entity_exists(troops)
    assert game.submit(EndTurn()).ok and game.submit(EndTurn()).ok  # the ship gets its MP at seat 1's upkeep
    path = (at(game, 3, 1), at(game, 4, 1), at(game, 5, 1))
    assert ships().sail_reach(game.world, ship)[at(game, 5, 1)] == path
    sailed = game.submit(ships().Sail(ship, path))
    assert sailed.ok and structure(game, ship).territory == at(game, 5, 1)
    assert [type(e).__name__ for e in sailed.events] == ["ShipSailed"]
    assert ships().landing_sites(game.world, ship) == [at(game, 6, 1)]
    landed = game.submit(ships().Disembark(ship, at(game, 6, 1)))
    assert landed.ok, landed
    ashore = q.army_of(1, at(game, 6, 1))
    assert ashore is not None and ashore[1].units == units and ashore[1].mp == 0
    assert structure(game, ship).garrison == []


def test_boarding_needs_a_dock_room_aboard_and_mp():
    game = ships_game()
    ship = spawn_structure(game, 1, "small_transport", at(game, 2, 1))
    troops = spawn_army(game, 1, at(game, 1, 1), ["soldier"] * 6)
    assert game.submit(ships().Embark(troops, ship)).reason == "units board ships only from one of your docks"
    spawn_structure(game, 1, "dock", at(game, 1, 1))
    refused = game.submit(ships().Embark(troops, ship))
    assert refused.reason == "the ship has room for 5 more army slot(s) and these units need 6"
    five = tuple(army(game, troops).units[:5])
    assert game.submit(ships().Embark(troops, ship, five)).ok
    assert len(army(game, troops).units) == 1 and army(game, troops).mp == 3  # boarding cost the rest 1 MP
    tired = spawn_army(game, 1, at(game, 1, 1), ["soldier"], mp=0)
    other = spawn_structure(game, 1, "large_transport", at(game, 2, 1))
    assert game.submit(ships().Embark(tired, other)).reason == "boarding needs 1 MP and the army has 0"


def test_cavalry_fills_two_places_aboard():
    game = ships_game(mods=("ships", "cavalry"))
    spawn_structure(game, 1, "dock", at(game, 1, 1))
    ship = spawn_structure(game, 1, "small_transport", at(game, 2, 1))
    riders = spawn_army(game, 1, at(game, 1, 1), ["cavalry"] * 3)
    refused = game.submit(ships().Embark(riders, ship))
    assert refused.reason == "the ship has room for 5 more army slot(s) and these units need 6"


def test_landing_is_refused_on_water_on_hostile_armies_and_unstationing_into_the_sea():
    game = ships_game()
    ship = spawn_structure(game, 1, "small_transport", at(game, 4, 1), garrison=["soldier", "soldier"])
    assert game.submit(ships().Disembark(ship, at(game, 3, 1))).reason == "Soldiers cannot land on deep water"
    assert game.submit(ships().Disembark(ship, at(game, 6, 1))).reason == "units land on a territory next to the ship"
    sailor = structure(game, ship).garrison[0]
    refused = game.submit(Unstation(ship, sailor, at(game, 4, 1)))
    assert refused.reason == "Soldiers cannot stand in deep water"
    esper.component_for_entity(ship, Structure).territory = at(game, 5, 1)
    spawn_army(game, 2, at(game, 6, 1), ["soldier"])
    assert game.submit(ships().Disembark(ship, at(game, 6, 1))).reason == "a hostile army stands there; land somewhere else"


def test_a_battleship_needs_a_crew_and_shells_hostile_structures_nearby_once_a_turn():
    game = ships_game()
    empty = spawn_structure(game, 1, "battleship", at(game, 5, 1))
    tower = spawn_structure(game, 2, "wooden_tower", at(game, 6, 1))
    far_tower = spawn_structure(game, 2, "wooden_tower", at(game, 7, 0))
    own = spawn_structure(game, 1, "wooden_tower", at(game, 6, 0))
    ready(game)
    assert game.submit(ships().Sail(empty, (at(game, 4, 1),))).reason == "a battleship needs 1 army unit(s) aboard to sail"
    assert game.submit(ships().ShipFire(empty, tower)).reason == "a battleship needs 1 army unit(s) aboard to fire"
    crewed = spawn_structure(game, 1, "battleship", at(game, 5, 1), garrison=["soldier"])
    ready(game)
    assert game.submit(ships().ShipFire(crewed, far_tower)).reason == "that structure is out of the guns' range"
    assert game.submit(ships().ShipFire(crewed, own)).reason == "that structure is not hostile"
    assert ships().gun_targets(game.world, crewed) == [tower]
    fired = game.submit(ships().ShipFire(crewed, tower))
    assert fired.ok and structure(game, tower).health == 15 - 5
    assert game.submit(ships().ShipFire(crewed, tower)).reason == "its guns have already fired this turn"
    assert game.submit(ships().Sail(crewed, (at(game, 4, 1), at(game, 3, 1)))).ok


def test_a_sunk_ship_takes_its_passengers_down():
    game = ships_game()
    ship = spawn_structure(game, 1, "small_transport", at(game, 4, 1), garrison=["soldier", "ranger"])
    aboard = list(structure(game, ship).garrison)
    assert damage_structure(game.world, ship, 5)
    esper.clear_dead_entities()
    assert not any(esper.entity_exists(u) for u in [ship, *aboard])


def test_plugin_options_offer_the_ship_actions_to_the_client_and_the_ai():
    game = ships_game()
    spawn_structure(game, 1, "dock", at(game, 1, 1))
    ship = spawn_structure(game, 1, "small_transport", at(game, 2, 1), garrison=["soldier"])
    troops = spawn_army(game, 1, at(game, 1, 1), ["soldier"])
    ready(game)
    embark = [o for o in plugin_army_options(game, troops) if o.kind == "embark"]
    assert [o.command for o in embark] == [ships().Embark(troops, ship)] and embark[0].available
    kinds = {o.kind for o in plugin_structure_options(game, ship) if o.available}
    assert kinds == {"sail", "disembark"}
    every = plugin_player_options(game)
    assert {o.kind for o in every if o.available} == {"embark", "sail", "disembark"}
    sail = next(o for o in every if o.kind == "sail" and o.mp_cost == 3)
    assert sail.command is not None and game.submit(sail.command).ok


def test_ship_state_is_part_of_the_snapshot_and_commands_survive_the_codec():
    from game.codec import command_from_data, command_to_data

    game = ships_game()
    ship = spawn_structure(game, 1, "small_transport", at(game, 2, 1))
    ready(game)
    entities = snapshot(game.world)["entities"]
    assert entities[str(ship)]["ShipMoves"] == {"mp": 4, "fired_round": -1}
    command = ships().Sail(ship, (at(game, 3, 1), at(game, 4, 1)))
    assert command_from_data(command_to_data(command), "command", game.app.command_types()) == command


def test_ships_get_their_mp_in_their_owners_upkeep():
    game = ships_game()
    assert game.schedule.order("upkeep") == ["upkeep", "ships.ready"]
    assert game.submit(BuildStructure("dock", at(game, 1, 1))).ok
    ship = built(game.submit(BuildStructure("small_transport", at(game, 2, 1))))
    assert game.submit(EndTurn()).ok
    game.world.activate()
    assert esper.try_component(ship, ships().ShipMoves) is None  # not in the other player's upkeep
    assert game.submit(EndTurn()).ok
    assert esper.component_for_entity(ship, ships().ShipMoves).mp == 4
