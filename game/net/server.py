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
import logging
import os
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
from game.errors import DataError
from game.net import heap, protocol
from game.net.clock import Clock, FileClock, wall
from game.net.hosted import HUMAN, OPEN, Hosted, create, new_token, restore, ruleset_choices, token_hash
from game.net.journal import Journal, Write
from game.net.protocol import ProtocolError
from game.net.rate import TokenBucket
from game.net.views import Viewer, event_from_data, state_for, update_for
from game.views import events_for

log = logging.getLogger("foc.serve")
MAX_GAMES = 5000
TICK = 0.25  # seconds between turn-timer checks
SINCE_LIMIT = 2000  # commands whose events a returning viewer is sent ("what happened since")
STATE_TRIES = 20  # journal round-trips a joining viewer waits for the game's commands in flight to be durable


class Conn:
    """One client connection: its send queue, its rate budget, and the seats and games it is in."""

    def __init__(self, ws: ServerConnection) -> None:
        self.ws = ws
        self.queue: asyncio.Queue[str] = asyncio.Queue(protocol.SEND_QUEUE)
        self.seats: dict[str, int] = {}  # game id -> seat held
        self.watching: set[str] = set()
        self.hello = False
        self.mods: dict[str, str] = {}
        self.bucket = TokenBucket(protocol.RATE_PER_SECOND, protocol.RATE_BURST)
        self.strikes = 0
        self.closed = False
        self.closing: asyncio.Task[None] | None = None
        self.name = f"{ws.remote_address}"

    def send(self, message: dict[str, Any]) -> None:
        """Queue a message; a client too slow to take its messages is dropped (it can reconnect and resume)."""
        self.send_text(protocol.encode(message))

    def send_text(self, text: str) -> None:
        if self.closed:
            return
        try:
            self.queue.put_nowait(text)
        except asyncio.QueueFull:
            self.close(1008, "send queue full: the client reads too slowly; reconnect and resume")

    def close(self, code: int, reason: str) -> None:
        if not self.closed:
            self.closed = True
            log.info("closing %s: %s", self.name, reason)
            self.closing = asyncio.ensure_future(self._close(code, reason[:120]))

    async def _close(self, code: int, reason: str) -> None:
        """Send what is queued (a client learns why it is dropped), then close."""
        with contextlib.suppress(Exception):
            async with asyncio.timeout(2):
                while not self.queue.empty():
                    await self.ws.send(self.queue.get_nowait())
        drain = asyncio.ensure_future(self._discard_incoming())  # unread frames would stall the close handshake
        try:
            async with asyncio.timeout(3):
                await self.ws.close(code, reason)
        except TimeoutError:
            self.ws.transport.abort()
        finally:
            drain.cancel()

    async def _discard_incoming(self) -> None:
        with contextlib.suppress(Exception):
            async for _ in self.ws:
                pass

    def viewer(self, game: str) -> Viewer:
        return self.seats.get(game)


class Server:
    """Every hosted game, the journal, and the connections."""

    def __init__(self, data: Path, synchronous: str = "full", clock: Clock = wall) -> None:
        self.journal = Journal(data, synchronous)
        self.clock = clock  # turn timers, deadlines and expiry (a test's clock file: game.net.clock)
        self.games: dict[str, Hosted] = {}
        self.conns: set[Conn] = set()
        self.broken: dict[str, str] = {}
        self.loop: asyncio.AbstractEventLoop | None = None
        self._rulesets: list[dict[str, str]] | None = None
        self._outbox: list[tuple[list[Write], Any]] = []  # journal writes of this turn of the loop (_durably)

    # ----- start-up
    def restore_all(self) -> None:
        """Rebuild every journaled game (same state hash as before any stop, kill -9 included)."""
        for stored in self.journal.load_all():
            try:
                hosted = restore(stored, self.clock)
            except (DataError, CodecError) as exc:
                lines = exc.errors if isinstance(exc, DataError) else [str(exc)]
                self.broken[stored.id] = "; ".join(lines)
                log.error("cannot restore game %s: %s", stored.id, "; ".join(lines))
                continue
            self.games[hosted.id] = hosted
        heap.settle()
        for hosted in self.games.values():
            self._after_change(hosted)

    # ----- connections
    async def handle(self, ws: ServerConnection) -> None:
        conn = Conn(ws)
        self.conns.add(conn)
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
                await conn.ws.send(text)

    def _forget(self, conn: Conn) -> None:
        self.conns.discard(conn)
        for game_id, seat in conn.seats.items():
            hosted = self.games.get(game_id)
            if hosted is not None and seat in hosted.seats:
                hosted.seats[seat].conns.discard(conn)
        for game_id in conn.watching:
            hosted = self.games.get(game_id)
            if hosted is not None:
                hosted.watchers.discard(conn)

    def _dispatch(self, conn: Conn, raw: str | bytes) -> None:
        re: int | None = None
        try:
            message = protocol.parse_client_message(raw)
            re = message.seq
            if message.type != "hello" and not conn.hello:
                raise ProtocolError("hello_first", "send hello (with your protocol version and mods) first")
            getattr(self, f"on_{message.type}")(conn, message)
        except ProtocolError as exc:
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
                   "server": "forces-of-conquest", "games": len(self.games)})

    def on_ping(self, conn: Conn, msg: protocol.Ping) -> None:
        conn.send({"type": "pong", "re": msg.seq, "time": time.time()})

    def on_list(self, conn: Conn, msg: protocol.ListGames) -> None:
        conn.send({"type": "games", "re": msg.seq, "games": [h.info() for h in self.games.values()],
                   "rulesets": self.rulesets()})

    def rulesets(self) -> list[dict[str, str]]:
        if self._rulesets is None:
            self._rulesets = ruleset_choices()
        return self._rulesets

    def on_create(self, conn: Conn, msg: protocol.Create) -> None:
        if len(self.games) >= MAX_GAMES:
            raise ProtocolError("full", f"the server hosts {MAX_GAMES} games already")
        game_id = uuid.uuid4().hex[:12]
        seed = msg.seed if msg.seed is not None else int.from_bytes(os.urandom(4), "little")
        turn_seconds = msg.turn_seconds
        if msg.mode == "deadline" and turn_seconds is None:
            turn_seconds = 24 * 3600.0
        try:
            hosted = create(game_id, msg.name, msg.map, [s.model_dump() for s in msg.seats], list(msg.mods),
                            msg.mode, turn_seconds, seed, msg.ruleset, dict(msg.options),
                            known={r["id"] for r in self.rulesets()}, clock=self.clock)
        except DataError as exc:
            raise ProtocolError("bad_game", "; ".join(exc.errors)) from None
        except (ValueError, OSError) as exc:
            raise ProtocolError("bad_game", str(exc)) from None
        self.games[game_id] = hosted
        heap.settle()

        def done(error: BaseException | None) -> None:
            if error is not None:
                self.games.pop(game_id, None)
                conn.send({"type": "error", "re": msg.seq, "code": "storage", "message": f"could not store the game: {error}"})
                return
            conn.send({"type": "created", "re": msg.seq, "game": game_id, "info": hosted.info()})
            self._after_change(hosted)

        self._durably(Journal.new_game(hosted.stored()), done)

    def _game(self, game_id: str) -> Hosted:
        hosted = self.games.get(game_id)
        if hosted is None:
            why = self.broken.get(game_id)
            raise ProtocolError("no_game", f"game {game_id!r} " + (f"could not be restored: {why}" if why else "does not exist"))
        return hosted

    def _check_mods(self, conn: Conn, hosted: Hosted) -> None:
        missing = [m for m in hosted.mods if conn.mods.get(m["id"]) != m["version"]]
        if missing:
            named = ", ".join(f"{m['id']} {m['version']}" + (f" (you have {conn.mods[m['id']]})" if m["id"] in conn.mods else "")
                              for m in missing)
            raise ProtocolError("mods", f"this game needs mods you do not have: {named}")

    def on_join(self, conn: Conn, msg: protocol.Join) -> None:
        hosted = self._game(msg.game)
        self._check_mods(conn, hosted)
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
        writes: list[Write] = [Journal.seat(hosted.id, state.data())]
        if hosted.seated():
            hosted.turn_started = self.clock()  # the turn clock starts when the table is full
            writes.append(Journal.turn_started(hosted.id, hosted.turn_started))

        def done(error: BaseException | None) -> None:
            if error is not None:
                conn.send({"type": "error", "re": msg.seq, "code": "storage", "message": f"could not store the seat: {error}"})
                return
            conn.send({"type": "joined", "re": msg.seq, "game": hosted.id, "seat": seat_no, "role": "player",
                       "token": token})
            self._catch_up(conn, hosted, seat_no, msg.last_seq)

        self._durably(writes, done)

    def _seat_conn(self, conn: Conn, hosted: Hosted, seat: int) -> None:
        conn.seats[hosted.id] = seat
        hosted.seats[seat].conns.add(conn)

    def on_watch(self, conn: Conn, msg: protocol.Watch) -> None:
        hosted = self._game(msg.game)
        self._check_mods(conn, hosted)
        if len(hosted.watchers) >= protocol.MAX_WATCHERS:
            raise ProtocolError("full", f"this game has {protocol.MAX_WATCHERS} spectators already")
        hosted.watchers.add(conn)
        conn.watching.add(hosted.id)
        conn.send({"type": "joined", "re": msg.seq, "game": hosted.id, "seat": None, "role": "spectator"})
        self._catch_up(conn, hosted, None, msg.last_seq)

    def _catch_up(self, conn: Conn, hosted: Hosted, viewer: Viewer, last_seq: int, tries: int = 0) -> None:
        """The viewer's whole view as of the last durable command, with the events it may see since
        `last_seq` (-1: none). Commands still being written are waited for (a view shows only what is on
        disk); later changes reach the connection as updates, already in the game's audience."""
        if hosted.seq != hosted.durable_seq and tries < STATE_TRIES:
            self._durably([], lambda _error: self._catch_up(conn, hosted, viewer, last_seq, tries + 1))
            return
        if conn.closed or self.games.get(hosted.id) is not hosted or hosted.tracker is None:
            return
        since = self._since(hosted, viewer, last_seq) if 0 <= last_seq < hosted.durable_seq else []
        conn.send(state_for(viewer, hosted.header, hosted.tracker, hosted.seq, since) | {"game": hosted.id})

    def _since(self, hosted: Hosted, viewer: Viewer, last_seq: int) -> list[dict[str, Any]]:
        """The events `viewer` may see of the journaled commands after `last_seq` (the last SINCE_LIMIT)."""
        first = max(last_seq, hosted.durable_seq - SINCE_LIMIT)
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
        hosted = self._game(msg.game)
        if msg.game in conn.watching:
            conn.watching.discard(msg.game)
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
        stored = {g.id: g for g in self.journal.load_all()}.get(hosted.id)
        if stored is None:
            self.games.pop(hosted.id, None)
            return
        try:
            fresh = restore(stored, self.clock)
        except (DataError, CodecError) as exc:
            self.games.pop(hosted.id, None)
            self.broken[hosted.id] = str(exc)
            return
        fresh.watchers = hosted.watchers
        for seat, state in fresh.seats.items():
            if seat in hosted.seats:
                state.conns = hosted.seats[seat].conns
        self.games[hosted.id] = fresh
        for viewer, conns in self._audience(fresh):  # their views may hold what was not stored: start afresh
            for conn in conns:
                self._catch_up(conn, fresh, viewer, -1)

    def _after_change(self, hosted: Hosted) -> None:
        """Computer seats play on the server as soon as it is their turn."""
        if hosted.computers_to_act():
            assert self.loop is not None
            self.loop.call_soon(self._computers, hosted)

    def _computers(self, hosted: Hosted) -> None:
        if self.games.get(hosted.id) is not hosted:
            return
        records, writes = hosted.play_computer()
        self._publish(hosted, records, writes)
        self._after_change(hosted)  # the next computer turn, after whatever else waits on the loop

    async def _timers(self) -> None:
        """Ends the turn of a seat whose turn timer ran out (live and deadline games)."""
        while True:
            await asyncio.sleep(TICK)
            now = self.clock()
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
        self.restore_all()
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
            print(f"foc serve: listening on ws://{host}:{actual} ({len(self.games)} game(s) restored, "
                  f"data in {self.journal.path.parent})", flush=True)
            if ready is not None:
                ready(actual)
            await stop
        timers.cancel()
        keeper.cancel()
        self.journal.close()


def run_serve(args: Any) -> int:
    """`foc serve --host H --port P --data DIR`."""
    logging.basicConfig(level=logging.INFO if args.verbose else logging.WARNING, stream=sys.stderr,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")
    data = Path(args.data) if args.data else default_data_dir()
    try:
        server = Server(data, args.sync, FileClock(Path(args.clock_file)) if args.clock_file else wall)
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
