"""The turn summary: what happened since this player's last turn, one clickable line per item.

Shown after the hand-over (or at the start of a human's turn). Lines come from `game.summary.TurnSummary`;
clicking a line that has a territory calls `on_jump(territory)` (the client closes this screen and centres
the camera there). Continue, Enter, Space or Esc call `on_close()`. The wheel or the arrow keys scroll.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import arcade

from game.summary import TurnSummary
from game.ui.assets import seat_color
from game.ui.widgets import (
    ACCENT,
    DIM,
    PANEL_EDGE,
    TEXT,
    TONES,
    DrawnButton,
    TextCache,
    draw_backdrop,
    draw_panel,
    finish_frame,
    window_size,
    wrap,
)

ROW = 24
WRAP_CHARS = 100
KIND_MARK = {
    "production": "+", "upkeep": "$", "unpaid": "!", "went_rogue": "!!", "battle": "x", "battle_elsewhere": "x",
    "territory_gained": "+", "territory_lost": "-", "territory_disrupted": "-", "structure_gained": "+",
    "structure_lost": "-", "structure_destroyed": "-", "structure_built": "*", "structure_attacked": "x",
    "rogue_sighting": "?", "rogue_gone": ".", "army_lost": "-", "fired_on": "x", "defeat": "#", "victory": "#",
}


@dataclass
class _Row:
    line: int
    text: str
    first: bool


class TurnSummaryView(arcade.View):
    def __init__(self, summary: TurnSummary, on_close: Callable[[], object],
                 on_jump: Callable[[int], object] | None = None, underlay: arcade.View | None = None) -> None:
        super().__init__()
        self.summary = summary
        self.close_cb = on_close
        self.jump_cb = on_jump
        self.underlay = underlay
        self.texts = TextCache()
        self.scroll = 0
        self.hover_line: int | None = None
        self.rows: list[_Row] = []
        for index, line in enumerate(summary.lines):
            for n, part in enumerate(wrap(line.text, WRAP_CHARS)):
                self.rows.append(_Row(index, part, n == 0))
        self.continue_button = DrawnButton("Continue", 0, 0, 180, 40, self._close, "Back to the map (Enter)",
                                      key="continue")
        self.closed = False

    # -- layout -----------------------------------------------------------------------------------------
    def _panel(self) -> tuple[float, float, float, float]:
        width, height = window_size(self)
        w = min(980.0, width - 60)
        h = height - 80
        return (width - w) / 2, 40.0, w, h

    def _list_area(self) -> tuple[float, float, float, float]:
        left, bottom, w, h = self._panel()
        top = bottom + h - 100
        return left + 24, bottom + 70, w - 48, top - (bottom + 70)

    def visible_rows(self) -> int:
        return max(1, int(self._list_area()[3] // ROW))

    def row_rects(self) -> list[tuple[int, float, float, float, float]]:
        """(summary line index, left, bottom, width, height) of every row on screen now."""
        left, bottom, width, height = self._list_area()
        top = bottom + height
        out = []
        for slot, row in enumerate(self.rows[self.scroll:self.scroll + self.visible_rows()]):
            out.append((row.line, left, top - (slot + 1) * ROW, width, float(ROW)))
        return out

    def line_at(self, x: float, y: float) -> int | None:
        for line, left, bottom, width, height in self.row_rects():
            if left <= x <= left + width and bottom <= y <= bottom + height:
                return line
        return None

    # -- drawing ----------------------------------------------------------------------------------------
    def on_draw(self) -> None:
        draw_backdrop(self, self.underlay, 170)
        self.draw_content()
        finish_frame(self)

    def draw_content(self) -> None:
        """The summary itself (a game view draws this over its map when it shows the summary as a dialog)."""
        left, bottom, w, h = self._panel()
        draw_panel(left, bottom, w, h)
        top = bottom + h
        arcade.draw_lbwh_rectangle_filled(left, top - 8, w, 8, seat_color(self.summary.seat))
        self.texts.draw("title", self.summary.title, left + 24, top - 42, TEXT, 20, bold=True)
        self.texts.draw("totals", self._totals(), left + 24, top - 72, ACCENT, 13)
        arcade.draw_line(left + 16, top - 88, left + w - 16, top - 88, PANEL_EDGE, 1)
        if not self.rows:
            self.texts.draw("empty", "Nothing happened since your last turn.", left + 24, top - 120, DIM, 13)
        for slot, (line_index, x, y, rw, rh) in enumerate(self.row_rects()):
            row = self.rows[self.scroll + slot]
            line = self.summary.lines[line_index]
            if line_index == self.hover_line and line.territory is not None:
                arcade.draw_lbwh_rectangle_filled(x - 6, y, rw + 12, rh, (70, 84, 110))
            mark = KIND_MARK.get(line.kind, "*") if row.first else ""
            if line.kind == "production" and line.tone == "bad":
                mark = "0"
            color = TONES.get(line.tone, TEXT)
            self.texts.draw(f"mark:{slot}", mark, x, y + 7, color, 12, bold=True)
            suffix = "  >" if row.first and line.territory is not None else ""
            self.texts.draw(f"row:{slot}", row.text + suffix, x + 28, y + 7, color, 12)
        if self.scroll > 0:
            self.texts.draw("more_up", "^ more", left + w - 80, top - 108, DIM, 11)
        if self.scroll + self.visible_rows() < len(self.rows):
            self.texts.draw("more_down", "v more", left + w - 80, bottom + 76, DIM, 11)
        self.texts.draw("hint", "Click a line to look there.", left + 24, bottom + 28, DIM, 12)
        button = self.continue_button
        button.left, button.bottom = left + w - button.width - 24, bottom + 16
        button.draw(self.texts)

    def _totals(self) -> str:
        s = self.summary
        made = ", ".join(f"+{n} {r}" for r, n in s.production.items() if n) or "no production"
        upkeep = f"upkeep {s.upkeep_paid}/{s.upkeep_owed} {s.upkeep_resource}" if s.upkeep_owed else "no upkeep owed"
        return f"{made}   |   {upkeep}"

    # -- input ------------------------------------------------------------------------------------------
    def _close(self) -> None:
        if not self.closed:
            self.closed = True
            self.close_cb()

    def on_mouse_motion(self, x: float, y: float, dx: float, dy: float) -> None:
        self.hover_line = self.line_at(x, y)
        self.continue_button.hover = self.continue_button.contains(x, y)

    def on_mouse_press(self, x: float, y: float, button: int, modifiers: int) -> bool:
        if self.continue_button.click(x, y):
            return True
        line = self.line_at(x, y)
        if line is not None:
            territory = self.summary.lines[line].territory
            if territory is not None and self.jump_cb is not None:
                self.closed = True
                self.jump_cb(territory)
            return True
        return True

    def on_mouse_scroll(self, x: float, y: float, scroll_x: float, scroll_y: float) -> bool:
        self.scroll_by(-int(scroll_y) * 3)
        return True

    def scroll_by(self, rows: int) -> None:
        most = max(0, len(self.rows) - self.visible_rows())
        self.scroll = max(0, min(most, self.scroll + rows))

    def on_key_press(self, symbol: int, modifiers: int) -> bool:
        if symbol in (arcade.key.ENTER, arcade.key.RETURN, arcade.key.SPACE, arcade.key.ESCAPE,
                      arcade.key.NUM_ENTER):
            self._close()
            return True
        if symbol == arcade.key.DOWN:
            self.scroll_by(1)
        elif symbol == arcade.key.UP:
            self.scroll_by(-1)
        elif symbol == arcade.key.PAGEDOWN:
            self.scroll_by(self.visible_rows())
        elif symbol == arcade.key.PAGEUP:
            self.scroll_by(-self.visible_rows())
        return True
