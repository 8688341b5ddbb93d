"""Start a new game (R1): players, the chosen map's territories and start zones, starting resources."""

from __future__ import annotations

import itertools
import random
from dataclasses import dataclass
from typing import TYPE_CHECKING

import esper

from components.players import HomeBase, Player, Stockpile
from components.rules import Ruleset
from game.engine import Game
from game.errors import DataError
from systems.board import GridBoard
from systems.world import Clock, World, spawn_territories

if TYPE_CHECKING:
    from game.maps import MapData

_world_names = itertools.count(1)


@dataclass(frozen=True)
class PlayerSpec:
    """A seat as set up before the game (R1.1)."""

    name: str
    computer: bool = False
    difficulty: str = "normal"


def fresh_world_name(prefix: str = "game") -> str:
    return f"{prefix}-{next(_world_names)}"


def new_game(rules: Ruleset, map_data: MapData, players: list[PlayerSpec], seed: int = 0) -> Game:
    """A game waiting for its players to choose bases, in seat order (R1.3).

    When `rules` include mods, the game's schedule holds their plugins' systems (game.plugins.schedule_for);
    game.plugins.create_game loads the rules with mods and calls this.
    """
    count = len(players)
    if not rules.setup.min_players <= count <= rules.setup.max_players:
        raise DataError(
            [f"players: {count} players given; this ruleset needs {rules.setup.min_players}-{rules.setup.max_players}"]
        )
    from game.maps import map_size_problem

    if (problem := map_size_problem(rules.limits.max_territories, map_data.width, map_data.height)) is not None:
        raise DataError([f"{map_data.source}: size: {problem}"])
    if len(map_data.terrain) != map_data.width * map_data.height:
        raise DataError([f"{map_data.source}: terrain: {len(map_data.terrain)} territories for a "
                         f"{map_data.width}x{map_data.height} board"])
    if count not in map_data.start_zones:
        supported = ", ".join(str(n) for n in sorted(map_data.start_zones)) or "none"
        raise DataError([f"{map_data.source}: start_zones: map has no start zones for {count} players ({supported})"])
    unknown = sorted(set(map_data.terrain) - set(rules.terrain))
    if unknown:
        raise DataError([f"{map_data.source}: terrain: unknown terrain ids {', '.join(unknown)}"])
    name = fresh_world_name()
    esper.switch_world(name)
    seats = list(range(1, count + 1))
    world = World(
        name=name,
        rules=rules,
        board=GridBoard(map_data.width, map_data.height),
        rng=random.Random(seed),
        terrain=list(map_data.terrain),
        seats=seats,
        start_zones={seat: tuple(zone) for seat, zone in map_data.start_zones[count].items()},
        map_name=map_data.name,
        seed=seed,
        clock=Clock(round=0, seat=seats[0]),
    )
    spawn_territories(world)
    for seat, spec in zip(seats, players, strict=True):
        world.players[seat] = esper.create_entity(
            Player(seat, spec.name, spec.computer, spec.difficulty),
            Stockpile(dict(rules.setup.start)),
            HomeBase(None),
        )
        world.owned[seat] = set()
    game = Game(world)
    if any(m.id != "base" for m in rules.mods):  # plugin mods add systems to the schedule (game.plugins)
        from game.plugins import schedule_for

        game.schedule = schedule_for(rules)
    return game
