"""Build the benchmark scenario: the large map with 4 players at their limits (issue 2's speed targets)."""

from __future__ import annotations

import esper

from components.armies import Army, ArmyUnit
from components.commands import ChooseBase
from components.structures import Structure
from game.content import load_ruleset
from game.engine import Game
from game.maps import load_map
from game.resources import MODS
from game.setup import PlayerSpec, new_game
from systems import queries as q

LARGE_MAP = MODS / "base" / "maps" / "grand_continent.tmj"


def land_near(game: Game, start: int, count: int, taken: set[int]) -> list[int]:
    """The `count` nearest free land territories around `start` (breadth first)."""
    world = game.world
    seen, queue = {start}, [start]
    out: list[int] = []
    while queue and len(out) < count:
        here = queue.pop(0)
        if world.rules.is_land(world.terrain[here]) and here not in taken:
            out.append(here)
        for n in world.board.neighbours(here):
            if n not in seen:
                seen.add(n)
                queue.append(n)
    return out


def full_game(seed: int = 1, territories_each: int = 1500) -> Game:
    """4 players, each with 10 armies of 10 units, 40 structures and `territories_each` territories."""
    rules = load_ruleset()
    game = new_game(rules, load_map(LARGE_MAP), [PlayerSpec(f"P{i}", computer=True) for i in range(1, 5)], seed)
    world = game.world
    for seat in world.seats:
        zone = [t for t in world.start_zones[seat] if rules.is_land(world.terrain[t])]
        assert game.submit(ChooseBase(zone[len(zone) // 2])).ok
    taken: set[int] = set()
    for seat in world.seats:
        base = q.home_base(world, seat)
        assert base is not None
        land = land_near(game, base, territories_each, taken)
        taken.update(land)
        for t in land:
            world.set_owner(t, seat)
        spots = land[1:11]
        for spot in spots:
            units = [
                esper.create_entity(ArmyUnit(kind, rules.units[kind].combat.attack, rules.units[kind].combat.defense))
                for kind in ["soldier"] * 8 + ["ranger"] * 2
            ]
            army = Army(owner=seat, territory=spot, units=units)
            army.mp = q.army_max_mp(world, [q.unit(u).unit_type for u in units])
            esper.create_entity(army)
        for t in land[20:40]:
            spec = rules.structures["wooden_tower"]
            esper.create_entity(Structure("wooden_tower", seat, t, spec.defense, spec.defense, spec.protection))
        for t in land[40:60]:
            n = next(n for n in world.board.neighbours(t) if not rules.terrain[world.terrain[n]].deep)
            spec = rules.structures["stone_wall"]
            esper.create_entity(Structure("stone_wall", seat, t, spec.defense, spec.defense, spec.protection, n))
        q.stockpile(world, seat)["food"] = 10_000
    esper.clear_dead_entities()
    return game
