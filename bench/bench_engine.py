"""Engine speed on the large 4-player map at the limits: submit of a move, one round's automatic stages, loading.

Run: .venv/bin/python -m bench.bench_engine
"""

from __future__ import annotations

import statistics
import time

import esper

from bench.engine_world import LARGE_MAP, full_game
from components.armies import Army
from components.commands import Move
from game.content import load_ruleset
from game.maps import load_map
from systems import queries as q
from systems.production import produce_resources
from systems.rogue_ai import act_rogues
from systems.rogues import spawn_wild_rogue
from systems.upkeep import pay_upkeep


def time_loading(repeats: int = 5) -> float:
    samples = []
    for _ in range(repeats):
        start = time.perf_counter()
        load_ruleset()
        load_map(LARGE_MAP)
        samples.append(time.perf_counter() - start)
    return statistics.median(samples)


def time_moves(game, samples: int = 400) -> float:
    world = game.world
    world.activate()
    armies = [e for e, a in q.player_armies(world.clock.seat)]
    times = []
    for i in range(samples):
        entity = armies[i % len(armies)]
        army = esper.component_for_entity(entity, Army)
        army.mp, army.done = 6, False
        step = next(
            (n for n in world.board.neighbours(army.territory)
             if world.terrain[n] in ("plain", "barren") and not q.armies_at(n)),
            None,
        )
        if step is None:
            continue
        start = time.perf_counter()
        result = game.submit(Move(entity, (step,)))
        times.append(time.perf_counter() - start)
        assert result.ok, result
    return statistics.median(times)


def time_round_stages(game, rounds: int = 30) -> tuple[float, float]:
    world = game.world
    world.activate()
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        for seat in world.seats:
            world.clock.seat = seat
            world.events = []
            produce_resources(world)
            pay_upkeep(world)
            act_rogues(world)
            spawn_wild_rogue(world)
            esper.clear_dead_entities()
        times.append(time.perf_counter() - start)
    return statistics.median(times), max(times)


def main() -> None:
    load_s = time_loading()
    game = full_game()
    world = game.world
    armies = len(q.armies())
    units = sum(len(a.units) for _, a in q.armies())
    structures = len(q.structures())
    print(f"scenario: {world.board.size} territories, {armies} armies, {units} units, {structures} structures")
    print(f"load ruleset + large map: median {load_s * 1000:.1f} ms (target <= 1000 ms)")
    move = time_moves(game)
    print(f"submit(Move) one step: median {move * 1000:.3f} ms (target <= 1 ms)")
    median, worst = time_round_stages(game)
    print(f"automatic stages of one round (resource, upkeep, rogue x4 players): median {median * 1000:.2f} ms, "
          f"max {worst * 1000:.2f} ms (target <= 20 ms)")


if __name__ == "__main__":
    main()
