"""R10 Randomness and fairness: one seeded generator; same seed and actions give the same game."""

from __future__ import annotations

import ast
from pathlib import Path

from components.commands import BuildUnit, EndTurn, Move, TakeOver
from game.snapshot import state_hash
from tests.builders import spawn_army, tiny_game

ROWS = ["pfpmp", "ppnpp", "pppsp"]


def play(seed: int) -> str:
    game = tiny_game(ROWS, {1: (0, 0), 2: (4, 2)}, seed=seed)
    soldiers = spawn_army(game, 1, 1, ["soldier"] * 3)
    spawn_army(game, 2, 3, ["defender"] * 2)
    game.submit(Move(soldiers, (2, 3)))
    for _ in range(12):
        game.submit(BuildUnit("soldier"))
        game.submit(EndTurn())
    return state_hash(game.world)


def test_r10_1_the_same_seed_and_actions_give_the_same_game():
    assert play(7) == play(7)


def test_r10_1_a_different_seed_gives_a_different_game():
    assert play(7) != play(8)


def test_rejected_commands_leave_the_state_hash_unchanged():
    game = tiny_game(ROWS, {1: (0, 0), 2: (4, 2)}, resources={"food": 0})
    army = spawn_army(game, 1, 1, ["defender"])
    before = state_hash(game.world)
    for command in (BuildUnit("soldier"), BuildUnit("dragon"), Move(army, (2, 3, 4)), Move(999, (2,)),
                    TakeOver(999), Move(army, ())):
        assert not game.submit(command).ok
        assert state_hash(game.world) == before


def test_no_rules_code_uses_the_global_random_module():
    """Only `random.Random` (the type of the game's own generator) may be named; never random.randint etc."""
    root = Path(__file__).resolve().parent.parent
    offenders = []
    for folder in ("systems", "components"):
        for path in (root / folder).rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text())):
                named = isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
                if named and node.value.id == "random" and node.attr != "Random":  # type: ignore[attr-defined]
                    offenders.append(f"{path.name}: random.{node.attr}")  # type: ignore[attr-defined]
                if isinstance(node, ast.ImportFrom) and node.module == "random":
                    offenders.append(f"{path.name}: from random import ...")
    assert offenders == []
