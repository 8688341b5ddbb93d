"""Issue-5 parts of the game screen drawn over the map: a toolbar (undo, log, help, saves, settings), the
upkeep forecast box and the event log. Plain arcade drawing with cached texts; each part has tooltips.

The HUD never reads the engine while a computer turn runs (the view passes `can_read=False` then).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import arcade

from game.forecast import UpkeepForecast, upkeep_forecast
from game.help_text import tooltip
from game.summary import describe, event_territory, territory_label
from game.ui.views._widgets import (
    ACCENT,
    BAD,
    DIM,
    GOOD,
    PANEL_EDGE,
    TEXT,
    Button,
    TextCache,
)
from systems import events as ev

TOOLBAR_Y = 34
LOG_ROW = 18
LOG_NOISE = (ev.StageStarted,)


@dataclass
class _Line:
    text: str
    territory: int | None
    color: tuple[int, int, int]


class TurnHud:
    """Toolbar, forecast and log for one game screen. `actions` maps toolbar ids to callables."""

    def __init__(self, actions: dict[str, Callable[[], object]], map_width: float, height: float) -> None:
        self.map_width = map_width
        self.height = height
        self.texts = TextCache()
        labels = (("undo", "Undo", "Ctrl+Z"), ("log", "Log", "L"), ("help", "Help", "F1"), ("save", "Save", "F5"),
                  ("load", "Load", "F9"), ("settings", "Options", "O"))
        self.buttons: dict[str, Button] = {}
        x = 8.0
        for key, label, hotkey in labels:
            tip = tooltip(key) or label
            self.buttons[key] = Button(label, x, TOOLBAR_Y, 68, 24, actions.get(key), f"{tip} [{hotkey}]", key=f"tb:{key}")
            x += 72
        self.log_open = False
        self.log_scroll = 0
        self.log_lines: list[_Line] = []
        self._log_key: tuple[int, int] = (-1, -1)
        self.forecast: UpkeepForecast | None = None
        self.forecast_lines: list[_Line] = []
        self._forecast_key: tuple[Any, ...] = ()
        self.undo_tip = ""

    # -- data -------------------------------------------------------------------------------------------
    def refresh(self, game: Any, chronicle: Any, seat: int | None, can_read: bool) -> None:
        """Recompute what changed: the forecast for the human to move, the log lines, the undo tooltip."""
        self.buttons["undo"].enabled = bool(can_read and seat is not None and chronicle.undo.can_undo)
        self.undo_tip = chronicle.undo.reason()
        self.buttons["undo"].tooltip = f"{tooltip('undo')}\n{self.undo_tip} [Ctrl+Z]"
        for key in ("save", "load", "settings"):
            self.buttons[key].enabled = can_read or key == "settings"
        if not can_read:
            return
        journal = chronicle.journal
        world = game.world
        state = (len(journal.entries), world.clock.round, world.clock.seat, len(chronicle.undo), seat)
        if seat is None:
            self.forecast, self.forecast_lines = None, []
        elif state != self._forecast_key:
            self.forecast = upkeep_forecast(game, seat)
            self.forecast_lines = self._forecast_lines(game, self.forecast)
        self._forecast_key = state
        log_key = (len(journal.entries), journal.round)
        if self.log_open and log_key != self._log_key:
            self._log_key = log_key
            you = seat
            self.log_lines = [
                _Line(describe(e.event, game, you), event_territory(e.event), TEXT)
                for e in journal.this_round() if not isinstance(e.event, LOG_NOISE)
            ]
            self.log_scroll = max(0, len(self.log_lines) - self.log_rows())

    def _forecast_lines(self, game: Any, forecast: UpkeepForecast) -> list[_Line]:
        world = game.world
        if forecast.owed == 0:
            return [_Line(f"Next upkeep: nothing owed ({forecast.food_now} {forecast.resource})", None, DIM)]
        low = forecast.food_now + forecast.production_min
        high = forecast.food_now + forecast.production_max
        have = f"{low}" if low == high else f"{low}-{high}"
        head = f"Next upkeep: {forecast.owed} {forecast.resource} owed, you will have {have}"
        if forecast.safe:
            return [_Line(head + " — all paid", None, GOOD)]
        lines = [_Line(head, None, BAD)]
        if forecast.expected.covered:
            lines.append(_Line("Enough with an average harvest; a poor one leaves these unpaid:", None, ACCENT))
        else:
            lines.append(_Line("Not enough food! Unpaid groups cannot act and may go rogue:", None, BAD))
        for g in forecast.worst.unpaid:
            what = f"Army of {g.size}" if g.kind == "army" else "Stationed unit"
            lines.append(_Line(f"{what} at {territory_label(world, g.territory)}: {g.paid}/{g.owed} paid, "
                               f"{g.rogue_chance:.0f}% rogue chance", g.territory, BAD))
        return lines

    # -- geometry ---------------------------------------------------------------------------------------
    def forecast_rect(self) -> tuple[float, float, float, float]:
        rows = len(self.forecast_lines)
        height = 10 + rows * LOG_ROW
        return 8.0, self.height - 72 - height, min(520.0, self.map_width - 16), float(height)

    def log_rect(self) -> tuple[float, float, float, float]:
        """Bottom left, above the toolbar: as tall as its lines need, at most up to 62% of the window."""
        bottom = TOOLBAR_Y + 32
        tallest = self.height * 0.62 - bottom
        wanted = 34 + max(4, len(self.log_lines)) * LOG_ROW + 6
        return 8.0, bottom, min(460.0, self.map_width - 16), min(tallest, wanted)

    def log_rows(self) -> int:
        return max(1, int((self.log_rect()[3] - 34) // LOG_ROW))

    def _forecast_row_at(self, x: float, y: float) -> int | None:
        left, bottom, width, height = self.forecast_rect()
        if not self.forecast_lines or not (left <= x <= left + width and bottom <= y <= bottom + height):
            return None
        row = int((bottom + height - 5 - y) // LOG_ROW)
        return row if 0 <= row < len(self.forecast_lines) else None

    def _log_row_at(self, x: float, y: float) -> int | None:
        left, bottom, width, height = self.log_rect()
        if not self.log_open or not (left <= x <= left + width and bottom <= y <= bottom + height - 30):
            return None
        row = int((bottom + height - 30 - y) // LOG_ROW)
        index = self.log_scroll + row
        return index if 0 <= row < self.log_rows() and index < len(self.log_lines) else None

    def contains(self, x: float, y: float) -> bool:
        if any(b.contains(x, y) for b in self.buttons.values()):
            return True
        if self._forecast_row_at(x, y) is not None:
            return True
        left, bottom, width, height = self.log_rect()
        return self.log_open and left <= x <= left + width and bottom <= y <= bottom + height

    # -- input ------------------------------------------------------------------------------------------
    def press(self, x: float, y: float, jump: Callable[[int], object]) -> bool:
        for button in self.buttons.values():
            if button.click(x, y):
                return True
        row = self._forecast_row_at(x, y)
        if row is not None:
            territory = self.forecast_lines[row].territory
            if territory is not None:
                jump(territory)
            return True
        index = self._log_row_at(x, y)
        if index is not None:
            territory = self.log_lines[index].territory
            if territory is not None:
                jump(territory)
            return True
        return self.contains(x, y)

    def scroll(self, x: float, y: float, amount: float) -> bool:
        left, bottom, width, height = self.log_rect()
        if not (self.log_open and left <= x <= left + width and bottom <= y <= bottom + height):
            return False
        most = max(0, len(self.log_lines) - self.log_rows())
        self.log_scroll = max(0, min(most, self.log_scroll - int(amount) * 2))
        return True

    def hover(self, x: float, y: float) -> str | None:
        """The tooltip under the pointer, '' over a HUD part without one, None when not over the HUD."""
        for button in self.buttons.values():
            button.hover = button.contains(x, y)
        for button in self.buttons.values():
            if button.hover:
                return button.tooltip
        if self._forecast_row_at(x, y) is not None:
            return tooltip("forecast")
        if self._log_row_at(x, y) is not None:
            return "Click to look there"
        return "" if self.contains(x, y) else None

    def toggle_log(self) -> None:
        self.log_open = not self.log_open
        self._log_key = (-1, -1)

    # -- drawing ----------------------------------------------------------------------------------------
    def draw(self) -> None:
        for button in self.buttons.values():
            button.draw(self.texts, 11)
        if self.forecast_lines:
            left, bottom, width, height = self.forecast_rect()
            edge = GOOD if self.forecast is not None and self.forecast.safe else BAD
            arcade.draw_lbwh_rectangle_filled(left, bottom, width, height, (16, 18, 26, 225))
            arcade.draw_lbwh_rectangle_outline(left, bottom, width, height, edge, 2)
            for n, line in enumerate(self.forecast_lines):
                y = bottom + height - 5 - (n + 0.5) * LOG_ROW
                self.texts.draw(f"fc:{n}", line.text, left + 8, y, line.color, 10, anchor_y="center")
        if self.log_open:
            self._draw_log()

    def _draw_log(self) -> None:
        left, bottom, width, height = self.log_rect()
        arcade.draw_lbwh_rectangle_filled(left, bottom, width, height, (16, 18, 26, 235))
        arcade.draw_lbwh_rectangle_outline(left, bottom, width, height, PANEL_EDGE, 2)
        self.texts.draw("log:title", "This round's events (L closes; click one to look)", left + 10,
                        bottom + height - 20, ACCENT, 11, bold=True)
        top = bottom + height - 30
        rows = self.log_rows()
        if not self.log_lines:
            self.texts.draw("log:none", "Nothing has happened yet this round.", left + 10, top - 12, DIM, 10)
        for slot in range(rows):
            index = self.log_scroll + slot
            key = f"log:{slot}"
            if index >= len(self.log_lines):
                break
            line = self.log_lines[index]
            text = line.text if len(line.text) < 70 else line.text[:68] + "…"
            color = line.color if line.territory is not None else DIM
            self.texts.draw(key, text, left + 10, top - (slot + 0.5) * LOG_ROW, color, 10, anchor_y="center")
