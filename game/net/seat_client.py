"""A seat (or a spectator) at a game on a server: the local mirror, fed by the server's updates, and `submit`
that sends a command and returns the server's verdict with the same `Result` a local `Game.submit` gives.

Everything that touches the mirror runs on the caller's thread (the engine is not thread-safe); the `Link`
thread only moves messages. `as_player(controller)` lets a computer controller play the seat through the
network: its `game.submit` calls go to the server.
"""

from __future__ import annotations

import queue
import time
from collections.abc import Callable
from typing import Any

from components.commands import Command
from game.codec import command_to_data
from game.engine import Accepted, Game, Rejected, Result
from game.errors import DataError
from game.net.client import Link, ServerError
from game.net.mirror import Desync, Mirror
from systems.events import Event

REPLY_SECONDS = 15.0
GAP_SECONDS = 30.0  # how long updates may run ahead of the copy before it is declared out of step


class SeatClient:
    """One game seen through a Link: `pump` applies updates, `submit` acts (seat holders only)."""

    def __init__(self, link: Link, game_id: str, seat: int | None, mirror: Mirror,
                 on_events: Callable[[tuple[Event, ...]], None] | None = None) -> None:
        self.link = link
        self.game_id = game_id
        self.seat = seat
        self.mirror = mirror
        self.on_events = on_events
        self.problems: list[str] = []
        self.rejected = 0
        self.desync = ""  # why the mirror stopped following the server (rejoin to start afresh)
        self.issuers: list[str] = []  # who issued each update applied: "seat:N", "computer", "timer"
        self.reply_seconds = REPLY_SECONDS  # how long a command waits for its verdict and its update
        self.gap_since: float | None = None  # when updates started to arrive ahead of the copy (see pump)

    @classmethod
    def join(cls, link: Link, game_id: str, seat: int | None = None, *, watch: bool = False, token: str | None = None,
             name: str = "", timeout: float | None = None) -> SeatClient:
        """Take a seat (or come back with a token, or watch) and build the mirror from the server's view."""
        timeout = REPLY_SECONDS if timeout is None else timeout
        if watch:
            reply = link.call({"type": "watch", "game": game_id}, timeout)
        elif token is not None:
            reply = link.call({"type": "join", "game": game_id, "token": token}, timeout)
        else:
            reply = link.call({"type": "join", "game": game_id, "seat": seat, "name": name}, timeout)
        deadline = time.monotonic() + timeout
        held: list[dict[str, Any]] = []
        while True:
            message = link.inbox.get(timeout=max(0.01, deadline - time.monotonic()))
            if message.get("type") == "state" and message.get("game") == game_id:
                break
            held.append(message)
        mirror = Mirror.from_state(message)
        for other in held:  # updates that overtook the view are in it already; keep anything else
            if other.get("type") != "update":
                link.inbox.put(other)
        return cls(link, game_id, reply.get("seat"), mirror)

    @property
    def game(self) -> Game:
        return self.mirror.game

    # ----- following the server
    def catch_up(self) -> list[tuple[Event, ...]]:
        batches = self.mirror.catch_up()
        for events in batches:
            self._observe(events)
        return batches

    def pump(self, wait: float = 0.0) -> int:
        """Apply every update waiting (waiting up to `wait` seconds for the first); how many were applied.
        A fresh view (`state`, after a reconnection) replaces the copy."""
        if self.desync:
            return 0
        applied = len(self.catch_up()) if self.mirror.backlog else 0
        block = wait > 0
        while True:
            try:
                message = self.link.inbox.get(timeout=wait) if block else self.link.inbox.get_nowait()
            except queue.Empty:
                return applied
            block = False
            kind = message.get("type")
            if kind == "update" and message.get("game") == self.game_id:
                seq = message.get("seq")
                if isinstance(seq, int) and seq > self.mirror.seq + 1:
                    # after a reconnection, updates of commands still being written can overtake the fresh view
                    # the server sends once they are durable: skip them and wait for it (bounded)
                    if self.gap_since is None:
                        self.gap_since = time.monotonic()
                    elif time.monotonic() - self.gap_since > GAP_SECONDS:
                        self.desync = f"update {seq} arrived after {self.mirror.seq} and no fresh view came"
                        self.problems.append(self.desync)
                        return applied
                    continue
                try:
                    events = self.mirror.apply(message)
                except Desync as exc:  # never a traceback in the window: say so and stop following
                    self.desync = str(exc)
                    self.problems.append(self.desync)
                    return applied
                if events is not None:
                    applied += 1
                    self.issuers.append(str(message.get("issuer", "")))
                    self._observe(events)
            elif kind == "state" and message.get("game") == self.game_id:
                self.gap_since = None
                try:
                    self.refresh(message)
                except DataError as exc:
                    self.desync = "; ".join(exc.errors)
                    self.problems.append(self.desync)
                    return applied
                applied += len(self.catch_up())
            elif kind == "error":
                self.problems.append(str(message.get("message", "")))

    def refresh(self, state: dict[str, Any]) -> None:
        """Take a whole view again (after a reconnection), into the same game and world the window draws."""
        self.mirror.reset(state)

    def _observe(self, events: tuple[Event, ...]) -> None:
        if self.on_events is not None:
            self.on_events(events)

    def my_turn(self) -> bool:
        """This seat may act now (its turn, its orders not yet ready, or a question put to it) and nothing
        from the server waits to be applied."""
        game = self.game
        if self.seat is None or game.over or not self.link.inbox.empty() or self.gap_since is not None:
            return False
        if game.awaiting_orders:
            return self.seat in game.unready_seats()
        return self.seat in game.acting_seats()

    # ----- acting
    def submit(self, command: Command, seat: int | None = None) -> Result:
        """Send a command; the server's verdict, with the events once the mirror has applied it."""
        if self.seat is None:
            return Rejected("spectators cannot act")
        self.pump()
        if seat is not None and seat != self.seat:
            return Rejected(f"this connection holds seat {self.seat}, not seat {seat}")
        reason = self.game.check(command, seat=self.seat)  # refuse locally what the server would refuse anyway
        if reason is not None:
            return Rejected(reason)
        try:
            reply = self.link.call({"type": "command", "game": self.game_id, "command": command_to_data(command)},
                                   self.reply_seconds)
        except ServerError as exc:
            return Rejected(exc.message)
        except (ConnectionError, TimeoutError) as exc:
            return Rejected(f"the server did not answer ({exc or 'timeout'})")
        if reply.get("type") != "accepted":
            self.rejected += 1
            return Rejected(str(reply.get("reason", "refused")))
        seq = int(reply["seq"])
        events: list[Event] = []
        original = self.on_events

        def keep(batch: tuple[Event, ...]) -> None:
            events.extend(batch)
            if original is not None:
                original(batch)

        self.on_events = keep
        try:
            deadline = time.monotonic() + self.reply_seconds
            while self.mirror.seq < seq and time.monotonic() < deadline:
                self.pump(wait=0.05)
        finally:
            self.on_events = original
        return Accepted(tuple(events))

    def as_player(self) -> Game:
        """The mirror game with `submit` going to the server (for a computer controller playing this seat)."""
        game = self.game
        game.submit = self.submit  # type: ignore[method-assign,assignment]
        return game
