"""The client's one widget kit: retained widgets on a `UiLayer` (one sprite list, one text batch), dialog
widgets drawn each frame (`TextCache`, `DrawnButton`, panels), and arcade.gui widgets in the client's colours.

Which part a screen uses follows what it does (docs/architecture.md, "The widget kit"): the side panel and
map screens change labels every frame, which the retained layer does for the cost of a text update;
dialogs drawn over the map use the frame-drawn part (they work headless and tests click them through
their real handlers); form screens (menu, new game, lobby) use arcade.gui for layout and text input.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache

import game.ui.headless_shim  # noqa: F401  (must come before arcade.gui)

# isort: split
import arcade
import arcade.gui as gui
import pyglet

from game.ui import theme
from game.ui.assets import Assets
from game.ui.theme import Color

# Each font at each size gets its own glyph texture, at least this big (pyglet grows it to fit ~100 glyphs of
# the font's size, and adds another when full). pyglet's 512 x 512 default made nine 1 MB textures for a few
# dozen glyphs each; the glyphs drawn are the same.
pyglet.font.base.Font.texture_width = pyglet.font.base.Font.texture_height = 128

Rect = tuple[float, float, float, float]  # left, bottom, width, height
AnyColor = tuple[int, int, int] | tuple[int, int, int, int]
# (texts, width, size, bold) -> text, size: the most recent FITTED_KEEP (texts with numbers, such as the upkeep
# forecast, change every turn; a long watched game must not keep every one)
_FITTED: OrderedDict[tuple[str, int, float, bool], tuple[str, float]] = OrderedDict()
FITTED_KEEP = 512


def inside(rect: Rect, x: float, y: float) -> bool:
    left, bottom, width, height = rect
    return left <= x < left + width and bottom <= y < bottom + height


# --- retained widgets on a UiLayer (side panel, map screens) ----------------------------------------


class Label:
    """One line (or a wrapped block) of text; changing it only costs when the text really changes."""

    def __init__(self, ui: UiLayer, x: float, y: float, text: str = "", size: int = 11, color: Color = theme.TEXT,
                 bold: bool = False, anchor_x: str = "left", anchor_y: str = "baseline", width: int | None = None,
                 font: tuple[str, ...] = theme.FONT) -> None:
        self.text_obj = arcade.Text(
            text, x, y, color, font_size=size, font_name=font, bold=bold, anchor_x=anchor_x,
            anchor_y=anchor_y, batch=ui.batch, multiline=width is not None, width=width,
        )
        self._text = text
        self._color = color
        self._visible = True
        self.size: float = size

    def set(self, text: str, color: Color | None = None) -> None:
        if text != self._text:
            self._text = text
            self.text_obj.text = text
        if color is not None and color != self._color:
            self._color = color
            self.text_obj.color = color

    @property
    def text(self) -> str:
        return self._text

    def resize(self, size: float) -> None:
        """The label's font size (`fit` may go one point below it to avoid cutting a text)."""
        self.size = size
        if self.text_obj.font_size != size:
            self.text_obj.font_size = size

    def fit(self, text: str, width: float, color: Color | None = None, shorter: tuple[str, ...] = ()) -> None:
        """Show `text`, or the first of `shorter` that fits in `width` pixels, at the label's size or one point
        smaller; else the last one cut with an ellipsis (each measured once while among the FITTED_KEEP latest)."""
        obj = self.text_obj
        key = (" | ".join((text, *shorter)), int(width), float(self.size), bool(obj.bold))
        found = _FITTED.get(key)
        if found is None:
            found = _FITTED[key] = self._measure((text, *shorter), width)
            if len(_FITTED) > FITTED_KEEP:
                _FITTED.popitem(last=False)
        else:
            _FITTED.move_to_end(key)
        fitted, size = found
        if obj.font_size != size:
            obj.font_size = size
        self.set(fitted, color)

    def _measure(self, candidates: tuple[str, ...], width: float) -> tuple[str, float]:
        obj = self.text_obj
        for candidate in candidates:  # the whole text a point smaller rather than a shorter one
            for size in (self.size, self.size - 1):
                obj.font_size = size
                self.set(candidate)
                if self.content_width <= width:
                    return candidate, size
        fitted = candidates[-1]
        while self.content_width > width and len(fitted) > 1:
            fitted = fitted[:-1].rstrip()
            self.set(fitted + "…")
        return fitted + "…", obj.font_size

    def move(self, x: float, y: float) -> None:
        if (self.text_obj.x, self.text_obj.y) != (x, y):
            self.text_obj.position = (x, y)

    def show(self, visible: bool) -> None:
        if visible != self._visible:
            self._visible = visible
            self.text_obj.visible = visible

    @property
    def content_width(self) -> float:
        return float(self.text_obj.content_width)


@dataclass(eq=False)
class Button:
    """A clickable rectangle with a label, an optional right-hand note (a cost), icon and tooltip."""

    ui: UiLayer
    rect: Rect
    on_click: Callable[[], None] | None = None
    tooltip: str = ""
    enabled: bool = True
    visible: bool = True
    primary: bool = False
    selected: bool = False
    hovered: bool = False
    pressed: bool = False
    background: arcade.Sprite = field(init=False)
    label: Label = field(init=False)
    note: Label = field(init=False)
    icon: arcade.Sprite | None = field(init=False, default=None)
    tag: object = None
    stacked: bool = False  # the note goes under the label instead of at the right
    fit: bool = False  # cut the label with an ellipsis when it is too wide for the button
    text_width: float = field(init=False, default=0.0)

    def __post_init__(self) -> None:
        left, bottom, width, height = self.rect
        self.background = self.ui.rect_sprite(self.rect, theme.BUTTON)
        self.label = Label(self.ui, left + 10, bottom + height / 2, "", 11, anchor_y="center")
        self.note = Label(self.ui, left + width - 8, bottom + height / 2, "", 10, theme.TEXT_DIM,
                          anchor_x="right", anchor_y="center")
        self.ui.buttons.append(self)
        if self.stacked:
            roomy = height >= 34
            self.label.resize(10 if roomy else 9)
            self.note.resize(9 if roomy else 8)

    def set_rect(self, rect: Rect) -> None:
        """Move or resize the button (its icon and texts follow)."""
        if rect == self.rect:
            return
        left, bottom, width, height = self.rect = rect
        self.background.width, self.background.height = width, height
        self.background.position = (left + width / 2, bottom + height / 2)
        self._layout()

    def _layout(self) -> None:
        left, bottom, width, height = self.rect
        side = min(height - 8, 26) if not self.stacked else min(height - 12, 20)
        text_left = left + 10 if not self.stacked else left + 6
        if self.icon is not None:
            self.icon.width = self.icon.height = side
            self.icon.position = (left + 5 + side / 2, bottom + height / 2)
            text_left = left + (10 if not self.stacked else 8) + side
        self.text_width = left + width - text_left - 3
        if self.stacked:
            self.label.move(text_left, bottom + height * 0.67)
            self.note.text_obj.anchor_x = "left"
            self.note.move(text_left, bottom + height * 0.3)
        else:
            self.label.move(text_left, bottom + height / 2)
            self.note.move(left + width - 8, bottom + height / 2)

    def configure(self, text: str, note: str = "", *, enabled: bool = True, tooltip: str = "",
                  on_click: Callable[[], None] | None = None, primary: bool | None = None,
                  selected: bool = False, icon: arcade.Texture | None = None, icon_color: Color = theme.TEXT,
                  shorter: tuple[str, ...] = (), note_shorter: tuple[str, ...] = ()) -> None:
        self.enabled = enabled
        self.tooltip = tooltip
        self.on_click = on_click
        self.selected = selected
        if primary is not None:
            self.primary = primary
        if icon is not None:
            if self.icon is None:
                self.icon = arcade.Sprite(icon)
                self.ui.icons.append(self.icon)
            self.icon.texture = icon
            self.icon.color = icon_color if enabled else theme.shade(icon_color, 0.5)
        elif self.icon is not None:
            self.icon.remove_from_sprite_lists()
            self.icon = None
        self._layout()
        note_color = (theme.TEXT_DARK if self.primary and enabled else theme.TEXT_DIM) if enabled else theme.TEXT_DISABLED
        if self.fit and self.stacked:
            self.note.fit(note, self.text_width, note_color, note_shorter)
        else:
            self.note.set(note, note_color)
        room = self.text_width  # a note at the right takes its width from the label's (they never overlap)
        if not self.stacked and note:
            room -= self.note.content_width + 8
        if self.fit:
            self.label.fit(text, room, theme.TEXT if enabled else theme.TEXT_DISABLED, shorter)
        else:
            self.label.set(text, theme.TEXT if enabled else theme.TEXT_DISABLED)
        self.show(True)
        self.restyle()

    def show(self, visible: bool) -> None:
        self.visible = visible
        self.background.visible = visible
        self.label.show(visible)
        self.note.show(visible)
        if self.icon is not None:
            self.icon.visible = visible
        if not visible:
            self.hovered = False

    def restyle(self) -> None:
        if not self.enabled:
            color = theme.BUTTON_DISABLED
        elif self.primary:
            color = theme.BUTTON_PRIMARY_HOVER if self.hovered else theme.BUTTON_PRIMARY
        elif self.selected:
            color = theme.BUTTON_SELECTED
        elif self.pressed:
            color = theme.BUTTON_DOWN
        else:
            color = theme.BUTTON_HOVER if self.hovered else theme.BUTTON
        if self.background.color != color:
            self.background.color = color
        if self.primary and self.enabled:
            self.label.set(self.label.text, theme.TEXT_DARK)

    def contains(self, x: float, y: float) -> bool:
        return self.visible and inside(self.rect, x, y)


class Tooltip:
    """One floating box of text near the cursor, shown for the widget under it."""

    def __init__(self, ui: UiLayer) -> None:
        self.ui = ui
        self.sprites: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()
        self.border = arcade.Sprite(ui.assets.white())
        self.border.color = (120, 130, 160, 255)
        self.box = arcade.Sprite(ui.assets.white())
        self.box.color = (16, 18, 24, 245)
        self.sprites.extend([self.border, self.box])
        self.batch = pyglet.graphics.Batch()
        self.text = arcade.Text("", 0, 0, theme.TEXT, font_size=10, font_name=theme.FONT, multiline=True,
                                width=260, anchor_y="top", batch=self.batch)
        self.visible = False
        self.content = ""

    def show(self, text: str, x: float, y: float, screen: tuple[int, int], right: bool = False,
             around: Rect | None = None) -> None:
        """Place the box beside (x, y): to its left (panel tooltips) or to its right (notes on the map). With
        `around` (the hovered widget or its panel) the box never covers it: left of it, else above it."""
        if not text:
            self.visible = False
            return
        if text != self.content:
            self.content = text
            self.text.text = text
        width = min(260.0, float(self.text.content_width)) + 14
        height = float(self.text.content_height) + 10
        left = min(max(4.0, x + 18 if right else x - width - 8), screen[0] - width - 4)
        top = min(max(height + 4, y + height / 2), screen[1] - 4)
        if around is not None:
            a_left, a_bottom, _a_width, a_height = around
            if a_left - width - 8 >= 4:
                left = a_left - width - 8
            else:
                left = min(max(4.0, x - width / 2), screen[0] - width - 4)
                top = min(a_bottom + a_height + 6 + height, screen[1] - 4)
        self.text.position = (left + 7, top - 5)
        self.box.width, self.box.height = width, height
        self.box.position = (left + width / 2, top - height / 2)
        self.border.width, self.border.height = width + 2, height + 2
        self.border.position = self.box.position
        self.visible = True

    def draw(self) -> None:
        if self.visible:
            self.sprites.draw()
            self.batch.draw()


class UiLayer:
    """Screen-space widgets: rectangles and icons in sprite lists, all text in one batch, hit testing."""

    def __init__(self, assets: Assets) -> None:
        self.assets = assets
        self.rects: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()
        self.icons: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()
        self.batch = pyglet.graphics.Batch()
        self.buttons: list[Button] = []
        self.zones: list[tuple[Rect, str]] = []  # areas that only show a tooltip
        self.tooltip = Tooltip(self)
        self.hovered: Button | None = None

    def rect_sprite(self, rect: Rect, color: Color) -> arcade.Sprite:
        left, bottom, width, height = rect
        sprite = arcade.Sprite(self.assets.white())
        sprite.width, sprite.height = width, height
        sprite.position = (left + width / 2, bottom + height / 2)
        sprite.color = color
        self.rects.append(sprite)
        return sprite

    def icon_sprite(self, texture: arcade.Texture, x: float, y: float, size: float,
                    color: Color = (255, 255, 255, 255)) -> arcade.Sprite:
        sprite = arcade.Sprite(texture)
        sprite.width = sprite.height = size
        sprite.position = (x, y)
        sprite.color = color
        self.icons.append(sprite)
        return sprite

    def button(self, rect: Rect, **kwargs: object) -> Button:
        return Button(self, rect, **kwargs)  # type: ignore[arg-type]

    def button_at(self, x: float, y: float) -> Button | None:
        for button in self.buttons:
            if button.contains(x, y):
                return button
        return None

    def hover(self, x: float, y: float) -> Button | None:
        found = self.button_at(x, y)
        if found is not self.hovered:
            if self.hovered is not None:
                self.hovered.hovered = False
                self.hovered.restyle()
            if found is not None:
                found.hovered = True
                found.restyle()
            self.hovered = found
        return found

    def tooltip_at(self, x: float, y: float) -> str:
        found = self.button_at(x, y)
        if found is not None:
            return found.tooltip
        for rect, text in self.zones:
            if inside(rect, x, y):
                return text
        return ""

    def press(self, x: float, y: float) -> bool:
        """Click the button under (x, y); True when one took the click (enabled or not)."""
        found = self.button_at(x, y)
        if found is None:
            return False
        if found.enabled and found.on_click is not None:
            found.on_click()
        return True

    def draw(self) -> None:
        self.rects.draw()
        self.icons.draw()
        self.batch.draw()


# --- dialogs drawn each frame (hand-over, summaries, saves, settings, help, victory, toolbar) ---------------
# their own palette (a shade apart from theme's panel colours), kept so the dialogs look as they always did

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


@lru_cache(maxsize=FITTED_KEEP)
def fit_words(text: str, width: float, size: float, bold: bool = False) -> str:
    """`text` as it fits in `width` pixels at `size` points: whole, or cut with an ellipsis (a long player name
    in a panel's title). Measured once per distinct (text, width, size, bold)."""
    probe = arcade.Text(text, 0, 0, font_size=size, bold=bold, font_name=theme.FONT)
    fitted = text
    while probe.content_width > width and len(fitted) > 1:
        fitted = fitted[:-1].rstrip()
        probe.text = fitted + "…"
    return text if fitted == text else fitted + "…"


class TextCache:
    """arcade.Text objects made once per key and updated in place (building a Text costs ~1 ms)."""

    def __init__(self) -> None:
        self._texts: dict[str, arcade.Text] = {}

    def draw(self, key: str, text: str, x: float, y: float, color: AnyColor = TEXT, size: float = 12,
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
class DrawnButton:
    """A dialog's clickable rectangle with a label, drawn each frame; `left, bottom, width, height` in window
    pixels."""

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


def draw_panel(left: float, bottom: float, width: float, height: float, fill: AnyColor = PANEL) -> None:
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


# --- arcade.gui widgets in the client's colours (menu, new game, lobby) ------------------------------------


def button_style(bg: Color = theme.BUTTON, text: Color = theme.TEXT, size: int = 13) -> dict:
    style = gui.UIFlatButton.UIStyle
    hover = theme.shade(bg, 1.18) if bg != theme.BUTTON else theme.BUTTON_HOVER
    return {
        "normal": style(font_size=size, font_name=theme.FONT, font_color=text, bg=bg, border=None, border_width=0),
        "hover": style(font_size=size, font_name=theme.FONT, font_color=text, bg=hover, border=theme.TEXT,
                       border_width=1),
        "press": style(font_size=size, font_name=theme.FONT, font_color=theme.TEXT_DARK, bg=theme.TEXT,
                       border=None, border_width=0),
        "disabled": style(font_size=size, font_name=theme.FONT, font_color=theme.TEXT_DISABLED,
                          bg=theme.BUTTON_DISABLED, border=None, border_width=0),
    }


def flat_button(text: str, x: float, y: float, width: float, height: float = 36, *, primary: bool = False,
                bg: Color | None = None, size: int = 13) -> gui.UIFlatButton:
    if primary:
        style = button_style(theme.BUTTON_PRIMARY, theme.TEXT_DARK, size)
    else:
        style = button_style(bg or theme.BUTTON, theme.TEXT_DARK if bg and sum(bg[:3]) > 420 else theme.TEXT, size)
    return gui.UIFlatButton(x=x, y=y, width=width, height=height, text=text, style=style)


def on_click(button: gui.UIFlatButton, action: Callable[[], object]) -> gui.UIFlatButton:
    """Run `action` when the button is clicked."""

    def handler(_event: gui.UIOnClickEvent) -> None:
        action()

    button.set_handler("on_click", handler)
    return button


def label(text: str, x: float, y: float, size: int = 12, color: Color = theme.TEXT, bold: bool = False,
          width: float | None = None, font: tuple[str, ...] = theme.FONT, align: str = "left") -> gui.UILabel:
    widget = gui.UILabel(text=text, x=x, y=y, font_size=size, text_color=color, bold=bold, font_name=font,
                         width=width, multiline=width is not None, align=align)
    return widget


def text_input(text: str, x: float, y: float, width: float, height: float = 34) -> gui.UIInputText:
    style = gui.UIInputText.UIStyle
    looks = {
        "normal": style(bg=arcade.types.Color(*theme.SECTION_BG), border=arcade.types.Color(*theme.DIVIDER),
                        border_width=2),
        "hover": style(bg=arcade.types.Color(*theme.SECTION_BG), border=arcade.types.Color(*theme.TEXT_DIM),
                       border_width=2),
        "press": style(bg=arcade.types.Color(*theme.SECTION_BG), border=arcade.types.Color(*theme.TEXT),
                       border_width=2),
        "disabled": style(bg=arcade.types.Color(*theme.BUTTON_DISABLED)),
        "invalid": style(bg=arcade.types.Color(*theme.SECTION_BG), border=arcade.types.Color(*theme.TEXT_BAD),
                         border_width=2),
    }
    field = gui.UIInputText(x=x, y=y, width=width, height=height, text=text, font_size=13, font_name=theme.FONT,
                            text_color=theme.TEXT, caret_color=theme.TEXT, style=looks)
    # the layout draws its line at the top of the content box: a top padding puts a 13-point line in the middle
    # of the box (the box keeps room below for descenders), clear of the left edge
    top = max(0, (int(height) - 24) // 2)
    return field.with_padding(top=top, left=9, right=6)
