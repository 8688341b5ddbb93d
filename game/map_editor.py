"""The map editor's document (E8): terrain and start zones, brushes, fill, rectangle, mirror and rotate, bounded
undo and redo, the live check of problems per territory, and saving a Tiled map the loader accepts.

Pure: no arcade. The editor view (`game.ui.views.map_editor`) only turns clicks into these calls.
"""

from __future__ import annotations

import math
import re
from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

from game.maps import MapData, is_land, load_map, map_files, map_size_problem, write_map
from systems.board import HEX, REGIONS, SQUARE4, SQUARE8, Board, make_board

MIN_SIDE, MAX_SIDE = 8, 256  # E8.1
UNDO_STEPS = 100  # E8.2
PLAYER_COUNTS = (2, 3, 4)  # R1.2
MIN_ZONE_LAND = 3  # E8.4: a zone under 3 land territories is an error
BRUSH_SIZES = (1, 3, 5)  # E8.2: 1, 3x3, 5x5 (on hexes: the cell, then every hex within 1 or 2 steps)
TRANSFORMS = ("mirror_lr", "mirror_tb", "rotate_180", "rotate_90")
SHAPES = (SQUARE4, SQUARE8, HEX)  # the grid shapes a new map can have; region maps are made in Tiled
MAPS_ENV = "FOC_MAPS_DIR"

Zones = dict[int, dict[int, set[int]]]  # players -> seat (1-based) -> territories


class EditError(ValueError):
    """An edit the document refuses (the message says why, in the player's words)."""


@dataclass(frozen=True)
class Problem:
    """One line of the live check (E8.4): errors block a playable save, warnings are only shown."""

    severity: str  # "error" or "warning"
    text: str
    cells: tuple[int, ...] = ()  # the territories it is about (the view jumps there)
    players: int | None = None


@dataclass
class _Step:
    """One undoable edit: the terrain cells it changed (before, after) and the zones and counts around it."""

    before: dict[int, str] = field(default_factory=dict)
    after: dict[int, str] = field(default_factory=dict)
    zones: tuple[Zones, Zones] | None = None
    counts: tuple[frozenset[int], frozenset[int]] | None = None


def user_maps_folder() -> Path:
    """Where the editor saves: $FOC_MAPS_DIR when set (tests), else the user's data folder's `maps`."""
    import os

    import platformdirs

    from game.content.discover import APP_NAME

    found = os.environ.get(MAPS_ENV)
    return Path(found) if found else Path(platformdirs.user_data_dir(APP_NAME)) / "maps"


def user_maps() -> list[Path]:
    """The maps saved in the user's map folder, by file name."""
    folder = user_maps_folder()
    return map_files(folder)


def file_stem(name: str) -> str:
    """A safe file name for a map name ("My Map!" -> "my_map")."""
    stem = re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_")
    return stem[:60] or "map"


def _copy(zones: Zones) -> Zones:
    return {n: {s: set(cells) for s, cells in seats.items()} for n, seats in zones.items()}


class MapDocument:
    """A map being edited: `terrain` (row-major ids), `zones` and the ticked player `counts` (E8.3)."""

    def __init__(self, name: str, width: int, height: int, terrain: Iterable[str], zones: Zones | None = None,
                 topology: dict[str, Any] | None = None, counts: Iterable[int] | None = None,
                 terrain_ids: Iterable[str] = (), source: str = "", ruleset: str = "base",
                 mods: Iterable[str] = ()) -> None:
        self.name = name
        self.width = width
        self.height = height
        self.topology = dict(topology or {})
        self.terrain = list(terrain)
        self.zones: Zones = _copy(zones or {})
        self.counts: set[int] = set(counts if counts is not None else self.zones)
        self.terrain_ids = tuple(terrain_ids) or tuple(dict.fromkeys(self.terrain))
        self.source = source
        self.ruleset = ruleset  # the rules whose terrain data the fairness figures read (E8.4)
        self.mods = tuple(mods)
        self.board: Board = make_board(width, height, self.topology)
        self._undo: deque[_Step] = deque(maxlen=UNDO_STEPS)
        self._redo: list[_Step] = []
        self.revision = 0  # bumps on every change (the view redraws and re-checks on it)
        self._checked: tuple[int, list[Problem]] | None = None
        self._stroke: _Step | None = None

    # ----- making and opening
    @classmethod
    def new(cls, name: str, width: int, height: int, fill: str, shape: str = SQUARE4,
            terrain_ids: Iterable[str] = (), max_territories: int | None = None, ruleset: str = "base",
            mods: Iterable[str] = ()) -> MapDocument:
        """A blank map of one terrain (E8.1); sides are 8..256."""
        for side, label in ((width, "width"), (height, "height")):
            if not MIN_SIDE <= side <= MAX_SIDE:
                raise EditError(f"the {label} must be {MIN_SIDE} to {MAX_SIDE}, not {side}")
        if max_territories is not None and (problem := map_size_problem(max_territories, width, height)):
            raise EditError(problem)
        ids = tuple(terrain_ids) or (fill,)
        if fill not in ids:
            raise EditError(f"unknown terrain {fill!r}")
        if shape not in SHAPES:
            raise EditError(f"a new map is {', '.join(SHAPES)}, not {shape!r}")
        topology: dict[str, Any] = {}
        if shape == SQUARE8:
            topology = {"kind": SQUARE8}
        elif shape == HEX:
            topology = {"kind": HEX, "stagger_axis": "y", "stagger_index": "odd"}
        return cls(name.strip() or "New map", width, height, [fill] * (width * height), {}, topology, (),
                   ids, "", ruleset, mods)

    @classmethod
    def from_map(cls, data: MapData, terrain_ids: Iterable[str] = (), ruleset: str = "base",
                 mods: Iterable[str] = ()) -> MapDocument:
        zones = {n: {s: set(c) for s, c in seats.items()} for n, seats in data.start_zones.items()}
        ids = tuple(terrain_ids) or tuple(dict.fromkeys(data.terrain))
        return cls(data.name, data.width, data.height, data.terrain, zones, data.topology, data.start_zones, ids,
                   data.source, ruleset, mods)

    @classmethod
    def open(cls, path: str | Path, terrain_ids: Iterable[str], ruleset: str = "base",
             mods: Iterable[str] = ()) -> MapDocument:
        """Open a shipped or saved map (raises `game.maps.MapError` naming the file and field)."""
        ids = tuple(terrain_ids)
        return cls.from_map(load_map(path, ids), ids, ruleset, mods)

    # ----- what can be edited
    @property
    def kind(self) -> str:
        return str(self.topology.get("kind", SQUARE4))

    @property
    def editable(self) -> bool:
        """Grids (square-4, square-8, hex) are edited here; region maps are shown only."""
        return self.kind != REGIONS

    def why_not_editable(self) -> str:
        if self.kind == REGIONS:
            return ("A region map: shown here, not edited; its regions, links and clusters are edited in Tiled "
                    "(docs/map-editor.md).")
        return ""

    def _need_editable(self) -> None:
        if not self.editable:
            raise EditError(self.why_not_editable())

    # ----- geometry
    def coords(self, cell: int) -> tuple[int, int]:
        return cell % self.width, cell // self.width

    def brush(self, centre: int, size: int) -> list[int]:
        """The cells a brush of `size` (1, 3 or 5) covers around `centre` (E8.2)."""
        if size not in BRUSH_SIZES:
            raise EditError(f"brushes are {', '.join(map(str, BRUSH_SIZES))}, not {size}")
        radius = size // 2
        if self.kind == HEX:
            return sorted(self.board.within(centre, radius))
        cx, cy = self.coords(centre)
        return [y * self.width + x for y in range(max(0, cy - radius), min(self.height, cy + radius + 1))
                for x in range(max(0, cx - radius), min(self.width, cx + radius + 1))]

    def rectangle_cells(self, a: int, b: int) -> list[int]:
        """Every cell whose column and row lie between those of `a` and `b` (the rectangle tool, selections)."""
        (ax, ay), (bx, by) = self.coords(a), self.coords(b)
        return [y * self.width + x for y in range(min(ay, by), max(ay, by) + 1)
                for x in range(min(ax, bx), max(ax, bx) + 1)]

    def _centre(self, cell: int) -> tuple[float, float]:
        """The cell's centre in tile units, y down (squares: the grid; hexes: as Tiled staggers them)."""
        x, y = self.coords(cell)
        if self.kind != HEX:
            return x + 0.5, y + 0.5
        odd = 1 if self.topology.get("stagger_index", "odd") == "odd" else 0
        step = math.sqrt(3) / 2
        if self.topology.get("stagger_axis", "y") == "y":
            return x + 0.5 + (0.5 if y % 2 == odd else 0.0), 0.5 + y * step
        return 0.5 + x * step, y + 0.5 + (0.5 if x % 2 == odd else 0.0)

    @cached_property
    def centres(self) -> list[tuple[float, float]]:
        """Every cell's centre (the map's size never changes while it is edited)."""
        return [self._centre(c) for c in range(self.width * self.height)]

    def _nearest(self, px: float, py: float) -> int | None:
        """The cell whose centre is nearest a point (None when no centre lies within half a cell of it)."""
        if self.kind != HEX:
            x, y = math.floor(px), math.floor(py)
            return y * self.width + x if 0 <= x < self.width and 0 <= y < self.height else None
        step = math.sqrt(3) / 2
        row_axis = self.topology.get("stagger_axis", "y") == "y"
        col, row = (round(px - 0.75), round((py - 0.5) / step)) if row_axis else \
            (round((px - 0.5) / step), round(py - 0.75))
        best: tuple[float, int] | None = None
        rows = range(row, row + 1) if row_axis else range(row - 1, row + 2)  # the staggered axis is exact
        cols = range(col - 1, col + 2) if row_axis else range(col, col + 1)
        for y in rows:
            for x in cols:
                if 0 <= x < self.width and 0 <= y < self.height:
                    cell = y * self.width + x
                    cx, cy = self.centres[cell]
                    d = (cx - px) ** 2 + (cy - py) ** 2
                    if best is None or d < best[0]:
                        best = (d, cell)
        return best[1] if best is not None and best[0] <= 0.5 else None

    def image(self, kind: str, cells: Iterable[int]) -> dict[int, int]:
        """Where each cell goes under a mirror or rotation about the map's middle: source -> destination.

        Squares map exactly; on hexes a left-right mirror shifts alternate rows by half a hex to the nearest cell
        (a hex grid has no exact mirror there), and a quarter turn is refused (hexes turn by 180 degrees).
        """
        if kind not in TRANSFORMS:
            raise EditError(f"unknown transform {kind!r}")
        if kind == "rotate_90" and self.kind == HEX:
            raise EditError("hex maps turn by half a turn (180°), not a quarter turn")
        centres = self.centres
        mx = (min(x for x, _ in centres) + max(x for x, _ in centres)) / 2
        my = (min(y for _, y in centres) + max(y for _, y in centres)) / 2
        out: dict[int, int] = {}
        for cell in cells:
            x, y = centres[cell]
            if kind == "mirror_lr":
                px, py = 2 * mx - x, y
            elif kind == "mirror_tb":
                px, py = x, 2 * my - y
            elif kind == "rotate_180":
                px, py = 2 * mx - x, 2 * my - y
            else:  # a quarter turn clockwise on screen (y down)
                px, py = mx - (y - my), my + (x - mx)
            target = self._nearest(px, py)
            if target is None:
                raise EditError("the turned copy would not fit on the map (a quarter turn needs a square map, "
                                "or a selection that fits when turned)")
            out[cell] = target
        return out

    # ----- edits (each is one undo step; a stroke of the mouse is one step too)
    def begin_stroke(self) -> None:
        """Gather the edits until `end_stroke` into one undo step (a drag of the brush)."""
        if self._stroke is None:
            self._stroke = _Step()

    def end_stroke(self) -> None:
        stroke, self._stroke = self._stroke, None
        if stroke is not None:
            self._commit(stroke)

    def _commit(self, step: _Step) -> bool:
        if not step.after and step.zones is None and step.counts is None:
            return False
        if self._stroke is not None and step is not self._stroke:
            merged = self._stroke
            for cell, old in step.before.items():
                merged.before.setdefault(cell, old)
            merged.after.update(step.after)
            if step.zones is not None:
                merged.zones = (merged.zones[0] if merged.zones else step.zones[0], step.zones[1])
            if step.counts is not None:
                merged.counts = (merged.counts[0] if merged.counts else step.counts[0], step.counts[1])
            self.revision += 1
            return True
        self._undo.append(step)
        self._redo.clear()
        self.revision += 1
        return True

    def _terrain_step(self, changes: dict[int, str]) -> _Step:
        step = _Step()
        for cell, terrain in changes.items():
            if self.terrain[cell] != terrain:
                step.before[cell] = self.terrain[cell]
                step.after[cell] = terrain
                self.terrain[cell] = terrain
        return step

    def _check_terrain(self, terrain: str) -> None:
        if terrain not in self.terrain_ids:
            raise EditError(f"unknown terrain {terrain!r} (known: {', '.join(self.terrain_ids)})")

    def paint(self, cells: Iterable[int], terrain: str) -> list[int]:
        """Paint cells one terrain; returns the cells that changed."""
        self._need_editable()
        self._check_terrain(terrain)
        step = self._terrain_step(dict.fromkeys(cells, terrain))
        self._commit(step)
        return sorted(step.after)

    def paint_brush(self, centre: int, size: int, terrain: str) -> list[int]:
        return self.paint(self.brush(centre, size), terrain)

    def fill(self, start: int, terrain: str) -> list[int]:
        """Flood fill: every cell joined to `start` through neighbours of its terrain becomes `terrain`."""
        self._need_editable()
        self._check_terrain(terrain)
        old = self.terrain[start]
        if old == terrain:
            return []
        seen, stack = {start}, [start]
        while stack:
            cell = stack.pop()
            for n in self.board.neighbours(cell):
                if n not in seen and self.terrain[n] == old:
                    seen.add(n)
                    stack.append(n)
        return self.paint(seen, terrain)

    def rectangle(self, a: int, b: int, terrain: str) -> list[int]:
        return self.paint(self.rectangle_cells(a, b), terrain)

    def transform(self, kind: str, selection: Iterable[int] | None = None) -> list[int]:
        """Mirror or rotate (E8.2). The whole map (no selection): terrain and start zones flip or turn. A selection:
        its mirrored or turned copy is stamped across the map's middle, so half a map painted becomes a symmetric
        map; the selection itself and the zones stay."""
        self._need_editable()
        whole = selection is None
        cells = list(range(len(self.terrain))) if whole else sorted(set(selection or ()))
        mapping = self.image(kind, cells)
        source = list(self.terrain)
        changes = {dst: source[src] for src, dst in mapping.items()}
        before_zones = _copy(self.zones)
        step = self._terrain_step(changes)
        if whole:
            self.zones = {n: {s: {mapping[c] for c in zone} for s, zone in seats.items()}
                          for n, seats in self.zones.items()}
            if self.zones != before_zones:
                step.zones = (before_zones, _copy(self.zones))
        self._commit(step)
        return sorted(step.after)

    def set_zone(self, players: int, seat: int, cells: Iterable[int], on: bool = True) -> bool:
        """Add cells to (or with `on` False, take them from) a seat's start zone for `players` players (E8.3)."""
        self._need_editable()
        if players not in PLAYER_COUNTS or not 1 <= seat <= players:
            raise EditError(f"seat {seat} of {players} players is not a seat")
        before = _copy(self.zones)
        zone = self.zones.setdefault(players, {}).setdefault(seat, set())
        (zone.update if on else zone.difference_update)(cells)
        if not zone:
            del self.zones[players][seat]
        if not self.zones[players]:
            del self.zones[players]
        if self.zones == before:
            return False
        return self._commit(_Step(zones=(before, _copy(self.zones))))

    def tick(self, players: int, on: bool) -> bool:
        """Offer (or stop offering) the map for this many players (E8.3)."""
        self._need_editable()
        if players not in PLAYER_COUNTS:
            raise EditError(f"maps are for {', '.join(map(str, PLAYER_COUNTS))} players, not {players}")
        before = frozenset(self.counts)
        (self.counts.add if on else self.counts.discard)(players)
        if frozenset(self.counts) == before:
            return False
        return self._commit(_Step(counts=(before, frozenset(self.counts))))

    def rename(self, name: str) -> None:
        self.name = name.strip()[:48] or self.name
        self.revision += 1

    # ----- undo and redo
    @property
    def can_undo(self) -> bool:
        return bool(self._undo)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    def undo(self) -> list[int]:
        """Take back the last edit (up to UNDO_STEPS); returns the terrain cells that changed."""
        if not self._undo:
            return []
        step = self._undo.pop()
        self._apply(step, back=True)
        self._redo.append(step)
        return sorted(step.before)

    def redo(self) -> list[int]:
        if not self._redo:
            return []
        step = self._redo.pop()
        self._apply(step, back=False)
        self._undo.append(step)
        return sorted(step.after)

    def _apply(self, step: _Step, back: bool) -> None:
        for cell, terrain in (step.before if back else step.after).items():
            self.terrain[cell] = terrain
        if step.zones is not None:
            self.zones = _copy(step.zones[0 if back else 1])
        if step.counts is not None:
            self.counts = set(step.counts[0 if back else 1])
        self.revision += 1

    # ----- the live check (E8.4)
    def where(self, cells: Iterable[int]) -> str:
        """A place in words: the column and row of the cells' middle."""
        found = sorted(cells)
        if not found:
            return ""
        xs = [c % self.width for c in found]
        ys = [c // self.width for c in found]
        return f"at column {sorted(xs)[len(xs) // 2] + 1}, row {sorted(ys)[len(ys) // 2] + 1}"

    def problems(self) -> list[Problem]:
        """Errors (block a playable save) then warnings, each naming its territories; cached per revision."""
        if self._checked is not None and self._checked[0] == self.revision:
            return self._checked[1]
        found = self._find_problems()
        found.sort(key=lambda p: (p.severity != "error", p.players or 0))
        self._checked = (self.revision, found)
        return found

    def _find_problems(self) -> list[Problem]:
        if not self.editable:
            return []
        out: list[Problem] = []
        if not self.counts:
            out.append(Problem("error", "Tick at least one player count (2, 3 or 4) and paint its start zones."))
        for n in sorted(self.counts):
            seats = self.zones.get(n, {})
            complete = True
            for seat in range(1, n + 1):
                zone = seats.get(seat, set())
                if not zone:
                    out.append(Problem("error", f"{n} players: seat {seat} has no start zone.", (), n))
                    complete = False
                    continue
                land = [c for c in zone if is_land(self.terrain[c])]
                if len(land) < MIN_ZONE_LAND:
                    out.append(Problem("error", f"{n} players: seat {seat}'s zone has {len(land)} land "
                                       f"territor{'y' if len(land) == 1 else 'ies'} (at least {MIN_ZONE_LAND}) "
                                       f"{self.where(zone)}.", tuple(sorted(zone)), n))
                    complete = False
            for seat, zone in sorted(seats.items()):
                for other, zone2 in sorted(seats.items()):
                    if other > seat and zone & zone2:
                        out.append(Problem("error", f"{n} players: the zones of seats {seat} and {other} overlap "
                                           f"{self.where(zone & zone2)}.", tuple(sorted(zone & zone2)), n))
                        complete = False
            if complete:
                out += self._warnings(n)
        return out

    def _warnings(self, players: int) -> list[Problem]:
        """Zones not linked over land, and the generator's fairness measure above its bound (E8.4)."""
        from game.mapgen import MAX_RATIO, REACH

        out: list[Problem] = []
        seats = self.zones[players]
        land_from_first = self._land_reach(seats[1])
        for seat in range(2, players + 1):
            if not seats[seat] & land_from_first:
                out.append(Problem("warning", f"{players} players: seat {seat}'s zone is not linked to seat 1's "
                                   f"over land {self.where(seats[seat])}.", tuple(sorted(seats[seat])), players))
        figures = self.fairness_figures(players)
        low, high = min(figures.values()), max(figures.values())
        ratio = high / low if low > 0 else math.inf
        if ratio > MAX_RATIO:
            weakest = min(figures, key=lambda s: figures[s])
            shown = "∞" if math.isinf(ratio) else f"{ratio:.2f}"
            out.append(Problem("warning", f"{players} players: unfair starts, production within {REACH} steps "
                               f"ranges {low:.0f}-{high:.0f} ({shown}× > {MAX_RATIO}); seat {weakest} is weakest "
                               f"{self.where(seats[weakest])}.", tuple(sorted(seats[weakest])), players))
        return out

    def _land_reach(self, start: Iterable[int]) -> set[int]:
        seen = {c for c in start if is_land(self.terrain[c])}
        stack = list(seen)
        while stack:
            cell = stack.pop()
            for n in self.board.neighbours(cell):
                if n not in seen and is_land(self.terrain[n]):
                    seen.add(n)
                    stack.append(n)
        return seen

    def fairness_figures(self, players: int) -> dict[int, float]:
        """Per seat: the map generator's measure, expected R2.2 production within REACH steps of its zone, with
        the production of the document's ruleset and mods (a mod's terrain produces what its data says)."""
        from game.mapgen import expected_production, zone_production

        production = expected_production(self.ruleset, self.mods)
        data = self.to_map_data(only_ticked=False)
        seats = data.start_zones.get(players, {})
        return {seat: sum(zone_production(data, players, seat, production=production).values())
                for seat in sorted(seats)}

    def errors(self) -> list[Problem]:
        return [p for p in self.problems() if p.severity == "error"]

    # ----- saving (E8.5)
    def to_map_data(self, only_ticked: bool = True, source: str = "") -> MapData:
        counts = sorted(self.counts) if only_ticked else sorted(self.zones)
        zones = {n: {s: tuple(sorted(z)) for s, z in sorted(self.zones.get(n, {}).items()) if z} for n in counts}
        zones = {n: seats for n, seats in zones.items() if seats}
        return MapData(self.name, self.width, self.height, tuple(self.terrain), zones, source or self.source,
                       dict(self.topology))

    def save_path(self, folder: Path) -> Path:
        """`<name>.tmj` in `folder`: this map's own file again, else a name no other map there has (`_2`, ...)."""
        stem = file_stem(self.name)
        for n in range(1, 1000):
            path = folder / (f"{stem}.tmj" if n == 1 else f"{stem}_{n}.tmj")
            if not path.exists() or Path(self.source).resolve() == path.resolve():
                return path
        raise EditError(f"too many maps called {stem} in {folder}")

    def save(self, folder: Path | None = None) -> Path:
        """Write `<folder>/<name>.tmj` (the user's map folder by default) and read it back with the loader.

        Refused while the check lists errors; the file is written whole or not at all, and never over another
        map of the same name (that one is kept: this one gets `_2`, `_3`, ...).
        """
        self._need_editable()
        if errors := self.errors():
            raise EditError(f"cannot save a playable map yet: {errors[0].text}")
        folder = folder or user_maps_folder()
        folder.mkdir(parents=True, exist_ok=True)
        path = self.save_path(folder)
        temporary = path.with_suffix(".tmj.part")
        try:
            write_map(self.to_map_data(), temporary)
            load_map(temporary, self.terrain_ids)  # the loader's own verdict before the file is replaced
        except Exception as exc:  # a map the loader refuses is never left in the folder
            temporary.unlink(missing_ok=True)
            raise EditError(f"the saved map did not load back: {str(exc).splitlines()[0]}") from None
        temporary.replace(path)
        self.source = str(path)
        return path
