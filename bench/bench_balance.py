"""Balance lab figures: local Ray against `foc simulate --jobs` on the same games, and scaling with workers.

    python -m bench.bench_balance                          # 24 games on twin_valleys, 2 workers
    python -m bench.bench_balance --games 40 --map wide_world --players ai,ai,ai,ai --rounds 40
    python -m bench.bench_balance --only scaling

Throughput: the same seeded games (map, players, seeds, round cap) played by `game.simulate.run_games`
with `--jobs` processes (what `foc simulate --jobs` does), by the lab's local processes, and by the lab on
a local Ray (`run_ray`): cold (ray.init and worker start-up counted) and warm (Ray already running, as
when one Ray serves several runs). The target: Ray at 90% or more of `simulate --jobs`.
Scaling: the lab on a local Ray with 1 and 2 workers (the CPUs of this machine); games per second.
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

from game.lab.jobs import GameRecord
from game.lab.runner import init_local_ray, loopback_only, make_jobs, ray_installed, run_processes, run_ray
from game.lab.variants import baseline
from game.simulate import parse_players, run_games


def _timed(run: Any) -> float:
    started = time.perf_counter()
    run()
    return time.perf_counter() - started


def throughput(map_name: str, kinds: list[str], games: int, rounds: int, workers: int) -> dict[str, Any]:
    """Games per second of simulate --jobs, the lab's processes, and the lab on a local Ray (cold, warm)."""
    import ray

    jobs = make_jobs([baseline()], map_name, kinds, 1, games, rounds)
    sink: list[GameRecord] = []
    out: dict[str, Any] = {"map": map_name, "players": kinds, "games": games, "rounds": rounds, "workers": workers}
    out["simulate_jobs_s"] = _timed(lambda: run_games(map_name, kinds, 1, games, rounds, jobs=workers))
    out["lab_processes_s"] = _timed(lambda: run_processes(jobs, workers, sink.append))
    out["ray_cold_s"] = _timed(lambda: run_ray(jobs, workers, sink.append))  # starts and stops its own Ray
    with loopback_only():  # a local Ray listens on 127.0.0.1 only
        init_local_ray(workers, log_to_driver=False)
        try:
            run_ray(jobs[: workers], workers, sink.append)  # start the workers (imports) before timing
            out["ray_warm_s"] = _timed(lambda: run_ray(jobs, workers, sink.append))
        finally:
            ray.shutdown()
    for key in ("simulate_jobs", "lab_processes", "ray_cold", "ray_warm"):
        out[f"{key}_games_per_s"] = games / out[f"{key}_s"]
    out["ray_cold_vs_simulate"] = out["ray_cold_games_per_s"] / out["simulate_jobs_games_per_s"]
    out["ray_warm_vs_simulate"] = out["ray_warm_games_per_s"] / out["simulate_jobs_games_per_s"]
    return out


def scaling(map_name: str, kinds: list[str], games: int, rounds: int, counts: tuple[int, ...] = (1, 2)) -> dict[str, Any]:
    """The lab on a local Ray (warm) with 1, 2, ... workers: games per second and speed-up over 1."""
    import ray

    jobs = make_jobs([baseline()], map_name, kinds, 1, games, rounds)
    sink: list[GameRecord] = []
    rates: dict[int, float] = {}
    for workers in counts:
        with loopback_only():
            init_local_ray(workers, log_to_driver=False)
            try:
                run_ray(jobs[:workers], workers, sink.append)
                rates[workers] = games / _timed(lambda w=workers: run_ray(jobs, w, sink.append))
            finally:
                ray.shutdown()
    return {"map": map_name, "games": games, "rounds": rounds, "games_per_s": rates,
            "speedup": {w: r / rates[counts[0]] for w, r in rates.items()}}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--map", default="twin_valleys")
    parser.add_argument("--players", default="ai,hard")
    parser.add_argument("--games", type=int, default=24)
    parser.add_argument("--rounds", type=int, default=60)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--only", choices=("throughput", "scaling"), default=None)
    parser.add_argument("--json", dest="json_path")
    args = parser.parse_args(argv)
    if not ray_installed():
        print("Ray is not installed: pip install 'forces-of-conquest[cluster]'")
        return 0
    kinds = parse_players(args.players, "normal")
    report: dict[str, Any] = {}
    if args.only in (None, "throughput"):
        t = throughput(args.map, kinds, args.games, args.rounds, args.workers)
        report["throughput"] = t
        print(f"{t['games']} games on {t['map']} (round cap {t['rounds']}), {t['workers']} workers: "
              f"simulate --jobs {t['simulate_jobs_games_per_s']:.2f} games/s; lab processes "
              f"{t['lab_processes_games_per_s']:.2f}; local Ray cold {t['ray_cold_games_per_s']:.2f} "
              f"({100 * t['ray_cold_vs_simulate']:.0f}% of simulate), warm {t['ray_warm_games_per_s']:.2f} "
              f"({100 * t['ray_warm_vs_simulate']:.0f}%)", flush=True)
    if args.only in (None, "scaling"):
        s = scaling(args.map, kinds, args.games, args.rounds)
        report["scaling"] = s
        print("local Ray scaling: " + ", ".join(f"{w} worker(s) {r:.2f} games/s (x{s['speedup'][w]:.2f})"
                                                 for w, r in s["games_per_s"].items()), flush=True)
    if args.json_path:
        with open(args.json_path, "w") as handle:
            json.dump(report, handle, indent=2)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
