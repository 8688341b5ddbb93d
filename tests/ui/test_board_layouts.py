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


def test_the_radar_draws_hexes_as_hexes_not_stretched_pixels(window: GameWindow) -> None:
    game = hex_game()
    window.start(game)
    view = window.current_view
    assert isinstance(view, GameView)
    frames(window, 2)
    radar = view.canvas.radar
    assert radar.polygons
    picture = radar.picture()
    assert picture.size == (radar.width, radar.height)
    grid = view.canvas.grid
    background = (10, 12, 16, 255)
    # pointy rows with odd rows pushed right: an even row's first hex leaves a half-hex gap at the left edge
    # of the odd rows; a stretched one-pixel-per-cell radar would paint terrain there
    odd_row_left = radar._to_radar(grid.tile * 0.2, grid.center(grid.width * 1)[1])
    assert picture.getpixel((int(odd_row_left[0]), int(odd_row_left[1]))) == background
    for t in (0, grid.width + 3, grid.size - 1):  # every hex's centre shows its terrain (or its owner)
        x, y = radar._to_radar(*grid.center(t))
        assert picture.getpixel((int(x), int(y))) != background
    shot(window, "boards_hex_radar.png")


def test_a_region_map_has_a_layout_of_its_polygons():
    from pathlib import Path

    from game.maps import load_map
    from game.ui.layouts import RegionLayout
    from systems.board import make_board

    data = load_map(Path(__file__).resolve().parents[2] / "mods" / "risky-space" / "maps" / "lantern_lanes.tmj")
    board = make_board(data.width, data.height, data.topology)
    layout = layout_for(board)
    assert isinstance(layout, RegionLayout) and not layout.square
    for t in range(board.size):
        assert layout.at(*layout.center(t)) == t  # every region's centre hits its own polygon
        x0, y0, x1, y1 = layout.box(t)
        assert 0 <= x0 < x1 <= layout.pixel_width and 0 <= y0 < y1 <= layout.pixel_height
    shared = sum(1 for a, b in board.links() if any(n == b for n, _ in layout.edges(a)))
    assert shared >= len(board.links()) / 3  # many links are shared polygon sides; the rest cross open space
    for a, b in board.links():  # and every link has a border piece to draw (a shared side or a bit of the link)
        x1, y1, x2, y2 = layout.border_segment(a, b)
        assert (x1, y1) != (x2, y2)
    north = min(range(board.size), key=lambda t: board.regions[t].y)  # Tiled's y runs down; the world's up
    assert layout.center(north)[1] == max(layout.center(t)[1] for t in range(board.size))
