"""Games that end: how long a hosted game stays loaded, listed and kept (docs/network.md, "Games that end").

The server keeps an index of its live games (each game's lobby line and when a player was last seen) and loads
a game's engine state only while someone needs it: a connection in it, a computer seat to play, a turn timer
that ran out. A restart reads the index alone, so it listens at once whatever the number of stored games, and
opens each game on demand. A finished game stays in the lobby for `finished_seconds`, then is archived (out
of the lobby and the live set; still in the journal, and watchable by its id). A game nobody sits at (no human
seat taken) expires `empty_seconds` after it was last used; any other game `abandoned_seconds` after a player
last acted or was connected. Times are the server's clock (a test's clock file in tests).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.net.settings_option import parse_settings

ARCHIVE, EXPIRE = "archive", "expire"


@dataclass
class Lifetimes:
    """How long games live (settable: `foc serve --lifetime NAME=SECONDS`)."""

    finished_seconds: float = 3600.0  # a finished game stays in the lobby this long, then is archived
    empty_seconds: float = 3600.0  # a game with no human seat taken expires this long after it was last used
    abandoned_seconds: float = 14 * 24 * 3600.0  # any game expires this long after a player last acted or connected
    unload_seconds: float = 120.0  # a loaded game nobody is in is let go (its engine state) after this long

    @classmethod
    def parse(cls, items: list[str] | None) -> Lifetimes:
        """`NAME=SECONDS` items (ValueError naming the bad one)."""
        return parse_settings(cls, items, "--lifetime", "SECONDS", "a number of seconds")


@dataclass
class Entry:
    """A live game in the server's index, loaded or not: its lobby line and when it was last used."""

    id: str
    summary: dict[str, Any]
    active: float
    created: float
    archived: bool = False  # an archived game opened to be watched: not listed, let go once nobody is in it


def verdict(summary: dict[str, Any], active: float, now: float, lifetimes: Lifetimes) -> str | None:
    """What becomes of a game now: ARCHIVE (finished long enough), EXPIRE (empty or abandoned), or None."""
    idle = now - active
    if summary.get("over"):
        return ARCHIVE if idle >= lifetimes.finished_seconds else None
    humans = any(seat.get("kind") == "human" for seat in summary.get("seats", []))
    if not humans and idle >= lifetimes.empty_seconds:
        return EXPIRE
    if idle >= lifetimes.abandoned_seconds:
        return EXPIRE
    return None
