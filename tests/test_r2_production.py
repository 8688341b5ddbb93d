"""R2 Territories and production: ranges per terrain, nothing while disrupted or held by a rogue army."""

from __future__ import annotations

import esper

from components.board import Disrupted
from systems import queries as q
from systems.events import ResourcesProduced
from systems.production import outcome_table, produce_resources, production_ranges
from tests.builders import spawn_army, tiny_game


def produce(game, seat=1):
    game.world.activate()
    game.world.clock.seat = seat
    game.world.events = []
    produce_resources(game.world)
    return next(e for e in game.world.events if isinstance(e, ResourcesProduced))


def test_r2_1_neighbours_are_the_four_orthogonal_cells():
    game = tiny_game(["ppp", "ppp", "ppp"], {1: (0, 0), 2: (2, 2)})
    assert sorted(game.world.board.neighbours(4)) == [1, 3, 5, 7]
    assert sorted(game.world.board.neighbours(0)) == [1, 3]


def test_r2_2_each_terrain_produces_within_its_ranges():
    game = tiny_game(["pfmnsdb", "ppppppp"], {1: (0, 1), 2: (6, 1)})
    for t in range(7):
        game.world.set_owner(t, 1)
    ranges = game.world.rules.terrain
    seen: dict[str, set[tuple[str, int]]] = {}
    for _ in range(200):
        event = produce(game)
        for territory, made in event.by_territory:
            terrain = game.world.terrain[territory]
            for resource, amount in made.items():
                low, high = ranges[terrain].production[resource]
                assert low <= amount <= high
                seen.setdefault(terrain, set()).add((resource, amount))
    assert {a for r, a in seen["plain"]} == {1, 2, 3, 4}
    assert {(r, a) for r, a in seen["mine"] if r == "metal"} == {("metal", 0), ("metal", 1), ("metal", 2)}
    assert "barren" not in seen


def test_r2_2_production_is_added_to_the_owners_stockpile():
    game = tiny_game(["pp", "pp"], {1: (0, 0), 2: (1, 1)})
    before = dict(q.stockpile(game.world, 1))
    event = produce(game)
    after = q.stockpile(game.world, 1)
    assert after["food"] == before["food"] + event.totals["food"]


def test_r2_3_a_disrupted_territory_or_one_holding_a_rogue_army_produces_nothing():
    game = tiny_game(["ppp", "ppp"], {1: (0, 0), 2: (2, 1)})
    game.world.set_owner(1, 1)
    game.world.set_owner(2, 1)
    esper.add_component(game.world.tiles[1], Disrupted(until_round=5, seat=1))
    spawn_army(game, None, 2, ["soldier"])
    event = produce(game)
    assert [t for t, _ in event.by_territory] == [0]


def test_r2_2_the_outcome_table_holds_every_combination_of_the_ranges_ends_included():
    assert outcome_table({"food": (1, 2), "gold": (0, 1)}) == [
        {"food": 1, "gold": 0}, {"food": 1, "gold": 1}, {"food": 2, "gold": 0}, {"food": 2, "gold": 1}]
    assert outcome_table({"metal": (3, 3)}) == [{"metal": 3}]
    assert outcome_table({}) == [{}]


def test_r2_2_production_ranges_are_the_sums_over_the_producing_territories():
    game = tiny_game(["ppf", "mpp"], {1: (0, 0), 2: (2, 1)})
    for t in (1, 2, 3):
        game.world.set_owner(t, 1)
    world = game.world
    owned = sorted(world.owned[1])
    assert len(owned) >= 3
    expected = {r: (0, 0.0, 0) for r in world.rules.resources.ids}
    for t in owned:                                   # territory by territory, as R2.2 reads
        for resource, (low, high) in world.rules.terrain[world.terrain[t]].production.items():
            least, mean, most = expected[resource]
            expected[resource] = (least + low, mean + (low + high) / 2, most + high)
    assert production_ranges(world, 1) == expected
