"""The mod kit: `foc new-mod NAME --kind units|mechanic|ruleset` writes a working, installable skeleton.

Each skeleton is a Python project (`foc-NAME/`): a pyproject.toml with build system, the entry point in the
group `forces_of_conquest.mods` and package data (rules files, maps, sounds), the package itself (mod.toml,
data, the plugin where the kind needs one, a computer player for a ruleset) and tests. As written it
validates, simulates and plays; `pip install -e foc-NAME` makes it one of the game's mods.
"""

from __future__ import annotations

import re
import shutil
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from string import Template

from packaging.version import Version

from game.content import rulesets
from game.content.manifest import DEFAULT_RULESET, MOD_ID_PATTERN, rel
from game.content.plugins import safe_name
from game.mod_kit import common, mechanic, ruleset, units

KINDS: dict[str, Callable[[Names], dict[str, str]]] = {
    "units": units.files,
    "mechanic": mechanic.files,
    "ruleset": ruleset.files,
}


@dataclass(frozen=True)
class Names:
    """What a skeleton is called: mod id (`river-folk`), title (`River Folk`), Python package (`foc_river_folk`),
    distribution (`foc-river-folk`) and the id as a Python identifier (`river_folk`)."""

    id: str
    title: str
    package: str
    project: str
    safe: str
    ruleset: str = DEFAULT_RULESET  # the ruleset a mod skeleton extends
    ruleset_range: str = ""  # the versions of it the mod works with: this major version
    ruleset_folder: str = ""  # where its rules files are, as messages show it

    @classmethod
    def of(cls, mod_id: str) -> Names:
        safe = safe_name(mod_id)
        found = rulesets().get(DEFAULT_RULESET)
        version = Version(found[0].version) if found else Version("1.0.0")
        return cls(mod_id, mod_id.replace("-", " ").replace("_", " ").title(), f"foc_{safe}", f"foc-{mod_id}", safe,
                   ruleset_range=f">={version.major}.0.0,<{version.major + 1}",
                   ruleset_folder=rel(found[1]) if found else DEFAULT_RULESET)

    def fill(self, template: str) -> str:
        return Template(template).substitute(
            id=self.id, title=self.title, package=self.package, project=self.project, safe=self.safe,
            ruleset=self.ruleset, ruleset_range=self.ruleset_range, ruleset_folder=self.ruleset_folder)


class ModKitError(ValueError):
    """A skeleton that cannot be written: one line naming what is wrong."""


def new_mod(mod_id: str, kind: str, out: Path) -> Path:
    """Write the skeleton of `kind` for mod `mod_id` to `out/foc-<id>/` and return that folder.

    Nothing is written unless all of it is: the files go to a temporary folder beside the target first.
    """
    if not re.fullmatch(MOD_ID_PATTERN, mod_id) or len(mod_id) > 64:
        raise ModKitError(f"NAME: '{mod_id}' is not a mod id: lower case letters, digits, '_' and single inner "
                          "'-', starting with a letter (e.g. river-folk)")
    if kind not in KINDS:
        raise ModKitError(f"--kind: '{kind}' is not one of {', '.join(KINDS)}")
    names = Names.of(mod_id)
    target = out / names.project
    if target.exists():
        raise ModKitError(f"{target}: already exists; choose another NAME or folder (nothing was written)")
    out.mkdir(parents=True, exist_ok=True)
    files = {**common.files(names, kind), **KINDS[kind](names)}
    staging = Path(tempfile.mkdtemp(prefix=f".{names.project}-", dir=out))
    try:
        for relative, text in files.items():
            path = staging / names.fill(relative)
            path.parent.mkdir(parents=True, exist_ok=True)
            if isinstance(text, bytes):
                path.write_bytes(text)
            else:
                path.write_text(names.fill(text), encoding="utf-8")
        staging.rename(target)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    return target
