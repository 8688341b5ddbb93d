"""Start a new game of any ruleset (the base game: R1): players, the board or map, the App, the first phase."""

from __future__ import annotations

import itertools
import random
from dataclasses import dataclass
from typing import TYPE_CHECKING

import esper

from components.players import Player
from components.rules import RulesetCore
from game.content import DEFAULT_RULESET, app_for, load_app
from game.engine import Game
from game.errors import DataError
from systems.board import make_board
from systems.world import Clock, World, spawn_territories

if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence
    from pathlib import Path

    from game.app import App
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


def board_map(rules: RulesetCore, players: int) -> MapData:
    """The fixed board of a ruleset that plays without maps (`[board]`): every square in every start zone."""
    from game.maps import MapData

    if rules.board is None:
        raise DataError(["map: this ruleset plays on maps; choose one"])
    size = rules.board.width * rules.board.height
    everything = tuple(range(size))
    zones = {players: {seat: everything for seat in range(1, players + 1)}}
    return MapData("board", rules.board.width, rules.board.height, (rules.board.terrain,) * size, zones,
                   f"ruleset {rules.ruleset_id}: board")


def new_game(
    rules: RulesetCore, map_data: MapData | None, players: list[PlayerSpec], seed: int = 0, app: App | None = None
) -> Game:
    """A game of `rules` in the first phase of its flow (the base game: waiting for base choices, R1.3).

    The game gets its own App (game.content.app_for) unless `app` is given: the registries, systems and
    flow of its ruleset and mods. `map_data` may be None for a ruleset with a fixed `[board]`.
    """
    count = len(players)
    if not rules.setup.min_players <= count <= rules.setup.max_players:
        raise DataError(
            [f"players: {count} players given; this ruleset needs {rules.setup.min_players}-{rules.setup.max_players}"]
        )
    if map_data is None:
        map_data = board_map(rules, count)
    from game.maps import map_size_problem, territory_limit

    if (problem := map_size_problem(territory_limit(rules), map_data.width, map_data.height)) is not None:
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
    app = app_for(rules) if app is None else app
    from game.ai.players import kind_problem

    problems = [f"players: seat {i + 1}: {problem}" for i, spec in enumerate(players)
                if spec.computer and (problem := kind_problem(app, spec.difficulty)) is not None]
    if problems:
        raise DataError(problems)
    name = fresh_world_name()
    esper.switch_world(name)
    seats = list(range(1, count + 1))
    world = World(
        name=name,
        app=app,
        rules=rules,  # type: ignore[arg-type]
        board=make_board(map_data.width, map_data.height, map_data.topology),
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
        world.players[seat] = entity = esper.create_entity(Player(seat, spec.name, spec.computer, spec.difficulty))
        world.owned.setdefault(seat, set())  # before the hook: it may hand out territories (a deal)
        if app.hooks.new_seat is not None:
            app.hooks.new_seat(world, seat, entity)  # the ruleset's own per-seat components
    game = Game(world)
    game.start()
    return game


def create_game(
    map_data: MapData | None, players: list[PlayerSpec], seed: int = 0, mods: Sequence[str | Path] = (),
    search: Sequence[Path] | None = None, ruleset: str | Path = DEFAULT_RULESET,
    options: Mapping[str, object] | None = None,
) -> Game:
    """A new game of `ruleset` (the base game by default) with `mods` and the ruleset's `options` chosen by name
    (game.content.options), in the first phase of its flow."""
    app = load_app(ruleset, mods, search, options=options)
    return new_game(app.rules, map_data, players, seed, app=app)
