"""Computer players: `make_controller(kind)` and `run_computer_turn(game)` for the client and simulations."""

from __future__ import annotations

from game.ai.base import Controller, TurnLog, private_rng
from game.ai.hard import HARD, make_hard
from game.ai.normal import NORMAL, make_normal
from game.ai.random_player import RandomPlayer, legal_commands
from game.ai.strategic import Params, StrategicAI
from game.app import App
from game.engine import Accepted, Game, Result
from systems import queries as q

DIFFICULTIES = ("normal", "hard", "random")


def make_controller(kind: str, app: App | None = None) -> Controller:
    """A computer player by difficulty: 'normal', 'hard' or 'random' (a yardstick, not meant for play).

    A ruleset that registers its own computer players (`app.add_computer_player(kind, factory)`) gets
    those: the kind asked for, else its first one."""
    if app is not None and app.computer_players:
        factory = app.computer_players.get(kind) or next(iter(app.computer_players.values()))
        return factory()  # type: ignore[no-any-return]
    if kind == "normal":
        return make_normal()
    if kind == "hard":
        return make_hard()
    if kind == "random":
        return RandomPlayer()
    raise ValueError(f"unknown computer difficulty {kind!r} (choose from {', '.join(DIFFICULTIES)})")


def current_player_is_computer(game: Game) -> bool:
    world = game.world
    world.activate()
    if game.over:
        return False
    return q.player(world, world.clock.seat).computer


def run_computer_turn(game: Game, controller: Controller | None = None) -> list[Accepted]:
    """Let the computer play the current seat: its base choice in setup, else its whole turn (EndTurn included).

    Uses the seat's `Player.difficulty` unless a controller is given. Returns the accepted results in order
    (their events are what the client animates). Does nothing when the game is over.
    """
    world = game.world
    world.activate()
    if game.over:
        return []
    if controller is None:
        controller = make_controller(q.player(world, world.clock.seat).difficulty, game.app)
    if game.in_setup:
        result = game.submit(controller.choose_base(game))
        return [result] if isinstance(result, Accepted) else []
    results: list[Result] = controller.play_turn(game)
    return [r for r in results if isinstance(r, Accepted)]


__all__ = [
    "DIFFICULTIES", "HARD", "NORMAL", "Controller", "Params", "RandomPlayer", "StrategicAI", "TurnLog",
    "current_player_is_computer", "legal_commands", "make_controller", "private_rng", "run_computer_turn",
]
