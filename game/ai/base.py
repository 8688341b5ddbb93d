"""What every computer player is: a controller that chooses a base and plays a turn through `Game.submit`.

Controllers read the state (through `game.queries`, `systems.queries` and the world's read-only indexes)
and act only by submitting commands, exactly like a human. They keep nothing between turns, and their own
random choices come from a private generator derived from the game's seed, round and seat: the game's rng
is never touched, so a replay (seed + commands) reproduces a game with computer players, and a game that
is saved and loaded plays on exactly as it would have.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from typing import Protocol

from components.commands import ChooseBase, Command, EndTurn
from game.engine import Accepted, Game, Rejected, Result

MAX_COMMANDS_PER_TURN = 200


class Controller(Protocol):
    """A computer player of a game with a setup phase (the base game's): the contract of game.ai.players plus
    `choose_base`."""

    name: str

    def choose_base(self, game: Game) -> ChooseBase:
        """The base (R1.3) for the seat choosing now."""
        ...

    def play_turn(self, game: Game) -> list[Result]:
        """Play the current seat's Main stage to the end, `EndTurn` included; the results of every submit."""
        ...


def private_rng(game: Game, salt: str = "") -> random.Random:
    """A generator for a computer player's own choices: a function of seed, round and seat only."""
    world = game.world
    return random.Random(f"ai:{world.seed}:{world.clock.round}:{world.clock.seat}:{salt}")


@dataclass
class TurnLog:
    """Submits commands for one turn, keeping their results, with a cap so no turn can run forever."""

    game: Game
    results: list[Result] = field(default_factory=list)
    rejected: int = 0
    started: float = field(default_factory=time.perf_counter)
    limit: int = MAX_COMMANDS_PER_TURN

    def submit(self, command: Command) -> Result:
        if len(self.results) >= self.limit and not isinstance(command, EndTurn):
            result: Result = Rejected("this computer turn has issued too many commands")
            return result
        result = self.game.submit(command)
        if isinstance(result, Accepted):
            self.results.append(result)
        else:
            self.rejected += 1
        return result

    def end(self) -> list[Result]:
        """End the turn (if the game goes on and it is still our Main stage) and return the results."""
        if not self.game.over:
            result = self.game.submit(EndTurn())
            if isinstance(result, Accepted):
                self.results.append(result)
        return self.results

    @property
    def elapsed(self) -> float:
        return time.perf_counter() - self.started
