"""One frame in flight (game.ui.frame_pacing): the event loop's frame waits until the renderer has finished the
frame before it, so the renderer's queue, and the memory it holds, stay one frame deep (figures:
bench/bench_watch_memory.py)."""

from __future__ import annotations

import ctypes

import arcade
from pyglet import gl

from game.ui import frame_pacing


class Recorder(arcade.View):
    """A screen that notes, as each of its frames starts, whether the frame before is still being rendered."""

    def __init__(self) -> None:
        super().__init__()
        self.previous_in_flight: list[bool] = []

    def on_draw(self) -> None:
        self.previous_in_flight.append(self.window.pacer.in_flight)  # type: ignore[attr-defined]
        self.clear()
        arcade.draw_lrbt_rectangle_filled(0, 400, 0, 300, arcade.color.ORANGE)


def test_the_event_loops_frame_starts_only_once_the_frame_before_is_rendered(app, monkeypatch):
    view = Recorder()
    app.show_view(view)
    # outside the event loop pyglet only queues the on_draw that Window.draw dispatches; let it through
    monkeypatch.setattr(app, "_allow_dispatch_event", True)
    app.pacer.wait()  # a frame an earlier test left in flight (the window is the suite's) is finished first
    waits = app.pacer.waits
    for _ in range(3):
        app.draw(1 / 60)  # the event loop's frame: wait, draw, show
        assert app.pacer.in_flight  # the frame just shown is marked...
    assert view.previous_in_flight == [False, False, False]  # ...and each next frame waited for it first
    assert app.pacer.waits == waits + 2


def test_a_frame_waited_for_is_finished_by_the_renderer(app, monkeypatch):
    pacer = frame_pacing.FramePacer()
    app.clear()
    arcade.draw_lrbt_rectangle_filled(0, app.width, 0, app.height, arcade.color.TEAL)
    pacer.frame_shown()
    statuses: list[int] = []
    delete = gl.glDeleteSync

    def status_then_delete(fence):  # noqa: ANN001, ANN202
        value = gl.GLint(0)
        gl.glGetSynciv(fence, gl.GL_SYNC_STATUS, 1, None, ctypes.byref(value))
        statuses.append(value.value)
        delete(fence)

    monkeypatch.setattr(frame_pacing.gl, "glDeleteSync", status_then_delete)
    pacer.wait()
    assert statuses == [gl.GL_SIGNALED] and not pacer.in_flight
    pacer.wait()  # nothing in flight: no wait, nothing to delete
    assert pacer.waits == 1 and statuses == [gl.GL_SIGNALED]


def test_a_fence_not_waited_for_is_replaced_not_leaked(app, monkeypatch):
    deleted: list[object] = []
    delete = gl.glDeleteSync
    monkeypatch.setattr(frame_pacing.gl, "glDeleteSync", lambda fence: (deleted.append(fence), delete(fence)))
    pacer = frame_pacing.FramePacer()
    for _ in range(2):
        pacer.frame_shown()  # frames shown by a loop that does not pace (a test, a screenshot)
    pacer.forget()
    assert len(deleted) == 2 and not pacer.in_flight
