"""How long tests wait on a loaded machine: generous bounds on waits for conditions (never timing asserts)."""

from __future__ import annotations

PATIENCE = 5.0  # how many times its time on an idle machine a test waits for a condition
PATIENCE_FLOOR = 120.0  # and never less than this many seconds


def scaled(seconds: float) -> float:
    """A generous bound on a wait that takes about `seconds` on an idle machine: five times that and at least
    two minutes, so a stalled or loaded machine slows a test down and never fails it, while a hung server
    still fails (tests wait for conditions, not for time to pass: turn timers run on a `TestClock`)."""
    return max(PATIENCE_FLOOR, seconds * PATIENCE)
