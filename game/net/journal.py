"""The server's durable journal: games, seats and every accepted command in SQLite, written before any ack.

SQLite in WAL mode with `synchronous=FULL` by default: a commit returns only after the WAL is fsynced, so an
acknowledged command survives a killed process *and* a power cut. `foc serve --sync normal` trades that for
latency: in WAL mode NORMAL still survives kill -9 (the commit is in the OS's page cache) but may lose the
last commits on a power cut or OS crash (docs/network.md has the figures). The fsync is shared: one writer thread takes every write waiting in its
queue and commits them in one transaction (group commit), so many games cost one fsync per batch.
Writes complete in the order they were queued; `append` returns a future that is done once durable.
"""

from __future__ import annotations

import contextlib
import json
import os
import queue
import sqlite3
import threading
from concurrent.futures import Future, InvalidStateError
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY, created REAL NOT NULL, name TEXT NOT NULL, settings TEXT NOT NULL,
    header TEXT NOT NULL, turn_started REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS seats (
    game TEXT NOT NULL, seat INTEGER NOT NULL, kind TEXT NOT NULL, name TEXT NOT NULL,
    difficulty TEXT NOT NULL, token_hash TEXT NOT NULL DEFAULT '', PRIMARY KEY (game, seat)
);
CREATE TABLE IF NOT EXISTS commands (
    game TEXT NOT NULL, seq INTEGER NOT NULL, round INTEGER NOT NULL, seat INTEGER NOT NULL,
    issuer TEXT NOT NULL, command TEXT NOT NULL, events TEXT NOT NULL, at REAL NOT NULL,
    PRIMARY KEY (game, seq)
);
CREATE TABLE IF NOT EXISTS snapshots (
    game TEXT PRIMARY KEY, seq INTEGER NOT NULL, round INTEGER NOT NULL, hash TEXT NOT NULL, data TEXT NOT NULL
);
"""
# columns added since the first schema (a journal written before them gains them on opening)
COLUMNS = (
    ("games", "status", "TEXT NOT NULL DEFAULT 'live'"),  # live, finished (archived) or expired
    ("games", "summary", "TEXT NOT NULL DEFAULT '{}'"),  # the lobby line as last written (game.net.lifecycle)
    ("games", "active", "REAL NOT NULL DEFAULT 0"),  # when a player was last seen acting or connected
)
LIVE, FINISHED, EXPIRED = "live", "finished", "expired"
BATCH = 1000  # writes per transaction at most


@dataclass
class StoredGame:
    """One game as the journal holds it: enough to rebuild it exactly."""

    id: str
    created: float
    name: str
    settings: dict[str, Any]
    header: dict[str, Any]
    turn_started: float
    seats: list[dict[str, Any]] = field(default_factory=list)
    commands: list[tuple[int, int, int, str, dict[str, Any]]] = field(default_factory=list)  # seq, round, seat, issuer, cmd
    snapshot: tuple[int, int, str, dict[str, Any]] | None = None  # seq, round, state hash, save data (the commands follow)


Write = tuple[str, tuple[Any, ...]]


SYNC_MODES = ("full", "normal")


def connect(path: Path, synchronous: str = "full") -> sqlite3.Connection:
    if synchronous not in SYNC_MODES:
        raise ValueError(f"synchronous must be one of {', '.join(SYNC_MODES)}, not {synchronous!r}")
    db = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
    db.execute("PRAGMA journal_mode=WAL")
    db.execute(f"PRAGMA synchronous={synchronous.upper()}")
    db.execute("PRAGMA busy_timeout=5000")
    return db


def private(folder: Path, path: Path) -> None:
    """The journal holds every game's seed and every seat's secret orders: its folder (0700) and its files
    (0600; SQLite gives its -wal and -shm files the database's mode) are the server's user's only."""
    folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    os.chmod(folder, 0o700)
    os.close(os.open(path, os.O_RDWR | os.O_CREAT, 0o600))
    for file in (path, path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")):
        with contextlib.suppress(FileNotFoundError):
            os.chmod(file, 0o600)


class Journal:
    """Durable storage of the server's games; one writer thread, group commits, reads on the caller's thread."""

    def __init__(self, folder: Path, synchronous: str = "full") -> None:
        self.path = folder / "games.sqlite3"
        private(folder, self.path)
        self.reader = connect(self.path, synchronous)
        self.reader.executescript(SCHEMA)
        for table, column, kind in COLUMNS:
            known = {row[1] for row in self.reader.execute(f"PRAGMA table_info({table})")}
            if column not in known:
                self.reader.execute(f"ALTER TABLE {table} ADD COLUMN {column} {kind}")
        self.writer = connect(self.path, synchronous)
        self.pending: queue.Queue[tuple[list[Write], Future[None]] | None] = queue.Queue()
        self.thread = threading.Thread(target=self._write_loop, name="journal-writer", daemon=True)
        self.thread.start()
        self.commits = 0

    # ----- writing
    def submit(self, writes: list[Write]) -> Future[None]:
        """Queue statements for one atomic, durable write; the future is done once they are on disk."""
        done: Future[None] = Future()
        self.pending.put((writes, done))
        return done

    def _write_loop(self) -> None:
        while True:
            item = self.pending.get()
            if item is None:
                return
            batch = [item]
            stop = False
            while len(batch) < BATCH:
                try:
                    more = self.pending.get_nowait()
                except queue.Empty:
                    break
                if more is None:
                    stop = True
                    break
                batch.append(more)
            self._commit(batch)
            if stop:
                return

    def _commit(self, batch: list[tuple[list[Write], Future[None]]]) -> None:
        try:
            self.writer.execute("BEGIN IMMEDIATE")
            for writes, _ in batch:
                for sql, params in writes:
                    self.writer.execute(sql, params)
            self.writer.execute("COMMIT")
            self.commits += 1
        except Exception as exc:  # the disk failed: no write of this batch is acknowledged
            with contextlib.suppress(sqlite3.Error):
                self.writer.execute("ROLLBACK")
            for _, done in batch:
                with contextlib.suppress(InvalidStateError):
                    done.set_exception(exc)
            return
        for _, done in batch:
            # a waiter cancelled (a task awaiting it, at shutdown) cancels the future: setting it then raises, which
            # would end this thread, and no later write would ever be stored
            with contextlib.suppress(InvalidStateError):
                done.set_result(None)

    def close(self) -> None:
        self.pending.put(None)
        self.thread.join(10)
        self.writer.close()
        self.reader.close()

    # ----- statements (queued through submit)
    @staticmethod
    def new_game(game: StoredGame) -> list[Write]:
        writes: list[Write] = [(
            "INSERT INTO games (id, created, name, settings, header, turn_started) VALUES (?, ?, ?, ?, ?, ?)",
            (game.id, game.created, game.name, json.dumps(game.settings), json.dumps(game.header),
             game.turn_started),
        )]
        for seat in game.seats:
            writes.append(Journal.seat(game.id, seat))
        return writes

    @staticmethod
    def seat(game: str, seat: dict[str, Any]) -> Write:
        return ("INSERT OR REPLACE INTO seats (game, seat, kind, name, difficulty, token_hash) VALUES (?, ?, ?, ?, ?, ?)",
                (game, seat["seat"], seat["kind"], seat["name"], seat["difficulty"], seat.get("token_hash", "")))

    @staticmethod
    def command(game: str, seq: int, rnd: int, seat: int, issuer: str, command: dict[str, Any], events: str,
                at: float) -> Write:
        return ("INSERT INTO commands (game, seq, round, seat, issuer, command, events, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (game, seq, rnd, seat, issuer, json.dumps(command), events, at))

    @staticmethod
    def turn_started(game: str, at: float) -> Write:
        return ("UPDATE games SET turn_started = ? WHERE id = ?", (at, game))

    @staticmethod
    def summary(game: str, summary: dict[str, Any], active: float) -> Write:
        return ("UPDATE games SET summary = ?, active = ? WHERE id = ?",
                (json.dumps(summary, separators=(",", ":")), active, game))

    @staticmethod
    def status(game: str, status: str) -> Write:
        return ("UPDATE games SET status = ? WHERE id = ?", (status, game))

    @staticmethod
    def snapshot(game: str, seq: int, rnd: int, digest: str, data: str) -> Write:
        return ("INSERT OR REPLACE INTO snapshots (game, seq, round, hash, data) VALUES (?, ?, ?, ?, ?)",
                (game, seq, rnd, digest, data))

    # ----- reading
    def load_all(self) -> list[StoredGame]:
        """Every game with its seats and commands in order (for a restart)."""
        games: dict[str, StoredGame] = {}
        for row in self.reader.execute("SELECT id, created, name, settings, header, turn_started FROM games ORDER BY created"):
            games[row[0]] = StoredGame(row[0], row[1], row[2], json.loads(row[3]), json.loads(row[4]), row[5])
        for row in self.reader.execute("SELECT game, seat, kind, name, difficulty, token_hash FROM seats ORDER BY game, seat"):
            if row[0] in games:
                games[row[0]].seats.append({"seat": row[1], "kind": row[2], "name": row[3], "difficulty": row[4],
                                            "token_hash": row[5]})
        for row in self.reader.execute("SELECT game, seq, round, seat, issuer, command FROM commands ORDER BY game, seq"):
            if row[0] in games:
                games[row[0]].commands.append((row[1], row[2], row[3], row[4], json.loads(row[5])))
        return list(games.values())

    def index(self) -> list[tuple[str, dict[str, Any], float, float, str]]:
        """The live games (not archived, not expired) without their commands, oldest first: id, lobby line,
        last activity, creation time and status: what a restart reads before it listens."""
        rows = self.reader.execute("SELECT id, summary, active, created, status FROM games WHERE status = ? "
                                   "ORDER BY created", (LIVE,))
        return [(r[0], json.loads(r[1]), r[2], r[3], r[4]) for r in rows]

    def status_of(self, game: str) -> str | None:
        row = self.reader.execute("SELECT status FROM games WHERE id = ?", (game,)).fetchone()
        return None if row is None else str(row[0])

    def header(self, game: str) -> dict[str, Any] | None:
        """A game's replay header alone (what a spectator's client builds its game from)."""
        row = self.reader.execute("SELECT header FROM games WHERE id = ?", (game,)).fetchone()
        return None if row is None else dict(json.loads(row[0]))

    def load(self, game: str, snapshot: bool = True) -> StoredGame | None:
        """One game with its seats, its latest snapshot (unless `snapshot` is False), and the commands after it."""
        row = self.reader.execute("SELECT id, created, name, settings, header, turn_started FROM games WHERE id = ?",
                                  (game,)).fetchone()
        if row is None:
            return None
        stored = StoredGame(row[0], row[1], row[2], json.loads(row[3]), json.loads(row[4]), row[5])
        for seat in self.reader.execute("SELECT seat, kind, name, difficulty, token_hash FROM seats WHERE game = ? "
                                        "ORDER BY seat", (game,)):
            stored.seats.append({"seat": seat[0], "kind": seat[1], "name": seat[2], "difficulty": seat[3],
                                 "token_hash": seat[4]})
        snap = self.reader.execute("SELECT seq, round, hash, data FROM snapshots WHERE game = ?",
                                   (game,)).fetchone() if snapshot else None
        after = 0
        if snap is not None:
            stored.snapshot = (snap[0], snap[1], snap[2], json.loads(snap[3]))
            after = snap[0]
        for cmd in self.reader.execute("SELECT seq, round, seat, issuer, command FROM commands WHERE game = ? AND "
                                       "seq > ? ORDER BY seq", (game, after)):
            stored.commands.append((cmd[0], cmd[1], cmd[2], cmd[3], json.loads(cmd[4])))
        return stored

    def records_after(self, game: str, seq: int, limit: int = 100_000) -> list[dict[str, Any]]:
        """The journaled commands of a game after `seq` (with their events as recorded), oldest first."""
        rows = self.reader.execute(
            "SELECT seq, round, seat, issuer, command, events FROM commands WHERE game = ? AND seq > ? ORDER BY seq LIMIT ?",
            (game, seq, limit))
        return [{"seq": r[0], "round": r[1], "seat": r[2], "issuer": r[3], "command": json.loads(r[4]),
                 "events": json.loads(r[5])} for r in rows]
