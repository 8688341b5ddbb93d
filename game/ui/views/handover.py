"""The hot-seat hand-over screen: a neutral screen between two human players that shows nothing of the map.

It draws only a plain background, the next player's name and colour, and "Click when ready". Input is
ignored for a moment after it appears, so the previous player's double click on "End turn" cannot skip
it. Then a click, Enter or Space calls `on_ready()`.
"""

from __future__ import annotations

from collections.abc import Callable

import arcade

from game.ui.assets import seat_color
from game.ui.widgets import BACKGROUND, DIM, TEXT, TextCache, finish_frame, window_size


class HandoverView(arcade.View):
    def __init__(self, seat: int, player_name: str, on_ready: Callable[[], object], round_: int | None = None,
                 arm_delay: float = 0.35, color: tuple[int, int, int] | None = None, purpose: str = "your turn") -> None:
        super().__init__()
        self.seat = seat
        self.player_name = player_name
        self.ready_cb = on_ready
        self.round = round_
        self.arm_delay = arm_delay
        self.color = color or seat_color(seat)
        self.purpose = purpose  # "your turn", "your orders" (a simultaneous phase), "a question for you"
        self.elapsed = 0.0
        self.done = False
        self.texts = TextCache()

    @property
    def armed(self) -> bool:
        return self.elapsed >= self.arm_delay

    def on_show_view(self) -> None:
        self.elapsed = 0.0
        self.done = False

    def on_update(self, delta_time: float) -> None:
        self.elapsed += delta_time

    def on_draw(self) -> None:
        self.clear(color=BACKGROUND)
        width, height = window_size(self)
        cx, cy = width / 2, height / 2
        arcade.draw_lbwh_rectangle_filled(cx - 220, cy + 70, 440, 8, self.color)
        self.texts.draw("who", self.player_name, cx, cy + 20, TEXT, 30, anchor_x="center", anchor_y="center",
                        bold=True)
        turn = f"Round {self.round} — {self.purpose}" if self.round is not None else self.purpose.capitalize()
        self.texts.draw("round", turn, cx, cy - 25, DIM, 16, anchor_x="center", anchor_y="center")
        self.texts.draw("prompt", "Click when ready", cx, cy - 75, TEXT, 18, anchor_x="center", anchor_y="center")
        self.texts.draw("hint", "Other players: please look away", cx, 40, DIM, 12, anchor_x="center",
                        anchor_y="center")
        finish_frame(self)

    def _go(self) -> bool:
        if not self.armed or self.done:
            return False
        self.done = True
        self.ready_cb()
        return True

    def on_mouse_press(self, x: float, y: float, button: int, modifiers: int) -> bool:
        return self._go()

    def on_key_press(self, symbol: int, modifiers: int) -> bool:
        if symbol in (arcade.key.ENTER, arcade.key.RETURN, arcade.key.SPACE, arcade.key.NUM_ENTER):
            return self._go()
        return False
