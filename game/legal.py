"""The engine's legal commands: which seat acts now, and every command it may submit (the ruleset's listing).

A ruleset lists its legal commands with `app.set_legal_commands(fn)`, `fn(game, seat=None)` returning every
command `seat` (None: `seat_to_act(game)`) may submit now, in one canonical order, each passing the engine's
check. The engine's random and search players (game.ai.random_player, game.ai.search), the agent environment
(game.lab.env) and the benches read it through `legal_commands` here. `main_stage_commands` is the listing the
engine's own queries give for the base rules' Main stage (moves, army actions, builds, placements, mods' actions).
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING

from components.commands import Command, EndTurn

if TYPE_CHECKING:
    from game.engine import Game


def seat_to_act(game: Game) -> int:
    """The seat a one-command-at-a-time player acts for now: the first seat a pending prompt asks, the first
    seat not yet ready in a simultaneous phase, else the seat whose turn it is."""
    if game.asking or game.awaiting_orders:
        waiting = game.unready_seats() if game.awaiting_orders else game.acting_seats()
        if waiting:
            return waiting[0]
    return game.world.clock.seat


@cache
def _takes_seat(enumerate_commands: Callable[..., list[Command]]) -> bool:
    try:
        return "seat" in inspect.signature(enumerate_commands).parameters
    except (TypeError, ValueError):
        return False


def lists_commands(game: Game) -> bool:
    """Whether the game's ruleset lists its legal commands (what the engine's random and search players need)."""
    return game.app.legal_commands is not None


def legal_commands(game: Game, seat: int | None = None) -> list[Command]:
    """Every command `seat` (default: the seat to act) may submit now, in the ruleset's canonical order; [] when
    the game is over, the seat may not act, or the ruleset lists none. A listing written before the `seat`
    parameter (one argument) answers only for `seat_to_act`."""
    enumerate_commands = game.app.legal_commands
    if enumerate_commands is None or game.over:
        return []
    if seat is None or not _takes_seat(enumerate_commands):
        if seat is not None and seat != seat_to_act(game):
            return []
        return list(enumerate_commands(game))
    return list(enumerate_commands(game, seat=seat))


def ending_commands(game: Game, commands: list[Command]) -> list[Command]:
    """Those of `commands` that end the acting seat's part of the phase: the seat phase's `ends_with` kinds, or
    the engine's Ready in a simultaneous phase."""
    phase = game.app.flow.phase(game.world.clock.stage)
    if phase is None:
        return []
    names = set(phase.ends_with) if game.awaiting_seat else {"Ready"}
    return [c for c in commands if type(c).__name__ in names]


def main_stage_commands(game: Game, keep: bool = False) -> list[Command]:
    """Every legal command of the base rules' Main stage for the current seat, from the engine's queries: EndTurn,
    then per own army (ascending id) its moves (ascending destination) and army actions, unit builds, structure
    placements (types by id), and what plugin mods offer (boarding, sailing, landing ...). `keep`: the ruleset's
    hooks read no more than the base rules do, so parts of the last listing nothing since changed may be used
    again (game.kept_listing)."""
    from systems.still import held_still

    world = game.world
    with held_still(world):  # only checks run here: they share what they look up (systems.still)
        return _main_stage_commands(game, keep)


def _main_stage_commands(game: Game, keep: bool) -> list[Command]:
    from game import queries as gq
    from game.kept_listing import ArmyPart, keeps, kept_for, placements, region
    from systems import queries as q
    from systems.actions import check, check_each
    from systems.build_actions import afford_reason

    world = game.world
    seat = world.clock.seat
    kept = kept_for(game) if keep and keeps(world) else None  # parts no command since touched (game.kept_listing)
    out: list[Command] = [EndTurn()] if check(world, EndTurn()) is None else []
    for entity, army in sorted(q.player_armies(seat), key=lambda pair: pair[0]):
        part = kept.armies.get(entity) if kept is not None else None
        if part is not None and part.moves is not None and part.options is not None:  # kept whole
            out.extend(part.moves)
            out.extend(part.options)
            continue
        if part is None or part.moves is None:
            reach = gq.where_can_it_go(game, entity)
            listed = [gq.move_command(reach[t], entity) for t in sorted(reach)]
            moves: list[Command] = [m for m, reason in zip(listed, check_each(world, listed, fields_known=True),
                                                           strict=True) if reason is None]
            moves_region = region(world, army.territory, reach) if kept is not None else frozenset()
        else:
            moves, moves_region = part.moves, part.moves_region
        if part is None or part.options is None:
            options: list[Command] = [o.command for o in gq.army_options(game, entity)
                                      if o.available and o.command is not None]
            options_region = region(world, army.territory, ()) if kept is not None else frozenset()
        else:
            options, options_region = part.options, part.options_region
        if kept is not None:
            kept.armies[entity] = ArmyPart(moves_region, moves, options_region, options)
        out.extend(moves)
        out.extend(options)
    trainable = gq.unit_builds(world)
    out.extend(c for c, reason in zip(trainable, check_each(world, trainable, fields_known=True), strict=True)
               if reason is None)
    for structure_type in sorted(world.rules.structures):
        if afford_reason(world, world.rules.structures[structure_type].cost) is None:  # else the check refuses all
            out.extend(gq.structure_placements(game, structure_type) if kept is None
                       else placements(game, kept, structure_type))
    if any(m.id != "base" for m in world.rules.mods):  # what plugin mods add (boarding, sailing, landing...)
        from game.content import plugin_player_options

        out.extend(o.command for o in plugin_player_options(game) if o.available and o.command is not None)
    return out  # each checked once: the options' `available` and the placements are the engine's check too
