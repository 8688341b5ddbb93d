"""The game screen for a network game: the local game screen, with other seats' turns watched like computer
turns, no hand-over screen (each player has their own window), and the connection and whose move it is in the status line. The shell, attached
as for a network game, offers no undo (the server has the command) and no saves (the window holds its seat's view,
the server the game)."""

from __future__ import annotations

from typing import Any

from game.ui import theme
from game.ui.views.game_view import GameView


class NetGameView(GameView):
    """GameView over a `game.ui.remote_session.RemoteSession`."""

    def _turn_flow(self, dt: float = 0.0) -> None:
        session: Any = self.session
        if session.game.over or session.my_turn():
            super()._turn_flow(dt)
            return
        if self.animator.busy or self.canvas.effects.active:
            return
        if self.needs_sync:
            self._sync()
        if not self.watching:  # another seat is playing (or this window only watches)
            self.watching = True
            self.orders.clear()
            self.panel_key = ()
        self.animator.follow = self._follow
        self.seat_seen = None

    def _refresh_panel(self) -> None:
        before = self.panel_key
        super()._refresh_panel()
        session: Any = self.session
        if self.panel_key != before and self._watching_a_player():
            scene = self.canvas.scene
            self.panel.title.set(f"{scene.names.get(scene.seat, 'Another player')} is playing…")
            self.panel.subtitle.set("Their moves appear here as the server confirms them."
                                    if session.seat is not None else "You are watching this game.")

    def _update_hud(self) -> None:
        super()._update_hud()
        session: Any = self.session
        if session.game.over:
            return
        if session.status == "desync":
            self.message.set("This window lost step with the server — go back to the lobby and resume your seat.",
                             theme.TEXT_BAD)
        elif session.status != "connected":
            self.message.set("Connection lost — reconnecting to the server…", (235, 110, 90, 255))
        elif self._watching_a_player():
            scene = self.canvas.scene
            role = "You are watching" if session.seat is None else "Waiting"
            self.message.set(f"{role}: {scene.names.get(scene.seat, 'another player')} is playing (network game)",
                             theme.TEXT)

    def _watching_a_player(self) -> bool:
        """Another human seat's turn is on screen (computer and rogue turns keep the usual texts)."""
        session: Any = self.session
        scene = self.canvas.scene
        return (self.watching and not session.game.over and scene.seat != session.seat
                and not scene.computer.get(scene.seat, False) and scene.stage in ("main", "setup"))
