"""Memory of the game's own record (event journal, command history) over a long computer game, without a window.

Run: .venv/bin/python -m bench.bench_record_memory [--rounds 300] [--map grand_continent] [--seed 3] [--trace]

Four normal computer players play on the large map; every accepted event goes into the client's `Chronicle`
(journal, statistics) as in watch mode, but nothing is drawn. Prints resident memory (RSS) at round 5 (the
start: caches warm), every 25 rounds and at the end, with the record's size: entries and commands held, how many
of them are packed (game.packed_log) and the packed bytes; then the time spent packing (per block). `--trace`
adds tracemalloc's total growth and top growing sites between round 5 and the end (it slows the run and adds
its own memory to RSS).
"""

from __future__ import annotations

import argparse
import gc
import statistics
import time
import tracemalloc
from pathlib import Path

from bench.bench_client import rss_mb
from game.maps import load_map
from game.packed_log import PackedLog
from game.setup import PlayerSpec, create_game
from game.simulate import play_game
from game.ui.chronicle import Chronicle

ROOT = Path(__file__).resolve().parents[1]


def _record(log: object) -> str:
    if isinstance(log, PackedLog):
        return f"{len(log)} ({log.packed_items} packed, {log.packed_bytes / 1024:.0f} KiB)"
    return f"{len(log)} (a plain list)"  # type: ignore[arg-type]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=300)
    parser.add_argument("--map", default="grand_continent")
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--trace", action="store_true")
    args = parser.parse_args()

    # time spent packing: wrap the one method that compresses (the bench's own measurement, not the game's)
    packing: list[float] = []
    pack = PackedLog._pack

    def timed_pack(self: PackedLog[object], end: int) -> None:
        started = time.perf_counter()
        pack(self, end)
        packing.append(time.perf_counter() - started)

    PackedLog._pack = timed_pack  # type: ignore[method-assign, assignment]

    data = load_map(ROOT / "mods" / "base" / "maps" / f"{args.map}.tmj")
    game = create_game(data, [PlayerSpec(f"Computer {i}", True, "normal") for i in range(1, 5)], args.seed, [])
    chronicle = Chronicle(game)
    start: list[float] = []
    snapshot: list[tracemalloc.Snapshot] = []
    began = time.perf_counter()

    def on_round(g: object) -> None:
        r = game.world.clock.round
        if r == 5:
            gc.collect()
            start.append(rss_mb())
            if args.trace:
                tracemalloc.start()
                snapshot.append(tracemalloc.take_snapshot())
        if r == 5 or r % 25 == 0:
            print(f"round {r:3d}: RSS {rss_mb():6.1f} MB  journal {_record(chronicle.journal.entries)}  "
                  f"history {_record(game.history)}  ({time.perf_counter() - began:.0f} s)", flush=True)

    def observe(g: object, results: object) -> None:
        for result in results:  # type: ignore[attr-defined]
            if getattr(result, "ok", False):
                chronicle.observe(g, result.events)

    play_game(game.world.rules, None, ["normal"] * 4, args.seed, max_rounds=args.rounds, game=game,
              on_round=on_round, observe=observe)
    gc.collect()
    end = rss_mb()
    change = f"{100 * (end / start[0] - 1):+.1f} % from round 5" if start else ""
    print(f"end (round {game.world.clock.round}): RSS {end:.1f} MB {change}; journal "
          f"{_record(chronicle.journal.entries)}, history {_record(game.history)}")
    if packing:
        print(f"packing: {len(packing)} blocks, {1000 * sum(packing):.0f} ms in all, "
              f"{1e6 * sum(packing) / len(packing):.0f} us a block on average, median "
              f"{1e6 * statistics.median(packing):.0f} us, {1e6 * max(packing):.0f} us at most")
    if snapshot:
        stats = tracemalloc.take_snapshot().compare_to(snapshot[0], "lineno")
        print(f"tracemalloc: {sum(s.size_diff for s in stats) / 2**20:+.2f} MB since round 5; top sites:")
        for s in stats[:15]:
            print(f"  {s.size_diff / 1024:+9.1f} KiB {s.count_diff:+8d}  {s.traceback[0]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
