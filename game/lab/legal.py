"""The base game's legal commands in one canonical order, from the engine's legal-action queries.

Order (the agent environment numbers actions by it): in setup, ChooseBase per free land territory of the
seat's start zone, ascending; in the Main stage, EndTurn first, then per own army (ascending entity id)
its moves (ascending destination) and its army options (game.queries order), then unit builds (rules
order), then structure placements (structure types sorted by id), then what plugin mods offer. Everything
listed passes the engine's own check.
"""

from __future__ import annotations

from components.commands import ChooseBase, Command
from game.ai.random_player import legal_commands as main_stage_commands
from game.engine import Game
from systems import queries as q
from systems.actions import check


def base_legal_commands(game: Game) -> list[Command]:
    """Every legal command for the seat to act now; [] when the game is over."""
    world = game.world
    world.activate()
    if game.over:
        return []
    if game.in_setup:
        seat = world.clock.seat
        taken = {q.home_base(world, s) for s in world.seats}
        options = [ChooseBase(t) for t in sorted(world.start_zones[seat])
                   if world.rules.is_land(world.terrain[t]) and t not in taken]
        return [c for c in options if check(world, c) is None]
    return main_stage_commands(game)
