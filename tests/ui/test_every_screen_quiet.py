"""Quiet is the window's and the view kit's, not one screen's: every screen a player reaches — the menus, a game of
every installed ruleset, the map editor, a bare screen a mod might write with no code for it — stops drawing once
it is still, and input, a game event, a widget's new look or a declared animation draw it again (game.ui.stillness).
The window's clock is the test's: each frame is `on_update(DT)` then the event loop's `draw(DT)`."""

from __future__ import annotations

import argparse

import arcade
import pyglet
import pytest

from game.content import rulesets
from game.ui import app as app_module
from game.ui import stillness
from game.ui.launch import new_game_from_args
from game.ui.views.base import BaseView
from game.ui.widgets import gui
from tests.ui.conftest import dispatch

DT = 1 / 60
SETTLED = int(5 / DT)  # five seconds of frames: any screen's opening animations are over
STILL = int(2 * app_module.REDRAW_EVERY / DT)  # frames of a still screen: drawn only by the occasional redraw
REDRAWS = 2  # ... every REDRAW_EVERY seconds (it heals a window uncovered meanwhile)


def run(app, frames: int) -> int:  # noqa: ANN001
    """`frames` frames of the event loop on the test's clock; how many were drawn (not skipped as quiet)."""
    skipped = app.skipped
    for _ in range(frames):
        view = app.current_view
        view.on_update(DT)
        session = getattr(view, "session", None)
        if session is not None and session.busy:
            session.wait()
        app.draw(DT)
        queued, app._event_queue = list(app._event_queue), []  # (headless: the frame's on_draw was queued)
        for event in queued:
            dispatch(app, *event)
    return frames - (app.skipped - skipped)


def settle(app) -> None:  # noqa: ANN001
    for _ in range(10):
        run(app, SETTLED)
        if run(app, STILL) <= REDRAWS:
            return


def assert_quiet(app, what: str) -> None:  # noqa: ANN001
    settle(app)
    assert run(app, STILL) <= REDRAWS, f"{what}: still frames are drawn"
    assert app.idle, f"{what}: the window did not slow down"


def game_args(ruleset: str) -> argparse.Namespace:
    return argparse.Namespace(players="human,ai", difficulty="normal", ruleset=ruleset, map=None, seed=5, mod=[],
                              options=None)


def test_the_main_menu_and_the_new_game_screen_are_quiet(app) -> None:
    app.show_main_menu()
    assert_quiet(app, "main menu")
    app.show_new_game()
    assert_quiet(app, "new-game screen")


@pytest.mark.parametrize("ruleset", sorted(rulesets()))
def test_a_game_of_every_ruleset_is_quiet_on_the_human_turn(app, ruleset: str) -> None:
    app.start(new_game_from_args(game_args(ruleset)))
    assert_quiet(app, ruleset)
    # any input wakes it, and the frame after is drawn
    app.dispatch_event("on_mouse_motion", 5, 5, 1, 1)
    app._event_queue.clear()  # (headless: outside the event loop the motion was only queued)
    assert not app.idle
    assert run(app, 1) == 1


def test_the_map_editor_is_quiet(app) -> None:
    app.show_map_editor()
    assert_quiet(app, "map editor")


class BareScreen(BaseView):
    """What a mod might write: a label, a button, a game it shows — and no code about quiet at all."""

    def __init__(self, window, game) -> None:  # noqa: ANN001
        super().__init__(window)
        self.game = game
        self.ui = gui.UIManager(window)
        self.label = gui.UILabel(text="Waiting", x=20, y=20, width=300)
        self.ui.add(self.label)
        self.moving = False

    def on_show_view(self) -> None:
        self.ui.enable()

    def on_hide_view(self) -> None:
        self.ui.disable()

    def draw(self) -> None:
        self.clear()
        self.ui.draw()


class AnimatedScreen(BareScreen):
    def animating(self) -> bool:
        return self.moving


def test_a_screen_with_no_code_about_quiet_is_quiet_and_redrawn_when_what_it_shows_changes(app) -> None:
    game = new_game_from_args(game_args("monstercrasher"))
    screen = BareScreen(app, game)
    app.show_view(screen)
    assert_quiet(app, "a bare screen")
    screen.label.text = "Your move"  # a widget's new look: one frame, without waking the window
    assert 1 <= run(app, int(1 / DT)) <= 1 + 1  # (and perhaps the occasional redraw)
    assert app.idle
    game.revision += 1  # a game event (an accepted command, a network copy's new state): the window wakes
    assert run(app, 1) == 1 and not app.idle
    assert_quiet(app, "a bare screen after the game moved")


def test_a_screen_that_declares_an_animation_is_drawn_while_it_moves_and_only_then(app) -> None:
    screen = AnimatedScreen(app, None)
    app.show_view(screen)
    assert_quiet(app, "an animated screen at rest")
    screen.moving = True
    assert run(app, 30) == 30  # every frame while it moves
    screen.moving = False
    assert run(app, int(stillness.SETTLE / DT) + STILL) <= int(stillness.SETTLE / DT) + 1 + REDRAWS  # it settles
    assert run(app, STILL) <= REDRAWS


def test_the_window_opens_with_on_show_dispatched_from_inside_its_constructor(monkeypatch) -> None:
    """pyglet dispatches on_show (and on_resize) while arcade.Window.__init__ runs: the wake-up it causes must find
    the quiet-idle state already there (the window did not open on a real display when it did not)."""
    seen: list[str] = []
    window_class = pyglet.window.Window  # the platform's window class (headless here)
    original = window_class._create

    def create_and_show(self) -> None:  # noqa: ANN001
        original(self)
        self._allow_dispatch_event = True  # as the xlib window's map handler: dispatched at once, not queued
        try:
            self.dispatch_event("on_show")
        finally:
            self._allow_dispatch_event = False
        seen.append("on_show")

    monkeypatch.setattr(window_class, "_create", create_and_show)
    current = arcade.get_window()
    window = app_module.GameWindow(320, 200, visible=False)
    try:
        assert seen and not window.idle
    finally:
        window.close()
        monkeypatch.undo()
        arcade.set_window(current)
        current.switch_to()  # the suite's window's GL context current again
