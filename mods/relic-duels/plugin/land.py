"""The hex land (DU1.2) as pure functions: the engine's hex layout, terrain, move costs, spot targets and paths."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from functools import cache

from systems.board import HexBoard, cheapest_paths, path_to

from .data import RelicDuelsRules


class Land:
    """The map of a ruleset: hexes are board indices, "hex order" is by row then column (DU1.2) = index order."""

    def __init__(self, rules: RelicDuelsRules) -> None:
        land = rules.land
        self.rules = rules
        self.width, self.height = len(land.rows[0]), len(land.rows)
        self.board = HexBoard(self.width, self.height)
        self.terrain = tuple(land.legend[letter] for row in land.rows for letter in row)
        self.start, self.goal = self.index(*land.start), self.index(*land.goal)
        self.muster, self.lair = self.index(*land.muster), self.index(*land.lair)

    def index(self, column: int, row: int) -> int:
        return row * self.width + column

    def coords(self, hex_: int) -> tuple[int, int]:
        return hex_ % self.width, hex_ // self.width

    def name(self, hex_: int, short: bool = False) -> str:
        """A hex in a player's words: a named place ("the goal"), else its ground and the nearest named place
        ("the forest 2 hexes from the start"; `short`: "forest"); never raw coordinates."""
        places = (("the start", self.start), ("the goal", self.goal), ("the muster", self.muster),
                  ("the lair", self.lair))
        for place, where in places:
            if hex_ == where:
                return place
        ground = self.terrain[hex_] if 0 <= hex_ < len(self.terrain) else "land"
        if short:
            return ground
        near, where = min(places, key=lambda p: (self.distance(hex_, p[1]), places.index(p)))
        steps = self.distance(hex_, where)
        return f"the {ground} {steps} hex{'es' if steps != 1 else ''} from {near}"

    def neighbours(self, hex_: int) -> tuple[int, ...]:
        return self.board.neighbours(hex_)

    def move_cost(self, hex_: int) -> int | None:
        """DU1.2: the cost to enter; None for water (impassable)."""
        ground = self.rules.ground.get(self.terrain[hex_])
        return ground.move if ground is not None else None

    def spot_target(self, hex_: int) -> int:
        ground = self.rules.ground.get(self.terrain[hex_])
        return ground.spot if ground is not None else 0

    def distance(self, a: int, b: int) -> int:
        return self.board.distance(a, b)

    def land_steps(self, target: int) -> dict[int, int]:
        """Fewest steps over land from every land hex to `target` (DU2.3)."""
        steps = {target: 0}
        queue = deque([target])
        while queue:
            here = queue.popleft()
            for there in self.neighbours(here):
                if there not in steps and self.move_cost(there) is not None:
                    steps[there] = steps[here] + 1
                    queue.append(there)
        return steps

    def lurker_path(self, start: int, target: int, steps: int) -> list[int]:
        """DU2.3: up to `steps` steps along a shortest land path to `target`, stopping there; each step to the
        first such neighbour in hex order; no path: no step."""
        away = self.land_steps(target)
        path: list[int] = []
        here = start
        while len(path) < steps and here != target and here in away:
            here = min(n for n in self.neighbours(here) if away.get(n) == away[here] - 1)
            path.append(here)
        return path

    def cheapest(self, start: int, extra: Callable[[int], int] | None = None) -> dict[int, tuple[int, int | None]]:
        """Dijkstra over move costs (+ `extra(hex)` per hex entered): hex -> (cost, previous)."""

        def cost(_: int, there: int) -> int | None:
            move = self.move_cost(there)
            return None if move is None else move + (extra(there) if extra is not None else 0)

        return cheapest_paths(self.board, start, cost)

    def path(self, tree: dict[int, tuple[int, int | None]], goal: int) -> tuple[int, ...]:
        return path_to(tree, goal)


@cache
def land_of(rules: RelicDuelsRules) -> Land:
    """One Land per ruleset (the map never changes during a game)."""
    return Land(rules)
