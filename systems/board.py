"""The board's topology behind one interface: square-4, square-8, hex and region graphs; distance and paths."""

from __future__ import annotations

import heapq
from collections import deque
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Protocol

SQUARE4, SQUARE8, HEX, REGIONS = "square4", "square8", "hex", "regions"


class Board(Protocol):
    """What the rules need to know about the shape of the board; grids, hexes and graphs implement it.

    Territories are indices 0..size-1. `coords` is a drawing/reading position (column and row on grids,
    the drawing position of a region); rules never do arithmetic on it, they ask `neighbours`/`distance`.
    """

    kind: str
    size: int
    width: int
    height: int

    def neighbours(self, index: int) -> tuple[int, ...]: ...

    def neighbour_table(self) -> Sequence[tuple[int, ...]]:
        """`neighbours` of every territory by index, for searches that step through thousands of them."""
        ...

    def distance(self, a: int, b: int) -> int: ...

    def coords(self, index: int) -> tuple[int, int]: ...

    def within(self, center: int, radius: int) -> Iterable[int]: ...

    def spec(self) -> dict[str, Any]: ...


class _Shape:
    """A board's shape as a cache key (type, size and spec); carries the board that computes its table."""

    __slots__ = ("board", "key")

    def __init__(self, board: _Grid) -> None:
        self.board = board
        self.key = (type(board), board.width, board.height, repr(sorted(board.spec().items())))

    def __hash__(self) -> int:
        return hash(self.key)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Shape) and other.key == self.key


@lru_cache(maxsize=16)
def _neighbour_table(shape: _Shape) -> tuple[tuple[int, ...], ...]:
    """Every cell's neighbours, computed once per board shape (immutable): loading a large save or starting a
    game on a large map does not rebuild it."""
    board = shape.board
    return tuple(tuple(board._around(i)) for i in range(board.size))


class _Grid:
    """Shared by the rectangular boards: index = y * width + x, y = 0 is the top row."""

    kind = ""

    def __init__(self, width: int, height: int) -> None:
        self.width = width
        self.height = height
        self.size = width * height
        self._neighbours: tuple[tuple[int, ...], ...] = _neighbour_table(_Shape(self))

    def _around(self, index: int) -> list[int]:
        raise NotImplementedError

    def neighbours(self, index: int) -> tuple[int, ...]:
        return self._neighbours[index]

    def neighbour_table(self) -> Sequence[tuple[int, ...]]:
        return self._neighbours

    def coords(self, index: int) -> tuple[int, int]:
        return index % self.width, index // self.width

    def index(self, x: int, y: int) -> int:
        return y * self.width + x

    def inside(self, x: int, y: int) -> bool:
        return 0 <= x < self.width and 0 <= y < self.height

    def spec(self) -> dict[str, Any]:
        return {"kind": self.kind}


class GridBoard(_Grid):
    """A rectangular grid whose territories touch their 4 orthogonal neighbours (R2.1)."""

    kind = SQUARE4
    STEPS: tuple[tuple[int, int], ...] = ((0, -1), (1, 0), (0, 1), (-1, 0))

    def _around(self, index: int) -> list[int]:
        x, y = self.coords(index)
        return [self.index(x + dx, y + dy) for dx, dy in self.STEPS if self.inside(x + dx, y + dy)]

    def distance(self, a: int, b: int) -> int:
        """Fewest steps between two territories, ignoring terrain (R4.2)."""
        w = self.width
        return abs(a % w - b % w) + abs(a // w - b // w)

    def within(self, center: int, radius: int) -> Iterable[int]:
        cx, cy = self.coords(center)
        for y in range(max(0, cy - radius), min(self.height, cy + radius + 1)):
            span = radius - abs(y - cy)
            for x in range(max(0, cx - span), min(self.width, cx + span + 1)):
                yield y * self.width + x


class DiagonalGridBoard(GridBoard):
    """A rectangular grid whose territories also touch diagonally: 8 neighbours, distance = king moves."""

    kind = SQUARE8
    STEPS = ((0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1))

    def distance(self, a: int, b: int) -> int:
        w = self.width
        return max(abs(a % w - b % w), abs(a // w - b // w))

    def within(self, center: int, radius: int) -> Iterable[int]:
        cx, cy = self.coords(center)
        for y in range(max(0, cy - radius), min(self.height, cy + radius + 1)):
            for x in range(max(0, cx - radius), min(self.width, cx + radius + 1)):
                yield y * self.width + x


# Axial directions, clockwise from east (pointy-top) / from south-east (flat-top).
HEX_DIRECTIONS: tuple[tuple[int, int], ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


class HexBoard(_Grid):
    """A rectangle of hexes stored in Tiled's offset layout, computed in axial coordinates.

    Storage stays `index = y * width + x` (Tiled's staggered rows or columns), so terrain lists,
    saves and chunked drawing stay rectangular; every rule computation converts to axial (q, r),
    where directions are constant and distance, lines and rings are simple (docs/architecture.md).
    `stagger_axis` "y" = pointy-top hexes in shifted rows, "x" = flat-top hexes in shifted columns;
    `stagger_index` "odd"/"even" = which rows (columns) are pushed right (down), as Tiled names them.
    """

    kind = HEX

    def __init__(self, width: int, height: int, stagger_axis: str = "y", stagger_index: str = "odd") -> None:
        if stagger_axis not in ("x", "y") or stagger_index not in ("odd", "even"):
            raise ValueError(f"hex stagger must be x|y and odd|even, got {stagger_axis!r}, {stagger_index!r}")
        self.stagger_axis = stagger_axis
        self.stagger_index = stagger_index
        self._sign = -1 if stagger_index == "odd" else 1  # redblobgames' odd-r/even-r (odd-q/even-q) offsets
        super().__init__(width, height)

    def spec(self) -> dict[str, Any]:
        return {"kind": self.kind, "stagger_axis": self.stagger_axis, "stagger_index": self.stagger_index}

    def axial(self, index: int) -> tuple[int, int]:
        x, y = self.coords(index)
        if self.stagger_axis == "y":  # odd-r: odd rows sit half a hex right; even-r: even rows do
            return x - (y + self._sign * (y & 1)) // 2, y
        return x, y - (x + self._sign * (x & 1)) // 2

    def from_axial(self, q: int, r: int) -> int | None:
        """The index of an axial position, None off the board."""
        if self.stagger_axis == "y":
            x, y = q + (r + self._sign * (r & 1)) // 2, r
        else:
            x, y = q, r + (q + self._sign * (q & 1)) // 2
        return self.index(x, y) if self.inside(x, y) else None

    def _around(self, index: int) -> list[int]:
        q, r = self.axial(index)
        found = (self.from_axial(q + dq, r + dr) for dq, dr in HEX_DIRECTIONS)
        return [n for n in found if n is not None]

    def neighbour(self, index: int, direction: int) -> int | None:
        """The neighbour in one of the six HEX_DIRECTIONS (0..5), None off the board."""
        q, r = self.axial(index)
        dq, dr = HEX_DIRECTIONS[direction % 6]
        return self.from_axial(q + dq, r + dr)

    def distance(self, a: int, b: int) -> int:
        (aq, ar), (bq, br) = self.axial(a), self.axial(b)
        dq, dr = aq - bq, ar - br
        return (abs(dq) + abs(dr) + abs(dq + dr)) // 2

    def line(self, a: int, b: int) -> tuple[int, ...]:
        """The cells on the straight line from a to b, both included (cube lerp and round, nudged)."""
        (aq, ar), (bq, br) = self.axial(a), self.axial(b)
        n = self.distance(a, b)
        out: list[int] = []
        for i in range(n + 1):
            t = i / n if n else 0.0
            q = aq + (bq - aq) * t + 1e-6
            r = ar + (br - ar) * t + 1e-6
            cell = self.from_axial(*_hex_round(q, r))
            if cell is not None and (not out or out[-1] != cell):
                out.append(cell)
        return tuple(out)

    def ring(self, center: int, radius: int) -> tuple[int, ...]:
        """The cells at exactly `radius` steps, walking clockwise (on-board ones only)."""
        q, r = self.axial(center)
        if radius == 0:
            return (center,)
        dq, dr = HEX_DIRECTIONS[4]
        q, r = q + dq * radius, r + dr * radius
        out: list[int] = []
        for side in range(6):
            sq, sr = HEX_DIRECTIONS[side]
            for _ in range(radius):
                cell = self.from_axial(q, r)
                if cell is not None:
                    out.append(cell)
                q, r = q + sq, r + sr
        return tuple(out)

    def within(self, center: int, radius: int) -> Iterable[int]:
        for distance in range(radius + 1):
            yield from self.ring(center, distance)


def _hex_round(q: float, r: float) -> tuple[int, int]:
    s = -q - r
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    return int(rq), int(rr)


@dataclass(frozen=True)
class Region:
    """One territory of a region map: id, display name, cluster id, drawing position, optional outline."""

    id: str
    name: str
    cluster: str
    x: float
    y: float
    outline: tuple[tuple[float, float], ...] = ()


@dataclass(frozen=True)
class Cluster:
    """A named group of regions (RS1.2 "continent") with the bonus for holding it whole."""

    id: str
    name: str
    bonus: int


class RegionBoard:
    """A graph of regions with explicit undirected links, grouped into named clusters (RS1.2)."""

    kind = REGIONS

    def __init__(self, regions: Sequence[Region], links: Iterable[tuple[int, int]], clusters: Sequence[Cluster]) -> None:
        self.regions = tuple(regions)
        self.clusters = tuple(clusters)
        named = {c.id for c in self.clusters}
        if stray := next((r for r in self.regions if r.cluster not in named), None):  # RS1.2: every region in one
            raise ValueError(f"region {stray.id!r} is in no cluster of the board ({stray.cluster!r})")
        self.size = len(self.regions)
        self.width, self.height = self.size, 1  # a region list is stored as one row of territories
        around: list[set[int]] = [set() for _ in self.regions]
        for a, b in links:
            if not (0 <= a < self.size and 0 <= b < self.size):
                raise ValueError(f"link {a}-{b} names a region that is not on the board")
            if a != b:
                around[a].add(b)
                around[b].add(a)
        self._neighbours = [tuple(sorted(s)) for s in around]
        self._ids = {r.id: i for i, r in enumerate(self.regions)}
        self._members = {c.id: tuple(i for i, r in enumerate(self.regions) if r.cluster == c.id) for c in self.clusters}
        self._hops: dict[int, list[int]] = {}

    def neighbours(self, index: int) -> tuple[int, ...]:
        return self._neighbours[index]

    def neighbour_table(self) -> Sequence[tuple[int, ...]]:
        return self._neighbours

    def links(self) -> list[tuple[int, int]]:
        return [(a, b) for a in range(self.size) for b in self._neighbours[a] if a < b]

    def index_of(self, region_id: str) -> int:
        return self._ids[region_id]

    def members(self, cluster_id: str) -> tuple[int, ...]:
        return self._members[cluster_id]

    def cluster_of(self, index: int) -> str:
        return self.regions[index].cluster

    def _bfs(self, start: int) -> list[int]:
        hops = self._hops.get(start)
        if hops is None:
            hops = [-1] * self.size
            hops[start] = 0
            queue = deque([start])
            while queue:
                here = queue.popleft()
                for there in self._neighbours[here]:
                    if hops[there] < 0:
                        hops[there] = hops[here] + 1
                        queue.append(there)
            self._hops[start] = hops
        return hops

    def distance(self, a: int, b: int) -> int:
        """Fewest links between two regions (size when they are not connected)."""
        d = self._bfs(a)[b]
        return d if d >= 0 else self.size

    def coords(self, index: int) -> tuple[int, int]:
        region = self.regions[index]
        return int(region.x), int(region.y)

    def within(self, center: int, radius: int) -> Iterable[int]:
        hops = self._bfs(center)
        return (i for i, d in enumerate(hops) if 0 <= d <= radius)

    def spec(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "regions": [
                {"id": r.id, "name": r.name, "cluster": r.cluster, "x": r.x, "y": r.y,
                 "outline": [list(p) for p in r.outline]}
                for r in self.regions
            ],
            "links": [list(link) for link in self.links()],
            "clusters": [{"id": c.id, "name": c.name, "bonus": c.bonus} for c in self.clusters],
        }


def make_board(width: int, height: int, spec: Mapping[str, Any] | None = None) -> Board:
    """The board a map or save describes: `spec` is Board.spec() (None or {} = square-4, older saves)."""
    spec = dict(spec or {})
    kind = spec.get("kind", SQUARE4)
    if kind == SQUARE4:
        return GridBoard(width, height)
    if kind == SQUARE8:
        return DiagonalGridBoard(width, height)
    if kind == HEX:
        return HexBoard(width, height, str(spec.get("stagger_axis", "y")), str(spec.get("stagger_index", "odd")))
    if kind == REGIONS:
        regions = [
            Region(str(r["id"]), str(r["name"]), str(r["cluster"]), float(r["x"]), float(r["y"]),
                   tuple((float(p[0]), float(p[1])) for p in r.get("outline", ())))
            for r in spec["regions"]
        ]
        clusters = [Cluster(str(c["id"]), str(c["name"]), int(c["bonus"])) for c in spec["clusters"]]
        return RegionBoard(regions, [(int(a), int(b)) for a, b in spec["links"]], clusters)
    raise ValueError(f"unknown board kind {kind!r} (known: {SQUARE4}, {SQUARE8}, {HEX}, {REGIONS})")


StepCost = Callable[[int, int], "int | None"]


def cheapest_paths(
    board: Board, start: int, step_cost: StepCost, budget: int | None = None, stop_at: Callable[[int], bool] | None = None
) -> dict[int, tuple[int, int | None]]:
    """Dijkstra from `start`: territory -> (cost, previous territory), within `budget` when given.

    `stop_at(t)` marks territories that may be entered but not passed through.
    """
    best: dict[int, tuple[int, int | None]] = {start: (0, None)}
    frontier: list[tuple[int, int]] = [(0, start)]
    # names bound once: every computer turn runs this search many times
    neighbours, pop, push, limit = board.neighbour_table(), heapq.heappop, heapq.heappush, budget
    while frontier:
        cost, here = pop(frontier)
        if cost > best[here][0]:
            continue
        if here != start and stop_at is not None and stop_at(here):
            continue
        for there in neighbours[here]:
            step = step_cost(here, there)
            if step is None:
                continue
            total = cost + step
            if limit is not None and total > limit:
                continue
            known = best.get(there)
            if known is None or total < known[0]:
                best[there] = (total, here)
                push(frontier, (total, there))
    return best


def path_to(tree: dict[int, tuple[int, int | None]], goal: int) -> tuple[int, ...]:
    """The path from the tree's start to `goal` (start excluded), empty when unreachable or the start."""
    if goal not in tree:
        return ()
    steps: list[int] = []
    here: int | None = goal
    while here is not None and tree[here][1] is not None:
        steps.append(here)
        here = tree[here][1]
    return tuple(reversed(steps))
