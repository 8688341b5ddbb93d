"""Relic Duels' computer players (DU11): `normal` against `random` in whole seeded games on either side, and the
time a computer takes for a decision (a side's moves, or one answer to a prompt).

    python -m bench.bench_relic_duels                  # 200 games a side: seeds 1-200, normal as the Company,
                                                       # then as the Dominion (400 games)
    python -m bench.bench_relic_duels --seeds 20       # a quicker look

Bars: normal wins >= 95% on either side (the issue); a decision <= 1 s at its slowest (DU11).
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Any

from game import computer_seats
from game.setup import PlayerSpec, create_game

RULESET = "relic-duels"


def play(seed: int, normal_seat: int, decide_ms: list[float]) -> int | None:
    """One game, `normal` in `normal_seat` against `random`; the winner (None: unfinished)."""
    players = [PlayerSpec(f"Player {s}", True, "normal" if s == normal_seat else "random") for s in (1, 2)]
    game = create_game(None, players, seed=seed, ruleset=RULESET)
    plugin: Any = game.app.plugin(RULESET)
    controllers = {normal_seat: plugin.computer.NormalPlayer(), 3 - normal_seat: plugin.computer.RandomPlayer()}
    world = game.world
    rules: Any = world.rules
    limit = rules.turns.limit + 1  # DU3.2: the game ends by then
    while not game.over and world.clock.round <= limit:
        if game.asking:
            for seat in game.acting_seats():
                start = time.perf_counter()
                computer_seats.answer_prompts(game, seat, controllers[seat])
                if seat == normal_seat:
                    decide_ms.append((time.perf_counter() - start) * 1000)
        else:
            seat = world.clock.seat
            start = time.perf_counter()
            controllers[seat].play_turn(game)
            if seat == normal_seat:
                decide_ms.append((time.perf_counter() - start) * 1000)
    winner: int | None = world.clock.winner
    return winner


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seeds", type=int, default=200, help="seeds 1..N, each played with normal on both sides")
    args = parser.parse_args(argv)
    decide_ms: list[float] = []
    wins = {1: 0, 2: 0}
    started = time.perf_counter()
    for seat in (1, 2):
        for seed in range(1, args.seeds + 1):
            if play(seed, seat, decide_ms) == seat:
                wins[seat] += 1
    ms = sorted(decide_ms)
    n = args.seeds
    print(f"Relic Duels normal vs random: {2 * n} games (seeds 1-{n}, each side) in {time.perf_counter() - started:.1f} s")
    print(f"  normal as the Company (seat 1) wins {wins[1]}/{n} ({100 * wins[1] / n:.1f}%)   [bar: >= 95%]")
    print(f"  normal as the Dominion (seat 2) wins {wins[2]}/{n} ({100 * wins[2] / n:.1f}%)   [bar: >= 95%]")
    print(f"  normal's decisions ({len(ms)}): mean {statistics.fmean(ms):.2f} ms, p95 {ms[int(0.95 * (len(ms) - 1))]:.2f} ms, "
          f"max {ms[-1]:.2f} ms   [bar: max <= 1000 ms]")
    ok = wins[1] >= 0.95 * n and wins[2] >= 0.95 * n and ms[-1] <= 1000
    print("  PASS" if ok else "  FAIL")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
