"""The fire mod (enhancements E4): wooden structures catch fire when attacked, burn, spread and are put out."""

from __future__ import annotations

import sys

import esper
import pytest

from components.commands import AttackStructure, ChooseBase, EndTurn, StationedFire
from components.structures import Structure
from game.content import plugin_module
from game.saves import load_game, save_game
from game.setup import PlayerSpec, create_game
from game.snapshot import state_hash
from systems import queries as q
from tests.builders import army, at, spawn_army, spawn_structure, tiny_map


def fire():
    module = plugin_module("fire")
    assert module is not None
    return module


def fire_game(rows=("ppppp", "ppppp"), seed: int = 1, mods=("fire",)):
    rows = list(rows)
    game = create_game(tiny_map(rows, 2), [PlayerSpec("P1"), PlayerSpec("P2")], seed, mods=list(mods))
    width = len(rows[0])
    assert game.submit(ChooseBase(0)).ok
    assert game.submit(ChooseBase(len(rows) * width - 1)).ok
    return game


def draws(game, values: list[float]) -> list[float]:
    """Make the fire mod's next draws of the game's generator these values (other systems' draws, such as
    production's, go on as usual) and record the ones taken."""
    taken: list[float] = []
    queue = list(values)
    original = game.world.rng.random

    def next_draw() -> float:
        if not sys._getframe(1).f_globals["__name__"].startswith("foc_mod_fire"):
            return original()
        value = queue.pop(0)
        taken.append(value)
        return value

    game.world.rng.random = next_draw  # type: ignore[method-assign]
    return taken


def structure(game, entity: int) -> Structure:
    game.world.activate()
    return esper.component_for_entity(entity, Structure)


def burning(game, entity: int) -> bool:
    game.world.activate()
    return fire().is_burning(entity)


def set_alight(game, entity: int) -> None:
    game.world.activate()
    esper.add_component(entity, fire().Burning(0))


def test_e4_1_wooden_structures_bridges_and_catapults_burn_stone_does_not():
    game = fire_game()
    flammable = fire().fire_rules(game.world).flammable
    for kind in ("wooden_wall", "wooden_tower", "bridge", "catapult"):
        assert kind in flammable
    assert "stone_wall" not in flammable and "stone_tower" not in flammable
    assert {"dock", "small_transport", "large_transport", "battleship", "siege_engine"} <= set(flammable)


@pytest.mark.parametrize(("draw", "lit"), [(0.099, True), (0.10, False)])
def test_e4_2_an_attack_sets_a_wooden_tower_alight_with_ignite_chance_10(draw, lit):
    game = fire_game()
    tower = spawn_structure(game, 2, "wooden_tower", at(game, 2, 0))
    attackers = spawn_army(game, 1, at(game, 2, 0), ["soldier"])
    taken = draws(game, [draw])
    result = game.submit(AttackStructure(attackers, tower))
    assert result.ok and taken == [draw]  # one draw, after the attack (no garrison: no protection rolls)
    assert burning(game, tower) is lit
    assert any(type(e).__name__ == "StructureIgnited" for e in result.events) is lit


def test_e4_2_no_draw_for_stone_a_fallen_or_an_already_burning_structure():
    game = fire_game()
    stone = spawn_structure(game, 2, "stone_tower", at(game, 2, 0))
    wood = spawn_structure(game, 2, "wooden_tower", at(game, 3, 0))
    set_alight(game, wood)
    taken = draws(game, [])
    assert game.submit(AttackStructure(spawn_army(game, 1, at(game, 2, 0), ["soldier"]), stone)).ok
    assert game.submit(AttackStructure(spawn_army(game, 1, at(game, 3, 0), ["soldier"]), wood)).ok
    assert taken == []
    weak = spawn_structure(game, 2, "wooden_tower", at(game, 2, 1))
    structure(game, weak).health = 1
    assert game.submit(AttackStructure(spawn_army(game, 1, at(game, 2, 1), ["soldier"]), weak)).ok
    assert taken == [] and not esper.entity_exists(weak)


def test_e4_3_a_fire_burns_the_structure_and_its_stationed_units_at_its_owners_upkeep():
    game = fire_game()
    tower = spawn_structure(game, 2, "wooden_tower", at(game, 2, 0), garrison=["soldier", "ranger"])
    set_alight(game, tower)
    soldier, ranger = structure(game, tower).garrison
    q.unit(ranger).damage = 1  # stationed defense 2: one more point kills it
    result = game.submit(EndTurn())  # seat 2's Upkeep: its fire burns
    burned = [e for e in result.events if type(e).__name__ == "FireBurned"]
    assert len(burned) == 1 and burned[0].damage == 1 and burned[0].dead == (ranger,)
    assert structure(game, tower).health == structure(game, tower).max_health - 1
    assert structure(game, tower).garrison == [soldier] and q.unit(soldier).damage == 1
    assert burning(game, tower)  # it burns on until put out


def test_e4_3_a_fire_burns_only_in_its_owners_upkeep():
    game = fire_game()
    tower = spawn_structure(game, 2, "wooden_tower", at(game, 2, 0))
    set_alight(game, tower)
    assert game.submit(EndTurn()).ok  # seat 2's turn: -1
    assert structure(game, tower).health == 14
    assert game.submit(EndTurn()).ok  # seat 1's turn: not seat 2's fire
    assert structure(game, tower).health == 14


def test_e4_3_a_structure_burns_down_with_its_units():
    game = fire_game()
    tower = spawn_structure(game, 2, "wooden_tower", at(game, 2, 0), garrison=["defender"])
    set_alight(game, tower)
    structure(game, tower).health = 1
    result = game.submit(EndTurn())
    names = [type(e).__name__ for e in result.events]
    assert "StructureDestroyed" in names and not esper.entity_exists(tower)


def test_e4_3_fire_spreads_to_flammable_structures_sharing_a_territory_in_id_order():
    """A burning wall stands in both of its territories: the tower on the far side catches too (20%, a draw
    each, id order); the stone wall never; the newly lit ones first burn at their owner's next Upkeep."""
    game = fire_game(("ppppp", "ppppp"))
    wall = spawn_structure(game, 2, "wooden_wall", at(game, 2, 0), border=at(game, 3, 0))
    near = spawn_structure(game, 2, "wooden_tower", at(game, 3, 0))
    stone = spawn_structure(game, 2, "stone_wall", at(game, 3, 0), border=at(game, 3, 1))
    far = spawn_structure(game, 2, "wooden_tower", at(game, 4, 1))
    bridge_free = spawn_structure(game, 2, "wooden_tower", at(game, 2, 1))
    set_alight(game, wall)
    taken = draws(game, [0.19])
    result = game.submit(EndTurn())
    assert taken == [0.19]  # one draw: the tower beside the wall (stone and far-off towers get none)
    lit = [e.structure for e in result.events if type(e).__name__ == "StructureIgnited"]
    assert lit == [near] and burning(game, near)
    assert not burning(game, stone) and not burning(game, far) and not burning(game, bridge_free)
    assert structure(game, near).health == structure(game, near).max_health  # it burns from the next Upkeep


def test_e4_3_no_spread_on_a_draw_of_20_or_more():
    game = fire_game()
    wall = spawn_structure(game, 2, "wooden_wall", at(game, 2, 0), border=at(game, 3, 0))
    near = spawn_structure(game, 2, "wooden_tower", at(game, 2, 0))
    set_alight(game, wall)
    draws(game, [0.20])
    game.submit(EndTurn())
    assert not burning(game, near)


def test_e4_4_an_army_with_stationed_helpers_puts_a_fire_out():
    """2 army units + 1 stationed unit: 3 x 25% = 75%; the helpers give up this turn's stationed fire."""
    game = fire_game()
    tower = spawn_structure(game, 1, "wooden_tower", at(game, 2, 0), garrison=["soldier"])
    set_alight(game, tower)
    crew = spawn_army(game, 1, at(game, 2, 0), ["soldier", "soldier"])
    enemy = spawn_army(game, 2, at(game, 2, 1), ["soldier"])
    taken = draws(game, [0.749])
    result = game.submit(fire().PutOut(crew, tower))
    assert result.ok and taken == [0.749]
    fought = [e for e in result.events if type(e).__name__ == "FireFought"][0]
    assert (fought.helpers, fought.chance, fought.out) == (3, 75, True)
    assert not burning(game, tower)
    assert army(game, crew).done and army(game, crew).mp == 4 - 1
    refused = game.submit(StationedFire(tower, enemy))
    assert not refused.ok and "already fired" in refused.reason


def test_e4_4_a_failed_attempt_leaves_it_burning_and_four_helpers_need_no_draw():
    game = fire_game()
    tower = spawn_structure(game, 1, "wooden_tower", at(game, 2, 0))
    set_alight(game, tower)
    pair = spawn_army(game, 1, at(game, 2, 0), ["soldier", "soldier"])
    draws(game, [0.5])
    result = game.submit(fire().PutOut(pair, tower))
    assert result.ok and burning(game, tower)  # 50%: a draw of 0.5 fails
    four = spawn_army(game, 1, at(game, 3, 0), ["soldier"] * 4)
    wall = spawn_structure(game, 1, "wooden_wall", at(game, 3, 0), border=at(game, 4, 0))
    set_alight(game, wall)
    taken = draws(game, [])
    assert game.submit(fire().PutOut(four, wall)).ok and taken == [] and not burning(game, wall)


def test_e4_4_who_may_put_a_fire_out():
    game = fire_game()
    tower = spawn_structure(game, 1, "wooden_tower", at(game, 2, 0))
    theirs = spawn_structure(game, 2, "wooden_tower", at(game, 3, 0))
    set_alight(game, theirs)
    far = spawn_army(game, 1, at(game, 4, 0), ["soldier"])
    here = spawn_army(game, 1, at(game, 2, 0), ["soldier"])
    put_out = fire().PutOut
    assert "not burning" in game.submit(put_out(here, tower)).reason
    set_alight(game, tower)
    assert "beside the wall" in game.submit(put_out(far, tower)).reason
    assert "your own" in game.submit(put_out(spawn_army(game, 1, at(game, 3, 0), ["soldier"]), theirs)).reason
    army(game, here).mp = 0
    assert "needs 1 MP" in game.submit(put_out(here, tower)).reason


def test_repair_does_not_put_a_fire_out():
    from components.commands import Repair

    game = fire_game()
    q.stockpile(game.world, 1)["wood"] = 50
    tower = spawn_structure(game, 1, "wooden_tower", at(game, 2, 0))
    structure(game, tower).health = 10
    set_alight(game, tower)
    assert game.submit(Repair(tower, 5)).ok and burning(game, tower)


def test_put_out_is_offered_to_the_panel_and_the_computer_with_the_engines_reason():
    from game.content import plugin_army_options

    game = fire_game()
    tower = spawn_structure(game, 1, "wooden_tower", at(game, 2, 0), garrison=["soldier"])
    set_alight(game, tower)
    crew = spawn_army(game, 1, at(game, 2, 0), ["soldier"])
    options = [o for o in plugin_army_options(game, crew) if o.kind == "put_out"]
    assert len(options) == 1 and options[0].reason is None and options[0].label == "Put out tower fire (50%)"
    assert options[0].command == fire().PutOut(crew, tower)


def test_a_computer_puts_out_its_burning_tower():
    """The mod's behaviour (mods/fire/ai.py): the army beside the fire fights it, helped by the garrison."""
    from game.ai import run_computer_turn

    game = create_game(tiny_map(["ppppp", "ppppp"], 2), [PlayerSpec("P1", True, "hard"), PlayerSpec("P2", True)], 1,
                       mods=["fire"])
    assert game.submit(ChooseBase(0)).ok and game.submit(ChooseBase(9)).ok
    tower = spawn_structure(game, 1, "wooden_tower", at(game, 2, 0), garrison=["soldier"])
    set_alight(game, tower)
    crew = spawn_army(game, 1, at(game, 2, 0), ["soldier", "soldier"])
    assert [b.name for b in game.app.ai_behaviours] == ["firefighting"]
    run_computer_turn(game)
    fights = [c for _, s, c in game.history if s == 1 and type(c).__name__ == "PutOut"]
    assert fights == [fire().PutOut(crew, tower)]


def test_a_fire_survives_a_save_and_burns_on_alike(tmp_path):
    game = fire_game()
    tower = spawn_structure(game, 2, "wooden_tower", at(game, 2, 0), garrison=["soldier"])
    set_alight(game, tower)
    loaded = load_game(save_game(game, tmp_path / "fire.foc.json.gz"))
    assert state_hash(loaded.world) == state_hash(game.world)
    for g in (game, loaded):
        assert g.submit(EndTurn()).ok
    loaded.world.activate()
    assert fire().is_burning(tower) and esper.component_for_entity(tower, Structure).health == 14
    assert state_hash(loaded.world) == state_hash(game.world)


def test_e4_2_an_army_with_volley_units_sets_it_alight_at_archer_chance_20():
    """The ranger-skills mod lends rangers `volley` (E5.2): their attack ignites at 20%, not 10%."""
    game = fire_game(mods=("fire", "ranger-skills"))
    tower = spawn_structure(game, 2, "wooden_tower", at(game, 2, 0))
    archers = spawn_army(game, 1, at(game, 2, 0), ["ranger", "soldier"])
    taken = draws(game, [0.15])
    result = game.submit(AttackStructure(archers, tower))
    assert result.ok and taken == [0.15] and burning(game, tower)
    (lit,) = [e for e in result.events if type(e).__name__ == "StructureIgnited"]
    assert lit.chance == 20


@pytest.mark.parametrize("command", [
    (-1, 5), (999_999, 5), (5, 999_999), (0, 0),
])
def test_nonsense_put_out_orders_are_refused_and_change_nothing(command):
    game = fire_game()
    tower = spawn_structure(game, 2, "wooden_tower", at(game, 2, 0))
    set_alight(game, tower)
    before = state_hash(game.world)
    result = game.submit(fire().PutOut(*command))
    assert not result.ok and result.reason
    assert state_hash(game.world) == before
    assert not game.submit(fire().PutOut(spawn_army(game, 2, at(game, 2, 0), ["soldier"]), tower)).ok  # not yours


def test_e4_4_helpers_are_the_army_alone_unless_the_garrison_may_help():
    """E4.4: 25% per helper: the army's units, plus the stationed units only when they may help."""
    game = fire_game()
    tower = spawn_structure(game, 1, "wooden_tower", at(game, 2, 0), garrison=["soldier"])
    crew = spawn_army(game, 1, at(game, 2, 0), ["soldier", "soldier"])
    game.world.activate()
    put_out_chance = fire().put_out_chance
    assert put_out_chance(game.world, army(game, crew), structure(game, tower), False) == (2, 50)
    assert put_out_chance(game.world, army(game, crew), structure(game, tower), True) == (3, 75)


def test_e4_3_burning_structures_are_listed_in_id_order_per_owner():
    game = fire_game()
    towers = [spawn_structure(game, seat, "wooden_tower", at(game, x, 0)) for seat, x in ((2, 1), (1, 2), (2, 3))]
    for tower in reversed(towers):
        set_alight(game, tower)
    game.world.activate()
    listed = fire().burning_structures
    assert [e for e, _ in listed(game.world)] == sorted(towers)
    assert [e for e, _ in listed(game.world, 2)] == [towers[0], towers[2]]
