"""The engine's random player, the yardstick every game gets: a uniform choice among the legal commands the
ruleset lists (game.legal), in every kind of phase; its generator is seeded from the game, never the game's."""

from __future__ import annotations

import random

from components.commands import Command
from game.ai.one_by_one import OneByOne
from game.engine import Game


def choice_rng(game: Game, seat: int, salt: str) -> random.Random:
    """A generator for one choice: a function of the game's seed, where it stands and the seat (stable across
    processes: a string seed)."""
    world = game.world
    return random.Random(f"{salt}:{world.seed}:{world.clock.round}:{world.clock.stage}:{seat}:{len(game.history)}")


class RandomPlayer(OneByOne):
    """Uniformly random legal commands: the baseline computer players are measured against."""

    name = "random"
    max_commands = 25

    def choose(self, game: Game, seat: int, commands: list[Command]) -> Command:
        return choice_rng(game, seat, "random").choice(commands)
