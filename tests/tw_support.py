"""Helpers for Total War tests: its plugin package, its validated rules, regiments written as rules text."""

from __future__ import annotations

import importlib
from functools import cache
from types import ModuleType
from typing import Any

RULESET = "total-war"


@cache
def plugin() -> ModuleType:
    """The plugin package, imported the way a game imports it (one module per process)."""
    from game.content import load_app

    module = load_app(RULESET).plugin(RULESET)
    assert module is not None
    return module


@cache
def rules() -> Any:
    from game.content import load_app

    return load_app(RULESET).rules


def sub(name: str) -> Any:
    return importlib.import_module(f"{plugin().__name__}.{name}")


def reg(seat: int, kind: str, number: int, hex_name: str, facing: str = "S", men: int | None = None,
        morale: int = 100, **extra: Any) -> Any:
    """A regiment as the rules reference writes one: "Red Infantry 1 at K20 facing S"."""
    hexes, regiments = sub("hexes"), sub("regiments")
    men = rules().units[kind].men if men is None else men
    return regiments.Regiment(seat, kind, number, hexes.parse_hex(hex_name), facing, men, morale,
                              start_men=men, **extra)


def h(name: str) -> tuple[int, int]:
    return sub("hexes").parse_hex(name)  # type: ignore[no-any-return]
