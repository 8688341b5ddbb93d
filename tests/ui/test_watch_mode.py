"""Watch mode (computers only), through the real handlers: the follow-camera toggle (C, or the toolbar), the
camera left where the player put it (radar click), and the next turn's banner waiting for the last moves."""

from __future__ import annotations

import arcade

from game.setup import PlayerSpec, create_game
from game.ui.animation import Animator
from systems import events as ev
from tests.builders import tiny_map
from tests.ui.conftest import click, dispatch, frames, shot


def game_screen(app):
    from game.ui.views.game_view import GameView

    for _ in range(600):  # the computers choose their bases first
        frames(app)
        if isinstance(app.current_view, GameView):
            return app.current_view
    raise AssertionError(type(app.current_view).__name__)


def watch_game():
    rows = ["p" * 40] * 30
    return create_game(tiny_map(rows), [PlayerSpec("C1", True, "normal"), PlayerSpec("C2", True, "normal")], 5, [])


def test_the_follow_camera_can_be_turned_off_and_a_radar_click_is_not_undone(app):
    game = watch_game()
    app.start(game)
    view = game_screen(app)
    assert view.follow_camera
    radar = view.canvas.radar
    click(app, radar.left + 2, radar.bottom + 2)  # look at the bottom-left corner while the computers play
    where = view.camera.position
    frames(app, 20)
    assert view.camera.position == where  # the follow-camera leaves it alone for a while
    dispatch(app, "on_key_press", arcade.key.C, 0)
    dispatch(app, "on_key_release", arcade.key.C, 0)
    assert not view.follow_camera
    view.follow_pause = 0.0
    frames(app, 120)  # computers move, the camera stays
    assert view.camera.position == where and game.world.clock.round >= 1
    button = view.turn_hud.buttons["follow"]
    frames(app, 2)
    shot(app, "watch_mode_follow_off.png")
    click(app, button.left + 5, button.bottom + 5)
    assert app.current_view is view, type(app.current_view).__name__
    assert view.follow_camera


def test_the_next_turn_waits_until_the_last_moves_have_played(app):
    game = watch_game()
    app.start(game)
    view = game_screen(app)
    animator: Animator = view.animator
    animator.effects.flash(0, (255, 255, 255, 255), 0.5)  # the last battle's flash is still fading...
    animator.push([ev.TurnStarted(2, 7)])
    animator.update(1 / 60)
    assert animator.queue and animator.queue[0] == ev.TurnStarted(2, 7)  # ...so the banner waits
    for _ in range(120):
        animator.update(1 / 60)
    assert not animator.queue and view.banner.text.startswith("Round 7")
