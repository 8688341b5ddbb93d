"""Computer player benchmarks: strength (win rates over seeded games) and speed (turn time, rounds per second).

    python -m bench.bench_ai --games 100            # everything
    python -m bench.bench_ai --only strength --games 100 --jobs 2
    python -m bench.bench_ai --only speed

Strength: `normal` vs `random` and `hard` vs `normal` on a 2-player map, seats alternating, seeds 1..N.
Speed: one computer turn on mods/base/maps/grand_continent.tmj (4 players) late in the game, armies at their limits
(p95 over the measured turns), and whole 4-computer games on mods/base/maps/wide_world.tmj (rounds per second over
the first 50 rounds; each seed's game timed --repeat times, the best reported with the median beside it).
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from game.simulate import GameResult, percentile, play_game, resolve_map


def _strength_game(job: tuple[str, str, str, int, int]) -> tuple[int, str, GameResult]:
    map_name, a, b, seed, rounds = job
    from game.content import load_ruleset

    rules = load_ruleset()
    kinds = [a, b] if seed % 2 else [b, a]
    _, result = play_game(rules, resolve_map(map_name), kinds, seed, rounds)
    return seed, a, result


def strength(map_name: str, a: str, b: str, games: int, rounds: int, jobs: int, first_seed: int = 1) -> dict[str, Any]:
    """`a` against `b` over `games` seeded games, `a` taking seat 1 in odd seeds and seat 2 in even ones."""
    jobs_list = [(map_name, a, b, seed, rounds) for seed in range(first_seed, first_seed + games)]
    started = time.perf_counter()
    if jobs > 1:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            results = list(pool.map(_strength_game, jobs_list))
    else:
        results = [_strength_game(job) for job in jobs_list]
    wins = sum(1 for _, kind, r in results if r.winner_kind == kind)
    losses = sum(1 for _, kind, r in results if r.winner_kind is not None and r.winner_kind != kind)
    unfinished = sum(1 for _, _, r in results if r.winner is None)
    rounds_played = [r.rounds for _, _, r in results]
    return {
        "match": f"{a} vs {b}",
        "map": map_name,
        "games": games,
        "wins": wins,
        "losses": losses,
        "unfinished": unfinished,
        "win_rate": wins / games,
        "rounds_mean": statistics.fmean(rounds_played),
        "rounds_max": max(rounds_played),
        "finished_within_150": sum(1 for _, _, r in results if r.winner is not None and r.rounds <= 150) / games,
        "seconds": time.perf_counter() - started,
    }


def fill_armies(game: Any) -> None:
    """Bring every player to its limits: 10 armies of 10 units (the late game the speed target is about).

    New armies stand on the player's own empty land territories nearest its flag; units are soldiers with
    two rangers per army. A benchmark set-up only: the game is changed directly, not through commands.
    """
    import esper

    from components.armies import Army, ArmyUnit
    from systems import queries as q

    world = game.world
    world.activate()
    rules = world.rules
    limits = rules.limits
    taken = {a.territory for _, a in q.armies()}

    def unit(kind: str) -> int:
        spec = rules.units[kind].combat
        return esper.create_entity(ArmyUnit(kind, spec.attack, spec.defense, 0, 0))

    for seat in world.alive_seats():
        base = q.home_base(world, seat)
        assert base is not None
        mine = sorted(world.owned.get(seat, ()), key=lambda t: (world.board.distance(base, t), t))
        spots = [t for t in mine if t not in taken and rules.is_land(world.terrain[t])]
        while len(q.player_armies(seat)) < limits.armies_per_player and spots:
            spot = spots.pop(0)
            taken.add(spot)
            esper.create_entity(Army(owner=seat, territory=spot, units=[]))
        for _, army in q.player_armies(seat):
            kinds = [q.unit(u).unit_type for u in army.units]
            while len(army.units) < limits.units_per_army:
                kind = "ranger" if kinds.count("ranger") < 2 else "soldier"
                army.units.append(unit(kind))
                kinds.append(kind)
            army.mp = q.army_max_mp(world, kinds)


def late_game_turns(map_name: str = "grand_continent", warmup: int = 40, measured: int = 10, seed: int = 7,
                    kinds: tuple[str, ...] = ("normal", "hard", "normal", "hard")) -> dict[str, Any]:
    """Play `warmup` rounds, fill every army to its limits, then time every computer turn of `measured` rounds."""
    from game.content import load_ruleset
    from systems import queries as q

    rules = load_ruleset()
    map_data = resolve_map(map_name)
    game, _ = play_game(rules, map_data, list(kinds), seed, max_rounds=warmup)
    fill_armies(game)
    world = game.world
    world.activate()
    armies = {s: len(q.player_armies(s)) for s in world.seats}
    units = {s: sum(len(a.units) for _, a in q.player_armies(s)) for s in world.seats}
    _, timed = play_game(rules, map_data, list(kinds), seed, max_rounds=warmup + measured, game=game)
    times = timed.turn_ms
    return {
        "map": map_data.name,
        "after_round": warmup,
        "armies_per_seat": armies,
        "units_per_seat": units,
        "turns": len(times),
        "p50_ms": percentile(times, 50),
        "p95_ms": percentile(times, 95),
        "max_ms": max(times, default=0.0),
    }


def rounds_per_second(map_name: str = "wide_world", rounds: int = 50, seeds: tuple[int, ...] = (1, 2, 3),
                      kinds: tuple[str, ...] = ("normal",) * 4, repeat: int = 5) -> dict[str, Any]:
    """Whole 4-computer games, first `rounds` rounds: rounds per second of wall time (setup excluded).

    Each seed's game (the same play every time) is timed `repeat` times; the figure is the best, as `timeit`
    reports, because on a shared machine other work only ever adds time (this one's speed swings by about 1.5x
    between minutes); the median is reported beside it."""
    from game.content import load_ruleset

    rules = load_ruleset()
    map_data = resolve_map(map_name)
    best: list[float] = []
    median: list[float] = []
    played = []
    turns: list[float] = []
    for seed in seeds:
        rates = []
        for _ in range(repeat):
            started = time.perf_counter()
            _, result = play_game(rules, map_data, list(kinds), seed, max_rounds=rounds)
            elapsed = time.perf_counter() - started
            rates.append(result.rounds / elapsed)
            turns.extend(result.turn_ms)
        best.append(max(rates))
        median.append(statistics.median(rates))
        played.append(result.rounds)
    # the slowest computer turn of whole games (the soak test's old wall-clock limit was 2000 ms)
    return {"map": map_data.name, "rounds": played, "repeat": repeat, "rounds_per_second": best,
            "median_rounds_per_second": median, "min": min(best), "mean": statistics.fmean(best),
            "turn_max_ms": max(turns, default=0.0)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--rounds", type=int, default=300, help="round cap per strength game")
    parser.add_argument("--map", default="twin_valleys", help="map for the strength games")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--only", choices=("strength", "speed", "normal", "hard"), default=None)
    parser.add_argument("--repeat", type=int, default=5, help="timings of each speed game (the best is reported)")
    parser.add_argument("--json", dest="json_path")
    args = parser.parse_args(argv)
    report: dict[str, Any] = {}
    if args.only in (None, "strength", "normal"):
        report["normal_vs_random"] = strength(args.map, "normal", "random", args.games, args.rounds, args.jobs)
        print(_line(report["normal_vs_random"]), flush=True)
    if args.only in (None, "strength", "hard"):
        report["hard_vs_normal"] = strength(args.map, "hard", "normal", args.games, args.rounds, args.jobs)
        print(_line(report["hard_vs_normal"]), flush=True)
    if args.only in (None, "speed"):
        late = late_game_turns()
        report["late_game_turn"] = late
        print(f"late-game turn on {late['map']} after round {late['after_round']} "
              f"(armies {late['armies_per_seat']}, units {late['units_per_seat']}): "
              f"p50 {late['p50_ms']:.1f} ms, p95 {late['p95_ms']:.1f} ms, max {late['max_ms']:.1f} ms "
              f"over {late['turns']} turns", flush=True)
        rps = rounds_per_second(repeat=args.repeat)
        report["rounds_per_second"] = rps
        print(f"4 computers on {rps['map']}, first 50 rounds, best of {rps['repeat']}: "
              + ", ".join(f"{r:.1f}" for r in rps["rounds_per_second"]) + " rounds/s (median "
              + ", ".join(f"{r:.1f}" for r in rps["median_rounds_per_second"]) + "); slowest computer turn "
              f"{rps['turn_max_ms']:.0f} ms (target < 2000 ms)", flush=True)
    if args.json_path:
        with open(args.json_path, "w") as handle:
            json.dump(report, handle, indent=2)
    return 0


def _line(r: dict[str, Any]) -> str:
    return (f"{r['match']} on {r['map']}: {r['wins']}/{r['games']} wins ({100 * r['win_rate']:.0f}%), "
            f"{r['losses']} losses, {r['unfinished']} unfinished; rounds mean {r['rounds_mean']:.0f}, "
            f"max {r['rounds_max']}; finished within 150 rounds: {100 * r['finished_within_150']:.0f}% "
            f"({r['seconds']:.0f} s)")


if __name__ == "__main__":
    raise SystemExit(main())
