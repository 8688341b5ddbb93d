"""Risky Space benchmarks: computer strength over seeded 2-player games and computer turn time.

    python -m bench.bench_risky_space --games 200

Strength: `normal` vs `random` and `hard` vs `normal` on the shipped map (mods/risky-space/maps), seats
alternating, seeds 0..N-1 (targets: >= 95% and >= 60%). Speed: p95 of every computer turn (reinforce,
attacks, fortify) over those games (target <= 50 ms).
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
import time
from pathlib import Path
from types import ModuleType
from typing import Any

from game.maps import load_map
from game.simulate import percentile
from systems.board import make_board

ROOT = Path(__file__).resolve().parent.parent
MAP = ROOT / "mods" / "risky-space" / "maps" / "lantern_lanes.tmj"


def plugin(name: str) -> ModuleType:
    """A module of the Risky Space plugin package, as the engine imports it."""
    from game.content import load_app, plugin_module

    package = plugin_module("risky-space")
    if package is None:
        load_app("risky-space")
        package = plugin_module("risky-space")
    assert package is not None
    return importlib.import_module(f"{package.__name__}.{name}")


def series(a: str, b: str, games: int, times: list[float]) -> dict[str, Any]:
    """`a` against `b`: `a` takes seat 1 in even seeds and seat 2 in odd ones."""
    match = plugin("match")
    data = load_map(MAP)
    board = make_board(data.width, data.height, data.topology)
    wins = unfinished = 0
    rounds: list[int] = []
    started = time.perf_counter()
    for seed in range(games):
        kinds = [a, b] if seed % 2 == 0 else [b, a]
        result = match.play(match.state_for_board(board, 2, seed), kinds, seed)
        times.extend(result.turn_times)
        rounds.append(result.rounds)
        if result.winner is None:
            unfinished += 1
        elif kinds[result.winner - 1] == a:
            wins += 1
    return {"pair": f"{a} vs {b}", "games": games, "wins": wins, "rate": wins / games, "unfinished": unfinished,
            "mean_rounds": sum(rounds) / games, "seconds": round(time.perf_counter() - started, 1)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200)
    args = parser.parse_args(argv)
    times: list[float] = []
    results = [series("normal", "random", args.games, times), series("hard", "normal", args.games, times)]
    for r in results:
        print(f"{r['pair']}: {r['wins']}/{r['games']} = {r['rate']:.1%} (unfinished {r['unfinished']}, "
              f"mean rounds {r['mean_rounds']:.1f}, {r['seconds']} s)")
    p95 = percentile(times, 95) * 1000
    print(f"computer turn: p95 {p95:.2f} ms, max {max(times) * 1000:.2f} ms over {len(times)} turns")
    print(json.dumps({"strength": results, "turn_p95_ms": round(p95, 3)}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
