"""Headless games: `foc simulate` plays whole games between computer players and summarises them.

`play_game` is the one loop (also used by the benchmarks and the soak test): every seat is a controller;
the same map, players, seed, mods and round cap always give the same game. `--mod ID` (repeatable) plays
with mods: games are made by `game.setup.create_game`, so plugin systems run and the computer players
use what the mods add.
"""

from __future__ import annotations

import json
import re
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from components.rules import Ruleset
from game import computer_seats
from game.ai import make_controller
from game.ai.base import Controller
from game.cli_args import output_file_problem
from game.engine import Game, Result
from game.errors import DataError
from game.maps import (
    DEFAULT_TERRAIN_IDS,
    MapData,
    MapError,
    find_map_file,
    load_map,
    map_size_problem,
    territory_limit,
)
from game.resources import MAPS
from game.setup import PlayerSpec, new_game
from game.words import plural
from systems.world import DRAW


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


def map_terrain(ruleset: str = "base") -> tuple[str, ...]:
    """The terrain a ruleset's maps are painted with: the base game's terrain for it, else the ruleset's own
    (a map of a ruleset with terrain of its own is read with that terrain, not the base game's)."""
    if ruleset == "base":
        return DEFAULT_TERRAIN_IDS
    from game.content import load_app

    return tuple(load_app(ruleset).rules.terrain)


def resolve_map(name: str, ruleset: str = "base") -> MapData:
    """A map by file path, by name among the ruleset's maps (`twin_valleys`), or generated: `random:WxH[:seed]`."""
    if name.startswith("random:"):
        return _random_map(name, ruleset)
    path = Path(name)
    if not path.is_file():
        from game.content import maps_folder

        folder = maps_folder(ruleset) or MAPS
        path = find_map_file(folder, name) or find_map_file(Path.cwd(), name) or path
    try:
        return load_map(path, map_terrain(ruleset))
    except MapError as exc:
        raise DataError(exc.errors) from None


def _random_map(name: str, ruleset: str = "base") -> MapData:
    """`random:WxH[:seed]`, with a clear message for anything else and for sizes the rules do not allow."""
    from game.content import load_ruleset
    from game.mapgen import generate_map

    match = re.fullmatch(r"random:(\d{1,9})x(\d{1,9})(?::(-?\d{1,18}))?", name.strip().lower())
    if match is None:
        raise DataError([f"--map {name}: expected random:WIDTHxHEIGHT or random:WIDTHxHEIGHT:SEED, "
                         "e.g. random:32x32:7"])
    width, height = int(match[1]), int(match[2])
    problem = map_size_problem(territory_limit(load_ruleset(ruleset=ruleset)), width, height)
    if problem is not None:
        raise DataError([f"--map {name}: {problem}"])
    try:
        return generate_map(width, height, seed=int(match[3] or 0))
    except ValueError as exc:
        raise DataError([f"--map {name}: {exc}"]) from None


def parse_players(spec: str, difficulty: str | None, kinds: Sequence[str] | None = None) -> list[str]:
    """`ai,random,hard` with `--difficulty normal` -> ['normal', 'random', 'hard']; per-seat difficulty lists.
    With the game's `kinds` (game.ai.players.player_kinds), a kind it does not offer is refused by name."""
    seats = [s.strip().lower() for s in spec.split(",") if s.strip()]
    default = "normal" if kinds is None or "normal" in kinds or not kinds else kinds[0]
    levels = [d.strip().lower() for d in (difficulty or "").split(",") if d.strip()] or [default]
    out = []
    for index, seat in enumerate(seats):
        level = levels[min(index, len(levels) - 1)]
        kind = level if seat in ("ai", "computer") else seat
        if not re.fullmatch(r"[a-z][a-z0-9_-]{0,31}", kind):
            raise DataError([f"--players: seat {index + 1}: {seat!r} is not a computer player kind"])
        if kinds is not None and kind not in kinds:
            option = "--difficulty" if seat in ("ai", "computer") else "--players"
            raise DataError([f"{option}: seat {index + 1}: unknown computer player kind {kind!r} "
                             f"(kinds: {', '.join(kinds)}; ai means --difficulty)"])
        out.append(kind)
    if not out:
        raise DataError(["--players: expected at least one seat, e.g. ai,ai"])
    return out


def computer_players(kinds: Sequence[str]) -> list[PlayerSpec]:
    return [PlayerSpec(f"{kind.title()} {i + 1}", computer=True, difficulty=kind) for i, kind in enumerate(kinds)]


def new_computer_game(rules: Ruleset, map_data: MapData | None, kinds: Sequence[str], seed: int) -> Game:
    return new_game(rules, map_data, computer_players(kinds), seed)


def new_modded_game(
    map_data: MapData | None, kinds: Sequence[str], seed: int, mods: Sequence[str] = (), ruleset: str = "base",
    options: Mapping[str, object] | None = None,
) -> Game:
    """A game between computer players of `ruleset` plus `mods` (and their plugins' systems), with the
    ruleset's `options` chosen (game.content.options)."""
    from game.setup import create_game

    return create_game(map_data, computer_players(kinds), seed, list(mods), ruleset=ruleset, options=options)


def map_for(name: str | None, ruleset: str, players: int, seed: int = 0) -> MapData | None:
    """The map named, else None for a ruleset with a fixed board, else the ruleset's first map for
    this many players. `random[:SEED]` is the ruleset's own generator's map (the game's seed by default)."""
    from game.content import load_app

    if name and name.split(":")[0] == "random" and load_app(ruleset).map_generator is not None:
        generate = load_app(ruleset).map_generator
        assert generate is not None
        return generate(players, int(name.partition(":")[2] or seed))  # type: ignore[no-any-return]
    if name:
        return resolve_map(name, ruleset)
    from game.maps import list_maps

    if load_app(ruleset).rules.board is not None:
        return None
    for path in list_maps(ruleset=ruleset):
        data = load_map(path, map_terrain(ruleset))
        if players in data.start_zones:
            return data
    raise DataError([f"--map: the ruleset '{ruleset}' has no map for {players} players"])


def seated_player(world: Any, seat: int) -> Any:
    """The seat's Player component (its computer level after any seating the ruleset did)."""
    from systems import queries

    world.activate()
    return queries.player(world, seat)


def accepted(results: Sequence[Result]) -> int:
    """How many of a player's submitted commands the game accepted (game.ai.players: what play_turn returns)."""
    return sum(1 for result in results if result.ok)


def play_game(
    rules: Ruleset,
    map_data: MapData | None,
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
    world = game.world
    seated = [seated_player(world, s).difficulty for s in world.seats]
    if sorted(seated) == sorted(kinds):  # a ruleset may seat its players at random (Risky Space's random_seats)
        kinds = seated
    players = list(controllers) if controllers is not None else [make_controller(k, game.app) for k in kinds]
    turn_ms: list[float] = []
    commands = 0
    last_round = world.clock.round
    while not game.over and world.clock.round <= max_rounds:
        seat = world.clock.seat
        controller = players[world.seats.index(seat)]
        if game.asking or game.awaiting_orders:  # questions and simultaneous orders: every seat concerned acts
            t0 = time.perf_counter()
            for other in game.acting_seats():
                commands += accepted(computer_seats.act(game, other, players[world.seats.index(other)]))
            turn_ms.append((time.perf_counter() - t0) * 1000)
        elif game.in_setup:
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
            commands += accepted(results)
            if observe is not None:
                observe(game, results)
            if not game.over and world.clock.seat == seat and world.clock.round == last_round and not results \
                    and game.awaiting_seat:
                raise RuntimeError(f"seat {seat} did not end its turn")
        if world.clock.round != last_round:
            last_round = world.clock.round
            if on_round is not None:
                on_round(game)
    winner = world.clock.winner
    territories = {s: len(world.owned.get(s, ())) for s in world.seats}
    summary = GameResult(
        seed=seed,
        map=map_data.name if map_data is not None else "board",
        players=list(kinds),
        winner=winner,
        winner_kind=kinds[world.seats.index(winner)] if winner else None,  # None too for a draw (DRAW = 0)
        rounds=min(world.clock.round, max_rounds) if game.app.hooks.game_round is None else game.app.hooks.round_of(world),
        turn_ms=turn_ms,
        commands=commands,
        seconds=time.perf_counter() - started,
        alive=world.alive_seats(),
        territories=territories,
        mods=[m.id for m in world.rules.mods[1:]],  # the ruleset comes first
    )
    return game, summary


# --- the command ------------------------------------------------------------------------------------


def _run_one(job: tuple[str | None, tuple[str, ...], list[str], int, int, str, dict[str, object]]) -> GameResult:
    map_name, mods, kinds, seed, rounds, ruleset, options = job
    map_data = map_for(map_name, ruleset, len(kinds), seed)
    game = new_modded_game(map_data, kinds, seed, mods, ruleset, options)
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
    per_seat: Counter[int] = Counter(r.winner for r in results if r.winner)  # a draw (DRAW = 0) has no winner
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
    map_name: str | None, kinds: list[str], seed: int, games: int, rounds: int, jobs: int = 1,
    mods: Sequence[str] = (), progress: Callable[[GameResult], None] | None = None, ruleset: str = "base",
    options: Mapping[str, object] | None = None,
) -> list[GameResult]:
    """Games with seeds seed, seed+1, ...; in `jobs` processes when jobs > 1; results in seed order. `options`:
    the ruleset's options chosen (game.content.options)."""
    batch = [(map_name, tuple(mods), kinds, seed + i, rounds, ruleset, dict(options or {})) for i in range(games)]
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
    elif result.winner == DRAW:
        outcome = f"a draw in round {result.rounds}"
    else:
        outcome = f"seat {result.winner} ({result.winner_kind}) won in round {result.rounds}"
    return f"seed {result.seed}: {outcome}"


SIMULATE_DEFAULT_PLAYERS = "ai,ai,ai,ai"  # `foc simulate --players` when not given (game.cli)


def run_simulate(args: Any) -> int:
    """`foc simulate`: play, show progress on a terminal, print the summary, optionally write JSON."""
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    console = Console(stderr=False)
    try:
        if args.json_path and (problem := output_file_problem(Path(args.json_path))) is not None:
            raise DataError([f"--json {problem}"])  # before the games: their results must not be lost
        for name in ("rounds", "games", "jobs"):
            if int(getattr(args, name)) < 1:
                raise DataError([f"--{name}: must be at least 1, got {getattr(args, name)}"])
        ruleset = getattr(args, "ruleset", None) or "base"
        from game.ai.players import player_kinds
        from game.content import load_app

        options = getattr(args, "options", None) or {}
        app = load_app(ruleset, list(args.mod), options=options)  # every problem with ruleset, mods, options
        rules = app.rules
        kinds = parse_players(args.players, args.difficulty, player_kinds(app))
        low, high = rules.setup.min_players, rules.setup.max_players
        if len(kinds) > high and args.players == SIMULATE_DEFAULT_PLAYERS:  # the default seats a 2-player game too
            kinds = kinds[:high]
        if not low <= len(kinds) <= high:
            raise DataError([f"--players: {len(kinds)} seats given; ruleset {ruleset} needs {low}-{high}"])
        map_data = map_for(args.map, ruleset, len(kinds), args.seed)  # fail early, in this process, on a bad map name
        if map_data is not None and len(kinds) not in map_data.start_zones:
            raise DataError([f"{args.map}: the map has no start zones for {len(kinds)} players"])
    except DataError as exc:
        for line in exc.errors:
            print(line, file=sys.stderr)
        return 2
    games = int(args.games)
    interactive = console.is_terminal
    results: list[GameResult] = []
    if interactive:
        with Progress(TextColumn("[bold]simulating"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                      console=console) as bar:
            task = bar.add_task("games", total=games)
            results = run_games(args.map, kinds, args.seed, games, args.rounds, args.jobs, args.mod,
                                progress=lambda _r: bar.advance(task), ruleset=ruleset, options=options)
    else:
        results = run_games(args.map, kinds, args.seed, games, args.rounds, args.jobs, args.mod, ruleset=ruleset,
                            options=options)
    summary = summarise(results)
    for result in results:
        print(game_line(result))
    mods = ", ".join(args.mod) if args.mod else "none"
    map_name = map_data.name if map_data is not None else "the ruleset's board"
    chosen = ", ".join(f"{k}={v}" for k, v in rules.game_options.items()) or "defaults"
    print(f"ruleset {ruleset}; map {map_name}; players {', '.join(kinds)}; mods {mods}; options {chosen}; "
          f"{plural(games, 'game')}, {summary['finished']} finished")
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
            "ruleset": ruleset, "map": map_name, "players": kinds, "mods": list(args.mod), "seed": args.seed,
            "options": dict(rules.game_options), "rounds_cap": args.rounds,
            "summary": summary,
            "games": [{k: v for k, v in asdict(g).items() if k != "turn_ms"} for g in results],
        }
        try:
            Path(args.json_path).write_text(json.dumps(payload, indent=2))
        except OSError as exc:
            print(f"--json {args.json_path}: cannot write ({exc.strerror or exc})", file=sys.stderr)
            return 1
        print(f"wrote {args.json_path}")
    return 0
