"""Helpers for MonsterCrasher tests: its plugin package, its validated rules, positions written as text."""

from __future__ import annotations

import importlib
import tomllib
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any

FOLDER = Path(__file__).resolve().parent.parent / "mods" / "monstercrasher"
RULESET = "monstercrasher"


@cache
def plugin() -> ModuleType:
    """The plugin package, imported the way a game imports it (one module per process)."""
    from game.content import load_app

    module = load_app(RULESET).plugin(RULESET)
    assert module is not None
    return module


def sub(name: str) -> Any:
    return importlib.import_module(f"{plugin().__name__}.{name}")


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
