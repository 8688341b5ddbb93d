"""Where territories sit in world pixels (y = 0 is the map's top row) and which territory a point falls in."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from game.ui.theme import TILE


class Layout(Protocol):
    """What the client asks of a board's drawing: `Grid` for squares, `game.ui.layouts` for other shapes."""

    @property
    def width(self) -> int: ...

    @property
    def height(self) -> int: ...

    @property
    def tile(self) -> int: ...

    @property
    def square(self) -> bool: ...

    @property
    def pixel_width(self) -> float: ...

    @property
    def pixel_height(self) -> float: ...

    def coords(self, territory: int) -> tuple[int, int]: ...

    def rect(self, territory: int) -> tuple[float, float, float, float]: ...

    def center(self, territory: int) -> tuple[float, float]: ...

    def outline(self, territory: int) -> list[tuple[float, float]]: ...

    def at(self, wx: float, wy: float) -> int | None: ...

    def border_segment(self, a: int, b: int) -> tuple[float, float, float, float]: ...

    def nearest_border(self, territory: int, wx: float, wy: float) -> int | None: ...


@dataclass(frozen=True)
class Grid:
    """A square grid of `width` x `height` territories, each `tile` world pixels wide."""

    width: int
    height: int
    tile: int = TILE
    square = True

    @property
    def pixel_width(self) -> int:
        return self.width * self.tile

    @property
    def pixel_height(self) -> int:
        return self.height * self.tile

    def coords(self, territory: int) -> tuple[int, int]:
        return territory % self.width, territory // self.width

    def rect(self, territory: int) -> tuple[float, float, float, float]:
        """(left, bottom, width, height) of a territory in world pixels."""
        x, y = self.coords(territory)
        return x * self.tile, (self.height - 1 - y) * self.tile, self.tile, self.tile

    def outline(self, territory: int) -> list[tuple[float, float]]:
        left, bottom, size, _ = self.rect(territory)
        return [(left, bottom), (left + size, bottom), (left + size, bottom + size), (left, bottom + size)]

    def center(self, territory: int) -> tuple[float, float]:
        x, y = self.coords(territory)
        return (x + 0.5) * self.tile, (self.height - 0.5 - y) * self.tile

    def at(self, wx: float, wy: float) -> int | None:
        """The territory under a world point, or None off the map."""
        x = int(wx // self.tile)
        y = self.height - 1 - int(wy // self.tile)
        if 0 <= x < self.width and 0 <= y < self.height and wx >= 0 and wy >= 0:
            return y * self.width + x
        return None

    def border_segment(self, a: int, b: int) -> tuple[float, float, float, float]:
        """The shared edge of two neighbouring territories as (x1, y1, x2, y2)."""
        ax, ay = self.coords(a)
        bx, by = self.coords(b)
        t = self.tile
        if ax != bx and ay != by:  # diagonal neighbours (square-8) meet at a corner: a short stroke across it
            cx, cy = max(ax, bx) * t, (self.height - max(ay, by)) * t
            dx, dy = (bx - ax) * t / 6, (ay - by) * t / 6
            return cx - dy, cy - dx, cx + dy, cy + dx
        if ay == by:  # side by side: vertical edge
            x = max(ax, bx) * t
            bottom = (self.height - 1 - ay) * t
            return x, bottom, x, bottom + t
        y = (self.height - max(ay, by)) * t  # one above the other: horizontal edge
        left = ax * t
        return left, y, left + t, y

    def nearest_border(self, territory: int, wx: float, wy: float) -> int | None:
        """The neighbour across the edge of `territory` closest to a world point."""
        left, bottom, size, _ = self.rect(territory)
        fx, fy = (wx - left) / size, (wy - bottom) / size
        x, y = self.coords(territory)
        distances = {(x - 1, y): fx, (x + 1, y): 1 - fx, (x, y + 1): fy, (x, y - 1): 1 - fy}
        for (nx, ny), _ in sorted(distances.items(), key=lambda kv: kv[1]):
            if 0 <= nx < self.width and 0 <= ny < self.height:
                return ny * self.width + nx
        return None
