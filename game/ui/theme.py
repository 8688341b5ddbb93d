"""The client's look in one place: layout sizes, colours, fonts and animation timings."""

from __future__ import annotations

from dataclasses import dataclass

Color = tuple[int, int, int, int]

TILE = 48  # world pixels per territory at zoom 1
MAP_BOTTOM_INSET = 64  # window pixels under the map's bottom edge covered by the hint bar and the toolbar
FOLLOW_PAUSE = 5.0  # seconds the follow-camera leaves alone a view the player chose while watching
CHUNK = 8  # territories per side of a baked terrain chunk
PANEL_WIDTH = 320
PAD = 10
DEFAULT_ZOOM = 1.0
MIN_ZOOM = 0.35
MAX_ZOOM = 2.0
EDGE_SCROLL_BAND = 10  # pixels at the map's edges that scroll it
SCROLL_SPEED = 900.0  # screen pixels per second for keys and edge scrolling

FONT = ("DejaVu Sans", "Arial", "Calibri")
FONT_BOLD = ("DejaVu Sans", "Arial", "Calibri")
TITLE_FONT = ("Kenney Future", "DejaVu Sans", "Arial")

BACKGROUND: Color = (20, 23, 31, 255)
PANEL_BG: Color = (28, 32, 43, 255)
SECTION_BG: Color = (37, 42, 56, 255)
DIVIDER: Color = (55, 62, 80, 255)
BUTTON: Color = (56, 64, 86, 255)
BUTTON_HOVER: Color = (76, 87, 116, 255)
BUTTON_DOWN: Color = (96, 108, 140, 255)
BUTTON_DISABLED: Color = (40, 44, 56, 255)
BUTTON_PRIMARY: Color = (200, 140, 40, 255)
BUTTON_PRIMARY_HOVER: Color = (226, 164, 60, 255)
BUTTON_SELECTED: Color = (52, 110, 150, 255)
TEXT: Color = (236, 238, 244, 255)
TEXT_DIM: Color = (150, 157, 176, 255)
TEXT_DISABLED: Color = (100, 106, 122, 255)
TEXT_DARK: Color = (20, 22, 28, 255)
TEXT_BAD: Color = (244, 120, 108, 255)
TEXT_GOOD: Color = (140, 214, 128, 255)
TEXT_WARN: Color = (240, 200, 100, 255)

HIGHLIGHT_MOVE: Color = (150, 225, 255, 80)
REACH_OUTLINE: Color = (90, 215, 255, 255)  # the bold line around where the selected army can go
HIGHLIGHT_COMBINE: Color = (90, 170, 255, 95)
HIGHLIGHT_ATTACK: Color = (240, 70, 60, 110)
HIGHLIGHT_LAND: Color = (120, 230, 110, 105)  # a mod's action aimed at a territory that is not a move (landing)
HIGHLIGHT_ZONE: Color = (255, 244, 170, 105)
HOVER_OUTLINE: Color = (255, 255, 255, 220)
SELECT_OUTLINE: Color = (255, 230, 90, 255)
PATH_COLOR: Color = (255, 244, 170, 235)
VALID: Color = (120, 230, 110, 255)
INVALID: Color = (240, 80, 70, 255)
RADAR_VIEW: Color = (255, 255, 255, 230)

OWNER_TINT_ALPHA = 92  # how strongly a territory takes its owner's colour
BORDER_WIDTH = 5


@dataclass(frozen=True)
class Timing:
    """Seconds per animation beat at speed 1 (the speed setting divides them)."""

    move_step: float = 0.16
    battle_round: float = 0.7
    fade: float = 0.45
    flash: float = 0.35
    banner: float = 1.1
    computer_pause: float = 0.35


TIMING = Timing()
SPEEDS = (1.0, 2.0, 4.0, 8.0)


def hex_color(value: str, alpha: int = 255) -> Color:
    """'#RRGGBB' as an RGBA tuple."""
    value = value.lstrip("#")
    return int(value[0:2], 16), int(value[2:4], 16), int(value[4:6], 16), alpha


def with_alpha(color: Color, alpha: int) -> Color:
    return color[0], color[1], color[2], alpha


def shade(color: Color, factor: float) -> Color:
    """Darker (factor < 1) or lighter (factor > 1, towards white) version of a colour."""
    if factor <= 1:
        return int(color[0] * factor), int(color[1] * factor), int(color[2] * factor), color[3]
    t = min(1.0, factor - 1)
    return (int(color[0] + (255 - color[0]) * t), int(color[1] + (255 - color[1]) * t),
            int(color[2] + (255 - color[2]) * t), color[3])
