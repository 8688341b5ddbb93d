"""What one client may cost the server: quotas per connection and per address (docs/network.md, "Bounded work").

A connection's messages are limited by its token bucket (`protocol.RATE_PER_SECOND`); these quotas bound the
costly requests within that rate: games created (each holds a whole engine game), games watched at once,
whole views sent (`state`: every entity the viewer sees) and history requests (a `last_seq` asking for the
events since), and the bytes waiting to be sent to a client that does not read. They are counted per
connection and per address (the peer's IP: opening more sockets does not buy more), and settable with
`foc serve --quota NAME=VALUE` (a bench that plays a crowd from 127.0.0.1 raises them).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.net.rate import TokenBucket
from game.net.settings_option import parse_settings


@dataclass
class Quotas:
    """The limits (defaults for a public server)."""

    games_per_connection: int = 4  # games a connection may create
    games_per_address: int = 8  # live games (not finished, not expired) created from one address
    watches_per_connection: int = 8  # games a connection watches at once
    watches_per_address: int = 32
    views_per_second: float = 4.0  # whole views (`state` on join and watch) sent to one address
    views_burst: int = 16
    history_per_second: float = 1.0  # joins and watches naming a `last_seq` (the events since) from one address
    history_burst: int = 4
    send_bytes: int = 8 * 1024 * 1024  # bytes waiting for one connection before it is dropped (a slow reader)
    send_bytes_per_address: int = 32 * 1024 * 1024  # the same, all connections of one address together
    connections_per_address: int = 256

    @classmethod
    def parse(cls, items: list[str] | None) -> Quotas:
        """`NAME=VALUE` items (ValueError naming the bad one)."""
        return parse_settings(cls, items, "--quota")


@dataclass(eq=False)
class Address:
    """What the connections from one address hold and spend together."""

    host: str
    quotas: Quotas
    conns: set[Any] = field(default_factory=set)
    games: set[str] = field(default_factory=set)  # live games created from here
    watches: int = 0
    queued: int = 0  # bytes waiting to be sent, all its connections together
    views: TokenBucket = field(init=False)
    history: TokenBucket = field(init=False)

    def __post_init__(self) -> None:
        self.views = TokenBucket(self.quotas.views_per_second, self.quotas.views_burst)
        self.history = TokenBucket(self.quotas.history_per_second, self.quotas.history_burst)
