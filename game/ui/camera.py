"""The map camera: scroll by keys, screen edge and drag; zoom around the cursor; always kept on the map."""

from __future__ import annotations

import arcade

from game.ui import theme
from game.ui.grid import Layout


class MapCamera:
    """A Camera2D over the map's part of the window; screen points are window pixels, origin bottom-left."""

    def __init__(self, viewport: tuple[int, int, int, int], grid: Layout, zoom: float = theme.DEFAULT_ZOOM,
                 bottom_inset: float = 0.0) -> None:
        self.viewport = viewport
        self.bottom_inset = bottom_inset  # screen pixels at the bottom covered by the hint bar and toolbar
        self.grid = grid
        left, bottom, width, height = viewport
        self.camera = arcade.Camera2D(viewport=arcade.LBWH(left, bottom, width, height),
                                      position=(grid.pixel_width / 2, grid.pixel_height / 2))
        fit = min(width / max(1, grid.pixel_width), height / max(1, grid.pixel_height))
        self.min_zoom = max(theme.MIN_ZOOM, min(1.0, fit))
        self.max_zoom = theme.MAX_ZOOM
        self.camera.zoom = max(self.min_zoom, min(self.max_zoom, zoom))
        self.version = 0  # bumps whenever the view changes (the radar redraws its rectangle)
        self.clamp()

    # ----- state
    @property
    def zoom(self) -> float:
        return float(self.camera.zoom)

    @property
    def position(self) -> tuple[float, float]:
        x, y = self.camera.position
        return float(x), float(y)

    def view_rect(self) -> tuple[float, float, float, float]:
        """(left, bottom, right, top) of the visible world."""
        x, y = self.position
        half_w = self.viewport[2] / 2 / self.zoom
        half_h = self.viewport[3] / 2 / self.zoom
        return x - half_w, y - half_h, x + half_w, y + half_h

    def shows(self, x: float, y: float, margin: float = 0.0) -> bool:
        """True when the world point (x, y) lies in the visible world grown by `margin` (shrunk when negative)."""
        left, bottom, right, top = self.view_rect()
        return left - margin <= x <= right + margin and bottom - margin <= y <= top + margin

    def contains(self, sx: float, sy: float) -> bool:
        left, bottom, width, height = self.viewport
        return left <= sx < left + width and bottom <= sy < bottom + height

    def to_world(self, sx: float, sy: float) -> tuple[float, float]:
        point = self.camera.unproject((sx, sy))
        return float(point[0]), float(point[1])

    def to_screen(self, wx: float, wy: float) -> tuple[float, float]:
        point = self.camera.project((wx, wy))
        return float(point[0]), float(point[1])

    def territory_at(self, sx: float, sy: float) -> int | None:
        if not self.contains(sx, sy):
            return None
        return self.grid.at(*self.to_world(sx, sy))

    # ----- moving
    def set_position(self, x: float, y: float) -> None:
        self.camera.position = (x, y)
        self.clamp()
        self.version += 1

    def center_on_territory(self, territory: int) -> None:
        self.set_position(*self.grid.center(territory))

    def pan_screen(self, dx: float, dy: float) -> None:
        """Move the view by a distance in screen pixels (dragging the map moves it the other way)."""
        x, y = self.position
        self.set_position(x + dx / self.zoom, y + dy / self.zoom)

    def zoom_at(self, sx: float, sy: float, factor: float) -> None:
        """Zoom by `factor`, keeping the world point under the screen point (sx, sy) where it is."""
        before = self.to_world(sx, sy)
        self.camera.zoom = max(self.min_zoom, min(self.max_zoom, self.zoom * factor))
        after = self.to_world(sx, sy)
        x, y = self.position
        self.set_position(x + before[0] - after[0], y + before[1] - after[1])

    def clamp(self) -> None:
        x, y = self.position
        half_w = self.viewport[2] / 2 / self.zoom
        half_h = self.viewport[3] / 2 / self.zoom
        width, height = self.grid.pixel_width, self.grid.pixel_height
        inset = self.bottom_inset / self.zoom  # the bottom row can be scrolled up above the bars
        x = width / 2 if width <= 2 * half_w else min(max(x, half_w), width - half_w)
        y = (height - inset) / 2 if height + inset <= 2 * half_h else min(max(y, half_h - inset), height - half_h)
        self.camera.position = (x, y)

    def scroll(self, dt: float, direction: tuple[float, float]) -> None:
        """Scroll for `dt` seconds in a direction given in screen axes (-1..1 each)."""
        dx, dy = direction
        if dx or dy:
            self.pan_screen(dx * theme.SCROLL_SPEED * dt, dy * theme.SCROLL_SPEED * dt)

    def edge_direction(self, mouse: tuple[float, float] | None) -> tuple[float, float]:
        """Which way screen-edge scrolling pushes for a mouse position inside the map area."""
        if mouse is None or not self.contains(*mouse):
            return 0.0, 0.0
        left, bottom, width, height = self.viewport
        band = theme.EDGE_SCROLL_BAND
        sx, sy = mouse
        dx = -1.0 if sx < left + band else 1.0 if sx >= left + width - band else 0.0
        dy = -1.0 if sy < bottom + band else 1.0 if sy >= bottom + height - band else 0.0
        return dx, dy

    def activate(self):  # noqa: ANN201  (a context manager from arcade)
        return self.camera.activate()
