"""The enhancement mods' boundaries, each on both sides and by hand: a chance is drawn only strictly between 0 and
100 per cent and compares the draw × 100 with it (E0.2, in fire and in ranger skills), and a ship's guns reach a
structure exactly `range` away and no farther."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from tests.test_fire import fire, fire_game
from tests.test_ranger_skills import ranger_game, skills
from tests.test_ships import ships, ships_game


class Draw:
    """The game's generator, giving `value` as its next draw (and counting the draws)."""

    def __init__(self, value: float) -> None:
        self.value, self.taken = value, 0

    def random(self) -> float:
        self.taken += 1
        return self.value


def loaded(mod: str):
    """The mod's plugin module, once a game with it has loaded it."""
    if mod == "fire":
        fire_game()
        return fire()
    ranger_game()
    return skills()


def draw(module, chance: int, value: float) -> tuple[bool, int]:
    world = SimpleNamespace(rng=Draw(value))
    return module._draw(world, chance), world.rng.taken


@pytest.mark.parametrize("mod", ["fire", "ranger-skills"])
def test_e0_2_a_chance_of_1_per_cent_is_drawn_and_one_of_0_is_not(mod):
    module = loaded(mod)
    assert draw(module, 1, 0.0) == (True, 1)  # 0.0 × 100 < 1
    assert draw(module, 1, 0.01) == (False, 1)  # 1.0 is not below 1
    assert draw(module, 0, 0.0) == (False, 0)  # no draw at 0 %


@pytest.mark.parametrize("mod", ["fire", "ranger-skills"])
def test_e0_2_a_chance_of_99_per_cent_compares_the_draw_times_100(mod):
    module = loaded(mod)
    assert draw(module, 99, 0.985) == (True, 1)  # 98.5 < 99
    assert draw(module, 99, 0.995) == (False, 1)  # 99.5 is not (× 99 would make it 98.5)
    assert draw(module, 100, 0.999) == (True, 0)  # no draw at 100 %


def test_a_ships_guns_reach_a_structure_exactly_their_range_away_and_no_farther():
    ships_game()
    module = ships()
    ship, target = SimpleNamespace(territory=0), SimpleNamespace(territory=7, border=None)
    world = SimpleNamespace(board=SimpleNamespace(distance=lambda a, b: 3))
    assert module._in_range(world, ship, target, 3)
    assert not module._in_range(world, ship, target, 2)
    wall = SimpleNamespace(territory=7, border=8)  # a wall: either of its sides within range will do
    world = SimpleNamespace(board=SimpleNamespace(distance=lambda a, b: {7: 4, 8: 3}[b]))
    assert module._in_range(world, ship, wall, 3) and not module._in_range(world, ship, wall, 2)
