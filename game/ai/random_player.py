"""The engine's random player, the yardstick every game gets: a uniform choice among the legal commands the
ruleset lists (game.legal), in every kind of phase; its generator is seeded from the game, never the game's."""

from __future__ import annotations

import random

from components.commands import Command
from game.ai.one_by_one import OneByOne
from game.engine import Game


class RandomPlayer(OneByOne):
    """Uniformly random legal commands: the baseline computer players are measured against.

    Each choice's generator is a function of what the seat sees: the game's seed, where it stands (round, stage)
    and how many choices the player has made there. Not the length of the history, which counts other seats'
    hidden orders too: a choice that depended on it would read what the seat may not see (TW4.2)."""

    name = "random"
    max_commands = 25

    def __init__(self) -> None:
        self._where: tuple[object, ...] = ()
        self._made = 0

    def choose(self, game: Game, seat: int, commands: list[Command]) -> Command:
        world = game.world
        where = (world.seed, world.clock.round, str(world.clock.stage), seat)
        if where != self._where:
            self._where, self._made = where, 0
        self._made += 1
        rng = random.Random(f"random:{world.seed}:{world.clock.round}:{world.clock.stage}:{seat}:{self._made}")
        return rng.choice(commands)
