"""Helpers for Relic Duels tests: the plugin's modules, games with chosen options, loaded dice, placing characters."""

from __future__ import annotations

import importlib
import random
from functools import cache
from types import ModuleType
from typing import Any

from game.content import load_app
from game.setup import PlayerSpec, new_game

RULESET = "relic-duels"


@cache
def plugin() -> ModuleType:
    module = load_app(RULESET).plugin(RULESET)
    assert module is not None
    return module


def sub(name: str) -> Any:
    return importlib.import_module(f"{plugin().__name__}.{name}")


@cache
def rules() -> Any:
    return load_app(RULESET).rules


def rules_with(**options: bool) -> Any:
    base = rules()
    return base.model_copy(update={"options": base.options.model_copy(update=options)})


def new(seed: int = 1, computer: tuple[bool, bool] = (False, False), kinds: tuple[str, str] = ("normal", "normal"),
        **options: bool) -> Any:
    app = load_app(RULESET)
    players = [PlayerSpec("Company", computer[0], kinds[0]), PlayerSpec("Dominion", computer[1], kinds[1])]
    return new_game(rules_with(**options) if options else app.rules, None, players, seed,
                    app=None if options else app)


class Dice(random.Random):
    """A stand-in for the game's generator: World.roll draws `randint(1, sides)` from it, in order (DU10.1)."""

    def __init__(self, *values: int, then_random: bool = False) -> None:
        super().__init__(0)
        self.values = list(values)
        self.then_random = then_random

    def randint(self, low: int, high: int) -> int:
        if not self.values and self.then_random:
            return super().randint(low, high)
        assert self.values, "the test ran out of loaded dice"
        return self.values.pop(0)


def chars(game: Any) -> dict[str, Any]:
    return sub("play").characters(game.world)


def quest(game: Any) -> Any:
    return sub("play").quest(game.world)


def hex_at(column: int, row: int) -> int:
    return sub("land").land_of(rules()).index(column, row)


def place(game: Any, at: int, *keys: str, **state: Any) -> None:
    """Put characters on hex `at` (with wounds=..., spotted=... for all of them)."""
    found = chars(game)
    for key in keys:
        found[key].hex = at
        for name, value in state.items():
            setattr(found[key], name, value)


def remove(game: Any, *keys: str) -> None:
    import esper

    game.world.activate()
    for key in keys:
        esper.delete_entity(sub("play").entity_of(key), immediate=True)


def end_moves(game: Any) -> None:
    """Both sides end their moves: the Lurker, spotting and step 5 follow (DU2.1)."""
    End = sub("commands").EndMoves
    assert game.submit(End()).ok
    assert game.submit(End()).ok


def prompt(game: Any) -> tuple[int, Any]:
    from systems import prompts

    pending = prompts.pending(game.world)
    assert pending, "no question is waiting"
    return pending[0]


def answer(game: Any, seat: int, text: str) -> Any:
    from components.seats import Answer

    entity, _ = prompt(game)
    return game.submit(Answer(entity, text), seat=seat)
