"""A mod's or ruleset's `mod.toml`: the manifest model, reading TOML, and paths as messages show them."""

from __future__ import annotations

import tomllib
from collections.abc import Iterable
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from game.flow import Flow

PROJECT_ROOT = Path(__file__).resolve().parent.parent.parent
BUNDLED_MODS = PROJECT_ROOT / "mods"
DEFAULT_RULESET = "base"  # the ruleset a game plays when none is named (saves without one played it)


class ModManifest(BaseModel):
    """A `mod.toml`: who it is, whether it is a whole game (a ruleset) or extends one, what it needs and brings."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
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
    maps: str = Field(default="maps", description="a ruleset's folder of maps (.tmj), relative to mod.toml")

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
        return self

    @property
    def ruleset(self) -> str:
        """The ruleset this manifest belongs to: itself for a ruleset, the one it extends for a mod."""
        if self.kind == "ruleset":
            return self.id
        return next(iter(self.extends), DEFAULT_RULESET)


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
