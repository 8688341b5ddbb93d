"""Load the base ruleset and mods from TOML, merge them, and report every error with file and key."""

from __future__ import annotations

import tomllib
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from components.abilities import ABILITY_KINDS
from components.rules import Ruleset
from game.errors import DataError

PROJECT_ROOT = Path(__file__).resolve().parent.parent
BUNDLED_MODS = PROJECT_ROOT / "mods"
ID_SECTIONS = ("terrain", "movement_classes", "units", "structures", "upgrades")
RULES_SECTIONS = ("resources", "setup", "limits", "costs", "disruption", "stationed", "rogue", "catapult")


class ModManifest(BaseModel):
    """A mod's `mod.toml`: who it is, what it needs, which rules files it brings."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    name: str
    version: str = Field(pattern=r"^\d+\.\d+\.\d+$")
    description: str = ""
    depends: dict[str, str] = {}
    files: list[str] = Field(default=[], description="rules files (TOML, the base ruleset's format) in load order")
    overrides: list[str] = Field(
        default=[], description='items defined by earlier mods that this mod may redefine, as "section.id" '
        '(e.g. "units.soldier")'
    )
    plugin: str | None = Field(
        default=None, description="the mod's Python plugin file (e.g. \"plugin.py\") defining register(app); "
        "only bundled mods and installed packages may have one"
    )


def rel(path: Path) -> str:
    """A path as messages show it: relative to the project when inside it."""
    try:
        return str(path.resolve().relative_to(PROJECT_ROOT))
    except ValueError:
        return str(path)


def dotted(loc: Iterable[Any]) -> str:
    return ".".join(str(part) for part in loc)


def read_toml(path: Path, errors: list[str]) -> dict[str, Any] | None:
    try:
        with path.open("rb") as handle:
            return tomllib.load(handle)
    except FileNotFoundError:
        errors.append(f"{rel(path)}: file not found")
    except tomllib.TOMLDecodeError as exc:
        errors.append(f"{rel(path)}: invalid TOML: {exc}")
    except OSError as exc:
        errors.append(f"{rel(path)}: cannot read: {exc}")
    return None


def read_manifest(mod_dir: Path, errors: list[str]) -> ModManifest | None:
    path = mod_dir / "mod.toml"
    raw = read_toml(path, errors)
    if raw is None:
        return None
    try:
        return ModManifest.model_validate(raw)
    except ValidationError as exc:
        for err in exc.errors():
            errors.append(f"{rel(path)}: {dotted(err['loc']) or '(root)'}: {err['msg']}")
    return None


class _Merger:
    """Deep-merges rules files and remembers which file set each key, for error messages."""

    def __init__(self) -> None:
        self.data: dict[str, Any] = {}
        self.origin: dict[tuple[str, ...], str] = {}
        self.owner_mod: dict[tuple[str, str], str] = {}

    def add(self, doc: dict[str, Any], file: str, mod: ModManifest, errors: list[str]) -> None:
        for section, value in doc.items():
            if section in ID_SECTIONS and isinstance(value, dict):
                for item_id in value:
                    previous = self.owner_mod.get((section, item_id))
                    if previous and previous != mod.id and f"{section}.{item_id}" not in mod.overrides:
                        errors.append(
                            f"{file}: {section}.{item_id}: already defined by mod '{previous}'; "
                            f"list \"{section}.{item_id}\" in overrides to replace it"
                        )
                    self.owner_mod[(section, item_id)] = mod.id
        self._merge(self.data, doc, (), file)

    def _merge(self, into: dict[str, Any], doc: dict[str, Any], prefix: tuple[str, ...], file: str) -> None:
        for key, value in doc.items():
            path = (*prefix, key)
            self.origin[path] = file
            if isinstance(value, dict) and isinstance(into.get(key), dict):
                self._merge(into[key], value, path, file)
            else:
                into[key] = value
                if isinstance(value, dict):
                    self._record(value, path, file)

    def _record(self, doc: dict[str, Any], prefix: tuple[str, ...], file: str) -> None:
        for key, value in doc.items():
            self.origin[(*prefix, key)] = file
            if isinstance(value, dict):
                self._record(value, (*prefix, key), file)

    def file_of(self, loc: Sequence[Any]) -> str:
        parts = tuple(str(p) for p in loc)
        for end in range(len(parts), 0, -1):
            if parts[:end] in self.origin:
                return self.origin[parts[:end]]
        return next(iter(self.origin.values()), "ruleset")


def find_mod_dirs(search: Sequence[Path] | None = None) -> dict[str, Path]:
    """Every mod folder by its manifest id (bundled mods first, then the user's, then installed packages)."""
    from game.mods import discover_mods

    return {mod_id: found[0].folder for mod_id, found in discover_mods(search).items()}


def load_ruleset(mods: Sequence[str | Path] = (), search: Sequence[Path] | None = None) -> Ruleset:
    """The base ruleset plus the named mods (ids or folders), in dependency order; DataError on problems."""
    from game.mods import resolve_mods
    from game.plugins import activate_plugins

    errors: list[str] = []
    ordered = resolve_mods(["base", *mods], search, errors)
    if errors:
        raise DataError(errors)
    activate_plugins(ordered, None, errors)  # plugins' ability kinds etc. must be known to validate
    if errors:
        raise DataError(errors)
    return build_ruleset(ordered, errors)


def build_ruleset(
    ordered: Sequence[tuple[ModManifest, Path]], errors: list[str] | None = None,
    overlays: Sequence[tuple[ModManifest, str, dict[str, Any]]] = (),
) -> Ruleset:
    """Merge the rules files of mods already in load order and validate the result.

    `overlays` (manifest, file name for messages, rules document) are merged last and are not mods: the
    balance lab's variant overrides (game.lab.variants).
    """
    errors = [] if errors is None else errors
    merger = _Merger()
    for manifest, folder in ordered:
        for name in manifest.files:
            path = folder / name
            doc = read_toml(path, errors)
            if doc is not None:
                merger.add(doc, rel(path), manifest, errors)
    for manifest, file, doc in overlays:
        merger.add(doc, file, manifest, errors)
    merger.data["mods"] = [{"id": m.id, "name": m.name, "version": m.version} for m, _ in ordered]
    errors.extend(cross_reference_errors(merger))
    ruleset: Ruleset | None = None
    try:
        ruleset = Ruleset.model_validate(merger.data)
    except ValidationError as exc:
        for err in exc.errors():
            loc = err["loc"]
            errors.append(f"{merger.file_of(loc)}: {dotted(loc)}: {err['msg']}")
    if errors or ruleset is None:
        raise DataError(sorted(set(errors), key=errors.index))
    return ruleset


def cross_reference_errors(merger: _Merger) -> list[str]:
    """Ids that name things which do not exist: resources, terrain, movement classes, units, abilities."""
    data = merger.data
    out: list[str] = []

    def bad(loc: tuple[str, ...], message: str) -> None:
        out.append(f"{merger.file_of(loc)}: {'.'.join(loc)}: {message}")

    def table(value: Any) -> dict[str, Any]:
        return value if isinstance(value, dict) else {}

    resources = set(table(data.get("resources")).get("ids", []) or [])
    terrain = set(table(data.get("terrain")))
    classes = table(data.get("movement_classes"))
    units = table(data.get("units"))

    def check_amounts(loc: tuple[str, ...], value: Any) -> None:
        for res in table(value):
            if res not in resources:
                bad((*loc, res), f"unknown resource '{res}'")

    upkeep_res = table(data.get("resources")).get("upkeep")
    if upkeep_res is not None and upkeep_res not in resources:
        bad(("resources", "upkeep"), f"unknown resource '{upkeep_res}'")
    check_amounts(("setup", "start"), table(data.get("setup")).get("start"))
    check_amounts(("stationed", "upkeep"), table(data.get("stationed")).get("upkeep"))
    check_amounts(("catapult", "ammo"), table(data.get("catapult")).get("ammo"))
    for tid, spec in table(data.get("terrain")).items():
        check_amounts(("terrain", tid, "production"), table(spec).get("production"))
    for cid, costs in classes.items():
        for ter in table(costs):
            if ter not in terrain:
                bad(("movement_classes", cid, ter), f"unknown terrain '{ter}'")
    for section in ("units", "structures", "upgrades"):
        for item_id, spec in table(data.get(section)).items():
            spec = table(spec)
            for key in ("cost", "upkeep", "repair"):
                check_amounts((section, item_id, key), spec.get(key))
            movement = table(spec.get("movement") if section == "units" else spec.get("mobile"))
            mclass = movement.get("class")
            key = "movement" if section == "units" else "mobile"
            if mclass is not None and mclass not in classes:
                bad((section, item_id, key, "class"), f"unknown movement class '{mclass}'")
            for index, ability in enumerate(spec.get("abilities", []) or []):
                out.extend(_ability_errors(merger, (section, item_id, "abilities", str(index)), ability))
    for index, uid in enumerate(table(data.get("rogue")).get("wild_unit_types", []) or []):
        if uid not in units:
            bad(("rogue", "wild_unit_types", str(index)), f"unknown unit type '{uid}'")
    out.extend(_plugin_data_errors(merger, bad))
    return out


def _plugin_data_errors(merger: _Merger, bad: Any) -> list[str]:
    """Placement kinds and `extra` rules sections must belong to the engine or an active plugin."""
    from components.rules import BUILTIN_PLACEMENTS
    from game.plugins import RULES_SECTIONS, inactive_owner
    from systems.build_actions import PLACEMENT_RULES

    out: list[str] = []
    data = merger.data
    active = _active_mods(merger)
    known = [*BUILTIN_PLACEMENTS, *sorted(k for k in PLACEMENT_RULES if not inactive_owner("placement", k, active))]
    structures = data.get("structures")
    for sid, spec in (structures if isinstance(structures, dict) else {}).items():
        placement = spec.get("placement") if isinstance(spec, dict) else None
        if isinstance(placement, str) and placement not in known:
            bad(("structures", sid, "placement"), f"unknown placement '{placement}' (known: {', '.join(known)})")
    extra = data.get("extra")
    for name, section in (extra if isinstance(extra, dict) else {}).items():
        model = RULES_SECTIONS.get(name)
        if model is None or inactive_owner("section", name, active):
            bad(("extra", name), f"no active plugin defines the rules section '{name}'")
            continue
        try:
            model.model_validate(section)
        except ValidationError as exc:
            for err in exc.errors():
                loc = ("extra", name, *(str(p) for p in err["loc"]))
                out.append(f"{merger.file_of(loc)}: {dotted(loc)}: {err['msg']}")
    return out


def _ability_errors(merger: _Merger, loc: tuple[str, ...], ability: Any) -> list[str]:
    file = merger.file_of(loc)
    if not isinstance(ability, dict) or "kind" not in ability:
        return [f"{file}: {'.'.join(loc)}: an ability needs a 'kind'"]
    from game.plugins import inactive_owner

    kind = ability["kind"]
    params = ABILITY_KINDS.get(kind)
    active = _active_mods(merger)
    owner = inactive_owner("ability", kind, active)
    if owner is not None:
        return [f"{file}: {'.'.join(loc)}.kind: ability kind '{kind}' comes from mod '{owner}', "
                f"which is not loaded; add it to this mod's depends"]
    if params is None:
        known = ", ".join(sorted(k for k in ABILITY_KINDS if inactive_owner("ability", k, active) is None))
        return [f"{file}: {'.'.join(loc)}.kind: unknown ability kind '{kind}' (known: {known})"]
    try:
        params.model_validate(ability)
    except ValidationError as exc:
        return [f"{file}: {'.'.join(loc)}.{dotted(e['loc'])}: {e['msg']}" for e in exc.errors()]
    return []


def _active_mods(merger: _Merger) -> list[str]:
    """The ids of the mods being merged (build_ruleset records them before cross-referencing)."""
    return [m["id"] for m in merger.data.get("mods", []) if isinstance(m, dict)]
