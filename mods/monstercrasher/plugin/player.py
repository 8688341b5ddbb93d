"""MonsterCrasher's players on the engine: the legal turns of the seat to play, and the computer player.

`legal_turns(game)` is every legal spawn choice of the active seat as the commands that make it (the
turn button last); MC9.4's yardstick picks among them. `legal_commands(game)` is
every single command legal now (the engine's random and search players and agents choose among them). The computer (MC9) ranks the same choices with `computer.choose`.
"""

from __future__ import annotations

import math
import random
from typing import TYPE_CHECKING, Any

from .commands import PressTurnButton, Spawn
from .computer import choose
from .play import SPAWN, position_of, rules_of
from .position import Spawn as SpawnChoice
from .position import spawn_choices, spawn_reason

if TYPE_CHECKING:
    from components.commands import Command


def _commands(seat: int, choice: tuple[SpawnChoice, ...]) -> tuple[Command, ...]:
    spawns: tuple[Command, ...] = tuple(Spawn(seat, kind, f, r) for kind, (f, r) in choice)
    return (*spawns, PressTurnButton(seat))


def legal_turns(game: Any) -> list[tuple[Command, ...]]:
    """Every legal spawn choice of the seat to play (spawning nothing included), each as its Spawn
    commands followed by the turn button; empty when the game is over or no seat is spawning."""
    world = game.world
    if game.over or world.clock.stage != SPAWN:
        return []
    position = position_of(world)
    return [_commands(position.active, choice) for choice in spawn_choices(position, rules_of(world))]


def legal_commands(game: Any, seat: int | None = None) -> list[Command]:
    """Every command the seat to play may submit now: each legal single Spawn, and the turn button ([] for
    another `seat`)."""
    world = game.world
    if game.over or world.clock.stage != SPAWN:
        return []
    position = position_of(world)
    if seat is not None and seat != position.active:
        return []
    rules = rules_of(world)
    rank = 1 if position.active == 1 else rules.board.height
    out: list[Command] = [
        Spawn(position.active, kind, f, rank)
        for f in range(1, rules.board.width + 1)
        for kind in rules.turns.roster
        if spawn_reason(position, rules, position.active, kind, (f, rank)) is None
    ]
    out.append(PressTurnButton(position.active))
    return out


def generator(world: Any) -> random.Random:
    """The computer's own generator for this turn, seeded from the game (seed, round, seat): never the
    game's, so a replay (seed + commands) reproduces the game without re-running the computer."""
    return random.Random(f"monstercrasher:{world.seed}:{world.clock.round}:{world.clock.seat}")


class ComputerPlayer:
    """MC9: submits the spawns of the best-ranked choice, then presses the turn button (MC9.1)."""

    def __init__(self, difficulty: str = "normal") -> None:
        self.difficulty = difficulty

    def choose_turn(self, game: Any) -> tuple[Command, ...]:
        world = game.world
        position = position_of(world)
        return _commands(position.active, choose(position, rules_of(world), generator(world)))

    def play_turn(self, game: Any) -> list[Any]:
        """Play the whole turn of the seat to play through Game.submit; the result of every command (game.ai.players)."""
        results: list[Any] = []
        for command in self.choose_turn(game):
            result = game.submit(command)
            if not result.ok:  # never expected: the choices are the legal ones
                raise RuntimeError(f"computer player's {command} was rejected: {result.reason}")
            results.append(result)
        return results


def position_value(game: Any, seat: int) -> float:
    """How well `seat` stands, 0..1, for the engine's search player (app.set_position_value): life against the
    opponent's (MC2.2, MC7) after the creatures on the board march `ai.lookahead` times with no further spawns
    (MC9.2's projection, the rules' own march), then the power and defense left on the board."""
    from .march import march

    position = position_of(game.world)
    rules = rules_of(game.world)
    foe = 2 if seat == 1 else 1
    life = {1: position.life_of(1), 2: position.life_of(2)}
    pieces = position.pieces
    for _ in range(rules.ai.lookahead):
        if not pieces:
            break
        result = march(pieces, rules, position.active, record=False)
        for s in (1, 2):
            life[s] -= result.life_lost[s]
        pieces = result.pieces
    if life[foe] <= 0 < life[seat]:
        return 0.95
    if life[seat] <= 0 < life[foe]:
        return 0.05
    board = sum((p.power + p.defense) * (1 if p.owner == seat else -1) for p in pieces)
    return 0.5 + 0.35 * (life[seat] - life[foe]) / max(1, rules.players.life) + 0.1 * math.tanh(board / 8)
