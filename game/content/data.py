"""Read data: merge a ruleset's and its mods' rules files, validate them against the game's App, and
report every error with file and key."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pydantic import ValidationError

from game.content.manifest import ModManifest, dotted, inside_folder, read_toml, rel
from game.content.strict_numbers import loose_numbers
from game.errors import DataError

if TYPE_CHECKING:
    from components.rules import RulesetCore
    from game.app import App

ID_SECTIONS = ("terrain", "movement_classes", "units", "structures", "upgrades")


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


def build_ruleset(
    app: App, ordered: Sequence[tuple[ModManifest, Path]], errors: list[str] | None = None,
    overlays: Sequence[tuple[ModManifest, str, dict[str, Any]]] = (),
) -> RulesetCore:
    """Merge the rules files of mods already in load order and validate the result with the App's model.

    `overlays` (manifest, file name for messages, rules document) are merged last and are not mods: the
    balance lab's variant overrides (game.lab.variants).
    """
    errors = [] if errors is None else errors
    merger = _Merger()
    for manifest, folder in ordered:
        for index, name in enumerate(manifest.files):
            path = folder / name
            if not inside_folder(path, folder):
                errors.append(f"{rel(folder / 'mod.toml')}: files.{index}: '{name}' lies outside the mod's folder; "
                              "a mod's files must be inside it")
                continue
            doc = read_toml(path, errors)
            if doc is not None:
                merger.add(doc, rel(path), manifest, errors)
    for manifest, file, doc in overlays:
        merger.add(doc, file, manifest, errors)
    merger.data["mods"] = [{"id": m.id, "name": m.name, "version": m.version} for m, _ in ordered]
    errors.extend(cross_reference_errors(merger, app))
    ruleset: RulesetCore | None = None
    try:
        ruleset = validate_rules(app, merger.data)
    except ValidationError as exc:
        for err in exc.errors():
            loc = err["loc"]
            if "abilities" in loc:
                continue  # cross_reference_errors reported the abilities already, each with its kind
            errors.append(f"{merger.file_of(loc)}: {dotted(loc)}: {err['msg']}")
    if errors or ruleset is None:
        raise DataError(sorted(set(errors), key=errors.index))
    return ruleset


def validate_rules(app: App, data: Any) -> RulesetCore:
    """The ruleset described by `data`, validated with the App's rules model and its ability kinds
    (abilities load as their typed parameter models). pydantic's ValidationError on problems."""
    if app.rules_model is None:
        raise ValueError(f"the ruleset '{app.ruleset}' registered no rules model (app.set_rules_model)")
    if (loose := loose_numbers(app.rules_model, data)) is not None:  # every ruleset's ints are strict ints
        raise loose
    rules = app.rules_model.model_validate(data, context={"ability_kinds": app.ability_kinds})
    return rules


def cross_reference_errors(merger: _Merger, app: App) -> list[str]:
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
                out.extend(_ability_errors(merger, app, (section, item_id, "abilities", str(index)), ability))
    for index, uid in enumerate(table(data.get("rogue")).get("wild_unit_types", []) or []):
        if uid not in units:
            bad(("rogue", "wild_unit_types", str(index)), f"unknown unit type '{uid}'")
    out.extend(_plugin_data_errors(merger, app, bad))
    return out


def _plugin_data_errors(merger: _Merger, app: App, bad: Any) -> list[str]:
    """Placement kinds and `extra` rules sections must belong to the ruleset or one of the game's plugins."""
    out: list[str] = []
    data = merger.data
    known = [*app.builtin_placements, *sorted(app.placements)]
    structures = data.get("structures")
    for sid, spec in (structures if isinstance(structures, dict) else {}).items():
        placement = spec.get("placement") if isinstance(spec, dict) else None
        if isinstance(placement, str) and placement not in known:
            bad(("structures", sid, "placement"), f"unknown placement '{placement}' (known: {', '.join(known)})")
    extra = data.get("extra")
    for name, section in (extra if isinstance(extra, dict) else {}).items():
        model = app.rules_sections.get(name)
        if model is None:
            bad(("extra", name), f"no active plugin defines the rules section '{name}'")
            continue
        try:  # the merged rules are the context, so a section may check the names it uses (units, terrain...)
            model.model_validate(section, context={"rules_data": data})
        except ValidationError as exc:
            for err in exc.errors():
                loc = ("extra", name, *(str(p) for p in err["loc"]))
                out.append(f"{merger.file_of(loc)}: {dotted(loc)}: {err['msg']}")
    return out


def _ability_errors(merger: _Merger, app: App, loc: tuple[str, ...], ability: Any) -> list[str]:
    file = merger.file_of(loc)
    if not isinstance(ability, dict) or "kind" not in ability:
        return [f"{file}: {'.'.join(loc)}: an ability needs a 'kind'"]
    kind = ability["kind"]
    params = app.ability_kinds.get(kind)
    if params is None:
        known = ", ".join(sorted(app.ability_kinds))
        return [f"{file}: {'.'.join(loc)}.kind: unknown ability kind '{kind}' (known: {known}); "
                "a kind a plugin adds needs that mod in this mod's depends"]
    try:
        params.model_validate(ability)
    except ValidationError as exc:
        return [f"{file}: {'.'.join(loc)}.{dotted(e['loc'])}: {e['msg']}" for e in exc.errors()]
    return []
