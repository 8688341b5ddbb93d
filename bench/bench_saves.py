"""Save and load speed and size: a 16,384-territory game (the 128x128 grand continent, 4 players at their
limits) played to round 40, saved and loaded again. Targets: save <= 100 ms, load <= 150 ms, <= 100 KB.

    python -m bench.bench_saves [--rounds 40] [--repeats 5] [--profile]

The game: `bench.engine_world.full_game` (1,500 territories, 10 armies of 10 units, 40 structures each), then
`--rounds` rounds in which every army steps to a free neighbouring territory and back and every player ends
its turn, so the history is that of a busy game. `--profile` prints a cProfile of one save and one load.
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import statistics
import tempfile
import time
from pathlib import Path

from components.commands import EndTurn, Move
from game.engine import Game
from game.saves import load_game, save_game
from game.snapshot import state_hash
from systems import queries as q
from systems.movement import reachable

SAVE_MS, LOAD_MS, SIZE_KB = 100.0, 150.0, 100.0


def busy_game(rounds: int) -> Game:
    """The large benchmark world, played on to `rounds` with moves in every turn."""
    from bench.engine_world import full_game

    game = full_game()
    world = game.world
    while world.clock.round <= rounds and not game.over:
        seat = world.clock.seat
        for entity, army in sorted(q.player_armies(seat)):
            if army.battle is not None or army.done:
                continue
            reach = reachable(world, entity)
            free = sorted(t for t, r in reach.items() if r.kind == "move" and len(r.path) == 1)
            if free:
                game.submit(Move(entity, (free[world.clock.round % len(free)],)))
        game.submit(EndTurn())
    return game


def timed(action, repeats: int) -> tuple[float, float, object]:
    """Median wall-clock ms, median CPU ms of this process (steadier on a busy machine), the last result."""
    times, cpu, result = [], [], None
    for _ in range(repeats):
        started, started_cpu = time.perf_counter(), time.process_time()
        result = action()
        times.append((time.perf_counter() - started) * 1000)
        cpu.append((time.process_time() - started_cpu) * 1000)
    return statistics.median(times), statistics.median(cpu), result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=40, help="rounds to play before saving (default: 40)")
    parser.add_argument("--repeats", type=int, default=5, help="saves and loads to take the median of")
    parser.add_argument("--profile", action="store_true", help="print a cProfile of one save and one load")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    game = busy_game(args.rounds)
    print(f"game: {len(game.world.terrain)} territories, round {game.world.clock.round}, "
          f"{len(game.history)} commands (built in {time.perf_counter() - started:.1f} s)")
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "bench.foc.json.gz"
        save_ms, save_cpu, _ = timed(lambda: save_game(game, path), args.repeats)
        size_kb = path.stat().st_size / 1024
        load_ms, load_cpu, loaded = timed(lambda: load_game(path), args.repeats)
        assert state_hash(loaded.world) == state_hash(game.world)  # type: ignore[attr-defined]
        if args.profile:
            for name, action in (("save", lambda: save_game(game, path)), ("load", lambda: load_game(path))):
                profile = cProfile.Profile()
                profile.runcall(action)
                print(f"--- profile of one {name} ---")
                pstats.Stats(profile).sort_stats("cumulative").print_stats(25)
    ok = save_ms <= SAVE_MS and load_ms <= LOAD_MS and size_kb <= SIZE_KB
    print(f"machine load average: {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs (wall times grow with it)")
    print(f"save: median {save_ms:.0f} ms wall, {save_cpu:.0f} ms CPU (target <= {SAVE_MS:.0f} ms)")
    print(f"load: median {load_ms:.0f} ms wall, {load_cpu:.0f} ms CPU (target <= {LOAD_MS:.0f} ms)")
    print(f"size: {size_kb:.0f} KB (target <= {SIZE_KB:.0f} KB)")
    cpu_ok = save_cpu <= SAVE_MS and load_cpu <= LOAD_MS and size_kb <= SIZE_KB
    print(f"targets on wall-clock time: {'met' if ok else 'NOT met'}; on CPU time: {'met' if cpu_ok else 'NOT met'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
