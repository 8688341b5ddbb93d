"""Discover: find rulesets and mods, where they came from, and whether they may run code.

Mods come from three places: the game's own `mods/` folder (bundled), the user's mod folder
(platformdirs; data only, never code) and installed Python packages that declare an entry point in the
group `forces_of_conquest.mods` (the entry point's name is the mod id; its module's folder holds the
mod.toml). Only bundled and installed-package mods may bring a Python plugin.
"""

from __future__ import annotations

import importlib.metadata
import importlib.util
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import platformdirs
from packaging.version import InvalidVersion, Version

from game.content.manifest import BUNDLED_MODS, ModManifest, read_manifest, read_toml, rel
from game.content.manifest import BUNDLED_MODS as SHIPPED_MODS  # the game's own folder, never patched

APP_NAME = "forces-of-conquest"
ENTRY_POINT_GROUP = "forces_of_conquest.mods"
BUNDLED, USER, PACKAGE, PATH = "bundled", "user", "package", "path"


@dataclass(frozen=True)
class FoundMod:
    """A mod folder found while looking for mods: its manifest id, where it lives and where it came from."""

    id: str
    folder: Path
    origin: str  # BUNDLED, USER, PACKAGE or PATH
    entry_point: str | None = None  # "module[:attr]" for installed packages


def user_mod_dir() -> Path:
    return Path(platformdirs.user_data_dir(APP_NAME)) / "mods"


def mod_search_paths() -> list[Path]:
    """Bundled mods first, then the user's mod folder."""
    return [BUNDLED_MODS, user_mod_dir()]


def _inside(folder: Path, root: Path) -> bool:
    try:
        folder.resolve().relative_to(root.resolve())
    except (ValueError, OSError):
        return False
    return True


def entry_point_mods() -> list[FoundMod]:
    """Mods of installed packages: entry points in ENTRY_POINT_GROUP whose module folder holds a mod.toml."""
    out: list[FoundMod] = []
    for entry in importlib.metadata.entry_points(group=ENTRY_POINT_GROUP):
        module = entry.value.split(":", 1)[0].strip()
        try:
            spec = importlib.util.find_spec(module)
        except (ImportError, ValueError):
            spec = None
        if spec is None or spec.origin is None:
            continue
        folder = Path(spec.origin).parent
        if (folder / "mod.toml").is_file():
            out.append(FoundMod(entry.name, folder, PACKAGE, entry.value))
    return out


def _manifest_id(folder: Path) -> str:
    """The id a mod.toml declares, or the folder's name when it cannot be read (errors come at load)."""
    raw = read_toml(folder / "mod.toml", [])
    mod_id = raw.get("id") if raw else None
    return mod_id if isinstance(mod_id, str) else folder.name


def discover_mods(search: Sequence[Path] | None = None) -> dict[str, list[FoundMod]]:
    """Every mod found, by manifest id; more than one entry under an id is a clash (reported on use)."""
    found: dict[str, list[FoundMod]] = {}
    roots = list(search) if search is not None else mod_search_paths()
    for root in roots:
        if not root.is_dir():
            continue
        origin = BUNDLED if _inside(root, BUNDLED_MODS) or _inside(root, SHIPPED_MODS) else USER
        for child in sorted(root.iterdir()):
            if (child / "mod.toml").is_file():
                mod = FoundMod(_manifest_id(child), child, origin)
                found.setdefault(mod.id, []).append(mod)
    if search is None:
        for mod in entry_point_mods():
            known = found.setdefault(mod.id, [])
            if not any(m.folder.resolve() == mod.folder.resolve() for m in known):
                known.append(mod)
    return found


def origin_of(folder: Path) -> str:
    """Where a mod folder came from; decides whether it may run code."""
    if _inside(folder, BUNDLED_MODS) or _inside(folder, SHIPPED_MODS):
        return BUNDLED
    for mod in entry_point_mods():
        if mod.folder.resolve() == folder.resolve():
            return PACKAGE
    if _inside(folder, user_mod_dir()):
        return USER
    return PATH


def code_allowed(origin: str) -> bool:
    return origin in (BUNDLED, PACKAGE)


def code_errors(manifest: ModManifest, folder: Path, origin: str) -> list[str]:
    """A mod that may not run code (user folder, plain path) must not name a plugin or hold Python files."""
    if code_allowed(origin):
        return []
    where = rel(folder / "mod.toml")
    why = ("only mods bundled with the game or installed as Python packages (entry point group "
           f"'{ENTRY_POINT_GROUP}') may run code")
    errors = []
    if manifest.plugin is not None:
        errors.append(f"{where}: plugin: refused to load plugin '{manifest.plugin}' of mod '{manifest.id}': {why}")
    scripts = sorted(
        str(p.relative_to(folder)) for p in folder.rglob("*") if p.suffix in (".py", ".pyc", ".pyw") and p.is_file()
    )
    if scripts:
        errors.append(
            f"{where}: files: mod '{manifest.id}' holds Python files ({', '.join(scripts)}) that will never be run: "
            f"{why}; remove them (data mods need none)"
        )
    return errors


def installed_mods(search: Sequence[Path] | None = None) -> dict[str, ModManifest]:
    """The manifest of every installed mod that can be read, by id (the first found when an id clashes)."""
    out: dict[str, ModManifest] = {}
    for mod_id, found in discover_mods(search).items():
        manifest = read_manifest(found[0].folder, [])
        if manifest is not None:
            out[mod_id] = manifest
    return out


def check_mods_available(required: dict[str, str], search: Sequence[Path] | None = None) -> list[str]:
    """Problems loading something (a save) that needs these mods at these versions; empty when all is well.

    `required` maps mod id to the version it was made with. A mod that is missing, installed at a
    different version, or installed twice is a problem; each message names the mod and both versions.
    """
    problems: list[str] = []
    found = discover_mods(search)
    for mod_id, version in required.items():
        candidates = found.get(mod_id, [])
        if not candidates:
            problems.append(f"mod '{mod_id}' {version} is not installed")
            continue
        if len(candidates) > 1:
            places = " and ".join(rel(m.folder) for m in candidates)
            problems.append(f"mod '{mod_id}' is installed twice ({places}); remove one of them")
            continue
        manifest = read_manifest(candidates[0].folder, [])
        if manifest is None:
            problems.append(f"mod '{mod_id}' at {rel(candidates[0].folder)} has an unreadable mod.toml")
        elif _differs(manifest.version, version):
            problems.append(f"mod '{mod_id}' is installed at version {manifest.version}, but {version} is needed")
    return problems


def _differs(installed: str, wanted: str) -> bool:
    try:
        return Version(installed) != Version(wanted)
    except InvalidVersion:
        return installed != wanted
