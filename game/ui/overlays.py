"""Map overlays: reachable territories, start zones, hover and selection outlines, paths and wall borders."""

from __future__ import annotations

import arcade

from game.ui import theme
from game.ui.assets import Assets
from game.ui.grid import Layout
from game.ui.theme import Color


class Overlays:
    """Coloured cells rebuilt when the selection changes, plus a few outlines and lines drawn each frame."""

    def __init__(self, grid: Layout, assets: Assets) -> None:
        self.grid = grid
        self.assets = assets
        self.cells: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()
        self.cells_revision = 0
        self.cell_colors: dict[int, Color] = {}
        self.hover: int | None = None
        self.hover_color: Color = theme.HOVER_OUTLINE
        self.selected: int | None = None
        self.path: list[tuple[float, float]] = []
        self.border: tuple[tuple[float, float, float, float], Color] | None = None
        self.marked: dict[int, Color] = {}  # extra outlined territories (an armed attack, a structure)
        self.outline: list[tuple[float, float]] = []  # segments around a set of territories (a start zone)
        self.outline_color: Color = theme.TEXT_WARN
        self.shapes: arcade.shape_list.ShapeElementList[arcade.shape_list.Shape] | None = None  # non-square cells

    def set_outline(self, territories: set[int] | tuple[int, ...], color: Color = theme.TEXT_WARN) -> None:
        """Draw a line around the outside of a group of territories (pairs of points for draw_lines)."""
        inside = set(territories)
        grid = self.grid
        points: list[tuple[float, float]] = []
        if not grid.square:  # polygons: every side whose other side is outside the group
            for t in inside:
                for across, (x1, y1, x2, y2) in grid.edges(t):  # type: ignore[attr-defined]
                    if across not in inside:
                        points += [(x1, y1), (x2, y2)]
            self.outline, self.outline_color = points, color
            return
        for t in inside:
            x, y = grid.coords(t)
            left, bottom, size, _ = grid.rect(t)
            right, top = left + size, bottom + size
            if x == 0 or t - 1 not in inside:
                points += [(left, bottom), (left, top)]
            if x == grid.width - 1 or t + 1 not in inside:
                points += [(right, bottom), (right, top)]
            if y == 0 or t - grid.width not in inside:
                points += [(left, top), (right, top)]
            if y == grid.height - 1 or t + grid.width not in inside:
                points += [(left, bottom), (right, bottom)]
        self.outline = points
        self.outline_color = color

    def signature(self) -> tuple[object, ...]:
        """Everything this layer would draw, cheaply compared (the frame cache's key)."""
        ends = (self.path[0], self.path[-1], len(self.path)) if self.path else ()
        return (self.cells_revision, self.hover, self.hover_color, self.selected, ends, self.border,
                tuple(self.marked.items()), len(self.outline), self.outline_color)

    def set_cells(self, colors: dict[int, Color]) -> None:
        """Fill these territories with translucent colours (replacing the previous set)."""
        if colors == self.cell_colors:
            return
        self.cells_revision += 1
        self.cell_colors = dict(colors)
        self.cells.clear()
        self.shapes = None
        if not self.grid.square:  # polygons: one batched shape list
            self.shapes = arcade.shape_list.ShapeElementList()
            for territory, color in colors.items():
                self.shapes.append(arcade.shape_list.create_polygon(self.grid.outline(territory), color))
            return
        white = self.assets.white()
        size = self.grid.tile
        for territory, color in colors.items():
            sprite = arcade.Sprite(white)
            sprite.width = sprite.height = size - 2
            sprite.position = self.grid.center(territory)
            sprite.color = color
            self.cells.append(sprite)

    def set_path(self, territories: list[int]) -> None:
        self.path = [self.grid.center(t) for t in territories]

    def clear_pointer(self) -> None:
        self.path = []
        self.border = None

    def _outline(self, territory: int, color: Color, width: float) -> None:
        if not self.grid.square:
            arcade.draw_polygon_outline(self.grid.outline(territory), color, width)
            return
        left, bottom, size, _ = self.grid.rect(territory)
        arcade.draw_lrbt_rectangle_outline(left + 1, left + size - 1, bottom + 1, bottom + size - 1, color, width)

    def draw_cells(self) -> None:
        """Draw inside the map camera, under the sprites."""
        if self.shapes is not None:
            self.shapes.draw()
            return
        self.cells.draw()

    def draw_lines(self) -> None:
        """Draw inside the map camera, over the sprites."""
        if self.outline:
            arcade.draw_lines(self.outline, (20, 20, 24, 200), 6)
            arcade.draw_lines(self.outline, self.outline_color, 3)
        for territory, color in self.marked.items():
            self._outline(territory, color, 3)
        if self.selected is not None:
            self._outline(self.selected, theme.SELECT_OUTLINE, 3)
        if self.hover is not None:
            self._outline(self.hover, self.hover_color, 2)
        if len(self.path) > 1:
            arcade.draw_line_strip(self.path, (20, 20, 24, 160), 7)
            arcade.draw_line_strip(self.path, theme.PATH_COLOR, 3)
            x, y = self.path[-1]
            arcade.draw_circle_filled(x, y, 6, theme.PATH_COLOR)
        if self.border is not None:
            (x1, y1, x2, y2), color = self.border
            arcade.draw_line(x1, y1, x2, y2, (20, 20, 24, 200), 10)
            arcade.draw_line(x1, y1, x2, y2, color, 6)
