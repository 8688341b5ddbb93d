"""Memory of the client in watch mode: four computers play on the large map; resident memory per round.

Run: ARCADE_HEADLESS=1 .venv/bin/python -m bench.bench_watch_memory [--rounds 300] [--map grand_continent]
     [--draw-every 4] [--trace] [--log]

The real client (GameWindow, game screen, animations at the fastest speed, computer turns on the main
thread) is driven frame by frame as `foc play` does headless; every `--draw-every`-th frame is drawn (drawing
every frame only makes the run longer; every kind of drawing still happens). Prints resident memory (RSS) at
the start (after round 5, once the first screenfuls are baked; the bounded caches fill over the first ~100
rounds), every 25 rounds (with the C heap's resident size, malloc's memory in use and freed-but-held, and
Python's allocated blocks), the peak (over every round) and the
change from the start; `--trace` adds the top growing Python allocation sites (tracemalloc) between round 5 and the end;
`--log` watches with the event log open (it takes in every entry of the game as it comes).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

os.environ.setdefault("ARCADE_HEADLESS", "1")

import game.ui.headless_shim  # noqa: E402, F401  (before anything imports arcade.gui)

# isort: split
from bench.bench_client import ROOT, rss_mb  # noqa: E402


def heap_mb() -> float:
    """Resident size of the C heap ([heap] in /proc/self/smaps; 0 where there is none): where growth that the
    Python allocator does not see (images, the GL driver's buffers) shows."""
    try:
        text = Path("/proc/self/smaps").read_text(encoding="ascii").split("\n")
    except OSError:
        return 0.0
    for i, line in enumerate(text):
        if line.endswith("[heap]"):
            return next(int(x.split()[1]) for x in text[i + 1:] if x.startswith("Rss:")) / 1024
    return 0.0


def malloc_mb() -> tuple[float, float] | None:
    """glibc's view of its heaps (mallinfo2): memory in use and memory freed but still held (fragmentation, or
    not yet trimmed); None where there is no mallinfo2. Growth in use is real; growth in the second is not."""
    import ctypes

    class MallInfo2(ctypes.Structure):
        _fields_ = [(name, ctypes.c_size_t) for name in (
            "arena", "ordblks", "smblks", "hblks", "hblkhd", "usmblks", "fsmblks", "uordblks", "fordblks", "keepcost")]

    try:
        mallinfo2 = ctypes.CDLL("libc.so.6").mallinfo2
    except (OSError, AttributeError):
        return None
    mallinfo2.restype = MallInfo2
    info = mallinfo2()
    return (info.uordblks + info.hblkhd) / 2**20, info.fordblks / 2**20


def type_counts() -> dict[str, int]:
    """How many objects the garbage collector tracks, by type name (what grows between two rounds)."""
    import gc
    from collections import Counter

    gc.collect()
    return dict(Counter(type(o).__name__ for o in gc.get_objects()))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=300)
    parser.add_argument("--map", default="grand_continent")
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--draw-every", type=int, default=4)
    parser.add_argument("--trace", action="store_true")
    parser.add_argument("--trace-from", type=int, default=5, help="round of the first snapshot (--trace)")
    parser.add_argument("--minutes", type=float, default=30.0, help="stop after this much wall time")
    parser.add_argument("--log", action="store_true", help="watch with the event log open (it follows the game)")
    args = parser.parse_args()

    import tracemalloc

    from game.maps import load_map
    from game.setup import PlayerSpec, create_game
    from game.ui import theme
    from game.ui.app import GameWindow, Settings

    window = GameWindow(1280, 720, settings=Settings(threaded_computer=False), visible=False)
    window.settings.speed_index = len(theme.SPEEDS) - 1  # the fastest animations
    data = load_map(ROOT / "mods" / "base" / "maps" / f"{args.map}.tmj")
    game = create_game(data, [PlayerSpec(f"Computer {i}", True, "normal") for i in range(1, 5)], args.seed, [])
    window.start(game)
    world = game.world
    start_rss: float | None = None
    peak, peak_round = 0.0, 0
    snapshot = None
    counts: dict[str, int] = {}
    frame = 0
    started = time.perf_counter()
    last_round = 0
    import pyglet

    while not game.over and world.clock.round <= args.rounds:
        view = window.current_view
        assert view is not None
        pyglet.app.platform_event_loop.dispatch_posted_events()  # as the event loop does (sounds' end of stream)
        if args.log and not getattr(getattr(view, "turn_hud", None), "log_open", True):
            view.turn_hud.toggle_log()  # type: ignore[attr-defined]
        view.on_update(1 / 60)
        if frame % args.draw_every == 0:
            window.pacer.wait()  # as the event loop's frame does (GameWindow.draw)
            view.on_draw()
            window.flip()  # as the event loop does (it also frees the GL objects released meanwhile)
        frame += 1
        if world.clock.round != last_round:
            last_round = world.clock.round
            rss = rss_mb()
            if last_round == 5:
                start_rss = rss
            if args.trace and last_round == args.trace_from:
                tracemalloc.start(8)
                counts = type_counts()  # collects first: cyclic garbage not yet collected is not growth
                snapshot = tracemalloc.take_snapshot()
            if start_rss is not None and rss > peak:
                peak, peak_round = rss, last_round
            if last_round % 25 == 0 or last_round == 5:
                held = malloc_mb()
                malloc = f"malloc {held[0]:.1f} MB in use, {held[1]:.1f} MB free; " if held else ""
                print(f"round {last_round:4d}: {rss:6.1f} MB  ({time.perf_counter() - started:5.0f} s, {frame} frames; "
                      f"{heap_mb():.1f} MB main heap, {malloc}{sys.getallocatedblocks() / 1000:.0f}k Python blocks)",
                      flush=True)
        if time.perf_counter() - started > args.minutes * 60:
            print("time limit reached")
            break
    end_rss = rss_mb()
    base = start_rss or end_rss
    print(f"watch mode, {args.map}, {last_round} rounds{' (game over)' if game.over else ''}: start {base:.1f} MB, "
          f"end {end_rss:.1f} MB, peak {max(peak, end_rss):.1f} MB (round {peak_round if peak > end_rss else last_round}, "
          f"{100 * (max(peak, end_rss) - base) / base:+.1f}%), change {100 * (end_rss - base) / base:+.1f}%")
    if snapshot is not None:
        import gc

        gc.collect()  # arcade's per-call draw arrays sit in reference cycles until a full collection
        for stat in tracemalloc.take_snapshot().compare_to(snapshot, "traceback")[:8]:
            print(f"  {stat.size_diff / 1024:+9.1f} KiB  {stat.count_diff:+7d} blocks  {stat.traceback.format()[-1].strip()}")
        now = type_counts()
        grown = sorted(((now[k] - counts.get(k, 0), k) for k in now), reverse=True)[:10]
        print("  objects gained (gc-tracked, by type): " + ", ".join(f"{name} {n:+d}" for n, name in grown))
    window.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
