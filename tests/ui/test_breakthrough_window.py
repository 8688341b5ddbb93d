"""A real window (marker `window`): the client is launched as its own process on a virtual X display (Xvfb) with
the test-only Breakthrough ruleset (no client code of its own), and played to a win by mouse clicks (xdotool).
Skipped where Xvfb or xdotool is missing."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.rulesets import installed

pytestmark = pytest.mark.window
ROOT = Path(__file__).resolve().parents[2]
SIZE = (1280, 720)
def _xdotool(display: str, *args: str) -> str:
    return subprocess.run(["xdotool", *args], capture_output=True, text=True, timeout=10,
                          env={**os.environ, "DISPLAY": display}).stdout.strip()


@pytest.fixture
def xvfb():  # noqa: ANN201
    """A virtual X display of its own: $FOC_TEST_DISPLAY when set, else the first free one (Xvfb -displayfd)."""
    if not (shutil.which("Xvfb") and shutil.which("xdotool")):
        pytest.skip("Xvfb and xdotool are needed for real-window tests")
    wanted = os.environ.get("FOC_TEST_DISPLAY")
    where = [wanted] if wanted else ["-displayfd", "1"]
    server = subprocess.Popen(["Xvfb", *where, "-screen", "0", "1600x1000x24"], stdout=subprocess.PIPE,
                              stderr=subprocess.DEVNULL, text=True)
    display = wanted or f":{server.stdout.readline().strip()}"  # type: ignore[union-attr]
    for _ in range(50):  # the server answers once it is up (a process of its own: no clock of ours to advance)
        if subprocess.run(["xdotool", "getmouselocation"], env={**os.environ, "DISPLAY": display},
                          capture_output=True, timeout=10).returncode == 0:
            break
        time.sleep(0.1)
    yield display
    server.terminate()
    server.wait(10)


def squares(seed: int) -> list[tuple[int, int]]:
    """The steps of a whole hot-seat game the test will click: each seat steps its most advanced pawn that can,
    captures first, the far row first (worked out on a headless copy of the same game)."""
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


def screen_point(square: int) -> tuple[int, int]:
    """Where BoardScreen draws a square in a SIZE window (its own geometry), in X's y-down pixels."""
    from game.ui.grid import Grid
    from game.ui.views.board_screen import BOTTOM, MARGIN, PANEL_W

    grid = Grid(8, 8)
    width, height = SIZE[0] - PANEL_W - 2 * MARGIN, SIZE[1] - BOTTOM - 2 * MARGIN
    scale = min(width / grid.pixel_width, height / grid.pixel_height)
    ox = MARGIN + (width - grid.pixel_width * scale) / 2
    oy = BOTTOM + MARGIN + (height - grid.pixel_height * scale) / 2
    wx, wy = grid.center(square)
    return round(ox + wx * scale), round(SIZE[1] - (oy + wy * scale))


def test_breakthrough_is_played_to_a_win_by_mouse_in_a_real_window(xvfb: str, tmp_path: Path):
    steps = squares(seed=2)
    env = {**os.environ, "DISPLAY": xvfb, "FOC_SAVES_DIR": str(tmp_path / "saves"),
           "FOC_CONFIG_DIR": str(tmp_path / "config"), "PYTHONPATH": str(ROOT)}
    env.pop("ARCADE_HEADLESS", None)
    client = subprocess.Popen([sys.executable, "-m", "tests.rulesets.play", "--ruleset", "breakthrough", "--players",
                               "human,human", "--seed", "2", "--size", f"{SIZE[0]}x{SIZE[1]}"], cwd=ROOT, env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    try:
        window = ""
        for _ in range(60):
            window = _xdotool(xvfb, "search", "--name", "Forces of Conquest")
            if window:
                break
            time.sleep(0.5)
        assert window, "the client's window never appeared"
        window = window.splitlines()[0]
        time.sleep(1.5)

        def click(x: int, y: int) -> None:
            _xdotool(xvfb, "mousemove", "--window", window, str(x), str(y), "click", "1")
            time.sleep(0.25)

        for source, target in steps:
            time.sleep(0.5)  # the hand-over screen arms itself (a click meant for the board never skips it)
            click(SIZE[0] - 150, 60)  # the hand-over between the two humans: click when ready (off the board)
            click(*screen_point(source))
            click(*screen_point(target))
        time.sleep(4)  # the victory screen follows the last step
        shot = ROOT / "screenshots" / "breakthrough_window_victory.png"
        shot.parent.mkdir(exist_ok=True)
        subprocess.run(["import", "-window", "root", "-crop", f"{SIZE[0]}x{SIZE[1]}+0+0", str(shot)], env={**os.environ, "DISPLAY": xvfb}, timeout=20,
                       check=True)
        autosaves = sorted((tmp_path / "saves").glob("autosave-*"))
        assert autosaves, "the game never autosaved"
        from game.saves import load_game

        with installed():
            ended = load_game(max(autosaves, key=lambda p: p.stat().st_mtime))
        assert ended.over and ended.world.clock.winner in (1, 2)  # a win, by clicks
        assert len(ended.history) == len(steps)
    finally:
        client.terminate()
        out = client.communicate(timeout=20)[0].decode(errors="replace")
    assert "Traceback" not in out, out
