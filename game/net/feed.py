"""Spectators of a game a computer worker plays alone: their view, kept from what the worker sends, and their
connections.

A computers' game nobody sits in is played on a worker's copy (game.net.computers.drive); the server never
builds its world. When spectators watch it, the worker also follows the spectator's view on its copy (the
engine's filter: game.net.views.ViewTracker, the same as for a loaded game) and answers, with the journal
writes of what it played, each command's `update` as a spectator gets it (encoded) and the change of the
spectator's view. The server stores the writes and, once they are durable, sends the frames as they are and
applies the change to the view kept here: the event loop only stores and forwards. A new spectator gets that
view (`state`); a game that must be loaded (a player comes in, the worker fails) takes the spectators over at
the same view (game.net.server: `_load`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.net import protocol
from game.net.views import Entities, view_hash


@dataclass
class Feed:
    """The spectators of one game not loaded on the server, and their view as of `seq` (-1: not received yet)."""

    game: str
    header: dict[str, Any]  # the public header (no seed)
    watchers: set[Any] = field(default_factory=set)  # every spectator connection
    waiting: set[Any] = field(default_factory=set)  # those still to be sent the view (it comes with a turn)
    seq: int = -1
    entities: Entities = field(default_factory=dict)
    clock: dict[str, Any] = field(default_factory=dict)
    seats: list[int] = field(default_factory=list)
    _encoded: tuple[int, str] | None = None

    @property
    def ready(self) -> bool:
        return self.seq >= 0

    def start(self, seq: int, view: dict[str, Any]) -> None:
        """The spectator's whole view at `seq` (as `ViewTracker.state_of` gives it)."""
        self.seq = seq
        self.entities = dict(view["entities"])
        self.clock, self.seats = view["clock"], list(view["seats"])
        self._encoded = None

    def advance(self, seq: int, changes: list[dict[str, Any]]) -> None:
        """Apply the view's changes of the commands up to `seq`, in order (each an `update.view`)."""
        for change in changes:
            self.entities.update(change["changed"])
            for key in change["removed"]:
                self.entities.pop(key, None)
            self.clock, self.seats = change["clock"], list(change["seats"])
        self.seq = seq
        self._encoded = None

    def state(self) -> str:
        """The `state` message a new spectator gets (encoded once per seq: a 64x64 board's is ~420 KB)."""
        if self._encoded is None or self._encoded[0] != self.seq:
            view = {"clock": self.clock, "seats": self.seats, "entities": self.entities}
            text = protocol.encode({"type": "state", "seq": self.seq, "header": self.header, "view": view,
                                    "since": [], "viewer": None, "game": self.game})
            self._encoded = (self.seq, text)
        return self._encoded[1]

    def view_hash(self) -> str:
        return view_hash(self.entities, self.clock, self.seats)

    def followers(self) -> set[Any]:
        """The spectators who hold the view (sent each update)."""
        return self.watchers - self.waiting if self.waiting else self.watchers
