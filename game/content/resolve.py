"""Resolve: a game's ruleset and the mods extending it, dependencies first, every problem reported."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from packaging.specifiers import InvalidSpecifier, SpecifierSet
from packaging.version import Version

from game.content.discover import FoundMod, code_errors, discover_mods, origin_of
from game.content.manifest import DEFAULT_RULESET, ModManifest, read_manifest, rel

Ordered = list[tuple[ModManifest, Path]]


def resolve_game(
    ruleset: str | Path, mods: Sequence[str | Path], search: Sequence[Path] | None, errors: list[str]
) -> Ordered:
    """The ruleset first, then the requested mods and their dependencies in load order.

    Problems (to `errors`): the ruleset is not a ruleset, a mod is a ruleset, a mod extends another
    ruleset or a version of this one outside its range, and everything resolve_mods reports.
    """
    found = discover_mods(search)
    if isinstance(ruleset, str) and "/" not in ruleset and ruleset not in found:
        known = sorted(mid for mid, places in found.items()
                       if (m := read_manifest(places[0].folder, [])) is not None and m.kind == "ruleset")
        errors.append(f"rulesets: ruleset '{ruleset}' is not installed (installed: {', '.join(known) or 'none'})")
        return []
    ordered = resolve_mods([ruleset, *mods], search, errors, found)
    if not ordered:
        return ordered
    root, root_folder = ordered[0]
    if root.kind != "ruleset":
        errors.append(f"{rel(root_folder / 'mod.toml')}: kind: '{root.id}' is a mod, not a ruleset (a whole game); "
                      f"enable it with --mod {root.id}")
        return ordered
    for manifest, folder in ordered[1:]:
        where = rel(folder / "mod.toml")
        if manifest.kind == "ruleset":
            errors.append(f"{where}: kind: '{manifest.id}' is a ruleset (a whole game), not a mod; "
                          f"play it with --ruleset {manifest.id}")
            continue
        if manifest.ruleset != root.id:
            errors.append(f"{where}: extends: mod '{manifest.id}' extends the ruleset '{manifest.ruleset}', "
                          f"but this game plays '{root.id}'")
            continue
        spec = manifest.extends.get(root.id)
        if spec is None:
            continue
        try:
            ok = Version(root.version) in SpecifierSet(spec)
        except InvalidSpecifier:
            errors.append(f"{where}: extends.{root.id}: invalid version range '{spec}'")
            continue
        if not ok:
            errors.append(f"{where}: extends.{root.id}: mod '{manifest.id}' needs '{root.id}' {spec}, "
                          f"but version {root.version} is installed")
    return ordered


def ruleset_of(mod_ids: Sequence[str]) -> str:
    """The ruleset of a game recorded as its list of mod ids (the ruleset comes first)."""
    return mod_ids[0] if mod_ids else DEFAULT_RULESET


def resolve_mods(
    requested: Sequence[str | Path], search: Sequence[Path] | None, errors: list[str],
    available: dict[str, list[FoundMod]] | None = None,
) -> list[tuple[ModManifest, Path]]:
    """The requested mods (ids or folders) and their dependencies, dependencies first; problems go to `errors`.

    Problems: a mod not installed, two folders with the same mod id, a dependency's version outside the
    range asked for, a dependency cycle, a malformed manifest, and code where code is not allowed.
    """
    available = discover_mods(search) if available is None else available
    manifests: dict[str, tuple[ModManifest, Path]] = {}

    def locate(ref: str | Path, wanted_by: str | None) -> Path | None:
        if isinstance(ref, Path) or "/" in str(ref) or "\\" in str(ref):
            return Path(ref)
        candidates = available.get(str(ref), [])
        if not candidates:
            who = f"mod '{wanted_by}' depends on" if wanted_by else "requested"
            errors.append(f"mods: {who} mod '{ref}', which is not installed")
            return None
        if len(candidates) > 1:
            places = " and ".join(rel(m.folder / "mod.toml") for m in candidates)
            errors.append(f"mods: mod id '{ref}' is defined twice, by {places}; remove or rename one of them")
            return None
        return candidates[0].folder

    def load(ref: str | Path, wanted_by: str | None) -> str | None:
        folder = locate(ref, wanted_by)
        if folder is None:
            return None
        manifest = read_manifest(folder, errors)
        if manifest is None:
            return None
        if manifest.id in manifests:
            other = manifests[manifest.id][1]
            if other.resolve() != folder.resolve():
                errors.append(
                    f"{rel(folder / 'mod.toml')}: id: mod id '{manifest.id}' is also used by {rel(other / 'mod.toml')}"
                )
            return manifest.id
        manifests[manifest.id] = (manifest, folder)
        errors.extend(code_errors(manifest, folder, origin_of(folder)))
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


