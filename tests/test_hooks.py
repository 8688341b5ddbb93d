"""Rule hooks (contact, victory, movement points, who may build where) and the dice helper: movement and
the engine ask the game's App, so a ruleset or mod changes a rule by answering its hook."""

from __future__ import annotations

import random

import esper

from components.armies import Army
from components.commands import BuildStructure, EndTurn, Move
from systems.events import BattleStarted, DiceRolled
from tests.builders import at, spawn_army, tiny_game

ROWS = ["ppppp", "ppppp", "ppppp"]


def fresh():
    return tiny_game(ROWS, {1: (0, 0), 2: (4, 2)})


def test_r8_1_by_default_meeting_a_hostile_army_starts_a_battle_through_the_contact_hook():
    game = fresh()
    mover, resident = spawn_army(game, 1, 6, ["soldier"]), spawn_army(game, 2, 7, ["soldier"])
    result = game.submit(Move(mover, (7,)))
    assert [(e.attacker, e.defender) for e in result.events if isinstance(e, BattleStarted)] == [(mover, resident)]


def test_a_ruleset_answering_contact_differently_changes_what_meeting_means():
    game = fresh()
    met: list[tuple[int, int]] = []
    game.app.hooks.contact = lambda world, arriving, resident: met.append((arriving, resident))
    mover, resident = spawn_army(game, 1, 6, ["soldier"]), spawn_army(game, 2, 7, ["soldier"])
    result = game.submit(Move(mover, (7,)))
    assert met == [(mover, resident)]
    assert not any(isinstance(e, BattleStarted) for e in result.events)
    other = fresh()  # another game keeps the base rule: the hook lives on each game's App
    assert other.app.hooks.contact is not game.app.hooks.contact


def test_movement_points_come_from_the_hook_at_each_turn():
    game = fresh()
    entity = spawn_army(game, 1, 6, ["soldier"], mp=0)
    game.app.hooks.movement_points = lambda world, types, catapult: 7
    game.submit(EndTurn())
    game.submit(EndTurn())  # seat 1's next turn: upkeep refreshes MP through the hook
    game.world.activate()
    assert esper.component_for_entity(entity, Army).mp == 7


def test_who_may_build_what_where_is_the_may_build_hook():
    game = tiny_game(ROWS, {1: (0, 0), 2: (4, 2)}, resources={"wood": 99, "stone": 99, "food": 99, "metal": 99})
    tower = BuildStructure("wooden_tower", at(game, 0, 0))
    assert game.check(tower) is None
    game.app.hooks.may_build = lambda world, cmd: "not on a holy day"
    assert game.check(tower) == "not on a holy day"


def test_dice_come_from_the_games_generator_and_are_announced():
    game = fresh()
    world = game.world
    twin = random.Random()
    twin.setstate(world.rng.getstate())
    rolls = world.roll(6, 3, "test")
    assert rolls == tuple(twin.randint(1, 6) for _ in range(3))
    assert world.events[-1] == DiceRolled(world.clock.seat, 6, rolls, "test")
