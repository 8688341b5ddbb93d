"""Plugin mods: the `register(app)` API names, kept for callers of the old module; see game.app and
game.content (the App of each game holds what its plugins registered)."""

from __future__ import annotations

from game.app import App, ArmyOptions, ModApp, PlayerOptions, StructureOptions
from game.content import (
    app_for,
    load_app,
    load_mods,
    plugin_army_options,
    plugin_module,
    plugin_player_options,
    plugin_structure_options,
)
from game.content.plugins import Register, activate_plugins, find_plugin
from game.setup import create_game

__all__ = [
    "App", "ArmyOptions", "ModApp", "PlayerOptions", "Register", "StructureOptions", "activate_plugins", "app_for",
    "create_game", "find_plugin", "load_app", "load_mods", "plugin_army_options", "plugin_module",
    "plugin_player_options", "plugin_structure_options",
]
