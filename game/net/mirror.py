"""A client's copy of a hosted game, rebuilt from the server's view and advanced by its updates.

The view (`game.net.views.state_for`) is today the replay header and the commands so far; the mirror starts
the game with `game.replay.start_game` and feeds each command through the same `Game.submit` the server
used, so it reaches the same state (the state hash can be compared with the server's `sync`). Updates are
applied strictly in sequence, each by its issuing seat; one already seen is ignored, a gap or a command the
local rules refuse is a `Desync` (the client then asks for the whole view again). In an open simultaneous
phase another seat's orders arrive as `hidden` steps (the sequence number moves on, nothing is applied: this
copy lacks them, as the seat's view does); the update that resolves the phase carries them (`reveal`), and
they are applied just before it, so the copy reaches the server's state again.
"""

from __future__ import annotations

from typing import Any

from components.commands import Command
from game.codec import CodecError, command_from_data
from game.engine import Accepted, Game
from game.errors import DataError
from game.replay import header_from_data, start_game
from game.saves import ModRef, game_app, require_mods
from game.views import events_for
from systems.events import Event


class Desync(RuntimeError):
    """The local copy cannot follow the server (a missed update, or rules that differ)."""


class Mirror:
    """The local game and the sequence number of the last command applied to it."""

    def __init__(self, game: Game, backlog: list[tuple[int, int, Command] | None], viewer: int | None = None) -> None:
        self.game = game
        self.viewer = viewer  # the seat this copy is for (None: a spectator): events are filtered for it
        self.seq = 0
        self.backlog = backlog  # commands of the view not applied yet (apply with catch_up)

    @classmethod
    def from_state(cls, state: dict[str, Any]) -> Mirror:
        """The game as it stood before its first command, with the view's commands waiting in the backlog."""
        where = f"server game {state.get('game', '?')}"
        header_data = state["header"]
        header = header_from_data(header_data, where)
        try:
            mods = [ModRef.model_validate(m) for m in header_data["mods"]]
        except Exception as exc:
            raise DataError([f"{where}: mods: {exc}"]) from None
        require_mods(mods, header.rules, where)  # DataError naming every mod this client lacks
        kinds = game_app(header.rules, where).command_types()
        game = start_game(header)
        backlog: list[tuple[int, int, Command] | None] = []
        for index, entry in enumerate(state["commands"]):
            if entry is None:  # another seat's hidden order: revealed with the update that resolves its phase
                backlog.append(None)
                continue
            try:
                backlog.append((int(entry[0]), int(entry[1]), command_from_data(entry[2], f"commands.{index}", kinds)))
            except (CodecError, TypeError, ValueError, IndexError) as exc:
                raise DataError([f"{where}: commands.{index}: {exc}"]) from None
        viewer = state.get("viewer")
        return cls(game, backlog, viewer if isinstance(viewer, int) else None)

    def catch_up(self) -> list[tuple[Event, ...]]:
        """Apply the backlog; the events of each command in order."""
        out = []
        backlog, self.backlog = self.backlog, []
        for entry in backlog:
            if entry is None:
                self.seq += 1
                continue
            out.append(self._submit(entry[2], entry[1], self.seq + 1))
        return out

    def apply(self, update: dict[str, Any]) -> tuple[Event, ...] | None:
        """Apply one update; None when it was applied already."""
        seq = update.get("seq")
        if not isinstance(seq, int) or seq <= self.seq:
            return None
        if self.backlog:
            self.catch_up()
        if seq != self.seq + 1:
            raise Desync(f"update {seq} arrived after {self.seq}: updates are missing")
        if update.get("hidden"):
            self.seq = seq  # another seat's order, not shown before the reveal
            return ()
        kinds = self.game.app.command_types()
        events: list[Event] = []
        try:
            for index, (seat, data) in enumerate(update.get("reveal") or []):
                events.extend(self._submit(command_from_data(data, f"update.reveal.{index}", kinds), int(seat), None))
            command = command_from_data(update.get("command"), "update.command", kinds)
        except (CodecError, TypeError, ValueError) as exc:
            raise Desync(f"update {seq}: {exc}") from None
        return (*events, *self._submit(command, int(update.get("seat", self.game.world.clock.seat)), seq))

    def _submit(self, command: Command, seat: int, seq: int | None) -> tuple[Event, ...]:
        # the class's method: a player may have wrapped game.submit
        result = Game.submit(self.game, command, seat=seat)
        if not isinstance(result, Accepted):
            raise Desync(f"command {seq} ({type(command).__name__}, seat {seat}) is refused here: {result.reason}")
        if seq is not None:
            self.seq = seq
        return events_for(self.game, self.viewer, result.events)  # what this seat may see (game.views)
