"""Where the game's own files lie (rulesets and mods, art, sounds, maps): one answer for a checkout and an install."""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path

CONTENT_FOLDERS = ("mods", "assets", "maps")  # the top-level folders of the checkout that the game reads


def _content_root() -> Path:
    """The folder holding `mods/`, `assets/` and `maps/`.

    A wheel or a bundle carries them as package data in `game/_content` (setup.py's build step copies the
    checkout's top-level folders there); a checkout (editable install included) has them beside `game/`.
    Never the working directory: every command works from any folder.
    """
    packaged = Path(str(files("game") / "_content"))
    if (packaged / "mods").is_dir():
        return packaged
    return Path(__file__).resolve().parent.parent


CONTENT_ROOT = _content_root()
MODS = CONTENT_ROOT / "mods"
ASSETS = CONTENT_ROOT / "assets"
MAPS = CONTENT_ROOT / "maps"
