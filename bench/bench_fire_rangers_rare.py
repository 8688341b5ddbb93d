"""Computer strength with the fire, ranger-skills and rare-units mods (issue 17): `hard` using them vs `hard` not.

    python -m bench.bench_fire_rangers_rare --games 20 --map twin_valleys

Every game loads the three mods (same rules for both seats). One seat is `hard` as shipped, playing the mods'
behaviours (firefighting, ambushes and volleys, rare units); the other is `hard` with those behaviours switched
off (`Params.off`), so it plays the mods' games as the base game's `hard` would. Seats alternate with the seed
(seed 1..N). Also printed: the same seeds with no mods at all, hard vs hard (rounds to a victory), to show the
mods do not stall games.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from dataclasses import replace
from typing import Any

from game.ai import HARD, StrategicAI
from game.simulate import new_modded_game, play_game, resolve_map

MODS = ("fire", "ranger-skills", "rare-units")
BEHAVIOURS = frozenset({"firefighting", "ranger_skills", "rare"})  # the three mods' computer play


def with_and_without(map_name: str, games: int, rounds: int) -> dict[str, Any]:
    game_map = resolve_map(map_name)
    wins = losses = unfinished = 0
    lengths: list[int] = []
    for seed in range(1, games + 1):
        users = StrategicAI(HARD)
        plain = StrategicAI(replace(HARD, off=BEHAVIOURS))
        players = [users, plain] if seed % 2 else [plain, users]
        game = new_modded_game(game_map, ["hard", "hard"], seed, MODS)
        game, result = play_game(game.world.rules, game_map, ["hard", "hard"], seed, rounds,
                                 controllers=players, game=game)
        lengths.append(result.rounds)
        if result.winner is None:
            unfinished += 1
        elif game.world.seats.index(result.winner) == (0 if seed % 2 else 1):
            wins += 1
        else:
            losses += 1
    return {"match": "hard using the mods vs hard not (mods loaded)", "map": map_name, "games": games,
            "wins": wins, "losses": losses, "unfinished": unfinished, "win_rate": wins / games,
            "rounds_mean": statistics.fmean(lengths)}


def no_mods(map_name: str, games: int, rounds: int) -> dict[str, Any]:
    game_map = resolve_map(map_name)
    lengths, unfinished = [], 0
    for seed in range(1, games + 1):
        game = new_modded_game(game_map, ["hard", "hard"], seed, ())
        _, result = play_game(game.world.rules, game_map, ["hard", "hard"], seed, rounds, game=game)
        lengths.append(result.rounds)
        unfinished += result.winner is None
    return {"match": "hard vs hard, no mods", "map": map_name, "games": games, "unfinished": unfinished,
            "rounds_mean": statistics.fmean(lengths)}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--map", default="twin_valleys")
    parser.add_argument("--rounds", type=int, default=200)
    args = parser.parse_args(argv)
    started = time.perf_counter()
    figures = [with_and_without(args.map, args.games, args.rounds), no_mods(args.map, args.games, args.rounds)]
    for figure in figures:
        print(json.dumps(figure))
    print(json.dumps({"seconds": round(time.perf_counter() - started, 1)}))


if __name__ == "__main__":
    main()
