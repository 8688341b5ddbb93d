"""The siege engine mod (E3): a crewed mobile structure that lifts up to 3 of its army's units over a wall."""

from __future__ import annotations

import esper

from components.commands import Bombard, BuildStructure, ChooseBase, ClimbWall, CrewCatapult, MoveCatapult
from components.structures import Catapult, Structure
from game.queries import army_options
from game.setup import PlayerSpec, create_game
from systems import queries as q
from systems.climbing import climb_commands, fall_odds
from tests.builders import army, spawn_army, spawn_structure, tiny_map

ROWS = ["ppppp", "ppppp"]


def siege_game(seed: int = 1):
    """Seat 1's base at (0,0), seat 2's at (4,0); seat 2's stone wall on the border (2,0)|(3,0)."""
    game = create_game(tiny_map(ROWS, 2), [PlayerSpec("P1"), PlayerSpec("P2")], seed, mods=["siege"])
    assert game.submit(ChooseBase(0)).ok and game.submit(ChooseBase(4)).ok
    for seat in game.world.seats:
        q.stockpile(game.world, seat).update({"food": 100, "wood": 100, "metal": 100, "stone": 100})
    return game


def engine_with_army(game, units: list[str], where: int = 2, wall_guard: int = 0):
    wall = spawn_structure(game, 2, "stone_wall", 3, 2, garrison=["soldier"] * wall_guard)
    engine = spawn_structure(game, 1, "siege_engine", where)
    band = spawn_army(game, 1, where, units)
    crew = army(game, band).units[0]
    assert game.submit(CrewCatapult(engine, band, crew)).ok
    return wall, engine, band, crew


def test_e3_1_the_siege_engine_is_built_at_the_base_for_30_wood_and_5_metal_and_moves_as_a_catapult():
    game = siege_game()
    spec = game.world.rules.structures["siege_engine"]
    assert dict(spec.cost) == {"wood": 30, "metal": 5} and spec.defense == 20 and spec.protection == 0
    assert spec.mobile is not None and spec.mobile.mp == 2 and spec.mobile.movement_class == "wheeled"
    assert game.submit(BuildStructure("siege_engine", 0)).ok
    assert q.stockpile(game.world, 1)["wood"] == 70 and q.stockpile(game.world, 1)["metal"] == 95
    game.world.activate()
    engine = next(e for e, s in q.structures() if s.structure_type == "siege_engine")
    assert esper.has_component(engine, Catapult)


def test_e3_2_it_never_strikes():
    game = siege_game()
    _, engine, band, _ = engine_with_army(game, ["soldier", "soldier"])
    foe = spawn_army(game, 2, 3, ["soldier"])
    result = game.submit(Bombard(engine, 3, "stone", army(game, foe).units[0]))
    assert not result.ok and "bombard" in result.reason


def test_e3_2_it_lifts_its_armys_other_units_never_the_crew_over_a_wall_beside_it_and_stays():
    game = siege_game()
    _, engine, band, crew = engine_with_army(game, ["soldier", "defender", "soldier"])
    climbs = climb_commands(game.world, band)
    others = tuple(u for u in army(game, band).units if u != crew)
    assert climbs == [ClimbWall(band, 3, others)]  # a split: the crew stays with its engine
    assert not game.submit(ClimbWall(band, 3)).ok  # the whole army would take the crew along
    result = game.submit(ClimbWall(band, 3, others))
    assert result.ok, result.reason
    assert sorted(army(game, q.army_of(1, 3)[0]).units) == sorted(others)
    assert esper.component_for_entity(engine, Structure).territory == 2  # it stays
    assert army(game, band).units == [crew]


def test_e3_2_capacity_3_units_a_turn_with_a_10_percent_knock_chance():
    game = siege_game()
    _, engine, band, crew = engine_with_army(game, ["soldier"] * 6, wall_guard=1)
    others = [u for u in army(game, band).units if u != crew]
    odds = fall_odds(game.world, ClimbWall(band, 3, tuple(others)))
    assert set(odds) == set(others[:3]) and set(odds.values()) == {10}  # only 3 have a means; g = 1
    assert "no climbing means" in game.submit(ClimbWall(band, 3, tuple(others[:4]))).reason
    assert game.submit(ClimbWall(band, 3, tuple(others[:3]))).ok


def test_e3_2_towers_cannot_be_stormed_an_open_border_is_moved():
    game = siege_game()
    spawn_structure(game, 2, "wooden_tower", 3)
    engine = spawn_structure(game, 1, "siege_engine", 2)
    band = spawn_army(game, 1, 2, ["soldier", "soldier"])
    assert game.submit(CrewCatapult(engine, band, army(game, band).units[0])).ok
    assert climb_commands(game.world, band) == []


def test_one_catapult_or_siege_engine_per_army_and_the_panel_offers_the_climb():
    game = siege_game()
    _, engine, band, _ = engine_with_army(game, ["soldier", "soldier"])
    catapult = spawn_structure(game, 1, "catapult", 2)
    assert "at most one" in game.submit(CrewCatapult(catapult, band)).reason
    assert [o.kind for o in army_options(game, band) if o.kind == "climb"] == ["climb"]
    assert game.submit(MoveCatapult(engine, (1,))).ok
