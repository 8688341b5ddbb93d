"""Saves: a versioned, gzip-compressed JSON snapshot of the whole game, written atomically, loaded strictly.

A save holds the complete state (every entity's components with their ids, the clock, the random
generator's state, the next entity id), the board it is played on (so a save never depends on a map file),
the active ruleset with its mods and their versions, the seed and the command history (so a replay can be
made from any save). Loading checks the format version (newer: refused; older: migrated step by step),
validates every field with pydantic in strict mode, checks that references between entities hold and that
the state digest matches, and only then builds a new esper world. No pickle; nothing is executed.

A save may also carry the client's end-game statistics (`stats`, a `game.stats.StatsTracker` as data), so
the victory charts cover the whole game after a load; they are not game state (no part of the state hash).

Mods: a save records the ruleset's mods and their versions. Loading checks that the same mods are installed
at the same versions (`game.mods.check_mods_available`) and registers their plugins
(`game.content.app_for`) before any entity is decoded, so plugin components, commands in the history
and plugin systems work in the loaded game.

Format history: v1 named the mods by id only and called the entity counter `next_id`; v2 names the mods
with their versions, embeds the ruleset, and calls the counter `next_entity`; v3 (current) adds `stats`
(`{}` when the saver kept none; the v2 -> v3 migration adds that empty block).
"""

from __future__ import annotations

import contextlib
import gzip
import hashlib
import json
import os
import re
import tempfile
import zlib
from collections.abc import Callable, Sequence
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
from components.structures import Catapult, Structure
from game.codec import CodecError, command_from_data, command_to_data, component_from_data
from game.engine import Game
from game.errors import DataError
from game.setup import fresh_world_name
from game.snapshot import snapshot
from systems.board import GridBoard
from systems.world import MAIN, OVER, RESOURCE, ROGUE, SETUP, UPKEEP, Clock, World

if TYPE_CHECKING:
    from game.app import App
    from game.stats import StatsTracker

APP_NAME = "forces-of-conquest"
SAVE_FORMAT = "forces-of-conquest-save"
SAVE_VERSION = 3
SAVE_SUFFIX = ".foc.json.gz"
AUTOSAVE_KEEP = 5
STAGES = {SETUP, RESOURCE, UPKEEP, MAIN, ROGUE, OVER, "round_end"}


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
    width: int = Field(ge=1)
    height: int = Field(ge=1)
    terrain: list[str]
    start_zones: dict[str, list[int]]  # seat (as a JSON key) -> territories


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


class StatsData(_Strict):
    """The client's end-game statistics (`StatsTracker.to_dict()`); every field empty when none were kept."""

    seats: list[int] = Field(default_factory=list)
    names: dict[str, str] = Field(default_factory=dict)
    resources: list[str] = Field(default_factory=list)
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


SaveData = SaveV3  # the current format's model


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
        snap = snapshot(world)
        next_entity = _entity_counter()
    finally:
        if previous in esper.list_worlds():
            esper.switch_world(previous)
    data = {
        "format": SAVE_FORMAT,
        "version": SAVE_VERSION,
        "game_version": game_version(),
        "saved_at": datetime.now(UTC).isoformat(timespec="seconds"),
        "seed": world.seed,
        "mods": [{"id": m.id, "version": m.version} for m in world.rules.mods],
        "ruleset": ruleset_data(world.rules),
        "board": board_data(world),
        "state": {**snap, "next_entity": next_entity, "hash": canonical_hash(snap)},
        "history": [[r, s, command_to_data(c)] for r, s, c in game.history],
        "stats": stats_data(stats),
    }
    data["checksum"] = checksum(data)
    return data


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
    # keys keep their order: the order of a ruleset's tables is part of the rules (production draws its
    # random numbers resource by resource, in the order the terrain lists them)
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
    atomic_write(path, encode(save_data(game, stats)))
    return path


def autosave(game: Game, folder: str | Path | None = None, keep: int = AUTOSAVE_KEEP, tag: str = "autosave",
             stats: StatsSource = None) -> Path:
    """Write `<tag>-rNNNN` in the save folder and delete the older autosaves beyond the last `keep`."""
    base = Path(folder) if folder is not None else saves_dir()
    path = base / f"{tag}-r{game.world.clock.round:04d}{SAVE_SUFFIX}"
    save_game(game, path, stats)
    mine = sorted(base.glob(f"{tag}-r*{SAVE_SUFFIX}"), key=lambda p: (p.stat().st_mtime_ns, p.name))
    for old in mine[: max(0, len(mine) - keep)]:
        with contextlib.suppress(OSError):
            old.unlink()
    return path


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


def read_raw(path: Path) -> dict[str, Any]:
    """The JSON object in a (gzip-compressed, or plain) save file; DataError naming the file otherwise."""
    file = str(path)
    try:
        blob = path.read_bytes()
    except OSError as exc:
        raise DataError([f"{file}: file: cannot read ({exc.strerror or exc})"]) from None
    if blob[:2] == b"\x1f\x8b":
        try:
            blob = gzip.decompress(blob)
        except (EOFError, OSError, zlib.error) as exc:
            raise DataError([f"{file}: file: corrupt or truncated gzip data ({exc})"]) from None
    try:
        data = json.loads(blob.decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as exc:
        raise DataError([f"{file}: file: not valid JSON ({exc})"]) from None
    if not isinstance(data, dict):
        raise DataError([f"{file}: (root): expected a JSON object"])
    return data


def _installed_mod_versions() -> dict[str, str]:
    from game.rules_loader import find_mod_dirs, read_manifest

    out: dict[str, str] = {}
    for mod_id, folder in find_mod_dirs().items():
        manifest = read_manifest(folder, [])
        if manifest is not None:
            out[mod_id] = manifest.version
    return out


def _migrate_v1(data: dict[str, Any], file: str) -> dict[str, Any]:
    """v1 -> v2: mods gain versions and the ruleset is embedded; `state.next_id` is now `state.next_entity`."""
    from game.rules_loader import load_ruleset

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


MIGRATIONS: dict[int, Callable[[dict[str, Any], str], dict[str, Any]]] = {1: _migrate_v1, 2: _migrate_v2}


def migrate(data: dict[str, Any], file: str) -> dict[str, Any]:
    """Bring a save's data up to the current version, one step at a time; newer versions are refused."""
    if data.get("format") != SAVE_FORMAT:
        raise DataError([f"{file}: format: not a Forces of Conquest save (format {data.get('format')!r})"])
    version = data.get("version")
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise DataError([f"{file}: version: expected a positive integer, got {version!r}"])
    if version > SAVE_VERSION:
        made_by = data.get("game_version", "a newer version")
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
    if isinstance(data.get("version"), int) and data["version"] >= 2 and data.get("format") == SAVE_FORMAT \
            and data["version"] <= SAVE_VERSION and data.get("checksum") != checksum(data):
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
        # the ruleset's schema moved on since: the same mods at the same versions give the same rules
        rules_now = _installed_ruleset(save.mods)
        if rules_now is None:
            from game.mods import check_mods_available

            problems = check_mods_available({m.id: m.version for m in save.mods})
            if problems:  # the likely reason: the ruleset needs mods (or versions) that are not here
                raise DataError([f"{file}: mods: {problem}" for problem in problems]) from None
            if isinstance(exc, DataError):
                raise DataError([f"{file}: mods: {line}" for line in exc.errors]) from None
            raise _pydantic_errors(file, exc, "ruleset.") from None
        rules = rules_now
    return save, rules


def _embedded_ruleset(save: SaveData) -> Ruleset:
    """The ruleset the save carries, validated with the App of its ruleset and mods (their ability kinds)."""
    from game.content import app_for_mods
    from game.content.data import validate_rules

    recorded = save.ruleset.get("mods") if isinstance(save.ruleset, dict) else None
    ids = [m.get("id") for m in recorded if isinstance(m, dict)] if isinstance(recorded, list) else []
    app = app_for_mods([i for i in ids if isinstance(i, str)] or [m.id for m in save.mods])
    return validate_rules(app, save.ruleset)  # type: ignore[return-value]


def _installed_ruleset(mods: list[ModRef]) -> Ruleset | None:
    """The installed ruleset when it has exactly the save's mods at the save's versions, else None."""
    from game.rules_loader import load_ruleset

    installed = _installed_mod_versions()
    if any(installed.get(m.id) != m.version for m in mods):
        return None
    try:
        rules = load_ruleset([m.id for m in mods if m.id != "base"])
    except DataError:
        return None
    return rules if [(m.id, m.version) for m in rules.mods] == [(m.id, m.version) for m in mods] else None


class _Restored:
    """Validated, plain Python content of a save, ready to become an esper world."""

    def __init__(self) -> None:
        self.entities: list[tuple[int, list[object]]] = []
        self.history: list[tuple[int, int, Any]] = []


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
    """Everything checked before any entity is created: types, ids, references, the state digest."""
    state = save.state
    errors: list[str] = []

    def bad(where: str, message: str) -> None:
        errors.append(f"{file}: {where}: {message}")

    digest = canonical_hash({"clock": state.clock.model_dump(), "seats": state.seats, "rng": state.rng,
                             "entities": state.entities})
    if digest != state.hash:
        raise DataError([f"{file}: state.hash: the state does not match its digest (the save was modified or "
                         "damaged)"])
    board = save.board
    size = board.width * board.height
    if len(board.terrain) != size:
        bad("board.terrain", f"{len(board.terrain)} territories for a {board.width}x{board.height} board")
    for index, terrain in enumerate(board.terrain):
        if terrain not in rules.terrain:
            bad(f"board.terrain.{index}", f"unknown terrain {terrain!r}")
            break
    seats = state.seats
    if not seats or sorted(set(seats)) != seats:
        bad("state.seats", "expected seats in ascending order without repeats")
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
    if clock.winner is not None and clock.winner not in seats:
        bad("state.clock.winner", f"seat {clock.winner} is not at the table")
    _check_rng(file, state.rng)
    if errors:
        raise DataError(errors)

    out = _Restored()
    by_id: dict[int, dict[str, object]] = {}
    for key, comps in state.entities.items():
        if not key.isdigit() or int(key) < 1:
            raise DataError([f"{file}: state.entities.{key}: entity ids are positive integers"])
        entity = int(key)
        if entity >= state.next_entity:
            raise DataError([f"{file}: state.entities.{key}: id is not below state.next_entity"])
        if not comps:
            raise DataError([f"{file}: state.entities.{key}: an entity needs at least one component"])
        built: dict[str, object] = {}
        for name, fields in comps.items():
            try:
                built[name] = component_from_data(name, fields, f"state.entities.{key}.{name}", app.components)
            except CodecError as exc:
                raise DataError([f"{file}: {exc.field}: {exc.message}"]) from None
        by_id[entity] = built
    errors.extend(_reference_errors(by_id, rules, seats, size, board.terrain, file, set(app.components)))
    if errors:
        raise DataError(errors[:20])
    out.entities = [(e, list(by_id[e].values())) for e in sorted(by_id)]
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
    return out


def _reference_errors(
    by_id: dict[int, dict[str, object]], rules: Ruleset, seats: list[int], size: int, terrain: list[str], file: str,
    registered: set[str] | None = None,
) -> list[str]:
    """Ids that must point at entities of the right kind, owners that must be seats, one entity per territory."""
    errors: list[str] = []

    def bad(entity: int, name: str, field: str, message: str) -> None:
        errors.append(f"{file}: state.entities.{entity}.{name}.{field}: {message}")

    def has(entity: int | None, name: str) -> bool:
        return entity is not None and name in by_id.get(entity, {})

    seat_set = set(seats)
    territories: dict[int, int] = {}
    players: dict[int, int] = {}
    holder: dict[int, int] = {}
    for entity, comps in by_id.items():
        for name, comp in comps.items():
            if isinstance(comp, Territory):
                if not 0 <= comp.index < size:
                    bad(entity, name, "index", f"territory {comp.index} is off the board")
                elif comp.index in territories:
                    bad(entity, name, "index", f"territory {comp.index} appears twice")
                else:
                    territories[comp.index] = entity
                    if comp.terrain != terrain[comp.index]:
                        bad(entity, name, "terrain", "does not match the board")
            elif isinstance(comp, Ownership) and comp.owner is not None and comp.owner not in seat_set:
                bad(entity, name, "owner", f"seat {comp.owner} is not at the table")
            elif isinstance(comp, Player):
                if comp.seat not in seat_set or comp.seat in players:
                    bad(entity, name, "seat", f"seat {comp.seat} is unknown or repeated")
                players[comp.seat] = entity
                for needed in ("Stockpile", "HomeBase"):  # when the game's ruleset has them at all
                    if needed not in comps and (registered is None or needed in registered):
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
                if comp.structure_type not in rules.structures:
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
                    if upgrade not in rules.upgrades:
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


def build_game(save: SaveData, rules: Ruleset, content: _Restored, app: App | None = None) -> Game:
    """A new esper world holding exactly the saved entities (same ids), and the Game around it (with the
    App of its ruleset and mods, `app_for(rules)` when not given)."""
    import random

    state = save.state
    previous = esper.current_world
    name = fresh_world_name("loaded")
    esper.switch_world(name)
    try:
        for entity, comps in content.entities:
            _set_entity_counter(entity)
            created = esper.create_entity(*comps)
            assert created == entity
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
            board=GridBoard(board.width, board.height),
            rng=rng,
            terrain=list(board.terrain),
            seats=list(state.seats),
            start_zones={int(seat): tuple(zone) for seat, zone in board.start_zones.items()},
            map_name=board.name,
            seed=save.seed,
            clock=Clock(round=clock.round, seat=clock.seat, stage=clock.stage, winner=clock.winner),
        )
        tiles = [0] * (board.width * board.height)
        for entity, territory in esper.get_component(Territory):
            tiles[territory.index] = entity
        world.tiles = tiles
        world.owned = {seat: set() for seat in world.seats}
        for entity, player in esper.get_component(Player):
            world.players[player.seat] = entity
        for territory_index, entity in enumerate(tiles):
            owner = esper.component_for_entity(entity, Ownership).owner
            if owner is not None:
                world.owned.setdefault(owner, set()).add(territory_index)
        return Game(world, history=list(content.history))
    except BaseException:
        esper.switch_world(previous)
        esper.delete_world(name)
        raise


def require_mods(mods: Sequence[ModRef], rules: Ruleset, file: str, search: Sequence[Path] | None = None) -> None:
    """DataError naming the file, `mods` and every mod that is missing or installed at another version."""
    recorded = [(m.id, m.version) for m in mods]
    if recorded != [(m.id, m.version) for m in rules.mods]:
        raise DataError([f"{file}: mods: the recorded mods do not match the embedded ruleset's mods"])
    from game.mods import check_mods_available

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
    save, rules = parse_save(data, source)
    require_mods(save.mods, rules, source, search)
    if errors := _stats_errors(save, source):
        raise DataError(errors)
    app = game_app(rules, source, search)  # before decoding: the game's components and commands
    content = _validate_content(save, rules, source, app)
    return build_game(save, rules, content, app), _extras(save)


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
