"""arcade.gui widgets in the client's colours (imports the headless shim first)."""

from __future__ import annotations

from collections.abc import Callable

import game.ui.headless_shim  # noqa: F401  (must come before arcade.gui)

# isort: split
import arcade
import arcade.gui as gui

from game.ui import theme
from game.ui.theme import Color


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
