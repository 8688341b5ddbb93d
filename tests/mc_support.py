"""Helpers for MonsterCrasher tests: its plugin package, its validated rules, positions written as text."""

from __future__ import annotations

import importlib.util
import sys
import tomllib
from pathlib import Path
from types import ModuleType
from typing import Any

FOLDER = Path(__file__).resolve().parent.parent / "mods" / "monstercrasher"
NAME = "foc_mod_monstercrasher"
RULESET = "monstercrasher"


def plugin() -> ModuleType:
    """The plugin package, imported once under the name the mod loader uses."""
    if NAME in sys.modules:
        return sys.modules[NAME]
    path = FOLDER / "plugin" / "__init__.py"
    spec = importlib.util.spec_from_file_location(NAME, path, submodule_search_locations=[str(path.parent)])
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[NAME] = module
    spec.loader.exec_module(module)
    return module


def sub(name: str) -> Any:
    plugin()
    return importlib.import_module(f"{NAME}.{name}")


def raw_rules() -> dict[str, Any]:
    data: dict[str, Any] = {}
    for name in ("rules.toml", "creatures.toml"):
        data.update(tomllib.loads((FOLDER / name).read_text()))
    return data


def rules(**changes: Any) -> Any:
    data = raw_rules()
    for key, value in changes.items():
        section, field = key.split("__")
        data[section][field] = value
    return sub("data").MonsterRules.model_validate(data)


def square(name: str) -> tuple[int, int]:
    return (ord(name[0]) - ord("A") + 1, int(name[1:]))


def pieces(text: str) -> list[Any]:
    """Creatures as the rules reference writes them: "P1 guard 1/2 C4, P2 basic 1/1 C5" (ids 1, 2, ...)."""
    Piece = sub("march").Piece
    out = []
    for index, part in enumerate(p.strip() for p in text.split(",")):
        seat, kind, stats, where = part.split()
        power, defense = (int(x) for x in stats.split("/"))
        out.append(Piece(index + 1, int(seat[1]), kind, power, defense, square(where)))
    return out


def describe(found: Any) -> set[str]:
    """Pieces back in the reference's notation, as a set (order-free)."""
    return {
        f"P{p.owner} {p.kind} {p.power}/{p.defense} {chr(ord('A') + p.square[0] - 1)}{p.square[1]}" for p in found
    }
