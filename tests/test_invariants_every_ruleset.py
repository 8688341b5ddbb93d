"""The invariants every ruleset declares (components.bounds on its components, its `app.add_invariants` checks and
the engine's own: seats, questions, the board) hold after every turn, answer and order of seeded computer games
of every installed ruleset: the checker that refuses hostile saves never refuses a state the rules make."""

from __future__ import annotations

import pytest

from game import computer_seats
from game.ai import make_controller
from game.invariants import invariant_problems
from tests.every_ruleset import RULESETS, game_of

STEPS = 150  # turns, answer rounds and order rounds: every ruleset's games here end or get well into play


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("seed", [1, 2])
def test_the_invariants_hold_after_every_step_of_a_computer_game(ruleset, seed):
    game = game_of(ruleset, seed=seed, steps=0)
    world = game.world
    players = {seat: make_controller("normal", game.app) for seat in world.seats}
    assert invariant_problems(world) == []
    for _ in range(STEPS):
        if game.over:
            break
        if game.asking or game.awaiting_orders:
            for seat in game.acting_seats():
                computer_seats.act(game, seat, players[seat])
        elif game.in_setup and hasattr(players[world.clock.seat], "choose_base"):
            assert game.submit(players[world.clock.seat].choose_base(game)).ok
        else:
            players[world.clock.seat].play_turn(game)
        assert invariant_problems(world) == [], (world.clock.round, world.clock.stage)
    assert len(game.history) > 10
