"""Giving memory the process has freed back to the system (glibc keeps freed blocks for reuse otherwise)."""

from __future__ import annotations

import contextlib
import ctypes
import sys
from functools import cache


@cache
def _libc() -> ctypes.CDLL | None:
    """glibc, loaded once (each `CDLL` is a small reference cycle: one a call would wait for a full collection)."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        return ctypes.CDLL("libc.so.6")
    except OSError:
        return None


def trim_memory() -> None:
    """Give freed memory back to the system after a burst of work that freed much of it: baking the map's
    pictures, a turn (a computer's search, a turn's events and pictures). Does nothing off glibc."""
    libc = _libc()
    if libc is not None:
        with contextlib.suppress(AttributeError):  # a C library without malloc_trim (musl)
            libc.malloc_trim(0)
