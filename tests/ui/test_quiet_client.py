"""A still game draws nothing new: the game screen reports `quiet()` once its picture is cached, the window then
skips frames and slows down, and any input wakes it at once (figures: bench/bench_idle.py)."""

from __future__ import annotations

import arcade

from game.ui import app as app_module
from tests.builders import at, spawn_army, tiny_game
from tests.ui.conftest import dispatch
from tests.ui.test_game_flow import board, ready, start, step


def test_a_still_game_is_quiet_and_input_wakes_the_window(app):
    game = tiny_game(board(), {1: (2, 2), 2: (27, 17)}, resources={"food": 50})
    spawn_army(game, 1, at(game, 5, 5), ["soldier"])
    start(app, game)
    view = ready(app)
    for _ in range(200):  # the banner fades, the frame gets cached
        step(app)
        view.on_draw()
        if view.quiet():
            break
    assert view.quiet()
    skipped = app.skipped
    for _ in range(int(app_module.IDLE_AFTER * 60) + 2):
        app.draw(1 / 60)  # the event loop's frame: nothing is drawn...
    assert app.skipped > skipped and app.idle  # ...and the window slows down
    assert app._update_rate == app_module.IDLE_RATE
    app.dispatch_event("on_mouse_motion", 100, 100, 1, 1)  # any input wakes it
    assert not app.idle and app._update_rate == app_module.BUSY_RATE and app._must_draw
    app._event_queue.clear()  # (headless, outside the event loop the motion was only queued)
    dispatch(app, "on_key_press", arcade.key.RIGHT, 0)  # a held scroll key: the screen moves, not quiet
    step(app)
    assert not view.quiet()
    dispatch(app, "on_key_release", arcade.key.RIGHT, 0)
    view.orders.say("Something new to read")  # a new hint: the next frame differs
    assert not view.quiet()
