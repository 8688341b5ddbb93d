"""A mod's or ruleset's `mod.toml`: the manifest model, reading TOML, and paths as messages show them."""

from __future__ import annotations

import tomllib
from collections.abc import Iterable
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from game.content.options import RulesetOption
from game.flow import Flow
from game.resources import CONTENT_ROOT, MODS

BUNDLED_MODS = MODS  # the game's own rulesets and mods
DEFAULT_RULESET = "base"  # the ruleset a game plays when none is named (saves without one played it)
# a mod or ruleset id: lower case letters, digits, '_' and single inner '-' (e.g. risky-space)
MOD_ID_PATTERN = r"^[a-z][a-z0-9_]*(?:-[a-z0-9_]+)*$"


class ModManifest(BaseModel):
    """A `mod.toml`: who it is, whether it is a whole game (a ruleset) or extends one, what it needs and brings."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)  # no name = 3, no files = "x"
    id: str = Field(
        pattern=MOD_ID_PATTERN,
        max_length=64,
        description="lower case letters, digits, '_' and single inner '-' (e.g. risky-space); code derives a "
        "Python-safe name from it (game.content.plugins.safe_name)",
    )
    name: str
    version: str = Field(pattern=r"^\d+\.\d+\.\d+$")
    description: str = ""
    kind: Literal["ruleset", "mod"] = Field(
        default="mod", description='"ruleset": a whole game (a root); "mod": extends one ruleset'
    )
    extends: dict[str, str] = Field(
        default={}, description='the ruleset a mod extends, with a version range: { base = ">=1.0.0,<2" }; '
        f'a mod without one extends "{DEFAULT_RULESET}"'
    )
    depends: dict[str, str] = {}
    files: list[str] = Field(default=[], description="rules files (TOML, the ruleset's format) in load order")
    overrides: list[str] = Field(
        default=[], description='items defined by earlier mods that this mod may redefine, as "section.id" '
        '(e.g. "units.soldier")'
    )
    plugin: str | None = Field(
        default=None, description="the Python plugin file (e.g. \"plugin.py\") defining register(app); "
        "only bundled mods and installed packages may have one"
    )
    flow: Flow | None = Field(default=None, description="a ruleset's setup and turn phases (game.flow)")
    maps: str = Field(default="maps", description="a ruleset's folder of maps (.tmj, .tmx), relative to mod.toml")
    options: list[RulesetOption] = Field(
        default=[], description="a ruleset's player-facing options ([[options]]), set when a game starts "
        "(game.content.options)")
    sounds: dict[str, str] = Field(
        default={}, description='effects for events, also for data-only mods: "EventName" or "EventName.type" '
        '(a unit or structure type, e.g. "UnitBuilt.soldier") -> a base effect or the mod\'s sounds/<name>.wav'
    )

    @field_validator("extends")
    @classmethod
    def _one_ruleset(cls, value: dict[str, str]) -> dict[str, str]:
        if len(value) > 1:
            raise ValueError("a mod extends exactly one ruleset")
        return value

    @model_validator(mode="after")
    def _roots_have_a_flow(self) -> ModManifest:
        if self.kind == "ruleset" and self.flow is None:
            raise ValueError("a ruleset declares its [flow] (setup, turn and round_end phases)")
        if self.kind == "ruleset" and self.extends:
            raise ValueError("a ruleset is a root: it extends nothing")
        if self.kind == "mod" and self.flow is not None:
            raise ValueError("only a ruleset declares a [flow]; a mod adds systems with its plugin")
        if self.kind == "mod" and self.options:
            raise ValueError("only a ruleset declares [[options]]")
        names = [o.name for o in self.options]
        if len(set(names)) != len(names):
            raise ValueError(f"options: two options share a name ({', '.join(sorted(names))})")
        return self

    @property
    def ruleset(self) -> str:
        """The ruleset this manifest belongs to: itself for a ruleset, the one it extends for a mod."""
        if self.kind == "ruleset":
            return self.id
        return next(iter(self.extends), DEFAULT_RULESET)


def rel(path: Path) -> str:
    """A path as messages show it: relative to the game's content folder when inside it (mods/base/units.toml,
    installed or not)."""
    try:
        return str(path.resolve().relative_to(CONTENT_ROOT))
    except ValueError:
        return str(path)


def inside_folder(path: Path, folder: Path) -> bool:
    """Does `path` (links resolved) lie inside `folder`? Data never reaches outside its own folder."""
    try:
        return path.resolve().is_relative_to(folder.resolve())
    except (OSError, RuntimeError, ValueError):
        return False


def dotted(loc: Iterable[Any]) -> str:
    return ".".join(str(part) for part in loc)


MAX_TOML_BYTES = 4 * 1024 * 1024  # rules files are a few KB; anything this big is not a rules file
MAX_TOML_DEPTH = 32  # the deepest table or array rules use is 5 levels


def read_toml(path: Path, errors: list[str]) -> dict[str, Any] | None:
    """A TOML file's data, or None with the problem (naming the file) in `errors`: never an exception."""
    try:
        if path.stat().st_size > MAX_TOML_BYTES:
            errors.append(f"{rel(path)}: file is {path.stat().st_size} bytes; rules files may have at most "
                          f"{MAX_TOML_BYTES}")
            return None
        with path.open("rb") as handle:
            text = handle.read().decode("utf-8")
        if (depth := _nesting(text)) > MAX_TOML_DEPTH:
            errors.append(f"{rel(path)}: nested {depth} levels deep; at most {MAX_TOML_DEPTH} are allowed")
            return None
        return tomllib.loads(text)
    except FileNotFoundError:
        errors.append(f"{rel(path)}: file not found")
    except UnicodeDecodeError as exc:
        errors.append(f"{rel(path)}: not UTF-8 text (byte {exc.start}); TOML files must be UTF-8")
    except (tomllib.TOMLDecodeError, RecursionError) as exc:
        errors.append(f"{rel(path)}: invalid TOML: {exc}")
    except OSError as exc:
        errors.append(f"{rel(path)}: cannot read: {exc.strerror or exc}")
    return None


def _nesting(text: str) -> int:
    """An upper bound on the nesting of inline arrays/tables (brackets in strings count too: safe side)."""
    depth = deepest = 0
    for char in text:
        if char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif char in "]}":
            depth = max(0, depth - 1)
    return deepest


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
