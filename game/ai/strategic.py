"""The strategic computer player behind `normal` and `hard`: its turn as an ordered list of behaviour steps.

A turn, in order: retreat from lost battles, fire from manned structures, take any undefended enemy flag
in reach, move the strike forces (attack what they can beat, combine, advance on a flag), send units out
of the base (claimers to expand, groups to the staging army), claim territory, fortify the flag when
threatened, the other behaviours' own steps (built in or registered by mods, `game.ai.behaviours`), build
units within what food can feed, man the tower, and end the turn. Every step reads the read-only view
and acts only through `Game.submit`; the knobs that tell the difficulties apart are in `Params`.
"""

from __future__ import annotations

from components.commands import ChooseBase
from game.ai.attack import snipe_flags, strike
from game.ai.battles import retreat_from_lost_battles
from game.ai.behaviours import Behaviour, mod_behaviours
from game.ai.climbing import ClimbAndVolley
from game.ai.defence import fire, fortify, man_the_tower
from game.ai.economy import build_units
from game.ai.expansion import claim, release
from game.ai.mounted import Mounted
from game.ai.params import Params
from game.ai.rare import RareUnits
from game.ai.turn import Step, Turn
from game.ai.view import View
from game.engine import Game, Result
from systems import queries as q


def urgent_behaviours(turn: Turn) -> None:
    """The behaviours' urgent steps, before any army moves (e.g. fighting a fire with the armies beside it)."""
    for part in turn.parts:
        if not turn.active():
            return
        part.urgent()


def other_behaviours(turn: Turn) -> None:
    """The steps of the behaviours beyond the base game's (built in or registered by mods), in order."""
    for part in turn.parts:
        if not turn.active():
            return
        part.act()


STEPS: tuple[Step, ...] = (
    urgent_behaviours, retreat_from_lost_battles, fire, snipe_flags, strike, release, claim, fortify, other_behaviours,
    build_units, man_the_tower,
)
BUILT_IN: tuple[Behaviour, ...] = (Mounted(), ClimbAndVolley(), RareUnits())  # engine features any ruleset may use; after the mods' own


class StrategicAI:
    """A computer player; stateless between turns (everything is read from the game)."""

    def __init__(self, params: Params) -> None:
        self.params = params
        self.name = params.name

    def choose_base(self, game: Game) -> ChooseBase:
        return ChooseBase(choose_base_territory(game))

    def play_turn(self, game: Game) -> list[Result]:
        behaviours = [*mod_behaviours(game), *BUILT_IN]
        return Turn(game, self.params, behaviours).run(STEPS)


def choose_base_territory(game: Game) -> int:
    """The start-zone territory with the best production around it, a little away from the other zones."""
    world = game.world
    world.activate()
    view_static = View(game).static
    seat = world.clock.seat
    taken = {q.home_base(world, s) for s in world.seats}
    others = [t for s, zone in world.start_zones.items() if s != seat for t in zone]
    board = world.board
    best, best_score = None, -1e9
    for cell in sorted(world.start_zones[seat]):
        if not world.rules.is_land(world.terrain[cell]) or cell in taken:
            continue
        score = 0.0
        within = getattr(board, "within", None)
        around = within(cell, 4) if within else [cell]
        for t in around:
            d = board.distance(cell, t)
            weight = 1.0 - d / 6
            score += (view_static.value[t] + 0.6 * view_static.food[t]) * weight
        score += 3.0 * view_static.food[cell]  # the flag's own territory feeds the first units
        if others:
            nearest = min(board.distance(cell, t) for t in others[:: max(1, len(others) // 40)])
            score += 0.15 * min(nearest, 30)
        if score > best_score:
            best, best_score = cell, score
    assert best is not None, "no territory to choose in the start zone"
    return best


__all__ = ["STEPS", "Params", "StrategicAI", "choose_base_territory"]
