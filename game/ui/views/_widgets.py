"""Small drawing helpers shared by the dialog screens: buttons, cached text, panels, the palette.

These screens draw with plain arcade primitives (no arcade.gui), so they work headless without the GUI
shim, and tests drive them through their real `on_mouse_press`/`on_key_press` handlers.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

import arcade

ASSETS = Path(__file__).resolve().parents[3] / "assets"
Color = tuple[int, int, int] | tuple[int, int, int, int]

BACKGROUND = (22, 26, 34)
PANEL = (34, 40, 52)
PANEL_EDGE = (80, 92, 115)
TEXT = (230, 232, 238)
DIM = (150, 158, 175)
ACCENT = (240, 200, 90)
GOOD = (120, 210, 120)
BAD = (235, 110, 100)
NEUTRAL = (200, 205, 215)
BUTTON = (58, 72, 96)
BUTTON_HOVER = (78, 98, 130)
BUTTON_OFF = (48, 52, 60)
TONES = {"good": GOOD, "bad": BAD, "neutral": NEUTRAL}


@lru_cache(maxsize=1)
def manifest() -> dict:
    try:
        return tomllib.loads((ASSETS / "manifest.toml").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}


def hex_color(text: str, fallback: tuple[int, int, int] = (200, 200, 200)) -> tuple[int, int, int]:
    text = text.lstrip("#")
    if len(text) != 6:
        return fallback
    try:
        return int(text[0:2], 16), int(text[2:4], 16), int(text[4:6], 16)
    except ValueError:
        return fallback


def seat_color(seat: int | None) -> tuple[int, int, int]:
    """The seat's colour from the manifest's colour-blind-safe palette; rogues are grey."""
    colors = manifest().get("player_colors", {})
    if seat is None:
        return hex_color(colors.get("rogue_color", "#444444"))
    seats = colors.get("seats", ["#E69F00", "#56B4E9", "#009E73", "#CC79A7"])
    return hex_color(seats[(seat - 1) % len(seats)])


def terrain_color(terrain: str) -> tuple[int, int, int]:
    return hex_color(manifest().get("terrain_colors", {}).get(terrain, "#808080"))


def asset_path(section: str, key: str) -> Path | None:
    rel = manifest().get(section, {}).get(key)
    if isinstance(rel, str):
        path = ASSETS / rel
        if path.exists():
            return path
    if section == "flags":
        seats = manifest().get("flags", {}).get("seats", [])
        if seats:
            return ASSETS / seats[0]
    return None


class TextCache:
    """arcade.Text objects made once per key and updated in place (building a Text costs ~1 ms)."""

    def __init__(self) -> None:
        self._texts: dict[str, arcade.Text] = {}

    def draw(self, key: str, text: str, x: float, y: float, color: Color = TEXT, size: float = 12,
             *, anchor_x: str = "left", anchor_y: str = "baseline", bold: bool = False,
             width: int | None = None, multiline: bool = False, show: bool = True) -> arcade.Text:
        """The text at (x, y), drawn unless `show` is False (then only laid out, to measure it)."""
        x, y = round(x), round(y)  # whole pixels: thin glyphs (a hyphen) vanish between pixel rows
        found = self._texts.get(key)
        if found is None or found.font_size != size or found.bold != bold or (multiline and found.width != width):
            found = arcade.Text(text, x, y, color, size, width=width, anchor_x=anchor_x, anchor_y=anchor_y,
                                bold=bold, multiline=multiline)
            self._texts[key] = found
        else:
            if found.text != text:
                found.text = text
            if (found.x, found.y) != (x, y):
                found.position = (x, y)
            if tuple(found.color) != tuple(color):
                found.color = color
        if show:
            found.draw()
        return found

    def clear(self) -> None:
        self._texts.clear()


@dataclass
class Button:
    """A clickable rectangle with a label; `left, bottom, width, height` in window pixels."""

    label: str
    left: float
    bottom: float
    width: float
    height: float
    on_click: Callable[[], object] | None = None
    tooltip: str = ""
    enabled: bool = True
    key: str = field(default="")
    hover: bool = False

    def contains(self, x: float, y: float) -> bool:
        return self.left <= x <= self.left + self.width and self.bottom <= y <= self.bottom + self.height

    def click(self, x: float, y: float) -> bool:
        """Run the action when (x, y) is on an enabled button; True when the click was used."""
        if not self.contains(x, y):
            return False
        if self.enabled and self.on_click is not None:
            self.on_click()
        return True

    def draw(self, texts: TextCache, size: float = 13) -> None:
        fill = BUTTON_OFF if not self.enabled else BUTTON_HOVER if self.hover else BUTTON
        arcade.draw_lbwh_rectangle_filled(self.left, self.bottom, self.width, self.height, fill)
        arcade.draw_lbwh_rectangle_outline(self.left, self.bottom, self.width, self.height, PANEL_EDGE, 2)
        texts.draw(f"button:{self.key or self.label}", self.label, self.left + self.width / 2,
                   self.bottom + self.height / 2, TEXT if self.enabled else DIM, size,
                   anchor_x="center", anchor_y="center")


def draw_panel(left: float, bottom: float, width: float, height: float, fill: Color = PANEL) -> None:
    arcade.draw_lbwh_rectangle_filled(left, bottom, width, height, fill)
    arcade.draw_lbwh_rectangle_outline(left, bottom, width, height, PANEL_EDGE, 2)


def dim_screen(width: float, height: float, alpha: int = 190) -> None:
    arcade.draw_lbwh_rectangle_filled(0, 0, width, height, (10, 12, 16, alpha))


def wrap(text: str, chars: int) -> list[str]:
    """Greedy word wrap by character count (good enough for the fixed-size help and summary text)."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        current = ""
        for word in paragraph.split(" "):
            if current and len(current) + 1 + len(word) > chars:
                lines.append(current)
                current = word
            else:
                current = f"{current} {word}" if current else word
        lines.append(current)
    return lines


def draw_backdrop(view: arcade.View, underlay: arcade.View | None, alpha: int = 190) -> None:
    """What lies under a dialog: the given view drawn and dimmed, or the plain background."""
    if underlay is None:
        view.clear(color=BACKGROUND)
        return
    draw = getattr(underlay, "draw", None)  # a client BaseView: draw without counting a frame
    if callable(draw):
        draw()
    else:
        underlay.on_draw()
    width, height = window_size(view)
    dim_screen(width, height, alpha)


def finish_frame(view: arcade.View) -> None:
    """Let the client window count the frame (screenshots and frame limits of headless runs)."""
    hook = getattr(view.window, "after_frame", None)
    if callable(hook):
        hook()


def window_size(view: arcade.View) -> tuple[float, float]:
    window = view.window
    if window is None:
        return 1280.0, 720.0
    return float(window.width), float(window.height)
