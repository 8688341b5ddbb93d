"""Random universes (RS10): regions in clusters, planar links, star-map outlines and fair homes for 2-6 seats.

Clusters are scattered centres; regions are spread around them (best-candidate sampling); links are the
Gabriel graph of all regions (planar by construction), keeping every link inside a cluster and the one
or two shortest between neighbouring clusters; outlines are Voronoi cells clipped to a disc. Fairness:
for each seat count the generator picks far-apart home regions whose reach within FAIR_LINKS links
differs by at most FAIR_SPREAD (max/min); a universe that cannot be made fair is drawn again.
"""

from __future__ import annotations

import math
import random
from collections import deque
from dataclasses import dataclass, field
from typing import Any

FAIR_LINKS = 3
FAIR_SPREAD = 1.15
SEAT_COUNTS = (2, 3, 4, 5, 6)

_ONSETS = ("v", "k", "th", "s", "m", "r", "d", "z", "qu", "l", "br", "n", "t", "c", "h", "p", "sk", "dr", "y")
_VOWELS = ("a", "e", "i", "o", "u", "ae", "io", "ei", "y")
_CODAS = ("", "n", "r", "s", "l", "th", "x", "m", "nd", "rk", "st")
_CLUSTER_WORDS = ("Reach", "Drift", "Expanse", "Shoal", "Verge", "Spur", "Cradle", "Veil")


@dataclass
class Universe:
    """A generated region map: the board spec (systems.board RegionBoard.spec()) and fair homes per seat count."""

    spec: dict[str, Any]
    homes: dict[int, tuple[int, ...]] = field(default_factory=dict)
    width: float = 1600
    height: float = 1000


def invented_name(rng: random.Random, used: set[str], syllables: tuple[int, int] = (2, 3)) -> str:
    """A pronounceable invented name (syllables from fixed lists), never one already used."""
    while True:
        parts = [rng.choice(_ONSETS) + rng.choice(_VOWELS) for _ in range(rng.randint(*syllables))]
        name = ("".join(parts) + rng.choice(_CODAS)).capitalize()
        if name not in used and 4 <= len(name) <= 10:
            used.add(name)
            return name


def generate_universe(seed: int = 0, regions: int = 40, clusters: int = 6, width: float = 1600,
                      height: float = 1000, attempts: int = 40) -> Universe:
    """A deterministic universe (same arguments, same universe) fair for 2-6 seats."""
    rng = random.Random(seed)
    for _ in range(attempts):
        universe = _draw(rng, regions, clusters, width, height)
        if universe is not None:
            return universe
    raise ValueError(f"no fair universe found in {attempts} attempts (seed {seed}, {regions} regions)")


def _draw(rng: random.Random, count: int, cluster_count: int, width: float, height: float) -> Universe | None:
    margin = 80.0
    centres = _scatter(rng, cluster_count, (margin * 2, margin * 2, width - margin * 2, height - margin * 2), [])
    sizes = _sizes(rng, count, cluster_count)
    spread = math.sqrt(width * height / count) * 0.95
    points: list[tuple[float, float]] = []
    member: list[int] = []
    for c, (cx, cy) in enumerate(centres):
        radius = spread * math.sqrt(sizes[c]) * 0.62
        box = (max(margin, cx - radius), max(margin, cy - radius), min(width - margin, cx + radius),
               min(height - margin, cy + radius))
        for p in _scatter(rng, sizes[c], box, points, near=(cx, cy, radius), centres=centres, own=c):
            points.append(p)
            member.append(c)
    if len(points) != count:
        return None
    links = _gabriel(points)
    kept = _cluster_links(points, member, links)
    if not _connected(len(points), kept):
        return None
    outlines = [_cell(points, i, spread * 0.62) for i in range(len(points))]
    used: set[str] = set()
    names = [invented_name(rng, used) for _ in points]
    cluster_ids = [f"c{c + 1}" for c in range(cluster_count)]
    cluster_names = [f"{invented_name(rng, used, (2, 2))} {rng.choice(_CLUSTER_WORDS)}" for _ in range(cluster_count)]
    around: list[set[int]] = [set() for _ in points]
    for a, b in kept:
        around[a].add(b)
        around[b].add(a)
    bonuses = []
    for c in range(cluster_count):
        inside = [i for i in range(len(points)) if member[i] == c]
        borders = sum(1 for i in inside if any(member[n] != c for n in around[i]))
        bonuses.append(max(1, round(0.55 * borders + 0.2 * len(inside))))  # Risk's rule of thumb: gates cost most
    spec = {
        "kind": "regions",
        "regions": [{"id": names[i].lower(), "name": names[i], "cluster": cluster_ids[member[i]],
                     "x": round(points[i][0], 1), "y": round(points[i][1], 1),
                     "outline": [[round(x, 1), round(y, 1)] for x, y in outlines[i]]} for i in range(len(points))],
        "links": [list(link) for link in sorted(kept)],
        "clusters": [{"id": cluster_ids[c], "name": cluster_names[c], "bonus": bonuses[c]}
                     for c in range(cluster_count)],
    }
    homes = fair_homes(around, rng)
    if homes is None:
        return None
    return Universe(spec, homes, width, height)


def _sizes(rng: random.Random, count: int, clusters: int) -> list[int]:
    """Cluster sizes around count / clusters, at least 4 each, summing to count."""
    base = [max(4, count // clusters)] * clusters
    while sum(base) < count:
        base[rng.randrange(clusters)] += 1
    while sum(base) > count:
        i = max(range(clusters), key=lambda k: base[k])
        base[i] -= 1
    for _ in range(clusters):  # some variety: move a region from one cluster to another
        a, b = rng.randrange(clusters), rng.randrange(clusters)
        if base[a] > 5 and a != b:
            base[a] -= 1
            base[b] += 1
    return base


def _scatter(rng: random.Random, n: int, box: tuple[float, float, float, float], taken: list[tuple[float, float]],
             near: tuple[float, float, float] | None = None, centres: list[tuple[float, float]] | None = None,
             own: int = 0) -> list[tuple[float, float]]:
    """Best-candidate sampling: each new point is the candidate farthest from every point so far."""
    out: list[tuple[float, float]] = []
    left, bottom, right, top = box
    for _ in range(n):
        best: tuple[float, tuple[float, float]] | None = None
        for _ in range(30):
            p = (rng.uniform(left, right), rng.uniform(bottom, top))
            if near is not None:
                cx, cy, radius = near
                if math.dist(p, (cx, cy)) > radius:
                    continue
                if centres is not None and min(range(len(centres)), key=lambda k: math.dist(p, centres[k])) != own:
                    continue
            gap = min((math.dist(p, q) for q in taken + out), default=1e9)
            if best is None or gap > best[0]:
                best = (gap, p)
        if best is not None:
            out.append(best[1])
    return out


def _gabriel(points: list[tuple[float, float]]) -> set[tuple[int, int]]:
    """Links a-b where no other point lies inside the circle with diameter ab (a planar graph)."""
    links = set()
    n = len(points)
    for a in range(n):
        for b in range(a + 1, n):
            mx, my = (points[a][0] + points[b][0]) / 2, (points[a][1] + points[b][1]) / 2
            r2 = math.dist(points[a], points[b]) ** 2 / 4
            if all((points[c][0] - mx) ** 2 + (points[c][1] - my) ** 2 >= r2 for c in range(n) if c not in (a, b)):
                links.add((a, b))
    return links


def _cluster_links(points: list[tuple[float, float]], member: list[int], links: set[tuple[int, int]]
                   ) -> set[tuple[int, int]]:
    """Every link inside a cluster; between two clusters only the one or two shortest (the gates)."""
    kept = {(a, b) for a, b in links if member[a] == member[b]}
    between: dict[tuple[int, int], list[tuple[float, int, int]]] = {}
    for a, b in links:
        if member[a] != member[b]:
            key = (min(member[a], member[b]), max(member[a], member[b]))
            between.setdefault(key, []).append((math.dist(points[a], points[b]), a, b))
    for options in between.values():
        options.sort()
        for _, a, b in options[: 2 if len(options) > 3 else 1]:
            kept.add((a, b))
    return kept


def _connected(n: int, links: set[tuple[int, int]]) -> bool:
    return len(hops_from(0, _around(n, links))) == n


def _around(n: int, links: set[tuple[int, int]]) -> list[set[int]]:
    around: list[set[int]] = [set() for _ in range(n)]
    for a, b in links:
        around[a].add(b)
        around[b].add(a)
    return around


def hops_from(start: int, around: list[set[int]] | list[tuple[int, ...]]) -> dict[int, int]:
    """Fewest links from `start` to every region it reaches."""
    hops = {start: 0}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        for there in around[here]:
            if there not in hops:
                hops[there] = hops[here] + 1
                queue.append(there)
    return hops


def reach(around: list[set[int]] | list[tuple[int, ...]], home: int, links: int = FAIR_LINKS) -> int:
    """Regions within `links` links of `home` (home included): the fairness measure."""
    return sum(1 for d in hops_from(home, around).values() if d <= links)


def fair_homes(around: list[set[int]] | list[tuple[int, ...]], rng: random.Random,
               tries: int = 60) -> dict[int, tuple[int, ...]] | None:
    """Per seat count, far-apart homes whose reach within FAIR_LINKS differs by at most FAIR_SPREAD.

    Homes are drawn from a band of regions with similar reach (every band [r, r * FAIR_SPREAD]), spread
    out greedily (farthest first); the band and start giving the largest smallest gap win.
    """
    n = len(around)
    reach_of = [reach(around, i) for i in range(n)]
    dist = [hops_from(i, around) for i in range(n)]
    out: dict[int, tuple[int, ...]] = {}
    for seats in SEAT_COUNTS:
        best: tuple[int, tuple[int, ...]] | None = None
        for low in sorted(set(reach_of)):
            band = [i for i in range(n) if low <= reach_of[i] <= low * FAIR_SPREAD]
            if len(band) < seats:
                continue
            for _ in range(tries):
                homes = [rng.choice(band)]
                while len(homes) < seats:
                    homes.append(max((i for i in band if i not in homes),
                                     key=lambda i: (min(dist[h][i] for h in homes), rng.random())))
                gap = min(dist[a][b] for a in homes for b in homes if a != b)
                if best is None or gap > best[0]:
                    best = (gap, tuple(sorted(homes)))
        if best is None:
            return None
        out[seats] = best[1]
    return out


def _cell(points: list[tuple[float, float]], i: int, radius: float) -> list[tuple[float, float]]:
    """The Voronoi cell of point i clipped to a 12-gon of `radius` around it (a star system's area)."""
    px, py = points[i]
    poly = [(px + radius * math.cos(k * math.pi / 6), py + radius * math.sin(k * math.pi / 6)) for k in range(12)]
    for j, (qx, qy) in enumerate(points):
        if j == i or math.dist((px, py), (qx, qy)) > 2 * radius:
            continue
        mx, my = (px + qx) / 2, (py + qy) / 2
        nx, ny = qx - px, qy - py  # keep the side of the bisector nearer p: (v - m) . n <= 0
        poly = _clip(poly, mx, my, nx, ny)
    return poly


def _clip(poly: list[tuple[float, float]], mx: float, my: float, nx: float, ny: float) -> list[tuple[float, float]]:
    out: list[tuple[float, float]] = []
    for k, a in enumerate(poly):
        b = poly[(k + 1) % len(poly)]
        da = (a[0] - mx) * nx + (a[1] - my) * ny
        db = (b[0] - mx) * nx + (b[1] - my) * ny
        if da <= 0:
            out.append(a)
        if (da <= 0) != (db <= 0):
            t = da / (da - db)
            out.append((a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t))
    return out


def universe_map(players: int, seed: int) -> Any:
    """`--map random[:SEED]`: a random universe as a map (RS10), read back through the region-map checks
    (RS1.3) like a file; each seat's start zone is its fair home for this many players, claimed first."""
    import dataclasses
    import json
    import tempfile
    from pathlib import Path

    from game.maps import load_map
    from game.region_maps import region_map_document

    universe = generate_universe(seed)
    doc = region_map_document(f"Random universe #{seed}", universe.spec, players=(2, 6),
                              size=(int(universe.width), int(universe.height)))
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / f"universe-{seed}.tmj"
        path.write_text(json.dumps(doc), encoding="utf-8")
        data = load_map(path)
    zones = {count: {seat: (home,) for seat, home in enumerate(homes, start=1)}
             for count, homes in universe.homes.items()}
    return dataclasses.replace(data, start_zones=zones, source=f"generated:universe:{seed}")
