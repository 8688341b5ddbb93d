"""R1 Setup: players, base choice inside start zones, starting resources, seat order."""

from __future__ import annotations

import pytest

from components.commands import ChooseBase, EndTurn
from game.errors import DataError
from game.setup import PlayerSpec, new_game
from game.snapshot import state_hash
from systems import queries as q
from tests.builders import base_rules, tiny_game, tiny_map


def test_r1_1_a_game_needs_two_to_four_players():
    with pytest.raises(DataError, match="needs 2-4"):
        new_game(base_rules(), tiny_map(["pp"], 2), [PlayerSpec("solo")])


def test_r1_2_a_map_must_declare_start_zones_for_the_player_count():
    with pytest.raises(DataError, match="no start zones for 3 players"):
        new_game(base_rules(), tiny_map(["ppp"], 2), [PlayerSpec("a"), PlayerSpec("b"), PlayerSpec("c")])


def test_r1_3_bases_are_chosen_in_seat_order_on_land_inside_the_start_zone():
    game = new_game(base_rules(), tiny_map(["psp", "ppp"], 2), [PlayerSpec("A"), PlayerSpec("B")], seed=3)
    assert game.world.clock.stage == "setup" and game.world.clock.seat == 1
    before = state_hash(game.world)
    rejected = game.submit(ChooseBase(1))
    assert not rejected.ok and "land" in rejected.reason
    assert state_hash(game.world) == before
    assert game.submit(ChooseBase(0)).ok
    assert game.world.clock.seat == 2
    taken = game.submit(ChooseBase(0))
    assert not taken.ok and "another player's base" in taken.reason
    assert game.submit(ChooseBase(5)).ok
    assert q.home_base(game.world, 1) == 0 and game.world.owner_of(0) == 1
    assert q.home_base(game.world, 2) == 5 and game.world.owner_of(5) == 2


def test_r1_3_a_base_outside_the_start_zone_is_refused():
    data = tiny_map(["pppp"], 2)
    zones = {2: {1: (0,), 2: (3,)}}
    data = type(data)(data.name, data.width, data.height, data.terrain, zones, data.source)
    game = new_game(base_rules(), data, [PlayerSpec("A"), PlayerSpec("B")])
    result = game.submit(ChooseBase(2))
    assert not result.ok and "start zone" in result.reason


def test_r1_4_players_start_with_the_rulesets_resources():
    game = new_game(base_rules(), tiny_map(["pp"], 2), [PlayerSpec("A"), PlayerSpec("B")])
    assert q.stockpile(game.world, 2) == {"food": 30, "wood": 10, "stone": 10, "metal": 0}


def test_r1_5_a_round_is_one_turn_of_every_player_in_seat_order():
    game = tiny_game(["ppp", "ppp"], {1: (0, 0), 2: (2, 1)})
    clock = game.world.clock
    assert (clock.round, clock.seat, clock.stage) == (1, 1, "main")
    game.submit(EndTurn())
    assert (clock.round, clock.seat) == (1, 2)
    game.submit(EndTurn())
    assert (clock.round, clock.seat) == (2, 1)
