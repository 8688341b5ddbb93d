"""One pair's games from several `foc balance --json` reports (a long pair run in chunks of seeds, so that what
finished survives a stopped run), as one row: each kind's wins with 95% (Wilson) intervals, the games with no
winner, and the seconds the chunks took.

    for s in 1 11 21; do foc balance --ruleset base --players random,search --games 10 --seed $s --rotate \
        --rounds 150 --workers 1 --json chunk-$s.json; done
    python -m bench.combine_balance chunk-*.json

A chunk of an even number of games keeps the rotated seating of one long run (game k seats the kinds k places
on). Reports of different rulesets, kinds or round caps, or with a seed twice, are refused.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from game.lab.statistics import wilson


def combine(reports: list[dict[str, Any]]) -> dict[str, Any]:
    """The games of every report, checked to be one pair's distinct seeds, and each kind's tally."""
    configs = {(r["config"]["ruleset"], tuple(sorted(r["config"]["players"])), r["config"]["rounds"]) for r in reports}
    if len(configs) != 1:
        raise ValueError(f"the reports are of different pairs or round caps: {sorted(configs)}")
    games = [g for r in reports for g in r["games"]]
    seeds = [g["seed"] for g in games]
    if len(set(seeds)) != len(seeds):
        raise ValueError("a seed is in more than one report")
    ruleset, kinds, rounds = configs.pop()
    wins = {kind: 0 for kind in kinds}
    for game in games:
        if game["winner"]:  # 0 is a draw, None a capped game
            wins[game["kinds"][game["winner"] - 1]] += 1
    return {"ruleset": ruleset, "kinds": list(kinds), "rounds": rounds, "games": len(games), "wins": wins,
            "no_winner": len(games) - sum(wins.values()), "seeds": (min(seeds), max(seeds)) if seeds else None,
            "seconds": sum(r["timing"]["seconds"] for r in reports)}


def row(tally: dict[str, Any]) -> str:
    """The pair as a line: each kind's wins of the games, with its interval."""
    cells = []
    for kind, won in tally["wins"].items():
        low, high = wilson(won, tally["games"])
        cells.append(f"{kind} {won}/{tally['games']} = {won / max(1, tally['games']):.0%} [{low:.0%}, {high:.0%}]")
    return (f"{tally['ruleset']}: {', '.join(cells)}; no winner {tally['no_winner']}; seeds {tally['seeds']}; "
            f"round cap {tally['rounds']}; {tally['seconds']:.0f} s")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("reports", nargs="+", type=Path)
    args = parser.parse_args(argv)
    print(row(combine([json.loads(path.read_text()) for path in args.reports])))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
