"""Small dialogs over the map: the in-game menu (Esc) and questions with a few answers (save first? end the
turn with armies still unmoved?), each answer a button, with an optional "don't ask again" checkbox.

Drawn with plain arcade primitives inside the game screen (like the other dialogs), driven through their real
`on_mouse_press` / `on_key_press` handlers. Esc always means the last answer (cancel / resume).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import arcade

from game.ui.widgets import ACCENT, DIM, PANEL_EDGE, TEXT, DrawnButton, TextCache, draw_panel

Answer = tuple[str, Callable[[], object]]
BUTTON_H = 40


class ChoiceBox:
    """A titled box with a line of text and one button per answer (stacked when `column`).

    Enter picks the first answer, Esc the `cancel` one (the last by default); digits pick by position. `checkbox` adds a tick box whose
    state is `checked` when an answer runs (the end-turn warning's "don't ask again this game")."""

    def __init__(self, title: str, text: str, answers: Sequence[Answer], *, column: bool = False,
                 checkbox: str = "", width: float = 520, cancel: int = -1) -> None:
        self.title, self.text = title, text
        self.cancel = cancel  # the answer Esc picks
        self.column = column
        self.checkbox = checkbox
        self.checked = False
        self.width = width if column else max(width, 210.0 * len(answers) + 48)  # room for each answer's label
        self.texts = TextCache()
        self.buttons = [DrawnButton(label, 0, 0, 0, BUTTON_H, action, key=f"choice:{i}")
                        for i, (label, action) in enumerate(answers)]
        self._box = (0.0, 0.0, 0.0, 0.0)
        self._tick = (0.0, 0.0, 0.0, 0.0)
        self.layout(self._screen())

    # -- layout -----------------------------------------------------------------------------------------
    def layout(self, screen: tuple[float, float]) -> None:
        width, height = screen
        w = min(self.width, width - 40)
        lines = max(1, self.text.count("\n") + 1 + len(self.text) // 64) if self.text else 0
        rows = len(self.buttons) if self.column else 1
        h = 70 + lines * 20 + rows * (BUTTON_H + 10) + (34 if self.checkbox else 0) + 16
        left, bottom = (width - w) / 2, (height - h) / 2
        self._box = (left, bottom, w, h)
        y = bottom + 16
        if self.checkbox:
            self._tick = (left + 24, y + 4, 20, 20)
            y += 34
        if self.column:
            for button in reversed(self.buttons):
                button.left, button.bottom, button.width = left + 40, y, w - 80
                y += BUTTON_H + 10
        else:
            gap = 12
            each = (w - 48 - gap * (len(self.buttons) - 1)) / max(1, len(self.buttons))
            for i, button in enumerate(self.buttons):
                button.left, button.bottom, button.width = left + 24 + i * (each + gap), y, each

    def box(self) -> tuple[float, float, float, float]:
        return self._box

    # -- drawing ----------------------------------------------------------------------------------------
    @staticmethod
    def _screen() -> tuple[float, float]:
        window = arcade.get_window()
        return float(window.width), float(window.height)

    def draw_content(self, screen: tuple[float, float] | None = None) -> None:
        self.layout(screen or self._screen())
        left, bottom, w, h = self._box
        draw_panel(left, bottom, w, h)
        arcade.draw_lbwh_rectangle_outline(left, bottom, w, h, ACCENT, 2)
        top = bottom + h
        self.texts.draw("title", self.title, left + w / 2, top - 34, TEXT, 17, bold=True, anchor_x="center")
        if self.text:
            self.texts.draw("text", self.text, left + 24, top - 52, DIM, 12, anchor_y="top", width=int(w - 48),
                            multiline=True)
        for button in self.buttons:
            button.draw(self.texts)
        if self.checkbox:
            x, y, size, _ = self._tick
            arcade.draw_lbwh_rectangle_outline(x, y, size, size, PANEL_EDGE if not self.checked else ACCENT, 2)
            if self.checked:
                arcade.draw_lbwh_rectangle_filled(x + 5, y + 5, size - 10, size - 10, ACCENT)
            self.texts.draw("tick", self.checkbox, x + size + 10, y + size / 2, TEXT, 12, anchor_y="center")

    # -- input ------------------------------------------------------------------------------------------
    def on_mouse_motion(self, x: float, y: float, dx: float, dy: float) -> None:
        self.layout(self._screen())
        for button in self.buttons:
            button.hover = button.contains(x, y)

    def on_mouse_press(self, x: float, y: float, button: int, modifiers: int) -> bool:
        self.layout(self._screen())
        if self.checkbox:
            tx, ty, size, _ = self._tick
            if tx <= x <= tx + size + 260 and ty <= y <= ty + size:
                self.checked = not self.checked
                return True
        for choice in self.buttons:
            if choice.click(x, y):
                return True
        return True

    def on_key_press(self, symbol: int, modifiers: int) -> bool:
        key = arcade.key
        if symbol in (key.ENTER, key.RETURN, key.NUM_ENTER) and self.buttons:
            self._pick(0)
        elif symbol == key.ESCAPE and self.buttons:
            self._pick(self.cancel % len(self.buttons))
        elif key.KEY_1 <= symbol <= key.KEY_9 and symbol - key.KEY_1 < len(self.buttons):
            self._pick(symbol - key.KEY_1)
        return True

    def _pick(self, index: int) -> None:
        action = self.buttons[index].on_click
        if action is not None and self.buttons[index].enabled:
            action()

