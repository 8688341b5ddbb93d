"""The server journal is as durable as docs/network.md promises: WAL, and `synchronous=FULL` (fsync before every
ack) unless the host chose `--sync normal`; a mode that skips the fsync altogether is refused."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.cli import build_parser
from game.net.journal import Journal
from game.net.server import Server

FULL, NORMAL = 2, 1  # what `PRAGMA synchronous` reads back


def _modes(journal: Journal) -> list[tuple[str, int]]:
    return [(db.execute("PRAGMA journal_mode").fetchone()[0], db.execute("PRAGMA synchronous").fetchone()[0])
            for db in (journal.writer, journal.reader)]


def test_the_journal_commits_with_a_full_fsync_by_default(tmp_path: Path):
    journal = Journal(tmp_path)
    try:
        assert _modes(journal) == [("wal", FULL), ("wal", FULL)]
    finally:
        journal.close()


def test_a_server_and_foc_serve_default_to_the_full_fsync(tmp_path: Path):
    assert build_parser().parse_args(["serve"]).sync == "full"
    server = Server(tmp_path)
    try:
        assert _modes(server.journal)[0] == ("wal", FULL)   # the writer: it makes every commit
    finally:
        server.journal.close()


def test_sync_normal_is_wal_normal_and_nothing_weaker_is_accepted(tmp_path: Path):
    journal = Journal(tmp_path / "normal", "normal")
    try:
        assert _modes(journal) == [("wal", NORMAL), ("wal", NORMAL)]
    finally:
        journal.close()
    for weaker in ("off", "OFF", "0"):
        with pytest.raises(ValueError, match="synchronous must be one of full, normal"):
            Journal(tmp_path / weaker, weaker)
    with pytest.raises(SystemExit):
        build_parser().parse_args(["serve", "--sync", "off"])
