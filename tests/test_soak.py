"""Soak: short seeded 4-computer games run to their end (or a round cap) without error, rules intact."""

from __future__ import annotations

import pytest

from game.simulate import play_game, resolve_map
from tests.builders import base_rules
from tests.test_invariants import check_invariants

GAMES = [
    ("wide_world", ("normal", "hard", "normal", "hard"), 1, 80),
    ("four_corners", ("hard", "normal", "random", "normal"), 2, 80),
    ("random:24x24:3", ("normal", "normal", "hard", "random"), 3, 80),
]


@pytest.mark.parametrize(("map_name", "kinds", "seed", "rounds"), GAMES)
def test_four_computers_play_without_error(map_name, kinds, seed, rounds):
    checked = []

    def every_round(game):
        check_invariants(game)
        checked.append(game.world.clock.round)

    game, result = play_game(base_rules(), resolve_map(map_name), list(kinds), seed, rounds, on_round=every_round)
    assert game.over or result.rounds == rounds
    assert checked  # computer turn times are a bench figure (bench/bench_ai.py), not a timed test


def test_computers_with_every_shipped_mod_play_without_error():
    from game.simulate import new_modded_game
    from tests.fixtures.maps import islands

    kinds = ["hard", "normal"]
    game = new_modded_game(islands(), kinds, 5, ["cavalry", "medic", "ships"])
    checked = []

    def every_round(game):
        check_invariants(game)
        checked.append(game.world.clock.round)

    game, result = play_game(game.world.rules, islands(), kinds, 5, 60, on_round=every_round, game=game)
    assert checked and (game.over or result.rounds == 60)
