"""Replays: the seed, the ordered commands and a state hash per round; re-run to watch or to verify.

A replay starts from what `new_game` needs (ruleset, board, players, seed) and feeds the recorded commands
through `Game.submit` again. `hashes[r]` is the state hash right after the command that finished round r
(round 0 is base choice), and `final_hash` the hash after the last command. `verify` reports the first
round whose hash differs, or the first command the rules now reject.

A save holds the same header and the command history, so `foc replay SAVE --verify` checks that the saved
history reproduces the saved state. Replays record the mods and their versions; loading one checks they
are installed and registers their plugins (new games built from the header get the plugins' schedule).
"""

from __future__ import annotations

import reprlib
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

import esper
from pydantic import BaseModel, ConfigDict, ValidationError

from components.commands import Command
from components.rules import Ruleset
from game.codec import CodecError, command_from_data, command_to_data
from game.engine import Game
from game.errors import DataError
from game.maps import MapData
from game.saves import (
    SAVE_FORMAT,
    BoardData,
    ModRef,
    PlayerData,
    atomic_write,
    board_data,
    encode,
    game_and_extras_from_data,
    game_app,
    game_version,
    read_raw,
    require_mods,
    ruleset_data,
    saves_dir,
)
from game.setup import PlayerSpec, new_game
from game.snapshot import state_hash
from systems import queries as q

if TYPE_CHECKING:
    from game.stats import StatsTracker
    from game.summary import EventJournal

REPLAY_FORMAT = "forces-of-conquest-replay"
REPLAY_VERSION = 1
REPLAY_SUFFIX = ".focreplay.json.gz"


class ReplayV1(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    format: Literal["forces-of-conquest-replay"]
    version: Literal[1]
    game_version: str
    seed: int
    mods: list[ModRef]
    ruleset: dict[str, Any]
    board: BoardData
    players: list[PlayerData]
    commands: list[list[Any]]
    hashes: dict[str, str]
    final_hash: str
    winner: int | None = None


@dataclass
class Header:
    """Everything a replay starts from."""

    seed: int
    rules: Ruleset
    board: BoardData
    players: list[PlayerData]


@dataclass
class Verdict:
    """The outcome of re-running a replay."""

    ok: bool
    rounds: int
    commands: int
    first_bad_round: int | None = None
    expected: str | None = None
    actual: str | None = None
    message: str = ""


def players_of(game: Game) -> list[dict[str, Any]]:
    world = game.world
    world.activate()
    out = []
    for seat in world.seats:
        player = q.player(world, seat)
        out.append({"name": player.name, "computer": player.computer, "difficulty": player.difficulty})
    return out


def start_game(header: Header) -> Game:
    """The game as it stood before the first command: same ruleset, board, players and seed."""
    count = len(header.players)
    board = header.board
    map_data = MapData(
        name=board.name,
        width=board.width,
        height=board.height,
        terrain=tuple(board.terrain),
        start_zones={count: {int(seat): tuple(zone) for seat, zone in board.start_zones.items()}},
        source="replay",
        topology=dict(board.topology),
    )
    specs = [PlayerSpec(p.name, p.computer, p.difficulty) for p in header.players]
    return new_game(header.rules, map_data, specs, header.seed)


def run_commands(
    game: Game, commands: Iterable[tuple[int, int, Command]],
    on_round: Callable[[int, str], bool] | None = None,
) -> tuple[int, str | None]:
    """Submit recorded commands in order; after each finished round call on_round(round, hash) (False stops).

    Each command is submitted by the seat recorded as its issuer. Returns (commands applied, a problem or None):
    a command the rules reject, or one recorded for another round than the game is at (or, in a seat phase,
    for another seat than the acting one), is a problem.
    """
    world = game.world
    applied = 0
    for index, (rnd, seat, command) in enumerate(commands):
        sequential = game.awaiting_seat
        if world.clock.round != rnd or (sequential and world.clock.seat != seat):
            return applied, (f"command {index} was recorded in round {rnd} for seat {seat}, but the game is at "
                             f"round {world.clock.round}, seat {world.clock.seat}")
        before = world.clock.round
        result = game.submit(command, seat=seat)
        if not result.ok:
            return applied, f"command {index} ({type(command).__name__}, round {rnd}) is rejected: {result.reason}"  # type: ignore[union-attr]
        applied += 1
        if world.clock.round != before and on_round is not None and not on_round(before, state_hash(world)):
            return applied, None
    return applied, None


def header_of(game: Game) -> dict[str, Any]:
    world = game.world
    return {
        "game_version": game_version(),
        "seed": world.seed,
        "mods": [{"id": m.id, "version": m.version} for m in world.rules.mods],
        "ruleset": ruleset_data(world.rules),
        "board": board_data(world),
        "players": players_of(game),
    }


def replay_data(game: Game) -> dict[str, Any]:
    """A replay of a game so far: the game is re-run from its seed (in a world of its own) to take the hashes.

    Raises DataError when the commands do not reproduce the game (a game changed outside `submit`).
    """
    header = header_of(game)
    commands = list(game.history)
    target = state_hash(game.world)
    parsed = _header_from(header, "<game>")
    previous = esper.current_world
    fresh = start_game(parsed)
    hashes: dict[str, str] = {}

    def keep(rnd: int, digest: str) -> bool:
        hashes[str(rnd)] = digest
        return True

    try:
        applied, problem = run_commands(fresh, commands, keep)
        final = state_hash(fresh.world)
    finally:
        _drop(fresh, previous)
    if problem is not None or final != target:
        raise DataError([f"<game>: history: the recorded commands do not reproduce this game "
                         f"({problem or 'the final state differs'})"])
    return {
        "format": REPLAY_FORMAT,
        "version": REPLAY_VERSION,
        **header,
        "commands": [[r, s, command_to_data(c)] for r, s, c in commands],
        "hashes": hashes,
        "final_hash": final,
        "winner": game.world.clock.winner,
    }


def save_replay(game: Game, path: str | Path | None = None) -> Path:
    """Write the game's replay (gzip-compressed JSON, written atomically)."""
    if path is None:
        path = saves_dir() / "replays" / f"replay-seed{game.world.seed}-r{game.world.clock.round:04d}{REPLAY_SUFFIX}"
    path = Path(path)
    atomic_write(path, encode(replay_data(game)))
    return path


def _header_from(
    data: dict[str, Any], file: str, mod_ids: list[str] | None = None, search: Sequence[Path] | None = None
) -> Header:
    from game.content import app_for_mods
    from game.content.data import validate_rules

    if mod_ids is None:
        mod_ids = [m["id"] for m in data.get("mods", [])]
    from game.maps import map_size_problem, territory_limit

    try:
        app = app_for_mods(mod_ids, search)
    except DataError as exc:
        raise DataError([f"{file}: mods: {line}" for line in exc.errors]) from None
    try:
        rules = validate_rules(app, data["ruleset"])
    except ValidationError as exc:
        first = exc.errors()[0]
        raise DataError([f"{file}: ruleset.{'.'.join(map(str, first['loc']))}: {first['msg']}"]) from None
    from game.embedded_rules import embedded_rules_errors

    if isinstance(data["ruleset"], dict) and (errors := embedded_rules_errors(rules, data["ruleset"], file, search)):
        raise DataError(errors)  # not edited: exactly what the recorded mods give with the recorded options
    board = data["board"] if isinstance(data["board"], BoardData) else BoardData.model_validate(data["board"])
    if (problem := map_size_problem(territory_limit(rules), board.width, board.height)) is not None:
        raise DataError([f"{file}: board: {problem}"])  # before any board is built
    if len(board.terrain) != board.width * board.height:
        raise DataError([f"{file}: board.terrain: {len(board.terrain)} territories for a "
                         f"{board.width}x{board.height} board"])
    if unknown := sorted(set(board.terrain) - set(rules.terrain)):
        raise DataError([f"{file}: board.terrain: unknown terrain {unknown[0]!r}"])
    players = [p if isinstance(p, PlayerData) else PlayerData.model_validate(p) for p in data["players"]]
    if len(players) != len(board.start_zones):
        raise DataError([f"{file}: players: {len(players)} players for {len(board.start_zones)} start zones"])
    return Header(seed=data["seed"], rules=rules, board=board, players=players)  # type: ignore[arg-type]


def header_from_data(data: dict[str, Any], source: str) -> Header:
    """A replay header (as `header_of` wrote it) validated strictly; DataError naming `source` otherwise."""
    try:
        return _header_from(data, source)
    except (KeyError, TypeError, ValidationError) as exc:
        raise DataError([f"{source}: header: {exc}"]) from None


def _commands_from(
    entries: list[list[Any]], file: str, where: str, commands: dict[str, type[Command]]
) -> list[tuple[int, int, Command]]:
    out = []
    for index, entry in enumerate(entries):
        if len(entry) != 3 or not all(isinstance(v, int) and not isinstance(v, bool) for v in entry[:2]):
            raise DataError([f"{file}: {where}.{index}: expected [round, seat, command]"])
        try:
            out.append((entry[0], entry[1], command_from_data(entry[2], f"{where}.{index}.2", commands)))
        except CodecError as exc:
            raise DataError([f"{file}: {exc.field}: {exc.message}"]) from None
    return out


@dataclass
class LoadedReplay:
    header: Header
    commands: list[tuple[int, int, Command]]
    hashes: dict[int, str]
    final_hash: str
    source: str


def load_replay(path: str | Path, search: Sequence[Path] | None = None) -> LoadedReplay:
    """A replay file, or a save file (its history, checked against its saved state), validated strictly.

    The mods it was played with must be installed at the same versions (DataError naming each one that is
    not); their plugins are registered before the commands are decoded.
    """
    path = Path(path)
    file = str(path)
    raw = read_raw(path)
    if raw.get("format") == SAVE_FORMAT:
        return _save_as_replay(raw, file, search)
    if raw.get("format") != REPLAY_FORMAT:
        raise DataError([f"{file}: format: not a Forces of Conquest replay (format {reprlib.repr(raw.get('format'))})"])
    version = raw.get("version")
    if isinstance(version, int) and not isinstance(version, bool) and version > REPLAY_VERSION:
        raise DataError([f"{file}: version: replay format {version} is newer than this game reads "
                         f"({REPLAY_VERSION}); update the game"])
    try:
        replay = ReplayV1.model_validate(raw)
    except ValidationError as exc:
        first = exc.errors()[0]
        raise DataError([f"{file}: {'.'.join(map(str, first['loc'])) or '(root)'}: {first['msg']}"]) from None
    from game.content.discover import check_mods_available

    if problems := check_mods_available({m.id: m.version for m in replay.mods}, search):
        raise DataError([f"{file}: mods: {problem}" for problem in problems])
    header = _header_from({"ruleset": replay.ruleset, "board": replay.board, "players": replay.players,
                           "seed": replay.seed}, file, [m.id for m in replay.mods], search)
    require_mods(replay.mods, header.rules, file, search)
    app = game_app(header.rules, file, search)
    hashes: dict[int, str] = {}
    for key, digest in replay.hashes.items():
        if not key.isdigit():
            raise DataError([f"{file}: hashes.{key}: round numbers are non-negative integers"])
        hashes[int(key)] = digest
    return LoadedReplay(header, _commands_from(replay.commands, file, "commands", app.command_types()), hashes, replay.final_hash, file)


def _save_as_replay(raw: dict[str, Any], file: str, search: Sequence[Path] | None) -> LoadedReplay:
    """A save's history as a replay to verify against the saved state: the save is loaded with every check
    loading makes (a save that cannot be loaded is never "verified"), then its world is dropped again."""
    previous = esper.current_world
    game, _ = game_and_extras_from_data(raw, file, search)
    try:
        world = game.world
        header = Header(seed=world.seed, rules=world.rules, board=BoardData.model_validate(board_data(world)),
                        players=[PlayerData.model_validate(p) for p in players_of(game)])
        final = state_hash(world)
    finally:
        _drop(game, previous)
    return LoadedReplay(header, list(game.history), {}, final, file)


def _players_in_save(entities: dict[str, dict[str, dict[str, Any]]], seats: list[int]) -> list[PlayerData]:
    found: dict[int, PlayerData] = {}
    for comps in entities.values():
        player = comps.get("Player")
        if isinstance(player, dict) and isinstance(player.get("seat"), int):
            found[player["seat"]] = PlayerData(
                name=str(player.get("name", "")), computer=bool(player.get("computer", False)),
                difficulty=str(player.get("difficulty", "normal")),
            )
    return [found[s] for s in seats if s in found]


def verify(replay: LoadedReplay) -> Verdict:
    """Re-run the replay and compare the state hash after every round (and at the end)."""
    previous = esper.current_world
    game = start_game(replay.header)
    bad: dict[str, Any] = {}
    checked = 0

    def compare(rnd: int, digest: str) -> bool:
        nonlocal checked
        expected = replay.hashes.get(rnd)
        if expected is None:
            return True
        checked += 1
        if digest != expected:
            bad.update(round=rnd, expected=expected, actual=digest)
            return False
        return True

    try:
        applied, problem = run_commands(game, replay.commands, compare)
        rounds = game.world.clock.round
        final = state_hash(game.world)
    finally:
        _drop(game, previous)
    if bad:
        return Verdict(False, rounds, applied, bad["round"], bad["expected"], bad["actual"],
                       f"round {bad['round']}: the state hash differs (expected {bad['expected'][:12]}…, "
                       f"got {bad['actual'][:12]}…)")
    if problem is not None:
        return Verdict(False, rounds, applied, rounds, None, None, problem)
    if final != replay.final_hash:
        return Verdict(False, rounds, applied, rounds, replay.final_hash, final,
                       f"round {rounds}: the final state hash differs (expected {replay.final_hash[:12]}…, "
                       f"got {final[:12]}…)")
    return Verdict(True, rounds, applied, message=f"{applied} commands, {checked} round hashes and the final state "
                   "match")


def rebuild_stats(game: Game) -> StatsTracker:
    """The end-game statistics a client would have collected over the game so far (see `rebuild_record`).

    For saves that carry no statistics (format v1/v2): `load_game_with_extras` gives `extras.stats` None.
    """
    return rebuild_record(game)[1]


def rebuild_record(game: Game) -> tuple[EventJournal, StatsTracker]:
    """The event journal and statistics a client would have collected over the game so far, rebuilt by
    replaying its history in a world of its own (the game is not changed): a loaded game's log and victory
    statistics then start from its first move, not from the moment it was loaded. DataError when a recorded
    command is refused."""
    from game.stats import StatsTracker
    from game.summary import EventJournal

    previous = esper.current_world
    header = _header_from(header_of(game), "<game>")
    fresh = start_game(header)
    journal, stats = EventJournal(fresh), StatsTracker(fresh)
    try:
        for index, (_, seat, command) in enumerate(game.history):
            result = fresh.submit(command, seat=seat)
            if not result.ok:
                raise DataError([f"<game>: history.{index}: the recorded command is rejected: "
                                 f"{result.reason}"])  # type: ignore[union-attr]
            stats.observe(fresh, journal.record(fresh, result))
    finally:
        _drop(fresh, previous)
    game.world.activate()
    return journal, stats


def _drop(game: Game, previous: str) -> None:
    """Delete a re-run's esper world and make `previous` current again."""
    name = game.world.name
    esper.switch_world(previous if previous in esper.list_worlds() and previous != name else "default")
    if name in esper.list_worlds():
        esper.delete_world(name)


def run_replay(args: Any) -> int:
    """`foc replay FILE [--verify]`: re-run a replay (or a save's history) and report."""
    try:
        replay = load_replay(args.file)
        if args.verify:
            verdict = verify(replay)
    except DataError as exc:
        for line in exc.errors:
            print(line)
        return 2
    if args.verify:
        if verdict.ok:
            print(f"{replay.source}: replay verified: {verdict.message} ({verdict.rounds} rounds)")
            return 0
        print(f"{replay.source}: replay differs: {verdict.message}")
        return 1
    previous = esper.current_world
    try:
        game = start_game(replay.header)
    except DataError as exc:
        for line in exc.errors:
            print(line)
        return 2
    try:
        applied, problem = run_commands(game, replay.commands)
        world = game.world
        outcome = f"seat {world.clock.winner} won" if world.clock.winner is not None else "no winner yet"
        print(f"{replay.source}: {applied} commands replayed to round {world.clock.round}: {outcome}")
        if problem:
            print(f"stopped: {problem}")
            return 1
    finally:
        _drop(game, previous)
    return 0
