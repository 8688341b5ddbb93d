"""A ruleset with no client code of its own, played to a win by mouse in a real window: the test-only Breakthrough
(tests/rulesets/breakthrough) on the client's default board screen, the client started as its own process on the
layer's Xvfb display and clicked with xdotool; the game's end is read back from its autosave."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from tests.rulesets import installed
from tests.window.xclient import Client, XDisplay, wait_for

pytestmark = pytest.mark.window
ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "screenshots" / "window"
SIZE = (1280, 720)


@contextmanager
def breakthrough(display: XDisplay, home: Path, *args: str) -> Iterator[Client]:
    """`foc play ARGS` with the test-only rulesets installed (`python -m tests.rulesets.play`), in a real window."""
    env = {key: value for key, value in os.environ.items() if key != "ARCADE_HEADLESS"}
    libraries = [p for p in env.pop("LD_LIBRARY_PATH", "").split(os.pathsep) if p and "arcade" not in p]
    if libraries:  # a headless arcade in this process put its own EGL libraries first: not for a window
        env["LD_LIBRARY_PATH"] = os.pathsep.join(libraries)
    env.update(DISPLAY=display.name, FOC_CONFIG_DIR=str(home / "config"), FOC_SAVES_DIR=str(home / "saves"),
               FOC_MAPS_DIR=str(home / "maps"), HOME=str(home), PYTHONPATH=str(ROOT))
    home.mkdir(parents=True, exist_ok=True)
    log = home / "client.log"
    with log.open("wb") as out:
        process = subprocess.Popen([sys.executable, "-m", "tests.rulesets.play", *args], env=env, stdout=out,
                                   stderr=subprocess.STDOUT, cwd=ROOT)
    running = Client(display, process, log)
    try:
        running.find_window()
        yield running
    finally:
        running.close()


def steps_of_a_whole_game(seed: int) -> list[tuple[int, int]]:
    """The steps the test will click: each seat steps onto the far row if it can, else captures, else advances its
    most advanced pawn (worked out on a headless copy of the same game; no randomness)."""
    from game.setup import PlayerSpec, create_game

    with installed():
        game = create_game(None, [PlayerSpec("A"), PlayerSpec("B")], seed, ruleset="breakthrough")
        plugin = game.app.plugin("breakthrough")
        steps = []
        while not game.over and len(steps) < 200:
            world = game.world
            far = 7 if world.clock.seat == 1 else 0
            taken = plugin.pawns(world)
            move = min(game.app.legal_commands(game), key=lambda m: (
                m.target // 8 != far, m.target not in taken, abs(far - m.target // 8), m.source))
            assert game.submit(move).ok
            steps.append((move.source, move.target))
        assert game.world.clock.winner in (1, 2)
        return steps


def square_centre(square: int) -> tuple[float, float]:
    """Where the default board screen draws a square of the 8x8 board in a SIZE window (arcade's coordinates)."""
    from game.ui.grid import Grid
    from game.ui.views.board_screen import BOTTOM, MARGIN, PANEL_W

    grid = Grid(8, 8)
    width, height = SIZE[0] - PANEL_W - 2 * MARGIN, SIZE[1] - BOTTOM - 2 * MARGIN
    scale = min(width / grid.pixel_width, height / grid.pixel_height)
    ox = MARGIN + (width - grid.pixel_width * scale) / 2
    oy = BOTTOM + MARGIN + (height - grid.pixel_height * scale) / 2
    wx, wy = grid.center(square)
    return ox + wx * scale, oy + wy * scale


def test_breakthrough_is_played_to_a_win_by_mouse_with_no_client_code(display: XDisplay, tmp_path: Path):
    steps = steps_of_a_whole_game(seed=2)
    home = tmp_path / "home"
    with breakthrough(display, home, "--ruleset", "breakthrough", "--players", "human,human", "--seed", "2",
                      "--size", f"{SIZE[0]}x{SIZE[1]}") as running:
        assert running.size == SIZE
        for number, (source, target) in enumerate(steps):
            # the hand-over between the two humans: "click when ready" (off the board: a click meant for the board
            # never skips it); it arms itself after a moment, so wait until the picture changes
            before = running.settled_picture(f"the hand-over before step {number + 1}", span=0.6)
            running.click(SIZE[0] - 150, SIZE[1] - 60)
            board = running.wait_change(before, f"the board after the hand-over of step {number + 1}")
            running.click(*square_centre(source))
            lit = running.wait_change(board, f"step {number + 1}: the pawn's steps lit")
            if number == 0:
                running.screenshot(SHOTS / "breakthrough_a_pawn_selected.png")
            running.click(*square_centre(target))
            moved = running.wait_change(lit, f"step {number + 1}: the pawn moved")
        running.screenshot(SHOTS / "breakthrough_the_winning_step.png")
        running.wait_change(moved, "the victory screen after the winning step")
        running.settled_picture("the victory screen", span=1.0)
        running.screenshot(SHOTS / "breakthrough_victory.png")
        saves = home / "saves"
        ended = wait_for(lambda: sorted(saves.glob("autosave-*")), "the final autosave")
        from game.saves import load_game

        with installed():
            game = load_game(max(ended, key=lambda p: p.stat().st_mtime))  # type: ignore[arg-type]
        assert game.over and game.world.clock.winner in (1, 2)  # a win, never a draw
        assert [(c.source, c.target) for _, _, c in game.history] == steps  # every step was a click
        running.check_alive()
