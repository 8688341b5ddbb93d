"""Helpers for the network tests: a `foc serve` subprocess on 127.0.0.1 and computer-driven seats."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

from game.ai import make_controller
from game.net.client import Link
from game.net.seat_client import SeatClient
from tests.patience import scaled

PROJECT = Path(__file__).resolve().parents[2]


class ServerProcess:
    """`foc serve --port 0` in a subprocess; `url` once it listens; kill() is kill -9."""

    def __init__(self, data: Path, bundled: Path | None = None, clock: TestClock | None = None,
                 extra: tuple[str, ...] = (), client_seeds: bool = True) -> None:
        self.data = data
        self.bundled = bundled  # a stand-in for the game's own mods folder (a test's ruleset), else the real one
        self.clock = clock  # the server's time, moved by the test (turn timers, deadlines, expiry)
        # more `foc serve` options; tests choose their games' seeds (R10: the same game every run)
        self.extra = (*extra, "--client-seeds") if client_seeds else extra
        self.proc: subprocess.Popen[str] | None = None
        self.url = ""

    def start(self, timeout: float = 30.0) -> ServerProcess:
        timeout = scaled(timeout)
        options = list(self.extra) + (["--clock-file", str(self.clock.path)] if self.clock is not None else [])
        launcher = ["-m", "game"] if self.bundled is None else [
            "-c", "import sys, pathlib, game.content.discover as d; d.BUNDLED_MODS = pathlib.Path(sys.argv.pop(1)); "
                  "from game.cli import main; sys.exit(main(sys.argv[1:]))", str(self.bundled)]
        self.proc = subprocess.Popen(
            [sys.executable, *launcher, "serve", "--host", "127.0.0.1", "--port", "0", "--data", str(self.data), *options, *(["--verbose"] if os.environ.get("FOC_NET_VERBOSE") else [])],
            cwd=PROJECT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
            env={**os.environ, "PYTHONUNBUFFERED": "1"})
        deadline = time.monotonic() + timeout
        assert self.proc.stdout is not None
        while time.monotonic() < deadline:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError(f"foc serve exited: {self.proc.stderr.read() if self.proc.stderr else ''}")
            found = re.search(r"listening on (ws://\S+)", line)
            if found:
                self.url = found.group(1)
                return self
        raise TimeoutError("foc serve did not start")

    def kill(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            os.kill(self.proc.pid, signal.SIGKILL)
            self.proc.wait(10)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()


def patient(monkeypatch) -> None:
    """Client requests and seat replies wait `scaled` bounds in this test (the product's own are seconds)."""
    from game.net import client, seat_client

    monkeypatch.setattr(client, "REQUEST_SECONDS", scaled(client.REQUEST_SECONDS))
    monkeypatch.setattr(seat_client, "REPLY_SECONDS", scaled(seat_client.REPLY_SECONDS))


PROGRESS_CAP = 5  # a wait that keeps making progress ends after this many times its stall bound


class Patience:
    """A generous bound on a stall: `scaled(seconds)` without a change in `progress()` (a seq, a count of events
    shown: whatever moves while the awaited thing is on its way), so a slow machine that keeps moving never runs
    out of it and a stuck one does; `PROGRESS_CAP` times that in all. Without `progress`, `scaled(seconds)`."""

    def __init__(self, seconds: float, progress=None) -> None:
        self.bound = scaled(seconds)
        self.progress = progress
        now = time.monotonic()
        self.deadline = now + self.bound
        self.cap = now + self.bound * (PROGRESS_CAP if progress is not None else 1)
        self.seen = progress() if progress is not None else None

    def left(self) -> bool:
        """Whether to go on waiting (a change in progress starts the stall bound again)."""
        now = time.monotonic()
        if self.progress is not None:
            value = self.progress()
            if value != self.seen:
                self.seen, self.deadline = value, min(self.cap, now + self.bound)
        return now <= self.deadline

    def why(self) -> str:
        """Why the wait ended, for the failure message."""
        if self.progress is None:
            return f"in {self.bound:.0f} s"
        if self.deadline >= self.cap:
            return f"in {self.bound * PROGRESS_CAP:.0f} s (it kept moving)"
        return f"in {self.bound:.0f} s without progress past {self.seen!r}"


def wait_until(condition, seconds: float = 20.0, step=None, what: str = "the condition", progress=None) -> None:
    """Wait for `condition()` (calling `step()` between tries, else sleeping a little) within `Patience`:
    `scaled(seconds)`, or with `progress` that long without progress."""
    patience = Patience(seconds, progress)
    while not condition():
        if not patience.left():
            raise TimeoutError(f"{what} did not come true {patience.why()}")
        if step is not None:
            step()
        else:
            time.sleep(0.01)


class TestClock:
    """The server's clock in a test (`foc serve --clock-file`): it stands still until the test moves it."""

    __test__ = False  # not a test class

    def __init__(self, folder: Path, start: float = 1_000_000.0) -> None:
        from game.net.clock import set_clock_file

        folder.mkdir(parents=True, exist_ok=True)
        self.path = folder / "clock"
        self.now = start
        set_clock_file(self.path, start)

    def advance(self, seconds: float) -> float:
        from game.net.clock import set_clock_file

        self.now += seconds
        set_clock_file(self.path, self.now)
        return self.now


def view_sync(client: SeatClient) -> tuple[int, str]:
    """The server's (seq, hash of this client's view) through the client's own link (the viewer it is)."""
    reply = client.link.call({"type": "sync", "game": client.game_id}, scaled(10))
    return int(reply["seq"]), str(reply["hash"])


def settle_all(clients: list[SeatClient], seconds: float = 20.0) -> int:
    """Pump every client until each has applied all the server's updates and its view's hash is the
    server's for that viewer; the server's seq (AssertionError naming the client that is not in step)."""
    deadline = time.monotonic() + scaled(seconds)
    while True:
        states = []
        for client in clients:
            client.pump(wait=0.02)
            states.append((client, *view_sync(client)))
        if all(c.mirror.seq == seq and c.mirror.view_hash() == digest for c, seq, digest in states):
            return states[0][1]
        if time.monotonic() > deadline:
            bad = [(c.seat, c.mirror.seq, seq) for c, seq, digest in states
                   if c.mirror.seq != seq or c.mirror.view_hash() != digest]
            raise AssertionError(f"clients not in step with the server (seat, applied, server seq): {bad}")


def create_game(link: Link, seats: list[dict], map_name: str = "random:12x12:3", seed: int = 1, **extra) -> str:
    reply = link.call({"type": "create", "map": map_name, "seed": seed, "seats": seats, **extra})
    return str(reply["game"])


def play_seats(clients: list[SeatClient], kinds: list[str], max_rounds: int = 80, seconds: float = 120.0,
               stop_after: int | None = None) -> int:
    """Let computer controllers play the clients' seats through the server (one thread, turns in order).

    Stops when the game is over, past `max_rounds`, or after `stop_after` commands (TimeoutError after a stall of
    `Patience(seconds)`);
    returns the commands played.
    """
    controllers = [make_controller(k) for k in kinds]
    played = 0
    patience = Patience(seconds, lambda: clients[0].mirror.seq)  # bounds a stall: a slow machine only slows it
    for client in clients:
        client.reply_seconds = max(client.reply_seconds, scaled(15))
    while patience.left():
        for client in clients:
            client.pump()
        game = clients[0].game
        if game.over or game.world.clock.round > max_rounds:
            return played
        if stop_after is not None and played >= stop_after:
            return played
        acted = False
        for client, controller in zip(clients, controllers, strict=True):
            if client.my_turn():
                mirror = client.as_player()
                if mirror.in_setup:
                    result = mirror.submit(controller.choose_base(mirror))
                    assert result.ok, result
                    played += 1
                else:
                    played += len(controller.play_turn(mirror))
                del mirror.submit
                acted = True
                break
        if not acted:
            clients[0].pump(wait=0.05)
    raise TimeoutError(f"the game did not finish: it stopped {patience.why()}")
