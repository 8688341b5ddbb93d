"""The strength table: every pair of computer kinds (random, normal, hard, search) of every installed ruleset over
paired seeds with the seating rotated, through `foc balance`, as a Markdown table with 95% intervals.

    python -m bench.strength_table --games 100                       # the table the issue asks for
    nice -n 10 python -m bench.strength_table --games 10 --budget 3000 --out docs/strength-table.md

Each pair is one `foc balance --ruleset R --players A,B --games N --rotate --rounds C --workers W --backend
processes --json FILE` (printed before it runs); `--games-search` and `--rounds-search` bound the pairs with the
search player, which plays far slower. Pairs not started within `--budget` seconds are listed as not run.
"""

from __future__ import annotations

import argparse
import itertools
import json
import tempfile
import time
from pathlib import Path

from game.ai.players import player_kinds
from game.content import load_app
from game.lab.rulesets import available

KINDS = ("random", "normal", "hard", "search")
ROUNDS = {"base": 150}
PRIORITY = [("normal", "hard"), ("random", "normal"), ("random", "hard"), ("random", "search"), ("normal", "search"),
            ("hard", "search")]  # the others: their own round or turn limit (rules), capped here by --rounds


def kinds_of(ruleset: str) -> list[str]:
    offered = player_kinds(load_app(ruleset))
    return [k for k in KINDS if k in offered]


def run_pair(ruleset: str, a: str, b: str, games: int, rounds: int, workers: int) -> tuple[list[str], dict]:
    from game.cli import main

    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "pair.json"
        argv = ["balance", "--ruleset", ruleset, "--players", f"{a},{b}", "--games", str(games), "--rotate",
                "--rounds", str(rounds), "--workers", str(workers), "--backend", "processes", "--json", str(out)]
        code = main(argv)
        if code != 0 or not out.is_file():
            return argv, {}
        return argv, json.loads(out.read_text())


def cell(stats: dict) -> str:
    return f"{stats['wins']}/{stats['of']} = {stats['rate']:.0%} [{stats['low']:.0%}, {stats['high']:.0%}]"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rulesets", default=",".join(available()))
    parser.add_argument("--games", type=int, default=100, help="paired seeds per pair")
    parser.add_argument("--games-search", type=int, default=None, help="seeds for pairs with search (default --games)")
    parser.add_argument("--rounds", type=int, default=150, help="round cap")
    parser.add_argument("--rounds-search", type=int, default=None, help="round cap of pairs with search")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--budget", type=float, default=3600.0, help="seconds; later pairs are not started")
    parser.add_argument("--out", default="strength-table.md")
    parser.add_argument("--pairs", default="", help="only these, e.g. monstercrasher:normal-search,base:normal-hard")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    lines = ["| ruleset | pair (A vs B) | seeds | round cap | A wins [95%] | B wins [95%] | no winner (draw or cap) | seconds |",
             "| --- | --- | --- | --- | --- | --- | --- | --- |"]
    commands: list[str] = []
    pairs = [(ruleset, a, b) for ruleset in args.rulesets.split(",")
             for a, b in itertools.combinations(kinds_of(ruleset), 2)]
    if args.pairs:
        wanted = {tuple([r, *k.split("-")]) for r, _, k in (item.partition(":") for item in args.pairs.split(","))}
        pairs = [p for p in pairs if p in wanted]
    pairs.sort(key=lambda p: PRIORITY.index((p[1], p[2])))  # the pairs the bars name first, cheap ones first
    rows: dict[tuple[str, str, str], str] = {}
    for ruleset, a, b in pairs:
        search = "search" in (a, b)
        games = args.games_search if search and args.games_search else args.games
        rounds = min(ROUNDS.get(ruleset, args.rounds), args.rounds_search if search and args.rounds_search
                     else args.rounds)
        if time.perf_counter() - started > args.budget:
            rows[(ruleset, a, b)] = f"| {ruleset} | {a} vs {b} | not run (time budget) | | | | | |"
            continue
        t0 = time.perf_counter()
        argv_used, report = run_pair(ruleset, a, b, games, rounds, args.workers)
        commands.append("foc " + " ".join(argv_used[:-2]))
        seconds = time.perf_counter() - t0
        if not report:
            rows[(ruleset, a, b)] = f"| {ruleset} | {a} vs {b} | failed | | | | | {seconds:.0f} |"
            continue
        stats = report["analysis"]["variants"]["baseline"]
        kinds = stats["per_kind"]
        none = stats["games"] - kinds[a]["wins"] - kinds[b]["wins"]  # draws and capped games
        rows[(ruleset, a, b)] = (f"| {ruleset} | {a} vs {b} | {stats['games']} | {rounds} | {cell(kinds[a])} | "
                                 f"{cell(kinds[b])} | {none} | {seconds:.0f} |")
        write(args.out, lines, rows, pairs, commands)
        print(rows[(ruleset, a, b)], flush=True)
    write(args.out, lines, rows, pairs, commands)
    return 0


def write(out: str, head: list[str], rows: dict[tuple[str, str, str], str], pairs: list[tuple[str, str, str]],
          commands: list[str]) -> None:
    """The table so far (ruleset by ruleset, pairs in kind order) and the commands that made it."""
    order = sorted(pairs, key=lambda p: (p[0], KINDS.index(p[1]), KINDS.index(p[2])))
    body = [rows[p] for p in order if p in rows]
    Path(out).write_text("\n".join(head + body) + "\n\nCommands:\n\n" + "\n".join(f"    {c}" for c in commands)
                         + "\n")


if __name__ == "__main__":
    raise SystemExit(main())
