"""The client shows a draw (Clock.winner = DRAW) as a draw, not as a seat's win."""

from __future__ import annotations

from game.ui.scene import Scene
from game.ui.views.victory import victory_text
from systems.events import GameDrawn
from systems.world import DRAW
from tests.builders import tiny_game


def test_a_draw_reads_as_a_draw_in_the_victory_screen_and_the_scene():
    game = tiny_game(["ppp", "ppp"], {1: (0, 0), 2: (2, 1)})
    game.world.clock.winner = DRAW
    title, how = victory_text(game)
    assert title == "A draw!" and "draw in round 1" in how
    scene = Scene(3, 2, game.world.terrain, game.app.presentation)
    scene.apply(GameDrawn((1, 2), 1))
    assert scene.winner == DRAW and scene.stage == "over"
