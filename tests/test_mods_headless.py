"""Headless games with all three shipped mods: a scripted player that uses ships, medics and cavalry."""

from __future__ import annotations

import random

from components.commands import BuildUnit, ChooseBase, Command, EndTurn, Move
from game.content import plugin_player_options
from game.engine import Game
from game.queries import army_options, build_options, structure_placements, where_can_it_go
from game.setup import PlayerSpec, create_game
from game.snapshot import state_hash
from systems import queries as q
from tests.builders import tiny_map

ISLANDS = [
    "ppfpsddspfpp",
    "pppbsddsbppp",
    "ppppsddsppmp",
    "pfppsddsppfp",
]
MODS = ["cavalry", "medic", "ships"]


def candidates(game: Game, rng: random.Random) -> list[Command]:
    """What a keen, simple player tries next: ship actions, docks and ships, sailing loaded ships, walking
    to the dock, new units, then anything else."""
    world = game.world
    seat = world.clock.seat
    plugin = [o.command for o in plugin_player_options(game) if o.available and o.command is not None]
    docks = {s.territory for _, s in q.structures() if s.owner == seat and s.structure_type == "dock"}
    at_home = {e for e, s in q.structures() if any(n in docks for n in world.board.neighbours(s.territory))}
    boarding = [c for c in plugin if type(c).__name__ in ("Embark", "ShipFire")]
    landing = [c for c in plugin if type(c).__name__ == "Disembark" and getattr(c, "ship", None) not in at_home]
    if boarding or landing:
        return boarding + landing
    builds: list[Command] = []
    for kind in ("dock", "small_transport"):
        if not any(s.owner == seat and s.structure_type == kind for _, s in q.structures()):
            builds.extend(structure_placements(game, kind)[:1])
    if builds:
        return builds
    loaded = {e for e, s in q.structures() if s.owner == seat and s.garrison}
    sails = [c for c in plugin if type(c).__name__ == "Sail" and getattr(c, "ship", None) in loaded]
    if sails:
        return sails
    to_dock: list[Command] = [
        Move(entity, reach.path)
        for entity, _ in sorted(q.player_armies(seat), key=lambda pair: pair[0])
        for territory, reach in where_can_it_go(game, entity).items()
        if territory in docks and reach.kind == "move"
    ]
    if to_dock:
        return to_dock
    units = [o.command for o in build_options(game) if o.available and o.command is not None]
    if units and rng.random() < 0.5:
        return units
    out: list[Command] = []
    for entity, _ in sorted(q.player_armies(seat), key=lambda pair: pair[0]):
        out.extend(o.command for o in army_options(game, entity) if o.available and o.command is not None)
        out.extend(Move(entity, reach.path) for reach in where_can_it_go(game, entity).values())
    return out


def play(seed: int, rounds: int = 14) -> tuple[Game, list[str]]:
    game = create_game(tiny_map(ISLANDS), [PlayerSpec("West"), PlayerSpec("East")], seed, mods=MODS)
    width = len(ISLANDS[0])
    assert game.submit(ChooseBase(1 * width + 2)).ok and game.submit(ChooseBase(1 * width + 9)).ok
    for seat in game.world.seats:  # enough to afford the new things early
        q.stockpile(game.world, seat).update({"food": 400, "wood": 120, "metal": 20})
    shore = {1: 1 * width + 3, 2: 1 * width + 8}  # the barren shores next to each base
    for seat, territory in shore.items():
        game.world.set_owner(territory, seat)
    rng = random.Random(seed)
    seen: list[str] = []
    while not game.over and game.world.clock.round <= rounds:
        for _ in range(10):
            options = candidates(game, rng)
            if not options:
                break
            command = rng.choice(options)
            result = game.submit(command)
            if not isinstance(command, Move):  # a combine may find the army there full; the rest were checked
                assert result.ok, (command, result)
            seen.extend(type(e).__name__ for e in result.events)
        for kind in ("cavalry", "medic"):
            game.submit(BuildUnit(kind))
        seen.extend(type(e).__name__ for e in game.submit(EndTurn()).events)
    return game, seen


def test_a_game_with_ships_medics_and_cavalry_runs_headless_and_uses_them():
    game, seen = play(seed=11)
    for event in ("StructureBuilt", "UnitsEmbarked", "ShipSailed", "UnitsDisembarked", "UnitBuilt"):
        assert event in seen, event
    built = {t for _, s in q.structures() for t in [s.structure_type]}
    assert {"dock", "small_transport"} <= built
    types = {q.unit(u).unit_type for _, a in q.armies() for u in a.units}
    assert types & {"cavalry", "medic"}


def test_the_same_seed_and_choices_give_the_same_game_with_plugins():
    first, _ = play(seed=5, rounds=6)
    second, _ = play(seed=5, rounds=6)
    assert state_hash(first.world) == state_hash(second.world)
