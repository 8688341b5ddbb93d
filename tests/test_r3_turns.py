"""R3 Turn structure: the four stages in order, run by a named schedule of systems."""

from __future__ import annotations

import pytest

from components.commands import BuildUnit, EndTurn
from game.content import load_app
from game.schedule import Schedule, ScheduleError
from systems.events import StageStarted
from tests.builders import tiny_game


def test_r3_1_the_schedule_resolves_the_stages_and_systems_in_rule_order():
    schedule = load_app().schedule
    assert schedule.stages == ["setup", "resource", "upkeep", "main", "rogue", "round_end"]
    assert schedule.order("resource") == ["resource"]
    assert schedule.order("upkeep") == ["upkeep"]
    assert schedule.order("main") == ["combat", "victory"]
    assert schedule.order("rogue") == ["rogue_ai", "wild_rogues", "victory"]


def test_r3_1_ending_the_turn_runs_rogue_then_the_next_players_resource_upkeep_and_main():
    game = tiny_game(["ppp", "ppp"], {1: (0, 0), 2: (2, 1)})
    result = game.submit(EndTurn())
    stages = [(e.seat, e.stage) for e in result.events if isinstance(e, StageStarted)]
    assert stages == [(1, "rogue"), (2, "resource"), (2, "upkeep"), (2, "main")]


def test_r3_4_actions_are_refused_outside_the_main_stage():
    game = tiny_game(["ppp", "ppp"], {1: (0, 0), 2: (2, 1)})
    game.world.clock.stage = "upkeep"
    assert "Main stage" in game.submit(BuildUnit("soldier")).reason


def test_a_system_can_be_inserted_after_a_named_one_and_bad_anchors_or_cycles_are_refused():
    schedule = Schedule(["main"])
    schedule.add("main", "combat", lambda w: None)
    schedule.add("main", "victory", lambda w: None, after="combat")
    schedule.add("main", "healing", lambda w: None, after="combat", before="victory")
    assert schedule.order("main") == ["combat", "healing", "victory"]
    with pytest.raises(ScheduleError, match="no system 'nope'"):
        schedule.add("main", "x", lambda w: None, after="nope")
    with pytest.raises(ScheduleError, match="cycle"):
        schedule.add("main", "y", lambda w: None, after="victory", before="combat")
    assert schedule.order("main") == ["combat", "healing", "victory"]
