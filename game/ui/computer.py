"""Computer seats for the client: the game.ai entry points when present, simple stand-ins when not."""

from __future__ import annotations

import contextlib
import sys
import traceback
from collections.abc import Callable
from typing import Any

from components.commands import ChooseBase, EndTurn
from game.engine import Game
from systems.world import MAIN, SETUP


def _ai_module() -> Any | None:
    try:
        import game.ai as ai  # the computer players (a colleague's package); optional until it lands
    except ImportError:
        return None
    return ai


def _expected_value(game: Game, territory: int) -> float:
    rules = game.world.rules
    production = rules.terrain[game.world.terrain[territory]].production
    return sum((low + high) / 2 for low, high in production.values())


def fallback_base(game: Game) -> int | None:
    """A sensible base: the land territory of the zone with the richest surroundings (2 steps), not taken."""
    world = game.world
    seat = world.clock.seat
    zone = world.start_zones.get(seat, ())
    best: tuple[float, int] | None = None
    for territory in zone:
        if game.check(ChooseBase(territory)) is not None:
            continue
        board = world.board
        around = [territory, *board.neighbours(territory)]
        around += [n2 for n in board.neighbours(territory) for n2 in board.neighbours(n)]
        score = sum(_expected_value(game, t) for t in set(around))
        if best is None or (score, -territory) > (best[0], -best[1]):
            best = (score, territory)
    return best[1] if best else None


def difficulties() -> tuple[str, ...]:
    """The difficulty levels a seat can have (the AI's list, without its random yardstick)."""
    ai = _ai_module()
    levels = tuple(getattr(ai, "DIFFICULTIES", ()) or ()) if ai is not None else ()
    return tuple(d for d in levels if d != "random") or ("normal",)


def controller_for(game: Game, seat: int) -> Any:
    """The seat's computer controller (game.ai's, else the ruleset's registered one, else none: it holds)."""
    from systems import queries as q

    difficulty = q.player(game.world, seat).difficulty
    ai = _ai_module()
    make = getattr(ai, "make_controller", None) if ai is not None else None
    if make is not None:
        with contextlib.suppress(Exception):
            return make(difficulty, game.app)
    factory = game.app.computer_players.get(difficulty) or next(iter(game.app.computer_players.values()), None)
    return factory() if factory is not None else object()


def act_for_computers(game: Game, seats: list[int]) -> None:
    """Computer seats' orders in a simultaneous phase, or their answers to a question (game.computer_seats)."""
    from game import computer_seats

    for seat in seats:
        try:
            computer_seats.act(game, seat, controller_for(game, seat))
        except Exception:  # a broken AI must not take the window down: the seat holds / takes the default
            traceback.print_exc(file=sys.stderr)
            computer_seats.act(game, seat, object())


def play(game: Game) -> None:
    """Let the computer seat act through `game.submit`: choose its base in setup, else play its whole turn.

    Uses game.ai.run_computer_turn when present; whatever it leaves undone (or when it fails) is finished
    here, so a computer seat never blocks the game: a base is chosen, a turn is ended.
    """
    world = game.world
    seat, round_, stage = world.clock.seat, world.clock.round, world.clock.stage
    ai = _ai_module()
    runner: Callable[..., Any] | None = getattr(ai, "run_computer_turn", None) if ai is not None else None
    if runner is not None:
        try:
            runner(game)
        except Exception:  # a broken AI must not take the window down
            traceback.print_exc(file=sys.stderr)
    if game.over or (world.clock.seat, world.clock.round, world.clock.stage) != (seat, round_, stage):
        return
    if stage == SETUP:
        territory = fallback_base(game)
        if territory is not None:
            game.submit(ChooseBase(territory))
    elif stage == MAIN:
        game.submit(EndTurn())  # the stand-in (or a turn the AI left open) simply ends the turn
    elif game.awaiting_seat:  # another ruleset's seat phase: end it with its first ending command, if plain
        phase = game.app.flow.phase(stage)
        ending = game.app.command_types().get(phase.ends_with[0]) if phase is not None else None
        if ending is not None:
            with contextlib.suppress(TypeError):  # an ending command that needs arguments: nothing generic to do
                game.submit(ending())
