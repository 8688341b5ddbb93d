"""Keep a finished picture in an offscreen buffer and copy it to the screen while nothing in it changes."""

from __future__ import annotations

from collections.abc import Callable, Hashable

import arcade
from pyglet import gl


class FrameCache:
    """Draw through `show(key, draw)`: the same key twice in a row caches the picture; then it is only copied.

    A key of None means "changing now" (an animation, a moving camera): drawn straight to the screen.
    `region` (left, bottom, width, height in window pixels) limits the cache to part of the window.
    """

    def __init__(self, region: tuple[int, int, int, int] | None = None) -> None:
        window = arcade.get_window()
        self.ctx = window.ctx
        self.size = (window.width, window.height)
        self.region = region or (0, 0, window.width, window.height)
        left, bottom, width, height = self.region
        # the buffer is only as big as the region (a panel's cache need not hold a whole window); its viewport
        # is shifted so that window coordinates still land where they do on the screen
        self.fbo = self.ctx.framebuffer(color_attachments=[self.ctx.texture((width, height), components=4)])
        self.fbo.viewport = (-left, -bottom, *self.size)
        self.cached: Hashable | None = None
        self.last: Hashable | None = None
        self.counts = {"copied": 0, "cached": 0, "direct": 0}

    def invalidate(self) -> None:
        self.cached = self.last = None

    def show(self, key: Hashable | None, draw: Callable[[], None]) -> str:
        """Put the picture for `key` on the screen; returns how: 'copied', 'cached' or 'direct'."""
        if key is not None and key == self.cached:
            self._copy()
            how = "copied"
        elif key is not None and key == self.last:
            with self.fbo.activate():
                self.fbo.clear(color=(0, 0, 0, 255))
                draw()
            self.cached = key
            self._copy()
            how = "cached"
        else:
            draw()
            self.cached = None
            how = "direct"
        self.last = key
        self.counts[how] += 1
        return how

    def _copy(self) -> None:
        """Copy the cached region into the framebuffer in use (the screen, or an outer cache)."""
        left, bottom, width, height = self.region
        target = self.ctx.active_framebuffer
        gl.glBindFramebuffer(gl.GL_READ_FRAMEBUFFER, _glo(self.fbo))
        gl.glBindFramebuffer(gl.GL_DRAW_FRAMEBUFFER, _glo(target))
        gl.glReadBuffer(gl.GL_COLOR_ATTACHMENT0)
        gl.glBlitFramebuffer(0, 0, width, height, left, bottom, left + width, bottom + height,
                             gl.GL_COLOR_BUFFER_BIT, gl.GL_NEAREST)
        gl.glBindFramebuffer(gl.GL_FRAMEBUFFER, _glo(self.ctx.active_framebuffer))

    def release(self) -> None:
        self.fbo.delete()


def _glo(framebuffer: object) -> int:
    """The OpenGL name of an arcade framebuffer (the OpenGL backend's attribute)."""
    return int(framebuffer.glo.value if hasattr(framebuffer.glo, "value") else framebuffer.glo)  # type: ignore[attr-defined]
