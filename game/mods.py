"""Where mods come from and their load order: kept for callers of the old names; see game.content."""

from __future__ import annotations

from game.content.discover import (
    BUNDLED,
    ENTRY_POINT_GROUP,
    PACKAGE,
    PATH,
    USER,
    FoundMod,
    check_mods_available,
    code_allowed,
    code_errors,
    discover_mods,
    entry_point_mods,
    installed_mods,
    mod_search_paths,
    origin_of,
    user_mod_dir,
)
from game.content.resolve import resolve_game, resolve_mods

__all__ = [
    "BUNDLED", "ENTRY_POINT_GROUP", "PACKAGE", "PATH", "USER", "FoundMod", "check_mods_available", "code_allowed",
    "code_errors", "discover_mods", "entry_point_mods", "installed_mods", "mod_search_paths", "origin_of",
    "resolve_game", "resolve_mods", "user_mod_dir",
]
