"""The ranger-skills mod (enhancements E5, with E6's catapult penalty): rangers scale walls, volley and ambush;
catapults hit soldiers and rangers in the field for less."""

from __future__ import annotations

import sys

import esper
import pytest

from components.commands import Attack, Bombard, ChooseBase, ClimbWall, EndTurn, VolleyAt
from components.structures import Catapult
from game.content import plugin_army_options, plugin_module
from game.queries import army_options
from game.setup import PlayerSpec, create_game
from systems import queries as q
from systems.climbing import fall_odds
from systems.combat import unit_attack
from tests.builders import army, at, spawn_army, spawn_structure, tiny_map


def skills():
    module = plugin_module("ranger-skills")
    assert module is not None
    return module


def ranger_game(rows=("ppppp", "ppppp"), seed: int = 1, mods=("ranger-skills",), resources=None):
    rows = list(rows)
    game = create_game(tiny_map(rows, 2), [PlayerSpec("P1"), PlayerSpec("P2")], seed, mods=list(mods))
    width = len(rows[0])
    assert game.submit(ChooseBase(0)).ok
    assert game.submit(ChooseBase(len(rows) * width - 1)).ok
    if resources:
        q.stockpile(game.world, 1).update(resources)
    return game


def draws(game, values: list[float]) -> list[float]:
    """The mod's own next draws of the game's generator (other draws go on as usual), recorded when taken."""
    taken: list[float] = []
    queue = list(values)
    original = game.world.rng.random

    def next_draw() -> float:
        if not sys._getframe(1).f_globals["__name__"].startswith("foc_mod_ranger_skills"):
            return original()
        taken.append(queue.pop(0))
        return taken[-1]

    game.world.rng.random = next_draw  # type: ignore[method-assign]
    return taken


# --- E5.1 scaling walls ----------------------------------------------------------------------------------


def test_e5_1_a_ranger_climbs_a_hostile_wall_for_terrain_plus_1_mp():
    game = ranger_game()
    spawn_structure(game, 2, "stone_wall", at(game, 2, 0), border=at(game, 1, 0))
    band = spawn_army(game, 1, at(game, 1, 0), ["ranger", "ranger"])
    result = game.submit(ClimbWall(band, at(game, 2, 0)))
    assert result.ok, result
    assert army(game, band).territory == at(game, 2, 0) and army(game, band).mp == 6 - (1 + 1)


def test_e5_1_a_rangers_knock_chance_is_15_per_guard_and_a_soldier_cannot_climb():
    game = ranger_game()
    wall = spawn_structure(game, 2, "stone_wall", at(game, 2, 0), border=at(game, 1, 0), garrison=["soldier"] * 2)
    band = spawn_army(game, 1, at(game, 1, 0), ["ranger"])
    (ranger,) = army(game, band).units
    assert fall_odds(game.world, ClimbWall(band, at(game, 2, 0))) == {ranger: 30}  # 15% x g = 2
    mixed = spawn_army(game, 1, at(game, 1, 1), ["ranger", "soldier"])
    wall_below = spawn_structure(game, 2, "stone_wall", at(game, 2, 1), border=at(game, 1, 1))
    assert "climbing means" in game.submit(ClimbWall(mixed, at(game, 2, 1))).reason
    assert wall and wall_below


def test_e5_1_rangers_climb_from_water_good_swimmers():
    game = ranger_game(rows=("psppp", "ppppp"))
    spawn_structure(game, 2, "stone_wall", at(game, 2, 0), border=at(game, 1, 0))
    swimmers = spawn_army(game, 1, at(game, 1, 0), ["ranger"])
    result = game.submit(ClimbWall(swimmers, at(game, 2, 0)))
    assert result.ok, result


def test_without_the_mod_rangers_cannot_climb_or_volley():
    game = ranger_game(mods=())
    spawn_structure(game, 2, "stone_wall", at(game, 2, 0), border=at(game, 1, 0))
    band = spawn_army(game, 1, at(game, 1, 0), ["ranger"])
    assert not game.submit(ClimbWall(band, at(game, 2, 0))).ok
    spawn_army(game, 2, at(game, 1, 1), ["soldier"])
    assert not game.submit(VolleyAt(band, at(game, 1, 1))).ok


# --- E5.2 volley -----------------------------------------------------------------------------------------


def test_e5_2_rangers_volley_at_attack_2_into_a_neighbouring_territory():
    game = ranger_game()
    band = spawn_army(game, 1, at(game, 1, 0), ["ranger", "ranger"])
    target = spawn_army(game, 2, at(game, 2, 0), ["defender", "defender"])
    result = game.submit(VolleyAt(band, at(game, 2, 0)))
    assert result.ok, result
    (loosed,) = [e for e in result.events if type(e).__name__ == "VolleyLoosed"]
    assert sorted(s.damage for s in loosed.strikes) == [2, 2]  # attack 1 + bonus 1
    assert sum(q.unit(u).damage for u in army(game, target).units) == 4  # one each (volleyer i at unit i)
    assert army(game, band).done and army(game, band).mp == 6 - 1


def test_e5_2_no_bonus_in_battle_rounds_and_stationed_keeps_r6_4():
    game = ranger_game()
    band = spawn_army(game, 1, at(game, 1, 0), ["ranger"])
    (ranger,) = army(game, band).units
    assert unit_attack(game.world, ranger) == 1  # the melee of R8: no volley bonus
    tower = spawn_structure(game, 1, "wooden_tower", at(game, 3, 0), garrison=["ranger"])
    game.world.activate()
    from components.structures import Structure

    structure = esper.component_for_entity(tower, Structure)
    assert unit_attack(game.world, structure.garrison[0], structure) == 3  # R6.4 stationed ranger


def test_the_panel_offers_climb_and_volley_through_the_engines_queries():
    game = ranger_game()
    spawn_structure(game, 2, "stone_wall", at(game, 2, 0), border=at(game, 1, 0))
    band = spawn_army(game, 1, at(game, 1, 0), ["ranger"])
    spawn_army(game, 2, at(game, 1, 1), ["soldier", "soldier"])
    kinds = {o.kind for o in army_options(game, band) if o.reason is None}
    assert {"climb", "volley"} <= kinds


# --- E5.3 ambush -----------------------------------------------------------------------------------------


def ambush_setup(target_units=("soldier",), rangers=1):
    game = ranger_game(rows=("ppppp", "ppppp", "ppppp"))
    band = spawn_army(game, 1, at(game, 1, 1), ["ranger"] * rangers)
    target = spawn_army(game, 2, at(game, 2, 1), list(target_units))
    return game, band, target


@pytest.mark.parametrize(("draw", "wiped"), [(0.499, True), (0.5, False)])
def test_e5_3_an_ambush_destroys_a_small_army_with_chance_50_else_a_battle_starts(draw, wiped):
    game, band, target = ambush_setup()
    taken = draws(game, [draw])
    result = game.submit(skills().Ambush(band, at(game, 2, 1)))
    assert result.ok, result
    assert taken == [draw]
    names = [type(e).__name__ for e in result.events]
    if wiped:
        assert not esper.entity_exists(target) and "BattleStarted" not in names
        assert army(game, band).territory == at(game, 2, 1) and army(game, band).done
        assert all(q.unit(u).damage == 0 for u in army(game, band).units)  # unhurt
        assert army(game, band).mp == 6 - 1 - 1  # R5.5: the move + 1
    else:
        assert "BattleStarted" in names and esper.entity_exists(target)


def test_e5_3_one_ambush_per_player_a_turn():
    game = ranger_game(rows=("ppppp", "ppppp", "ppppp"))
    first = spawn_army(game, 1, at(game, 1, 1), ["ranger"])
    spawn_army(game, 2, at(game, 2, 1), ["soldier"])
    second = spawn_army(game, 1, at(game, 1, 2), ["ranger"])
    spawn_army(game, 2, at(game, 2, 2), ["soldier"])
    draws(game, [0.9])
    assert game.submit(skills().Ambush(first, at(game, 2, 1))).ok
    refused = game.submit(skills().Ambush(second, at(game, 2, 2)))
    assert not refused.ok and "already used" in refused.reason


@pytest.mark.parametrize(("band", "target", "why"), [
    (["ranger", "soldier"], ["soldier"], "rangers alone"),
    (["ranger"], ["soldier", "soldier"], "too big"),
    (["ranger", "ranger"], ["ranger"], "rangers and rare units"),
])
def test_e5_3_who_may_ambush_whom(band, target, why):
    game = ranger_game(rows=("ppppp", "ppppp", "ppppp"))
    mine = spawn_army(game, 1, at(game, 1, 1), band)
    spawn_army(game, 2, at(game, 2, 1), target)
    refused = game.submit(skills().Ambush(mine, at(game, 2, 1)))
    assert not refused.ok and why in refused.reason


def test_e5_3_two_rangers_may_ambush_two_slots_but_not_under_a_garrisons_guard_or_at_a_base():
    game = ranger_game(rows=("ppppp", "ppppp", "ppppp"))
    pair = spawn_army(game, 1, at(game, 1, 1), ["ranger", "ranger"])
    spawn_army(game, 2, at(game, 2, 1), ["soldier", "soldier"])
    assert skills().ambush_reason(game.world, skills().Ambush(pair, at(game, 2, 1))) is None
    spawn_structure(game, 2, "wooden_tower", at(game, 3, 1), garrison=["soldier"])  # its neighbour: in range
    assert "guard" in skills().ambush_reason(game.world, skills().Ambush(pair, at(game, 2, 1)))
    near_base = spawn_army(game, 1, at(game, 3, 2), ["ranger"])
    spawn_army(game, 2, at(game, 4, 2), ["soldier"])  # seat 2's base
    assert "base" in skills().ambush_reason(game.world, skills().Ambush(near_base, at(game, 4, 2)))


def test_e5_3_a_rare_unit_cannot_be_ambushed():
    game = ranger_game(rows=("ppppp", "ppppp", "ppppp"), mods=("ranger-skills", "rare-units"))
    band = spawn_army(game, 1, at(game, 1, 1), ["ranger"])
    spawn_army(game, 2, at(game, 2, 1), ["marshal"])
    assert "rare units" in skills().ambush_reason(game.world, skills().Ambush(band, at(game, 2, 1)))


def test_the_ambush_is_a_panel_option_only_when_allowed():
    game, band, _ = ambush_setup()
    options = [o for o in plugin_army_options(game, band) if o.kind == "ambush"]
    assert [o.command for o in options] == [skills().Ambush(band, at(game, 2, 1))]
    assert options[0].label == "Ambush at 7"


def test_a_normal_attack_is_still_a_battle():
    game, band, _ = ambush_setup()
    result = game.submit(Attack(band, at(game, 2, 1)))
    assert "BattleStarted" in [type(e).__name__ for e in result.events]


# --- E6.1 the catapult penalty ----------------------------------------------------------------------------


def bombard(game, unit_types, ammo, stationed=False):
    catapult = spawn_structure(game, 1, "catapult", at(game, 1, 0))
    if stationed:
        spawn_structure(game, 2, "stone_tower", at(game, 2, 0), garrison=list(unit_types))
        game.world.activate()
        target = next(u for _, s in q.structures() if s.structure_type == "stone_tower" for u in s.garrison)
    else:
        target = army(game, spawn_army(game, 2, at(game, 2, 0), list(unit_types))).units[0]
    game.world.activate()
    esper.component_for_entity(catapult, Catapult).fired_round = -1
    result = game.submit(Bombard(catapult, at(game, 2, 0), ammo, target))
    assert result.ok, result
    (fired,) = [e for e in result.events if type(e).__name__ == "CatapultFired"]
    return fired.damage


@pytest.mark.parametrize(("unit", "ammo", "damage"), [
    ("soldier", "metal", 2), ("defender", "metal", 5), ("ranger", "stone", 1), ("ranger", "wood", 1),
])
def test_e6_1_the_pages_checks(unit, ammo, damage):
    """metal (10) on a soldier 2, on a defender 5; stone (5) on a ranger 1; wood (1) at least min_damage 1."""
    game = ranger_game(resources={"metal": 5, "stone": 5, "wood": 5})
    assert bombard(game, [unit], ammo) == damage


def test_e6_1_stationed_units_take_it_in_full_and_without_the_mod_nothing_changes():
    game = ranger_game(resources={"metal": 5})
    assert bombard(game, ["soldier"], "metal", stationed=True) == 10
    plain = ranger_game(mods=(), resources={"metal": 5})
    assert bombard(plain, ["soldier"], "metal") == 10


# --- computer play --------------------------------------------------------------------------------------


def test_a_computer_springs_an_ambush_and_volleys_from_its_flag():
    from game.ai import run_computer_turn

    game = create_game(tiny_map(["pppppp", "pppppp", "pppppp"], 2),
                       [PlayerSpec("P1", True, "hard"), PlayerSpec("P2", True)], 1, mods=["ranger-skills"])
    assert game.submit(ChooseBase(0)).ok and game.submit(ChooseBase(17)).ok
    hunters = spawn_army(game, 1, at(game, 3, 1), ["ranger"])
    spawn_army(game, 2, at(game, 4, 1), ["soldier"])
    spawn_army(game, 1, 0, ["ranger", "soldier"])
    spawn_army(game, 2, at(game, 1, 0), ["soldier", "soldier", "soldier"])
    run_computer_turn(game)
    mine = [c for _, s, c in game.history if s == 1]
    assert skills().Ambush(hunters, at(game, 4, 1)) in mine
    assert any(isinstance(c, VolleyAt) and c.territory == at(game, 1, 0) for c in mine)
    assert EndTurn() in mine


@pytest.mark.parametrize("command", [(-1, 5), (999_999, 5), (5, 999_999), (0, 0)])
def test_nonsense_ambushes_are_refused_and_change_nothing(command):
    from game.snapshot import state_hash

    game, _, _ = ambush_setup()
    before = state_hash(game.world)
    result = game.submit(skills().Ambush(*command))
    assert not result.ok and result.reason
    assert state_hash(game.world) == before


@pytest.mark.parametrize(("chance", "draw", "hit", "drawn"), [
    (0, 0.0, False, False), (1, 0.005, True, True), (1, 0.01, False, True), (99, 0.989, True, True),
    (99, 0.99, False, True), (100, 0.999, True, False),
])
def test_e0_2_a_chance_draws_only_strictly_between_0_and_100_and_hits_below_it(chance, draw, hit, drawn):
    game = ranger_game()
    taken = draws(game, [draw])
    assert skills()._draw(game.world, chance) is hit
    assert bool(taken) is drawn
