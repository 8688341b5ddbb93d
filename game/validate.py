"""`foc validate`: check the base ruleset, every map and every mod (or the paths given), all errors at once."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from game.errors import DataError
from game.rules_loader import BUNDLED_MODS, PROJECT_ROOT, load_ruleset, rel

MAPS_DIR = PROJECT_ROOT / "maps"


def validate_paths(paths: Sequence[str]) -> tuple[list[str], list[str]]:
    """Returns (checked, errors): what was checked and every error found, each naming file and key."""
    from game.maps import MapError, load_map

    checked: list[str] = []
    errors: list[str] = []
    targets = [Path(p) for p in paths] if paths else [BUNDLED_MODS / "base", MAPS_DIR, *_mod_dirs()]
    terrain_ids: set[str] | None = None
    try:
        terrain_ids = set(load_ruleset().terrain)
    except DataError as exc:
        errors.extend(exc.errors)
    for target in targets:
        if target.is_dir() and (target / "mod.toml").is_file():
            checked.append(f"mod {rel(target)}")
            mods = [] if target.resolve() == (BUNDLED_MODS / "base").resolve() else [target]
            try:
                load_ruleset(mods)
            except DataError as exc:
                errors.extend(e for e in exc.errors if e not in errors)
        elif target.is_dir():
            maps = sorted(target.glob("*.tmj"))
            if not maps:
                errors.append(f"{target}: nothing to check here (no mod.toml and no .tmj maps)")
            for map_path in maps:
                checked.append(f"map {rel(map_path)}")
                errors.extend(_map_errors(map_path, terrain_ids, load_map, MapError))
        elif target.suffix == ".tmj" or target.suffix == ".json":
            checked.append(f"map {rel(target)}")
            errors.extend(_map_errors(target, terrain_ids, load_map, MapError))
        else:
            errors.append(f"{target}: not a map (.tmj) or a mod folder (with mod.toml)")
    if not paths:
        from game.mods import skipped_mods

        errors.extend(skipped_mods())  # user mods that are never offered (e.g. one claiming the id "base")
    return checked, errors


def _mod_dirs() -> list[Path]:
    return [d for d in sorted(BUNDLED_MODS.iterdir()) if (d / "mod.toml").is_file() and d.name != "base"]


def _map_errors(path: Path, terrain_ids, load_map, map_error) -> list[str]:  # type: ignore[no-untyped-def]
    try:
        if terrain_ids is None:
            load_map(path)
        else:
            load_map(path, terrain_ids)
    except map_error as exc:
        return list(exc.errors)
    return []
