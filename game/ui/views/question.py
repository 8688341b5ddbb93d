"""A question to the seat at the table (systems.prompts): one button per answer; keys 1..n pick, Enter the default.

Shown by the game screen as a dialog over the map once the hand-over has passed the table to the asked seat;
choosing calls `on_answer(answer)` (the screen submits `Answer` for that seat).
"""

from __future__ import annotations

from collections.abc import Callable

import arcade

from game.ui.assets import seat_color
from game.ui.widgets import ACCENT, DIM, TEXT, DrawnButton, TextCache, draw_panel

WIDTH, HEIGHT, BUTTON_W, BUTTON_H, GAP = 560, 220, 150, 40, 16


class QuestionDialog:
    """The question, its fixed answers as buttons (the default marked), for one seat."""

    def __init__(self, seat: int, question: str, answers: list[str], default: str,
                 on_answer: Callable[[str], object], size: tuple[int, int]) -> None:
        self.seat = seat
        self.question = question
        self.answers = list(answers)
        self.default = default
        self.on_answer = on_answer
        self.size = size
        self.texts = TextCache()
        self.done = False
        self.buttons = [
            DrawnButton(f"{i + 1}. {a}" + (" *" if a == default else ""), 0, 0, BUTTON_W, BUTTON_H,
                   on_click=lambda a=a: self.choose(a), key=f"answer:{i}")  # type: ignore[misc]
            for i, a in enumerate(self.answers)
        ]
        self._layout()

    def _layout(self) -> None:
        width, height = self.size
        row = len(self.buttons) * BUTTON_W + (len(self.buttons) - 1) * GAP
        x = (width - row) / 2
        for button in self.buttons:
            button.left, button.bottom = x, height / 2 - HEIGHT / 2 + 24
            x += BUTTON_W + GAP

    def choose(self, answer: str) -> None:
        if self.done or answer not in self.answers:
            return
        self.done = True
        self.on_answer(answer)

    def draw_content(self) -> None:
        width, height = self.size
        panel_w = max(WIDTH, len(self.buttons) * (BUTTON_W + GAP) + 48)
        left, bottom = (width - panel_w) / 2, height / 2 - HEIGHT / 2
        draw_panel(left, bottom, panel_w, HEIGHT)
        arcade.draw_lbwh_rectangle_filled(left, bottom + HEIGHT - 8, panel_w, 8, seat_color(self.seat))
        self.texts.draw("title", "A question for you", left + 24, bottom + HEIGHT - 44, ACCENT, 14, bold=True)
        self.texts.draw("question", self.question, width / 2, bottom + HEIGHT - 96, TEXT, 18, anchor_x="center",
                        anchor_y="center", width=panel_w - 48, multiline=False)
        self.texts.draw("hint", f"1–{len(self.buttons)} to choose, Enter: {self.default}", width / 2, bottom + 92,
                        DIM, 12, anchor_x="center", anchor_y="center")
        for button in self.buttons:
            button.draw(self.texts)

    def on_key_press(self, symbol: int, modifiers: int) -> bool:
        if symbol in (arcade.key.ENTER, arcade.key.RETURN, arcade.key.NUM_ENTER):
            self.choose(self.default)
            return True
        index = symbol - arcade.key.KEY_1
        if 0 <= index < len(self.answers):
            self.choose(self.answers[index])
        return True

    def on_mouse_motion(self, x: float, y: float, dx: float, dy: float) -> None:
        for button in self.buttons:
            button.hover = button.contains(x, y)

    def on_mouse_press(self, x: float, y: float, button: int, modifiers: int) -> bool:
        return any(b.click(x, y) for b in self.buttons)
