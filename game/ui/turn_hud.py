"""The game screen's toolbar (undo, log, summary, help, saves, settings, follow-camera) and the event log drawn
over the map, and the upkeep forecast, which the side panel shows in one line (`forecast_summary`) so
nothing covers the map. Plain arcade drawing with cached texts; each part has tooltips.

The game screen draws the HUD inside its cached frame: `signature()` is everything the drawing shows, so
an idle frame only copies the cached picture. The HUD never reads the engine while a computer turn runs
(the view passes `can_read=False` then).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import arcade
import pyglet

from game.client_hooks import forecast
from game.forecast import UpkeepForecast
from game.help_text import tooltip
from game.summary import territory_label
from game.ui.event_log import Line, LogLines
from game.ui.widgets import (
    ACCENT,
    BAD,
    BUTTON,
    BUTTON_HOVER,
    BUTTON_OFF,
    DIM,
    GOOD,
    PANEL_EDGE,
    TEXT,
    DrawnButton,
    TextCache,
)
from systems import events as ev

TOOLBAR_Y = 34
LOG_ROW = 18
LOG_NOISE = (ev.StageStarted,)


class TurnHud:
    """Toolbar, forecast and log for one game screen. `actions` maps toolbar ids to callables."""

    def __init__(self, actions: dict[str, Callable[[], object]], map_width: float, height: float) -> None:
        self.map_width = map_width
        self.height = height
        self.texts = TextCache()
        labels = (("menu", "Menu", "Esc"), ("undo", "Undo", "Ctrl+Z"), ("log", "Log", "L"), ("summary", "Summary", "R"),
                  ("help", "Help", "F1"), ("save", "Save", "F5"), ("load", "Load", "F9"), ("settings", "Settings", "O"),
                  ("follow", "Follow", "C"))
        self.buttons: dict[str, DrawnButton] = {}
        x = 8.0
        for key, label, hotkey in labels:
            tip = tooltip(key) or label
            self.buttons[key] = DrawnButton(label, x, TOOLBAR_Y, 72, 24, actions.get(key), f"{tip} [{hotkey}]", key=f"tb:{key}")
            x += 76
        self.on: dict[str, bool] = {}  # toggle buttons that are switched on (drawn lit): the follow-camera
        self.log_open = False
        self.log_scroll = 0
        self.log_lines = LogLines(TEXT)  # the whole game, compact: worded only around the rows drawn
        self.log_since = 0  # the first line since the reader's last turn (lines before it are dimmed)
        self._log_key: tuple[int, int | None] = (-1, None)
        self._log_done = 0  # journal entries already turned into lines
        self.forecast: UpkeepForecast | None = None
        self.forecast_lines: list[Line] = []
        self._forecast_key: tuple[Any, ...] = ()
        self.undo_tip = ""
        # the toolbar as one sprite list and one text batch (two draw calls, cheap even when drawn every frame)
        self._bar_sprites: arcade.SpriteList[arcade.SpriteSolidColor] = arcade.SpriteList()
        self._bar_batch = pyglet.graphics.Batch()
        self._bar_fills: dict[str, arcade.SpriteSolidColor] = {}
        self._bar_labels: dict[str, arcade.Text] = {}
        self._bar_key: tuple[Any, ...] = ()
        for key, button in self.buttons.items():
            cx, cy = button.left + button.width / 2, button.bottom + button.height / 2
            width, height = int(button.width), int(button.height)
            self._bar_sprites.append(arcade.SpriteSolidColor(width, height, cx, cy, (*PANEL_EDGE, 255)))
            fill = arcade.SpriteSolidColor(width - 4, height - 4, cx, cy, (*BUTTON, 255))
            self._bar_sprites.append(fill)
            self._bar_fills[key] = fill
            self._bar_labels[key] = arcade.Text(button.label, cx, cy, TEXT, 11, anchor_x="center", anchor_y="center",
                                                batch=self._bar_batch)

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
            found = forecast(game, seat)  # the ruleset's outlook (game.client_hooks); this line shows an upkeep one
            self.forecast = found if isinstance(found, UpkeepForecast) else None
            self.forecast_lines = [] if self.forecast is None else self._forecast_lines(game, self.forecast, seat)
        self._forecast_key = state
        if self.log_open:
            self._update_log(game, journal, seat)

    def _update_log(self, game: Any, journal: Any, seat: int | None) -> None:
        """Add lines for the journal's new entries (only those: a long game's log is not rebuilt every turn); open
        at the first event since the reader's last turn, with everything earlier above it; word the rows in view
        and a page either side (only those: see `LogLines`)."""
        entries = journal.entries
        lines = self.log_lines
        if (len(entries), seat) != self._log_key:
            if len(entries) < self._log_done:  # undone events: their lines go (a rebuild would decode every round)
                lines.truncate(len(entries))
                self._log_done = len(entries)
            if self._log_key[1] != seat:
                lines.forget_words()
            fresh = self._log_key[1] != seat or not lines
            self._log_key = (len(entries), seat)
            lines.add(entries[self._log_done:], LOG_NOISE)
            self._log_done = len(entries)
            recent = journal.since_last_turn(seat) if seat is not None else []
            self.log_since = lines.first_from(recent[0].index if recent else 0)
            most = max(0, len(lines) - self.log_rows())
            self.log_scroll = min(most, self.log_since) if fresh else most
        rows = self.log_rows()
        lines.describe_rows(self.log_scroll - rows, self.log_scroll + 2 * rows, game, journal, seat)

    def _forecast_lines(self, game: Any, forecast: UpkeepForecast, seat: int | None = None) -> list[Line]:
        world = game.world
        if forecast.owed == 0:
            return [Line(f"Next upkeep: nothing owed ({forecast.food_now} {forecast.resource})", None, DIM)]
        low = forecast.food_now + forecast.production_min
        high = forecast.food_now + forecast.production_max
        have = f"{low}" if low == high else f"{low}-{high}"
        head = f"Next upkeep: {forecast.owed} {forecast.resource} owed, of {have}; {left_after(forecast)} left after it"
        if forecast.safe:
            return [Line(head + " — all paid", None, GOOD)]
        lines = [Line(head, None, BAD)]
        if forecast.expected.covered:
            lines.append(Line("Enough with an average harvest; a poor one leaves these unpaid:", None, ACCENT))
        else:
            lines.append(Line("Not enough food! Unpaid groups cannot act and may go rogue:", None, BAD))
        for g in forecast.worst.unpaid:
            what = f"Army of {g.size}" if g.kind == "army" else "Stationed unit"
            lines.append(Line(f"{what} at {territory_label(world, g.territory, seat)}: {g.paid}/{g.owed} paid, "
                               f"{g.rogue_chance:.0f}% rogue chance", g.territory, BAD))
        return lines

    def forecast_summary(self) -> tuple[str, tuple[int, int, int, int], str, list[int]]:
        """The forecast in one line for the side panel: text, colour, tooltip (every line), places to look."""
        forecast = self.forecast
        if forecast is None or not self.forecast_lines:
            return "", (*DIM, 255), "", []
        if forecast.owed == 0:
            return "Next upkeep: nothing owed", (*DIM, 255), tooltip("forecast"), []
        low = forecast.food_now + forecast.production_min
        high = forecast.food_now + forecast.production_max
        have = f"{low}" if low == high else f"{low}-{high}"
        text = f"Next upkeep {forecast.owed} {forecast.resource}, {left_after(forecast)} left after it"
        targets = [line.territory for line in self.forecast_lines if line.territory is not None]
        if forecast.safe:
            text, color = f"✓ {text}", GOOD
        else:
            unpaid = len(forecast.worst.unpaid)  # the news first: the line may be cut at the panel's edge
            text = f"⚠ Next upkeep: {unpaid} unpaid ({forecast.owed} owed, {have} {forecast.resource})"
            color = ACCENT if forecast.expected.covered else BAD
        tip = "\n".join([tooltip("forecast"), *(line.text for line in self.forecast_lines)])
        if targets:
            tip += "\nClick to look at each unpaid group in turn."
        return text, (*color, 255), tip, targets

    def signature(self) -> tuple[Any, ...]:
        """Everything `draw` shows (the game screen's frame cache key includes it)."""
        buttons = tuple((b.enabled, b.hover, self.on.get(k, False)) for k, b in self.buttons.items())
        log: tuple[Any, ...] = ()
        if self.log_open:  # rows worded after a frame that had to draw them as placeholders draw again
            worded = self.log_lines.worded(self.log_scroll, self.log_scroll + self.log_rows())
            log = (self.log_open, self.log_scroll, self._log_key, len(self.log_lines), worded)
        return buttons, log

    # -- geometry ---------------------------------------------------------------------------------------
    def log_rect(self) -> tuple[float, float, float, float]:
        """Bottom left, above the toolbar: as tall as its lines need, at most up to 62% of the window."""
        bottom = TOOLBAR_Y + 32
        tallest = self.height * 0.62 - bottom
        wanted = 34 + max(4, len(self.log_lines)) * LOG_ROW + 6
        return 8.0, bottom, min(460.0, self.map_width - 16), min(tallest, wanted)

    def log_rows(self) -> int:
        return max(1, int((self.log_rect()[3] - 34) // LOG_ROW))

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
        left, bottom, width, height = self.log_rect()
        return self.log_open and left <= x <= left + width and bottom <= y <= bottom + height

    # -- input ------------------------------------------------------------------------------------------
    def press(self, x: float, y: float, jump: Callable[[int], object]) -> bool:
        for button in self.buttons.values():
            if button.click(x, y):
                return True
        index = self._log_row_at(x, y)
        if index is not None:
            territory = self.log_lines.territory(index)
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
        if self._log_row_at(x, y) is not None:
            return "Click to look there"
        return "" if self.contains(x, y) else None

    def toggle_log(self) -> None:
        self.log_open = not self.log_open
        self._log_key = (-1, self._log_key[1])
        if self.log_open:
            self.log_scroll = max(0, min(self.log_since, len(self.log_lines) - self.log_rows()))

    # -- drawing ----------------------------------------------------------------------------------------
    def draw(self) -> None:
        self._draw_toolbar()
        if self.log_open:
            self._draw_log()

    def _draw_toolbar(self) -> None:
        key = tuple((b.enabled, b.hover, self.on.get(k, False)) for k, b in self.buttons.items())
        if key != self._bar_key:
            self._bar_key = key
            for name, button in self.buttons.items():
                fill = BUTTON_OFF if not button.enabled else BUTTON_HOVER if button.hover else BUTTON
                if self.on.get(name) and button.enabled:
                    fill = (70, 120, 80)  # a toggle that is on
                self._bar_fills[name].color = (*fill, 255)
                self._bar_labels[name].color = (*(TEXT if button.enabled else DIM), 255)
        self._bar_sprites.draw()
        self._bar_batch.draw()

    def _draw_log(self) -> None:
        left, bottom, width, height = self.log_rect()
        arcade.draw_lbwh_rectangle_filled(left, bottom, width, height, (16, 18, 26, 235))
        arcade.draw_lbwh_rectangle_outline(left, bottom, width, height, PANEL_EDGE, 2)
        self.texts.draw("log:title", "Since your last turn; wheel for earlier, click looks, L closes",
                        left + 10, bottom + height - 20, ACCENT, 10, bold=True)
        top = bottom + height - 30
        rows = self.log_rows()
        if not self.log_lines:
            self.texts.draw("log:none", "Nothing has happened yet.", left + 10, top - 12, DIM, 10)
        for slot in range(rows):
            index = self.log_scroll + slot
            key = f"log:{slot}"
            if index >= len(self.log_lines):
                break
            words = self.log_lines.text(index)
            if words is None:  # not worded yet (the engine was busy): the next readable frame words it
                words = "…"
            text = words if len(words) < 70 else words[:68] + "…"
            placed = self.log_lines.territory(index) is not None
            color = self.log_lines.color if placed and index >= self.log_since else DIM
            self.texts.draw(key, text, left + 10, top - (slot + 0.5) * LOG_ROW, color, 10, anchor_y="center")


def left_after(forecast: UpkeepForecast) -> str:
    """The food left once the upkeep is paid, worst to best harvest ("20-23"; never below 0)."""
    low = max(0, forecast.food_now + forecast.production_min - forecast.owed)
    high = max(0, forecast.food_now + forecast.production_max - forecast.owed)
    return f"{low}" if low == high else f"{low}-{high}"
