"""Maps: load, validate and write Tiled JSON (.tmj) maps with terrain and start zones (R1.2, R2.1)."""

from __future__ import annotations

import json
import os
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytiled_parser
from pytiled_parser.layer import ObjectLayer, TileLayer
from pytiled_parser.tiled_object import Rectangle

DEFAULT_TERRAIN_IDS: tuple[str, ...] = (
    "plain", "forest", "mountain", "mine", "shallow_water", "deep_water", "barren",
)
WATER_TERRAIN_IDS: frozenset[str] = frozenset({"shallow_water", "deep_water"})
TILE_SIZE = 32
IMAGE_SIZE = 64
_GID_MASK = 0x0FFFFFFF  # Tiled stores flip/rotation flags in the top 4 bits of a gid
_PROJECT_ROOT = Path(__file__).resolve().parent.parent
_TERRAIN_IMAGES = _PROJECT_ROOT / "assets" / "terrain"


@dataclass(frozen=True)
class MapData:
    """A square-grid board (R2.1): territory index = y * width + x, y = 0 is the top row."""

    name: str
    width: int
    height: int
    terrain: tuple[str, ...]  # row-major, len = width * height
    start_zones: dict[int, dict[int, tuple[int, ...]]]  # players -> seat (1-based) -> territories
    source: str  # file path or "generated:..."

    def supports(self, players: int) -> bool:
        """True when the map declares a start zone per seat for `players` players (R1.2)."""
        return players in self.start_zones

    def players(self) -> tuple[int, ...]:
        """The supported player counts, sorted."""
        return tuple(sorted(self.start_zones))


class MapError(Exception):
    """A map that cannot be used; `errors` lists every problem as "<file>: <key path>: <problem>"."""

    def __init__(self, errors: list[str]) -> None:
        self.errors = list(errors)
        super().__init__(self.errors)

    def __str__(self) -> str:
        return "\n".join(self.errors)


def is_land(terrain_id: str) -> bool:
    """Land is every terrain except shallow and deep water (R1.3)."""
    return terrain_id not in WATER_TERRAIN_IDS


def list_maps(folder: str | Path | None = None, ruleset: str = "base") -> list[Path]:
    """The .tmj files in `folder` (a relative folder that does not exist is looked up in the project);
    without one, the maps of `ruleset` (its manifest's `maps` folder; the base game by default)."""
    if folder is None:
        from game.content import maps_folder

        found = maps_folder(ruleset)
        return sorted(found.glob("*.tmj")) if found is not None else []
    path = Path(folder)
    if not path.is_absolute() and not path.exists():
        path = _PROJECT_ROOT / path
    return sorted(path.glob("*.tmj"))


def _tile_terrain(tiled_map: pytiled_parser.TiledMap, gid: int) -> tuple[str | None, str]:
    """(terrain id, problem) for a gid; the problem is "" when the tile is usable."""
    firstgids = [g for g in sorted(tiled_map.tilesets) if g <= gid]
    if not firstgids:
        return None, f"tile gid {gid} is in no tileset"
    tileset = tiled_map.tilesets[firstgids[-1]]
    tile = (tileset.tiles or {}).get(gid - firstgids[-1])
    value = (tile.properties or {}).get("terrain") if tile is not None else None
    if value is None:
        return None, f"tile gid {gid} has no 'terrain' property"
    if not isinstance(value, str):
        return None, f"tile gid {gid} has a non-string 'terrain' property {value!r}"
    return value, ""


def _read_terrain(tiled_map: pytiled_parser.TiledMap, known: set[str], err: list[str]) -> list[str]:
    """The terrain of every cell from the `terrain` tile layer; problems go to `err`."""
    width, height = int(tiled_map.map_size.width), int(tiled_map.map_size.height)
    found = [(i, lay) for i, lay in enumerate(tiled_map.layers) if lay.name == "terrain"]
    if not found or not isinstance(found[0][1], TileLayer) or found[0][1].data is None:
        err.append("layers: no tile layer named 'terrain' (finite, not chunked)")
        return []
    index, layer = found[0]
    assert isinstance(layer, TileLayer) and layer.data is not None
    flat = [gid for row in layer.data for gid in row]
    if len(flat) != width * height:
        err.append(f"layers[{index}].data: {len(flat)} cells, expected {width}x{height} = {width * height}")
        return []
    terrain: list[str] = []
    problems: dict[str, list[int]] = {}  # problem -> cells, so that one bad tile gives one error
    for cell, raw in enumerate(flat):
        gid = raw & _GID_MASK
        if gid == 0:
            value, problem = None, "empty cell (no tile)"
        else:
            value, problem = _tile_terrain(tiled_map, gid)
            if value is not None and value not in known:
                problem = f"tile gid {gid} has unknown terrain {value!r} (known: {', '.join(sorted(known))})"
        if problem:
            problems.setdefault(problem, []).append(cell)
        terrain.append(value or "")
    for problem, cells in problems.items():
        more = f" (and {len(cells) - 1} more cells)" if len(cells) > 1 else ""
        err.append(f"layers[{index}].data[{cells[0]}]: {problem}{more}")
    return terrain


def _int_prop(props: dict[str, Any], name: str, key: str, err: list[str]) -> int | None:
    value = props.get(name)
    if isinstance(value, bool) or not isinstance(value, int | float) or value != int(value):
        err.append(f"{key}: property '{name}' must be an int, got {value!r}")
        return None
    return int(value)


def _read_zones(
    tiled_map: pytiled_parser.TiledMap, terrain: list[str], err: list[str]
) -> dict[int, dict[int, tuple[int, ...]]]:
    """Start zones from the `start_zones` object layer (R1.2); problems go to `err`."""
    width, height = int(tiled_map.map_size.width), int(tiled_map.map_size.height)
    tw, th = tiled_map.tile_size.width, tiled_map.tile_size.height
    found = [(i, lay) for i, lay in enumerate(tiled_map.layers) if lay.name == "start_zones"]
    if not found or not isinstance(found[0][1], ObjectLayer):
        err.append("layers: no object layer named 'start_zones'")
        return {}
    index, layer = found[0]
    assert isinstance(layer, ObjectLayer)
    cells: dict[int, dict[int, set[int]]] = {}
    for number, obj in enumerate(layer.tiled_objects):
        key = f"objects '{obj.name}'" if obj.name else f"layers[{index}].objects[{number}] (id {obj.id})"
        if not isinstance(obj, Rectangle) or obj.rotation:
            err.append(f"{key}: start zones must be unrotated rectangles, got {type(obj).__name__}")
            continue
        props = dict(obj.properties or {})
        players = _int_prop(props, "players", key, err)
        seat = _int_prop(props, "seat", key, err)
        if players is None or seat is None:
            continue
        if not 2 <= players <= 4:
            err.append(f"{key}: players {players} is not in 2..4")
            continue
        if not 1 <= seat <= players:
            err.append(f"{key}: seat {seat} > players {players}" if seat > players else f"{key}: seat {seat} < 1")
            continue
        x0, y0 = float(obj.coordinates.x), float(obj.coordinates.y)
        x1, y1 = x0 + float(obj.size.width), y0 + float(obj.size.height)
        inside = {
            y * width + x
            for y in range(height) if y0 <= (y + 0.5) * th < y1
            for x in range(width) if x0 <= (x + 0.5) * tw < x1
        }
        if not inside:
            err.append(f"{key}: the rectangle contains no cell centre")
        cells.setdefault(players, {}).setdefault(seat, set()).update(inside)
    if not cells:
        err.append(f"layers[{index}] 'start_zones': no start zones")
    for players, seats in sorted(cells.items()):
        zkey = f"start_zones {players}p"
        for seat in range(1, players + 1):
            if seat not in seats:
                err.append(f"{zkey}: seat {seat} has no start zone")
        for seat, zone in sorted(seats.items()):
            if terrain and zone and not any(is_land(terrain[c]) for c in zone if terrain[c]):
                err.append(f"{zkey} seat {seat}: the zone has no land territory")
            for other, zone2 in sorted(seats.items()):
                if other > seat and zone & zone2:
                    err.append(f"{zkey}: zones of seats {seat} and {other} overlap at {len(zone & zone2)} cells")
    return {p: {s: tuple(sorted(z)) for s, z in sorted(seats.items())} for p, seats in sorted(cells.items())}


def load_map(path: str | Path, terrain_ids: Iterable[str] = DEFAULT_TERRAIN_IDS) -> MapData:
    """Read and validate a Tiled JSON map; raise MapError listing every problem found."""
    path = Path(path)
    file = str(path)
    if not path.is_file():
        raise MapError([f"{file}: file: not found"])
    try:
        json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        raise MapError([f"{file}: file: not a JSON file ({exc})"]) from None
    try:
        tiled_map = pytiled_parser.parse_map(path)
    except Exception as exc:  # pytiled_parser raises KeyError, TypeError, ... on malformed maps
        detail = f"missing key {exc}" if isinstance(exc, KeyError) else f"{type(exc).__name__}: {exc}"
        raise MapError([f"{file}: map: not a valid Tiled map ({detail})"]) from None
    err: list[str] = []
    if tiled_map.orientation != "orthogonal":
        err.append(f"orientation: must be 'orthogonal', got {tiled_map.orientation!r}")
    if tiled_map.infinite:
        err.append("infinite: infinite maps are not supported")
    terrain = _read_terrain(tiled_map, set(terrain_ids), err)
    zones = _read_zones(tiled_map, terrain, err)
    if err:
        raise MapError([f"{file}: {e}" for e in err])
    name = (tiled_map.properties or {}).get("name")
    return MapData(
        name=name if isinstance(name, str) and name else path.stem,
        width=int(tiled_map.map_size.width),
        height=int(tiled_map.map_size.height),
        terrain=tuple(terrain),
        start_zones=zones,
        source=file,
    )


def _rectangles(cells: Iterable[int], width: int) -> list[tuple[int, int, int, int]]:
    """Cover a set of cells with disjoint rectangles (x, y, w, h): row runs merged downwards."""
    rows: dict[int, list[int]] = {}
    for cell in sorted(cells):
        rows.setdefault(cell // width, []).append(cell % width)
    open_rects: dict[tuple[int, int], list[int]] = {}  # (x, w) -> [x, y, w, h]
    done: list[list[int]] = []
    for y in sorted(rows):
        runs: list[tuple[int, int]] = []
        for x in rows[y]:
            if runs and runs[-1][0] + runs[-1][1] == x:
                runs[-1] = (runs[-1][0], runs[-1][1] + 1)
            else:
                runs.append((x, 1))
        still: dict[tuple[int, int], list[int]] = {}
        for run in runs:
            rect = open_rects.pop(run, None)
            if rect is not None and rect[1] + rect[3] == y:
                rect[3] += 1
            else:
                if rect is not None:
                    done.append(rect)
                rect = [run[0], y, run[1], 1]
            still[run] = rect
        done.extend(open_rects.values())
        open_rects = still
    done.extend(open_rects.values())
    return sorted((r[0], r[1], r[2], r[3]) for r in done)


def _prop(name: str, value: int | str) -> dict[str, Any]:
    return {"name": name, "type": "int" if isinstance(value, int) else "string", "value": value}


def write_map(data: MapData, path: str | Path) -> None:
    """Write `data` as a Tiled 1.10 JSON map with an embedded image-collection terrain tileset."""
    path = Path(path)
    ids = list(DEFAULT_TERRAIN_IDS) + sorted(set(data.terrain) - set(DEFAULT_TERRAIN_IDS))
    gid = {tid: n + 1 for n, tid in enumerate(ids)}
    tiles: list[dict[str, Any]] = []
    for n, tid in enumerate(ids):
        try:
            image = os.path.relpath(_TERRAIN_IMAGES / f"{tid}.png", path.resolve().parent)
        except ValueError:  # another drive on Windows
            image = str(_TERRAIN_IMAGES / f"{tid}.png")
        tiles.append({"id": n, "image": Path(image).as_posix(), "imageheight": IMAGE_SIZE,
                      "imagewidth": IMAGE_SIZE, "properties": [_prop("terrain", tid)]})
    objects: list[dict[str, Any]] = []
    for players, seats in sorted(data.start_zones.items()):
        for seat, zone in sorted(seats.items()):
            for x, y, w, h in _rectangles(zone, data.width):
                objects.append({
                    "height": h * TILE_SIZE, "id": len(objects) + 1, "name": f"start {players}p seat {seat}",
                    "properties": [_prop("players", players), _prop("seat", seat)],
                    "rotation": 0, "type": "", "visible": True,
                    "width": w * TILE_SIZE, "x": x * TILE_SIZE, "y": y * TILE_SIZE,
                })
    doc: dict[str, Any] = {
        "compressionlevel": -1, "height": data.height, "infinite": False,
        "layers": [
            {"data": "@DATA@", "height": data.height, "id": 1, "name": "terrain", "opacity": 1,
             "type": "tilelayer", "visible": True, "width": data.width, "x": 0, "y": 0},
            {"draworder": "topdown", "id": 2, "name": "start_zones", "objects": objects, "opacity": 1,
             "type": "objectgroup", "visible": True, "x": 0, "y": 0},
        ],
        "nextlayerid": 3, "nextobjectid": len(objects) + 1, "orientation": "orthogonal",
        "properties": [_prop("name", data.name)], "renderorder": "right-down", "tiledversion": "1.10.2",
        "tileheight": TILE_SIZE,
        "tilesets": [{
            "columns": 0, "firstgid": 1, "grid": {"height": 1, "orientation": "orthogonal", "width": 1},
            "margin": 0, "name": "terrain", "spacing": 0, "tilecount": len(ids),
            "tileheight": IMAGE_SIZE, "tiles": tiles, "tilewidth": IMAGE_SIZE,
        }],
        "tilewidth": TILE_SIZE, "type": "map", "version": "1.10", "width": data.width,
    }
    rows = (
        ", ".join(str(gid[t]) for t in data.terrain[y * data.width:(y + 1) * data.width])
        for y in range(data.height)
    )
    grid = "[\n" + ",\n".join(rows) + "]"
    text = json.dumps(doc, indent=1).replace('"@DATA@"', grid)
    path.write_text(text + "\n", encoding="utf-8")
