"""Computer turns and new games off the server's event loop: worker processes (one per core) that think and
build, the loop that journals and applies.

A computer player's turn can take seconds on a large board; run on the event loop it stalls every other game.
Each worker process keeps a copy (a replica) of the games it plays, fed with the commands the server accepted
since its last request, and plays the waiting computer seats on its copy exactly as the server would
(`Hosted.play_computer`); it answers with the commands, which the server then submits to its own game in small
batches (the engine decides: the same commands from the same state give the same outcome, dice included).
A game always goes to the same worker (by its id), so its copy is reused. The server's game stays the only
authority: if anything changed meanwhile, or a command is refused, the answer is dropped and asked again
(the worker then rebuilds its copy from the first command).

A worker also builds the server's new games (`build`: map generation and world setup, ~0.1 s for a 64x64 board)
and keeps the game as its copy; the server journals what it answers and loads the game only when someone comes
in. A game nobody is in whose computer seats are to play is played on the worker's copy alone (`drive`): the
worker answers the journal writes (the same records `Hosted.play_computer` makes on the server) and the game's
new lobby line; the server stores them and never builds the game's world. The worker's copy comes from the
journal when it has none (a restart, a copy dropped). The same seed and commands give the same game everywhere.
"""

from __future__ import annotations

import asyncio
import functools
import multiprocessing
import os
import threading
import time
import zlib
from collections import OrderedDict
from concurrent.futures import ProcessPoolExecutor
from typing import Any

PARENT_CHECK_SECONDS = 1.0  # how often a worker checks that the server still runs
REPLICAS = 32  # games a worker keeps a copy of (least recently played dropped first)



@functools.cache
def worker_copies() -> OrderedDict[str, tuple[Any, dict[str, Any]]]:
    """In a worker process: its copies of games, id -> (copy, command types), least recently played first (one
    per process, made on first use; the server process never makes it)."""
    return OrderedDict()


def default_workers() -> int:
    return max(1, os.cpu_count() or 1)


class ComputerPool:
    """`workers` single-process executors; a game's requests all go to the same one."""

    def __init__(self, workers: int) -> None:
        from game.content import discover

        context = multiprocessing.get_context("spawn")  # the server has threads (the journal's): never fork it
        # a worker reads the rulesets and mods from the server's folders (a test's server may have its own)
        self.executors = [ProcessPoolExecutor(1, mp_context=context, initializer=_start_worker,
                                              initargs=(os.getpid(), discover.BUNDLED_MODS)) for _ in range(workers)]

    def executor(self, game_id: str) -> ProcessPoolExecutor:
        return self.executors[zlib.crc32(game_id.encode()) % len(self.executors)]

    async def play(self, game_id: str, request: dict[str, Any]) -> dict[str, Any]:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self.executor(game_id), play, request)

    async def build(self, game_id: str, request: dict[str, Any]) -> dict[str, Any]:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self.executor(game_id), build, request)

    async def drive(self, game_id: str, request: dict[str, Any]) -> dict[str, Any]:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self.executor(game_id), drive, request)

    def close(self) -> None:
        for executor in self.executors:
            executor.shutdown(wait=False, cancel_futures=True)


def _start_worker(parent: int, bundled: Any) -> None:
    """In a worker: the server's content folders; end when the server ends, however it ends (kill -9 included:
    nothing else would tell it)."""
    from game.content import discover

    discover.BUNDLED_MODS = bundled
    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(PARENT_CHECK_SECONDS)
        os._exit(0)

    threading.Thread(target=watch, name="follow-server", daemon=True).start()


def request_for(hosted: Any, known: int | None, snapshot_round: int) -> dict[str, Any]:
    """What a worker needs to play `hosted`'s waiting computer seats: the commands after `known` (the seq its
    copy is at; None: it has none, so the header and every command); from `snapshot_round` on the worker also
    takes the game's snapshot (game.net.hosted.snapshot_of: ~0.1 s on a 64x64 board, kept off the loop)."""
    from game.codec import command_to_data

    start = 0 if known is None else known
    history = hosted.game.history
    commands = [[issuer, command_to_data(command)] for _, issuer, command in
                (history[i] for i in range(start, len(history)))]
    return {"game": hosted.id, "fresh": known is None, "header": hosted.header if known is None else None,
            "settings": hosted.settings if known is None else None, "name": hosted.name,
            "seats": [s.data() for s in hosted.seats.values()], "from": start, "commands": commands,
            "snapshot_round": snapshot_round}


def _keep(game_id: str, held: tuple[Any, dict[str, Any]]) -> None:
    """Keep a worker's copy of a game as its most recently played (the least recently played dropped)."""
    replicas = worker_copies()
    replicas[game_id] = held
    replicas.move_to_end(game_id)
    while len(replicas) > REPLICAS:
        _, (dropped, _) = replicas.popitem(last=False)
        dropped.release()


def build(request: dict[str, Any]) -> dict[str, Any]:
    """In a worker: a new game (game.net.hosted.create, with the server's time `now`), kept as this worker's copy;
    what the server journals (`stored`) and lists (`info`), or the problems with the request (`errors`: the
    client's to read) or why it failed (`failed`: the server's log's)."""
    from game.errors import DataError
    from game.net.hosted import create

    now = request["now"]
    try:
        hosted = create(**request["create"], clock=lambda: now, track=False)
    except DataError as exc:
        return {"errors": list(exc.errors)}
    except (ValueError, OSError) as exc:
        return {"failed": f"{type(exc).__name__}: {exc}"}
    _keep(request["game"], (hosted, hosted.game.app.command_types()))
    return {"stored": hosted.stored(), "info": hosted.info()}


def drive(request: dict[str, Any]) -> dict[str, Any]:
    """In a worker: play the waiting computer seats of a game the server has not loaded, on this worker's copy
    (rebuilt from `stored`, the journal's, when given); the journal writes of what was played, the game's lobby
    line after it and its seq, the commands (a server that loaded the game meanwhile asks again) and a snapshot
    from `snapshot_round` on. `stale`: the copy is not at `from` (the server sends the journal's game)."""
    from game.errors import DataError
    from game.net.hosted import restore, snapshot_of

    game_id = request["game"]
    now = request["now"]
    stored = request.get("stored")
    held: tuple[Any, dict[str, Any]] | None
    if stored is not None:
        try:
            hosted = restore(stored, lambda: now, track=False)
        except DataError as exc:
            return {"failed": "; ".join(exc.errors)}
        held = (hosted, hosted.game.app.command_types())
    else:
        held = worker_copies().get(game_id)
        if held is None or len(held[0].game.history) != request["from"]:
            worker_copies().pop(game_id, None)
            return {"stale": True}
    _keep(game_id, held)
    hosted = held[0]
    hosted.clock = lambda: now
    before = len(hosted.game.history)
    start = _follow_spectators(hosted, request)
    try:
        records, writes = hosted.play_computer()
    except Exception as exc:  # the server loads the game and plays it itself
        worker_copies().pop(game_id, None)
        return {"failed": f"{type(exc).__name__}: {exc}"}
    game = hosted.game
    hosted.durable_seq = len(game.history)
    played = [[issuer, command_to_data_(command)] for _, issuer, command in
              (game.history[i] for i in range(before, len(game.history)))]
    snapshot = snapshot_of(game) if records and game.world.clock.round >= request["snapshot_round"] and not game.over \
        else None
    return {"stale": False, "from": before, "commands": played, "writes": writes, "seq": len(game.history),
            "info": hosted.info(), "turn_started": hosted.turn_started, "snapshot": snapshot,
            **(_spectated(records, start) if hosted.tracker is not None else {})}


def _follow_spectators(hosted: Any, request: dict[str, Any]) -> dict[str, Any] | None:
    """In a worker: follow the spectator's view on the copy while the server has spectators for it (`spectators`);
    the whole view now when the server asks for it (`view`: a spectator waits for it). A copy's tracker is only
    ever advanced with it (game.net.hosted: `_capture`), so it is at the copy's state whenever it is there; a
    tracker started afresh on the same state gives the same view the server keeps."""
    if not request.get("spectators"):
        hosted.tracker = None  # nobody to follow the view for: reading the board every turn would be wasted
        return None
    if hosted.tracker is None:
        hosted.track([None])
    return hosted.tracker.state_of(None) if request.get("view") else None


def _spectated(records: list[dict[str, Any]], start: dict[str, Any] | None) -> dict[str, Any]:
    """What the server forwards to a game's spectators: each command's `update` as a spectator gets it (the events
    it may see: game.views.events_for), encoded here off the loop, and the changes of the spectator's view (the
    last record of each submit carries one); `start`: the whole view before them."""
    from game.net import protocol
    from game.net.views import update_for

    frames, changes = [], []
    for record in records:
        change = record.get("change")
        mine = None if change is None else change[None]
        if mine is not None:
            changes.append(mine)
        frames.append(protocol.encode(update_for(None, record, mine)))
    return {"spectated": {"view": start, "frames": frames, "changes": changes}}


def play(request: dict[str, Any]) -> dict[str, Any]:
    """In a worker: bring the copy up to date and play the waiting computer seats on it; the commands played
    (each with the seat that issued it) and the copy's seq after them."""
    from game.codec import command_from_data
    from game.net.hosted import Hosted, SeatState, snapshot_of
    from game.replay import header_from_data, start_game
    from game.saves import game_app

    game_id = request["game"]
    replicas = worker_copies()
    held = None if request["fresh"] else replicas.get(game_id)
    if held is None or len(held[0].game.history) != request["from"]:
        if not request["fresh"]:
            return {"stale": True}  # the server sends everything again
        header = header_from_data(request["header"], f"game {game_id}")
        held = (Hosted(game_id, request["name"], request["settings"], request["header"], start_game(header), {}, 0.0,
                       0.0), game_app(header.rules, f"game {game_id}").command_types())
    hosted, kinds = held
    _keep(game_id, held)
    hosted.tracker = None  # the commands below are submitted without it: a tracker kept would fall behind
    hosted.seats = {s["seat"]: SeatState(s["seat"], s["kind"], s["name"], s["difficulty"]) for s in request["seats"]}
    for issuer, data in request["commands"]:
        result = hosted.game.submit(command_from_data(data, "command", kinds), seat=issuer)
        if not result.ok:
            replicas.pop(game_id, None)
            return {"stale": True}
    before = len(hosted.game.history)
    hosted.play_computer()
    played = [[issuer, command_to_data_(command)] for _, issuer, command in
              (hosted.game.history[i] for i in range(before, len(hosted.game.history)))]
    game = hosted.game
    snapshot = snapshot_of(game) if game.world.clock.round >= request["snapshot_round"] and not game.over else None
    return {"stale": False, "from": before, "commands": played, "seq": len(game.history), "snapshot": snapshot}


def command_to_data_(command: Any) -> dict[str, Any]:
    from game.codec import command_to_data

    return command_to_data(command)
