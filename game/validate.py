"""`foc validate`: check every ruleset, its maps and every mod (or the paths given), alone and all a ruleset's mods
on together (hooks two mods answer, ids they share), all errors at once."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from game.content import load_app, maps_folder, rulesets
from game.content.manifest import BUNDLED_MODS, read_manifest, rel
from game.errors import DataError


def validate_paths(paths: Sequence[str], mods: Sequence[str] = ()) -> tuple[list[str], list[str]]:
    """Returns (checked, errors): what was checked and every error found, each naming file and key. Maps are
    read with the terrain of their ruleset plus `mods` (ids or folders: a map painted with a mod's terrain)."""
    from game.maps import MAP_SUFFIXES, MapError, load_map, map_files

    checked: list[str] = []
    errors: list[str] = []
    terrain: dict[str, set[str] | None] = {}

    def terrain_of(ruleset: str) -> set[str] | None:
        if ruleset not in terrain:
            try:
                terrain[ruleset] = set(load_app(ruleset, list(mods)).rules.terrain)
            except DataError as exc:
                errors.extend(e for e in exc.errors if e not in errors)
                terrain[ruleset] = None
        return terrain[ruleset]

    if paths:
        targets = [Path(p) for p in paths]
    else:
        targets = []
        for ruleset_id, (_, folder) in sorted(rulesets().items()):
            targets.append(folder)
            maps = maps_folder(ruleset_id)
            if maps is not None and maps.is_dir():
                targets.append(maps)
        targets += _mod_dirs()
    together: dict[str, list[Path]] = {}  # ruleset -> its mods checked here, also checked all on at once
    for target in targets:
        if target.is_dir() and (target / "mod.toml").is_file():
            checked.append(f"mod {rel(target)}")
            manifest = read_manifest(target, errors)
            if manifest is None:
                continue
            try:
                if manifest.kind == "ruleset":
                    load_app(target)
                else:
                    load_app(manifest.ruleset, [target])
                    together.setdefault(manifest.ruleset, []).append(target)
            except DataError as exc:
                errors.extend(e for e in exc.errors if e not in errors)
        elif target.is_dir():
            ruleset = _ruleset_owning(target)
            found = map_files(target)
            if not found:
                errors.append(f"{target}: nothing to check here (no mod.toml and no .tmj or .tmx maps)")
            for map_path in found:
                checked.append(f"map {rel(map_path)}")
                errors.extend(_map_errors(map_path, terrain_of(ruleset), load_map, MapError))
        elif target.suffix.lower() in (*MAP_SUFFIXES, ".json"):
            checked.append(f"map {rel(target)}")
            errors.extend(_map_errors(target, terrain_of(_ruleset_owning(target.parent)), load_map, MapError))
        else:
            errors.append(f"{target}: not a map (.tmj, .tmx) or a mod folder (with mod.toml)")
    for ruleset, folders in sorted(together.items()):
        if len(folders) < 2:
            continue
        checked.append(f"mods {', '.join(f.name for f in folders)} on together")  # clashes show only together
        try:
            load_app(ruleset, folders)
        except DataError as exc:
            errors.extend(e for e in exc.errors if e not in errors)
    if not paths:
        from game.content.discover import skipped_mods

        errors.extend(skipped_mods())  # user mods that are never offered (e.g. one claiming the id "base")
        errors.extend(id_clashes())
    return checked, errors


def id_clashes() -> list[str]:
    """Each mod found under an id that another mod already has (a user mod reusing the id of one the game
    comes with): `--mod ID` could then not say which is meant, so `foc validate` names both folders."""
    from game.content.discover import discover_mods

    out = []
    for mod_id, found in sorted(discover_mods().items()):
        for other in found[1:]:
            out.append(f"{rel(other.folder / 'mod.toml')}: id: '{mod_id}' is already the id of the mod in "
                       f"{rel(found[0].folder)} ({found[0].origin}); give this mod an id of its own")
    return out


def _ruleset_owning(folder: Path) -> str:
    """The ruleset whose maps folder this is (the base game's for maps elsewhere)."""
    for ruleset_id in rulesets():
        maps = maps_folder(ruleset_id)
        if maps is not None and maps.resolve() == folder.resolve():
            return ruleset_id
    return "base"


def _mod_dirs() -> list[Path]:
    """The mods (not rulesets) `foc validate` checks by default: the game's own, then installed packages'."""
    from game.content.discover import entry_point_mods

    out = []
    folders = sorted(BUNDLED_MODS.iterdir()) + [m.folder for m in entry_point_mods()]
    for folder in folders:
        manifest = read_manifest(folder, []) if (folder / "mod.toml").is_file() else None
        if manifest is not None and manifest.kind == "mod" and folder not in out:
            out.append(folder)
    return out


def _map_errors(path: Path, terrain_ids, load_map, map_error) -> list[str]:  # type: ignore[no-untyped-def]
    try:
        if terrain_ids is None:
            load_map(path)
        else:
            load_map(path, terrain_ids)
    except map_error as exc:
        return list(exc.errors)
    return []
