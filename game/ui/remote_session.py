"""A game played through a server: the same interface as `game.ui.session.Session`, fed by the server's updates.

The views read `session.game` (the local mirror, kept in step by `game.net.seat_client.SeatClient`) and call
`submit`, which sends the command and returns the server's verdict. Updates are applied on the window's
thread in `take_events` (the engine is not thread-safe), so other seats' moves animate like computer turns.
Nothing here runs a computer player: the server plays its computer seats.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from components.commands import Command
from game.engine import Result
from game.net.seat_client import SeatClient
from game.ui.session import Session
from systems import events as ev
from systems.world import MAIN, SETUP


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

    # ----- the Session interface
    @property
    def busy(self) -> bool:
        return False

    def my_turn(self) -> bool:
        return self.client is not None and self.client.my_turn()

    def human_to_move(self) -> bool:
        return self.my_turn()

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
        clock = world.clock
        if clock.stage not in (MAIN, SETUP):
            return ""
        from systems import queries as q

        return q.player(world, clock.seat).name
