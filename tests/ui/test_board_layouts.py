"""Client layouts per topology: hex centres, outlines, hit-tests, borders; the game screen plays on a hex map."""

from __future__ import annotations

import dataclasses

import pytest

from game.mapgen import generate_map
from game.setup import PlayerSpec, new_game
from game.ui.app import GameWindow
from game.ui.layouts import HexLayout, layout_for
from game.ui.views.game_view import GameView
from systems.board import GridBoard, HexBoard
from tests.builders import base_rules, spawn_army
from tests.ui.conftest import click, frames, shot

LAYOUTS = [("y", "odd"), ("y", "even"), ("x", "odd"), ("x", "even")]


@pytest.mark.parametrize(("axis", "index"), LAYOUTS)
def test_every_hex_centre_hits_its_own_hex_and_neighbours_share_a_side(axis, index):
    board = HexBoard(9, 7, axis, index)
    layout = HexLayout(board)
    for t in range(board.size):
        assert layout.at(*layout.center(t)) == t
        for n in board.neighbours(t):
            x1, y1, x2, y2 = layout.border_segment(t, n)
            length = ((x2 - x1) ** 2 + (y2 - y1) ** 2) ** 0.5
            assert length == pytest.approx(layout.radius, rel=1e-6)  # a whole hex side
            mx, my = (x1 + x2) / 2, (y1 + y2) / 2
            cx, cy = layout.center(t)
            assert layout.nearest_border(t, cx + (mx - cx) * 0.8, cy + (my - cy) * 0.8) == n
    left, bottom, right, top = 0, 0, layout.pixel_width, layout.pixel_height
    for t in range(board.size):
        for x, y in layout.outline(t):
            assert left - 1e-6 <= x <= right + 1e-6 and bottom - 1e-6 <= y <= top + 1e-6
    assert layout.at(-5, -5) is None


def test_the_square_board_keeps_the_square_grid():
    assert layout_for(GridBoard(4, 4)).square
    assert not layout_for(HexBoard(4, 4)).square


def hex_game():
    square = generate_map(16, 14, 2, seed=2, name="Hex test")
    data = dataclasses.replace(square, topology={"kind": "hex", "stagger_axis": "y", "stagger_index": "odd"})
    game = new_game(base_rules(), data, [PlayerSpec("P1"), PlayerSpec("P2", True)], 3)
    from components.commands import ChooseBase
    for seat in (1, 2):
        zone = data.start_zones[2][seat]
        land = next(t for t in zone if data.terrain[t] in ("plain", "forest", "barren"))
        assert game.submit(ChooseBase(land)).ok
    return game


def test_the_game_screen_selects_and_highlights_on_hexes(window: GameWindow) -> None:
    game = hex_game()
    window.start(game)
    view = window.current_view
    assert isinstance(view, GameView)
    frames(window, 2)
    board = game.world.board
    here = next(t for t in range(board.size) if game.world.terrain[t] == "plain"
                and all(game.world.terrain[n] == "plain" for n in board.neighbours(t)) and len(board.neighbours(t)) == 6)
    army = spawn_army(game, 1, here, ["soldier", "soldier"])
    view._sync()
    view.camera.center_on_territory(here)
    frames(window)
    click(window, *view.camera.to_screen(*view.canvas.grid.center(here)))
    assert view.orders.selected_army == army
    colors = view.canvas.overlays.cell_colors
    assert set(board.neighbours(here)) <= set(colors)  # all six hex neighbours are reachable
    frames(window, 2)
    shot(window, "boards_hex_selection.png")


def test_square8_diagonal_neighbours_meet_at_the_shared_corner():
    from game.ui.grid import Grid

    grid = Grid(4, 4, 48)
    x1, y1, x2, y2 = grid.border_segment(5, 10)  # (1,1) and (2,2): the corner at x=96, y=96
    assert (x1 + x2) / 2 == 96 and (y1 + y2) / 2 == 96
