"""Idle CPU of the client: a human's turn on the large map, nobody touching anything.

Run: ARCADE_HEADLESS=1 .venv/bin/python -m bench.bench_idle [--seconds 10] [--busy]
     .venv/bin/python -m bench.bench_idle --window [--seconds 5]   (every screen in a real window, on Xvfb)

Drives the window exactly as the desktop event loop does: pyglet's clock calls the window's frame function
(`GameWindow._dispatch_frame`: update, then `draw` when due) at the rates the window asks for, and sleeps in
between; only the operating system's input events are missing (there is no display). After a short warm-up
it measures this process's CPU time over a fixed wall time and prints it as a share of one core.
`--busy` keeps the window at full speed (the old behaviour: a frame every 1/60 s) for comparison.

`--window` measures every screen a player reaches (tests/window/tour.py: the menus, a game of every installed
ruleset, the base game with the enhancement mods, the map editor, a hosted lobby) in a real window on a virtual X
display: `foc play` started as a user starts it, the screen brought up by real X input, then the client process's
CPU over `--seconds` of wall time, untouched. Needs Xvfb and xdotool.
"""

from __future__ import annotations

import argparse
import os
import sys
import time

if "--window" not in sys.argv:  # the real-window mode starts clients with a display; this process draws nothing
    os.environ.setdefault("ARCADE_HEADLESS", "1")

import game.ui.headless_shim  # noqa: E402, F401  (before anything imports arcade.gui)

# isort: split
import pyglet  # noqa: E402

from bench.bench_client import LARGE, full_game  # noqa: E402
from systems import queries as q  # noqa: E402


def run_loop(window: pyglet.window.Window, seconds: float) -> None:
    """pyglet's clock for `seconds`: scheduled functions when due, then the window's queued events (as the
    platform event loop does), sleep until the next one."""
    clock = pyglet.clock.get_default()
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        clock.tick()
        window.dispatch_events()
        pause = clock.get_sleep_time(True)
        time.sleep(max(0.0, min(pause if pause is not None else 0.01, end - time.perf_counter())))


def every_screen_in_a_window(seconds: float, only: list[str]) -> int:
    """The real-window table: one row a screen, the share of one core it takes while still."""
    import tempfile
    from pathlib import Path

    from tests.window.tour import each
    from tests.window.xclient import XDisplay, missing_tools

    if missing_tools():
        print(f"bench_idle --window needs {', '.join(missing_tools())} (Debian: apt-get install xvfb xdotool)")
        return 2
    display = XDisplay.start()
    rows: list[tuple[str, float]] = []
    try:
        with tempfile.TemporaryDirectory() as home:
            each(display, Path(home), lambda screen, running, picture: rows.append(
                (screen.name, running.cpu_share(seconds))), only)
    finally:
        display.stop()
    print(f"idle CPU of every still screen, real window 1280x720 on Xvfb, {seconds:.0f} s each:")
    print("| screen | share of one core |\n| --- | --- |")
    for name, share in rows:
        print(f"| {name} | {100 * share:.1f} % |")
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=None, help="measured wall time (10, or 5 a screen)")
    parser.add_argument("--busy", action="store_true", help="never slow down (a frame every 1/60 s)")
    parser.add_argument("--window", action="store_true", help="every screen, in a real window on Xvfb")
    parser.add_argument("--only", action="append", default=[], help="with --window: this screen only (repeatable)")
    args = parser.parse_args()
    if args.window:
        return every_screen_in_a_window(args.seconds or 5.0, args.only)
    args.seconds = args.seconds or 10.0

    from game.ui.app import GameWindow, Settings
    from game.ui.views.game_view import GameView

    window = GameWindow(1280, 720, settings=Settings(threaded_computer=False), visible=False)
    game = full_game(LARGE)
    world = game.world
    world.activate()
    for seat in world.seats[1:]:  # one human (seat 1, to move) against three computers
        q.player(world, seat).computer = True
    window.start(game)
    view = window.current_view
    assert isinstance(view, GameView)
    if args.busy:
        view.quiet = lambda: False  # type: ignore[method-assign]
    if getattr(view, "modal", None) is not None:  # the turn summary of a lone human: closed, as a player would
        view.modal = None  # type: ignore[attr-defined]
    run_loop(window, 3.0)  # warm-up: chunks baked, the frame cached, the window slowed down
    frames_before, skipped_before = window.frame, window.skipped
    cpu, wall = time.process_time(), time.perf_counter()
    run_loop(window, args.seconds)
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    drawn = window.frame - frames_before
    print(f"idle client, large map (128x128), 1280x720, {'always busy' if args.busy else 'quiet when still'}: "
          f"{100 * cpu / wall:.1f}% of one core over {wall:.1f} s wall "
          f"({drawn} frames drawn, {window.skipped - skipped_before} skipped, idle={window.idle})")
    window.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
