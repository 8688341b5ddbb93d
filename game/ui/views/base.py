"""The base of every screen: draws, then lets the window count the frame (screenshots, frame limits)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import arcade

if TYPE_CHECKING:
    from game.ui.client_window import ClientWindow as GameWindow


class BaseView(arcade.View):
    """Subclasses implement `draw`; `on_draw` adds the window's per-frame bookkeeping."""

    @property
    def app(self) -> GameWindow:
        return self.window  # type: ignore[return-value]

    def draw(self) -> None:
        self.clear()

    def on_draw(self) -> None:
        self.draw()
        self.app.after_frame()
