"""Region maps in Tiled: one polygon (or point) object per region with `cluster` and `links`; bonuses as map properties.

Format (RS1.2), chosen because Tiled draws, moves and edits polygons and their custom properties directly:
- an object layer named `regions`; each object's `name` is the region's name (unique), its id the name
  lower-cased with spaces as `-`; a polygon's points are its outline, a point or rectangle gives a position;
- object property `cluster` (string): the id of its cluster — exactly one;
- object property `links` (string): the names (or ids) of the linked regions, comma-separated; every link
  must be listed on both ends (an asymmetric link is an error, so a one-sided edit is caught);
- optional object property `terrain` (string, default `region`);
- optional object property `start` (string): the start zones the region is in, as `players:seat` pairs,
  comma-separated (`2:1, 4:3`); without any, every seat may start anywhere (RS1.2); with some, every seat of
  every player count of the map needs a zone (the base game's start zones, R1.2);
- map properties `bonus.<cluster id>` (int ≥ 0), optional `cluster.<cluster id>` (display name),
  `min_players` and `max_players` (ints, default 2 and 6), optional `name`.
"""

from __future__ import annotations

from typing import Any

import pytiled_parser
from pytiled_parser.layer import ObjectLayer
from pytiled_parser.tiled_object import Point, Polygon, Rectangle

REGION_LAYER = "regions"
DEFAULT_REGION_TERRAIN = "region"


def region_id(name: str) -> str:
    return "-".join(name.strip().lower().split())


def has_region_layer(tiled_map: pytiled_parser.TiledMap) -> bool:
    return any(layer.name == REGION_LAYER and isinstance(layer, ObjectLayer) for layer in tiled_map.layers)


def _int(value: Any) -> int | None:
    if isinstance(value, bool) or not isinstance(value, int | float) or value != int(value):
        return None
    return int(value)


def read_regions(tiled_map: pytiled_parser.TiledMap, err: list[str]) -> dict[str, Any] | None:
    """The region board's spec plus terrain and player range, or None; every problem goes to `err` (RS1.3)."""
    index, layer = next((i, la) for i, la in enumerate(tiled_map.layers) if la.name == REGION_LAYER)
    assert isinstance(layer, ObjectLayer)
    props = dict(tiled_map.properties or {})
    regions: list[dict[str, Any]] = []
    raw_links: list[tuple[str, list[str]]] = []
    terrain: list[str] = []
    starts: list[tuple[str, int, int, int]] = []  # (key, region index, players, seat)
    seen: dict[str, str] = {}
    for number, obj in enumerate(layer.tiled_objects):
        key = f"layers[{index}].objects[{number}] '{obj.name}'" if obj.name else f"layers[{index}].objects[{number}]"
        if not obj.name:
            err.append(f"{key}: name: every region needs a name")
            continue
        rid = region_id(obj.name)
        if rid in seen:
            err.append(f"{key}: name: '{obj.name}' is used twice (also '{seen[rid]}')")
            continue
        seen[rid] = obj.name
        ox, oy = float(obj.coordinates.x), float(obj.coordinates.y)
        if isinstance(obj, Polygon):
            outline = [(ox + float(p.x), oy + float(p.y)) for p in obj.points]
            x, y = _centroid(outline)
        elif isinstance(obj, Point):
            outline, (x, y) = [], (ox, oy)
        elif isinstance(obj, Rectangle):
            w, h = float(obj.size.width), float(obj.size.height)
            outline = [(ox, oy), (ox + w, oy), (ox + w, oy + h), (ox, oy + h)]
            x, y = ox + w / 2, oy + h / 2
        else:
            err.append(f"{key}: a region is a polygon, point or rectangle, got {type(obj).__name__}")
            continue
        oprops = dict(obj.properties or {})
        cluster = oprops.get("cluster")
        named = [c.strip() for c in cluster.split(",") if c.strip()] if isinstance(cluster, str) else []
        if not named:
            err.append(f"{key}: cluster: the region is in no cluster")
        elif len(named) > 1:
            err.append(f"{key}: cluster: the region is in {len(named)} clusters ({', '.join(named)}); one only")
        listed_names = oprops.get("links", "")
        if not isinstance(listed_names, str):
            err.append(f"{key}: links: must be a comma-separated string, got {listed_names!r}")
            listed_names = ""
        raw_links.append((key, [region_id(n) for n in listed_names.split(",") if n.strip()]))
        for pair in str(oprops.get("start", "")).split(","):
            players_text, _, seat_text = pair.strip().partition(":")
            if not pair.strip():
                continue
            if not (players_text.strip().isdigit() and seat_text.strip().isdigit()):
                err.append(f"{key}: start: '{pair.strip()}' is not players:seat (e.g. '2:1')")
                continue
            starts.append((key, len(regions), int(players_text), int(seat_text)))
        kind = oprops.get("terrain", DEFAULT_REGION_TERRAIN)
        terrain.append(kind if isinstance(kind, str) and kind else DEFAULT_REGION_TERRAIN)
        regions.append({"id": rid, "name": obj.name, "cluster": named[0] if named else "", "x": x, "y": y,
                        "outline": [list(p) for p in outline]})
    if not regions:
        err.append(f"layers[{index}] '{REGION_LAYER}': no regions")
        return None
    ids = {r["id"]: i for i, r in enumerate(regions)}
    listed = {r["id"]: set(names) for r, (_, names) in zip(regions, raw_links, strict=True)}
    links: set[tuple[int, int]] = set()
    for region, (key, names) in zip(regions, raw_links, strict=True):
        for other in names:
            if other == region["id"]:
                err.append(f"{key}: links: a region cannot link to itself")
            elif other not in ids:
                err.append(f"{key}: links: '{other}' is not a region of this map")
            elif region["id"] not in listed[other]:
                err.append(f"{key}: links: '{other}' does not link back (links are listed on both regions)")
            else:
                a, b = ids[region["id"]], ids[other]
                links.add((min(a, b), max(a, b)))
    used = sorted({r["cluster"] for r in regions if r["cluster"]})
    clusters: list[dict[str, Any]] = []
    for cid in used:
        bonus = props.get(f"bonus.{cid}")
        if bonus is None:
            err.append(f"properties: bonus.{cid}: cluster '{cid}' has no bonus")
            continue
        amount = _int(bonus)
        if amount is None or amount < 0:
            err.append(f"properties: bonus.{cid}: must be a whole number >= 0, got {bonus!r}")
            continue
        title = props.get(f"cluster.{cid}")
        clusters.append({"id": cid, "name": title if isinstance(title, str) and title else cid.title(),
                         "bonus": amount})
    for name in sorted(props):
        if name.startswith("bonus.") and name[6:] not in used:
            err.append(f"properties: {name}: no region is in cluster '{name[6:]}'")
    _check_connected(regions, links, err)
    players: list[int] = []
    for field, default in (("min_players", 2), ("max_players", 6)):
        count = _int(props.get(field, default))
        if count is None or not 2 <= count <= 6:
            err.append(f"properties: {field}: must be a whole number 2..6, got {props.get(field)!r}")
            count = default
        players.append(count)
    if players[0] > players[1]:
        err.append(f"properties: min_players {players[0]} > max_players {players[1]}")
    zones = _start_zones(starts, range(players[0], players[1] + 1), err)
    spec = {"kind": "regions", "regions": regions, "links": [list(p) for p in sorted(links)], "clusters": clusters}
    return {"topology": spec, "terrain": terrain, "players": range(players[0], players[1] + 1), "zones": zones}


def _start_zones(starts: list[tuple[str, int, int, int]], counts: range,
                 err: list[str]) -> dict[int, dict[int, tuple[int, ...]]] | None:
    """Declared start zones (players -> seat -> regions), or None when the map declares none."""
    if not starts:
        return None
    zones: dict[int, dict[int, set[int]]] = {}
    for key, region, players, seat in starts:
        if players not in counts:
            err.append(f"{key}: start: {players} players is outside the map's {counts.start}..{counts.stop - 1}")
        elif not 1 <= seat <= players:
            err.append(f"{key}: start: seat {seat} is not in 1..{players}")
        elif any(region in zone for other, zone in zones.get(players, {}).items() if other != seat):
            err.append(f"{key}: start: the region is in two seats' zones for {players} players")
        else:
            zones.setdefault(players, {}).setdefault(seat, set()).add(region)
    for players in counts:
        for seat in range(1, players + 1):
            if seat not in zones.get(players, {}):
                err.append(f"properties: start zones: seat {seat} of {players} players has no region with "
                           f"'start' {players}:{seat}")
    return {n: {seat: tuple(sorted(zone)) for seat, zone in sorted(seats.items())} for n, seats in sorted(zones.items())}


def _check_connected(regions: list[dict[str, Any]], links: set[tuple[int, int]], err: list[str]) -> None:
    """RS1.3: every region reachable from the first through links."""
    around: dict[int, set[int]] = {i: set() for i in range(len(regions))}
    for a, b in links:
        around[a].add(b)
        around[b].add(a)
    seen, todo = {0}, [0]
    while todo:
        for n in around[todo.pop()]:
            if n not in seen:
                seen.add(n)
                todo.append(n)
    for i, region in enumerate(regions):
        if i not in seen:
            err.append(f"regions '{region['name']}': links: unreachable from '{regions[0]['name']}'")


def _centroid(points: list[tuple[float, float]]) -> tuple[float, float]:
    """The area centroid of a polygon (its vertex mean when degenerate)."""
    area = cx = cy = 0.0
    for (x0, y0), (x1, y1) in zip(points, points[1:] + points[:1], strict=True):
        cross = x0 * y1 - x1 * y0
        area += cross
        cx += (x0 + x1) * cross
        cy += (y0 + y1) * cross
    if abs(area) < 1e-9:
        n = max(1, len(points))
        return sum(p[0] for p in points) / n, sum(p[1] for p in points) / n
    return cx / (3 * area), cy / (3 * area)


def region_map_document(name: str, spec: dict[str, Any], terrain: list[str] | None = None,
                        players: tuple[int, int] = (2, 6), size: tuple[int, int] = (1600, 1000),
                        zones: dict[int, dict[int, tuple[int, ...]]] | None = None) -> dict[str, Any]:
    """A Tiled 1.10 JSON document for a region board spec (the inverse of read_regions); `zones` (players ->
    seat -> regions) only when the map has start zones."""
    regions = spec["regions"]
    around: dict[int, list[int]] = {i: [] for i in range(len(regions))}
    for a, b in spec["links"]:
        around[a].append(b)
        around[b].append(a)
    objects = []
    for i, region in enumerate(regions):
        x, y = region["x"], region["y"]
        outline = region.get("outline") or []
        oprops = [_prop("cluster", region["cluster"]),
                  _prop("links", ", ".join(regions[n]["name"] for n in sorted(around[i])))]
        if terrain and terrain[i] != DEFAULT_REGION_TERRAIN:
            oprops.append(_prop("terrain", terrain[i]))
        starts = [f"{n}:{seat}" for n, seats in sorted((zones or {}).items())
                  for seat, zone in sorted(seats.items()) if i in zone]
        if starts:
            oprops.append(_prop("start", ", ".join(starts)))
        obj: dict[str, Any] = {"id": i + 1, "name": region["name"], "properties": oprops, "rotation": 0,
                               "type": "", "visible": True, "x": x, "y": y, "width": 0, "height": 0}
        if outline:
            obj["polygon"] = [{"x": round(px - x, 2), "y": round(py - y, 2)} for px, py in outline]
        else:
            obj["point"] = True
        objects.append(obj)
    mprops = [_prop("name", name), _prop("min_players", players[0]), _prop("max_players", players[1])]
    for cluster in spec["clusters"]:
        mprops.append(_prop(f"bonus.{cluster['id']}", int(cluster["bonus"])))
        mprops.append(_prop(f"cluster.{cluster['id']}", cluster["name"]))
    tile = 32
    return {
        "compressionlevel": -1, "height": size[1] // tile, "width": size[0] // tile, "infinite": False,
        "layers": [{"draworder": "topdown", "id": 1, "name": REGION_LAYER, "objects": objects, "opacity": 1,
                    "type": "objectgroup", "visible": True, "x": 0, "y": 0}],
        "nextlayerid": 2, "nextobjectid": len(objects) + 1, "orientation": "orthogonal", "properties": mprops,
        "renderorder": "right-down", "tiledversion": "1.10.2", "tileheight": tile, "tilewidth": tile,
        "tilesets": [], "type": "map", "version": "1.10",
    }


def _prop(name: str, value: int | str) -> dict[str, Any]:
    return {"name": name, "type": "int" if isinstance(value, int) else "string", "value": value}
