"""`foc serve`: one authoritative process hosting many games over WebSockets (the `websockets` library).

Clients only send requests; commands are decoded by the strict codec, checked against the seat the
connection holds (the engine's issuer: `Game.submit(command, seat=holder)`), journaled durably
(`game.net.journal`) and only then acknowledged and sent to every seat and watcher through the per-seat view
function (`game.net.views`): a client gets its seat's view and its changes, never the whole game. Each connection has a bounded send queue and a rate limit; a problem with
one connection (bad frames, floods, a slow reader, an exception) is answered or ends that connection, never
a game. The protocol is described in docs/network.md.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import re
import secrets
import signal
import sys
import time
import uuid
from collections.abc import Iterable
from concurrent.futures import Future
from pathlib import Path
from typing import Any

import websockets
from websockets.asyncio.server import ServerConnection, serve

from game.codec import CodecError, command_from_data
from game.content.manifest import MOD_ID_PATTERN
from game.errors import DataError
from game.net import heap, protocol
from game.net.clock import Clock, FileClock, wall
from game.net.computers import ComputerPool, default_workers, request_for
from game.net.connection import Conn, peer_host
from game.net.feed import Feed
from game.net.hosted import (
    COMPUTER,
    HUMAN,
    OPEN,
    Hosted,
    SeatState,
    StaleSnapshot,
    create,
    new_token,
    restore,
    ruleset_choices,
    snapshot_of,
    token_hash,
)
from game.net.journal import EXPIRED, FINISHED, Journal, StoredGame, Write
from game.net.lifecycle import ARCHIVE, Entry, Lifetimes, verdict
from game.net.protocol import ProtocolError
from game.net.quiet_log import OncePerSecond, quiet_exceptions
from game.net.quota import Address, Quotas
from game.net.views import Viewer, event_from_data, public_header, state_for, update_for
from game.views import events_for
from game.words import plural

log = logging.getLogger("foc.serve")
MAX_GAMES = 5000
CHECKPOINT_ROUNDS = 5  # rounds between snapshots of a game (restart and history start there)
THINK_BATCH = 16  # commands of a computer's turn submitted per turn of the event loop (one game's batch a turn)
SWEEP_SECONDS = 1.0  # how often the games' lives are looked at (game.net.lifecycle)
SEED_BITS = 128  # a network game's seed: drawn by the server alone, never sent (no search can find it)
TICK = 0.25  # seconds between turn-timer checks
SINCE_LIMIT = 2000  # commands whose events a returning viewer is sent ("what happened since")
STATE_TRIES = 20  # journal round-trips a joining viewer waits for the game's commands in flight to be durable


class Server:
    """Every hosted game, the journal, and the connections."""

    def __init__(self, data: Path, synchronous: str = "full", clock: Clock = wall, quotas: Quotas | None = None,
                 client_seeds: bool = False, lifetimes: Lifetimes | None = None, computer_workers: int = 0) -> None:
        self.journal = Journal(data, synchronous)
        self.clock = clock  # turn timers, deadlines and expiry (a test's clock file: game.net.clock)
        self.quotas = quotas or Quotas()
        self.addresses: dict[str, Address] = {}
        # a client-chosen seed lets its creator foresee every die: only for tests and replays (--client-seeds)
        self.client_seeds = client_seeds
        self._mod_ids: set[str] | None = None
        self.lifetimes = lifetimes or Lifetimes()
        # computer turns in worker processes (0: on the event loop, as a test's in-process server does)
        self.pool = ComputerPool(computer_workers) if computer_workers > 0 else None
        self.index: dict[str, Entry] = {}  # every live game, loaded or not (game.net.lifecycle)
        self.games: dict[str, Hosted] = {}  # the games loaded now (their engine state)
        self.conns: set[Conn] = set()
        self.broken: dict[str, str] = {}
        self.loop: asyncio.AbstractEventLoop | None = None
        self._rulesets: list[dict[str, str]] | None = None
        self._outbox: list[tuple[list[Write], Any]] = []  # journal writes of this turn of the loop (_durably)
        self.stopping = False  # the server is shutting down (its workers with it)
        self._creating = 0  # games being built by a computer worker (counted against MAX_GAMES)
        self._recipes: dict[str, dict[str, Any]] = {}  # game built by a worker, never loaded -> how it was made
        self.creators: dict[str, str] = {}  # game -> the address that created it (quotas; not journaled)
        self._driven: dict[str, int] = {}  # game not loaded -> the seq of the worker's copy that plays it (drive)
        self._driving: set[str] = set()
        self._drive_rounds: dict[str, int] = {}  # game not loaded -> the round of its last snapshot
        self._settling: dict[str, Future[None]] = {}  # game -> the journal write of what a worker played, in flight
        self._unsent: dict[str, dict[str, Any]] = {}  # game -> that answer, its spectators' frames not yet sent
        self._feeds: dict[str, Feed] = {}  # game not loaded -> its spectators, fed by its worker (game.net.feed)
        self._applying = asyncio.Lock()  # one batch of a worker's commands applied per turn of the loop (_think)

    # ----- start-up and the games' lives
    def open_index(self) -> list[str]:
        """Read the live games' lobby lines (not their commands: a restart listens at once, whatever the number
        of stored games); the games the server must load to act in (computer seats to play, or a journal
        written before lobby lines were kept)."""
        due: list[str] = []
        for game_id, summary, active, created, _ in self.journal.index():
            if summary:  # nobody is connected after a restart
                summary = {**summary, "watchers": 0, "seats": [{**seat, "connected": False} for seat in summary["seats"]]}
            self.index[game_id] = Entry(game_id, summary, active or created, created)
            if not summary or (not summary.get("over") and _computers_waiting(summary)):
                due.append(game_id)
        return due

    async def _warm(self, due: list[str]) -> None:
        """Play the games whose computer seats were to play: on a worker's copy when there are workers (the server
        builds no world for them), else loaded one per turn of the loop (requests come first)."""
        for game_id in due:
            await asyncio.sleep(0)
            entry = self.index.get(game_id)
            if entry is None or game_id in self.games:
                continue
            if self.pool is not None and entry.summary:
                self._start_drive(game_id)
                continue
            with contextlib.suppress(ProtocolError):
                self._load(game_id)

    def _load(self, game_id: str) -> Hosted:
        """Open a stored game on demand: its latest snapshot and the commands after it (the same state hash as
        before any stop, kill -9 included). ProtocolError when it cannot be restored."""
        settling = self._settling.get(game_id)
        if settling is not None:  # what a worker played is being written: read the journal once it is there
            with contextlib.suppress(Exception):
                settling.result(timeout=30)
            if settling.done() and settling.exception() is None:
                self._forward(game_id)  # its spectators get it before anything the loaded game plays
        stored = self.journal.load(game_id)
        if stored is None:
            raise ProtocolError("no_game", f"game {game_id!r} does not exist")
        recipe = self._recipes.pop(game_id, None)
        remade = self._remade(recipe, stored) if recipe is not None else None
        try:
            try:
                hosted = remade or restore(stored, self.clock, track=False)
            except StaleSnapshot as exc:
                log.error("%s; replaying game %s from its first command", exc.errors[0], game_id)
                hosted = restore(self.journal.load(game_id, snapshot=False) or stored, self.clock, track=False)
        except (DataError, CodecError) as exc:
            lines = exc.errors if isinstance(exc, DataError) else [str(exc)]
            self.broken[game_id] = "; ".join(lines)
            self.index.pop(game_id, None)
            log.error("cannot restore game %s: %s", game_id, "; ".join(lines))
            raise ProtocolError("no_game", f"game {game_id!r} could not be restored: {self.broken[game_id]}") from None
        hosted.lazy_views = True
        hosted.creator = self.creators.get(game_id, "")
        driven = self._driven.pop(game_id, None)
        if driven == hosted.seq:
            hosted.pool_seq = driven  # the worker that played it holds the same game
        self._drive_rounds.pop(game_id, None)
        self.games[game_id] = hosted
        self._take_spectators(hosted)
        entry = self.index.get(game_id)
        if entry is not None:
            entry.summary = hosted.info()
        heap.settle()
        self._after_change(hosted)
        return hosted

    def _take_spectators(self, hosted: Hosted) -> None:
        """A game loaded while its worker fed its spectators: the loaded game follows their view from here (the
        same state as the view they hold: every stored command was forwarded to them); those still waiting for
        the view, or whose view is not at this state, get it now."""
        feed = self._feeds.pop(hosted.id, None)
        if feed is None:
            return
        hosted.watchers |= feed.watchers
        hosted.track()
        behind = feed.watchers if not feed.ready or feed.seq != hosted.seq else feed.waiting
        for conn in list(behind):
            self._catch_up(conn, hosted, None, -1)

    def _remade(self, recipe: dict[str, Any], stored: StoredGame) -> Hosted | None:
        """A game built by a worker that no command has changed yet, made again as it was made (its seed and
        settings: the same game, a third of the work of reading its header back and checking its rules); None
        when it has changed or does not come out the same."""
        if stored.commands or stored.snapshot is not None:
            return None
        try:
            hosted = create(**recipe, clock=self.clock, track=False)
        except (DataError, ValueError, OSError):
            return None
        if json.loads(json.dumps(hosted.header)) != stored.header or hosted.settings != stored.settings:
            hosted.release()
            return None
        hosted.seats = {s["seat"]: SeatState(s["seat"], s["kind"], s["name"], s["difficulty"], s["token_hash"])
                        for s in stored.seats}
        hosted.created, hosted.turn_started = stored.created, stored.turn_started
        return hosted

    def _unload(self, hosted: Hosted) -> None:
        """Let go of a loaded game's engine state (it is all in the journal; loaded again on demand)."""
        self.games.pop(hosted.id, None)
        hosted.release()

    def _retire(self, game_id: str, status: str) -> None:
        """Take a game out of the live set: archived (finished) or expired."""
        entry = self.index.pop(game_id, None)
        hosted = self.games.get(game_id)
        if hosted is not None:
            for _viewer, conns in list(self._audience(hosted)):
                for conn in list(conns):
                    conn.seats.pop(game_id, None)
                    if game_id in conn.watching:
                        conn.watching.discard(game_id)
                        conn.address.watches -= 1
            self._unload(hosted)
        feed = self._feeds.pop(game_id, None)
        for conn in feed.watchers if feed is not None else ():
            if game_id in conn.watching:
                conn.watching.discard(game_id)
                conn.address.watches -= 1
        for address in self.addresses.values():
            address.games.discard(game_id)
        self.creators.pop(game_id, None)
        self._driven.pop(game_id, None)
        self._drive_rounds.pop(game_id, None)
        self._recipes.pop(game_id, None)
        if entry is not None:
            log.info("game %s %s", game_id, "archived" if status == FINISHED else "expired")
        self._durably([Journal.status(game_id, status)], lambda _error: None)

    def sweep(self) -> None:
        """Archive finished games, expire empty and abandoned ones, let go of loaded games nobody is in."""
        now = self.clock()
        for entry in list(self.index.values()):
            hosted = self.games.get(entry.id)
            if entry.id in self._feeds:
                entry.active = now  # spectators are in it
            if hosted is not None:
                if any(True for _ in self._audience(hosted)):
                    entry.active = now  # someone is connected: the game is in use
                    continue
                if hosted.game.over:
                    self._release_creator(hosted)
            if entry.archived:
                if hosted is None or now - entry.active >= self.lifetimes.unload_seconds:
                    self.index.pop(entry.id, None)
                    if hosted is not None:
                        self._unload(hosted)
                continue
            outcome = verdict(entry.summary, entry.active, now, self.lifetimes)  # kept current by _summary
            if outcome is not None:
                self._retire(entry.id, FINISHED if outcome == ARCHIVE else EXPIRED)
                continue
            if (hosted is not None and now - entry.active >= self.lifetimes.unload_seconds
                    and not hosted.computers_to_act() and hosted.seq == hosted.durable_seq):
                entry.summary = hosted.info()  # nobody connected any more
                self._unload(hosted)

    def _release_creator(self, hosted: Hosted) -> None:
        """A finished game no longer counts against its creator's quota."""
        self._release(hosted.id, hosted.creator)

    def _release(self, game_id: str, creator: str) -> None:
        address = self.addresses.get(creator)
        if address is not None:
            address.games.discard(game_id)

    # ----- connections
    async def handle(self, ws: ServerConnection) -> None:
        host = peer_host(ws)
        address = self.addresses.get(host)
        if address is None:
            address = self.addresses[host] = Address(host, self.quotas)
        conn = Conn(ws, address)
        self.conns.add(conn)
        address.conns.add(conn)
        if len(address.conns) > self.quotas.connections_per_address:
            conn.close(1008, f"more than {self.quotas.connections_per_address} connections from your address")
        writer = asyncio.create_task(self._write(conn))
        try:
            async for raw in ws:
                if conn.closed:
                    break
                if not conn.bucket.take():  # RATE_PER_SECOND sustained, RATE_BURST at once
                    conn.strikes += 1
                    if conn.strikes > protocol.RATE_STRIKES:
                        conn.close(1008, "too many messages")
                        break
                    conn.send({"type": "error", "re": protocol.trailing_seq(raw), "code": "rate_limited",
                               "message": f"more than {protocol.RATE_PER_SECOND:g} messages a second; message dropped"})
                    continue
                self._dispatch(conn, raw)
                await asyncio.sleep(0)  # let the writers (this one's and others') run between messages
        except websockets.ConnectionClosed:
            pass
        finally:
            self._forget(conn)
            if conn.closing is not None:
                writer.cancel()
                with contextlib.suppress(Exception):
                    await conn.closing
            conn.closed = True
            writer.cancel()

    async def _write(self, conn: Conn) -> None:
        with contextlib.suppress(websockets.ConnectionClosed, asyncio.CancelledError):
            while True:
                text = await conn.queue.get()
                try:
                    await conn.ws.send(text)
                finally:
                    conn.sent(text)

    def _forget(self, conn: Conn) -> None:
        self.conns.discard(conn)
        address = conn.address
        address.conns.discard(conn)
        address.watches -= len(conn.watching)
        conn.release()
        if not address.conns and not address.games:
            self.addresses.pop(address.host, None)
        for game_id, seat in conn.seats.items():
            hosted = self.games.get(game_id)
            if hosted is not None and seat in hosted.seats:
                hosted.seats[seat].conns.discard(conn)
        for game_id in conn.watching:
            hosted = self.games.get(game_id)
            if hosted is not None:
                hosted.watchers.discard(conn)
            self._leave_feed(conn, game_id)

    def _leave_feed(self, conn: Conn, game_id: str) -> None:
        """A spectator of a game its worker feeds leaves; the feed goes with its last spectator."""
        feed = self._feeds.get(game_id)
        if feed is not None:
            feed.watchers.discard(conn)
            feed.waiting.discard(conn)
            if not feed.watchers:
                del self._feeds[game_id]

    def _dispatch(self, conn: Conn, raw: str | bytes) -> None:
        re: int | None = None
        try:
            message = protocol.parse_client_message(raw)
            re = message.seq
            if message.type != "hello" and not conn.hello:
                raise ProtocolError("hello_first", "send hello (with your protocol version and mods) first")
            getattr(self, f"on_{message.type}")(conn, message)
        except ProtocolError as exc:
            if re is None:
                re = exc.re  # a message refused for its shape still answers its request, when its number is read
            conn.send({"type": "error", "re": re, "code": exc.code, "message": exc.message})
            if exc.code == "protocol":
                conn.close(1002, exc.message)
        except Exception as exc:  # a bug must cost one request, never the server or a game
            log.exception("request failed")
            conn.send({"type": "error", "re": re, "code": "internal", "message": f"internal error ({type(exc).__name__})"})

    # ----- requests
    def on_hello(self, conn: Conn, msg: protocol.Hello) -> None:
        if msg.protocol != protocol.PROTOCOL_VERSION:
            older = "client" if msg.protocol < protocol.PROTOCOL_VERSION else "server"
            raise ProtocolError("protocol", f"the server speaks protocol {protocol.PROTOCOL_VERSION}, the client "
                                f"{msg.protocol}; update the {older}")
        conn.hello = True
        conn.mods = {m.id: m.version for m in msg.mods}
        if msg.client:
            conn.name = f"{msg.client}@{conn.ws.remote_address}"
        conn.send({"type": "welcome", "re": msg.seq, "protocol": protocol.PROTOCOL_VERSION,
                   "server": "forces-of-conquest", "games": len(self.index)})

    def on_ping(self, conn: Conn, msg: protocol.Ping) -> None:
        conn.send({"type": "pong", "re": msg.seq, "time": time.time()})

    def on_list(self, conn: Conn, msg: protocol.ListGames) -> None:
        games = [self.games[i].info() if i in self.games else e.summary for i, e in self.index.items()
                 if not e.archived]
        conn.send({"type": "games", "re": msg.seq, "games": [g for g in games if g], "rulesets": self.rulesets()})

    def rulesets(self) -> list[dict[str, str]]:
        if self._rulesets is None:
            self._rulesets = ruleset_choices()
        return self._rulesets

    def mod_ids(self) -> set[str]:
        if self._mod_ids is None:
            from game.content.discover import installed_mods

            self._mod_ids = set(installed_mods())
        return self._mod_ids

    def on_create(self, conn: Conn, msg: protocol.Create) -> None:
        if len(self.index) + self._creating >= MAX_GAMES:
            raise ProtocolError("full", f"the server hosts {MAX_GAMES} games already")
        if msg.seed is not None and not self.client_seeds:
            raise ProtocolError("bad_game", "create.seed: the server chooses the dice of a network game; "
                                "leave the seed out")
        quotas, address = self.quotas, conn.address
        if conn.created >= quotas.games_per_connection:
            raise ProtocolError("quota", f"a connection may create {quotas.games_per_connection} games")
        if len(address.games) >= quotas.games_per_address:
            raise ProtocolError("quota", f"your address has {len(address.games)} games running already "
                                f"(at most {quotas.games_per_address}); finish or leave one first")
        for mod in msg.mods:  # an installed mod's id only, never a path; the answer names nothing of the host's
            if mod not in self.mod_ids():
                shown = repr(mod) if re.fullmatch(MOD_ID_PATTERN, mod) else "a mod is named by its id, and"
                raise ProtocolError("bad_game", f"mods: {shown} is not installed on this server "
                                    f"(installed: {', '.join(sorted(self.mod_ids()))})")
        game_id = uuid.uuid4().hex[:12]
        seed = msg.seed if msg.seed is not None else secrets.randbits(SEED_BITS)
        turn_seconds = msg.turn_seconds
        if msg.mode == "deadline" and turn_seconds is None:
            turn_seconds = 24 * 3600.0
        request: dict[str, Any] = {"game_id": game_id, "name": msg.name, "map_name": msg.map,
                   "seats": [s.model_dump() for s in msg.seats], "mods": list(msg.mods), "mode": msg.mode,
                   "turn_seconds": turn_seconds, "seed": seed, "ruleset": msg.ruleset, "options": dict(msg.options),
                   "known": {r["id"] for r in self.rulesets()}}
        if self.pool is not None:
            # the quotas are taken now: a flood of creates waits for the workers, never past its quota
            conn.created += 1
            address.games.add(game_id)
            self.creators[game_id] = address.host
            self._creating += 1
            assert self.loop is not None
            self.loop.create_task(self._build(conn, msg.seq, request))
            return
        try:
            hosted = create(**request, clock=self.clock, track=False)
        except DataError as exc:
            raise ProtocolError("bad_game", _without_paths("; ".join(exc.errors))) from None
        except (ValueError, OSError) as exc:
            log.warning("create failed: %s", exc)
            raise ProtocolError("bad_game", "the game could not be set up (the server's log says why)") from None
        hosted.creator = address.host
        hosted.lazy_views = True
        conn.created += 1
        address.games.add(game_id)
        self.creators[game_id] = address.host
        self.games[game_id] = hosted
        now = self.clock()
        self.index[game_id] = Entry(game_id, hosted.info(), now, now)
        heap.settle()

        def done(error: BaseException | None) -> None:
            if error is not None:
                self.games.pop(game_id, None)
                self.index.pop(game_id, None)
                address.games.discard(game_id)
                self.creators.pop(game_id, None)
                conn.send({"type": "error", "re": msg.seq, "code": "storage", "message": f"could not store the game: {error}"})
                return
            conn.send({"type": "created", "re": msg.seq, "game": game_id, "info": hosted.info()})
            self._after_change(hosted)

        self._durably([*Journal.new_game(hosted.stored()), self._summary(hosted)], done)

    async def _build(self, conn: Conn, re: int | None, request: dict[str, Any]) -> None:
        """A computer worker builds the new game (off the loop) and keeps it; the server journals it and answers
        `created` once it is stored. The game is loaded when someone comes in; its computer seats, when they play
        first, play on the worker's copy (drive)."""
        assert self.pool is not None
        game_id = request["game_id"]
        try:
            answer = await self.pool.build(game_id, {"game": game_id, "now": self.clock(), "create": request})
        except Exception as exc:
            log.warning("a computer worker could not build game %s (%s)", game_id, exc)
            answer = {"failed": str(exc)}
        finally:
            self._creating -= 1
        if "stored" not in answer:  # a game not made counts against no quota
            conn.created -= 1
            self._release(game_id, self.creators.pop(game_id, ""))
            if "errors" in answer:
                message = _without_paths("; ".join(answer["errors"]))
            else:
                log.warning("create failed: %s", answer.get("failed"))
                message = "the game could not be set up (the server's log says why)"
            conn.send({"type": "error", "re": re, "code": "bad_game", "message": message})
            return
        info = answer["info"]
        now = self.clock()
        self.index[game_id] = Entry(game_id, info, now, now)
        self._driven[game_id] = 0
        self._recipes[game_id] = request

        def done(error: BaseException | None) -> None:
            if error is not None:
                self.index.pop(game_id, None)
                self._driven.pop(game_id, None)
                self._recipes.pop(game_id, None)
                conn.created -= 1
                self._release(game_id, self.creators.pop(game_id, ""))
                conn.send({"type": "error", "re": re, "code": "storage", "message": f"could not store the game: {error}"})
                return
            conn.send({"type": "created", "re": re, "game": game_id, "info": info})
            if not info["over"] and _computers_waiting(info):
                self._start_drive(game_id)

        self._durably([*Journal.new_game(answer["stored"]), Journal.summary(game_id, info, now)], done)

    def _start_drive(self, game_id: str) -> None:
        if game_id not in self._driving:
            self._driving.add(game_id)
            assert self.loop is not None
            self.loop.create_task(self._drive(game_id))

    async def _drive(self, game_id: str) -> None:
        """Play the computer seats of a game nobody is in on a worker's copy, turn after turn, until a human is
        to act or the game ends: the loop only stores what the worker answers (the commands' journal writes, the
        lobby line, a snapshot every CHECKPOINT_ROUNDS rounds), one turn durable before the next is asked. A
        game loaded meanwhile (someone came in) is played by the loaded path from there on."""
        assert self.pool is not None
        stale = 0
        try:
            while True:
                entry = self.index.get(game_id)
                if entry is None or game_id in self.games or entry.archived:
                    return
                if entry.summary.get("over") or not _computers_waiting(entry.summary):
                    return
                known = self._driven.get(game_id)
                feed = self._feeds.get(game_id)
                request = {"game": game_id, "from": known, "now": self.clock(),
                           "snapshot_round": self._drive_rounds.get(game_id, 0) + CHECKPOINT_ROUNDS,
                           "stored": self.journal.load(game_id) if known is None else None,
                           "spectators": feed is not None, "view": feed is not None and not feed.ready}
                try:
                    answer = await self.pool.drive(game_id, request)
                except Exception as exc:
                    if self.stopping:
                        return
                    answer = {"failed": f"{type(exc).__name__}: {exc}"}
                if answer.get("stale"):
                    self._driven.pop(game_id, None)
                    stale += 1
                    if stale < 3:
                        continue
                    answer = {"failed": "the worker's copy kept going stale"}
                if "failed" in answer or not answer["writes"]:
                    # the loaded path plays it (as without workers), and says why in the log
                    log.warning("computer worker cannot play game %s (%s); loading it", game_id,
                                answer.get("failed", "nothing played"))
                    self._driven.pop(game_id, None)
                    if game_id in self.index and game_id not in self.games:
                        with contextlib.suppress(ProtocolError):
                            self._load(game_id)
                    return
                entry = self.index.get(game_id)
                if entry is None or game_id in self.games:
                    self._driven.pop(game_id, None)  # the loaded game asks a worker afresh
                    return
                info = answer["info"]
                feed = self._feeds.get(game_id)
                if feed is not None:
                    info = {**info, "watchers": len(feed.watchers)}
                self._driven[game_id] = answer["seq"]
                entry.summary = info
                writes = [*answer["writes"], Journal.summary(game_id, info, entry.active)]
                snapshot = answer["snapshot"]
                if snapshot is not None:
                    writes.append(Journal.snapshot(game_id, *snapshot))
                    self._drive_rounds[game_id] = snapshot[1]
                if info["over"]:
                    self._release(game_id, self.creators.get(game_id, ""))
                stored = self.journal.submit(writes)
                self._settling[game_id] = stored
                self._unsent[game_id] = answer
                try:
                    await asyncio.wrap_future(stored)
                except Exception as exc:  # nothing unstored is shown: the worker's copy is ahead, drop it
                    log.error("journal write failed for game %s: %s", game_id, exc)
                    self._driven.pop(game_id, None)
                    self._unsent.pop(game_id, None)
                    return
                finally:
                    if self._settling.get(game_id) is stored:
                        del self._settling[game_id]
                self._forward(game_id)
        finally:
            self._driving.discard(game_id)
            feed = self._feeds.get(game_id)
            if feed is not None and not feed.ready and game_id not in self.games and not self.stopping:
                # the worker stopped before sending the view its spectators wait for: the server makes it
                with contextlib.suppress(ProtocolError):
                    self._load(game_id)

    def _forward(self, game_id: str) -> None:
        """What a worker played is durable: send its spectators the updates it made of it (each command's, in
        order) and keep their view up to date; those waiting for the view get it, as of after these commands."""
        answer = self._unsent.pop(game_id, None)
        feed = self._feeds.get(game_id)
        if answer is None or feed is None:
            return
        spectated = answer.get("spectated")
        if spectated is None:
            return  # asked before the game had spectators: the next turn brings the view
        if not feed.ready:
            if spectated["view"] is None:
                return
            feed.start(answer["from"], spectated["view"])
        elif feed.seq != answer["from"]:  # not the view they hold (never expected): everyone gets it afresh
            log.warning("spectators' view of game %s at %d, the worker's at %d", game_id, feed.seq, answer["from"])
            feed.seq = -1
            feed.waiting = set(feed.watchers)
            return
        feed.advance(answer["seq"], spectated["changes"])
        followers = feed.followers()
        for text in spectated["frames"]:
            for conn in followers:
                conn.send_text(text)
        for conn in feed.waiting:
            conn.send_text(feed.state())
        feed.waiting.clear()

    def _game(self, game_id: str) -> Hosted:
        """A game by id, opened on demand (a live game not loaded, or an archived one: watchable)."""
        hosted = self.games.get(game_id)
        if hosted is not None:
            return hosted
        why = self.broken.get(game_id)
        if why:
            raise ProtocolError("no_game", f"game {game_id!r} could not be restored: {why}")
        status = None if game_id in self.index else self.journal.status_of(game_id)
        if status == EXPIRED:
            raise ProtocolError("no_game", f"game {game_id!r} expired (nobody played it for a long time)")
        if game_id not in self.index and status != FINISHED:
            raise ProtocolError("no_game", f"game {game_id!r} does not exist")
        hosted = self._load(game_id)
        if game_id not in self.index:  # an archived game opened to be watched: let go again when nobody is in it
            self.index[game_id] = Entry(game_id, hosted.info(), self.clock(), hosted.created, archived=True)
        return hosted

    def _summary(self, hosted: Hosted) -> Write:
        """The game's lobby line and last use, written with its changes (a restart lists games from these)."""
        entry = self.index.get(hosted.id)
        info = hosted.info()
        if entry is not None:
            entry.summary = info
        return Journal.summary(hosted.id, info, entry.active if entry is not None else self.clock())

    def _check_mods(self, conn: Conn, mods: list[dict[str, str]]) -> None:
        missing = [m for m in mods if conn.mods.get(m["id"]) != m["version"]]
        if missing:
            named = ", ".join(f"{m['id']} {m['version']}" + (f" (you have {conn.mods[m['id']]})" if m["id"] in conn.mods else "")
                              for m in missing)
            raise ProtocolError("mods", f"this game needs mods you do not have: {named}")

    def on_join(self, conn: Conn, msg: protocol.Join) -> None:
        hosted = self._game(msg.game)
        self._check_mods(conn, hosted.mods)
        self._view_quota(conn, hosted.durable_seq, msg.last_seq)
        if msg.token is not None:
            digest = token_hash(msg.token)
            found = [s for s in hosted.seats.values() if s.token_hash and s.token_hash == digest]
            if not found:
                raise ProtocolError("bad_token", "no seat of this game has that token")
            seat = found[0]
            if conn.seats.get(msg.game, seat.seat) != seat.seat:
                raise ProtocolError("already_seated", f"you hold seat {conn.seats[msg.game]} of this game already")
            self._seat_conn(conn, hosted, seat.seat)
            conn.send({"type": "joined", "re": msg.seq, "game": hosted.id, "seat": seat.seat, "role": "player"})
            self._catch_up(conn, hosted, seat.seat, msg.last_seq)
            return
        if msg.game in conn.seats:
            raise ProtocolError("already_seated", f"you hold seat {conn.seats[msg.game]} of this game already")
        if msg.seat is None:
            raise ProtocolError("bad_message", "join.seat: name an open seat, or give your seat's token")
        state = hosted.seats.get(msg.seat)
        if state is None or state.kind != OPEN:
            kind = "no such seat" if state is None else f"seat {msg.seat} is taken ({state.kind})"
            raise ProtocolError("seat_taken", kind)
        token = new_token()
        state.kind, state.token_hash = HUMAN, token_hash(token)
        if msg.name:
            state.name = msg.name
        seat_no = state.seat
        self._seat_conn(conn, hosted, seat_no)
        self._touch(hosted)
        writes: list[Write] = [Journal.seat(hosted.id, state.data())]
        if hosted.seated():
            hosted.turn_started = self.clock()  # the turn clock starts when the table is full
            writes.append(Journal.turn_started(hosted.id, hosted.turn_started))
        writes.append(self._summary(hosted))

        def done(error: BaseException | None) -> None:
            if error is not None:
                conn.send({"type": "error", "re": msg.seq, "code": "storage", "message": f"could not store the seat: {error}"})
                return
            conn.send({"type": "joined", "re": msg.seq, "game": hosted.id, "seat": seat_no, "role": "player",
                       "token": token})
            self._catch_up(conn, hosted, seat_no, msg.last_seq)

        self._durably(writes, done)

    def _touch(self, hosted: Hosted) -> None:
        """A player acted or came in: the game is in use (expiry counts from here)."""
        entry = self.index.get(hosted.id)
        if entry is not None:
            entry.active = self.clock()

    def _seat_conn(self, conn: Conn, hosted: Hosted, seat: int) -> None:
        conn.seats[hosted.id] = seat
        hosted.seats[seat].conns.add(conn)

    def _view_quota(self, conn: Conn, durable_seq: int, last_seq: int) -> None:
        """A whole view (and the events since `last_seq`) costs the server: a quota per address."""
        address = conn.address
        if 0 <= last_seq < durable_seq and not address.history.take():
            raise ProtocolError("quota", f"more than {self.quotas.history_per_second:g} requests for the events "
                                "since a turn a second from your address; try again shortly")
        if not address.views.take():
            raise ProtocolError("quota", f"more than {self.quotas.views_per_second:g} whole views a second to your "
                                "address; try again shortly")

    def on_watch(self, conn: Conn, msg: protocol.Watch) -> None:
        feed = self._feed(msg.game, msg.last_seq)
        hosted = self._game(msg.game) if feed is None else None
        try:
            self._admit_spectator(conn, msg, hosted, feed)
        except ProtocolError:
            if feed is not None and not feed.watchers:
                self._feeds.pop(msg.game, None)
            raise
        conn.send({"type": "joined", "re": msg.seq, "game": msg.game, "seat": None, "role": "spectator"})
        if hosted is not None:
            self._catch_up(conn, hosted, None, msg.last_seq)
        elif feed is not None and feed.ready:
            conn.send_text(feed.state())
        elif feed is not None:
            feed.waiting.add(conn)  # the view comes with the worker's next turn (game.net.feed)

    def _admit_spectator(self, conn: Conn, msg: protocol.Watch, hosted: Hosted | None, feed: Feed | None) -> None:
        """Check the spectator's mods, the game's spectators and the address's quotas; count it in."""
        if hosted is not None:
            mods, watchers, durable = hosted.mods, hosted.watchers, hosted.durable_seq
        else:
            assert feed is not None
            mods, watchers, durable = feed.header["mods"], feed.watchers, feed.seq
        self._check_mods(conn, mods)
        if len(watchers) >= protocol.MAX_WATCHERS and conn not in watchers:
            raise ProtocolError("full", f"this game has {protocol.MAX_WATCHERS} spectators already")
        quotas, address = self.quotas, conn.address
        if msg.game not in conn.watching:
            if len(conn.watching) >= quotas.watches_per_connection:
                raise ProtocolError("quota", f"a connection may watch {quotas.watches_per_connection} games at once")
            if address.watches >= quotas.watches_per_address:
                raise ProtocolError("quota", f"your address watches {quotas.watches_per_address} games already")
        self._view_quota(conn, durable, msg.last_seq)
        if msg.game not in conn.watching:
            address.watches += 1
        watchers.add(conn)
        conn.watching.add(msg.game)

    def _feed(self, game_id: str, last_seq: int) -> Feed | None:
        """The spectators' feed of a game its worker plays alone (made for a first spectator), or None: the game
        is loaded for them (it is loaded already, nothing plays it, or they ask for the events of commands
        before the view the feed holds: those are filtered by the loaded game)."""
        entry = self.index.get(game_id)
        if self.pool is None or game_id in self.games or entry is None or entry.archived:
            return None
        feed = self._feeds.get(game_id)
        if feed is not None and feed.ready:
            return feed if last_seq < 0 or last_seq >= feed.seq else None
        if game_id not in self._driving or last_seq >= 0:
            return None
        if feed is None:
            header = self.journal.header(game_id)
            if header is None:
                return None
            feed = self._feeds[game_id] = Feed(game_id, public_header(header))
        return feed

    def _catch_up(self, conn: Conn, hosted: Hosted, viewer: Viewer, last_seq: int, tries: int = 0) -> None:
        """The viewer's whole view as of the last durable command, with the events it may see since
        `last_seq` (-1: none). Commands still being written are waited for (a view shows only what is on
        disk); later changes reach the connection as updates, already in the game's audience."""
        if hosted.seq != hosted.durable_seq and tries < STATE_TRIES:
            hosted.views_pending += 1  # (the game is not handed to a worker's feed while a view is owed)

            def again(_error: BaseException | None) -> None:
                hosted.views_pending -= 1
                self._catch_up(conn, hosted, viewer, last_seq, tries + 1)

            self._durably([], again)
            return
        if conn.closed or self.games.get(hosted.id) is not hosted:
            return
        tracker = hosted.tracker if hosted.tracker is not None else hosted.track()  # nobody followed it till now
        since = self._since(hosted, viewer, last_seq) if 0 <= last_seq < hosted.durable_seq else []
        if since or viewer is not None:
            conn.send(state_for(viewer, hosted.header, tracker, hosted.seq, since) | {"game": hosted.id})
            return
        # a spectator's view at the same point is encoded once (a 64x64 board's is ~420 KB, ~0.1 s): repeating
        # `watch` costs the sending only
        key = (hosted.seq, id(tracker))
        if hosted.spectator_view is None or hosted.spectator_view[0] != key:
            hosted.spectator_view = (key, protocol.encode(state_for(None, hosted.header, tracker, hosted.seq, [])
                                                          | {"game": hosted.id}))
        conn.send_text(hosted.spectator_view[1])

    def _since(self, hosted: Hosted, viewer: Viewer, last_seq: int) -> list[dict[str, Any]]:
        """The events `viewer` may see of the journaled commands after `last_seq`, from the snapshot before the
        last one at the earliest (a few rounds: the state sent with them covers what came before; a history
        request never re-reads a game from its start) and the last SINCE_LIMIT at most."""
        first = max(last_seq, hosted.durable_seq - SINCE_LIMIT, hosted.checkpoints[0] if hosted.checkpoints else 0)
        out: list[dict[str, Any]] = []
        for record in self.journal.records_after(hosted.id, first, SINCE_LIMIT):
            try:
                events = tuple(event_from_data(hosted.game, data, f"journal {record['seq']}") for data in record["events"])
            except ValueError:
                continue  # an event this server no longer knows: shown as nothing rather than unfiltered
            shown = {id(e) for e in events_for(hosted.game, viewer, events)}
            out.append({"seq": record["seq"], "round": record["round"], "seat": record["seat"],
                        "issuer": record["issuer"],
                        "events": [data for data, e in zip(record["events"], events, strict=True) if id(e) in shown]})
        return out

    def on_leave(self, conn: Conn, msg: protocol.Leave) -> None:
        if msg.game in conn.watching and msg.game in self._feeds:  # a game its worker feeds: nothing to load
            conn.watching.discard(msg.game)
            conn.address.watches -= 1
            self._leave_feed(conn, msg.game)
            conn.send({"type": "left", "re": msg.seq, "game": msg.game})
            return
        hosted = self._game(msg.game)
        if msg.game in conn.watching:
            conn.watching.discard(msg.game)
            conn.address.watches -= 1
            hosted.watchers.discard(conn)
            conn.send({"type": "left", "re": msg.seq, "game": hosted.id})
            return
        seat_no = conn.seats.pop(msg.game, None)
        if seat_no is None:
            raise ProtocolError("not_seated", "you neither hold a seat in this game nor watch it")
        state = hosted.seats[seat_no]
        for other in list(state.conns):
            other.seats.pop(hosted.id, None)
        state.conns.clear()
        state.kind, state.token_hash = OPEN, ""

        def done(error: BaseException | None) -> None:
            conn.send({"type": "left", "re": msg.seq, "game": hosted.id} if error is None else
                      {"type": "error", "re": msg.seq, "code": "storage", "message": str(error)})

        self._durably([Journal.seat(hosted.id, state.data())], done)

    def on_sync(self, conn: Conn, msg: protocol.Sync) -> None:
        feed = self._feeds.get(msg.game)
        if feed is not None and conn in feed.watchers:
            if not feed.ready or conn in feed.waiting:
                raise ProtocolError("no_game", f"game {msg.game!r}: your view is on its way")
            conn.send({"type": "synced", "re": msg.seq, "game": msg.game, "seq": feed.seq, "hash": feed.view_hash(),
                       "clock": feed.clock})
            return
        hosted = self._game(msg.game)
        if msg.game not in conn.seats and msg.game not in conn.watching:
            raise ProtocolError("not_seated", "join or watch the game first")
        if hosted.tracker is None:
            raise ProtocolError("no_game", f"game {hosted.id!r} is being reloaded")
        viewer = conn.viewer(msg.game)
        # the hash of this viewer's view as last sent (never the whole game's: it would test guesses of the seed)
        conn.send({"type": "synced", "re": msg.seq, "game": hosted.id, "seq": hosted.durable_seq,
                   "hash": hosted.tracker.hash_of(viewer), "clock": hosted.tracker.clock})

    def on_command(self, conn: Conn, msg: protocol.CommandMsg) -> None:
        if msg.game in conn.watching and msg.game not in conn.seats:  # (a game its worker feeds is not loaded)
            raise ProtocolError("not_seated", "you watch this game; spectators cannot act")
        hosted = self._game(msg.game)
        seat = conn.seats.get(msg.game)
        if seat is None:
            role = "watch this game; spectators cannot act" if msg.game in conn.watching else "hold no seat in this game"
            raise ProtocolError("not_seated", f"you {role}")
        try:
            command = command_from_data(msg.command, "command", hosted.game.app.command_types())
        except CodecError as exc:
            conn.send({"type": "rejected", "re": msg.seq, "game": hosted.id, "reason": f"{exc.field}: {exc.message}"})
            return
        # the engine checks the issuer: out of turn, not asked, not at the table, a referee-only command
        result, records, writes = hosted.apply(command, f"seat:{seat}", seat=seat)
        self._touch(hosted)
        if not result.ok:
            conn.send({"type": "rejected", "re": msg.seq, "game": hosted.id, "reason": result.reason})  # type: ignore[union-attr]
            return
        seq = records[-1]["seq"]
        self._publish(hosted, records, writes, ack=(conn, msg.seq, seq))
        self._after_change(hosted)

    # ----- publishing
    def _durably(self, writes: list[Write], done: Any) -> None:
        """Queue writes for the journal; call done(error) on the loop once they are on disk (or failed). The
        writes queued in one turn of the event loop go to the journal together (one hand-over to its thread and
        one wake-up of the loop per turn, not per command; the journal commits them in one transaction, as it
        already grouped whatever waited), and their callbacks run in the order they were queued."""
        assert self.loop is not None
        if not self._outbox:
            self.loop.call_soon(self._flush)
        self._outbox.append((writes, done))

    def _flush(self) -> None:
        batch, self._outbox = self._outbox, []
        if not batch:
            return
        loop = self.loop
        assert loop is not None

        def finished(error: BaseException | None) -> None:
            for _, done in batch:
                loop.call_soon(done, error)  # each its own callback: one failing never skips the others

        future: Future[None] = self.journal.submit([write for writes, _ in batch for write in writes])
        future.add_done_callback(lambda f: loop.call_soon_threadsafe(finished, f.exception()))

    def _publish(self, hosted: Hosted, records: list[dict[str, Any]], writes: list[Write],
                 ack: tuple[Conn, int | None, int] | None = None) -> None:
        """Journal the records; once durable, acknowledge and send every seat and watcher its view."""
        if not records:
            return
        writes = [*writes, *self._checkpoint(hosted), self._summary(hosted)]

        def done(error: BaseException | None) -> None:
            if error is not None:
                self._storage_failed(hosted, error)
                if ack is not None:
                    ack[0].send({"type": "error", "re": ack[1], "code": "storage",
                                 "message": "the server could not store your command; the game was reloaded"})
                return
            hosted.durable_seq = max(hosted.durable_seq, records[-1]["seq"])
            if ack is not None:
                ack[0].send({"type": "accepted", "re": ack[1], "game": hosted.id, "seq": ack[2]})
            for record in records:
                self._broadcast(hosted, record)

        self._durably(writes, done)

    def _checkpoint(self, hosted: Hosted) -> list[Write]:
        """A snapshot every CHECKPOINT_ROUNDS rounds: a restart loads it and replays only the commands after it,
        and the events sent to a returning viewer start at the one before (the state covers the rest)."""
        game = hosted.game
        if hosted.thinking or game.world.clock.round < hosted.checkpoint_round + CHECKPOINT_ROUNDS or game.over:
            return []  # (a computer worker takes the snapshots of the games it plays, off the loop)
        seq, rnd, digest, data = snapshot_of(game)
        hosted.checkpoint_round = rnd
        hosted.checkpoints = [*hosted.checkpoints, seq][-2:]
        return [Journal.snapshot(hosted.id, seq, rnd, digest, data)]

    def _broadcast(self, hosted: Hosted, record: dict[str, Any]) -> None:
        """Send every seat and watcher its update of one record; viewers whose update is the same (the events and
        the change of view they may see: seats of a game without secrets, spectators) share one encoding."""
        change = record.get("change")
        made: list[tuple[dict[str, Any], str]] = []
        for viewer, conns in self._audience(hosted):
            update = update_for(viewer, record, None if change is None else change[viewer])
            text = next((t for other, t in made if other == update), None)  # shared values compare by identity
            if text is None:
                text = protocol.encode(update)
                made.append((update, text))
            for conn in conns:
                conn.send_text(text)

    def _audience(self, hosted: Hosted) -> Iterable[tuple[Viewer, set[Conn]]]:
        for seat in hosted.seats.values():
            if seat.conns:
                yield seat.seat, seat.conns
        if hosted.watchers:
            yield None, hosted.watchers

    def _storage_failed(self, hosted: Hosted, error: BaseException) -> None:
        """The journal refused a write: the game goes back to what is on disk (nothing unstored was acked)."""
        log.error("journal write failed for game %s: %s; reloading it from the journal", hosted.id, error)
        stored = self.journal.load(hosted.id)
        if stored is None:
            self.games.pop(hosted.id, None)
            return
        try:
            fresh = restore(stored, self.clock, track=False)
        except (DataError, CodecError) as exc:
            self.games.pop(hosted.id, None)
            self.broken[hosted.id] = str(exc)
            return
        fresh.watchers = hosted.watchers
        fresh.lazy_views = True
        for seat, state in fresh.seats.items():
            if seat in hosted.seats:
                state.conns = hosted.seats[seat].conns
        self.games[hosted.id] = fresh
        for viewer, conns in self._audience(fresh):  # their views may hold what was not stored: start afresh
            for conn in conns:
                self._catch_up(conn, fresh, viewer, -1)

    def _after_change(self, hosted: Hosted) -> None:
        """Computer seats play on the server as soon as it is their turn; a finished game frees its creator's
        quota."""
        if hosted.game.over:
            self._release_creator(hosted)
        if hosted.computers_to_act() and not hosted.thinking:
            assert self.loop is not None
            if self.pool is None:
                self.loop.call_soon(self._computers, hosted)
            elif self._idle(hosted) or self._spectated_only(hosted):
                hosted.thinking = True  # nothing else plays it meanwhile
                self._durably([], lambda _error: self._hand_over(hosted))
            else:
                hosted.thinking = True
                self.loop.create_task(self._think(hosted))

    def _idle(self, hosted: Hosted) -> bool:
        """Nobody has been in the game for `unload_seconds`: it need not be held on the server."""
        entry = self.index.get(hosted.id)
        return (entry is not None and not entry.archived and hosted.unwatched()
                and self.clock() - entry.active >= self.lifetimes.unload_seconds)

    def _spectated_only(self, hosted: Hosted) -> bool:
        """Only spectators are in the game, each with its view (none waiting for one): its worker can feed them
        (game.net.feed) and the game need not be held on the server."""
        entry = self.index.get(hosted.id)
        return (self.pool is not None and entry is not None and not entry.archived and bool(hosted.watchers)
                and not any(seat.conns for seat in hosted.seats.values()) and not hosted.views_pending
                and hosted.tracker is not None)

    def _hand_over(self, hosted: Hosted) -> None:
        """Once all it played is on disk (and sent), let go of a game nobody sits in whose computers play on: its
        worker's copy plays on alone (drive), as for a game never loaded, and feeds its spectators from the view
        they hold."""
        hosted.thinking = False
        if self.games.get(hosted.id) is not hosted:
            return
        if not (self._idle(hosted) or self._spectated_only(hosted)) or hosted.seq != hosted.durable_seq:
            if hosted.computers_to_act():  # someone came back: play it here
                hosted.thinking = True
                assert self.loop is not None
                self.loop.create_task(self._think(hosted))
            return
        entry = self.index[hosted.id]
        entry.summary = hosted.info()
        if hosted.pool_seq == hosted.seq:
            self._driven[hosted.id] = hosted.seq
        self._drive_rounds[hosted.id] = hosted.checkpoint_round
        if hosted.watchers and hosted.tracker is not None:
            feed = self._feeds[hosted.id] = Feed(hosted.id, public_header(hosted.header), set(hosted.watchers))
            feed.start(hosted.seq, hosted.tracker.state_of(None))  # what every spectator was last sent
        self._unload(hosted)
        self._start_drive(hosted.id)

    async def _think(self, hosted: Hosted) -> None:
        """A worker plays the waiting computer seats on its copy; the loop submits what it played in batches of
        THINK_BATCH commands, serving other clients between them. Anything that changed the game meanwhile (a
        timer, a human's orders in a simultaneous phase) sends the question again."""
        assert self.pool is not None
        try:
            for _ in range(3):
                seq = hosted.seq
                answer = await self.pool.play(hosted.id, request_for(hosted, hosted.pool_seq,
                                                                     hosted.checkpoint_round + CHECKPOINT_ROUNDS))
                if not answer["stale"]:
                    break
                hosted.pool_seq = None  # the worker lost its copy: send it everything
            else:
                raise RuntimeError("the worker's copy kept going stale")
        except Exception as exc:  # a worker that cannot play this game: the loop plays it, as before
            if self.stopping:
                return  # the workers were shut down with the server
            log.warning("computer worker failed for game %s (%s); playing on the event loop", hosted.id, exc)
            hosted.thinking = False
            hosted.pool_seq = None
            self._computers(hosted)
            return
        try:
            if self.games.get(hosted.id) is not hosted:
                return
            if hosted.seq != seq:  # the game moved on while the worker thought
                hosted.pool_seq = None
                return
            kinds = hosted.game.app.command_types()
            commands = [(issuer, command_from_data(data, "command", kinds)) for issuer, data in answer["commands"]]
            at = seq
            for start in range(0, len(commands), THINK_BATCH):
                async with self._applying:  # the games' batches take turns: one per turn of the loop
                    if self.games.get(hosted.id) is not hosted or hosted.seq != at:
                        hosted.pool_seq = None
                        return
                    ok, records, writes = hosted.apply_all(commands[start:start + THINK_BATCH], "computer")
                    self._publish(hosted, records, writes)
                    at = hosted.seq
                    if not ok:
                        hosted.pool_seq = None
                        return
                await asyncio.sleep(0)
            hosted.pool_seq = answer["seq"] if hosted.seq == answer["seq"] else None
            snapshot = answer.get("snapshot")
            if snapshot is not None and hosted.seq == snapshot[0]:  # taken by the worker, of this very state
                hosted.checkpoint_round = snapshot[1]
                hosted.checkpoints = [*hosted.checkpoints, snapshot[0]][-2:]
                self._durably([Journal.snapshot(hosted.id, *snapshot)], lambda _error: None)
        finally:
            hosted.thinking = False
            if self.games.get(hosted.id) is hosted:
                self._after_change(hosted)

    def _computers(self, hosted: Hosted) -> None:
        if self.games.get(hosted.id) is not hosted:
            return
        records, writes = hosted.play_computer()
        self._publish(hosted, records, writes)
        self._after_change(hosted)  # the next computer turn, after whatever else waits on the loop

    async def _timers(self) -> None:
        """Ends the turn of a seat whose turn timer ran out (live and deadline games; a game not loaded is opened
        when its lobby line's deadline has passed); sweeps the games' lives every SWEEP_SECONDS."""
        swept = time.monotonic()
        while True:
            await asyncio.sleep(TICK)
            now = self.clock()
            if time.monotonic() - swept >= SWEEP_SECONDS:
                swept = time.monotonic()
                try:
                    self.sweep()
                except Exception:
                    log.exception("sweeping the games failed")
            for entry in list(self.index.values()):
                deadline = entry.summary.get("deadline")
                if entry.id not in self.games and deadline is not None and now >= deadline:
                    with contextlib.suppress(ProtocolError):
                        self._load(entry.id)
            for hosted in list(self.games.values()):
                deadline = hosted.deadline()
                if deadline is not None and now >= deadline:
                    try:
                        records, writes = hosted.expire_turn()
                    except Exception:
                        log.exception("turn timer of game %s failed", hosted.id)
                        hosted.turn_started = now
                        continue
                    if not records:  # nothing the server could do for that seat: wait a whole turn again
                        log.warning("turn timer of game %s: the turn could not be ended", hosted.id)
                        hosted.turn_started = now
                    self._publish(hosted, records, writes)
                    self._after_change(hosted)

    # ----- running
    async def run(self, host: str, port: int, ready: Any = None) -> None:
        self.loop = asyncio.get_running_loop()
        self.loop.set_exception_handler(quiet_exceptions)
        due = self.open_index()
        stop = self.loop.create_future()
        for sig in (signal.SIGTERM, signal.SIGINT):
            with contextlib.suppress(NotImplementedError, RuntimeError):
                self.loop.add_signal_handler(sig, lambda: None if stop.done() else stop.set_result(None))
        timers = asyncio.create_task(self._timers())
        keeper = asyncio.create_task(heap.keep())  # the collector's policy for many games and connections
        async with serve(self.handle, host, port, max_size=protocol.MAX_MESSAGE_BYTES, max_queue=32,
                         ping_interval=20, ping_timeout=20, compression=None) as server:
            bound = [s.getsockname() for s in server.sockets]
            actual = bound[0][1] if bound else port
            print(f"foc serve: listening on ws://{host}:{actual} ({plural(len(self.index), 'game')} stored, opened on "
                  f"demand; "
                  f"data in {self.journal.path.parent})", flush=True)
            if ready is not None:
                ready(actual)
            warm = asyncio.create_task(self._warm(due))
            await stop
            warm.cancel()
        timers.cancel()
        keeper.cancel()
        self.stopping = True
        if self.pool is not None:
            self.pool.close()
        self.journal.close()


def _computers_waiting(summary: dict[str, Any]) -> bool:
    """A lobby line says the game waits for one of the server's computer seats."""
    kinds = {seat["seat"]: seat["kind"] for seat in summary.get("seats", [])}
    return any(kinds.get(seat) == COMPUTER for seat in summary.get("waiting_on", []))


_PATH = re.compile(r"(?:[A-Za-z]:)?[\\/][^\s'\"]*")


def _without_paths(text: str) -> str:
    """An error for a client with the host's file paths taken out (they say what exists on the host)."""
    return _PATH.sub("<file>", text)


def run_serve(args: Any) -> int:
    """`foc serve --host H --port P --data DIR`."""
    logging.basicConfig(level=logging.INFO if args.verbose else logging.WARNING, stream=sys.stderr,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")
    for handler in logging.getLogger().handlers:
        handler.addFilter(OncePerSecond())
    data = Path(args.data) if args.data else default_data_dir()
    try:
        quotas = Quotas.parse(args.quota)
        lifetimes = Lifetimes.parse(args.lifetime)
    except ValueError as exc:
        print(f"foc serve: {exc}", file=sys.stderr)
        return 2
    try:
        server = Server(data, args.sync, FileClock(Path(args.clock_file)) if args.clock_file else wall, quotas,
                        args.client_seeds, lifetimes,
                        default_workers() if args.computer_workers is None else args.computer_workers)
    except Exception as exc:
        print(f"foc serve: cannot open the journal in {data}: {exc}", file=sys.stderr)
        return 2
    try:
        asyncio.run(server.run(args.host, args.port))
    except OSError as exc:
        print(f"foc serve: cannot listen on {args.host}:{args.port}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    return 0


def default_data_dir() -> Path:
    import platformdirs

    return Path(platformdirs.user_data_dir("forces-of-conquest")) / "server"
