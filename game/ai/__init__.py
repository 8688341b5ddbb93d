"""Computer players: `make_controller(kind, app)` and `run_computer_turn(game)` for the client and simulations
(the contract every player keeps, and the kinds a game offers: game.ai.players)."""

from __future__ import annotations

from game.ai.base import Controller, TurnLog, private_rng
from game.ai.hard import HARD, make_hard
from game.ai.normal import NORMAL, make_normal
from game.ai.players import (
    ENGINE_KINDS,
    UnknownPlayerKind,
    default_kind,
    kind_problem,
    make_player,
    player_kinds,
)
from game.ai.random_player import RandomPlayer
from game.ai.search import SearchPlayer
from game.ai.strategic import Params, StrategicAI
from game.app import App
from game.engine import Accepted, Game, Result
from systems import queries as q

DIFFICULTIES = ("normal", "hard", "search", "random")  # the base game's kinds (its own two and the engine's)
STRATEGIC = {"normal": make_normal, "hard": make_hard}  # the base game's players (registered by its plugin)


def make_controller(kind: str, app: App | None = None) -> Controller:
    """A computer player of `kind` for a game of `app` (game.ai.players.make_player): the ruleset's own kinds and
    the engine's (search, random); UnknownPlayerKind (a ValueError naming the kinds) for any other. Without an
    App: the base game's players."""
    if app is not None:
        return make_player(kind, app)  # type: ignore[no-any-return]
    if kind in STRATEGIC:
        return STRATEGIC[kind]()
    if kind == "random":
        return RandomPlayer()  # type: ignore[return-value]
    if kind == "search":
        return SearchPlayer()  # type: ignore[return-value]
    raise UnknownPlayerKind(f"unknown computer player kind {kind!r} (kinds: {', '.join(DIFFICULTIES)})")


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
    "DIFFICULTIES", "ENGINE_KINDS", "HARD", "NORMAL", "Controller", "Params", "RandomPlayer", "SearchPlayer",
    "StrategicAI", "TurnLog", "UnknownPlayerKind", "current_player_is_computer", "default_kind", "kind_problem",
    "make_controller", "make_player", "player_kinds", "private_rng", "run_computer_turn",
]
