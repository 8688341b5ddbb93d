"""Saves: a versioned, gzip-compressed JSON snapshot of the whole game, written atomically, loaded strictly.

A save holds the complete state (every entity's components with their ids, the clock, the random
generator's state, the next entity id), the board it is played on (so a save never depends on a map file),
the active ruleset with its mods and their versions, the seed and the command history (so a replay can be
made from any save). Format v4 puts a small header first (its own gzip member: game id, ruleset id, mods,
a summary with a map thumbnail, the checksum), so saves are listed without reading the rest.

Loading is bounded (file size, decompressed size, nesting), checks the checksum and the format version
(newer: refused; older: migrated step by step), validates every field with pydantic in strict mode, checks
references between entities and the history's shape, builds a new esper world and then requires the rules'
invariants (`game.invariants`, the checker the property tests run after every command) and the header to
hold. Any problem is a DataError naming the file and the field. No pickle; nothing is executed.

A save may also carry the client's end-game statistics (`stats`, a `game.stats.StatsTracker` as data), so
the victory charts cover the whole game after a load; they are not game state (no part of the state hash).

Mods: a save records the ruleset's mods and their versions. Loading checks that the same mods are installed
at the same versions (`game.content.discover.check_mods_available`) and registers their plugins
(`game.content.app_for`) before any entity is decoded, so plugin components, commands in the history
and plugin systems work in the loaded game.

Format history: v1 named the mods by id only, called the entity counter `next_id` and had no checksum; v2
names the mods with their versions, embeds the ruleset, and calls the counter `next_entity`; v3 adds
`stats`; v4 (current) adds the header and stores the board's territories column-wise, without a state
digest (docs/ai-saves-replays.md).
"""

from __future__ import annotations

import contextlib
import gzip
import hashlib
import json
import os
import re
import reprlib
import tempfile
import zlib
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

import esper
import platformdirs
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from components.armies import Army, ArmyUnit, Battle
from components.board import Ownership, Territory
from components.players import Player
from components.rules import Ruleset
from components.seats import ENGINE_COMMANDS, SeatOrders
from components.structures import Catapult, Structure
from game.codec import CodecError, command_from_data, command_to_data, component_from_data
from game.content.manifest import DEFAULT_RULESET, MOD_ID_PATTERN
from game.engine import Game, packed_history
from game.errors import DataError
from game.flow import ALL, SEAT, Flow
from game.invariants import invariant_problems
from game.setup import fresh_world_name
from game.snapshot import component_data, plain, rng_state
from systems import actions
from systems.board import make_board
from systems.world import DRAW, OVER, Clock, World

if TYPE_CHECKING:
    from game.app import App
    from game.stats import StatsTracker

APP_NAME = "forces-of-conquest"
SAVE_FORMAT = "forces-of-conquest-save"
SAVE_VERSION = 4
SAVE_SUFFIX = ".foc.json.gz"
AUTOSAVE_KEEP = 5
# v4 files are two gzip members: this small header first (listed without reading the rest), then the body
HEADER_KEYS = ("format", "version", "game_version", "saved_at", "game_id", "ruleset_id", "mods", "summary",
               "checksum")
MAX_FILE_BYTES = 32 * 1024 * 1024  # compressed; the largest board's save is a few MB
MAX_JSON_BYTES = 16 * 1024 * 1024  # decompressed (a 16,384-territory game: 0.35 MB after 1,760 commands)
MAX_JSON_VALUES = 400_000  # JSON values (that game: 43,000; a command ~8): parsed objects stay < 100 MB
MAX_HEADER_BYTES = 1024 * 1024
INFLATE_PIECE = 1024 * 1024  # decompressed a megabyte at a time
THUMB_CELLS = 64  # the header's map thumbnail is at most 64 x 64 cells
STALE_TEMP_SECONDS = 600  # temporary files of a save killed midway are removed after this long


def game_version() -> str:
    try:
        from importlib.metadata import version

        return version("forces-of-conquest")
    except Exception:  # pragma: no cover - not installed
        return "0+unknown"


def saves_dir() -> Path:
    """The user's save folder (platformdirs data folder of the app)."""
    return Path(platformdirs.user_data_dir(APP_NAME)) / "saves"


# --- the format (v3), as pydantic models -------------------------------------------------------------


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class ModRef(_Strict):
    id: str
    version: str


class BoardData(_Strict):
    """The board a game is played on, stored in full so that a save does not need the map file."""

    name: str
    kind: Literal["grid"] = "grid"
    width: int = Field(ge=1, le=1_048_576)
    height: int = Field(ge=1, le=1_048_576)
    terrain: list[str]
    start_zones: dict[str, list[int]]  # seat (as a JSON key) -> territories
    topology: dict[str, Any] = Field(default_factory=dict)  # systems.board Board.spec(); {} = square-4 (older saves)


class PlayerData(_Strict):
    name: str
    computer: bool = False
    difficulty: str = "normal"


class ClockData(_Strict):
    round: int = Field(ge=0)
    seat: int
    stage: str
    winner: int | None = None


class StateData(_Strict):
    clock: ClockData
    seats: list[int]
    rng: list[Any]
    next_entity: int = Field(ge=1)
    entities: dict[str, dict[str, dict[str, Any]]]
    hash: str


class StatsRowData(_Strict):
    """One player's numbers in one round (game.stats.RoundStats)."""

    territories: int = Field(ge=0)
    army_units: int = Field(ge=0)
    battles_won: int = Field(ge=0)
    production: dict[str, int] = Field(default_factory=dict)
    values: dict[str, float] = Field(default_factory=dict)  # a ruleset's other declared statistics


class StatsData(_Strict):
    """The client's end-game statistics (`StatsTracker.to_dict()`); every field empty when none were kept."""

    seats: list[int] = Field(default_factory=list)
    names: dict[str, str] = Field(default_factory=dict)
    resources: list[str] = Field(default_factory=list)
    charts: list[list[str]] | None = None  # [key, title] of the declared statistics; None: an older save
    battles: bool | None = None  # battles won charted; None: an older save (the base game's, so yes)
    battles_total: dict[str, int] = Field(default_factory=dict)
    rounds: dict[str, dict[str, StatsRowData]] = Field(default_factory=dict)

    @property
    def empty(self) -> bool:
        return not (self.seats or self.names or self.rounds or self.battles_total)


class SaveV3(_Strict):
    format: Literal["forces-of-conquest-save"]
    version: Literal[3]
    game_version: str
    saved_at: str
    seed: int
    mods: list[ModRef]
    ruleset: dict[str, Any]
    board: BoardData
    state: StateData
    history: list[list[Any]]
    stats: StatsData
    checksum: str


class PlayerSummary(_Strict):
    seat: int
    name: str
    computer: bool
    difficulty: str
    defeated: bool


class ThumbnailData(_Strict):
    """The map at most THUMB_CELLS cells a side: `cells` are terrain (index into `terrain`) or -seat (owned)."""

    width: int = Field(ge=0, le=THUMB_CELLS)
    height: int = Field(ge=0, le=THUMB_CELLS)
    terrain: list[str]
    cells: list[int]
    points: list[list[float]] = Field(default_factory=list, max_length=65_536)  # a region map's drawing positions


def thumbnail_points(topology: dict[str, Any]) -> list[list[float]]:
    """Where a region map's regions are drawn (the saves list draws a dot each); [] for grids."""
    if topology.get("kind") != "regions":
        return []
    return [[float(r["x"]), float(r["y"])] for r in topology.get("regions", ())]


class SummaryData(_Strict):
    """What the saves list shows, kept in the header (checked against the game on load)."""

    round: int = Field(ge=0)
    seat: int
    stage: str
    winner: int | None
    map: str
    width: int = Field(ge=1)
    height: int = Field(ge=1)
    players: list[PlayerSummary]
    thumbnail: ThumbnailData


class SaveHeader(_Strict):
    """The first gzip member of a v4 save: read alone to list saves and to know the ruleset and mods."""

    format: Literal["forces-of-conquest-save"]
    version: Literal[4]
    game_version: str
    saved_at: str
    game_id: str = Field(pattern=r"^[A-Za-z0-9_-]{1,64}$")
    ruleset_id: str = Field(pattern=MOD_ID_PATTERN, max_length=64)
    mods: list[ModRef]
    summary: SummaryData
    checksum: str


class TerritoryColumns(_Strict):
    """The board's territory entities, column-wise (the bulk of a save): `ids` as [first entity, count] runs
    in territory index order, `owners` as [owner or null, count] runs; terrain is the board's."""

    ids: list[list[int]]
    owners: list[list[int | None]]


class StateV4(_Strict):
    clock: ClockData
    seats: list[int]
    rng: list[Any]
    next_entity: int = Field(ge=1)
    territories: TerritoryColumns
    entities: dict[str, dict[str, dict[str, Any]]]


class SaveV4(SaveHeader):
    seed: int
    ruleset: dict[str, Any]
    board: BoardData
    state: StateV4
    history: list[list[Any]]
    stats: StatsData


SaveData = SaveV4  # the current format's model


@dataclass
class SaveExtras:
    """What a save carries besides the game: the client's statistics (None when the save kept none)."""

    stats: StatsTracker | None = None
    saved_at: str = ""
    game_version: str = ""


# --- writing ----------------------------------------------------------------------------------------


def _entity_counter() -> int:
    """The id esper will give the next entity of the active world (esper 3 keeps an itertools.count)."""
    match = re.fullmatch(r"count\((\d+)\)", repr(esper._entity_count))
    if match is None:  # pragma: no cover - esper internals changed
        raise RuntimeError("cannot read esper's entity counter")
    return int(match.group(1))


def _set_entity_counter(value: int) -> None:
    import itertools

    esper._entity_count = itertools.count(value)


def canonical_hash(state: dict[str, Any]) -> str:
    """The same digest as `game.snapshot.state_hash`, computed over snapshot data."""
    canonical = json.dumps(state, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(canonical.encode()).hexdigest()


def board_data(world: World) -> dict[str, Any]:
    board = world.board
    width = getattr(board, "width", board.size)
    height = getattr(board, "height", 1)
    return {
        "name": world.map_name,
        "kind": "grid",
        "width": width,
        "height": height,
        "terrain": list(world.terrain),
        "start_zones": {str(seat): list(zone) for seat, zone in sorted(world.start_zones.items())},
        "topology": board.spec(),
    }


def ruleset_data(rules: Ruleset) -> dict[str, Any]:
    return rules.model_dump(mode="json", by_alias=True)


StatsSource = Any  # a StatsTracker (anything with `to_dict()`), its dict, a callable giving either, or None


def stats_data(stats: StatsSource) -> dict[str, Any]:
    """The `stats` block for a save: `{}` for none, else the tracker's data (validated like on load)."""
    if callable(stats) and not hasattr(stats, "to_dict"):
        stats = stats()
    if stats is None:
        return {}
    raw = stats.to_dict() if hasattr(stats, "to_dict") else stats
    if not isinstance(raw, dict):
        raise TypeError(f"stats: expected a StatsTracker or its dict, got {type(raw).__name__}")
    data = json.loads(json.dumps(raw))  # plain JSON types only (tuples become lists, keys strings)
    try:
        StatsData.model_validate(data)
    except ValidationError as exc:
        raise ValueError(f"stats: not a StatsTracker's data: {exc.errors()[0]['msg']}") from None
    return data  # type: ignore[no-any-return]


def save_data(game: Game, stats: StatsSource = None) -> dict[str, Any]:
    """The current format's data for a game (and the client's statistics); reading only."""
    world = game.world
    previous = esper.current_world
    try:
        world.activate()
        esper.clear_dead_entities()
        territories, entities = state_tables(world)
        next_entity = _entity_counter()
        summary = summary_data(world)
    finally:
        if previous in esper.list_worlds():
            esper.switch_world(previous)
    data = {
        "format": SAVE_FORMAT,
        "version": SAVE_VERSION,
        "game_version": game_version(),
        "saved_at": datetime.now(UTC).isoformat(timespec="seconds"),
        "game_id": game.game_id,
        "ruleset_id": world.rules.ruleset_id,
        "mods": [{"id": m.id, "version": m.version} for m in world.rules.mods],
        "summary": summary,
        "seed": world.seed,
        "ruleset": ruleset_data(world.rules),
        "board": board_data(world),
        "state": {"clock": plain(world.clock), "seats": list(world.seats), "rng": rng_state(world),
                  "next_entity": next_entity, "territories": territories, "entities": entities},
        "history": [[r, s, command_to_data(c)] for r, s, c in game.history],
        "stats": stats_data(stats),
    }
    data["checksum"] = checksum(data)
    return data


def _runs(values: Sequence[Any]) -> list[list[Any]]:
    """[value, count] runs of equal values (ids: [first, count] runs of consecutive ids when `step`)."""
    out: list[list[Any]] = []
    for value in values:
        if out and out[-1][0] == value:
            out[-1][1] += 1
        else:
            out.append([value, 1])
    return out


def _id_runs(ids: Sequence[int]) -> list[list[int]]:
    out: list[list[int]] = []
    for entity in ids:
        if out and out[-1][0] + out[-1][1] == entity:
            out[-1][1] += 1
        else:
            out.append([entity, 1])
    return out


def state_tables(world: World) -> tuple[dict[str, Any], dict[str, dict[str, dict[str, Any]]]]:
    """The state's entities for a save: the board's territories column-wise, every other component (and any
    territory that is not a plain Territory + Ownership pair) by entity id, as `snapshot` writes them."""
    size = len(world.terrain)
    tiles = list(world.tiles)
    columnar: dict[int, int] = {}  # entity -> territory index
    owners: list[int | None] = [None] * size
    if len(tiles) == size:
        for index, entity in enumerate(tiles):
            comps = esper._entities.get(entity)  # one dict lookup per territory instead of two queries
            if comps is None:
                continue
            territory, ownership = comps.get(Territory), comps.get(Ownership)
            if territory is None or ownership is None or territory.index != index \
                    or territory.terrain != world.terrain[index]:
                continue
            columnar[entity] = index
            owners[index] = ownership.owner
    if len(columnar) != size:
        columnar = {}
    table: dict[int, dict[str, dict[str, Any]]] = {}
    for name, cls in world.app.components.items():
        skip = columnar if cls in (Territory, Ownership) else {}
        found: list[tuple[int, Any]] = esper.get_component(cls)
        for entity, component in found:
            if entity not in skip:
                table.setdefault(entity, {})[name] = component_data(component)
    territories = {"ids": _id_runs(tiles) if columnar else [], "owners": _runs(owners) if columnar else []}
    return territories, {str(e): comps for e, comps in sorted(table.items())}


def summary_data(world: World, with_pieces: bool = True) -> dict[str, Any]:
    """The header's summary of the game: clock, players, board and a small thumbnail of the map (`with_pieces`
    False: as saves made before the thumbnail showed the ruleset's pieces)."""
    width = getattr(world.board, "width", len(world.terrain))
    height = getattr(world.board, "height", 1)
    step = max(1, -(-max(width, height) // THUMB_CELLS))
    legend: dict[str, int] = {}
    owner_of = {t: seat for seat, cells in world.owned.items() for t in cells}
    pieces = getattr(getattr(getattr(world, "app", None), "presentation", None), "pieces", None)
    if pieces is not None and with_pieces:  # where the ruleset's pieces stand, in their owners' colours (a board of one terrain
        # with no territory owned would otherwise be one flat colour)
        owner_of.update((piece.place, piece.owner) for piece in pieces(world) if piece.owner is not None)
    cells = []
    for y in range(0, height, step):
        for x in range(0, width, step):
            index = y * width + x
            seat = owner_of.get(index)
            cells.append(-seat if seat is not None else legend.setdefault(world.terrain[index], len(legend)))
    players = []
    for seat in world.seats:
        player = esper.component_for_entity(world.players[seat], Player)
        players.append({"seat": seat, "name": player.name, "computer": player.computer,
                        "difficulty": player.difficulty, "defeated": player.defeated})
    clock = world.clock
    return {
        "round": clock.round, "seat": clock.seat, "stage": clock.stage, "winner": clock.winner,
        "map": world.map_name, "width": width, "height": height, "players": players,
        "thumbnail": {"width": len(range(0, width, step)), "height": len(range(0, height, step)),
                      "terrain": list(legend), "cells": cells, "points": thumbnail_points(world.board.spec())},
    }


def checksum(data: dict[str, Any]) -> str:
    """SHA-256 over everything in the save but the checksum itself (damage anywhere is caught on load)."""
    body = {k: v for k, v in data.items() if k != "checksum"}
    return hashlib.sha256(json.dumps(body, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


def atomic_write(path: Path, payload: bytes) -> None:
    """Write via a temporary file in the same folder, fsync it, then rename over the target."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            os.fchmod(handle.fileno(), 0o666 & ~_umask())  # mkstemp makes 0600; saves get ordinary rights
            handle.write(payload)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise
    with contextlib.suppress(OSError):  # make the rename itself durable
        dir_fd = os.open(path.parent, os.O_RDONLY)
        try:
            os.fsync(dir_fd)
        finally:
            os.close(dir_fd)


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def encode(data: dict[str, Any]) -> bytes:
    """A save's bytes: for the current version two gzip members, the header (HEADER_KEYS) and the body; older
    versions (tests write them) one member. Decompressed as a whole, a v4 file is two lines of JSON."""
    # keys keep their order: the order of a ruleset's tables is part of the rules (production draws its
    # random numbers resource by resource, in the order the terrain lists them)
    if data.get("format") == SAVE_FORMAT and data.get("version") == SAVE_VERSION:
        header = {k: data[k] for k in HEADER_KEYS if k in data}
        body = {k: v for k, v in data.items() if k not in HEADER_KEYS}
        return (gzip.compress(json.dumps(header, separators=(",", ":")).encode("utf-8") + b"\n", 6, mtime=0)
                + gzip.compress(json.dumps(body, separators=(",", ":")).encode("utf-8"), 6, mtime=0))
    text = json.dumps(data, separators=(",", ":"))
    return gzip.compress(text.encode("utf-8"), compresslevel=6, mtime=0)


def save_game(game: Game, path: str | Path | None = None, stats: StatsSource = None) -> Path:
    """Save the game (any moment: mid-turn, mid-battle) to `path`, or a new file in the save folder.

    `stats`: the client's `StatsTracker` (or a callable returning it), kept in the save so that the
    end-game charts still cover the whole game after `load_game_with_extras`.
    """
    if path is None:
        stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
        path = saves_dir() / f"save-{stamp}-r{game.world.clock.round:04d}{SAVE_SUFFIX}"
    path = Path(path)
    with _gc_paused():
        payload = encode(save_data(game, stats))
    atomic_write(path, payload)
    remove_stale_temporaries(path.parent)
    return path


def remove_stale_temporaries(folder: Path, older_than: float = STALE_TEMP_SECONDS) -> list[Path]:
    """Delete temporary files that saves killed midway left in `folder` (atomic_write's `.NAME.*.tmp`),
    once they are `older_than` seconds old (a save still being written by another process is younger)."""
    import time

    removed = []
    now = time.time()
    with contextlib.suppress(OSError):
        for temp in folder.glob(f".*{SAVE_SUFFIX}.*.tmp"):
            with contextlib.suppress(OSError):
                if now - temp.stat().st_mtime >= older_than and temp.is_file():
                    temp.unlink()
                    removed.append(temp)
    return removed


@contextlib.contextmanager
def _gc_paused() -> Iterator[None]:
    """No cyclic garbage collection while tens of thousands of small containers are made (saves and loads
    hold no cycles; collecting during them only costs time). The previous setting comes back after."""
    import gc

    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def autosave(game: Game, folder: str | Path | None = None, keep: int = AUTOSAVE_KEEP, tag: str = "autosave",
             stats: StatsSource = None) -> Path:
    """Write `<tag>-<game id>-rNNNN` in the save folder and delete this game's older autosaves beyond the last
    `keep` (another game's autosaves are never touched: each game has its own id)."""
    base = Path(folder) if folder is not None else saves_dir()
    prefix = f"{tag}-{game.game_id}-r"
    path = base / f"{prefix}{game.world.clock.round:04d}{SAVE_SUFFIX}"
    save_game(game, path, stats)
    mine = sorted(base.glob(f"{glob_escape(prefix)}*{SAVE_SUFFIX}"), key=lambda p: (p.stat().st_mtime_ns, p.name))
    for old in mine[: max(0, len(mine) - keep)]:
        with contextlib.suppress(OSError):
            old.unlink()
    return path


def glob_escape(text: str) -> str:
    import glob

    return glob.escape(text)


class Autosaver:
    """Call `after_submit()` after every command: it autosaves once whenever a round has ended.

    `stats` (a StatsTracker, or a callable returning the current one) goes into every autosave.
    """

    def __init__(self, game: Game, folder: str | Path | None = None, keep: int = AUTOSAVE_KEEP,
                 tag: str = "autosave", stats: StatsSource = None) -> None:
        self.game, self.folder, self.keep, self.tag = game, folder, keep, tag
        self.stats = stats
        self.last_round = game.world.clock.round
        self.saved_final = game.over

    def after_submit(self) -> Path | None:
        """Autosave if a round ended (or the game ended) since the last call; the path written, else None."""
        if self.game.over:
            if self.saved_final:
                return None
            self.saved_final = True
            return autosave(self.game, self.folder, self.keep, self.tag, self.stats)
        if self.game.world.clock.round > self.last_round:
            self.last_round = self.game.world.clock.round
            return autosave(self.game, self.folder, self.keep, self.tag, self.stats)
        return None


# --- reading ----------------------------------------------------------------------------------------


def _gunzip_members(blob: bytes, limit: int, file: str, first_only: bool = False) -> list[bytes]:
    """The decompressed gzip members of `blob`, reading at most `limit` bytes in all (a bomb stops there).

    Inflated a piece (INFLATE_PIECE) at a time and joined once a member is whole: a bomb holds at most `limit`
    bytes once, never a second copy of them (the whole peak stays near `limit` plus the interpreter)."""
    members: list[bytes] = []
    total = 0
    rest = blob
    while rest:
        inflater = zlib.decompressobj(wbits=31)
        pieces: list[bytes] = []
        size = 0
        pending = rest
        while not inflater.eof:
            chunk = inflater.decompress(pending, min(INFLATE_PIECE, limit + 1 - total - size))
            pieces.append(chunk)
            size += len(chunk)
            if total + size > limit:
                pieces.clear()
                raise DataError([f"{file}: file: more than {limit // (1024 * 1024)} MB of data once "
                                 "decompressed; not a save this game wrote"])
            pending = inflater.unconsumed_tail
            if not chunk and not pending:
                break
        if not inflater.eof:
            raise zlib.error("the data ends in the middle of a gzip member")
        members.append(b"".join(pieces))
        pieces.clear()
        total += size
        rest = inflater.unused_data
        if first_only:
            break
    return members


def _json(held: list[bytes], file: str, where: str = "file") -> Any:
    """The JSON document of the first bytes in `held`, taken out of it: the bytes are let go once decoded, so
    a document never occupies memory three times (bytes, text, objects)."""
    text = held.pop(0)
    values = text.count(b",") + text.count(b"[") + text.count(b"{")  # each new value needs one of them
    if values > MAX_JSON_VALUES:  # counted before parsing: `[[],[],...]` would take ~30x its size as objects
        raise DataError([f"{file}: {where}: more than {MAX_JSON_VALUES:,} values; not a save this game wrote"])
    try:
        decoded = text.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise DataError([f"{file}: {where}: not valid JSON ({exc})"]) from None
    del text
    try:
        return json.loads(decoded)
    except RecursionError:
        raise DataError([f"{file}: {where}: nested too deeply; not a save this game wrote"]) from None
    except (UnicodeDecodeError, ValueError) as exc:
        raise DataError([f"{file}: {where}: not valid JSON ({exc})"]) from None


def read_raw(path: Path) -> dict[str, Any]:
    """The JSON object in a (gzip-compressed, or plain) save file; DataError naming the file otherwise.

    A v4 save's two members (header, body) come back as one object, as `save_data` made it. The file and its
    decompressed data are size-capped (MAX_FILE_BYTES, MAX_JSON_BYTES) and nesting is bounded.
    """
    file = str(path)
    try:
        if path.stat().st_size > MAX_FILE_BYTES:
            raise DataError([f"{file}: file: {path.stat().st_size // (1024 * 1024)} MB; saves may have at most "
                             f"{MAX_FILE_BYTES // (1024 * 1024)} MB"])
        blob = path.read_bytes()
    except OSError as exc:
        raise DataError([f"{file}: file: cannot read ({exc.strerror or exc})"]) from None
    members = [blob]
    if blob[:2] == b"\x1f\x8b":
        try:
            members = _gunzip_members(blob, MAX_JSON_BYTES, file)
        except (EOFError, OSError, zlib.error) as exc:
            raise DataError([f"{file}: file: corrupt or truncated gzip data ({exc})"]) from None
    elif len(blob) > MAX_JSON_BYTES:
        raise DataError([f"{file}: file: too large to be a save"])
    del blob  # the members alone hold the data now; each is let go as it is parsed
    if len(members) == 2:  # v4: header, then body
        header = _json(members, file, "header")
        body = _json(members, file)
        if not isinstance(header, dict) or not isinstance(body, dict):
            raise DataError([f"{file}: (root): expected a JSON object"])
        if overlap := sorted(set(header) & set(body)):
            raise DataError([f"{file}: {overlap[0]}: given in both the header and the body"])
        return {**header, **body}
    if len(members) != 1:
        raise DataError([f"{file}: file: {len(members)} gzip members; a save has one or two"])
    data = _json(members, file)
    if not isinstance(data, dict):
        raise DataError([f"{file}: (root): expected a JSON object"])
    return data


def read_header(path: str | Path) -> SaveHeader | None:
    """The header of a v4 save, read without decompressing the rest (for the saves list, and to know the
    ruleset id and mods before loading); None for older saves, which have no header. DataError when the file
    cannot be read or its header is broken."""
    path = Path(path)
    file = str(path)
    try:
        with path.open("rb") as handle:
            blob = handle.read(MAX_HEADER_BYTES)
    except OSError as exc:
        raise DataError([f"{file}: file: cannot read ({exc.strerror or exc})"]) from None
    if blob[:2] != b"\x1f\x8b":
        raise DataError([f"{file}: file: not a gzip-compressed save"])
    try:
        first = _gunzip_members(blob, MAX_HEADER_BYTES, file, first_only=True)[0]
    except DataError:
        return None  # one big member: an older save (or not a save; loading it says which)
    except (EOFError, OSError, zlib.error):
        return None
    if not first.endswith(b"\n"):
        return None  # v1-v3: the whole save is one JSON document
    raw = _json([first], file, "header")
    if not isinstance(raw, dict):
        raise DataError([f"{file}: header: expected a JSON object"])
    try:
        return SaveHeader.model_validate(raw)
    except ValidationError as exc:
        raise _pydantic_errors(file, exc, "header.") from None


def _installed_mod_versions() -> dict[str, str]:
    from game.content.discover import discover_mods
    from game.content.manifest import read_manifest

    out: dict[str, str] = {}
    for mod_id, found in discover_mods().items():
        manifest = read_manifest(found[0].folder, [])
        if manifest is not None:
            out[mod_id] = manifest.version
    return out


def _migrate_v1(data: dict[str, Any], file: str) -> dict[str, Any]:
    """v1 -> v2: mods gain versions and the ruleset is embedded; `state.next_id` is now `state.next_entity`."""
    from game.content import load_ruleset

    out = dict(data)
    mod_ids = out.pop("mods", ["base"])
    if not isinstance(mod_ids, list) or not all(isinstance(m, str) for m in mod_ids):
        raise DataError([f"{file}: mods: expected a list of mod ids"])
    installed = _installed_mod_versions()
    missing = [m for m in mod_ids if m not in installed]
    if missing:
        raise DataError([f"{file}: mods: mod '{m}' is not installed (the save needs it)" for m in missing])
    rules = load_ruleset([m for m in mod_ids if m != "base"])
    out["mods"] = [{"id": m.id, "version": m.version} for m in rules.mods]
    out["ruleset"] = ruleset_data(rules)
    state = out.get("state")
    if isinstance(state, dict):
        state = dict(state)
        if "next_id" in state:
            state["next_entity"] = state.pop("next_id")
        out["state"] = state
    out["version"] = 2
    out["checksum"] = checksum(out)
    return out


def _migrate_v2(data: dict[str, Any], file: str) -> dict[str, Any]:
    """v2 -> v3: an empty `stats` block (v2 saves kept no statistics)."""
    out = {k: v for k, v in data.items() if k != "checksum"}
    out["version"] = 3
    out["stats"] = {}
    out["checksum"] = checksum(out)
    return out


def _migrate_v3(data: dict[str, Any], file: str) -> dict[str, Any]:
    """v3 -> v4: the header (game id, ruleset id, summary), the territories column-wise, no state digest.

    The v3 data is validated first (errors name v3's fields) and its state digest checked: v4 keeps no digest
    (its checksum covers everything), so this is the last moment it can be.
    """
    try:
        old = SaveV3.model_validate(data)
    except ValidationError as exc:
        raise _pydantic_errors(file, exc) from None
    state = old.state
    digest = canonical_hash({"clock": state.clock.model_dump(), "seats": state.seats, "rng": state.rng,
                             "entities": state.entities})
    if digest != state.hash:
        raise DataError([f"{file}: state.hash: the state does not match its digest (the save was modified or "
                         "damaged)"])
    raw_state = data["state"]
    entities = {k: dict(v) for k, v in raw_state["entities"].items()}
    size = old.board.width * old.board.height
    tiles: list[int | None] = [None] * size if len(old.board.terrain) == size else []
    owners: list[int | None] = [None] * len(tiles)
    for key, comps in entities.items():
        territory, ownership = comps.get("Territory"), comps.get("Ownership")
        if not (key.isdigit() and isinstance(territory, dict) and isinstance(ownership, dict)
                and set(territory) == {"index", "terrain"} and set(ownership) == {"owner"}):
            continue
        index, owner = territory["index"], ownership["owner"]
        if type(index) is int and 0 <= index < len(tiles) and tiles[index] is None \
                and territory["terrain"] == old.board.terrain[index] and (owner is None or type(owner) is int):
            tiles[index], owners[index] = int(key), owner
    columns: dict[str, Any] = {"ids": [], "owners": []}
    if tiles and all(t is not None for t in tiles):
        columns = {"ids": _id_runs([t for t in tiles if t is not None]), "owners": _runs(owners)}
        for entity in tiles:
            comps = entities[str(entity)]
            del comps["Territory"], comps["Ownership"]
            if not comps:
                del entities[str(entity)]
    out = {k: v for k, v in data.items() if k not in ("checksum", "state")}
    out["version"] = 4
    out["game_id"] = "legacy-" + digest[:12]
    out["ruleset_id"] = old.mods[0].id if old.mods else DEFAULT_RULESET  # the ruleset comes first
    out["state"] = {"clock": raw_state["clock"], "seats": raw_state["seats"], "rng": raw_state["rng"],
                    "next_entity": raw_state["next_entity"], "territories": columns, "entities": entities}
    out["summary"] = _summary_of_v3(old)
    out["checksum"] = checksum(out)
    return out


def _summary_of_v3(save: SaveV3) -> dict[str, Any]:
    """The header summary of an older save, from its plain data (as `summary_data` makes it from a world)."""
    board = save.board
    owners: dict[int, int] = {}
    players: dict[int, dict[str, Any]] = {}
    for comps in save.state.entities.values():
        territory, ownership, player = comps.get("Territory"), comps.get("Ownership"), comps.get("Player")
        if territory and ownership and isinstance(ownership.get("owner"), int) and isinstance(
                territory.get("index"), int):
            owners[territory["index"]] = ownership["owner"]
        if player and isinstance(player.get("seat"), int):
            players[player["seat"]] = {"seat": player["seat"], "name": str(player.get("name", "")),
                                       "computer": bool(player.get("computer", False)),
                                       "difficulty": str(player.get("difficulty", "normal")),
                                       "defeated": bool(player.get("defeated", False))}
    step = max(1, -(-max(board.width, board.height) // THUMB_CELLS))
    legend: dict[str, int] = {}
    cells = []
    for y in range(0, board.height, step):
        for x in range(0, board.width, step):
            index = y * board.width + x
            terrain = board.terrain[index] if index < len(board.terrain) else ""
            cells.append(-owners[index] if index in owners else legend.setdefault(terrain, len(legend)))
    clock = save.state.clock
    return {"round": clock.round, "seat": clock.seat, "stage": clock.stage, "winner": clock.winner,
            "map": board.name, "width": board.width, "height": board.height,
            "players": [players[s] for s in sorted(players)],
            "thumbnail": {"width": len(range(0, board.width, step)), "height": len(range(0, board.height, step)),
                          "terrain": list(legend), "cells": cells, "points": thumbnail_points(board.topology)}}


MIGRATIONS: dict[int, Callable[[dict[str, Any], str], dict[str, Any]]] = {
    1: _migrate_v1, 2: _migrate_v2, 3: _migrate_v3}


def migrate(data: dict[str, Any], file: str) -> dict[str, Any]:
    """Bring a save's data up to the current version, one step at a time; newer versions are refused."""
    if data.get("format") != SAVE_FORMAT:
        raise DataError([f"{file}: format: not a Forces of Conquest save (format {reprlib.repr(data.get('format'))})"])
    version = data.get("version")
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise DataError([f"{file}: version: expected a positive integer, got {reprlib.repr(version)}"])
    if version > SAVE_VERSION:
        made_by = str(data.get("game_version", "a newer version"))[:40]
        raise DataError([
            f"{file}: version: this save uses format version {version}, made by Forces of Conquest {made_by}; "
            f"this version reads formats up to {SAVE_VERSION}. Update the game to load it."
        ])
    while version < SAVE_VERSION:
        data = MIGRATIONS[version](data, file)
        version = data["version"]
    return data


def _pydantic_errors(file: str, exc: ValidationError, prefix: str = "") -> DataError:
    lines = []
    for err in exc.errors()[:20]:
        loc = ".".join(str(p) for p in err["loc"])
        lines.append(f"{file}: {prefix}{loc or '(root)'}: {err['msg']}")
    return DataError(lines)


def parse_save(data: dict[str, Any], file: str) -> tuple[SaveData, Ruleset]:
    """Check, migrate and validate the save's data and its embedded ruleset."""
    version = data.get("version")
    if isinstance(version, int) and data.get("format") == SAVE_FORMAT and version <= SAVE_VERSION \
            and (version >= 2 or "checksum" in data) and data.get("checksum") != checksum(data):
        raise DataError([f"{file}: checksum: the save's contents do not match its checksum (it was modified "
                         "or damaged)"])
    data = migrate(data, file)
    try:
        save = SaveData.model_validate(data)
    except ValidationError as exc:
        raise _pydantic_errors(file, exc) from None
    try:
        rules = _embedded_ruleset(save)
    except (ValidationError, DataError) as exc:
        # the ruleset's schema moved on since (fields added or removed): the same mods at the same versions
        # give the same rules. A value out of bounds or of the wrong type is an edited ruleset: refused.
        moved_on = isinstance(exc, DataError) or all(
            e["type"] in ("missing", "extra_forbidden") for e in exc.errors())
        chosen = save.ruleset.get("game_options") if isinstance(save.ruleset, dict) else None
        rules_now = _installed_ruleset(save.mods, chosen if isinstance(chosen, dict) else {}) if moved_on else None
        if rules_now is None:
            from game.content.discover import check_mods_available

            problems = check_mods_available({m.id: m.version for m in save.mods})
            if problems:  # the likely reason: the ruleset needs mods (or versions) that are not here
                raise DataError([f"{file}: mods: {problem}" for problem in problems]) from None
            if isinstance(exc, DataError):
                raise DataError([f"{file}: mods: {line}" for line in exc.errors]) from None
            raise _pydantic_errors(file, exc, "ruleset.") from None
        return save, rules_now
    from game.embedded_rules import embedded_rules_errors

    if errors := embedded_rules_errors(rules, save.ruleset, file):  # not edited: what the recorded mods give
        raise DataError(errors)
    return save, rules


def _embedded_ruleset(save: SaveData) -> Ruleset:
    """The ruleset the save carries, validated with the App of its ruleset and mods (their ability kinds)."""
    from game.content import app_for_mods
    from game.content.data import validate_rules

    recorded = save.ruleset.get("mods") if isinstance(save.ruleset, dict) else None
    ids = [m.get("id") for m in recorded if isinstance(m, dict)] if isinstance(recorded, list) else []
    app = app_for_mods([i for i in ids if isinstance(i, str)] or [m.id for m in save.mods])
    return validate_rules(app, save.ruleset)  # type: ignore[return-value]


def _installed_ruleset(mods: list[ModRef], options: dict[str, Any]) -> Ruleset | None:
    """The installed ruleset when it has exactly the save's mods at the save's versions, else None; with the
    ruleset options the game was started with (game.content.options)."""
    from game.content import load_app

    installed = _installed_mod_versions()
    if any(installed.get(m.id) != m.version for m in mods):
        return None
    ids = [m.id for m in mods]
    try:
        rules = load_app(ids[0] if ids else "base", ids[1:], options=options).rules  # the ruleset comes first
    except DataError:
        return None
    return rules if [(m.id, m.version) for m in rules.mods] == [(m.id, m.version) for m in mods] else None


class _Restored:
    """Validated, plain Python content of a save, ready to become an esper world."""

    def __init__(self) -> None:
        self.entities: list[tuple[int, list[object]]] = []
        self.history: list[tuple[int, int, Any]] = []
        self.tiles: list[int] = []
        self.owned: dict[int, set[int]] = {}


def _check_rng(file: str, rng: list[Any]) -> tuple[Any, ...]:
    import random

    ok = (
        len(rng) == 3 and isinstance(rng[0], int) and isinstance(rng[1], list)
        and all(isinstance(v, int) and not isinstance(v, bool) and 0 <= v < 2**32 for v in rng[1])
        and (rng[2] is None or isinstance(rng[2], float))
    )
    state = (rng[0], tuple(rng[1]), rng[2]) if ok else None
    if state is not None:
        try:
            random.Random().setstate(state)
        except (TypeError, ValueError):
            state = None
    if state is None:
        raise DataError([f"{file}: state.rng: not a valid random generator state"])
    return state


def _validate_content(save: SaveData, rules: Ruleset, file: str, app: App) -> _Restored:
    """Everything checked before any entity is created: types, ids, references, the history's shape."""
    from game.maps import map_size_problem, territory_limit

    state = save.state
    errors: list[str] = []

    def bad(where: str, message: str) -> None:
        errors.append(f"{file}: {where}: {message}")

    board = save.board
    if (problem := map_size_problem(territory_limit(rules), board.width, board.height)) is not None:
        raise DataError([f"{file}: board: {problem}"])
    size = board.width * board.height
    try:
        if make_board(board.width, board.height, board.topology).size != size:
            bad("board.topology", f"the topology does not have {size} territories")
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        bad("board.topology", f"not a valid board topology ({exc})")
    if len(board.terrain) != size:
        bad("board.terrain", f"{len(board.terrain)} territories for a {board.width}x{board.height} board")
    for index, terrain in enumerate(board.terrain):
        if terrain not in rules.terrain:
            bad(f"board.terrain.{index}", f"unknown terrain {terrain!r}")
            break
    seats = state.seats
    if not seats or sorted(set(seats)) != seats:
        bad("state.seats", "expected seats in ascending order without repeats")
    if not rules.setup.min_players <= len(seats) <= rules.setup.max_players:
        bad("state.seats", f"{len(seats)} seats; the rules allow {rules.setup.min_players}-"
                           f"{rules.setup.max_players} players")
    if sorted(int(s) for s in board.start_zones if s.isdigit()) != seats:
        bad("board.start_zones", "expected one start zone per seat")
    for seat, zone in board.start_zones.items():
        if any(not 0 <= t < size for t in zone):
            bad(f"board.start_zones.{seat}", "a territory is off the board")
    clock = state.clock
    if clock.seat not in seats:
        bad("state.clock.seat", f"seat {clock.seat} is not at the table")
    if clock.stage not in {*app.flow.stages(), OVER}:
        bad("state.clock.stage", f"unknown stage {clock.stage!r}")
    if clock.winner is not None and clock.winner != DRAW and clock.winner not in seats:
        bad("state.clock.winner", f"seat {clock.winner} is not at the table")
    if save.ruleset_id != rules.ruleset_id:
        bad("ruleset_id", f"the save names ruleset {save.ruleset_id!r}, but its rules are of {rules.ruleset_id!r}")
    _check_rng(file, state.rng)
    if errors:
        raise DataError(errors)

    out = _Restored()
    columns = _territory_columns(state.territories, board.terrain, size, seats, state.next_entity, file)
    by_id: dict[int, dict[str, object]] = {}
    for key, comps in state.entities.items():
        if not key.isdigit() or int(key) < 1:
            raise DataError([f"{file}: state.entities.{key}: entity ids are positive integers"])
        entity = int(key)
        if entity >= state.next_entity:
            raise DataError([f"{file}: state.entities.{key}: id is not below state.next_entity"])
        if not comps and entity not in columns:
            raise DataError([f"{file}: state.entities.{key}: an entity needs at least one component"])
        if entity in columns and ("Territory" in comps or "Ownership" in comps):
            raise DataError([f"{file}: state.entities.{key}: its territory is also in state.territories"])
        built: dict[str, object] = {}
        for name, fields in comps.items():
            try:
                built[name] = component_from_data(name, fields, f"state.entities.{key}.{name}", app.components)
            except CodecError as exc:
                raise DataError([f"{file}: {exc.field}: {exc.message}"]) from None
        by_id[entity] = built
    # territories stored column-wise were checked as they were read; the references of the rest are checked
    errors.extend(_reference_errors(by_id, rules, seats, size, board.terrain, file, columns, list(app.components)))
    if errors:
        raise DataError(errors[:20])
    out.tiles = [0] * size
    for entity, (place, owned_by) in columns.items():
        out.tiles[place.index] = entity
        if owned_by.owner is not None:
            out.owned.setdefault(owned_by.owner, set()).add(place.index)
        extra = by_id.pop(entity, None)
        out.entities.append((entity, [place, owned_by, *extra.values()] if extra else [place, owned_by]))
    for entity, held in by_id.items():
        cell, holder = held.get("Territory"), held.get("Ownership")
        if isinstance(cell, Territory) and isinstance(holder, Ownership):
            out.tiles[cell.index] = entity
            if holder.owner is not None:
                out.owned.setdefault(holder.owner, set()).add(cell.index)
        out.entities.append((entity, list(held.values())))
    out.entities.sort(key=_first)  # esper's sets of entities fill in id order, as when the game made them
    commands = app.command_types()
    for index, entry in enumerate(save.history):
        where = f"history.{index}"
        if len(entry) != 3 or not all(isinstance(v, int) and not isinstance(v, bool) for v in entry[:2]):
            raise DataError([f"{file}: {where}: expected [round, seat, command]"])
        try:
            command = command_from_data(entry[2], f"{where}.2", commands)
        except CodecError as exc:
            raise DataError([f"{file}: {exc.field}: {exc.message}"]) from None
        out.history.append((entry[0], entry[1], command))
    if errors := _history_errors(out.history, seats, clock.round, clock.stage, file, app.flow):
        raise DataError(errors)
    return out


def _first(pair: tuple[int, Any]) -> int:
    return pair[0]


def _territory_columns(
    columns: TerritoryColumns, terrain: list[str], size: int, seats: list[int], next_entity: int, file: str
) -> dict[int, tuple[Territory, Ownership]]:
    """The territory entities stored column-wise, checked: one per cell (or none stored that way)."""
    if not columns.ids and not columns.owners:
        return {}
    def runs_of(where: str, runs: list[list[int | None]]) -> list[tuple[int | None, int]]:
        out, total = [], 0
        for index, run in enumerate(runs):
            ok = len(run) == 2 and type(run[1]) is int and run[1] >= 1 and total + run[1] <= size
            ok = ok and (run[0] is None and where == "owners" or type(run[0]) is int)
            if not ok:
                raise DataError([f"{file}: state.territories.{where}.{index}: expected [value, count] covering "
                                 f"the board's {size} territories"])
            out.append((run[0], int(run[1])))  # type: ignore[arg-type]
            total += int(run[1])  # type: ignore[arg-type]
        return out

    ids: list[int] = []
    for first, count in runs_of("ids", columns.ids):  # type: ignore[arg-type]
        ids.extend(range(int(first or 0), int(first or 0) + count))
    owners: list[int | None] = []
    for owner, count in runs_of("owners", columns.owners):
        owners.extend([owner] * count)
    if len(ids) != size or len(owners) != size:
        raise DataError([f"{file}: state.territories: {len(ids)} ids and {len(owners)} owners for {size} "
                         "territories"])
    if len(set(ids)) != size or not all(0 < e < next_entity for e in (ids[0], ids[-1], min(ids), max(ids))):
        raise DataError([f"{file}: state.territories.ids: entity ids must be distinct, positive and below "
                         "state.next_entity"])
    seat_set = set(seats)
    if (stray := next((o for o in owners if o is not None and o not in seat_set), None)) is not None:  # 0 too
        raise DataError([f"{file}: state.territories.owners: seat {stray} is not at the table"])
    return {e: (Territory(i, terrain[i]), Ownership(o)) for i, (e, o) in enumerate(zip(ids, owners, strict=True))}


def _history_errors(history: list[tuple[int, int, Any]], seats: list[int], rnd: int, stage: str,
                    file: str, flow: Flow) -> list[str]:
    """The history's shape: rounds in order and never ahead of the clock, every seat's setup commands (the
    base game: its base choice), and every round up to the current one (a history cut short cannot replay
    the game)."""
    if rnd > len(history) + 1:  # every round before the current one holds commands: bounded before any range()
        return [f"{file}: state.clock.round: round {rnd}, but the history holds only {len(history)} commands"]
    last = 0
    for index, (r, seat, _) in enumerate(history):
        if r < last or r > rnd or seat not in seats:
            return [f"{file}: history.{index}: round {r}, seat {seat} does not fit the game (round {rnd}, "
                    f"seats {seats})"]
        last = r
    if stage not in {p.name for p in flow.setup}:
        enders = [set(p.ends_with) for p in flow.setup if p.acts == SEAT]
        expected = len(seats) * len(enders)
        chosen = [h for h in history[:expected] if any(type(h[2]).__name__ in e for e in enders)]
        if len(chosen) != expected:
            return [f"{file}: history: the setup commands of the {len(seats)} players are missing"]
        missing = sorted(set(range(0 if flow.setup else 1, rnd)) - {r for r, _, _ in history})
        if missing:
            return [f"{file}: history: rounds {missing[0]}..{missing[-1]} are missing; the history is cut short"]
    return []


def _reference_errors(
    by_id: dict[int, dict[str, object]], rules: Ruleset, seats: list[int], size: int, terrain: list[str], file: str,
    columns: dict[int, tuple[Territory, Ownership]] | None = None, components: Sequence[str] = (),
) -> list[str]:
    """Ids that must point at entities of the right kind, owners that must be seats, one entity per territory
    (`columns`: the territories stored column-wise, already checked). A player needs the per-seat components
    of the base game (Stockpile, HomeBase) when the game's App registers them (`components`)."""
    errors: list[str] = []
    per_seat = [name for name in ("Stockpile", "HomeBase") if name in components]
    structures: dict[str, Any] = getattr(rules, "structures", {})
    upgrades: dict[str, Any] = getattr(rules, "upgrades", {})

    def bad(entity: int, name: str, field: str, message: str) -> None:
        errors.append(f"{file}: state.entities.{entity}.{name}.{field}: {message}")

    def has(entity: int | None, name: str) -> bool:
        return entity is not None and name in by_id.get(entity, {})

    seat_set = set(seats)
    territories: dict[int, int] = {t.index: e for e, (t, _) in (columns or {}).items()}
    players: dict[int, int] = {}
    holder: dict[int, int] = {}
    for entity, comps in by_id.items():
        for name, comp in comps.items():
            kind = type(comp)
            if kind is Territory:
                assert isinstance(comp, Territory)
                if not 0 <= comp.index < size:
                    bad(entity, name, "index", f"territory {comp.index} is off the board")
                elif comp.index in territories:
                    bad(entity, name, "index", f"territory {comp.index} appears twice")
                else:
                    territories[comp.index] = entity
                    if comp.terrain != terrain[comp.index]:
                        bad(entity, name, "terrain", "does not match the board")
                if "Ownership" not in comps:
                    bad(entity, name, "index", "a territory needs an Ownership")
            elif kind is Ownership:
                assert isinstance(comp, Ownership)
                if comp.owner is not None and comp.owner not in seat_set:
                    bad(entity, name, "owner", f"seat {comp.owner} is not at the table")
            elif isinstance(comp, Player):
                if comp.seat not in seat_set or comp.seat in players:
                    bad(entity, name, "seat", f"seat {comp.seat} is unknown or repeated")
                players[comp.seat] = entity
                for needed in per_seat:
                    if needed not in comps:
                        bad(entity, name, "seat", f"a player needs a {needed}")
            elif isinstance(comp, ArmyUnit):
                if comp.unit_type not in rules.units:
                    bad(entity, name, "unit_type", f"unknown unit type {comp.unit_type!r}")
            elif isinstance(comp, Army):
                if comp.owner is not None and comp.owner not in seat_set:
                    bad(entity, name, "owner", f"seat {comp.owner} is not at the table")
                if not 0 <= comp.territory < size:
                    bad(entity, name, "territory", "off the board")
                for unit in comp.units:
                    if not has(unit, "ArmyUnit"):
                        bad(entity, name, "units", f"{unit} is not an army unit")
                    elif unit in holder:
                        bad(entity, name, "units", f"unit {unit} is also in entity {holder[unit]}")
                    holder[unit] = entity
                if comp.battle is not None and not has(comp.battle, "Battle"):
                    bad(entity, name, "battle", f"{comp.battle} is not a battle")
                if comp.catapult is not None and not has(comp.catapult, "Catapult"):
                    bad(entity, name, "catapult", f"{comp.catapult} is not a catapult")
            elif isinstance(comp, Structure):
                if comp.structure_type not in structures:
                    bad(entity, name, "structure_type", f"unknown structure type {comp.structure_type!r}")
                if comp.owner is not None and comp.owner not in seat_set:
                    bad(entity, name, "owner", f"seat {comp.owner} is not at the table")
                if not 0 <= comp.territory < size or (comp.border is not None and not 0 <= comp.border < size):
                    bad(entity, name, "territory", "off the board")
                for unit in comp.garrison:
                    if not has(unit, "ArmyUnit"):
                        bad(entity, name, "garrison", f"{unit} is not an army unit")
                    elif unit in holder:
                        bad(entity, name, "garrison", f"unit {unit} is also in entity {holder[unit]}")
                    holder[unit] = entity
                for upgrade in comp.upgrades:
                    if upgrade not in upgrades:
                        bad(entity, name, "upgrades", f"unknown upgrade {upgrade!r}")
            elif isinstance(comp, Catapult):
                if comp.army is not None and not has(comp.army, "Army"):
                    bad(entity, name, "army", f"{comp.army} is not an army")
            elif isinstance(comp, Battle):
                for field in ("attacker", "defender"):
                    if not has(getattr(comp, field), "Army"):
                        bad(entity, name, field, f"{getattr(comp, field)} is not an army")
    if len(territories) != size:
        errors.append(f"{file}: state.entities: {len(territories)} territories for a board of {size}")
    if set(players) != seat_set:
        errors.append(f"{file}: state.entities: expected one player entity per seat")
    return errors


def build_game(save: SaveData, rules: Ruleset, content: _Restored, app: App | None = None,
               source: str = "<save>") -> Game:
    """A new esper world holding exactly the saved entities (same ids), and the Game around it (with the
    App of its ruleset and mods, `app_for(rules)` when not given). The rules' invariants must hold
    (game.invariants, as after every command) and the header's summary must match; else DataError and no
    world is left behind."""
    import random

    state = save.state
    previous = esper.current_world
    name = fresh_world_name("loaded")
    esper.switch_world(name)
    try:
        _create_entities(content.entities)
        _set_entity_counter(state.next_entity)
        rng = random.Random()
        rng.setstate(_check_rng("", state.rng))
        board = save.board
        clock = state.clock
        if app is None:
            from game.content import app_for

            app = app_for(rules)
        world = World(
            name=name,
            app=app,
            rules=rules,
            board=make_board(board.width, board.height, board.topology),
            rng=rng,
            terrain=list(board.terrain),
            seats=list(state.seats),
            start_zones={int(seat): tuple(zone) for seat, zone in board.start_zones.items()},
            map_name=board.name,
            seed=save.seed,
            clock=Clock(round=clock.round, seat=clock.seat, stage=clock.stage, winner=clock.winner),
        )
        world.tiles = list(content.tiles)
        world.owned = {seat: set(content.owned.get(seat, ())) for seat in world.seats}
        for entity, player in esper.get_component(Player):
            world.players[player.seat] = entity
        game = Game(world, history=packed_history(content.history), game_id=save.game_id)
        if problems := invariant_problems(world, board=False):  # the board's index came from checked columns
            raise DataError([f"{source}: state: {problem}" for problem in problems])
        if problems := pending_order_problems(game):
            raise DataError([f"{source}: {problem}" for problem in problems])
        stored = save.summary.model_dump()
        if (summary := summary_data(world)) != stored and summary_data(world, with_pieces=False) != stored:
            wrong = next(k for k in summary if summary[k] != stored[k])
            raise DataError([f"{source}: summary.{wrong}: does not match the game (the header was edited)"])
        return game
    except BaseException:
        esper.switch_world(previous)
        esper.delete_world(name)
        raise


def pending_order_problems(game: Game) -> list[str]:
    """Hidden orders buffered in a simultaneous phase, checked as when they were given: only in such a phase,
    of a seat still in the game, each a command of this game that its handler accepts now (the state does not
    change while orders are buffered)."""
    world = game.world
    phase = game.app.flow.phase(world.clock.stage)
    kinds = {name: cls for name, cls in game.app.command_types().items() if cls not in ENGINE_COMMANDS}
    for entity, orders in esper.get_component(SeatOrders):
        where = f"state.entities.{entity}.SeatOrders"
        if phase is None or phase.acts != ALL or world.clock.winner is not None:
            return [f"{where}: orders are kept only during a simultaneous phase"]
        if orders.seat not in world.alive_seats() or world.players.get(orders.seat) != entity:
            return [f"{where}.seat: seat {orders.seat} is not a seat in the game with this player entity"]
        for index, data in enumerate(orders.orders):
            try:
                command = command_from_data(data, f"{where}.orders.{index}", kinds)
            except CodecError as exc:
                return [f"{exc.field}: {exc.message}"]
            world.submitted_by = orders.seat
            try:
                reason = actions.check(world, command)
            finally:
                world.submitted_by = None
            if reason is not None:
                return [f"{where}.orders.{index}: {reason}"]
    return []


def _create_entities(entities: list[tuple[int, list[object]]]) -> None:
    """Create the saved entities with their ids in the active world, as `esper.create_entity` would (its
    dict-of-components per entity and set-of-entities per type), clearing esper's caches once, not per entity:
    a large board has tens of thousands of entities."""
    table = esper._entities
    by_type = esper._components
    for entity, comps in entities:
        if entity in table:
            raise ValueError(f"entity {entity} exists already")
        table[entity] = {type(c): c for c in comps}
        for component in comps:
            by_type.setdefault(type(component), set()).add(entity)
    esper.clear_cache()


def require_mods(mods: Sequence[ModRef], rules: Ruleset, file: str, search: Sequence[Path] | None = None) -> None:
    """DataError naming the file, `mods` and every mod that is missing or installed at another version."""
    recorded = [(m.id, m.version) for m in mods]
    if recorded != [(m.id, m.version) for m in rules.mods]:
        raise DataError([f"{file}: mods: the recorded mods do not match the embedded ruleset's mods"])
    from game.content.discover import check_mods_available

    problems = check_mods_available(dict(recorded), search)
    if problems:
        raise DataError([f"{file}: mods: {problem}" for problem in problems])


def game_app(rules: Ruleset, file: str, search: Sequence[Path] | None = None) -> App:
    """The App of the ruleset and its mods, their plugins registered (components and commands included)."""
    from game.content import app_for

    try:
        return app_for(rules, search)
    except DataError as exc:
        raise DataError([line if line.startswith(file) else f"{file}: {line}" for line in exc.errors]) from None


def _extras(save: SaveData) -> SaveExtras:
    stats = None
    if not save.stats.empty:
        from game.stats import StatsTracker

        stats = StatsTracker.from_dict(save.stats.model_dump(mode="json"))
    return SaveExtras(stats=stats, saved_at=save.saved_at, game_version=save.game_version)


def _stats_errors(save: SaveData, file: str) -> list[str]:
    """Round and seat keys of the statistics must be numbers (JSON keys are strings)."""
    stats = save.stats
    bad = [f"{file}: stats.names.{k}: expected a seat number" for k in stats.names if not k.isdigit()]
    bad += [f"{file}: stats.battles_total.{k}: expected a seat number" for k in stats.battles_total if not k.isdigit()]
    for r, per_seat in stats.rounds.items():
        if not r.isdigit():
            bad.append(f"{file}: stats.rounds.{r}: expected a round number")
        bad += [f"{file}: stats.rounds.{r}.{s}: expected a seat number" for s in per_seat if not s.isdigit()]
    return bad[:20]


def game_and_extras_from_data(
    data: dict[str, Any], source: str = "<save>", search: Sequence[Path] | None = None
) -> tuple[Game, SaveExtras]:
    """The game a save's data describes, checked through and through (see the module docstring)."""
    unsigned = data.get("version") == 1 and "checksum" not in data  # v1 saves had no checksum
    previous = esper.current_world
    try:
        with _gc_paused():
            save, rules = parse_save(data, source)
            require_mods(save.mods, rules, source, search)
            if errors := _stats_errors(save, source):
                raise DataError(errors)
            app = game_app(rules, source, search)  # before decoding: the game's components and commands
            if errors := ruleset_errors(rules, source, app):
                raise DataError(errors)
            content = _validate_content(save, rules, source, app)
            game = build_game(save, rules, content, app, source)
    except RecursionError:
        raise DataError([f"{source}: (root): nested too deeply; not a save this game wrote"]) from None
    if unsigned:
        _require_history_reproduces(game, source, previous)
    return game, _extras(save)


def ruleset_errors(rules: Ruleset, file: str, app: App) -> list[str]:
    """The embedded ruleset checked like an installed one: strict bounded values (done by the model) and
    every id it names defined (resources, terrain, movement classes, units, abilities of active plugins)."""
    from game.content.data import _Merger, cross_reference_errors

    merger = _Merger()
    merger.data = ruleset_data(rules)
    return [f"{file}: ruleset: {line.split(': ', 1)[1]}" for line in cross_reference_errors(merger, app)][:20]


def _require_history_reproduces(game: Game, file: str, previous: str) -> None:
    """A save without a checksum (format v1) is trusted only when its history replays to its state."""
    problem = history_problem(game)
    if problem is not None:
        name = game.world.name
        esper.switch_world(previous if previous in esper.list_worlds() else "default")
        if name in esper.list_worlds():
            esper.delete_world(name)
        raise DataError([f"{file}: history: {problem} (a v1 save has no checksum; its history must replay to "
                         "its state)"])


def history_problem(game: Game) -> str | None:
    """Does the game's history, re-run from its seed in a world of its own, give exactly its state? The
    problem when not (a rejected command, or a different final state); the game is not changed."""
    from game.maps import MapData
    from game.setup import PlayerSpec, new_game
    from game.snapshot import state_hash

    world = game.world
    previous = esper.current_world
    world.activate()
    target = state_hash(world)
    board = board_data(world)
    players = [esper.component_for_entity(world.players[seat], Player) for seat in world.seats]
    zones = {int(seat): tuple(zone) for seat, zone in board["start_zones"].items()}
    start = MapData(board["name"], board["width"], board["height"], tuple(board["terrain"]),
                    {len(players): zones}, "save")
    try:
        fresh = new_game(world.rules, start, [PlayerSpec(p.name, p.computer, p.difficulty) for p in players],
                         world.seed)
    except DataError as exc:
        return exc.errors[0]
    try:
        for index, (rnd, seat, command) in enumerate(game.history):
            clock = fresh.world.clock
            if (clock.round, clock.seat) != (rnd, seat):
                return (f"command {index} was recorded in round {rnd} for seat {seat}, but the game is at round "
                        f"{clock.round}, seat {clock.seat}")
            result = fresh.submit(command)
            if not result.ok:
                return f"command {index} ({type(command).__name__}, round {rnd}) is rejected: {result.reason}"  # type: ignore[union-attr]
        final = state_hash(fresh.world)
    finally:
        name = fresh.world.name
        esper.switch_world(previous if previous in esper.list_worlds() and previous != name else "default")
        if name in esper.list_worlds():
            esper.delete_world(name)
    return None if final == target else "the recorded commands give another state than the saved one"


def game_from_data(data: dict[str, Any], source: str = "<save>", search: Sequence[Path] | None = None) -> Game:
    return game_and_extras_from_data(data, source, search)[0]


def load_game(path: str | Path, search: Sequence[Path] | None = None) -> Game:
    """Resume a saved game; DataError (naming the file and the field) when it cannot be used.

    The save's mods must be installed at the versions it names (`search`: where to look for mods, by
    default the usual places); the loaded game runs their plugins' systems.
    """
    return load_game_with_extras(path, search)[0]


def load_game_with_extras(path: str | Path, search: Sequence[Path] | None = None) -> tuple[Game, SaveExtras]:
    """`load_game`, plus what else the save carries: `extras.stats` is the client's StatsTracker as saved
    (None for saves without statistics, e.g. v1/v2 saves)."""
    path = Path(path)
    return game_and_extras_from_data(read_raw(path), str(path), search)


def load_save_data(path: str | Path) -> SaveData:
    """The validated, migrated content of a save file without building the game (for replays, tools)."""
    path = Path(path)
    save, _ = parse_save(read_raw(path), str(path))
    return save
