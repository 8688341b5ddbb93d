"""Loading rules: kept for callers of the old names; the pipeline lives in game.content."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from game.content import load_ruleset
from game.content.data import ID_SECTIONS, build_ruleset, cross_reference_errors, validate_rules
from game.content.discover import discover_mods
from game.content.manifest import (
    BUNDLED_MODS,
    PROJECT_ROOT,
    ModManifest,
    dotted,
    read_manifest,
    read_toml,
    rel,
)


def find_mod_dirs(search: Sequence[Path] | None = None) -> dict[str, Path]:
    """Every mod folder by its manifest id (bundled mods first, then the user's, then installed packages)."""
    return {mod_id: found[0].folder for mod_id, found in discover_mods(search).items()}


__all__ = [
    "BUNDLED_MODS", "ID_SECTIONS", "PROJECT_ROOT", "ModManifest", "build_ruleset", "cross_reference_errors",
    "dotted", "find_mod_dirs", "load_ruleset", "read_manifest", "read_toml", "rel", "validate_rules",
]
