"""Board layouts for the client: where a territory of any shape sits in world pixels, its outline and borders
(squares: `Grid`; hexes: `HexLayout`; region maps: `RegionLayout`).

Every layout answers the same questions as the square `Grid` (centre, bounding rect, outline polygon,
hit-test, shared border segment, the neighbour across the border nearest a point), so the baked
terrain, overlays, sprites, camera and radar draw any board. World y points up; row 0 is the top.
"""

from __future__ import annotations

import math
from functools import cached_property

from game.ui.grid import Grid, Layout
from game.ui.theme import TILE
from systems.board import Board

Point = tuple[float, float]


class PolygonLayout:
    """Shared by non-square layouts: everything is derived from `center` and `outline`."""

    square = False
    tile: int = TILE
    uniform_cells = False  # every cell the same shape (one art mask serves all)
    clusters: list[str] | None = None  # each territory's cluster, where the board groups them

    def __init__(self, board: Board) -> None:
        self.board = board
        self.width = board.width
        self.height = board.height
        self.size = board.size

    # subclasses provide these
    @property
    def pixel_width(self) -> float:
        raise NotImplementedError

    @property
    def pixel_height(self) -> float:
        raise NotImplementedError

    def center(self, territory: int) -> Point:
        raise NotImplementedError

    def outline(self, territory: int) -> list[Point]:
        raise NotImplementedError

    # derived
    def coords(self, territory: int) -> tuple[int, int]:
        return territory % self.width, territory // self.width

    def rect(self, territory: int) -> tuple[float, float, float, float]:
        """(left, bottom, width, height): the square of side `tile` around the centre (markers, badges)."""
        x, y = self.center(territory)
        half = self.tile / 2
        return x - half, y - half, float(self.tile), float(self.tile)

    def box(self, territory: int) -> tuple[float, float, float, float]:
        """(left, bottom, right, top) of the outline."""
        xs, ys = zip(*self.outline(territory), strict=True)
        return min(xs), min(ys), max(xs), max(ys)

    def contains(self, territory: int, wx: float, wy: float) -> bool:
        """Point in (convex or not) polygon, by ray casting."""
        inside = False
        points = self.outline(territory)
        for (x0, y0), (x1, y1) in zip(points, points[1:] + points[:1], strict=True):
            if (y0 > wy) != (y1 > wy) and wx < x0 + (wy - y0) * (x1 - x0) / (y1 - y0):
                inside = not inside
        return inside

    def at(self, wx: float, wy: float) -> int | None:
        """The territory under a world point, or None off the map."""
        best = self._nearest(wx, wy)
        return best if best is not None and self.contains(best, wx, wy) else None

    def _nearest(self, wx: float, wy: float) -> int | None:
        return min(range(self.size), key=lambda t: _dist2(self.center(t), (wx, wy)), default=None)

    @cached_property
    def _edge_cache(self) -> dict[int, list[tuple[int | None, tuple[float, float, float, float]]]]:
        return {}

    def _sides(self, t: int) -> list[tuple[int | None, tuple[float, float, float, float]]]:
        """Each side of a territory's outline with the neighbour across it (None: the map's edge)."""
        points = self.outline(t)
        sides = []
        for a, b in zip(points, points[1:] + points[:1], strict=True):
            mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
            across = None
            for n in self.board.neighbours(t):
                if any(_dist2(mid, m) < 1.0 for m in self._midpoints(n)):
                    across = n
                    break
            sides.append((across, (a[0], a[1], b[0], b[1])))
        return sides

    def _midpoints(self, territory: int) -> list[Point]:
        p = self.outline(territory)
        return [((a[0] + b[0]) / 2, (a[1] + b[1]) / 2) for a, b in zip(p, p[1:] + p[:1], strict=True)]

    def edges(self, territory: int) -> list[tuple[int | None, tuple[float, float, float, float]]]:
        """Worked out on first use (a big board's picture is baked a piece at a time)."""
        found = self._edge_cache.get(territory)
        if found is None:
            found = self._edge_cache[territory] = self._sides(territory)
        return found

    def border_segment(self, a: int, b: int) -> tuple[float, float, float, float]:
        """The shared edge of two neighbouring territories as (x1, y1, x2, y2); a short link otherwise."""
        for across, segment in self.edges(a):
            if across == b:
                return segment
        (ax, ay), (bx, by) = self.center(a), self.center(b)
        return ax + (bx - ax) * 0.4, ay + (by - ay) * 0.4, ax + (bx - ax) * 0.6, ay + (by - ay) * 0.6

    def nearest_border(self, territory: int, wx: float, wy: float) -> int | None:
        """The neighbour across the border of `territory` closest to a world point."""
        best: tuple[float, int] | None = None
        for n in self.board.neighbours(territory):
            x1, y1, x2, y2 = self.border_segment(territory, n)
            d = _dist2(((x1 + x2) / 2, (y1 + y2) / 2), (wx, wy))
            if best is None or d < best[0]:
                best = (d, n)
        return best[1] if best is not None else None


class HexLayout(PolygonLayout):
    """Hexes as Tiled draws the board: pointy-top in staggered rows or flat-top in staggered columns.

    The short diameter is `tile`, so a hex covers about the area of a square territory.
    """

    uniform_cells = True

    def __init__(self, board: Board, tile: int = TILE) -> None:
        super().__init__(board)
        spec = board.spec()
        self.tile = tile
        self.pointy = spec.get("stagger_axis", "y") == "y"
        self.odd = 1 if spec.get("stagger_index", "odd") == "odd" else 0
        self.radius = tile / math.sqrt(3)  # centre to corner
        self._centers = [self._center(t) for t in range(self.size)]
        corners = [math.radians(60 * i + (30 if self.pointy else 0)) for i in range(6)]
        self._corners = [(self.radius * math.cos(a), self.radius * math.sin(a)) for a in corners]

    @property
    def pixel_width(self) -> float:
        if self.pointy:
            return (self.width + 0.5) * self.tile
        return 2 * self.radius + (self.width - 1) * 1.5 * self.radius

    @property
    def pixel_height(self) -> float:
        if self.pointy:
            return 2 * self.radius + (self.height - 1) * 1.5 * self.radius
        return (self.height + 0.5) * self.tile

    def _center(self, territory: int) -> Point:
        x, y = self.coords(territory)
        if self.pointy:
            cx = (x + 0.5 + (0.5 if y % 2 == self.odd else 0.0)) * self.tile
            from_top = self.radius + y * 1.5 * self.radius
        else:
            cx = self.radius + x * 1.5 * self.radius
            from_top = (y + 0.5 + (0.5 if x % 2 == self.odd else 0.0)) * self.tile
        return cx, self.pixel_height - from_top

    def center(self, territory: int) -> Point:
        return self._centers[territory]

    def outline(self, territory: int) -> list[Point]:
        cx, cy = self._centers[territory]
        return [(cx + dx, cy + dy) for dx, dy in self._corners]

    def _sides(self, t: int) -> list[tuple[int | None, tuple[float, float, float, float]]]:
        """The cell across a side has its centre at this centre mirrored through the side's midpoint."""
        cx, cy = self._centers[t]
        around = self.board.neighbours(t)
        sides = []
        points = self.outline(t)
        for a, b in zip(points, points[1:] + points[:1], strict=True):
            mirrored = (a[0] + b[0] - cx, a[1] + b[1] - cy)
            across = next((n for n in around if _dist2(self._centers[n], mirrored) < 1.0), None)
            sides.append((across, (a[0], a[1], b[0], b[1])))
        return sides

    def _nearest(self, wx: float, wy: float) -> int | None:
        """Only the cells around the point's approximate row and column are candidates."""
        if self.pointy:
            row = round((self.pixel_height - wy - self.radius) / (1.5 * self.radius))
            col = round(wx / self.tile - 0.75)
        else:
            col = round((wx - self.radius) / (1.5 * self.radius))
            row = round((self.pixel_height - wy) / self.tile - 0.75)
        candidates = [
            y * self.width + x
            for y in range(row - 1, row + 2) if 0 <= y < self.height
            for x in range(col - 1, col + 2) if 0 <= x < self.width
        ]
        return min(candidates, key=lambda t: _dist2(self._centers[t], (wx, wy)), default=None)


class RegionLayout(PolygonLayout):
    """A region map as its Tiled objects lie: each region's polygon (a small hexagon around a point object),
    flipped to world y up, with a margin; borders are shared polygon sides, else a short piece of the link."""

    MARGIN = 40.0
    POINT_RADIUS = 18.0

    def __init__(self, board: Board) -> None:
        super().__init__(board)
        regions = board.regions  # type: ignore[attr-defined]
        self.clusters = [r.cluster for r in regions]
        shapes = [list(r.outline) or [(r.x + self.POINT_RADIUS * math.cos(math.radians(60 * i)),
                                       r.y + self.POINT_RADIUS * math.sin(math.radians(60 * i))) for i in range(6)]
                  for r in regions]
        xs = [x for shape in shapes for x, _ in shape]
        ys = [y for shape in shapes for _, y in shape]
        self.x0, self.y0 = min(xs, default=0.0) - self.MARGIN, min(ys, default=0.0) - self.MARGIN
        self._width = max(xs, default=0.0) + self.MARGIN - self.x0
        self._height = max(ys, default=0.0) + self.MARGIN - self.y0
        self._outlines = [[self._world(x, y) for x, y in shape] for shape in shapes]
        self._centers = [self._world(r.x, r.y) for r in regions]
        self.cluster_labels: list[tuple[str, float, float]] = []  # each cluster's name at its regions' mean centre
        for cluster in board.clusters:  # type: ignore[attr-defined]
            spots = [self._centers[t] for t, r in enumerate(regions) if r.cluster == cluster.id]
            if spots:
                self.cluster_labels.append((cluster.name, sum(x for x, _ in spots) / len(spots),
                                            sum(y for _, y in spots) / len(spots)))

    def _world(self, x: float, y: float) -> Point:
        return x - self.x0, self._height - (y - self.y0)

    @property
    def pixel_width(self) -> float:
        return self._width

    @property
    def pixel_height(self) -> float:
        return self._height

    def center(self, territory: int) -> Point:
        return self._centers[territory]

    def outline(self, territory: int) -> list[Point]:
        return self._outlines[territory]

    def at(self, wx: float, wy: float) -> int | None:
        """Regions may be concave or far apart: test every polygon holding the point, nearest centre first."""
        for t in sorted(range(self.size), key=lambda t: _dist2(self._centers[t], (wx, wy))):
            if self.contains(t, wx, wy):
                return t
        return None


def _dist2(a: Point, b: Point) -> float:
    return (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2


def layout_for(board: Board) -> Layout:
    """The client layout of a board: the square `Grid` for square boards, polygons for the others."""
    if board.kind == "hex":
        return HexLayout(board)
    if board.kind == "regions":
        return RegionLayout(board)
    return Grid(board.width, board.height)
