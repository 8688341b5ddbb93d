"""Ending a game: ask the ruleset's victory hook, then record the winner or the draw (Clock.winner)."""

from __future__ import annotations

from systems.events import GameDrawn, GameWon
from systems.hooks import DRAW as DRAWN
from systems.hooks import WON
from systems.world import DRAW, OVER, World


def check_victory(world: World) -> None:
    """Ask the victory hook (per seat: won, lost or draw); once it decides, the game is over."""
    hook = world.app.hooks.victory
    if hook is None or world.clock.winner is not None:
        return
    outcome = hook(world)
    if outcome:
        finish(world, outcome)


def finish(world: World, outcome: dict[int, str]) -> None:
    """Record the end: the seat that won, or DRAW when no seat won and some drew."""
    winners = [seat for seat, result in outcome.items() if result == WON]
    world.clock.stage = OVER
    if len(winners) == 1:
        world.clock.winner = winners[0]
        world.emit(GameWon(winners[0], world.clock.round))
    else:
        world.clock.winner = DRAW
        drawn = tuple(sorted(seat for seat, result in outcome.items() if result in (WON, DRAWN)))
        world.emit(GameDrawn(drawn, world.clock.round))
