"""R9 Rogue armies: the limit, wild rogues, hostility, and their random behaviour in the Rogue stage."""

from __future__ import annotations

import esper

from components.armies import Army, ArmyUnit, Rogue
from components.commands import EndTurn
from systems import queries as q
from systems.events import RogueAppeared
from systems.rogue_ai import act_rogues, rogue_options
from systems.rogues import make_rogue, spawn_wild_rogue
from tests.builders import army, at, spawn_army, tiny_game

ROWS = ["pppppp", "pppppp", "pppppp", "pppppp"]


def game_():
    return tiny_game(ROWS, {1: (0, 0), 2: (5, 3)})


def test_r9_1_a_rogue_army_keeps_its_units_and_place_and_is_tied_to_its_former_owner():
    game = game_()
    entity = spawn_army(game, 1, 8, ["soldier", "ranger"])
    units = list(army(game, entity).units)
    make_rogue(game.world, entity, 1, 50.0, 10.0)
    assert army(game, entity).owner is None and army(game, entity).units == units
    assert army(game, entity).territory == 8
    assert esper.component_for_entity(entity, Rogue).tied_seat == 1


def test_r9_2_a_limit_of_one_rogue_army_still_allows_one_and_a_limit_of_0_none():
    limits = {}
    for limit in (1, 0):
        base = game_().world.rules
        rules = base.model_copy(update={"limits": base.limits.model_copy(update={"rogue_armies": limit})})
        game = tiny_game(ROWS, {1: (0, 0), 2: (5, 3)}, rules=rules)
        entity = spawn_army(game, 1, 8, ["soldier"])
        make_rogue(game.world, entity, 1, 100.0, 1.0)
        limits[limit] = army(game, entity).owner
    assert limits == {1: None, 0: 1}


def test_r9_2_at_the_limit_a_random_rogue_is_destroyed_before_a_new_one_is_created():
    game = game_()
    for t in range(2, 12):
        spawn_army(game, None, t, ["soldier"])
    assert len(q.rogue_armies()) == 10
    newcomer = spawn_army(game, 1, 14, ["soldier"])
    make_rogue(game.world, newcomer, 1, 100.0, 1.0)
    esper.clear_dead_entities()
    rogues = q.rogue_armies()
    assert len(rogues) == 10 and newcomer in [e for e, _ in rogues]


def test_r9_3_a_wild_rogue_appears_on_a_neutral_empty_land_territory_with_varied_stats():
    game = game_()
    appeared = []
    for _ in range(400):
        game.world.events = []
        spawn_wild_rogue(game.world)
        appeared += [e for e in game.world.events if isinstance(e, RogueAppeared)]
    assert 15 <= len(appeared) <= 70  # 10% of 400 (rogues beyond the limit replace older ones)
    for event in appeared:
        assert 1 <= len(event.units) <= 5
        assert event.territory not in (0, at(game, 5, 3))
    for _, unit in esper.get_component(ArmyUnit):
        base = game.world.rules.units[unit.unit_type].combat
        assert abs(unit.attack - base.attack) <= 1 or unit.attack == 1
        assert unit.defense >= 1 and abs(unit.defense - base.defense) <= 1
    assert len(q.rogue_armies()) <= 10


def test_r9_4_rogues_are_hostile_to_players_but_not_to_each_other():
    assert q.hostile(None, 1) and q.hostile(2, None) and not q.hostile(None, None) and q.hostile(1, 2)


def test_r9_5_a_rogue_acts_in_its_tied_players_rogue_stage_choosing_among_its_options():
    game = game_()
    rogue = spawn_army(game, None, at(game, 2, 2), ["soldier"])
    spawn_army(game, 1, at(game, 3, 2), ["soldier"])
    options = rogue_options(game.world, rogue)
    assert any(len(plan) == 1 and type(plan[0]).__name__ == "Move" for plan in options)
    before = army(game, rogue).territory
    game.world.clock.stage = "rogue"
    act_rogues(game.world)
    moved = not esper.entity_exists(rogue) or army(game, rogue).territory != before or army(game, rogue).battle
    disrupted = q.is_disrupted(game.world, before)
    assert moved or disrupted or esper.get_component(Army)


def test_r9_5_rogues_of_another_player_wait_for_that_players_turn():
    game = game_()
    rogue = spawn_army(game, None, at(game, 2, 2), ["soldier"])
    esper.component_for_entity(rogue, Rogue).tied_seat = 2
    game.world.clock.stage = "rogue"
    act_rogues(game.world)
    assert army(game, rogue).territory == at(game, 2, 2)


def test_r9_5_the_rogue_stage_runs_when_the_turn_ends():
    game = game_()
    rogue = spawn_army(game, None, at(game, 3, 1), ["ranger"])
    start = army(game, rogue).territory
    for _ in range(6):
        game.submit(EndTurn())
    assert not esper.entity_exists(rogue) or army(game, rogue).territory != start or q.is_disrupted(game.world, start)
