"""The window's remembered settings and its sound board, and putting chosen settings to use."""

from __future__ import annotations

import contextlib
from typing import Any

import arcade

from game.settings import Settings, load_settings
from game.ui.chronicle import saves_folder
from game.ui.sound import SoundBoard


def prefs_of(window: Any) -> Settings:
    prefs = getattr(window, "prefs", None)
    if not isinstance(prefs, Settings):
        prefs, _ = load_settings()
        window.prefs = prefs
    return prefs


def sounds_of(window: Any) -> SoundBoard:
    board = getattr(window, "sounds", None)
    if not isinstance(board, SoundBoard):
        prefs = prefs_of(window)
        board = SoundBoard(prefs.volume, prefs.muted)
        window.sounds = board
    return board


def apply_settings(window: Any, prefs: Settings, startup: bool = False) -> None:
    """Use the settings in a running window: edge scrolling, animation speed, sound; fullscreen if possible."""
    window.prefs = prefs
    client = getattr(window, "settings", None)
    if client is not None:
        if hasattr(client, "edge_scroll"):
            client.edge_scroll = prefs.edge_scrolling
        if hasattr(client, "speed_index"):
            from game.ui import theme

            speeds = list(theme.SPEEDS)
            client.speed_index = min(range(len(speeds)), key=lambda i: abs(speeds[i] - prefs.animation_speed))
    sounds_of(window).set_volume(prefs.volume, prefs.muted)
    if not arcade.headless and bool(getattr(window, "fullscreen", False)) != prefs.fullscreen:
        with contextlib.suppress(Exception):  # some platforms refuse; it still applies at the next start
            window.set_fullscreen(prefs.fullscreen)
    del startup


def configure_window(window: Any, prefs: Settings, autosave: bool = True, watched: bool = False) -> None:
    """At start-up (`foc play`): remembered settings, and autosaves into the save folder (computer-only games
    too when `watched` or the setting asks for it)."""
    apply_settings(window, prefs, startup=True)
    if autosave:
        window.autosave_folder = saves_folder()
    window.autosave_watched = watched or prefs.autosave_watched
