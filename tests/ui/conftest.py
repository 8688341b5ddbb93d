"""UI tests: one headless GameWindow for the whole session, helpers that click through the real handlers."""

from __future__ import annotations

import os

os.environ.setdefault("ARCADE_HEADLESS", "1")

import game.ui.headless_shim  # noqa: F401  (before anything imports arcade.gui)

# isort: split
from pathlib import Path

import arcade
import pyglet
import pytest

from game.settings import ENV_DIR
from game.settings import Settings as Prefs
from game.ui.app import FrameLimit, GameWindow, Settings
from game.ui.chronicle import SAVES_ENV

SHOTS = Path(__file__).resolve().parents[2] / "screenshots"
_WINDOW: GameWindow | None = None


def the_window() -> GameWindow:
    """The one window of the test session (other suites may reuse it through arcade.get_window())."""
    global _WINDOW
    if _WINDOW is None:
        _WINDOW = GameWindow(1280, 720, settings=Settings(threaded_computer=False), visible=False)
    return _WINDOW


@pytest.fixture(scope="session", autouse=True)
def _session_window() -> GameWindow:
    return the_window()


@pytest.fixture
def window() -> GameWindow:
    win = the_window()
    arcade.set_window(win)
    win.settings = Settings(threaded_computer=False)
    win.limit = FrameLimit()
    win.frame = 0
    win.default_camera.use()
    return win


@pytest.fixture
def app(window: GameWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch):  # noqa: ANN201
    """The suite's one client window (tests/ui/conftest.py), with settings and saves in temporary folders."""
    monkeypatch.setenv(ENV_DIR, str(tmp_path / "config"))
    monkeypatch.setenv(SAVES_ENV, str(tmp_path / "saves"))
    monkeypatch.setenv("FOC_MAPS_DIR", str(tmp_path / "maps"))  # the map editor's folder (game.map_editor)
    window.settings.speed_index = 3  # fastest animations
    window.settings.edge_scroll = False
    window.prefs = Prefs()
    yield window
    window.show_view(arcade.View(window))


def dispatch(win: arcade.Window, name: str, *args: object) -> None:
    """Send an event through the window's handler stack now (UI managers first, then the view)."""
    pyglet.event.EventDispatcher.dispatch_event(win, name, *args)


def click(win: arcade.Window, x: float, y: float, button: int = arcade.MOUSE_BUTTON_LEFT) -> None:
    dispatch(win, "on_mouse_motion", x, y, 0, 0)
    dispatch(win, "on_mouse_press", x, y, button, 0)
    dispatch(win, "on_mouse_release", x, y, button, 0)


def frames(win: arcade.Window, count: int = 1) -> None:
    """Run whole frames of the current view (1/60 s each)."""
    for _ in range(count):
        view = win.current_view
        assert view is not None
        view.on_update(1 / 60)
        view.on_draw()


def run_client(win: GameWindow, until, updates: int, close_modals: bool = False) -> int:  # noqa: ANN001
    """The client's own loop (computer turns, then their animations: `threaded_computer` is off, so both advance
    only with updates) until `until()`, for at most `updates` updates of 1/60 s: a bound in game time, which a
    slow machine does not shorten; drawn twice a game second (every frame would only cost time here). Returns
    the updates run."""
    done = 0
    while not until() and done < updates:
        view = win.current_view
        assert view is not None
        if close_modals and getattr(view, "modal", None) is not None:
            view.close_modal()  # type: ignore[attr-defined]
        view.on_update(1 / 60)
        done += 1
        if done % 30 == 0:
            view.on_draw()
    return done


def shot(win: GameWindow, name: str) -> Path:
    return win.screenshot(SHOTS / name)


def end_turn(win: arcade.Window) -> None:
    """Enter ends the turn; when armies could still move, the warning asks first and Enter confirms it."""
    for name in ("on_key_press", "on_key_release"):
        dispatch(win, name, arcade.key.ENTER, 0)
    modal = getattr(win.current_view, "modal", None)
    if modal is not None and getattr(modal, "title", "") == "End the turn?":
        for name in ("on_key_press", "on_key_release"):
            dispatch(win, name, arcade.key.ENTER, 0)
