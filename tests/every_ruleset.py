"""Games of every installed ruleset, part-way through, for tests of guarantees the engine gives every ruleset."""

from __future__ import annotations

import random
from pathlib import Path

from game.content import rulesets
from game.engine import Game
from game.saves import save_game
from game.simulate import map_for, new_modded_game

RULESETS = sorted(rulesets())  # base, monstercrasher, relic-duels, risky-space, total-war, and any other installed


def play_randomly(game: Game, steps: int, rng: random.Random) -> Game:
    """Up to `steps` commands drawn by `rng` from the engine's legal listing for the seat to act (fewer when the
    game ends); each must be accepted."""
    from game.legal import legal_commands, seat_to_act

    for _ in range(steps):
        if game.over:
            break
        seat = seat_to_act(game)
        assert game.submit(rng.choice(legal_commands(game, seat)), seat=seat).ok
    return game


def game_of(ruleset: str, seed: int = 5, steps: int = 12) -> Game:
    """A two-seat computer game of `ruleset` after about `steps` turns, answers and orders; in a simultaneous
    phase the first acting seat has buffered its orders without declaring ready (hidden orders pending)."""
    from game.ai import make_controller

    game = new_modded_game(map_for(None, ruleset, 2, seed), ["normal", "normal"], seed, ruleset=ruleset)
    world = game.world
    players = {seat: make_controller("normal", game.app) for seat in world.seats}
    for _ in range(steps):
        if game.over:
            break
        if game.asking or game.awaiting_orders:
            from game import computer_seats

            for seat in game.acting_seats():
                computer_seats.act(game, seat, players[seat])
        elif game.in_setup and hasattr(players[world.clock.seat], "choose_base"):
            game.submit(players[world.clock.seat].choose_base(game))
        else:
            players[world.clock.seat].play_turn(game)
    if game.awaiting_orders and not game.over:
        seat = game.unready_seats()[0]
        orders = getattr(players[seat], "give_orders", None)
        if orders is not None:
            orders(game, seat)
    world.activate()
    return game


def saved(ruleset: str, folder: Path, seed: int = 5, steps: int = 12) -> Path:
    return save_game(game_of(ruleset, seed, steps), folder / f"{ruleset}.foc.json.gz")
