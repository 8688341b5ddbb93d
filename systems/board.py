"""The board's topology behind one interface: neighbours, distance and cheapest paths."""

from __future__ import annotations

import heapq
from collections.abc import Callable, Iterable
from functools import cache
from typing import Protocol


class Board(Protocol):
    """What the rules need to know about the shape of the board; grids, hexes and graphs implement it."""

    size: int

    def neighbours(self, index: int) -> tuple[int, ...]: ...

    def distance(self, a: int, b: int) -> int: ...

    def coords(self, index: int) -> tuple[int, int]: ...


@cache
def _grid_neighbours(width: int, height: int) -> tuple[tuple[int, ...], ...]:
    """Every cell's orthogonal neighbours (up, right, down, left), shared by all boards of this size
    (immutable; loading a large save or starting a game on a large map builds it once)."""
    out: list[tuple[int, ...]] = []
    for y in range(height):
        row = y * width
        for x in range(width):
            index = row + x
            around = []
            if y > 0:
                around.append(index - width)
            if x + 1 < width:
                around.append(index + 1)
            if y + 1 < height:
                around.append(index + width)
            if x > 0:
                around.append(index - 1)
            out.append(tuple(around))
    return tuple(out)


class GridBoard:
    """A rectangular grid whose territories touch their 4 orthogonal neighbours (R2.1)."""

    def __init__(self, width: int, height: int) -> None:
        self.width = width
        self.height = height
        self.size = width * height
        self._neighbours: tuple[tuple[int, ...], ...] = _grid_neighbours(width, height)

    def neighbours(self, index: int) -> tuple[int, ...]:
        return self._neighbours[index]

    def distance(self, a: int, b: int) -> int:
        """Fewest steps between two territories, ignoring terrain (R4.2)."""
        w = self.width
        return abs(a % w - b % w) + abs(a // w - b // w)

    def coords(self, index: int) -> tuple[int, int]:
        return index % self.width, index // self.width

    def index(self, x: int, y: int) -> int:
        return y * self.width + x

    def within(self, center: int, radius: int) -> Iterable[int]:
        cx, cy = self.coords(center)
        for y in range(max(0, cy - radius), min(self.height, cy + radius + 1)):
            span = radius - abs(y - cy)
            for x in range(max(0, cx - span), min(self.width, cx + span + 1)):
                yield y * self.width + x


StepCost = Callable[[int, int], "int | None"]


def cheapest_paths(
    board: Board, start: int, step_cost: StepCost, budget: int | None = None, stop_at: Callable[[int], bool] | None = None
) -> dict[int, tuple[int, int | None]]:
    """Dijkstra from `start`: territory -> (cost, previous territory), within `budget` when given.

    `stop_at(t)` marks territories that may be entered but not passed through.
    """
    best: dict[int, tuple[int, int | None]] = {start: (0, None)}
    frontier: list[tuple[int, int]] = [(0, start)]
    while frontier:
        cost, here = heapq.heappop(frontier)
        if cost > best[here][0]:
            continue
        if here != start and stop_at is not None and stop_at(here):
            continue
        for there in board.neighbours(here):
            step = step_cost(here, there)
            if step is None:
                continue
            total = cost + step
            if budget is not None and total > budget:
                continue
            if there not in best or total < best[there][0]:
                best[there] = (total, here)
                heapq.heappush(frontier, (total, there))
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
