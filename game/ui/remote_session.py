"""A game played through a server: the same interface as `game.ui.session.Session`, fed by the server's updates.

The views read `session.game` (the local mirror, kept in step by `game.net.seat_client.SeatClient`) and call
`submit`, which sends the command and returns the server's verdict. Updates are applied on the window's
thread in `take_events` (the engine is not thread-safe), so other seats' moves animate like computer turns.
Nothing here runs a computer player: the server plays its computer seats.
"""

from __future__ import annotations

import types
from dataclasses import dataclass, field
from typing import Any

from components.commands import Command
from game.engine import Result
from game.net.seat_client import SeatClient
from game.ui.session import Session
from systems import events as ev


@dataclass
class RemoteSession(Session):
    """A seat (or a spectator, `seat` None) at a game hosted by `foc serve`."""

    client: SeatClient | None = None
    remote: bool = True
    status: str = "connected"
    history_events: int = field(default=0)

    def __post_init__(self) -> None:
        self.threaded = False
        if self.client is not None:
            self.client.on_events = self._collect

    @property
    def seat(self) -> int | None:
        return None if self.client is None else self.client.seat

    def catch_up(self) -> None:
        """Replay the commands of the view (after the Chronicle is attached, so the turn summary and the log
        know what happened since this seat last played); nothing of it is animated."""
        if self.client is not None:
            self.client.catch_up()
        self.pending.clear()

    def drive(self, view: Any) -> None:
        """Let a ruleset's own game screen (built for the local table: it calls `session.game.submit` itself and
        re-reads the game when it changed) play over the server: its game's `submit` goes to the server as this
        seat, each frame first applies the server's updates to the game, and the computer seats it would run
        itself (`view.computers`) are left to the server."""
        assert self.client is not None
        self.client.as_player()
        if isinstance(getattr(view, "computers", None), dict):
            view.computers = {}
        update = view.on_update
        session = self

        def on_update(screen: Any, delta_time: float) -> None:
            session.take_events()  # the other seats' moves reach the game the screen reads
            update(delta_time)

        # a bound method (pyglet keeps handlers as weak methods), set before show_view binds the handlers
        view.on_update = types.MethodType(on_update, view)

    # ----- the Session interface
    @property
    def busy(self) -> bool:
        return False

    def my_turn(self) -> bool:
        return self.client is not None and self.client.my_turn()

    def human_to_move(self) -> bool:
        return self.my_turn()

    def table_seat(self) -> int | None:
        """The seat this window holds, while the game waits for it (its turn, its orders, a question)."""
        return self.seat if self.my_turn() else None

    def computer_to_move(self) -> bool:
        return False  # other seats (computers included) play elsewhere; their moves arrive as updates

    def submit(self, command: Command) -> Result:
        assert self.client is not None
        result = self.client.submit(command)
        self.last_reason = "" if result.ok else result.reason  # type: ignore[union-attr]
        return result

    def take_events(self) -> list[ev.Event]:
        if self.client is not None:
            self.client.pump()
            self.status = "desync" if self.client.desync else self.client.link.status
        return super().take_events()

    def start_computer(self) -> None:
        """Nothing to start: the server plays computer seats."""

    def wait(self, timeout: float | None = None) -> None:
        if self.client is not None:
            self.client.pump(wait=min(0.05, timeout or 0.05))

    def waiting_for(self) -> str:
        """Who the game waits for, for the status line."""
        world = self.world
        if self.game.over:
            return ""
        from systems import queries as q

        waiting = self.game.unready_seats() if self.game.awaiting_orders else self.game.acting_seats()
        return ", ".join(q.player(world, seat).name for seat in waiting)
