"""A token bucket: the server's limit on each connection's messages, and the pace a client keeps under it."""

from __future__ import annotations

import time
from collections.abc import Callable


class TokenBucket:
    """`rate` tokens a second, at most `burst` saved up; a message spends one."""

    def __init__(self, rate: float, burst: float, clock: Callable[[], float] = time.monotonic) -> None:
        self.rate = rate
        self.burst = burst
        self.clock = clock
        self.tokens = float(burst)
        self.stamp = clock()

    def _refill(self) -> None:
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now

    def take(self) -> bool:
        """Spend a token if there is one (the server: over the limit, the message is refused)."""
        self._refill()
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False

    def reserve(self) -> float:
        """Spend a token now, in debt if need be; the seconds to wait before sending (a client pacing itself:
        requests made together leave in order, each when its token is there)."""
        self._refill()
        self.tokens -= 1
        return max(0.0, -self.tokens / self.rate)
