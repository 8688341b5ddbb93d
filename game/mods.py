"""Find mods, check their manifests and dependencies, and put them in load order."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import platformdirs
from packaging.specifiers import InvalidSpecifier, SpecifierSet
from packaging.version import Version

from game.rules_loader import BUNDLED_MODS, ModManifest, find_mod_dirs, read_manifest, rel

APP_NAME = "forces-of-conquest"


def user_mod_dir() -> Path:
    return Path(platformdirs.user_data_dir(APP_NAME)) / "mods"


def mod_search_paths() -> list[Path]:
    """Bundled mods first (they win on an id clash), then the user's mod folder."""
    return [BUNDLED_MODS, user_mod_dir()]


def resolve_mods(
    requested: Sequence[str | Path], search: Sequence[Path] | None, errors: list[str]
) -> list[tuple[ModManifest, Path]]:
    """The requested mods and their dependencies, dependencies first; problems go to `errors`."""
    available = find_mod_dirs(search)
    manifests: dict[str, tuple[ModManifest, Path]] = {}

    def load(ref: str | Path, wanted_by: str | None) -> str | None:
        folder = Path(ref) if isinstance(ref, Path) or "/" in str(ref) else available.get(str(ref))
        if folder is None:
            who = f"mod '{wanted_by}' depends on" if wanted_by else "requested"
            errors.append(f"mods: {who} mod '{ref}', which is not installed")
            return None
        manifest = read_manifest(folder, errors)
        if manifest is None:
            return None
        if manifest.id in manifests:
            if manifests[manifest.id][1].resolve() != folder.resolve():
                errors.append(
                    f"{rel(folder / 'mod.toml')}: id: mod id '{manifest.id}' is also used by "
                    f"{rel(manifests[manifest.id][1] / 'mod.toml')}"
                )
            return manifest.id
        manifests[manifest.id] = (manifest, folder)
        for dep in manifest.depends:
            load(dep, manifest.id)
        return manifest.id

    roots = [mid for ref in requested if (mid := load(ref, None)) is not None]
    for manifest, folder in manifests.values():
        for dep, spec in manifest.depends.items():
            if dep not in manifests:
                continue
            try:
                ok = Version(manifests[dep][0].version) in SpecifierSet(spec)
            except InvalidSpecifier:
                errors.append(f"{rel(folder / 'mod.toml')}: depends.{dep}: invalid version range '{spec}'")
                continue
            if not ok:
                errors.append(
                    f"{rel(folder / 'mod.toml')}: depends.{dep}: mod '{manifest.id}' needs '{dep}' {spec}, "
                    f"but version {manifests[dep][0].version} is installed"
                )
    order: list[str] = []
    state: dict[str, str] = {}

    def visit(mid: str, chain: list[str]) -> None:
        if state.get(mid) == "done" or mid not in manifests:
            return
        if state.get(mid) == "active":
            cycle = " -> ".join([*chain[chain.index(mid):], mid])
            errors.append(f"mods: dependency cycle: {cycle}")
            return
        state[mid] = "active"
        for dep in manifests[mid][0].depends:
            visit(dep, [*chain, mid])
        state[mid] = "done"
        order.append(mid)

    for mid in roots:
        visit(mid, [])
    return [manifests[mid] for mid in order]
