"""The enhancement mods' boundaries, each on both sides and by hand: a chance is drawn only strictly between 0 and
100 per cent and compares the draw × 100 with it (E0.2, in fire and in ranger skills), and a ship's guns reach a
structure exactly `range` away and no farther; a ship's description; the ship actions and the medics' healing of
a seat with several armies (each army, in id order)."""

from __future__ import annotations

from types import SimpleNamespace

import esper
import pytest

from components.commands import EndTurn
from components.structures import Catapult
from game.content import plugin_module
from systems import queries as q
from tests.builders import at, spawn_army, spawn_structure
from tests.test_fire import fire, fire_game
from tests.test_medic import medic_game, of_type
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


def test_a_ships_description_says_its_slots_its_mp_and_its_crew_when_it_needs_one():
    ships_game()
    vessel = ships().VesselAbility
    assert vessel(kind="vessel", mp=3, crew=2).describe(4) == "carries 4 army slots, 3 MP a turn, needs 2 aboard"
    assert vessel(kind="vessel", mp=3).describe(4) == "carries 4 army slots, 3 MP a turn"


def test_a_seat_with_two_armies_and_no_dock_has_no_ship_actions():
    game = ships_game()
    spawn_army(game, 1, at(game, 0, 0), ["soldier"])
    spawn_army(game, 1, at(game, 0, 2), ["soldier"])
    assert ships().player_options(game) == []


def test_medics_of_two_armies_each_heal_their_own_armys_wounded():
    game = medic_game(["ppppp"], {1: (0, 0), 2: (4, 0)}, {"food": 100})
    bands = [spawn_army(game, 1, at(game, x, 0), ["defender", "medic"]) for x in (1, 2)]
    wounded = [of_type(game, band, "defender")[0] for band in bands]
    for unit in wounded:
        q.unit(unit).damage = 2
    assert game.submit(EndTurn()).ok
    result = game.submit(EndTurn())  # seat 2 ends; seat 1's upkeep runs both medics
    healed = [(e.unit, e.amount) for e in result.events if type(e).__name__ == "UnitHealed"]
    assert healed == [(wounded[0], 2), (wounded[1], 2)]  # the armies in id order


def test_a_siege_engine_is_marked_under_its_armys_token_only_while_crewed():
    """E3: the crewed engine's picture rides on its army's token; an uncrewed engine, a wall (no Catapult) and an
    entity that is no structure get no mark."""
    from tests.test_siege import engine_with_army, siege_game

    game = siege_game()
    siege = plugin_module("siege")
    wall, engine, band, _crew = engine_with_army(game, ["soldier", "soldier"])
    game.world.activate()
    assert siege.engine_mark(game.world, engine) == ("structures", "siege_engine", False)
    assert siege.engine_mark(game.world, wall) is None
    assert siege.engine_mark(game.world, band) is None
    esper.component_for_entity(engine, Catapult).army = None
    assert siege.engine_mark(game.world, engine) is None


def test_e2_6_an_own_walls_options_offer_a_moat_on_its_barren_side_only():
    from tests.test_castle_works import castle, castle_game

    game = castle_game()  # row 1 is s p b p p: territory 7 is barren, 2 above it plains
    wall = spawn_structure(game, 1, "stone_wall", 2, 7)
    c = castle(game)
    moats = [o.command for o in c.gate_options(game, wall) if o.kind == "dig_moat"]
    assert moats == [c.DigMoat(7)]


def test_ship_boarding_options_of_an_army_that_is_gone_are_none():
    game = ships_game()
    band = spawn_army(game, 1, at(game, 1, 1), ["soldier"])
    assert ships().army_options(game, band) == []  # on land, no dock: nothing to board
    esper.delete_entity(band, immediate=True)
    assert ships().army_options(game, band) == []


def test_a_medic_that_treats_two_units_restores_twice_its_amount_a_turn(monkeypatch):
    """healing_per_turn: amount × units per medic (the shipped medic treats one unit: 2 × 1)."""
    game = medic_game(["ppppp"], {1: (0, 0), 2: (4, 0)})
    medic = plugin_module("medic")
    spec = game.world.rules.units["medic"]
    abilities = tuple(medic.Heal(kind="heal", amount=3, units=2) if a.kind == "heal" else a for a in spec.abilities)
    monkeypatch.setitem(game.world.rules.units, "medic", spec.model_copy(update={"abilities": abilities}))
    band = spawn_army(game, 1, at(game, 1, 0), ["soldier", "medic"])
    assert medic.healing_per_turn(game.world, band) == 6


def test_e2_5_the_catapults_gate_option_costs_one_ammunition_and_no_mp():
    """R8.8: a catapult's shot at a gate is its once-a-turn firing, paid in one unit of ammunition (the best it
    holds), not in MP."""
    from tests.test_castle_works import castle, castle_game, foe_gate

    game = castle_game()
    wall, catapult = foe_gate(game)
    options = castle(game).bombard_gate_options(game, catapult)
    assert [(o.kind, o.mp_cost, o.cost) for o in options] == [("bombard_gate", 0, {"metal": 1})]
    assert options[0].available, options[0].reason
