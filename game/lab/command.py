"""`foc balance`: check every input, play the seeded games of every variant (Ray or local processes)
with a live progress bar, then print the statistics and write the JSON and HTML reports."""

from __future__ import annotations

import json
import os
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)

from game.errors import DataError
from game.lab import rulesets
from game.lab.jobs import GameRecord
from game.lab.runner import RAY_HINT, make_jobs, ray_installed, run_processes, run_ray
from game.lab.statistics import analyse
from game.lab.variants import Variant, baseline, check_variants, parse_variant

BACKENDS = ("auto", "ray", "processes")
RAY_AUTH_HINT = ("if the cluster is up: one started with token authentication (the default of recent Ray) needs RAY_AUTH_MODE=token "
                 "and its token (RAY_AUTH_TOKEN, or ~/.ray/auth_token copied from the head) here too")


def add_arguments(parser: Any) -> None:
    """The options of `foc balance` (each with its help line)."""
    parser.add_argument("--ruleset", default="base", help="which game to play: any installed ruleset (default base)")
    parser.add_argument("--map", default=None, help="a map of the ruleset (name or .tmj/.tmx path) or random:WxH[:seed]; "
                        "default: the ruleset's board, or its first map for that many players")
    parser.add_argument("--players", default="ai,ai,ai,ai",
                        help="one computer kind per seat: ai (the game's first kind) or a kind the ruleset registers "
                             "(the base game: normal, hard, random); default ai,ai,ai,ai")
    parser.add_argument("--mod", action="append", default=[], help="a mod every variant plays with (repeatable)")
    parser.add_argument("--games", type=int, default=100, help="seeds per variant (default 100)")
    parser.add_argument("--seed", type=int, default=1, help="first seed; game k uses seed+k (default 1)")
    parser.add_argument("--rounds", type=int, default=200, help="round cap per game; capped games have no winner")
    parser.add_argument("--variant", action="append", default=[], metavar="NAME=FILE.toml",
                        help="a rules override (plus [variant] mods = [...]) compared with the unchanged rules "
                             "on the same seeds (repeatable)")
    parser.add_argument("--rotate", action="store_true",
                        help="turn the seating one place each game, so every kind plays every seat (fair per-kind rates)")
    parser.add_argument("--address", help="Ray cluster address (e.g. 10.0.0.5:6379 or auto); default: a local Ray")
    parser.add_argument("--workers", type=int, default=None,
                        help="games at a time (default: the CPUs of this machine, or of the cluster)")
    parser.add_argument("--backend", choices=BACKENDS, default="auto",
                        help="auto: Ray when installed, else local processes; ray; processes (no Ray)")
    parser.add_argument("--json", dest="json_path", help="write the full report (config, statistics, games) as JSON")
    parser.add_argument("--html", dest="html_path", help="write a self-contained HTML report with charts")


def _errors(lines: list[str]) -> int:
    for line in lines:
        print(line, file=sys.stderr)
    return 2


def _check_output(path: str | None, option: str, errors: list[str]) -> None:
    if path and not Path(path).resolve().parent.is_dir():
        errors.append(f"{option} {path}: folder {Path(path).resolve().parent} does not exist")


def parse_kinds(spec: str, kinds: tuple[str, ...]) -> list[str]:
    """`ai,hard,random` -> one computer kind per seat among the game's `kinds` (`ai`: the first of them)."""
    seats = [s.strip().lower() for s in spec.split(",") if s.strip()]
    if not seats:
        raise DataError([f"--players {spec!r}: name one computer kind per seat"])
    out = []
    for index, seat in enumerate(seats):
        kind = kinds[0] if seat in ("ai", "computer") else seat
        if kind not in kinds:
            raise DataError([f"--players: seat {index + 1}: unknown player kind {seat!r} (use ai, {', '.join(kinds)})"])
        out.append(kind)
    return out


def prepare(args: Any) -> tuple[list[Variant], list[str]]:
    """Check every input before any game runs: DataError with every problem found."""
    from game.simulate import map_for

    errors: list[str] = []
    try:
        app = rulesets.load_game_app(args.ruleset, list(args.mod))
    except DataError as exc:
        raise DataError([line if line.startswith("--ruleset") else f"--mod: {line}" for line in exc.errors]) from None
    kinds: list[str] = []
    try:
        kinds = parse_kinds(args.players, rulesets.computer_kinds(app))
    except DataError as exc:
        errors += exc.errors
    if kinds:
        low, high = app.rules.setup.min_players, app.rules.setup.max_players
        if not low <= len(kinds) <= high:
            errors.append(f"--players: {len(kinds)} seats; the ruleset '{args.ruleset}' plays with {low}-{high}")
        else:
            try:
                map_data = map_for(args.map, args.ruleset, len(kinds))
                args.map_label = args.map or (map_data.name if map_data is not None else "the ruleset's board")
                if map_data is not None and len(kinds) not in map_data.start_zones:
                    have = ", ".join(str(n) for n in sorted(map_data.start_zones))
                    errors.append(f"--map {args.map}: the map has no start zones for {len(kinds)} players "
                                  f"(it has {have})")
            except DataError as exc:
                errors += [f"--map {args.map}: {line}" for line in exc.errors]
    for option, value in (("--games", args.games), ("--rounds", args.rounds)):
        if value < 1:
            errors.append(f"{option} {value}: must be at least 1")
    if args.workers is not None and args.workers < 1:
        errors.append(f"--workers {args.workers}: must be at least 1")
    _check_output(args.json_path, "--json", errors)
    _check_output(args.html_path, "--html", errors)
    if args.address and args.backend == "processes":
        errors.append("--address needs Ray: drop --backend processes")
    if (args.address or args.backend == "ray") and not ray_installed():
        errors.append(f"Ray is not installed: {RAY_HINT}")
    variants = [baseline(args.mod, args.ruleset)]
    for spec in args.variant:
        try:
            variants.append(parse_variant(spec, args.mod, args.ruleset))
        except DataError as exc:
            errors += exc.errors
    errors += check_variants(variants)
    if errors:
        raise DataError(errors)
    return variants, kinds


class LiveRates:
    """Win rates per variant and seat so far, for the progress bar."""

    def __init__(self, variants: list[Variant], seats: int) -> None:
        self.names = [v.name for v in variants]
        self.seats = seats
        self.games: Counter[str] = Counter()
        self.wins: dict[str, Counter[int]] = {n: Counter() for n in self.names}

    def add(self, record: GameRecord) -> None:
        self.games[record.variant] += 1
        if record.winner is not None:
            self.wins[record.variant][record.winner] += 1

    def text(self) -> str:
        parts = []
        for name in self.names:
            n = self.games[name]
            rates = " ".join(f"s{s} {100 * self.wins[name][s] / n:.0f}%" if n else f"s{s} -"
                             for s in range(1, self.seats + 1))
            parts.append(f"{name}: {rates}")
        return " | ".join(parts)


def run_balance(args: Any) -> int:
    console = Console()
    try:
        variants, kinds = prepare(args)
    except DataError as exc:
        return _errors(exc.errors)
    backend = args.backend
    if backend == "auto":
        backend = "ray" if ray_installed() or args.address else "processes"
        if backend == "processes":
            console.print(f"Ray is not installed, so the games run on local processes. For Ray (a local one "
                          f"or a cluster with --address): {RAY_HINT}", style="yellow", soft_wrap=True, markup=False)
    workers = args.workers or (None if args.address else os.cpu_count() or 1)
    jobs = make_jobs(variants, args.map, kinds, args.seed, args.games, args.rounds, args.rotate)
    live = LiveRates(variants, len(kinds))
    records: list[GameRecord] = []
    where = (f"Ray at {args.address}" if args.address else f"local Ray, {workers} CPUs") if backend == "ray" \
        else f"{workers} local process(es)"
    started = time.perf_counter()
    with Progress(TextColumn("[bold]balance"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                  TimeRemainingColumn(), TextColumn("{task.description}"), console=console,
                  disable=not console.is_terminal) as bar:
        task = bar.add_task("starting", total=len(jobs))

        def on_record(record: GameRecord) -> None:
            records.append(record)
            live.add(record)
            bar.update(task, advance=1, description=live.text())

        console.print(f"{len(jobs)} games ({args.games} seeds × {len(variants)} variant(s)) on {where}", markup=False)
        if backend == "ray":
            try:
                run_ray(jobs, workers, on_record, args.address)
            except (ConnectionError, RuntimeError) as exc:
                if records:  # a failure mid-run is a real error, not a connection problem
                    raise
                return _errors([f"--address {args.address}: cannot start or reach Ray: {exc}", RAY_AUTH_HINT])
        else:
            run_processes(jobs, workers or 1, on_record)
    wall = time.perf_counter() - started
    records.sort(key=lambda r: (r.seed, [v.name for v in variants].index(r.variant)))
    report = build_report(args, variants, kinds, records, backend, workers, wall)
    from game.lab.tables import print_report

    print_report(console, report)
    console.print(f"{len(records)} games in {wall:.1f} s ({len(records) / wall:.2f} games/s) on {where}")
    if args.json_path:
        Path(args.json_path).write_text(json.dumps(report, indent=1))
        console.print(f"wrote {args.json_path}")
    if args.html_path:
        from game.lab.html_report import render_html

        Path(args.html_path).write_text(render_html(report))
        console.print(f"wrote {args.html_path}")
    return 0


def build_report(args: Any, variants: list[Variant], kinds: list[str], records: list[GameRecord], backend: str,
                 workers: int | None, wall: float) -> dict[str, Any]:
    return {
        "config": {
            "ruleset": args.ruleset, "map": getattr(args, "map_label", None) or args.map, "players": kinds, "mods": list(args.mod),
            "games": args.games, "seed": args.seed, "rounds": args.rounds, "rotate": args.rotate,
            "variants": [{"name": v.name, "mods": list(v.all_mods), "override": str(v.override or ""),
                          "description": v.description} for v in variants],
            "backend": backend, "address": args.address, "workers": workers,
        },
        "timing": {"seconds": wall, "games_per_second": len(records) / wall if wall else 0.0},
        "analysis": analyse(records, [v.name for v in variants], args.rounds),
        "games": [r.to_dict() for r in records],
    }
