"""kill -9 at any moment: the journal always holds a whole prefix of every game, and a restarted server
rebuilds each game by replaying it, then plays on exactly as if nothing had happened (R10)."""

from __future__ import annotations

import random
import time

from game.net.client import Link
from game.net.seat_client import SeatClient
from tests.net.support import ServerProcess

COMPUTERS = [{"kind": "computer", "difficulty": "normal"}, {"kind": "computer", "difficulty": "normal"}]


def _finished(link: Link, game: str, seconds: float = 60.0) -> SeatClient:
    """Watch a game until it is over; the watcher's copy (its view checked against the server's hash)."""
    watcher = SeatClient.join(link, game, watch=True)
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        watcher.pump(wait=0.1)
        if watcher.game.over:
            reply = link.call({"type": "sync", "game": game})
            if reply["seq"] == watcher.mirror.seq:
                assert reply["hash"] == watcher.mirror.view_hash()
                return watcher
    raise TimeoutError(f"game {game} did not finish")


def test_kill9_at_a_random_moment_changes_nothing(tmp_path):
    data = tmp_path / "data"
    server = ServerProcess(data).start()
    link = Link(server.url, "host")
    link.open()
    killed = link.call({"type": "create", "map": "random:12x12:3", "seed": 1, "seats": COMPUTERS})["game"]
    # the computers are playing on the server right now; a seq is one batch (a computer's whole turn), and this
    # game takes about 80 of them (41 rounds), so the kill falls somewhere in its first three quarters
    threshold = random.randint(5, 60)
    deadline = time.monotonic() + 30
    while link.call({"type": "list"})["games"][0]["seq"] < threshold and time.monotonic() < deadline:
        time.sleep(0.002)
    server.kill()
    link.close()
    restarted = ServerProcess(data).start()
    try:
        again = Link(restarted.url, "host-again")
        again.open()
        lobby = {g["game"]: g for g in again.call({"type": "list"})["games"]}
        assert killed in lobby and lobby[killed]["winner"] is None  # it was killed mid-game
        control = again.call({"type": "create", "map": "random:12x12:3", "seed": 1, "seats": COMPUTERS})["game"]
        first = _finished(again, killed)
        second = _finished(again, control)
        assert first.game.world.clock.winner == second.game.world.clock.winner == 1
        assert first.mirror.seq == second.mirror.seq
        assert first.mirror.view_hash() == second.mirror.view_hash()  # the same public view, entity for entity
        again.close()
    finally:
        restarted.stop()
