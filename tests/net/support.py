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
    deadline = time.monotonic() + seconds
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
