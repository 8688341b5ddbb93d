"""R7 Territory actions: take over, the flag and defeat, disruption."""

from __future__ import annotations

import esper

from components.commands import Disrupt, EndTurn, Move, TakeOver
from components.structures import Structure
from systems import queries as q
from systems.events import GameWon, PlayerDefeated
from tests.builders import army, at, spawn_army, spawn_structure, tiny_game

ROWS = ["pfpp", "pppp", "pppp"]


def test_r7_1_taking_over_costs_one_mp_when_neutral_and_two_when_enemy():
    game = tiny_game(ROWS, {1: (0, 0), 2: (3, 2)})
    neutral = spawn_army(game, 1, 2, ["soldier"])
    enemy_land = spawn_army(game, 1, at(game, 2, 2), ["soldier"])
    game.world.set_owner(at(game, 2, 2), 2)
    assert game.submit(TakeOver(neutral)).ok and army(game, neutral).mp == 3
    assert game.submit(TakeOver(enemy_land)).ok and army(game, enemy_land).mp == 2
    assert game.world.owner_of(2) == 1 and game.world.owner_of(at(game, 2, 2)) == 1
    assert 2 in game.world.owned[1] and at(game, 2, 2) not in game.world.owned.get(2, set())


def test_r7_1_no_take_over_beside_a_hostile_army_or_a_manned_hostile_structure_unmanned_ones_change_hands():
    game = tiny_game(ROWS, {1: (0, 0), 2: (3, 2)})
    soldier = spawn_army(game, 1, 2, ["soldier"])
    tower = spawn_structure(game, 2, "wooden_tower", 2, garrison=["defender"])
    assert "manned hostile wooden tower" in game.submit(TakeOver(soldier)).reason
    esper.component_for_entity(tower, Structure).garrison.clear()
    assert game.submit(TakeOver(soldier)).ok
    assert esper.component_for_entity(tower, Structure).owner == 1


def test_r7_2_an_army_in_an_undefended_enemy_base_defeats_that_player_and_the_last_one_wins():
    game = tiny_game(["pppp"], {1: (0, 0), 2: (3, 0)})
    raider = spawn_army(game, 1, 2, ["soldier"])
    spawn_structure(game, 2, "wooden_tower", at(game, 2, 0))
    game.world.set_owner(1, 2)
    result = game.submit(Move(raider, (3,)))
    assert result.ok
    defeated = [e for e in result.events if isinstance(e, PlayerDefeated)]
    assert defeated == [PlayerDefeated(2, 1, 3)]
    assert any(isinstance(e, GameWon) and e.seat == 1 for e in result.events)
    assert q.player(game.world, 2).defeated and not game.world.owned.get(2)
    assert all(s.owner != 2 for _, s in esper.get_component(Structure))
    assert "game is over" in game.submit(EndTurn()).reason


def test_r7_2_a_defender_at_the_base_means_a_battle_not_a_defeat():
    game = tiny_game(["pppp"], {1: (0, 0), 2: (3, 0)})
    raider = spawn_army(game, 1, 2, ["soldier"])
    spawn_army(game, 2, 3, ["defender"] * 3)
    result = game.submit(Move(raider, (3,)))
    assert not any(isinstance(e, PlayerDefeated) for e in result.events)


def test_r7_2_a_stationed_unit_at_the_base_still_defends_the_flag():
    game = tiny_game(["pppp"], {1: (0, 0), 2: (3, 0)})
    raider = spawn_army(game, 1, 2, ["soldier"])
    spawn_structure(game, 2, "stone_tower", 3, garrison=["defender"])
    result = game.submit(Move(raider, (3,)))
    assert result.ok and not any(isinstance(e, PlayerDefeated) for e in result.events)


def test_r7_3_a_disrupted_territory_produces_nothing_for_three_rounds_and_its_forest_is_cleared():
    game = tiny_game(ROWS, {1: (0, 0), 2: (3, 2)})
    soldier = spawn_army(game, 1, 1, ["soldier"])
    assert game.submit(Disrupt(soldier)).ok
    assert army(game, soldier).done and q.is_disrupted(game.world, 1)
    game.world.clock.round += 2
    assert q.is_disrupted(game.world, 1)
    game.world.clock.round += 1
    assert not q.is_disrupted(game.world, 1)


def test_r7_2_a_rogue_army_in_a_players_base_is_no_other_player_and_defeats_no_one():
    """R7.2 defeats a player whose base holds another player's army; a rogue (R9.4) is no player. Seat 1's raider
    on seat 2's base (held by a stationed defender) makes the flags be looked at closely, seat 1's base too."""
    game = tiny_game(["pppp"], {1: (0, 0), 2: (3, 0)})
    spawn_army(game, None, 0, ["soldier"])                          # a rogue on seat 1's base
    spawn_structure(game, 2, "stone_tower", 3, garrison=["defender"])
    raider = spawn_army(game, 1, 2, ["soldier"])
    result = game.submit(Move(raider, (3,)))
    assert result.ok, result.reason
    assert army(game, raider).territory == 3
    assert not any(isinstance(e, PlayerDefeated) for e in result.events)
    assert not q.player(game.world, 1).defeated and not q.player(game.world, 2).defeated
