"""Computer strength with all six enhancement mods on (issue 17): `hard` using them vs `hard` not, same seeds.

    python -m bench.bench_all_enhancements --games 10

Every game loads accessories, castle-works, siege, fire, ranger-skills and rare-units (the same rules for both
seats) on the 16x16 generated map of its seed. One seat is `hard` as shipped; the other is `hard` with every
behaviour those mods bring switched off (`Params.off`: the two partial benches' sets together, so it plays the
mods' game as the base game's `hard` would); seats alternate with the seed. Also on the same seeds and maps:
`hard` vs `hard` with all six mods (rounds to a victory: the mods together do not stall games) and with none.
Prints one JSON line per figure.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import statistics
import time
from typing import Any

from bench import bench_enhancements, bench_fire_rangers_rare
from game.ai.hard import HARD
from game.ai.strategic import StrategicAI
from game.mapgen import generate_map
from game.simulate import new_modded_game, play_game

MODS = ("accessories", "castle-works", "siege", "fire", "ranger-skills", "rare-units")
BEHAVIOURS = bench_enhancements.BEHAVIOURS | bench_fire_rangers_rare.BEHAVIOURS  # what "not using them" turns off


def match(games: int, rounds: int, size: int, first_seed: int = 1) -> dict[str, Any]:
    """`hard` (every behaviour) against `hard` without the six mods' behaviours, both in games with them on."""
    plain = dataclasses.replace(HARD, off=BEHAVIOURS)
    wins = losses = unfinished = 0
    lengths: list[int] = []
    started = time.perf_counter()
    for seed in range(first_seed, first_seed + games):
        board = generate_map(size, size, players=2, seed=seed, name=f"bench {size}x{size}")
        game = new_modded_game(board, ["hard", "hard"], seed, list(MODS))
        using_seat = 1 if seed % 2 else 2
        controllers = [StrategicAI(HARD), StrategicAI(plain)]
        if using_seat == 2:
            controllers.reverse()
        _, result = play_game(game.world.rules, board, ["hard", "hard"], seed, rounds, controllers, game=game)
        lengths.append(result.rounds)
        if result.winner is None:
            unfinished += 1
        elif result.winner == using_seat:
            wins += 1
        else:
            losses += 1
    return {"match": "hard using the six mods vs hard not (six mods on)", "games": games, "wins": wins,
            "losses": losses, "unfinished": unfinished, "win_rate": round(wins / games, 3),
            "rounds_mean": statistics.fmean(lengths), "seconds": round(time.perf_counter() - started, 1)}


def lengths(mods: tuple[str, ...], games: int, rounds: int, size: int, first_seed: int = 1) -> dict[str, Any]:
    """`hard` vs `hard` (both using everything) with `mods` on: how long games last, how many never end."""
    rounds_played, unfinished = [], 0
    for seed in range(first_seed, first_seed + games):
        board = generate_map(size, size, players=2, seed=seed, name=f"bench {size}x{size}")
        game = new_modded_game(board, ["hard", "hard"], seed, list(mods))
        _, result = play_game(game.world.rules, board, ["hard", "hard"], seed, rounds, game=game)
        rounds_played.append(result.rounds)
        unfinished += result.winner is None
    return {"match": "hard vs hard", "mods": list(mods), "games": games, "unfinished": unfinished,
            "rounds_mean": statistics.fmean(rounds_played)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--rounds", type=int, default=150)
    parser.add_argument("--size", type=int, default=16)
    args = parser.parse_args(argv)
    print(json.dumps(match(args.games, args.rounds, args.size)))
    print(json.dumps(lengths(MODS, args.games, args.rounds, args.size)))
    print(json.dumps(lengths((), args.games, args.rounds, args.size)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
