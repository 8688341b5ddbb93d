"""The one contract for computer players: what a factory gets, what a player does, and which kinds a game offers.

A ruleset registers its players with `app.add_computer_player(kind, factory)`. `factory()` is called with no
arguments and returns a fresh player for one seat of one game (the kind is the registry key). A player has:

* `name` (str): its kind;
* `play_turn(game) -> list[Result]`: play the acting seat's part of a seat phase through `game.submit`, its
  ending command included (EndTurn, the turn button ...), and return the `Result` of every command it submitted,
  in order (`Accepted` ones carry the events a client animates; `foc simulate` counts the accepted ones);
* optionally `choose_base(game) -> Command`: the command of a setup phase (the base game's ChooseBase);
* optionally `give_orders(game, seat) -> list[Result]`: its orders in a simultaneous phase, submitted with
  `seat=seat` (game.computer_seats sends Ready for it when it did not);
* optionally `answer(game, seat, prompt_id, prompt) -> str`: its answer to a question (one of `prompt.answers`).

Players act only by commands and read only what their seat may see; their random choices come from their own
generator seeded from the game (never the game's). Every game whose ruleset lists its legal commands
(`app.set_legal_commands`) also offers the engine's kinds: `search` (game.ai.search) and `random`
(game.ai.random_player), unless the ruleset registers its own under those names. Asking for a kind the game does
not offer is an error naming the kinds it does.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from game.app import App
    from game.engine import Game, Result

ENGINE_KINDS = ("search", "random")
ComputerFactory = Callable[[], Any]  # what app.add_computer_player takes: no arguments, a fresh player


class ComputerPlayer(Protocol):
    """What every computer player offers (the optional methods are in the module docstring)."""

    name: str

    def play_turn(self, game: Game) -> list[Result]:
        """Play the acting seat's part of the seat phase to its end; the results of its submits, in order."""
        ...


class UnknownPlayerKind(ValueError):
    """A computer player kind the game does not offer; the message names the kinds it does."""


def engine_factories() -> dict[str, Callable[..., Any]]:
    """The engine's own kinds by name: classes taking keyword options (SearchPlayer: iterations, seed ...)."""
    from game.ai.random_player import RandomPlayer
    from game.ai.search import SearchPlayer

    return {"search": SearchPlayer, "random": RandomPlayer}


def player_kinds(app: App) -> tuple[str, ...]:
    """The computer player kinds a game of `app` offers: its ruleset's (registration order), then the engine's
    (search, random) where the ruleset lists its legal commands."""
    own = tuple(app.computer_players)
    engine = tuple(k for k in ENGINE_KINDS if k not in own) if app.legal_commands is not None else ()
    return own + engine


def default_kind(app: App) -> str:
    """The kind an `ai` seat gets: `normal` where the game has it, else its first kind."""
    kinds = player_kinds(app)
    if not kinds:
        raise UnknownPlayerKind(f"ruleset '{app.ruleset}' has no computer players (it registers none and lists no "
                                "legal commands)")
    return "normal" if "normal" in kinds else kinds[0]


def kind_problem(app: App, kind: str) -> str | None:
    """Why a game of `app` cannot seat a computer player of `kind` (naming the kinds it offers), or None."""
    kinds = player_kinds(app)
    if kind in kinds:
        return None
    offered = ", ".join(kinds) or "none"
    return f"unknown computer player kind {kind!r} for ruleset '{app.ruleset}' (kinds: {offered})"


def make_player(kind: str, app: App) -> Any:
    """A fresh computer player of `kind` for a game of `app`; UnknownPlayerKind when the game does not offer it."""
    problem = kind_problem(app, kind)
    if problem is not None:
        raise UnknownPlayerKind(problem)
    factory = app.computer_players.get(kind) or engine_factories()[kind]
    return factory()
