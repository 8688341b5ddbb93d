"""The yardstick: a player that picks uniformly among the legal commands the queries offer, then ends its turn."""

from __future__ import annotations

from components.commands import ChooseBase, Command, EndTurn
from game import queries as gq
from game.ai.base import TurnLog, private_rng
from game.engine import Game, Result
from systems import queries as q
from systems.actions import check

MAX_RANDOM_COMMANDS = 25


def legal_commands(game: Game) -> list[Command]:
    """Every legal command of the common kinds for the current seat (moves, army actions, builds, EndTurn,
    and the actions plugin mods offer)."""
    world = game.world
    world.activate()
    seat = world.clock.seat
    out: list[Command] = [EndTurn()]
    for entity, _army in sorted(q.player_armies(seat), key=lambda pair: pair[0]):
        for territory, reach in sorted(gq.where_can_it_go(game, entity).items()):
            del territory
            out.append(gq.move_command(reach, entity))
        out.extend(o.command for o in gq.army_options(game, entity) if o.available and o.command is not None)
    out.extend(o.command for o in gq.build_options(game) if o.available and o.command is not None)
    for structure_type in sorted(world.rules.structures):
        out.extend(gq.structure_placements(game, structure_type))
    if any(m.id != "base" for m in world.rules.mods):  # what plugin mods add (boarding, sailing, landing...)
        from game.content import plugin_player_options

        out.extend(o.command for o in plugin_player_options(game) if o.available and o.command is not None)
    return [c for c in out if check(world, c) is None]


class RandomPlayer:
    """Uniformly random legal commands: the baseline computer players are measured against."""

    name = "random"

    def choose_base(self, game: Game) -> ChooseBase:
        world = game.world
        world.activate()
        seat = world.clock.seat
        taken = {q.home_base(world, s) for s in world.seats}
        options = [t for t in world.start_zones[seat] if world.rules.is_land(world.terrain[t]) and t not in taken]
        return ChooseBase(private_rng(game, "base").choice(sorted(options)))

    def play_turn(self, game: Game) -> list[Result]:
        log = TurnLog(game)
        rng = private_rng(game, "random")
        seat = game.world.clock.seat
        for _ in range(MAX_RANDOM_COMMANDS):
            if game.over or game.world.clock.seat != seat:
                break
            command = rng.choice(legal_commands(game))
            if isinstance(command, EndTurn):
                break
            log.submit(command)
        if game.world.clock.seat == seat:
            return log.end()
        return log.results
