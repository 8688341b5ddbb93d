"""Computer strength with the enhancement mods (issue 17): `hard` using them vs `hard` not, on the same seeds.

    python -m bench.bench_enhancements --games 10                      # all six mods, 16x16 maps
    python -m bench.bench_enhancements --games 10 --mods castle-works
    python -m bench.bench_enhancements --games 20 --mods fire ranger-skills rare-units --map twin_valleys

Every game loads the chosen mods (the same rules for both seats). One seat is `hard` as shipped; the other is
`hard` with the computer play those mods bring switched off (`Params.off`), so it plays the mods' game as the base
game's `hard` would; seats alternate with the seed. Maps: the generated map of each seed (`--size`), or one named
map (`--map`). Also, on the same seeds and maps, `hard` vs `hard` with the mods and with none: how long games last
and how many never end (the mods must not stall games). Prints one JSON line per figure.

Measured (10 games, seeds 1-10, 16x16, wins-losses-unfinished of the seat using the mods): all six 7-3-0 (44.4
rounds on average; hard vs hard without mods 51.0); accessories + castle-works + siege 9-0-1; castle-works alone
8-1-1. 20 games on twin_valleys with fire, ranger-skills and rare-units: 10-10-0.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import statistics
import time
from typing import Any

from game.ai.hard import HARD
from game.ai.strategic import StrategicAI
from game.mapgen import generate_map
from game.maps import MapData
from game.simulate import new_modded_game, play_game, resolve_map

MODS = ("accessories", "castle-works", "siege", "fire", "ranger-skills", "rare-units")
# each mod's computer play (AI behaviour names), which "not using the mod" turns off; the built-in climbing and
# volleys go with the mods that lend those abilities. Castle works' gate keeping (`castle_gates`) stays: under
# E2.1 a seat without it is shut in by the walls the base game builds around a threatened flag, which would
# measure a crippled seat, not the mod.
BEHAVIOURS_OF = {
    "accessories": {"accessories", "climb_and_volley"},
    "castle-works": {"castle_works"},
    "siege": {"siege", "climb_and_volley"},
    "fire": {"firefighting"},
    "ranger-skills": {"ranger_skills", "climb_and_volley"},
    "rare-units": {"rare"},
}
BEHAVIOURS = frozenset().union(*BEHAVIOURS_OF.values())


def _board(seed: int, size: int, map_name: str | None) -> MapData:
    if map_name is not None:
        return resolve_map(map_name)
    return generate_map(size, size, players=2, seed=seed, name=f"bench {size}x{size}")


def match(mods: tuple[str, ...], games: int, rounds: int, size: int, map_name: str | None = None) -> dict[str, Any]:
    """`hard` (every behaviour) against `hard` without the mods' behaviours, both in games with `mods` on."""
    plain = dataclasses.replace(HARD, off=frozenset().union(*(BEHAVIOURS_OF.get(m, set()) for m in mods)))
    wins = losses = unfinished = 0
    lengths: list[int] = []
    started = time.perf_counter()
    for seed in range(1, games + 1):
        board = _board(seed, size, map_name)
        game = new_modded_game(board, ["hard", "hard"], seed, list(mods))
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
    return {"match": "hard using the mods vs hard not", "mods": list(mods), "games": games, "wins": wins,
            "losses": losses, "unfinished": unfinished, "win_rate": round(wins / games, 3),
            "rounds_mean": statistics.fmean(lengths), "seconds": round(time.perf_counter() - started, 1)}


def lengths(mods: tuple[str, ...], games: int, rounds: int, size: int, map_name: str | None = None) -> dict[str, Any]:
    """`hard` vs `hard` (both using everything) with `mods` on: how long games last, how many never end."""
    played, unfinished = [], 0
    for seed in range(1, games + 1):
        board = _board(seed, size, map_name)
        game = new_modded_game(board, ["hard", "hard"], seed, list(mods))
        _, result = play_game(game.world.rules, board, ["hard", "hard"], seed, rounds, game=game)
        played.append(result.rounds)
        unfinished += result.winner is None
    return {"match": "hard vs hard", "mods": list(mods), "games": games, "unfinished": unfinished,
            "rounds_mean": statistics.fmean(played)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--rounds", type=int, default=150)
    parser.add_argument("--size", type=int, default=16, help="side of each seed's generated map")
    parser.add_argument("--map", dest="map_name", help="play every game on this map instead")
    parser.add_argument("--mods", nargs="+", default=list(MODS), choices=MODS)
    args = parser.parse_args(argv)
    mods = tuple(args.mods)
    print(json.dumps(match(mods, args.games, args.rounds, args.size, args.map_name)))
    print(json.dumps(lengths(mods, args.games, args.rounds, args.size, args.map_name)))
    print(json.dumps(lengths((), args.games, args.rounds, args.size, args.map_name)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
