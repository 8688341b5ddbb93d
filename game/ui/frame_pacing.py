"""At most one frame in flight: a frame is drawn only once the renderer has finished the one before it."""

from __future__ import annotations

from pyglet import gl

WAIT_AT_MOST_NS = 1_000_000_000  # a renderer that never signals must not freeze the client: draw anyway


class FramePacer:
    """A fence after each shown frame; the next frame waits for it before it draws.

    Why: drawing runs ahead of the renderer, and every frame queued behind it holds the renderer's working memory
    (the software renderer keeps a pool of command buffers as deep as the queue ever got, and each keeps its
    last frame's commands). With one frame in flight that memory stays as small as one frame needs, and input
    is shown a frame sooner. The work between two frames (updates, input, computer turns) still runs while the
    renderer finishes, so a frame that is rendered in time costs no wait.
    """

    def __init__(self) -> None:
        self._fence: object | None = None
        self.waits = 0  # frames that waited for the one before (tests and benchmarks read it)

    @property
    def in_flight(self) -> bool:
        """Whether a shown frame has not yet been waited for."""
        return self._fence is not None

    def frame_shown(self) -> None:
        """Mark the end of the frame just handed to the renderer."""
        self.forget()
        self._fence = gl.glFenceSync(gl.GL_SYNC_GPU_COMMANDS_COMPLETE, 0)

    def wait(self) -> None:
        """Before drawing: wait until the renderer has finished the last frame shown (at most a second)."""
        if self._fence is None:
            return
        gl.glClientWaitSync(self._fence, gl.GL_SYNC_FLUSH_COMMANDS_BIT, WAIT_AT_MOST_NS)
        self.waits += 1
        self.forget()

    def forget(self) -> None:
        """Drop the fence unwaited (a new frame replaces it, or the window's context goes)."""
        if self._fence is not None:
            gl.glDeleteSync(self._fence)
            self._fence = None
