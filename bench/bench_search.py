"""What the engine's search player lives on, per installed ruleset: steps/s of random legal play (the ruleset's legal
listing, game.legal, then Game.submit), the copy of a mid-game state (game.fork) on the base game's large map, the
time of one search decision at the default budget (a game's first decisions, and every decision of one long game
against the ruleset's first kind, where the turns offer the most commands), and the ruleset players' turn times.

    python -m bench.bench_search                    # every ruleset, the default counts
    python -m bench.bench_search --steps 500 --decisions 20 --games 2 --rulesets total-war
    nice -n 10 python -m bench.bench_search --json search.json

Bars (issue: computer players worth playing): >= 2,000 steps/s in every ruleset; a fork of a mid-game state on
grand_continent (128x128) <= 1 ms; a search decision p95 <= 250 ms at the default budget; ruleset players' turns
<= 50 ms p95. Every loop is bounded in count and in time (--seconds per measurement).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from typing import Any

from game.ai.search import SearchPlayer
from game.engine import Game
from game.fork import fork, release
from game.lab.rulesets import available
from game.legal import legal_commands, seat_to_act
from game.simulate import map_for, new_modded_game, percentile, play_game, resolve_map


def new(ruleset: str, kinds: list[str], seed: int) -> Game:
    return new_modded_game(map_for(None, ruleset, len(kinds), seed), kinds, seed, (), ruleset)


def steps_per_second(ruleset: str, steps: int, seconds: float) -> tuple[float, float]:
    """Random legal play, one command at a time (what the agent environment and search rollouts do), a new game
    made as the environment's reset makes it whenever one ends."""
    from game.lab.env import game_maker

    rng = random.Random(1)
    make = game_maker(ruleset, None, 2, ())  # what the agent environment's reset runs: rules read once
    game, seed, done = make(1), 1, 0
    started, cpu = time.perf_counter(), time.process_time()
    while done < steps and time.perf_counter() - started < seconds:
        if game.over:
            seed += 1
            game = make(seed)
        seat = seat_to_act(game)
        commands = legal_commands(game, seat)
        if not commands:
            break
        game.submit(rng.choice(commands), seat=seat)
        done += 1
    return done / max(1e-9, time.perf_counter() - started), done / max(1e-9, time.process_time() - cpu)


def fork_ms(copies: int, rounds: int) -> dict[str, float]:
    """Copies of a base game on grand_continent after `rounds` rounds of normal against normal."""
    data = resolve_map("grand_continent")
    game = new_modded_game(data, ["normal", "normal"], 1, (), "base")
    game, _ = play_game(game.world.rules, data, ["normal", "normal"], 1, rounds, game=game)
    times, cpu = [], []
    for _ in range(copies):
        started, cpu_started = time.perf_counter(), time.process_time()
        copy = fork(game)
        times.append((time.perf_counter() - started) * 1000)
        cpu.append((time.process_time() - cpu_started) * 1000)
        release(copy)
    return {"territories": len(game.world.terrain), "round": game.world.clock.round,
            "p50": statistics.median(times), "p95": percentile(times, 95),
            "cpu_p50": statistics.median(cpu), "cpu_p95": percentile(cpu, 95)}


class TimedSearch(SearchPlayer):
    """The search player at its default budget, timing each decision."""

    def __init__(self, times: list[float], cpu: list[float] | None = None) -> None:
        super().__init__()
        self.times = times
        self.cpu = [] if cpu is None else cpu

    def choose(self, game: Game, seat: int, commands: list[Any]) -> Any:
        started, cpu = time.perf_counter(), time.process_time()
        try:
            return super().choose(game, seat, commands)
        finally:
            self.times.append((time.perf_counter() - started) * 1000)
            self.cpu.append((time.process_time() - cpu) * 1000)


def search_ms(ruleset: str, decisions: int, seconds: float) -> dict[str, float]:
    """Search decisions (more than one legal command) of a search player against random, seats alternating."""
    times: list[float] = []
    cpu: list[float] = []
    started, seed = time.perf_counter(), 0
    while len(times) < decisions and time.perf_counter() - started < seconds:
        seed += 1
        kinds = ["search", "random"] if seed % 2 else ["random", "search"]
        game = new(ruleset, kinds, seed)
        timed = TimedSearch(times, cpu)
        players = [timed if k == "search" else _random() for k in kinds]
        _bounded_game(game, players, decisions, times, started, seconds)
    return {"decisions": len(times), "p50": percentile(times, 50), "p95": percentile(times, 95),
            "max": max(times, default=0.0), "cpu_p50": percentile(cpu, 50), "cpu_p95": percentile(cpu, 95)}


def search_game_ms(ruleset: str, rounds: int, seconds: float) -> dict[str, float]:
    """Every search decision of one game against the ruleset's first own kind (else random), to `rounds` or
    `seconds`: a long game's turns offer the most commands (armies spread, walls to place on every border)."""
    from game.ai import make_controller
    from game.content import load_app

    own = list(load_app(ruleset).computer_players)
    kinds = ["search", own[0] if own else "random"]
    game = new(ruleset, kinds, 1)
    times: list[float] = []
    cpu: list[float] = []
    players = [TimedSearch(times, cpu), make_controller(kinds[1], game.app)]
    started = time.perf_counter()
    _bounded_game(game, players, 10**6, times, started, seconds, rounds)
    return {"decisions": len(times), "round": game.world.clock.round, "p50": percentile(times, 50),
            "p95": percentile(times, 95), "max": max(times, default=0.0), "cpu_p95": percentile(cpu, 95)}


def _random() -> Any:
    from game.ai.random_player import RandomPlayer

    return RandomPlayer()


def _bounded_game(game: Game, players: list[Any], decisions: int, times: list[float], started: float,
                  seconds: float, rounds: int | None = None) -> None:
    from game import computer_seats

    while not game.over and len(times) < decisions and time.perf_counter() - started < seconds \
            and (rounds is None or game.world.clock.round <= rounds):
        computer_seats.play_step(game, players)


def player_ms(ruleset: str, games: int, rounds: int) -> dict[str, dict[str, float]]:
    """The ruleset's own players' turn times (each of its kinds against `normal`, or its first kind)."""
    from game.content import load_app

    out = {}
    own = list(load_app(ruleset).computer_players)
    for kind in own:
        times: list[float] = []
        for seed in range(1, games + 1):
            kinds = [kind, own[0]] if seed % 2 else [own[0], kind]
            game = new(ruleset, kinds, seed)
            _, result = play_game(game.world.rules, None, kinds, seed, rounds, game=game)
            times += result.turn_ms
        out[kind] = {"turns": len(times), "p50": percentile(times, 50), "p95": percentile(times, 95)}
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rulesets", default=",".join(available()))
    parser.add_argument("--steps", type=int, default=2000, help="random legal steps per ruleset")
    parser.add_argument("--decisions", type=int, default=40, help="search decisions per ruleset")
    parser.add_argument("--game-rounds", type=int, default=60, help="round cap of the long game timing search")
    parser.add_argument("--games", type=int, default=2, help="games per ruleset player kind")
    parser.add_argument("--rounds", type=int, default=30, help="round cap of those games")
    parser.add_argument("--copies", type=int, default=50, help="forks of the large base map")
    parser.add_argument("--seconds", type=float, default=120.0, help="time bound of each measurement")
    parser.add_argument("--json", dest="json_path")
    args = parser.parse_args(argv)
    report: dict[str, Any] = {"fork_grand_continent_ms": fork_ms(args.copies, 15), "rulesets": {}}
    f = report["fork_grand_continent_ms"]
    print(f"fork of a mid-game base state ({f['territories']} territories, round {f['round']}): "
          f"p50 {f['p50']:.2f} ms, p95 {f['p95']:.2f} ms (bar <= 1 ms); CPU time p50 {f['cpu_p50']:.2f} ms, "
          f"p95 {f['cpu_p95']:.2f} ms")
    print("wall clock, then (in brackets) the process's CPU time: on a machine shared with other work the second")
    print(f"{'ruleset':<16}{'steps/s':>14}{'search p50 ms':>16}{'search p95 ms':>16}  ruleset players' turn p95 (ms)")
    for ruleset in args.rulesets.split(","):
        sps, cpu_sps = steps_per_second(ruleset, args.steps, args.seconds)
        search = search_ms(ruleset, args.decisions, args.seconds)
        long_game = search_game_ms(ruleset, args.game_rounds, args.seconds)
        players = player_ms(ruleset, args.games, args.rounds)
        report["rulesets"][ruleset] = {"steps_per_second": sps, "steps_per_cpu_second": cpu_sps, "search_ms": search,
                                       "search_game_ms": long_game, "player_ms": players}
        kinds = ", ".join(f"{k} {v['p95']:.1f}" for k, v in players.items())
        steps = f"{sps:.0f} [{cpu_sps:.0f}]"
        p50 = "{:.0f} [{:.0f}]".format(search["p50"], search["cpu_p50"])
        p95 = "{:.0f} [{:.0f}]".format(search["p95"], search["cpu_p95"])
        print(f"{ruleset:<16}{steps:>14}{p50:>16}{p95:>16}  {kinds}  ({search['decisions']} decisions)")
        print(f"{'':<16}a long game: {long_game['decisions']} search decisions to round {long_game['round']}, "
              f"p50 {long_game['p50']:.0f}, p95 {long_game['p95']:.0f} [{long_game['cpu_p95']:.0f}], "
              f"max {long_game['max']:.0f} ms")
    if args.json_path:
        with open(args.json_path, "w") as out:
            json.dump(report, out, indent=2)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
