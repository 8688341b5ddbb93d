"""Headless games: `foc simulate` plays whole games between computer players and summarises them.

`play_game` is the one loop (also used by the benchmarks and the soak test): every seat is a controller;
the same map, players, seed, mods and round cap always give the same game. `--mod ID` (repeatable) plays
with mods: games are made by `game.plugins.create_game`, so plugin systems run and the computer players
use what the mods add (cavalry, medics, ships).
"""

from __future__ import annotations

import json
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from components.rules import Ruleset
from game.ai import DIFFICULTIES, make_controller
from game.ai.base import Controller
from game.engine import Game, Result
from game.errors import DataError
from game.maps import MapData, MapError, load_map
from game.setup import PlayerSpec, new_game

PROJECT_ROOT = Path(__file__).resolve().parent.parent


@dataclass
class GameResult:
    """One finished (or capped) game."""

    seed: int
    map: str
    players: list[str]
    winner: int | None
    winner_kind: str | None
    rounds: int
    turn_ms: list[float] = field(default_factory=list)
    commands: int = 0
    seconds: float = 0.0
    alive: list[int] = field(default_factory=list)
    territories: dict[int, int] = field(default_factory=dict)
    mods: list[str] = field(default_factory=list)


def resolve_map(name: str) -> MapData:
    """A map by file path, by name in maps/ (`twin_valleys`), or generated: `random:WxH[:seed]`."""
    if name.startswith("random:"):
        from game.mapgen import generate_map

        parts = name.split(":")
        width, height = (int(n) for n in parts[1].lower().split("x"))
        seed = int(parts[2]) if len(parts) > 2 else 0
        return generate_map(width, height, seed=seed)
    path = Path(name)
    if not path.is_file():
        for candidate in (PROJECT_ROOT / "maps" / f"{name}.tmj", PROJECT_ROOT / "maps" / name, Path(f"{name}.tmj")):
            if candidate.is_file():
                path = candidate
                break
    try:
        return load_map(path)
    except MapError as exc:
        raise DataError(exc.errors) from None


def parse_players(spec: str, difficulty: str) -> list[str]:
    """`ai,random,hard` with `--difficulty normal` -> ['normal', 'random', 'hard']; per-seat difficulty lists."""
    seats = [s.strip().lower() for s in spec.split(",") if s.strip()]
    levels = [d.strip().lower() for d in difficulty.split(",") if d.strip()] or ["normal"]
    out = []
    for index, seat in enumerate(seats):
        kind = levels[min(index, len(levels) - 1)] if seat in ("ai", "computer") else seat
        if kind not in DIFFICULTIES:
            raise DataError([f"--players: seat {index + 1}: unknown player kind {seat!r} "
                             f"(use ai, {', '.join(DIFFICULTIES)})"])
        out.append(kind)
    return out


def computer_players(kinds: Sequence[str]) -> list[PlayerSpec]:
    return [PlayerSpec(f"{kind.title()} {i + 1}", computer=True, difficulty=kind) for i, kind in enumerate(kinds)]


def new_computer_game(rules: Ruleset, map_data: MapData, kinds: Sequence[str], seed: int) -> Game:
    return new_game(rules, map_data, computer_players(kinds), seed)


def new_modded_game(map_data: MapData, kinds: Sequence[str], seed: int, mods: Sequence[str] = ()) -> Game:
    """A game between computer players with the base rules plus `mods` (and their plugins' systems)."""
    from game.plugins import create_game

    return create_game(map_data, computer_players(kinds), seed, list(mods))


def play_game(
    rules: Ruleset,
    map_data: MapData,
    kinds: Sequence[str],
    seed: int,
    max_rounds: int = 200,
    controllers: Sequence[Controller] | None = None,
    on_round: Callable[[Game], None] | None = None,
    game: Game | None = None,
    observe: Callable[[Game, Sequence[Result]], None] | None = None,
) -> tuple[Game, GameResult]:
    """Play a game between computer players to its end or to `max_rounds`; time every computer turn.

    `observe(game, results)` (optional) sees the results (with their events) of every base choice and
    every computer turn, in order: how the balance lab counts units built and lost.
    """
    started = time.perf_counter()
    if game is None:
        game = new_computer_game(rules, map_data, kinds, seed)
    players = list(controllers) if controllers is not None else [make_controller(k) for k in kinds]
    world = game.world
    turn_ms: list[float] = []
    commands = 0
    last_round = world.clock.round
    while not game.over and world.clock.round <= max_rounds:
        seat = world.clock.seat
        controller = players[world.seats.index(seat)]
        if game.in_setup:
            result = game.submit(controller.choose_base(game))
            if not result.ok:
                raise RuntimeError(f"seat {seat} could not choose a base: {result}")
            commands += 1
            if observe is not None:
                observe(game, [result])
        else:
            t0 = time.perf_counter()
            results = controller.play_turn(game)
            turn_ms.append((time.perf_counter() - t0) * 1000)
            commands += len(results)
            if observe is not None:
                observe(game, results)
            if not game.over and world.clock.seat == seat and world.clock.round == last_round and not results:
                raise RuntimeError(f"seat {seat} did not end its turn")
        if world.clock.round != last_round:
            last_round = world.clock.round
            if on_round is not None:
                on_round(game)
    winner = world.clock.winner
    territories = {s: len(world.owned.get(s, ())) for s in world.seats}
    summary = GameResult(
        seed=seed,
        map=map_data.name,
        players=list(kinds),
        winner=winner,
        winner_kind=kinds[world.seats.index(winner)] if winner is not None else None,
        rounds=min(world.clock.round, max_rounds),
        turn_ms=turn_ms,
        commands=commands,
        seconds=time.perf_counter() - started,
        alive=world.alive_seats(),
        territories=territories,
        mods=[m.id for m in world.rules.mods if m.id != "base"],
    )
    return game, summary


# --- the command ------------------------------------------------------------------------------------


def _run_one(job: tuple[str, tuple[str, ...], list[str], int, int]) -> GameResult:
    map_name, mods, kinds, seed, rounds = job
    map_data = resolve_map(map_name)
    game = new_modded_game(map_data, kinds, seed, mods)
    _, result = play_game(game.world.rules, map_data, kinds, seed, rounds, game=game)
    return result


def percentile(values: Sequence[float], pct: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(pct / 100 * (len(ordered) - 1))))
    return ordered[index]


def summarise(results: Sequence[GameResult]) -> dict[str, Any]:
    """Wins per seat and per kind, rounds, and computer turn times (ms)."""
    times = [t for r in results for t in r.turn_ms]
    per_seat: Counter[int] = Counter(r.winner for r in results if r.winner is not None)
    per_kind: Counter[str] = Counter(r.winner_kind for r in results if r.winner_kind is not None)
    seats_of_kind: Counter[str] = Counter(k for r in results for k in r.players)
    rounds = [r.rounds for r in results]
    return {
        "games": len(results),
        "finished": sum(1 for r in results if r.winner is not None),
        "wins_per_seat": {str(s): per_seat[s] for s in sorted(per_seat)},
        "wins_per_kind": {k: per_kind[k] for k in sorted(seats_of_kind)},
        "seats_per_kind": dict(sorted(seats_of_kind.items())),
        "rounds": {
            "mean": statistics.fmean(rounds) if rounds else 0.0,
            "min": min(rounds, default=0),
            "max": max(rounds, default=0),
        },
        "turn_ms": {
            "count": len(times),
            "p50": percentile(times, 50),
            "p95": percentile(times, 95),
            "max": max(times, default=0.0),
        },
        "seconds": sum(r.seconds for r in results),
    }


def run_games(
    map_name: str, kinds: list[str], seed: int, games: int, rounds: int, jobs: int = 1, mods: Sequence[str] = (),
    progress: Callable[[GameResult], None] | None = None,
) -> list[GameResult]:
    """Games with seeds seed, seed+1, ...; in `jobs` processes when jobs > 1; results in seed order."""
    batch = [(map_name, tuple(mods), kinds, seed + i, rounds) for i in range(games)]
    results: list[GameResult] = []
    if jobs <= 1 or games <= 1:
        for job in batch:
            results.append(_run_one(job))
            if progress:
                progress(results[-1])
        return results
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        for result in pool.map(_run_one, batch):
            results.append(result)
            if progress:
                progress(result)
    return results


def game_line(result: GameResult) -> str:
    if result.winner is None:
        outcome = f"no winner after {result.rounds} rounds (alive: {', '.join(map(str, result.alive))})"
    else:
        outcome = f"seat {result.winner} ({result.winner_kind}) won in round {result.rounds}"
    return f"seed {result.seed}: {outcome}"


def run_simulate(args: Any) -> int:
    """`foc simulate`: play, show progress on a terminal, print the summary, optionally write JSON."""
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    console = Console(stderr=False)
    try:
        kinds = parse_players(args.players, args.difficulty)
        map_data = resolve_map(args.map)  # fail early, in this process, on a bad map name
        if len(kinds) not in map_data.start_zones:
            raise DataError([f"{args.map}: the map has no start zones for {len(kinds)} players"])
        from game.plugins import load_mods

        load_mods(list(args.mod))  # every problem with the mods (missing, versions, plugins) before playing
    except DataError as exc:
        for line in exc.errors:
            print(line, file=sys.stderr)
        return 2
    games = max(1, int(args.games))
    interactive = console.is_terminal
    results: list[GameResult] = []
    if interactive:
        with Progress(TextColumn("[bold]simulating"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                      console=console) as bar:
            task = bar.add_task("games", total=games)
            results = run_games(args.map, kinds, args.seed, games, args.rounds, args.jobs, args.mod,
                                progress=lambda _r: bar.advance(task))
    else:
        results = run_games(args.map, kinds, args.seed, games, args.rounds, args.jobs, args.mod)
    summary = summarise(results)
    for result in results:
        print(game_line(result))
    mods = ", ".join(args.mod) if args.mod else "none"
    print(f"map {map_data.name}; players {', '.join(kinds)}; mods {mods}; {games} game(s), "
          f"{summary['finished']} finished")
    print("wins per seat: " + (", ".join(f"{s}: {n}" for s, n in summary["wins_per_seat"].items()) or "none"))
    print("wins per kind: " + ", ".join(
        f"{k}: {n}/{summary['seats_per_kind'][k]} seats" for k, n in summary["wins_per_kind"].items()))
    r = summary["rounds"]
    print(f"rounds: mean {r['mean']:.1f}, min {r['min']}, max {r['max']}")
    t = summary["turn_ms"]
    print(f"computer turn time: p50 {t['p50']:.1f} ms, p95 {t['p95']:.1f} ms, max {t['max']:.1f} ms "
          f"over {t['count']} turns")
    if args.json_path:
        payload = {
            "map": map_data.name, "players": kinds, "mods": list(args.mod), "seed": args.seed,
            "rounds_cap": args.rounds,
            "summary": summary,
            "games": [{k: v for k, v in asdict(g).items() if k != "turn_ms"} for g in results],
        }
        Path(args.json_path).write_text(json.dumps(payload, indent=2))
        print(f"wrote {args.json_path}")
    return 0
