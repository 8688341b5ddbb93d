"""Rules variants for the balance lab: `NAME=FILE.toml`, a rules override plus optional extra mods.

A variant file is a rules file in its ruleset's format (any section, any key: it is merged over the
ruleset's rules and the chosen mods, and may redefine any item) with one optional extra table, `[variant]`:

    [variant]
    mods = ["some_mod"]         # mods this variant adds to the common --mod list
    description = "stronger soldiers, with some_mod"
    options = { fog = true }    # the ruleset's options (game.content.options), as `--option` would set them

    [units.soldier.combat]      # the override itself (here: stronger soldiers)
    attack = 3

The merged rules are validated like any rules file, so errors name the variant's file and the key. Every
variant, and the baseline (the common mods and no override), plays the same seeds.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from pydantic import BaseModel, ConfigDict, ValidationError

from game.content import rulesets
from game.content.data import ID_SECTIONS
from game.content.manifest import ModManifest, dotted, read_toml, rel
from game.content.options import choose
from game.errors import DataError

if TYPE_CHECKING:
    from game.app import App

BASELINE = "baseline"
NAME_PATTERN = re.compile(r"^[A-Za-z][A-Za-z0-9_.-]{0,31}$")


class VariantHeader(BaseModel):
    """The `[variant]` table of a variant file."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)
    mods: list[str] = []
    description: str = ""
    options: dict[str, bool | int | str] = {}


@dataclass(frozen=True)
class Variant:
    """One arm of a comparison: a name, the mods on top of the common ones, and a rules override file."""

    name: str
    mods: tuple[str, ...] = ()
    override: Path | None = None  # where the override came from (for messages)
    description: str = ""
    override_text: str = ""  # the file's text, carried along so workers on other machines need no copy
    common_mods: tuple[str, ...] = ()
    ruleset: str = "base"  # the game the variant changes
    options: tuple[tuple[str, bool | int | str], ...] = ()  # the ruleset's options it chooses, by name

    @property
    def all_mods(self) -> tuple[str, ...]:
        """The common mods, then this variant's own (without repeats), in that order."""
        return tuple(dict.fromkeys((*self.common_mods, *self.mods)))


def parse_variant(spec: str, common_mods: Sequence[str] = (), ruleset: str = "base") -> Variant:
    """`NAME=FILE.toml` -> a Variant (file read and its `[variant]` table checked); DataError otherwise."""
    name, sep, file = spec.partition("=")
    name, file = name.strip(), file.strip()
    if not sep or not name or not file:
        raise DataError([f"--variant {spec!r}: expected NAME=FILE.toml"])
    if not NAME_PATTERN.match(name):
        raise DataError([f"--variant {spec!r}: the name must start with a letter and use letters, digits, _ . -"])
    if name == BASELINE:
        raise DataError([f"--variant {spec!r}: '{BASELINE}' is the name of the unchanged rules; pick another"])
    path = Path(file)
    errors: list[str] = []
    doc = read_toml(path, errors)
    if doc is None:
        raise DataError(errors)
    header_raw = doc.get("variant", {})
    try:
        header = VariantHeader.model_validate(header_raw)
    except ValidationError as exc:
        raise DataError([f"{rel(path)}: variant.{dotted(err['loc'])}: {err['msg']}" for err in exc.errors()]) from None
    try:
        options = choose(rulesets()[ruleset][0].options, header.options, ruleset) if header.options else {}
    except DataError as exc:  # "--option NAME: ..." said as the file's key
        raise DataError([line.replace("--option ", f"{rel(path)}: variant.options.", 1) for line in exc.errors]) from None
    return Variant(name, tuple(header.mods), path, header.description, path.read_text(), tuple(common_mods), ruleset,
                   tuple(options.items()))


def baseline(common_mods: Sequence[str] = (), ruleset: str = "base") -> Variant:
    return Variant(BASELINE, (), None, "the chosen rules and mods, unchanged", "", tuple(common_mods), ruleset)


def build_variant_app(variant: Variant) -> App:
    """The App of a variant's games, its validated rules in `app.rules` (the ruleset, the mods, then the
    override merged last through the content pipeline); DataError naming file and key on problems."""
    from game.content import load_app

    if variant.override is None:
        return load_app(variant.ruleset, list(variant.all_mods), options=dict(variant.options))
    try:
        doc = tomllib.loads(variant.override_text)
    except tomllib.TOMLDecodeError as exc:
        raise DataError([f"{rel(variant.override)}: invalid TOML: {exc}"]) from None
    doc = {key: value for key, value in doc.items() if key != "variant"}
    # the override may redefine any item it names (it is the point of a variant)
    overrides = [f"{section}.{item}" for section in ID_SECTIONS if isinstance(doc.get(section), dict)
                 for item in doc[section]]
    manifest = ModManifest(id="variant", name=f"variant {variant.name}", version="0.0.0", overrides=overrides)
    return load_app(variant.ruleset, list(variant.all_mods), overlays=[(manifest, rel(variant.override), doc)],
                    options=dict(variant.options))


def check_variants(variants: Sequence[Variant]) -> list[str]:
    """Every problem with the variants (duplicate names, unknown mods, bad overrides), before any game runs."""
    errors: list[str] = []
    seen: set[str] = set()
    for variant in variants:
        if variant.name in seen:
            errors.append(f"--variant {variant.name}: the name is used twice")
        seen.add(variant.name)
        try:
            build_variant_app(variant)
        except DataError as exc:
            errors.extend(f"variant {variant.name}: {line}" for line in exc.errors)
    return errors
