"""The engine's legal-command listing is what the random and search players, learning agents and the default board
screen choose from, so every command it lists must be one the engine accepts: for every installed ruleset, at
every step of a seeded game played from the listing itself, each listed command passes `Game.check` for its seat
(a listing that offered an attack with every troop, or a move past the board, fails here)."""

from __future__ import annotations

import random

import pytest

from game.legal import legal_commands, seat_to_act
from game.simulate import map_for, new_modded_game
from tests.every_ruleset import RULESETS

STEPS = 120  # commands played per game (a few rounds of every ruleset)
LOOK_AT = 40  # listed commands checked at each step at most (a seeded sample of a long listing)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_listed_command_is_accepted_by_the_engine(ruleset: str) -> None:
    game = new_modded_game(map_for(None, ruleset, 2, 3), ["random", "random"], 3, ruleset=ruleset)
    rng = random.Random(f"listing:{ruleset}")
    checked = 0
    for _ in range(STEPS):
        if game.over:
            break
        seat = seat_to_act(game)
        listed = legal_commands(game, seat)
        assert listed, f"{ruleset}: nothing listed for seat {seat} in {game.world.clock.stage}"
        for command in rng.sample(listed, min(LOOK_AT, len(listed))):
            reason = game.check(command, seat)
            assert reason is None, f"{ruleset}: listed {command!r} for seat {seat}, refused: {reason}"
            checked += 1
        result = game.submit(rng.choice(listed), seat=seat)
        assert result.ok
    assert checked > STEPS  # the listings were looked at, not skipped
