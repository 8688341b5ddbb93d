"""MonsterCrasher's rules at their boundaries (shared/rulesets/monstercrasher.md): the position value the engine's
search player reads (MC9.2), pinned where mutation testing found it loose (docs/testing.md)."""

from __future__ import annotations

import math
from types import SimpleNamespace

import pytest

from tests.mc_support import pieces, rules, sub

position_mod = sub("position")
player = sub("player")
RULES = rules()


def value(monkeypatch: pytest.MonkeyPatch, position, seat: int, rules=RULES) -> float:
    """position_value of `position` for `seat`, the game's world read as `position` under `rules`."""
    monkeypatch.setattr(player, "position_of", lambda world: position)
    monkeypatch.setattr(player, "rules_of", lambda world: rules)
    return player.position_value(SimpleNamespace(world=None), seat)  # type: ignore[no-any-return]


def test_mc9_2_an_empty_board_at_equal_life_is_worth_one_half(monkeypatch):
    start = position_mod.start_position(RULES)
    assert value(monkeypatch, start, 1) == 0.5
    assert value(monkeypatch, start, 2) == 0.5


def test_mc9_2_own_power_and_defense_on_the_board_raise_the_value_and_the_foes_lower_it(monkeypatch):
    """One march looked ahead (a guard on C2 steps to C3, nothing crosses), life equal:
    0.5 + 0.1 tanh((power + defense of one's own creatures - the foe's) / 8)."""
    still = rules(ai__lookahead=1)
    position = position_mod.Position(tuple(pieces("P1 guard 1/2 C2")), (10, 10))
    assert value(monkeypatch, position, 1, still) == pytest.approx(0.5 + 0.1 * math.tanh(3 / 8))
    assert value(monkeypatch, position, 2, still) == pytest.approx(0.5 - 0.1 * math.tanh(3 / 8))


def test_mc9_2_the_marches_looked_ahead_count_a_crossing_that_ends_the_game(monkeypatch):
    """MC10.3: a P1 basic on E8 crosses in the next march; player 2 at 1 life falls to 0: 0.95 for player 1."""
    position = position_mod.Position(tuple(pieces("P1 basic 1/1 E8")), (10, 1))
    assert value(monkeypatch, position, 1) == 0.95
    assert value(monkeypatch, position, 2) == 0.05


def test_mc9_2_mc7_1_both_players_falling_to_0_together_is_worth_one_half_to_each(monkeypatch):
    """MC7.1, MC10.3: both basics cross in the same march, both players at 1 life fall to 0 (a draw); the board
    is empty: 0.5."""
    position = position_mod.Position(tuple(pieces("P1 basic 1/1 E8, P2 basic 1/1 A1")), (1, 1))
    assert value(monkeypatch, position, 1) == 0.5
    assert value(monkeypatch, position, 2) == 0.5
