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

PROJECT = Path(__file__).resolve().parents[2]


class ServerProcess:
    """`foc serve --port 0` in a subprocess; `url` once it listens; kill() is kill -9."""

    def __init__(self, data: Path, bundled: Path | None = None) -> None:
        self.data = data
        self.bundled = bundled  # a stand-in for the game's own mods folder (a test's ruleset), else the real one
        self.proc: subprocess.Popen[str] | None = None
        self.url = ""

    def start(self, timeout: float = 30.0) -> ServerProcess:
        launcher = ["-m", "game"] if self.bundled is None else [
            "-c", "import sys, pathlib, game.content.discover as d; d.BUNDLED_MODS = pathlib.Path(sys.argv.pop(1)); "
                  "from game.cli import main; sys.exit(main(sys.argv[1:]))", str(self.bundled)]
        self.proc = subprocess.Popen(
            [sys.executable, *launcher, "serve", "--host", "127.0.0.1", "--port", "0", "--data", str(self.data), *(["--verbose"] if os.environ.get("FOC_NET_VERBOSE") else [])],
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


def scaled(seconds: float) -> float:
    """A time limit for a test on a shared machine: `seconds` on an idle one, stretched by the load per core
    (at most 6x), so a loaded machine slows a test down instead of failing it, while a hung one still fails."""
    load = os.getloadavg()[0] / max(1, os.cpu_count() or 1)
    return seconds * min(6.0, max(1.0, load))


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

    Stops when the game is over, past `max_rounds`, after `stop_after` commands, or after `seconds`;
    returns the commands played.
    """
    controllers = [make_controller(k) for k in kinds]
    played = 0
    deadline = time.monotonic() + scaled(seconds)
    for client in clients:
        client.reply_seconds = max(client.reply_seconds, scaled(15))
    while time.monotonic() < deadline:
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
    raise TimeoutError("the game did not finish in time")
