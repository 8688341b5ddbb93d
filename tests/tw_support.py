"""Helpers for Total War tests: its plugin package, its validated rules, regiments written as rules text."""

from __future__ import annotations

import importlib
import random
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


class Scripted(random.Random):
    """A generator that hands out the given draws in order, checks each lies in its range and records the range
    each was asked for."""

    def __init__(self, *draws: int) -> None:
        super().__init__(0)
        self.draws = list(draws)
        self.asked: list[tuple[int, int]] = []

    def randint(self, a: int, b: int) -> int:
        self.asked.append((a, b))
        value = self.draws.pop(0)
        assert a <= value <= b, (a, b, value)
        return value
