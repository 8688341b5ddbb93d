"""Seeded random map generator: natural-looking terrain and fair start zones (R1.2, R2.1, R2.2)."""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Iterable, Sequence
from functools import cache
from typing import Any

from game.maps import WATER_TERRAIN_IDS, MapData, is_land
from systems.board import Board, make_board


def expected_production(ruleset: str = "base", mods: Sequence[str] = ()) -> dict[str, dict[str, float]]:
    """R2.2's range midpoints per terrain, read from the loaded ruleset's terrain data with `mods` (a mod's
    terrain produces what its data says); loaded on first use, never at import: a broken mod folder must not
    break importing the map generator."""
    return _production_of(ruleset, tuple(mods))


@cache
def _production_of(ruleset: str, mods: tuple[str, ...]) -> dict[str, dict[str, float]]:
    from game.content import load_app

    terrain = load_app(ruleset, list(mods)).rules.terrain
    return {
        tid: {r: (lo + hi) / 2 for r, (lo, hi) in spec.production.items()} for tid, spec in terrain.items()
    }


@cache
def _values() -> dict[str, float]:
    return {t: sum(p.values()) for t, p in expected_production().items()}


def __getattr__(name: str) -> object:
    if name == "EXPECTED_PRODUCTION":  # the old module constant, now computed on first use
        return expected_production()
    raise AttributeError(name)


RESOURCES: tuple[str, ...] = ("food", "wood", "stone", "metal")
REACH = 4  # Manhattan radius of "production within reach" of a start zone
MAX_RATIO = 1.25  # fairness: max/min over seats of the expected production within reach
TARGET_RATIO = 1.15  # what the generator aims for, safely below MAX_RATIO
ATTEMPTS = 8
MIN_SIZE = 12
# Fairness adjustments (old terrain, new terrain), in order of preference: the first look most natural.
_UPGRADES = (("barren", "plain"), ("shallow_water", "plain"), ("plain", "forest"), ("mountain", "forest"))
_DOWNGRADES = (
    ("forest", "plain"),
    ("deep_water", "shallow_water"),
    ("mountain", "mine"),
    ("plain", "barren"),
)


def is_water(terrain_id: str) -> bool:
    """Shallow or deep water (R2.1)."""
    return terrain_id in WATER_TERRAIN_IDS


def _reach(cells: Iterable[int], board: Board, radius: int) -> list[int]:
    """Every cell within `radius` steps of `cells` on the board (zone included), sorted."""
    dist = {c: 0 for c in cells}
    queue = deque(dist)
    while queue:
        cell = queue.popleft()
        d = dist[cell]
        if d == radius:
            continue
        for n in board.neighbours(cell):
            if n not in dist:
                dist[n] = d + 1
                queue.append(n)
    return sorted(dist)


def zone_production(data: MapData, players: int, seat: int, radius: int = REACH,
                    production: dict[str, dict[str, float]] | None = None) -> dict[str, float]:
    """Expected production (R2.2 midpoints) of all territories within `radius` steps of a start zone;
    `production` is `expected_production(ruleset, mods)` of the game's rules (the base game's by default)."""
    per_terrain = expected_production() if production is None else production
    totals = dict.fromkeys(RESOURCES, 0.0)
    board = make_board(data.width, data.height, data.topology)
    for cell in _reach(data.start_zones[players][seat], board, radius):
        for resource, amount in per_terrain.get(data.terrain[cell], {}).items():
            totals[resource] = totals.get(resource, 0.0) + amount
    return totals


def fairness(data: MapData, players: int, radius: int = REACH) -> float:
    """max / min over seats of the total expected production within reach of each start zone."""
    totals = [sum(zone_production(data, players, s, radius).values()) for s in data.start_zones[players]]
    return max(totals) / min(totals) if min(totals) > 0 else float("inf")


def _noise(rng: random.Random, width: int, height: int, scale: float) -> list[float]:
    """Smooth value noise in [0, 1]: a random lattice every `scale` cells, smoothstep-interpolated."""
    gw, gh = int(width / scale) + 3, int(height / scale) + 3
    lattice = [rng.random() for _ in range(gw * gh)]
    ox, oy = rng.random(), rng.random()
    cols = []
    for x in range(width):
        f = x / scale + ox
        t = f - int(f)
        cols.append((int(f), t * t * (3 - 2 * t)))
    out: list[float] = []
    for y in range(height):
        f = y / scale + oy
        ty = f - int(f)
        ty = ty * ty * (3 - 2 * ty)
        r0 = int(f) * gw
        r1 = r0 + gw
        for ix, tx in cols:
            top = lattice[r0 + ix] + (lattice[r0 + ix + 1] - lattice[r0 + ix]) * tx
            bottom = lattice[r1 + ix] + (lattice[r1 + ix + 1] - lattice[r1 + ix]) * tx
            out.append(top + (bottom - top) * ty)
    return out


def _fractal(rng: random.Random, width: int, height: int, scale: float, octaves: int = 3) -> list[float]:
    """Sum of noise octaves (each half the scale and half the weight of the previous), in [0, 1]."""
    total = [0.0] * (width * height)
    weight = 0.0
    for octave in range(octaves):
        amp = 0.5**octave
        layer = _noise(rng, width, height, max(1.5, scale / 2**octave))
        total = [t + amp * v for t, v in zip(total, layer, strict=True)]
        weight += amp
    return [t / weight for t in total]


def _threshold(values: Sequence[float], cells: Sequence[int], fraction: float) -> float:
    """The value above which `fraction` of `cells` lie (inf when none should)."""
    count = round(fraction * len(cells))
    if count <= 0 or not cells:
        return float("inf")
    ordered = sorted((values[c] for c in cells), reverse=True)
    return ordered[min(count, len(ordered)) - 1]


def _zone_layout(width: int, height: int, counts: Sequence[int]) -> dict[int, dict[int, tuple[int, ...]]]:
    """Square start zones far apart: corners for 2 and 4 players, two corners and a far side for 3."""
    size = max(3, min(5 + max(0, min(width, height) - 32) // 48, min(width, height) // 4))
    side = min(width, height)
    inset = max(1, min(REACH, (side - 2 * size) // 4), side // 16)  # small insets clip reach unevenly
    right, bottom = width - inset - size, height - inset - size
    spots = {
        "tl": (inset, inset),
        "tr": (right, inset),
        "br": (right, bottom),
        "bl": (inset, bottom),
        "bc": ((width - size) // 2, bottom),
    }
    order = {2: ("tl", "br"), 3: ("tl", "tr", "bc"), 4: ("tl", "tr", "br", "bl")}
    return {
        n: {
            seat: tuple((y0 + dy) * width + x0 + dx for dy in range(size) for dx in range(size))
            for seat, (x0, y0) in ((i + 1, spots[key]) for i, key in enumerate(order[n]))
        }
        for n in counts
    }


def _base_terrain(
    rng: random.Random,
    width: int,
    height: int,
    zones: list[tuple[int, ...]],
    shares: tuple[float, float, float],
    board: Board,
) -> list[str]:
    """Terrain from noise fields: elevation (water / lowland / mountain), ridges, moisture, depth."""
    n = width * height
    land_share, water_share, mountain_share = shares
    scale = max(4.0, min(width, height) / 3.5)
    elevation = _fractal(rng, width, height, scale, 4)
    height_map = list(elevation)  # before the start-zone bumps: mountains do not ring the zones
    ridges = [1.0 - abs(2.0 * v - 1.0) for v in _fractal(rng, width, height, scale / 1.5, 3)]
    moisture = _fractal(rng, width, height, scale / 2, 3)
    ore = _noise(rng, width, height, 2.5)
    in_zone = {c for zone in zones for c in zone}
    radius = len(zones[0]) ** 0.5 / 2 + REACH + 2 if zones else 1.0
    centres = [(sum(c % width for c in z) / len(z), sum(c // width for c in z) / len(z)) for z in zones]
    bump = [0.0] * n  # 1 at a start zone's centre, 0 from `radius` steps away
    for cell in range(n):
        x, y = cell % width, cell // width
        near = min((((x - cx) ** 2 + (y - cy) ** 2) ** 0.5 for cx, cy in centres), default=radius)
        bump[cell] = max(0.0, 1.0 - near / radius)
        elevation[cell] += (0.25 + 0.5 * water_share) * bump[cell]  # start on a continent, in lowlands
    cells = list(range(n))
    sea = _threshold([-e for e in elevation], cells, water_share)
    water = {c for c in cells if -elevation[c] >= sea and c not in in_zone}
    dry = [c for c in cells if c not in water]
    score = [0.55 * ridges[c] + 0.45 * height_map[c] - 0.3 * bump[c] - 0.5 * (c in in_zone) for c in cells]
    peak = _threshold(score, dry, mountain_share * n / max(1, len(dry)))
    lowland = [c for c in dry if score[c] < peak]
    wet = _threshold(moisture, lowland, 0.45)
    arid = _threshold([-m for m in moisture], lowland, 0.05 * land_share / max(land_share, 0.01))
    rich = _threshold(ore, [c for c in dry if score[c] >= peak], 0.22)
    terrain = ["plain"] * n
    for c in cells:
        if c in water:
            terrain[c] = "deep_water"
        elif score[c] >= peak:
            terrain[c] = "mine" if ore[c] >= rich else "mountain"
        elif moisture[c] >= wet:
            terrain[c] = "forest"
        elif -moisture[c] >= arid:
            terrain[c] = "barren"
    coast = 2 if min(width, height) >= 64 else 1  # shallow water near land, deep water far from it
    for c in _reach([c for c in cells if c not in water], board, coast):
        if terrain[c] == "deep_water":
            terrain[c] = "shallow_water"
    return terrain


def _connect(terrain: list[str], board: Board, zones: list[tuple[int, ...]]) -> None:
    """Make every start zone reachable from the first one without deep water (fords of shallow water)."""
    if not zones:
        return
    cost = {c: 0 for c in zones[0]}
    parent: dict[int, int] = {}
    queue = deque(cost)
    while queue:  # 0-1 BFS: crossing a deep water cell costs 1
        cell = queue.popleft()
        for nb in board.neighbours(cell):
            step = cost[cell] + (terrain[nb] == "deep_water")
            if step < cost.get(nb, 1 << 30):
                cost[nb], parent[nb] = step, cell
                (queue.append if step > cost[cell] else queue.appendleft)(nb)
    for zone in zones[1:]:
        cell = min(zone, key=lambda c: cost[c])
        while cell in parent:
            if terrain[cell] == "deep_water":
                terrain[cell] = "shallow_water"
            cell = parent[cell]


def _ensure_mines(
    rng: random.Random, terrain: list[str], regions: list[list[int]], zones: list[tuple[int, ...]]
) -> None:
    """Give every start zone at least one mine within reach (metal for upgrades and catapults)."""
    for region, zone in zip(regions, zones, strict=True):
        if any(terrain[c] == "mine" for c in region):
            continue
        inner = set(zone)
        options = [c for c in region if terrain[c] == "mountain"] or [
            c for c in region if c not in inner and is_land(terrain[c])
        ]
        if options:
            terrain[rng.choice(options)] = "mine"


def _equalise(
    rng: random.Random, terrain: list[str], zones: list[tuple[int, ...]], seats: list[list[int]], board: Board
) -> float:
    """Adjust terrain near the weakest / strongest zones until max/min production <= TARGET_RATIO.

    Returns the worst max/min ratio reached.

    `seats` lists, per player count, the indices in `zones` of its seats. A change is kept only when it
    lowers (worst ratio, spread), so the loop cannot cycle. Changes grow as a disc around the
    zone (a clearing, a drained marsh), so they look natural.
    """
    width = board.width
    regions = [_reach(zone, board, REACH) for zone in zones]
    centres = [(sum(c % width for c in z) / len(z), sum(c // width for c in z) / len(z)) for z in zones]
    member: dict[int, list[int]] = {}
    for z, region in enumerate(regions):
        for c in region:
            member.setdefault(c, []).append(z)
    value = _values()
    totals = [sum(value[terrain[c]] for c in region) for region in regions]

    def score(values: list[float]) -> tuple[float, float]:
        """(worst max/min ratio, total relative spread around each player count's mean)."""
        worst, spread = 0.0, 0.0
        for group in seats:
            part = [values[i] for i in group]
            mean = max(0.1, sum(part) / len(part))
            worst = max(worst, max(part) / max(0.1, min(part)))
            spread += sum(abs(v - mean) for v in part) / mean
        return round(worst, 9), spread

    def near(cell: int) -> list[int]:
        return list(board.neighbours(cell))

    discs = [
        {c: round(((c % width - cx) ** 2 + (c // width - cy) ** 2) ** 0.5) for c in region}
        for region, (cx, cy) in zip(regions, centres, strict=True)
    ]

    def options(zone: int, ops: tuple[tuple[str, str], ...]) -> list[tuple[int, int, float, int, str]]:
        found = []
        for rank, (old, new) in enumerate(ops):
            for c in regions[zone]:
                if terrain[c] != old:
                    continue
                around = [terrain[n] for n in near(c)]
                if old == "shallow_water" and all(map(is_water, around)):
                    continue  # only coastal shallows are reclaimed
                found.append((rank, discs[zone][c], rng.random() - around.count(new), c, new))
        return sorted(found)

    def changes(cell: int, new: str) -> list[tuple[int, str]]:
        """The change, plus deep water next to reclaimed land becoming shallow (no deep water on coasts)."""
        if not is_land(new):
            return [(cell, new)]
        return [(cell, new)] + [(n, "shallow_water") for n in near(cell) if terrain[n] == "deep_water"]

    current = score(totals)
    for _ in range(2 * sum(map(len, regions)) + 100):
        if current[0] <= TARGET_RATIO:
            break
        worst = max(seats, key=lambda s: max(totals[i] for i in s) / max(0.1, min(totals[i] for i in s)))
        low, high = min(worst, key=totals.__getitem__), max(worst, key=totals.__getitem__)
        mean = sum(totals[i] for i in worst) / len(worst)
        plans = [(low, _UPGRADES), (high, _DOWNGRADES)]
        if totals[high] - mean > mean - totals[low]:
            plans.reverse()
        applied = False
        for zone, ops in plans:
            for *_, cell, new in options(zone, ops):
                trial = list(totals)
                change = changes(cell, new)
                for c, terrain_id in change:
                    for z in member.get(c, ()):
                        trial[z] += value[terrain_id] - value[terrain[c]]
                if score(trial) < current:
                    for c, terrain_id in change:
                        terrain[c] = terrain_id
                    totals, current, applied = trial, score(trial), True
                    break
            if applied:
                break
        if not applied:
            break
    return current[0]


def generate_map(
    width: int,
    height: int,
    players: int | Iterable[int] = (2, 3, 4),
    seed: int = 0,
    land: float = 0.65,
    water: float = 0.2,
    mountain: float = 0.15,
    name: str | None = None,
    topology: dict[str, Any] | None = None,
) -> MapData:
    """A deterministic random map (same arguments, same map) with fair start zones for each player count.

    `land`, `water` and `mountain` are the relative shares of lowland (plain, forest, barren), water and
    mountains (with mines). Fairness: for every player count, max/min over seats of the expected
    production within REACH steps of the start zone is at most 1.25 (R2.2 midpoints). `topology` picks
    the grid's shape (systems.board spec: square-4 by default, square-8 or hex); reach and fairness follow it.
    """
    counts = tuple(sorted({players} if isinstance(players, int) else set(players)))
    if not counts or any(not 2 <= p <= 4 for p in counts):
        raise ValueError(f"player counts must be in 2..4, got {counts}")
    if width < MIN_SIZE or height < MIN_SIZE:
        raise ValueError(f"maps must be at least {MIN_SIZE}x{MIN_SIZE}, got {width}x{height}")
    shares = (max(0.0, land), max(0.0, water), max(0.0, mountain))
    if sum(shares) <= 0:
        raise ValueError("land + water + mountain must be positive")
    shares = (shares[0] / sum(shares), shares[1] / sum(shares), shares[2] / sum(shares))
    rng = random.Random(seed)
    board = make_board(width, height, topology)
    layout = _zone_layout(width, height, counts)
    zones = sorted({zone for seats in layout.values() for zone in seats.values()})
    seats = [[zones.index(z) for z in layout[n].values()] for n in counts]
    best: tuple[float, list[str]] | None = None
    for _ in range(ATTEMPTS):  # re-roll the rare board that cannot be balanced (tiny or watery maps)
        terrain = _base_terrain(rng, width, height, zones, shares, board)
        _connect(terrain, board, zones)
        _ensure_mines(rng, terrain, [_reach(zone, board, REACH) for zone in zones], zones)
        worst = _equalise(rng, terrain, zones, seats, board)
        if best is None or worst < best[0]:
            best = (worst, terrain)
        if worst <= MAX_RATIO:
            break
    assert best is not None
    terrain = best[1]
    label = ",".join(map(str, counts))
    return MapData(
        name=name or f"Random {width}x{height} #{seed}",
        width=width,
        height=height,
        terrain=tuple(terrain),
        start_zones=layout,
        source=f"generated:{width}x{height}:players={label}:seed={seed}",
        topology=dict(topology or {}),
    )
