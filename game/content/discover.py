"""Discover: find rulesets and mods, where they came from, and whether they may run code.

Mods come from three places: the game's own `mods/` folder (bundled), the user's mod folder
(platformdirs; data only, never code) and installed Python packages that declare an entry point in the
group `forces_of_conquest.mods` (the entry point's name is the mod id; its module's folder holds the
mod.toml). Only bundled and installed-package mods may bring a Python plugin.
"""

from __future__ import annotations

import importlib.metadata
import importlib.util
import os
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

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


def _stamp(path: str | Path) -> tuple[int, int] | None:
    """A file's or folder's modification time and size (None: not there): what says it may have changed."""
    try:
        found = os.stat(path)
    except OSError:
        return None
    return found.st_mtime_ns, found.st_size


def _packages_stamp() -> tuple[object, ...]:
    """The import path and when each of its folders last changed: installing or removing a package (its
    dist-info folder) changes its folder's time, so what entry points exist may have changed only then."""
    return tuple((entry, _stamp(entry)) for entry in sys.path)


def _folders_stamp(roots: Sequence[Path]) -> tuple[object, ...]:
    """Each mod folder's mod.toml by name, with its time and size: a mod added, removed or edited changes it."""
    stamps: list[object] = []
    for root in roots:
        try:
            names = sorted(entry.name for entry in os.scandir(root) if entry.is_dir())
        except OSError:
            stamps.append((str(root), None))
            continue
        stamps.append((str(root), tuple((name, _stamp(os.path.join(root, name, "mod.toml"))) for name in names)))
    return tuple(stamps)


# what was found, by where it was looked for and how those places looked then: the same answer until they
# change (a header check re-discovered every mod several times, most of restoring a game on the server)
_FOUND: dict[tuple[object, ...], dict[str, list[FoundMod]]] = {}
_PACKAGED: dict[tuple[object, ...], list[FoundMod]] = {}
KEPT = 16  # answers kept (tests look in many folders; one key per place looked in)


def _kept(store: dict[tuple[object, ...], Any], key: tuple[object, ...], value: Any) -> None:
    if len(store) >= KEPT:
        store.clear()
    store[key] = value


def entry_point_mods() -> list[FoundMod]:
    """Mods of installed packages: entry points in ENTRY_POINT_GROUP whose module folder holds a mod.toml (read
    once while the import path's folders do not change)."""
    key = _packages_stamp()
    found = _PACKAGED.get(key)
    if found is None:
        found = _entry_point_mods()
        _kept(_PACKAGED, key, found)
    return list(found)


def _entry_point_mods() -> list[FoundMod]:
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


def _manifest_id(folder: Path, problems: list[str] | None = None) -> tuple[str, str | None]:
    """The id and kind a mod.toml declares (the folder's name when it cannot be read: errors come at load;
    the reading problem goes to `problems`)."""
    raw = read_toml(folder / "mod.toml", [] if problems is None else problems)
    mod_id = raw.get("id") if raw else None
    kind = raw.get("kind") if raw else None
    return (mod_id if isinstance(mod_id, str) else folder.name), (kind if isinstance(kind, str) else None)


def discover_mods(search: Sequence[Path] | None = None, skipped: list[str] | None = None) -> dict[str, list[FoundMod]]:
    """Every mod found, by manifest id; more than one entry under an id is a clash (reported on use).

    A user mod that claims the id of a bundled ruleset (the base game, part of every game of it) is skipped,
    never a clash that would block every game: the reason goes to `skipped` (`foc validate` shows them),
    as do mod.toml files that cannot be read at all. The folders are read again only when a mod.toml in them
    (or the installed packages) changed.
    """
    roots = list(search) if search is not None else mod_search_paths()
    if skipped is not None:
        return _discover(roots, search is None, skipped)
    key = (tuple(str(root) for root in roots), str(BUNDLED_MODS), search is None, _folders_stamp(roots),
           _packages_stamp() if search is None else ())
    found = _FOUND.get(key)
    if found is None:
        found = _discover(roots, search is None, None)
        _kept(_FOUND, key, found)
    return {mod_id: list(mods) for mod_id, mods in found.items()}


def _discover(roots: list[Path], packages: bool, skipped: list[str] | None) -> dict[str, list[FoundMod]]:
    found: dict[str, list[FoundMod]] = {}
    bundled_rulesets: set[str] = set()
    for root in roots:
        try:
            children = sorted(root.iterdir()) if root.is_dir() else []
        except OSError as exc:
            if skipped is not None:
                skipped.append(f"{root}: cannot list the mod folder ({exc.strerror or exc})")
            continue
        origin = BUNDLED if _inside(root, BUNDLED_MODS) or _inside(root, SHIPPED_MODS) else USER
        for child in children:
            if not (child / "mod.toml").is_file():
                continue
            mod_id, kind = _manifest_id(child, skipped)
            if origin == BUNDLED and kind == "ruleset":
                bundled_rulesets.add(mod_id)
            elif mod_id in bundled_rulesets:
                if skipped is not None:
                    skipped.append(f"{rel(child / 'mod.toml')}: id: '{mod_id}' is reserved for the game's own "
                                   "ruleset; this mod is skipped (give it an id of its own)")
                continue
            found.setdefault(mod_id, []).append(FoundMod(mod_id, child, origin))
    if packages:
        for mod in entry_point_mods():
            known = found.setdefault(mod.id, [])
            if not any(m.folder.resolve() == mod.folder.resolve() for m in known):
                known.append(mod)
    return found


def skipped_mods(search: Sequence[Path] | None = None) -> list[str]:
    """Why some mods found in the mod folders are not offered at all (each naming the file)."""
    skipped: list[str] = []
    discover_mods(search, skipped)
    return skipped


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
