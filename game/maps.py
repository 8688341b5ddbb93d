"""Maps: load and validate Tiled maps (.tmj JSON or .tmx XML), write .tmj, with terrain and start zones (R1.2, R2.1)."""

from __future__ import annotations

import json
import os
import reprlib
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import pytiled_parser
from pytiled_parser.layer import ObjectLayer, TileLayer
from pytiled_parser.tiled_object import Rectangle

from game import resources
from game.region_maps import DEFAULT_REGION_TERRAIN, has_region_layer, read_regions, region_map_document
from game.tiled_xml import is_tmx, tmx_header
from systems.board import HEX, REGIONS, SQUARE4, SQUARE8

DEFAULT_TERRAIN_IDS: tuple[str, ...] = (
    "plain", "forest", "mountain", "mine", "shallow_water", "deep_water", "barren",
)
WATER_TERRAIN_IDS: frozenset[str] = frozenset({"shallow_water", "deep_water"})
TILE_SIZE = 32
IMAGE_SIZE = 64
MAX_MAP_BYTES = 64 * 1024 * 1024  # a 1024x1024 map written by Tiled is about 5 MB
MAP_SUFFIXES = (".tmj", ".tmx")  # Tiled's JSON and its own XML format; both load the same way
MAX_MAP_VALUES = 2_000_000  # JSON values (the largest board's 65,536 cells: ~70,000), counted before parsing
_GID_MASK = 0x0FFFFFFF  # Tiled stores flip/rotation flags in the top 4 bits of a gid
_TERRAIN_IMAGES = resources.ASSETS / "terrain"


@dataclass(frozen=True)
class MapData:
    """A board (R2.1): territory index = y * width + x, y = 0 is the top row; region maps are one row.

    `topology` is `systems.board.Board.spec()` (kind and parameters); empty = square-4.
    """

    name: str
    width: int
    height: int
    terrain: tuple[str, ...]  # row-major, len = width * height
    start_zones: dict[int, dict[int, tuple[int, ...]]]  # players -> seat (1-based) -> territories
    source: str  # file path or "generated:..."
    topology: dict[str, Any] = field(default_factory=dict)

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


def map_size_problem(max_territories: int, width: int, height: int) -> str | None:
    """Why a width x height board is refused (the ruleset's `limits.max_territories`), or None."""
    if width < 1 or height < 1:
        return f"a {width}x{height} board has no territories"
    if width * height > max_territories:
        return (f"a {width}x{height} board has {width * height} territories; the rules allow at most "
                f"{max_territories} (limits.max_territories)")
    return None


def territory_limit(rules: Any) -> int:
    """The largest board `rules` allow: its `limits.max_territories`, else (a ruleset without the base
    game's limits section) the model's default."""
    from components.rules import Limits

    limits = getattr(rules, "limits", None)
    return limits.max_territories if isinstance(limits, Limits) else int(Limits.model_fields["max_territories"].default)


@cache
def _default_max_territories() -> int:
    """The base ruleset's `limits.max_territories` (the model's default when the ruleset itself is broken:
    that is reported where the ruleset is loaded, and a map check must still not end in a traceback)."""
    from components.rules import Limits
    from game.content import load_ruleset
    from game.errors import DataError

    try:
        return territory_limit(load_ruleset())
    except DataError:
        return int(Limits.model_fields["max_territories"].default)


def map_files(folder: Path) -> list[Path]:
    """The maps in a folder (.tmj and .tmx files), by name; none when it is not a folder."""
    if not folder.is_dir():
        return []
    return sorted((p for p in folder.iterdir() if p.suffix.lower() in MAP_SUFFIXES and p.is_file()),
                  key=lambda p: (p.name.lower(), p.name))


def find_map_file(folder: Path, name: str) -> Path | None:
    """The map `name` in `folder`: `name.tmj`, `name.tmx` or the file `name` itself."""
    for candidate in (*(folder / f"{name}{suffix}" for suffix in MAP_SUFFIXES), folder / name):
        if candidate.is_file():
            return candidate
    return None


def list_maps(folder: str | Path | None = None, ruleset: str = "base") -> list[Path]:
    """The maps (.tmj and .tmx files) in `folder` (a relative folder that does not exist is looked up among the game's own
    files, game.resources);
    without one, the maps of `ruleset` (its manifest's `maps` folder; the base game by default)."""
    if folder is None:
        from game.content import maps_folder

        found = maps_folder(ruleset)
        return map_files(found) if found is not None else []
    path = Path(folder)
    if not path.is_absolute() and not path.exists():
        path = resources.CONTENT_ROOT / path
    return map_files(path)


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


def cell_centre(tiled_map: pytiled_parser.TiledMap, x: int, y: int) -> tuple[float, float]:
    """Where Tiled draws the centre of cell (x, y), in map pixels: square cells or staggered hexes."""
    tw, th = float(tiled_map.tile_size.width), float(tiled_map.tile_size.height)
    if tiled_map.orientation != "hexagonal":
        return (x + 0.5) * tw, (y + 0.5) * th
    side = float(tiled_map.hex_side_length or 0)
    odd = 1 if (tiled_map.stagger_index or "odd") == "odd" else 0
    if (tiled_map.stagger_axis or "y") == "y":
        shift = tw / 2 if y % 2 == odd else 0.0
        return x * tw + shift + tw / 2, y * (th + side) / 2 + th / 2
    shift = th / 2 if x % 2 == odd else 0.0
    return x * (tw + side) / 2 + tw / 2, y * th + shift + th / 2


def _read_zones(
    tiled_map: pytiled_parser.TiledMap, terrain: list[str], err: list[str]
) -> dict[int, dict[int, tuple[int, ...]]]:
    """Start zones from the `start_zones` object layer (R1.2); problems go to `err`."""
    width, height = int(tiled_map.map_size.width), int(tiled_map.map_size.height)
    centres = [cell_centre(tiled_map, x, y) for y in range(height) for x in range(width)]
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
        inside = {cell for cell, (cx, cy) in enumerate(centres) if x0 <= cx < x1 and y0 <= cy < y1}
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


def load_map(
    path: str | Path, terrain_ids: Iterable[str] = DEFAULT_TERRAIN_IDS, max_territories: int | None = None
) -> MapData:
    """Read and validate a Tiled map, JSON (.tmj) or XML (.tmx: external .tsx tilesets; CSV or base64 layer data,
    plain or zlib, gzip or zstd compressed); raise MapError listing every problem found.

    Boards larger than `max_territories` (default: the base ruleset's `limits.max_territories`) are refused
    before their layers are read; tileset and template files must lie in the map's folder.
    """
    path = Path(path)
    file = str(path)
    if not path.is_file():
        raise MapError([f"{file}: file: not found"])
    if path.stat().st_size > MAX_MAP_BYTES:
        raise MapError([f"{file}: file: {path.stat().st_size} bytes; map files may have at most {MAX_MAP_BYTES}"])
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise MapError([f"{file}: file: not a map file: not UTF-8 text ({exc})"]) from None
    xml = is_tmx(path, text)
    data_problems: list[str] = []
    if not xml and text.count(",") + text.count("[") + text.count("{") > MAX_MAP_VALUES:  # `[[],[],...]`
        raise MapError([f"{file}: file: more than {MAX_MAP_VALUES:,} JSON values; not a map"])
    try:
        if xml:
            raw, data_problems = tmx_header(text)
        else:
            raw = json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise MapError([f"{file}: file: not a {'TMX (XML)' if xml else 'JSON'} file ({exc})"]) from None
    limit = _default_max_territories() if max_territories is None else max_territories
    if problems := _header_problems(raw, path, limit) + data_problems:
        raise MapError([f"{file}: {p}" for p in problems])
    try:
        tiled_map = pytiled_parser.parse_map(path)
    except Exception as exc:  # pytiled_parser raises KeyError, TypeError, ... on malformed maps
        detail = f"missing key {exc}" if isinstance(exc, KeyError) else f"{type(exc).__name__}: {exc}"
        raise MapError([f"{file}: map: not a valid Tiled map ({detail})"]) from None
    err: list[str] = []
    name = (tiled_map.properties or {}).get("name")
    if has_region_layer(tiled_map):
        # a region without `terrain` is the generic region (Risky Space's); one naming a terrain must be known
        known = set(terrain_ids) | ({DEFAULT_REGION_TERRAIN} if terrain_ids is DEFAULT_TERRAIN_IDS else set())
        return _region_map(tiled_map, name if isinstance(name, str) and name else path.stem, file, err, known)
    topology = _grid_topology(tiled_map, err)
    if tiled_map.infinite:
        err.append("infinite: infinite maps are not supported")
    terrain = _read_terrain(tiled_map, set(terrain_ids), err)
    zones = _read_zones(tiled_map, terrain, err)
    if err:
        raise MapError([f"{file}: {e}" for e in err])
    return MapData(
        name=name if isinstance(name, str) and name else path.stem,
        width=int(tiled_map.map_size.width),
        height=int(tiled_map.map_size.height),
        terrain=tuple(terrain),
        start_zones=zones,
        source=file,
        topology=topology,
    )


def _grid_topology(tiled_map: pytiled_parser.TiledMap, err: list[str]) -> dict[str, Any]:
    """The board kind of a tile map: hexagonal maps are hex; orthogonal ones square-4 or (property) square-8."""
    if tiled_map.orientation == "hexagonal":
        axis, index = tiled_map.stagger_axis or "y", tiled_map.stagger_index or "odd"
        return {"kind": HEX, "stagger_axis": axis, "stagger_index": index}
    if tiled_map.orientation != "orthogonal":
        err.append(f"orientation: must be 'orthogonal' or 'hexagonal', got {tiled_map.orientation!r}")
    kind = (tiled_map.properties or {}).get("topology", SQUARE4)
    if kind not in (SQUARE4, SQUARE8):
        err.append(f"properties: topology: an orthogonal map is '{SQUARE4}' or '{SQUARE8}', got {kind!r}")
        return {}
    return {} if kind == SQUARE4 else {"kind": kind}


def _region_map(tiled_map: pytiled_parser.TiledMap, name: str, file: str, err: list[str], known: set[str]) -> MapData:
    """A map of regions (RS1.2): every seat may start anywhere; the board is the links between regions."""
    found = read_regions(tiled_map, err)
    if found is not None:
        for region, kind in zip(found["topology"]["regions"], found["terrain"], strict=True):
            if kind not in known:
                err.append(f"regions '{region['name']}': terrain: unknown terrain '{kind}' "
                           f"(known: {', '.join(sorted(known))})")
    if err or found is None:
        raise MapError([f"{file}: {e}" for e in err])
    size = len(found["terrain"])
    everywhere = tuple(range(size))
    zones = found["zones"] or {n: {seat: everywhere for seat in range(1, n + 1)} for n in found["players"]}
    return MapData(name=name, width=size, height=1, terrain=tuple(found["terrain"]), start_zones=zones,
                   source=file, topology=found["topology"])


def _header_problems(raw: Any, path: Path, max_territories: int) -> list[str]:
    """Size and outside references, checked on the raw JSON before pytiled_parser opens anything."""
    if not isinstance(raw, dict):
        return []  # pytiled_parser names what is wrong
    width, height = raw.get("width"), raw.get("height")
    if isinstance(width, int) and isinstance(height, int) and not isinstance(width, bool) \
            and not isinstance(height, bool) and (problem := map_size_problem(max_territories, width, height)):
        return [f"width, height: {problem}"]
    problems = _gid_problems(raw)
    folder = path.resolve().parent
    for key, ref in _references(raw):
        target = (folder / ref).resolve() if isinstance(ref, str) else None
        if target is None or not target.is_relative_to(folder):
            problems.append(f"{key}: {ref!r} lies outside the map's folder; referenced files must be inside it")
    return problems


def _gid_problems(raw: dict[str, Any]) -> list[str]:
    """Tile ids are whole numbers (0..2^32-1, flip flags included): a tileset's `firstgid` and each cell of a tile
    layer's `data` written as a JSON array (a string gid made the terrain reading fail with a TypeError)."""
    def gid(value: Any) -> bool:
        return type(value) is int and 0 <= value < 2**32

    problems = [f"tilesets[{i}].firstgid: expected a whole number, got {reprlib.repr(t.get('firstgid'))}"
                for i, t in enumerate(raw.get("tilesets") or []) if isinstance(t, dict) and not gid(t.get("firstgid"))]
    for i, layer in enumerate(raw.get("layers") or []):
        data = layer.get("data") if isinstance(layer, dict) else None
        if isinstance(data, list) and (bad := next((j for j, v in enumerate(data) if not gid(v)), None)) is not None:
            problems.append(f"layers[{i}].data[{bad}]: expected a tile id (a whole number), got "
                            f"{reprlib.repr(data[bad])}")
        objects = layer.get("objects") if isinstance(layer, dict) else None
        for j, thing in enumerate(objects if isinstance(objects, list) else []):
            if (problem := _object_problem(thing)) is not None:
                problems.append(f"layers[{i}].objects[{j}].{problem}")
                break
    return problems


def _object_problem(thing: Any) -> str | None:
    """An object's position, size and outline are numbers and its name is text ("field: what"), or None."""
    def number(value: Any) -> bool:
        return type(value) in (int, float) and abs(value) < 1e12

    if not isinstance(thing, dict):
        return None  # pytiled_parser names what is wrong
    for key in ("x", "y", "width", "height", "rotation"):
        if key in thing and not number(thing[key]):
            return f"{key}: expected a number, got {reprlib.repr(thing[key])}"
    if "name" in thing and not isinstance(thing["name"], str):
        return f"name: expected text, got {reprlib.repr(thing['name'])}"
    for key in ("polygon", "polyline"):
        points = thing.get(key, [])
        if not isinstance(points, list) or not all(
                isinstance(p, dict) and number(p.get("x")) and number(p.get("y")) for p in points):
            return f"{key}: expected points with numbers x and y"
    return None


def _references(raw: dict[str, Any]) -> list[tuple[str, Any]]:
    """Every external tileset (`tilesets[i].source`) and object template (`template`) the map names."""
    found: list[tuple[str, Any]] = []
    for index, tileset in enumerate(raw.get("tilesets") or []):
        if isinstance(tileset, dict) and "source" in tileset:
            found.append((f"tilesets[{index}].source", tileset["source"]))
    stack: list[tuple[str, Any]] = [("layers", raw.get("layers"))]
    while stack:
        key, node = stack.pop()
        if isinstance(node, list):
            stack.extend((f"{key}[{i}]", item) for i, item in enumerate(node))
        elif isinstance(node, dict):
            if "template" in node:
                found.append((f"{key}.template", node["template"]))
            stack.extend((f"{key}.{k}", v) for k, v in node.items() if k in ("layers", "objects"))
    return found


def _rectangles(cells: Iterable[int], width: int, merge: bool = True) -> list[tuple[int, int, int, int]]:
    """Cover a set of cells with disjoint rectangles (x, y, w, h): row runs merged downwards (when `merge`)."""
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
            rect = open_rects.pop(run, None) if merge else None
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


HEX_TILE = (28, 32, 16)  # pointy-top hex in Tiled: tile width, tile height, side length (width ~ sqrt(3) * side)
HEX_TILE_COLUMNS = (32, 28, 16)  # flat-top hex (Tiled staggeraxis "x"): tile width, tile height, side length


def _zone_objects(data: MapData) -> list[dict[str, Any]]:
    """Start-zone rectangles: merged cell blocks on squares; one thin rectangle per row run on hexes."""
    objects: list[dict[str, Any]] = []
    hexes = data.topology.get("kind") == HEX
    for players, seats in sorted(data.start_zones.items()):
        for seat, zone in sorted(seats.items()):
            if hexes and data.topology.get("stagger_axis", "y") == "x":  # runs down each column (transposed)
                columns = {(c % data.width) * data.height + c // data.width for c in zone}
                boxes = [_hex_column_box(data, x, y, run)
                         for y, x, run, _ in _rectangles(columns, data.height, merge=False)]
            elif hexes:
                boxes = [_hex_run_box(data, x, y, w) for x, y, w, _ in _rectangles(zone, data.width, merge=False)]
            else:
                boxes = [(x * TILE_SIZE, y * TILE_SIZE, w * TILE_SIZE, h * TILE_SIZE)
                         for x, y, w, h in _rectangles(zone, data.width)]
            for x, y, w, h in boxes:
                objects.append({
                    "height": h, "id": len(objects) + 1, "name": f"start {players}p seat {seat}",
                    "properties": [_prop("players", players), _prop("seat", seat)],
                    "rotation": 0, "type": "", "visible": True, "width": w, "x": x, "y": y,
                })
    return objects


def _hex_run_box(data: MapData, x: int, y: int, run: int) -> tuple[float, float, float, float]:
    """A rectangle holding the centres of cells x..x+run-1 of row y and no other cell's centre."""
    tw, th, side = HEX_TILE
    odd = 1 if data.topology.get("stagger_index", "odd") == "odd" else 0
    left = x * tw + (tw / 2 if y % 2 == odd else 0.0) + tw / 4
    top = y * (th + side) / 2 + th / 4
    return left, top, run * tw - tw / 2, th / 2


def _hex_column_box(data: MapData, x: int, y: int, run: int) -> tuple[float, float, float, float]:
    """A rectangle holding the centres of cells y..y+run-1 of column x (column-staggered hexes) and no other's."""
    tw, th, side = HEX_TILE_COLUMNS
    odd = 1 if data.topology.get("stagger_index", "odd") == "odd" else 0
    left = x * (tw + side) / 2 + tw / 4
    top = y * th + (th / 2 if x % 2 == odd else 0.0) + th / 4
    return left, top, tw / 2, run * th - th / 2


def write_map(data: MapData, path: str | Path) -> None:
    """Write `data` as a Tiled 1.10 JSON map with an embedded image-collection terrain tileset."""
    path = Path(path)
    if data.topology.get("kind") == REGIONS:
        everywhere = all(len(zone) == len(data.terrain) for seats in data.start_zones.values() for zone in seats.values())
        regions_doc = region_map_document(data.name, data.topology, list(data.terrain),
                                          (min(data.players()), max(data.players())),
                                          zones=None if everywhere else data.start_zones)
        path.write_text(json.dumps(regions_doc, indent=1) + "\n", encoding="utf-8")
        return
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
    objects = _zone_objects(data)
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
    kind = data.topology.get("kind", SQUARE4)
    if kind == HEX:
        tile = HEX_TILE_COLUMNS if data.topology.get("stagger_axis", "y") == "x" else HEX_TILE
        doc.update(orientation="hexagonal", tilewidth=tile[0], tileheight=tile[1], hexsidelength=tile[2],
                   staggeraxis=data.topology.get("stagger_axis", "y"),
                   staggerindex=data.topology.get("stagger_index", "odd"))
    elif kind == SQUARE8:
        doc["properties"].append(_prop("topology", SQUARE8))
    text = json.dumps(doc, indent=1).replace('"@DATA@"', grid)
    path.write_text(text + "\n", encoding="utf-8")
