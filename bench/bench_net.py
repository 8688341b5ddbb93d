"""Network play under load: N concurrent 2-seat games of computer clients against one `foc serve` on 127.0.0.1.

Each game has two client connections (all in this process, on one asyncio loop). First every game sets
itself up at once (25 connecting at a time): create, both seats join, both get their state — the join burst,
measured on its own (create -> both states per game, its wall time, the server's CPU and memory after it).
Then the games play (timed): the seat to move sends a command (base choice, then a unit to build and the end
of its turn), waits a think time, and so on, for a bounded number of commands; play also stops after
`--seconds`. Measured: the time from sending a command to the moment the last seat of the game has its
update (p50/p95/max), the command rate, and the server's memory (resident and peak, from /proc). The server
journals every command durably (fsync) before it answers, as in play. The clients' process gets the
server's garbage-collector settings (see `run`): one process holding 2N clients is not N real clients.

Run: .venv/bin/python -m bench.bench_net --games 50 --commands 40
     .venv/bin/python -m bench.bench_net --games 500 --commands 16 --think 2 --seconds 120
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import signal
import subprocess
import sys
import tempfile
import time
from functools import partial
from pathlib import Path
from typing import Any

from game.net import heap
from game.net.client import NetClient
from game.simulate import percentile

BASE_MODS = [{"id": "base", "version": "1.0.0"}]
ROOT = Path(__file__).resolve().parent.parent


class Stats:
    def __init__(self) -> None:
        self.latency: list[float] = []
        self.setup: list[float] = []  # per game: create sent -> both seats have their state
        self.setup_wall = 0.0
        self.setup_cpu = 0.0  # the server's CPU seconds during set-up
        self.setup_rss = 0.0
        self.rejected: list[float] = []
        self.games_done = 0
        self.errors: list[str] = []


class GamePlay:
    """One game: two connections, updates timed as they arrive at each seat."""

    def __init__(self, url: str, index: int, stats: Stats, commands: int, think: float, stop_at: float) -> None:
        self.url, self.index, self.stats = url, index, stats
        self.commands, self.think, self.stop_at = commands, think, stop_at
        self.arrivals: dict[int, list[float]] = {}
        self.waiting: dict[int, asyncio.Event] = {}
        self.states: dict[int, dict[str, Any]] = {}
        self.clock: dict[str, Any] = {}
        self.game = ""
        self.clients = [NetClient(url, f"bench-{index}-{s}", BASE_MODS, on_push=partial(self._push, s)) for s in (0, 1)]

    def _push(self, seat_index: int, message: dict[str, Any]) -> None:
        now = time.perf_counter()
        kind = message.get("type")
        if kind == "state":
            self.states[seat_index] = message
            self.clock = message["view"]["clock"]  # the seat's view (protocol 3)
        elif kind == "update":
            seq = message["seq"]
            seen = self.arrivals.setdefault(seq, [])
            seen.append(now)
            self.clock = message["clock"]
            if len(seen) == 2 and seq in self.waiting:
                self.waiting[seq].set()

    async def set_up(self, gate: asyncio.Semaphore) -> bool:
        """Connect both seats, create the game and join it; the time from `create` to both seats' `state` is
        the game's set-up time (the join burst: every game sets itself up at once, 25 connecting at a time)."""
        try:
            async with gate:
                for client in self.clients:
                    await client.connect(30)
                t0 = time.perf_counter()
                made = await self.clients[0].request({"type": "create", "map": "random:12x12:3", "seed": self.index,
                                                      "seats": [{"kind": "open"}, {"kind": "open"}]}, 30)
                self.game = made["game"]
                for seat, client in enumerate(self.clients, start=1):
                    await client.request({"type": "join", "game": self.game, "seat": seat}, 30)
                while len(self.states) < 2:
                    await asyncio.sleep(0.01)
                self.stats.setup.append(time.perf_counter() - t0)
            return True
        except Exception as exc:  # a bench reports problems, it does not stop at the first
            self.stats.errors.append(f"game {self.index}: set-up: {type(exc).__name__}: {exc}")
            await self.close()
            return False

    async def play(self) -> None:
        try:
            await self._play(self.clients)
            self.stats.games_done += 1
        except Exception as exc:
            self.stats.errors.append(f"game {self.index}: {type(exc).__name__}: {exc}")
        finally:
            await self.close()

    async def close(self) -> None:
        for client in self.clients:
            await client.close()

    async def _play(self, clients: list[NetClient]) -> None:
        header = self.states[0]["header"]
        zones = header["board"]["start_zones"]
        units = [name for name, spec in header["ruleset"]["units"].items() if spec.get("buildable", True)]
        built: set[tuple[int, int]] = set()
        rng = random.Random(self.index)
        tried: dict[int, int] = {}
        for _ in range(self.commands):
            if time.monotonic() > self.stop_at or self.clock.get("winner") is not None:
                return
            seat = int(self.clock["seat"])
            if self.clock["stage"] == "setup":
                zone = zones[str(seat)]
                command = {"type": "ChooseBase", "territory": zone[tried.get(seat, 0) % len(zone)]}
                tried[seat] = tried.get(seat, 0) + 1
            elif (self.clock["round"], seat) not in built and units:
                built.add((self.clock["round"], seat))
                command = {"type": "BuildUnit", "unit_type": units[0]}
            else:
                command = {"type": "EndTurn"}
            await asyncio.sleep(rng.uniform(0, 2 * self.think))
            t0 = time.perf_counter()
            reply = await clients[seat - 1].request({"type": "command", "game": self.game, "command": command}, 30)
            if reply["type"] != "accepted":
                self.stats.rejected.append(time.perf_counter() - t0)
                continue
            seq = reply["seq"]
            seen = self.arrivals.get(seq, [])
            if len(seen) < 2:
                event = self.waiting.setdefault(seq, asyncio.Event())
                await asyncio.wait_for(event.wait(), 30)
                seen = self.arrivals[seq]
            self.stats.latency.append(max(seen) - t0)
            self.arrivals.pop(seq, None)
            self.waiting.pop(seq, None)


def memory_mb(pid: int) -> tuple[float, float]:
    """Resident and peak resident memory of a process, in MiB."""
    text = Path(f"/proc/{pid}/status").read_text()
    rss = int(re.search(r"VmRSS:\s+(\d+)", text).group(1))  # type: ignore[union-attr]
    hwm = int(re.search(r"VmHWM:\s+(\d+)", text).group(1))  # type: ignore[union-attr]
    return rss / 1024, hwm / 1024


def cpu_seconds(pid: int) -> float:
    """User + system CPU time a process has used."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


# the bench is a crowd of players that all connect from 127.0.0.1 and choose their seeds (the same games every
# run): the per-address quotas of a public server (game/net/quota.py) are raised for it
CROWD = ("--client-seeds", "--quota", "games_per_address=100000", "--quota", "connections_per_address=100000",
         "--quota", "views_per_second=100000", "--quota", "views_burst=100000",
         "--quota", "send_bytes_per_address=4000000000")


def start_server(data: Path, sync: str = "full") -> tuple[subprocess.Popen[str], str]:
    proc = subprocess.Popen([sys.executable, "-m", "game", "serve", "--host", "127.0.0.1", "--port", "0",
                             "--data", str(data), "--sync", sync, *CROWD], cwd=ROOT, stdout=subprocess.PIPE,
                            text=True)
    assert proc.stdout is not None
    line = proc.stdout.readline()
    found = re.search(r"listening on (ws://\S+)", line)
    if not found:
        proc.kill()
        raise RuntimeError(f"foc serve did not start: {line!r}")
    return proc, found.group(1)


async def run(url: str, games: int, commands: int, think: float, seconds: float,
              server: int | None = None) -> tuple[Stats, float]:
    """Set every game up at once (the join burst, measured on its own), then play them all (timed)."""
    stats = Stats()
    gate = asyncio.Semaphore(25)  # connections being opened at once
    plays = [GamePlay(url, i, stats, commands, think, 0.0) for i in range(games)]
    started = time.perf_counter()
    cpu_before = cpu_seconds(server) if server else 0.0
    ready = await asyncio.wait_for(asyncio.gather(*(p.set_up(gate) for p in plays)), 120 + games * 0.5)
    stats.setup_wall = time.perf_counter() - started
    if server:
        stats.setup_cpu = cpu_seconds(server) - cpu_before
        stats.setup_rss = memory_mb(server)[0]
    # The 2N clients share this one process, unlike real clients (a process each, with a small heap): this
    # process's garbage collector would pause every client at once (passes over their set-up data and their
    # 2N connections' reads in flight), and the clock below would charge the pause to the server. So the
    # clients' process follows the server's collector policy (game.net.heap).
    heap.settle()
    keeper = asyncio.create_task(heap.keep())
    stop_at = time.monotonic() + seconds
    started = time.perf_counter()
    for p in plays:
        p.stop_at = stop_at
    try:
        await asyncio.wait_for(asyncio.gather(*(p.play() for p, ok in zip(plays, ready, strict=True) if ok)),
                               seconds + 120)
    finally:
        keeper.cancel()
    return stats, time.perf_counter() - started


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--commands", type=int, default=40, help="commands per game at most")
    parser.add_argument("--think", type=float, default=0.25, help="mean think time between commands (s)")
    parser.add_argument("--seconds", type=float, default=120, help="stop sending new commands after this")
    parser.add_argument("--sync", choices=("full", "normal"), default="full", help="the server's journal mode")
    parser.add_argument("--url", help="use a server already running (its memory is then not measured)")
    parser.add_argument("--json", dest="json_path")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="bench-net-") as folder:
        if args.url:
            stats, wall = asyncio.run(run(args.url, args.games, args.commands, args.think, args.seconds))
            rss = peak = server_cpu = 0.0
            proc = None
        else:
            proc, url = start_server(Path(folder), args.sync)
        try:
            if proc is not None:
                stats, wall = asyncio.run(run(url, args.games, args.commands, args.think, args.seconds, proc.pid))
                rss, peak = memory_mb(proc.pid)
                server_cpu = cpu_seconds(proc.pid)
        finally:
            if proc is None:
                pass
            else:
                proc.send_signal(signal.SIGTERM)
                try:
                    proc.wait(20)
                except subprocess.TimeoutExpired:
                    proc.kill()
    lat = [v * 1000 for v in stats.latency]
    setup = [v * 1000 for v in stats.setup]
    result = {
        "games": args.games, "games_done": stats.games_done, "commands": len(lat), "rejected": len(stats.rejected),
        "wall_s": round(wall, 1), "commands_per_s": round(len(lat) / wall, 1) if wall else 0.0,
        "latency_ms": {"p50": round(percentile(lat, 50), 2), "p95": round(percentile(lat, 95), 2),
                       "max": round(max(lat, default=0.0), 2)},
        "setup": {"games": len(stats.setup), "wall_s": round(stats.setup_wall, 1),
                  "per_game_ms": {"p50": round(percentile(setup, 50), 1), "p95": round(percentile(setup, 95), 1),
                                  "max": round(max(setup, default=0.0), 1)},
                  "server_cpu_s": round(stats.setup_cpu, 1), "server_rss_mb": round(stats.setup_rss, 1)},
        "server_mb": {"rss": round(rss, 1), "peak": round(peak, 1)}, "server_cpu_s": round(server_cpu, 1),
        "client_cpu_s": round(time.process_time(), 1), "errors": stats.errors[:5],
        "cpus": os.cpu_count(), "think_s": args.think, "sync": args.sync, "load": os.getloadavg()[0],
    }
    print(f"bench_net: {args.games} games x 2 seats over ws://127.0.0.1, think {args.think}s, journal {args.sync}, "
          f"load average {result['load']:.1f} on {os.cpu_count()} CPUs:")
    burst = result["setup"]
    print(f"  join burst: {burst['games']} games created and joined in {burst['wall_s']} s (25 connecting at a "
          f"time); create -> both states: p50 {burst['per_game_ms']['p50']} ms, p95 {burst['per_game_ms']['p95']} ms, "
          f"max {burst['per_game_ms']['max']} ms; server CPU {burst['server_cpu_s']} s, "
          f"memory {burst['server_rss_mb']} MiB after it")
    print(f"  play: "
          f"{result['commands']} commands in {result['wall_s']} s ({result['commands_per_s']}/s), "
          f"{stats.games_done} games done, {len(stats.errors)} errors")
    print(f"  send -> last seat's update: p50 {result['latency_ms']['p50']} ms, p95 {result['latency_ms']['p95']} ms, "
          f"max {result['latency_ms']['max']} ms")
    print(f"  server memory: {result['server_mb']['rss']} MiB resident, {result['server_mb']['peak']} MiB peak; "
          f"CPU: server {result['server_cpu_s']} s, clients {result['client_cpu_s']} s")
    for line in stats.errors[:5]:
        print(f"  error: {line}")
    if args.json_path:
        Path(args.json_path).write_text(json.dumps(result, indent=2))
    return 1 if stats.errors else 0


if __name__ == "__main__":
    raise SystemExit(main())
