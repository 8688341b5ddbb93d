"""What a computer player knows at the start of (and during) its turn: a read-only digest of the world.

Static facts (territory values, movement cost per terrain, distance fields to the bases) are cached per
game, since terrain and bases never change; the rest is rebuilt each turn from the world's read helpers.
"""

from __future__ import annotations

import heapq
import random
from array import array
from collections import OrderedDict
from collections.abc import Sequence
from copy import copy
from dataclasses import dataclass, field
from operator import itemgetter
from typing import Protocol

import esper

from components.armies import Army, ArmyUnit
from components.structures import Structure
from game.engine import Game
from systems import queries as q
from systems.combat import fighters, fighters_of, simulate_battle, unit_attack, unit_health
from systems.movement import Reach, occupancy, reachable
from systems.queries import touches
from systems.world import World

INF = 1 << 30
# distance fields kept per game (a 128x128 field is 64 kB as the 4-byte array kept). 16 hits as often as 48 did
# (95 % of reads on the large map) and plays the same: the cache only saves work, and a long game fills it
FIELD_CACHE = 16
# How much a computer player values one unit of each resource (food pays for everything that fights).
RESOURCE_WEIGHT = {"food": 1.0, "wood": 0.45, "stone": 0.35, "metal": 0.15}


class Distances(Protocol):
    """MP from each territory to a goal, read by index: a full list or a `Field` worked out as it is read."""

    def __getitem__(self, territory: int, /) -> int: ...


Fighter = tuple[int, int] | tuple[int, int, bool]  # (attack, health[, rearguard]) as systems.combat simulates
Side = list[Fighter]


_attack, _health = itemgetter(0), itemgetter(1)


def power(side: Side) -> float:
    """Square-law fighting strength: total attack times total health."""
    return float(sum(map(_attack, side)) * sum(map(_health, side)))


@dataclass
class Static:
    """Per-game facts that never change: values, cost tables, distance fields (computed lazily, cached)."""

    size: int
    value: list[float]
    food: list[float]
    land: list[bool]
    clearable: list[bool]
    costs: dict[tuple[str, ...], list[int]] = field(default_factory=dict)
    fields: dict[tuple[tuple[str, ...], int], Sequence[int]] = field(default_factory=dict)
    lazy_fields: dict[tuple[tuple[str, ...], int], Field] = field(default_factory=dict)  # `View.field`'s
    starts: dict[tuple[str, ...], array[int]] = field(default_factory=dict)  # `Field.start` per cost table
    plans: dict[tuple[object, ...], object] = field(default_factory=dict)  # behaviours' per-game caches
    # `search_around`'s trees by (unit types, start, budget): terrain only, so they hold for the whole game
    searches: OrderedDict[tuple[tuple[str, ...], int, int], dict[int, tuple[int, int]]] = field(
        default_factory=OrderedDict)


_STATIC: OrderedDict[str, Static] = OrderedDict()
_STATIC_LIMIT = 8


def static_for(world: World) -> Static:
    key = f"{world.name}:{id(world)}"
    found = _STATIC.get(key)
    if found is not None:
        _STATIC.move_to_end(key)
        return found
    rules = world.rules
    by_terrain_value: dict[str, float] = {}
    by_terrain_food: dict[str, float] = {}
    for tid, spec in rules.terrain.items():
        by_terrain_value[tid] = sum(
            (low + high) / 2 * RESOURCE_WEIGHT.get(res, 0.2) for res, (low, high) in spec.production.items()
        )
        low, high = spec.production.get(rules.resources.upkeep, (0, 0))
        by_terrain_food[tid] = (low + high) / 2
    static = Static(
        size=world.board.size,
        value=[by_terrain_value[t] for t in world.terrain],
        food=[by_terrain_food[t] for t in world.terrain],
        land=[rules.is_land(t) for t in world.terrain],
        clearable=[rules.terrain[t].cleared_by_disruption for t in world.terrain],
    )
    _STATIC[key] = static
    while len(_STATIC) > _STATIC_LIMIT:
        _STATIC.popitem(last=False)
    return static


def cost_table(world: World, static: Static, types: tuple[str, ...]) -> list[int]:
    """MP to enter each territory for an army of these unit types (terrain only); INF where it cannot."""
    found = static.costs.get(types)
    if found is not None:
        return found
    rules = world.rules
    per_terrain: dict[str, int] = {}
    for tid in rules.terrain:
        worst = 0
        for unit_type in types:
            cost = rules.move_cost(unit_type, tid)
            if cost is None:
                worst = INF
                break
            worst = max(worst, cost)
        per_terrain[tid] = worst
    table = [per_terrain[t] for t in world.terrain]
    static.costs[types] = table
    return table


def distance_field(world: World, static: Static, types: tuple[str, ...], target: int) -> Sequence[int]:
    """MP from every territory to `target` for these unit types (terrain only), by reverse Dijkstra.

    Kept as an array of 4-byte ints: a list holds an 8-byte pointer per territory (and an object per distance
    above 256), and the cache fills up to FIELD_CACHE fields during a long game on a large map."""
    key = (types, target)
    found = static.fields.get(key)
    if found is not None:
        static.fields[key] = static.fields.pop(key)  # most recently used last
        return found
    dist = array("i", _reverse_dijkstra(world.board, cost_table(world, static, types), target, static.size))
    static.fields[key] = dist
    while len(static.fields) > FIELD_CACHE:  # targets such as other armies move: keep the newest only
        del static.fields[next(iter(static.fields))]
    return dist


def lazy_field(world: World, static: Static, types: tuple[str, ...], target: int) -> Field:
    """`distance_field` worked out only as far as it is read (a `Field`), kept like the full ones."""
    key = (types, target)
    found = static.lazy_fields.get(key)
    if found is not None:
        static.lazy_fields[key] = static.lazy_fields.pop(key)  # most recently used last
        return found
    cost = cost_table(world, static, types)
    start = static.starts.get(types)
    if start is None:
        start = static.starts[types] = Field.start(cost)
    lazy = Field(world.board, cost, target, start)
    static.lazy_fields[key] = lazy
    while len(static.lazy_fields) > FIELD_CACHE:  # targets such as other armies move: keep the newest only
        del static.lazy_fields[next(iter(static.lazy_fields))]
    return lazy


def _reverse_dijkstra(board: object, cost: list[int], target: int, size: int) -> list[int]:
    """MP from every territory to `target`, where entering a territory costs `cost[territory]`."""
    field = Field(board, cost, target)
    field.settle_all()
    assert isinstance(field.dist, list)  # settle_all leaves the whole field as a list
    return field.dist


class Field:
    """MP from territories to a target, where entering a territory costs `cost[territory]`: a reverse Dijkstra
    that runs only as far as the territories asked for (`field[t]` settles every territory no farther than
    `t`), since a computer player reads a field around one army. The values are the full search's.

    Dijkstra with a bucket per distance (costs are small whole numbers), not a heap: the distances are the
    same whatever order equal ones are settled in, and appending to a bucket is cheaper than a heap push."""

    __slots__ = ("buckets", "cost", "dist", "done", "neighbours")

    def __init__(self, board: object, cost: list[int], target: int, start: array[int] | None = None) -> None:
        # a territory that cannot be entered starts at -1, below any distance, so no step ever improves it (one
        # test per border instead of two); it reads as INF. `start`: that array made already (copied here).
        # 4-byte ints, not a list: a game keeps up to FIELD_CACHE fields, and a watched game on a large map
        # fills that cache (a list holds a pointer per territory and an object per distance above 256)
        self.dist: array[int] | list[int] = copy(start) if start is not None else Field.start(cost)
        self.dist[target] = 0
        self.cost = cost
        self.buckets: list[list[int]] = [[target]]
        self.done = -1  # every bucket up to this distance is settled
        self.neighbours = board.neighbour_table()  # type: ignore[attr-defined]

    @staticmethod
    def start(cost: list[int]) -> array[int]:
        """The distances before the search: INF everywhere, -1 where a territory cannot be entered."""
        return array("i", [INF if c < INF else -1 for c in cost])

    def __getitem__(self, territory: int) -> int:
        value = self.dist[territory]
        if value > self.done:
            self._settle(territory)
            value = self.dist[territory]
        return INF if value < 0 else value

    def settle_all(self) -> None:
        """Run the search to its end; `dist` is then the whole field (INF where the target cannot be reached)."""
        self._settle(None)
        self.dist = [INF if v < 0 else v for v in self.dist]

    def _settle(self, territory: int | None) -> None:
        """Settle buckets until `territory`'s distance is final (all of them for None)."""
        dist, cost, buckets, neighbours = self.dist, self.cost, self.buckets, self.neighbours
        d = self.done + 1
        while d < len(buckets):
            for here in buckets[d]:  # a step of cost 0 appends to this bucket while it is read: read too
                if d > dist[here]:
                    continue
                step = cost[here]
                if step >= INF:
                    continue
                nd = d + step
                for there in neighbours[here]:
                    if nd < dist[there]:
                        dist[there] = nd
                        while len(buckets) <= nd:
                            buckets.append([])
                        buckets[nd].append(there)
            buckets[d] = []  # settled: let it go
            self.done = d
            d += 1
            if territory is not None and dist[territory] <= d - 1:
                return
        self.done = INF  # searched to the end: every value is final


# `search_around` trees kept per game (a few hundred territories each): armies seldom look around the same spot
# again with the same MP (about one search in ten, whether 8 or 64 are kept), so few are kept
SEARCH_CACHE = 8


def search_around(world: World, static: Static, types: tuple[str, ...], start: int, budget: int) -> dict[int, tuple[int, int]]:
    """`bounded_search` over the terrain cost table of these unit types, kept per game (the newest
    SEARCH_CACHE): armies often look around the same spot again. Read only."""
    key = (types, start, budget)
    found = static.searches.get(key)
    if found is not None:
        static.searches.move_to_end(key)
        return found
    tree = static.searches[key] = bounded_search(world, cost_table(world, static, types), start, budget)
    while len(static.searches) > SEARCH_CACHE:
        static.searches.popitem(last=False)
    return tree


def bounded_search(world: World, cost: list[int], start: int, budget: int) -> dict[int, tuple[int, int]]:
    """Dijkstra from `start` over terrain costs within `budget`: territory -> (cost, previous).

    A bucket per distance, each read as a heap of territories: territories are settled (and the tree's first
    finds and previous steps set) in exactly the order of a heap of (distance, territory), without a tuple per
    push."""
    best: dict[int, tuple[int, int]] = {start: (0, -1)}
    buckets: list[list[int]] = [[start]]
    neighbours = world.board.neighbour_table()
    pop, push, heapify = heapq.heappop, heapq.heappush, heapq.heapify
    d = 0
    while d < len(buckets):
        bucket = buckets[d]
        heapify(bucket)
        while bucket:
            here = pop(bucket)
            if d > best[here][0]:
                continue
            for there in neighbours[here]:
                nd = d + cost[there]
                if nd <= budget:
                    known = best.get(there)
                    if known is None or nd < known[0]:
                        best[there] = (nd, here)
                        if nd == d:  # a step of cost 0: settled in this bucket, in order
                            push(bucket, there)
                        else:
                            while len(buckets) <= nd:
                                buckets.append([])
                            buckets[nd].append(there)
        d += 1
    return best


class View:
    """The current player's digest of the world; `refresh()` after commands that moved or removed armies."""

    def __init__(self, game: Game) -> None:
        world = game.world
        world.activate()
        self.game = game
        self.world = world
        self.rules = world.rules
        self.board = world.board
        self.seat = world.clock.seat
        self.round = world.clock.round
        self.static = static_for(world)
        self.size = world.board.size
        owner: list[int | None] = [None] * self.size
        for seat, cells in world.owned.items():
            for cell in cells:
                owner[cell] = seat
        self.owner = owner
        self.mine = world.owned.get(self.seat, set())
        self.base = q.home_base(world, self.seat)
        self.alive = world.alive_seats()
        self.enemy_bases = {s: b for s in self.alive if s != self.seat and (b := q.home_base(world, s)) is not None}
        self.stock = q.stockpile(world, self.seat)
        self.limit_armies = self.rules.limits.armies_per_player
        self.limit_units = self.rules.limits.units_per_army
        self.slotted = any(spec.army.slots != 1 for spec in self.rules.units.values())
        self.refresh()
        self.threat, self.mobile_threat = self._threat_maps()

    # --- armies and structures ---------------------------------------------------------------------

    def refresh(self) -> None:
        """Forget what commands may have changed (armies, structures, reaches); re-read lazily on next use."""
        self.version = getattr(self, "version", 0) + 1
        self._reach_cache: dict[tuple[int, int], dict[int, Reach]] = {}
        self._occupancy: dict[int | None, dict[int, str]] = {}  # by army owner: one reading per command
        self._armies: list[tuple[int, Army]] | None = None
        self._structures: list[tuple[int, Structure]] | None = None
        self._garrisoned: set[int] | None = None
        self._powers: dict[tuple[int, ...], float] = {}
        self._near_threats: dict[tuple[int, int], float] = {}  # enemy_threat's answers

    def _read_armies(self) -> list[tuple[int, Army]]:
        # each digest of the armies is worked out when first asked for after a command (most commands are
        # followed by a few questions only)
        if self._armies is None:
            self.world.activate()
            self._armies = sorted(q.armies())  # by entity: ids are unique, so no Army is ever compared
            self._mine: list[tuple[int, Army]] | None = None
            self._hostile: list[tuple[int, Army]] | None = None
            self._at: dict[int, list[tuple[int, Army]]] | None = None
            self._hostile_cells: set[int] | None = None  # any_hostile_at's
        return self._armies

    def _sides(self) -> tuple[list[tuple[int, Army]], list[tuple[int, Army]]]:
        armies = self._read_armies()
        if self._mine is None or self._hostile is None:
            seat = self.seat
            mine: list[tuple[int, Army]] = []
            hostile: list[tuple[int, Army]] = []
            for pair in armies:
                (mine if pair[1].owner == seat else hostile).append(pair)
            self._mine, self._hostile = mine, hostile
        return self._mine, self._hostile

    @property
    def armies(self) -> list[tuple[int, Army]]:
        return self._read_armies()

    @property
    def my_armies(self) -> list[tuple[int, Army]]:
        return self._sides()[0]

    @property
    def hostile(self) -> list[tuple[int, Army]]:
        return self._sides()[1]

    @property
    def at(self) -> dict[int, list[tuple[int, Army]]]:
        armies = self._read_armies()
        at = self._at
        if at is None:
            at = self._at = {}
            for pair in armies:
                territory = pair[1].territory
                found = at.get(territory)
                if found is None:
                    at[territory] = [pair]
                else:
                    found.append(pair)
        return at

    @property
    def structures(self) -> list[tuple[int, Structure]]:
        if self._structures is None:
            self.world.activate()
            self._structures = sorted(q.structures(), key=lambda pair: pair[0])
        return self._structures

    def alive_army(self, entity: int) -> Army | None:
        if not esper.entity_exists(entity):
            return None
        return esper.try_component(entity, Army)

    def my_army_at(self, territory: int) -> tuple[int, Army] | None:
        for e, a in self.at.get(territory, ()):
            if a.owner == self.seat:
                return e, a
        return None

    def any_hostile_at(self, territory: int) -> bool:
        """`hostile_at` as a yes or no, without building the list (claim checks ask it for every territory)."""
        cells = self._hostile_cells if self._armies is not None else None
        if cells is None:
            cells = self._hostile_cells = {a.territory for _, a in self.hostile}
        return territory in cells

    def hostile_at(self, territory: int) -> list[tuple[int, Army]]:
        return [(e, a) for e, a in self.at.get(territory, ()) if a.owner != self.seat]

    def side(self, army: Army) -> Side:
        """The army's units as the battle simulation sees them (the engine's own numbers)."""
        return list(fighters(self.world, army.units))

    def stationed_side(self, seat: int, territory: int) -> Side:
        """The seat's units stationed in (or on a wall of) a territory, with their stationed numbers (R6.4)."""
        world = self.world
        out: Side = []
        for _, s in self.structures:
            if s.owner == seat and touches(s, territory):
                out.extend((unit_attack(world, u, s), unit_health(world, u, stationed=True)) for u in s.garrison)
        return out

    def slots(self, army: Army) -> int:
        """The army slots its units fill (R5.2; the unit count unless a mod adds multi-slot units)."""
        if not self.slotted:
            return len(army.units)
        return q.slots_of(self.world, q.unit_types(army))

    def types(self, army: Army) -> tuple[str, ...]:
        return tuple(sorted({q.unit(u).unit_type for u in army.units}))

    def army_power(self, army: Army) -> float:
        # by its units: until the next command they keep their numbers (threats ask for every army, often)
        key = tuple(army.units)
        found = self._powers.get(key)
        if found is None:
            found = self._powers[key] = power(self.side(army))
        return found

    def max_mp(self, army: Army) -> int:
        return q.army_max_mp(self.world, q.unit_types(army))

    def garrisoned_hostile(self, territory: int) -> bool:
        """A manned hostile structure stands in (or on a border of) the territory."""
        if self._garrisoned is None:  # claim checks ask for every territory: work the set out once per refresh
            self._garrisoned = self._touched_by_manned()
        return territory in self._garrisoned

    def _touched_by_manned(self) -> set[int]:
        """The territories a manned hostile structure touches (its own; a wall's two)."""
        touched: set[int] = set()
        for _, s in self.structures:
            if s.garrison and s.owner != self.seat:
                touched.update(t for t in (s.territory, s.border) if t is not None and touches(s, t))
        return touched

    def base_defended(self, seat: int) -> bool:
        """Would an army entering this seat's base find a defender there (R7.2)?"""
        base = q.home_base(self.world, seat)
        if base is None:
            return True
        if any(a.owner == seat and a.units for _, a in self.at.get(base, ())):
            return True
        return any(s.owner == seat and s.garrison and touches(s, base) for _, s in self.structures)

    def stationed_at(self, seat: int, territory: int) -> list[int]:
        out: list[int] = []
        for _, s in self.structures:
            if s.owner == seat and touches(s, territory):
                out.extend(s.garrison)
        return out

    def tower_at(self, territory: int) -> tuple[int, Structure] | None:
        """The tower (a 'land' structure, R6.3) standing in a territory."""
        self.world.activate()
        return q.structure_in(self.world, territory, "land")

    def wall_between(self, a: int, b: int) -> tuple[int, Structure] | None:
        self.world.activate()
        return q.wall_between(self.world, a, b)

    def _threat_maps(self) -> tuple[Threat, Threat]:
        """Per territory: the strongest hostile army that could attack it next turn (Manhattan reach); and the
        same without armies standing on their own flag (they defend it; assaults weigh them separately)."""
        bases = {b: s for s, b in self.enemy_bases.items()}
        every, mobile = [], []
        world, powers = self.world, self._powers
        entities = esper._entities  # component_for_entity inline: one lookup per unit
        for _, army in self.hostile:
            if not army.units:
                continue
            units = [entities[u][ArmyUnit] for u in army.units]  # read once for both the MP and the power
            key = tuple(army.units)
            power_now = powers.get(key)
            if power_now is None:
                power_now = powers[key] = power(list(fighters_of(world, units)))
            source = (army.territory, q.army_max_mp(world, [u.unit_type for u in units]) + 1, power_now)
            every.append(source)
            if not (army.owner is not None and bases.get(army.territory) == army.owner):
                mobile.append(source)
        return Threat(self.board, every), Threat(self.board, mobile)

    def enemy_threat(self, territory: int, radius: int) -> float:
        """The strongest hostile army (players' or rogue) within `radius` steps of a territory."""
        key = (territory, radius)
        found = self._near_threats.get(key)
        if found is not None:  # asked again and again for the flag (how many units to keep there)
            return found
        worst = 0.0
        distance = self.board.distance
        for _, army in self.hostile:
            if not army.units:
                continue
            if distance(army.territory, territory) <= radius:
                worst = max(worst, self.army_power(army))
        self._near_threats[key] = worst
        return worst

    # --- movement ----------------------------------------------------------------------------------

    def reach(self, entity: int) -> dict[int, Reach]:
        """Where an army can go now (like `game.queries.where_can_it_go`), cached until the next command."""
        army = self.alive_army(entity)
        if army is None or army.battle is not None or army.done or army.mp <= 0:
            return {}
        key = (entity, self.version)
        found = self._reach_cache.get(key)
        if found is not None:
            return found
        occupied = self._occupancy.get(army.owner)
        if occupied is None:
            self.world.activate()
            occupied = self._occupancy[army.owner] = occupancy(self.world, army.owner)
        result = reachable(self.world, entity, occupied=occupied)
        self._reach_cache[key] = result
        return result

    def field(self, army: Army, target: int) -> Field:
        return lazy_field(self.world, self.static, self.types(army), target)

    def route_field(self, army: Army, target: int, hostile_penalty: int, own_penalty: int) -> Field:
        """Like `field`, but territories held by hostile armies (and, less, by own armies) cost extra, so that
        armies find a way around a blocked corridor; computed once per turn and unit-type set."""
        types = self.types(army)
        key = (types, target)
        cache = self.__dict__.setdefault("_route_fields", {})
        found = cache.get(key)
        if found is not None:
            return found
        base = cost_table(self.world, self.static, types)
        cost = list(base)
        for _, other in self.hostile:
            if other.units and cost[other.territory] < INF:
                cost[other.territory] += hostile_penalty
        for _, other in self.my_armies:
            if cost[other.territory] < INF:
                cost[other.territory] += own_penalty
        field = Field(self.board, cost, target)
        cache[key] = field
        return field

    # --- battles -----------------------------------------------------------------------------------

    def win_chance(self, rng: random.Random, attacker: Side, defender: Side, trials: int) -> tuple[float, float]:
        """P(attacker wins) and the attacker's expected surviving fraction, by quick simulation."""
        if not defender:
            return 1.0, 1.0
        if not attacker:
            return 0.0, 0.0
        wins = 0
        left = 0
        for _ in range(trials):
            a, d, _rounds = simulate_battle(rng, attacker, defender, 30)
            if a and not d:
                wins += 1
                left += len(a)
        return wins / trials, left / (trials * len(attacker))


class Threat:
    """The strongest hostile army that can reach each territory next turn, computed on demand and memoised."""

    def __init__(self, board: object, sources: list[tuple[int, int, float]]) -> None:
        self.board = board
        self.width = getattr(board, "width", 0)
        # strongest first: the first source in range is the strongest in range (ties keep their order)
        ranked = sorted(sources, key=lambda source: -source[2])
        # within r steps (Manhattan) <=> |dx + dy| <= r and |dx - dy| <= r: each source as its two ranges of
        # x + y and x - y, so a lookup compares without a call per source
        self.sources: list[tuple[int, int, int, int, float]] = []
        for t, r, p in ranked if self.width else ():
            x, y = t % self.width, t // self.width
            self.sources.append((x + y - r, x + y + r, x - y - r, x - y + r, p))
        self.raw = ranked
        self.memo: dict[int, float] = {}

    def get(self, territory: int, default: float = 0.0) -> float:
        found = self.memo.get(territory)
        if found is not None:
            return found if found > 0 else default
        worst = 0.0
        if self.width:
            x, y = territory % self.width, territory // self.width
            plus, minus = x + y, x - y
            for plus_low, plus_high, minus_low, minus_high, strength in self.sources:
                if plus_low <= plus <= plus_high and minus_low <= minus <= minus_high:
                    worst = max(worst, strength)
                    break
        else:
            distance = self.board.distance  # type: ignore[attr-defined]
            for t, radius, strength in self.raw:
                if distance(t, territory) <= radius:
                    worst = max(worst, strength)
                    break
        self.memo[territory] = worst
        return worst if worst > 0 else default
