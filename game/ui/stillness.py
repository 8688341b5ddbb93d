"""Whether any screen is still: the window's default for screens that do not say it themselves.

A screen is redrawn on input, on a game event and while it animates; otherwise it is still and the window draws
nothing (see `GameWindow.draw`). This module reads only what every screen has without writing code for it:
- a game event: the revision of the game the screen shows (`view.session.game` or `view.game`) moved, or the
  session holds events not yet taken, or a computer player is thinking;
- the widgets: an arcade.gui manager of the screen has a widget waiting to be redrawn (a label whose text
  changed, a button that changed state) — arcade.gui itself marks them;
- an animation the screen declares: its `animating()` answers True (a screen with moving pieces says so).
A woken screen keeps drawing SETTLE seconds, and as long as it moves; a widget's new look costs one frame.
A screen with an exact answer (a frame cache that knows its picture is on screen) defines `quiet()` instead.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import game.ui.headless_shim  # noqa: F401  (must come before arcade.gui)

# isort: split
from arcade.gui import UIManager
from arcade.gui.widgets import UIWidget

SETTLE = 0.5  # seconds a woken screen keeps drawing: hover highlights, fades and a click's consequences play out


def game_of(view: Any) -> Any:
    """The game a screen shows, if any (through its session, or directly)."""
    session = getattr(view, "session", None)
    game = getattr(session, "game", None)
    return game if game is not None else getattr(view, "game", None)


def game_marker(view: Any) -> tuple[int, int] | None:
    """Changes whenever the game on screen changes (each accepted command, each state a network copy took)."""
    game = game_of(view)
    revision = getattr(game, "revision", None)
    return None if not isinstance(revision, int) else (id(game), revision)


def session_active(view: Any) -> bool:
    """A computer player is thinking, or events wait to be shown."""
    session = getattr(view, "session", None)
    if session is None:
        return False
    return bool(getattr(session, "busy", False) or getattr(session, "pending", None))


def managers(view: Any) -> Iterator[UIManager]:
    """The arcade.gui managers a screen keeps (as attributes, the way arcade's examples hold them)."""
    for value in vars(view).values():
        if isinstance(value, UIManager):
            yield value


def _waiting(widget: UIWidget) -> bool:
    return bool(widget._requires_render) or any(_waiting(child) for child in widget.children)


def widgets_changed(view: Any) -> bool:
    """A widget of the screen's managers asks to be redrawn (arcade.gui marks it when its look changes)."""
    for manager in managers(view):
        if manager._requires_render:
            return True
        for layer in manager.children.values():
            if any(_waiting(widget) for widget in layer):
                return True
    return False


def animating(view: Any) -> bool:
    declared = getattr(view, "animating", None)
    return bool(declared()) if callable(declared) else False


def moving(view: Any) -> bool:
    """Something on the screen changes by itself: an animation it declares, a computer turn, events to show."""
    return animating(view) or session_active(view)
