"""The engine's search player against another computer kind, seat by seat on paired seeds (each seed played with
search in either seat), in one process: what `foc balance` measures, for a ruleset it cannot load (the test-only
Breakthrough, `--test-rulesets`) and for search settings other than the default.

    python -m bench.search_match --ruleset monstercrasher --against normal --seeds 10
    python -m bench.search_match --ruleset breakthrough --test-rulesets --against normal --seeds 20
    python -m bench.search_match --ruleset relic-duels --against normal --seeds 5 --search '{"rollout": 0}'
    python -m bench.search_match --ruleset risky-space --against random --seeds 10 --first-seed 11

Prints one line per game (seed, search's seat, result, rounds, seconds so far) and the tally with 95% (Wilson)
intervals. Every game is bounded by `--rounds` and a command count.
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

from game.lab.statistics import wilson


def play(ruleset: str, against: str, seed: int, search_seat: int, rounds: int, settings: dict[str, Any]) -> tuple[str, int]:
    """One game: 'win', 'loss' or 'none' (draw or capped) for search, and the rounds played."""
    from game import computer_seats
    from game.ai import make_controller
    from game.ai.search import SearchPlayer
    from game.simulate import map_for, new_modded_game

    kinds = ["search", against] if search_seat == 0 else [against, "search"]
    game = new_modded_game(map_for(None, ruleset, 2, seed), kinds, seed, (), ruleset)
    players = [SearchPlayer(seed=seed, **settings) if k == "search" else make_controller(k, game.app) for k in kinds]
    world = game.world
    for _ in range(20_000):
        if game.over or world.clock.round > rounds:
            break
        computer_seats.play_step(game, players)
    winner = world.clock.winner
    if winner not in world.seats:
        return "none", world.clock.round
    return ("win" if winner == world.seats[search_seat] else "loss"), world.clock.round


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--ruleset", required=True)
    parser.add_argument("--against", default="normal")
    parser.add_argument("--seeds", type=int, default=10, help="seeds, each played twice (search in either seat)")
    parser.add_argument("--first-seed", type=int, default=1, help="the first seed (more seeds on top of a run)")
    parser.add_argument("--rounds", type=int, default=200, help="round cap")
    parser.add_argument("--search", default="{}", help="SearchPlayer settings as JSON (default: its defaults)")
    parser.add_argument("--test-rulesets", action="store_true", help="load the test-only rulesets (tests/rulesets)")
    args = parser.parse_args(argv)
    if args.test_rulesets:
        from tests.rulesets import install

        install()
    settings = json.loads(args.search)
    started, tally = time.perf_counter(), {"win": 0, "loss": 0, "none": 0}
    for seed in range(args.first_seed, args.first_seed + args.seeds):
        for seat in (0, 1):
            result, rounds = play(args.ruleset, args.against, seed, seat, args.rounds, settings)
            tally[result] += 1
            print(f"seed {seed} search seat {seat + 1}: {result} in {rounds} rounds "
                  f"({time.perf_counter() - started:.0f} s)", flush=True)
    games = sum(tally.values())
    low, high = wilson(tally["win"], games)
    print(f"{args.ruleset}: search {settings or 'default'} vs {args.against}: wins {tally['win']}/{games} "
          f"= {tally['win'] / games:.0%} [{low:.0%}, {high:.0%}], losses {tally['loss']}, no winner {tally['none']}; "
          f"{time.perf_counter() - started:.0f} s", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
