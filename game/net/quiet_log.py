"""The server's log under floods: a repeated line is written once a second at most, the event loop's errors
without a traceback each time."""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Any

log = logging.getLogger("foc.serve")


class OncePerSecond(logging.Filter):
    """Lets the same log message (logger and its text's start) through once a second at most, then
    says how many were held back: a flood of one error (accept failing while the process is out of file
    descriptors: every waiting connection fails again at once) cannot fill the disk with its log."""

    def __init__(self, seconds: float = 1.0) -> None:
        super().__init__()
        self.seconds = seconds
        self.last: dict[tuple[str, str], float] = {}
        self.held: dict[tuple[str, str], int] = {}

    def filter(self, record: logging.LogRecord) -> bool:
        key = (record.name, record.getMessage()[:80])
        now = time.monotonic()
        if now - self.last.get(key, -self.seconds) < self.seconds:
            self.held[key] = self.held.get(key, 0) + 1
            return False
        if len(self.last) > 1000:  # bounded: forget the oldest keys
            self.last.clear()
        self.last[key] = now
        held = self.held.pop(key, 0)
        if held:
            record.msg = f"{record.msg} ({held} more like this in the last second, not logged)"
        return True


def quiet_exceptions(loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
    """The loop's errors (accept failing included) are logged through the throttled log, without a traceback
    each time."""
    error = context.get("exception")
    log.error("%s%s", context.get("message", "event loop error"), f": {error!r}" if error is not None else "")
