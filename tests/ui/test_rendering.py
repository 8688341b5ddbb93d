"""The client's `rendering` system closes every stage of the game's flow once a window shows the game."""

from __future__ import annotations

from components.commands import EndTurn
from game.ui.session import Session
from tests.builders import tiny_game


def test_a_window_adds_rendering_last_in_every_stage_and_reads_each_stages_events():
    game = tiny_game(["ppp", "ppp"], {1: (0, 0), 2: (2, 1)})
    other = tiny_game(["ppp", "ppp"], {1: (0, 0), 2: (2, 1)})
    session = Session(game, {}, threaded=False)
    for stage in game.schedule.stages:
        assert game.schedule.order(stage)[-1] == "rendering"
    assert game.schedule.order("main") == ["combat", "victory", "rendering"]
    assert "rendering" not in other.schedule.order("main")  # only the game in the window
    Session(game, {}, threaded=False)  # a second window on the same game replaces, never doubles
    assert game.schedule.order("main").count("rendering") == 1
    session = Session(game, {}, threaded=False)
    session.submit(EndTurn())
    assert 2 in session.income and 2 in session.upkeep_paid  # seat 2's resource and upkeep stages, rendered
