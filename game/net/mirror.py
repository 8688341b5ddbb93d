"""A client's copy of a hosted game, rebuilt from the server's view and advanced by its updates.

The view (`game.net.views.state_for`) is today the replay header and the commands so far; the mirror starts
the game with `game.replay.start_game` and feeds each command through the same `Game.submit` the server
used, so it reaches the same state (the state hash can be compared with the server's `sync`). Updates are
applied strictly in sequence; one already seen is ignored, a gap or a command the local rules refuse is a
`Desync` (the client then asks for the whole view again).
"""

from __future__ import annotations

from typing import Any

from components.commands import Command
from game.codec import CodecError, command_from_data
from game.engine import Accepted, Game
from game.errors import DataError
from game.replay import header_from_data, start_game
from game.saves import ModRef, plugin_schedule, require_mods
from systems.events import Event


class Desync(RuntimeError):
    """The local copy cannot follow the server (a missed update, or rules that differ)."""


class Mirror:
    """The local game and the sequence number of the last command applied to it."""

    def __init__(self, game: Game, backlog: list[tuple[int, int, Command]]) -> None:
        self.game = game
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
        plugin_schedule(header.rules, where)
        game = start_game(header)
        backlog = []
        for index, entry in enumerate(state["commands"]):
            try:
                backlog.append((int(entry[0]), int(entry[1]), command_from_data(entry[2], f"commands.{index}")))
            except (CodecError, TypeError, ValueError, IndexError) as exc:
                raise DataError([f"{where}: commands.{index}: {exc}"]) from None
        return cls(game, backlog)

    def catch_up(self) -> list[tuple[Event, ...]]:
        """Apply the backlog; the events of each command in order."""
        out = []
        backlog, self.backlog = self.backlog, []
        for _, _, command in backlog:
            out.append(self._submit(command, self.seq + 1))
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
        try:
            command = command_from_data(update.get("command"), "update.command")
        except CodecError as exc:
            raise Desync(f"update {seq}: {exc}") from None
        return self._submit(command, seq)

    def _submit(self, command: Command, seq: int) -> tuple[Event, ...]:
        result = Game.submit(self.game, command)  # the class's method: a player may have wrapped game.submit
        if not isinstance(result, Accepted):
            raise Desync(f"command {seq} ({type(command).__name__}) is refused here: {result.reason}")
        self.seq = seq
        return result.events
