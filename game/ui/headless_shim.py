"""Make `import arcade.gui` work under ARCADE_HEADLESS=1 on Linux without X (arcade 3.3.3 / pyglet 2.1)."""

from __future__ import annotations

import sys
import types

import arcade

if arcade.headless:
    if "pyglet.input" not in sys.modules:
        _input = types.ModuleType("pyglet.input")

        class Controller:  # only used for type hints inside arcade.gui
            pass

        _input.Controller = Controller  # type: ignore[attr-defined]
        sys.modules["pyglet.input"] = _input
    if "arcade.experimental.controller_window" not in sys.modules:
        import arcade.experimental  # noqa: F401  (the package itself imports cleanly)

        _window = types.ModuleType("arcade.experimental.controller_window")

        class ControllerWindow(arcade.Window):  # never instantiated; only used in isinstance()
            pass

        _window.ControllerWindow = ControllerWindow  # type: ignore[attr-defined]
        sys.modules["arcade.experimental.controller_window"] = _window
