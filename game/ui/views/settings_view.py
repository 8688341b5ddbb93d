"""The settings screen: window size and fullscreen, animation speed, sound volume and mute, edge scrolling.

Every change is applied to a working copy and reported through `on_change(settings)` (so the client can,
say, set the sound volume at once). "Save" writes the settings to the config folder (`game.settings`) and
calls `on_done(settings)`; "Back" or Esc calls `on_done(None)` and keeps what was saved before.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

import arcade

from game.help_text import tooltip
from game.settings import Settings, save_settings
from game.ui.preferences import apply_settings, prefs_of
from game.ui.widgets import (
    ACCENT,
    DIM,
    TEXT,
    DrawnButton,
    TextCache,
    draw_backdrop,
    draw_panel,
    finish_frame,
    window_size,
)

WINDOW_SIZES = ((1024, 576), (1280, 720), (1366, 768), (1600, 900), (1920, 1080), (2560, 1440))
SPEEDS = (1.0, 2.0, 4.0, 8.0)  # the client's speeds (game.ui.theme.SPEEDS)
VOLUME_STEP = 0.1


@dataclass
class _Row:
    key: str
    label: str
    tip: str


ROWS = (
    _Row("window", "Window size", "Used when not in fullscreen; applies from the next start"),
    _Row("fullscreen", "Fullscreen", "Fill the whole screen"),
    _Row("animation", "Animation speed", "How fast moves, battles and effects play"),
    _Row("volume", "Sound volume", tooltip("volume")),
    _Row("muted", "Sound", tooltip("mute")),
    _Row("edge", "Edge scrolling", "Scroll the map when the mouse touches the window edge"),
)


def _step(values: tuple, current: object, direction: int) -> object:
    if current in values:
        index = values.index(current) + direction
    else:
        index = 0 if direction > 0 else len(values) - 1
    return values[max(0, min(len(values) - 1, index))]


class SettingsView(arcade.View):
    def __init__(self, settings: Settings, on_done: Callable[[Settings | None], object],
                 on_change: Callable[[Settings], object] | None = None,
                 folder: str | os.PathLike[str] | None = None, underlay: arcade.View | None = None) -> None:
        super().__init__()
        self.original = settings
        self.settings = settings.model_copy()
        self.done_cb = on_done
        self.change_cb = on_change
        self.folder = folder
        self.underlay = underlay
        self.texts = TextCache()
        self.saved_path: os.PathLike[str] | None = None
        self.hover_tip = ""
        self.buttons: dict[str, DrawnButton] = {}
        for row in ROWS:
            self.buttons[f"{row.key}:-"] = DrawnButton("<", 0, 0, 40, 34, partial(self.change, row.key, -1),
                                                  row.tip, key=f"{row.key}:-")
            self.buttons[f"{row.key}:+"] = DrawnButton(">", 0, 0, 40, 34, partial(self.change, row.key, +1),
                                                  row.tip, key=f"{row.key}:+")
        self.buttons["save"] = DrawnButton("Save", 0, 0, 150, 40, self.save, "Keep these settings", key="save")
        self.buttons["back"] = DrawnButton("Back", 0, 0, 150, 40, self.back, "Leave without saving", key="back")
        self.layout()

    # -- values -----------------------------------------------------------------------------------------
    def window_note(self) -> str:
        """The size of the window open now, where it is not the size saved (a window started with `--size`, or
        resized by hand): the row's value is what the next start uses."""
        window = self.window
        if window is None or getattr(window, "fullscreen", False):
            return ""
        now = (int(window.width), int(window.height))
        return "" if now == (self.settings.window_width, self.settings.window_height) else \
            f"this window: {now[0]} x {now[1]}"

    def value_text(self, key: str) -> str:
        s = self.settings
        if key == "window":
            return f"{s.window_width} x {s.window_height}"
        if key == "fullscreen":
            return "on" if s.fullscreen else "off"
        if key == "animation":
            return f"{s.animation_speed:g}x"
        if key == "volume":
            return f"{round(s.volume * 100)}%"
        if key == "muted":
            return "muted" if s.muted else "on"
        if key == "edge":
            return "on" if s.edge_scrolling else "off"
        return ""

    def change(self, key: str, direction: int) -> None:
        s = self.settings
        if key == "window":
            size = _step(WINDOW_SIZES, (s.window_width, s.window_height), direction)
            s.window_width, s.window_height = size  # type: ignore[misc]
        elif key == "fullscreen":
            s.fullscreen = not s.fullscreen
        elif key == "animation":
            s.animation_speed = float(_step(SPEEDS, s.animation_speed, direction))  # type: ignore[arg-type]
        elif key == "volume":
            s.volume = round(max(0.0, min(1.0, s.volume + direction * VOLUME_STEP)), 2)
        elif key == "muted":
            s.muted = not s.muted
        elif key == "edge":
            s.edge_scrolling = not s.edge_scrolling
        if self.change_cb is not None:
            self.change_cb(self.settings)

    def save(self) -> None:
        self.saved_path = save_settings(self.settings, self.folder)
        self.done_cb(self.settings)

    def back(self) -> None:
        if self.change_cb is not None:
            self.change_cb(self.original)
        self.done_cb(None)

    # -- layout and drawing -----------------------------------------------------------------------------
    def panel(self) -> tuple[float, float, float, float]:
        width, height = window_size(self)
        w, h = min(640.0, width - 40), min(470.0, height - 40)
        return (width - w) / 2, (height - h) / 2, w, h

    def row_y(self, index: int) -> float:
        left, bottom, w, h = self.panel()
        return bottom + h - 110 - index * 50

    def layout(self) -> None:
        left, bottom, w, h = self.panel()
        for index, row in enumerate(ROWS):
            y = self.row_y(index)
            self.buttons[f"{row.key}:-"].left = left + w - 260
            self.buttons[f"{row.key}:+"].left = left + w - 70
            for sign in "-+":
                self.buttons[f"{row.key}:{sign}"].bottom = y - 17
        self.buttons["save"].left, self.buttons["save"].bottom = left + w - 340, bottom + 20
        self.buttons["back"].left, self.buttons["back"].bottom = left + w - 175, bottom + 20

    def on_resize(self, width: int, height: int) -> None:
        self.layout()

    def on_show_view(self) -> None:
        self.layout()

    def on_draw(self) -> None:
        draw_backdrop(self, self.underlay, 190)
        self.draw_content()
        finish_frame(self)

    def draw_content(self) -> None:
        self.layout()
        left, bottom, w, h = self.panel()
        draw_panel(left, bottom, w, h)
        self.texts.draw("title", "Settings", left + 24, bottom + h - 48, TEXT, 20, bold=True)
        for index, row in enumerate(ROWS):
            y = self.row_y(index)
            self.texts.draw(f"l:{row.key}", row.label, left + 24, y, TEXT, 14, anchor_y="center")
            if row.key == "window" and (note := self.window_note()):
                self.texts.draw("l:window-now", note, left + 24, y - 18, DIM, 10, anchor_y="center")
            center = left + w - 155
            if row.key == "volume":
                bar_w = 110
                arcade.draw_lbwh_rectangle_filled(center - bar_w / 2, y - 12, bar_w, 6, (60, 66, 80))
                arcade.draw_lbwh_rectangle_filled(center - bar_w / 2, y - 12, bar_w * self.settings.volume, 6, ACCENT)
                self.texts.draw(f"v:{row.key}", self.value_text(row.key), center, y + 6, ACCENT, 13,
                                anchor_x="center", anchor_y="center")
            else:
                self.texts.draw(f"v:{row.key}", self.value_text(row.key), center, y, ACCENT, 14,
                                anchor_x="center", anchor_y="center")
        for button in self.buttons.values():
            button.draw(self.texts)
        if self.hover_tip:
            self.texts.draw("tip", self.hover_tip, left + 24, bottom + 70, DIM, 11)

    # -- input ------------------------------------------------------------------------------------------
    def row_at(self, x: float, y: float) -> str | None:
        left, bottom, w, h = self.panel()
        for index, row in enumerate(ROWS):
            if left <= x <= left + w and abs(y - self.row_y(index)) <= 22:
                return row.key
        return None

    def on_mouse_motion(self, x: float, y: float, dx: float, dy: float) -> None:
        self.hover_tip = ""
        for button in self.buttons.values():
            button.hover = button.contains(x, y)
            if button.hover:
                self.hover_tip = button.tooltip
        if not self.hover_tip:
            key = self.row_at(x, y)
            self.hover_tip = next((r.tip for r in ROWS if r.key == key), "")

    def on_mouse_press(self, x: float, y: float, button: int, modifiers: int) -> bool:
        for b in self.buttons.values():
            if b.click(x, y):
                return True
        return True

    def on_key_press(self, symbol: int, modifiers: int) -> bool:
        if symbol == arcade.key.ESCAPE:
            self.back()
        elif symbol in (arcade.key.ENTER, arcade.key.RETURN):
            self.save()
        return True


def show_settings_screen(window: Any, back: Any) -> None:
    """Settings from a menu: full screen, back to `back()` when done."""
    def done(chosen: Settings | None) -> None:
        if chosen is not None:
            apply_settings(window, chosen)
        back()

    window.show_view(SettingsView(prefs_of(window), done, on_change=lambda s: apply_settings(window, s)))
