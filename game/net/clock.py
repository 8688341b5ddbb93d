"""The server's clock: the wall clock, or a clock file whose number a test advances (`foc serve --clock-file`)."""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from pathlib import Path

Clock = Callable[[], float]  # seconds since the epoch, as time.time gives them


def wall() -> float:
    """The host's clock (the default)."""
    return time.time()


class FileClock:
    """A clock that reads the time from a file: turn timers, deadlines and expiry follow whatever number the
    file holds, so a test moves time forward itself and never waits on the wall clock or the machine's speed.
    A file that cannot be read (being replaced) leaves the last value."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.value = 0.0
        self.stamp: tuple[int, int] | None = None
        self()

    def __call__(self) -> float:
        try:
            found = self.path.stat()
            stamp = (found.st_ino, found.st_mtime_ns)  # a new file each time (set_clock_file), so a new inode
            if stamp != self.stamp:
                self.value = float(self.path.read_text())
                self.stamp = stamp
        except (OSError, ValueError):
            pass
        return self.value


def set_clock_file(path: Path, seconds: float) -> None:
    """Write a clock file atomically (the server never reads half a number)."""
    partial = path.with_name(path.name + ".part")
    partial.write_text(repr(float(seconds)))
    os.replace(partial, path)
