"""Regenerate the base game's map of regions (provinces.tmj): provinces as polygons, editable in Tiled.

    python mods/base/maps/make_region_map.py                  # the shipped map
    python mods/base/maps/make_region_map.py --seed 9 --out p9.tmj
    foc play --map p9.tmj --players human,ai

Regions are the Voronoi cells of relaxed random points (so neighbours share a whole side, where walls
stand), cut to an island; the links are the shared sides; clusters ("provinces") group nearby regions.
Terrain is the base game's, one kind per region, mostly land with a few lakes, hills and mines.
"""

from __future__ import annotations

import json
import math
import random
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[2]
SEED = 4
FILE = "provinces.tmj"
NAME = "Crown Provinces"
SIZE = (1500, 1000)
POINTS = 120
MIN_SIDE = 14.0  # shorter shared sides are not links (they would read as corners)
PROVINCES = ("Highmarch", "Fenwold", "Stonereach", "Ashdown", "Greenmantle", "Saltcliff")
SYLLABLES = ("bar", "den", "ford", "hal", "ley", "mor", "ton", "wick", "ash", "brook", "dale", "fell", "gar",
             "holm", "kirk", "lin", "mere", "ness", "rath", "stow", "thorn", "vale", "wyn", "cal")
Point = tuple[float, float]


def clip(polygon: list[Point], a: Point, b: Point) -> list[Point]:
    """The part of a convex polygon nearer to `a` than to `b` (Sutherland-Hodgman against the bisector)."""
    nx, ny = b[0] - a[0], b[1] - a[1]
    c = (b[0] ** 2 + b[1] ** 2 - a[0] ** 2 - a[1] ** 2) / 2

    def inside(p: Point) -> bool:
        return p[0] * nx + p[1] * ny <= c

    out: list[Point] = []
    for i, p in enumerate(polygon):
        q = polygon[(i + 1) % len(polygon)]
        if inside(p):
            out.append(p)
        if inside(p) != inside(q):
            t = (c - p[0] * nx - p[1] * ny) / ((q[0] - p[0]) * nx + (q[1] - p[1]) * ny)
            out.append((p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])))
    return out


def voronoi(sites: list[Point], box: list[Point]) -> list[list[Point]]:
    cells = []
    for i, a in enumerate(sites):
        cell = list(box)
        for j, b in enumerate(sites):
            if i != j and (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2 < 400 ** 2:
                cell = clip(cell, a, b)
        cells.append(cell)
    return cells


def centroid(points: list[Point]) -> Point:
    area = cx = cy = 0.0
    for (x0, y0), (x1, y1) in zip(points, points[1:] + points[:1], strict=True):
        cross = x0 * y1 - x1 * y0
        area += cross
        cx += (x0 + x1) * cross
        cy += (y0 + y1) * cross
    return cx / (3 * area), cy / (3 * area)


def shared_side(a: list[Point], b: list[Point]) -> float:
    """Length of the side two cells share (0 when they only touch or not at all)."""
    near = [p for p in a if any(math.dist(p, q) < 0.75 for q in b)]
    return math.dist(near[0], near[1]) if len(near) == 2 else 0.0


def build(seed: int) -> tuple[dict, list[str], dict[int, dict[int, tuple[int, ...]]]]:
    rng = random.Random(seed)
    width, height = SIZE
    box = [(0.0, 0.0), (float(width), 0.0), (float(width), float(height)), (0.0, float(height))]
    sites = [(rng.uniform(0, width), rng.uniform(0, height)) for _ in range(POINTS)]
    for _ in range(4):  # Lloyd relaxation: even sizes
        sites = [centroid(c) for c in voronoi(sites, box)]
    cells = voronoi(sites, box)
    # snap corners shared by neighbouring cells to one point, rounded as the map file stores them
    corners: list[Point] = []
    snapped = []
    for cell in cells:
        out = []
        for p in cell:
            q = next((c for c in corners if math.dist(c, p) < 0.5), None)
            if q is None:
                q = (round(p[0], 1), round(p[1], 1))
                corners.append(q)
            if not out or out[-1] != q:
                out.append(q)
        snapped.append(out)
    # an island: keep the cells whose centre lies inside a wobbly ellipse
    keep = []
    for i, (x, y) in enumerate(sites):
        angle = math.atan2(y - height / 2, x - width / 2)
        wobble = 0.8 + 0.08 * math.sin(3 * angle + seed) + 0.04 * math.cos(5 * angle)  # clear of the box
        if ((x - width / 2) / (width / 2)) ** 2 + ((y - height / 2) / (height / 2)) ** 2 <= wobble ** 2:
            keep.append(i)
    cells = [snapped[i] for i in keep]
    sites = [centroid(c) for c in cells]
    links = [(a, b) for a in range(len(cells)) for b in range(a + 1, len(cells))
             if shared_side(cells[a], cells[b]) >= MIN_SIDE]
    # provinces: k-means on the centres
    centres = rng.sample(sites, len(PROVINCES))
    for _ in range(12):
        groups: list[list[int]] = [[] for _ in PROVINCES]
        for i, s in enumerate(sites):
            groups[min(range(len(centres)), key=lambda k: math.dist(centres[k], s))].append(i)
        centres = [(sum(sites[i][0] for i in g) / len(g), sum(sites[i][1] for i in g) / len(g)) if g else centres[k]
                   for k, g in enumerate(groups)]
    province = {i: k for k, g in enumerate(groups) for i in g}
    # terrain: a few lakes away from the rim, hills in ridges, the rest fields and woods
    terrain = ["plain"] * len(cells)
    order = list(range(len(cells)))
    rng.shuffle(order)
    rim = {i for i, c in enumerate(cells) if any(not (1 < x < width - 1 and 1 < y < height - 1) for x, y in c)
           or sum(1 for link in links if i in link) < 4}
    lakes = [i for i in order if i not in rim][:3]
    for n, i in enumerate(lakes):
        terrain[i] = "deep_water" if n == 0 else "shallow_water"
    plan = [("mountain", 9), ("mine", 5), ("forest", 18), ("barren", 6)]
    free = [i for i in order if terrain[i] == "plain"]
    for kind, count in plan:
        for i in free[:count]:
            terrain[i] = kind
        free = free[count:]
    names: set[str] = set()
    regions = []
    for i, (cell, (x, y)) in enumerate(zip(cells, sites, strict=True)):
        name = ""
        while not name or name in names:
            name = (rng.choice(SYLLABLES) + rng.choice(SYLLABLES)).title()
        names.add(name)
        cid = PROVINCES[province[i]].lower()
        regions.append({"id": name.lower(), "name": name, "cluster": cid, "x": round(x, 1), "y": round(y, 1),
                        "outline": [list(p) for p in cell]})
    clusters = [{"id": p.lower(), "name": p, "bonus": 0} for p in PROVINCES if any(
        r["cluster"] == p.lower() for r in regions)]
    spec = {"kind": "regions", "regions": regions, "links": [list(link) for link in links], "clusters": clusters}
    return spec, terrain, start_zones(sites, terrain)


def start_zones(sites: list[Point], terrain: list[str]) -> dict[int, dict[int, tuple[int, ...]]]:
    """Per player count, each seat's five land regions nearest a point evenly spaced round the island."""
    width, height = SIZE
    land = [i for i, kind in enumerate(terrain) if "water" not in kind]
    zones: dict[int, dict[int, tuple[int, ...]]] = {}
    for players in (2, 3, 4):
        taken: set[int] = set()
        zones[players] = {}
        for seat in range(1, players + 1):
            angle = math.pi + 2 * math.pi * (seat - 1) / players  # seat 1 in the west
            ideal = (width / 2 + 0.6 * width / 2 * math.cos(angle), height / 2 + 0.6 * height / 2 * math.sin(angle))
            nearest = sorted((i for i in land if i not in taken), key=lambda i: math.dist(sites[i], ideal))[:5]
            taken.update(nearest)
            zones[players][seat] = tuple(sorted(nearest))
    return zones


def main(argv: list[str] | None = None) -> int:
    import argparse

    parser = argparse.ArgumentParser(description="write the base game's region map, or a random one")
    parser.add_argument("--seed", type=int, help="another layout from this seed")
    parser.add_argument("--out", help="where to write it (default: the shipped map's file)")
    args = parser.parse_args(argv)
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from game.maps import load_map
    from game.region_maps import region_map_document

    shipped = args.seed is None
    spec, terrain, zones = build(SEED if shipped else args.seed)
    title = NAME if shipped else f"Random provinces #{args.seed}"
    doc = region_map_document(title, spec, terrain, players=(2, 4), size=SIZE, zones=zones)
    path = Path(args.out) if args.out else HERE / FILE
    path.write_text(json.dumps(doc, indent=1) + "\n", encoding="utf-8")
    data = load_map(path)  # raises MapError if the written file does not validate
    print(f"{path.name}: {data.name!r}, {len(data.terrain)} regions, "
          f"{len(data.topology['clusters'])} provinces, {len(data.topology['links'])} links")
    return 0


if __name__ == "__main__":
    sys.exit(main())
