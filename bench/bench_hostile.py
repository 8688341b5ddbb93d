"""Hostile load: each attack of issue 28's table runs from one address against a fresh `foc serve` on 127.0.0.1
while a canary client pings every 0.25 s; the canary's round trips (p50/p99/max) and the server's peak memory
(its own process, and its computer workers together) are reported per attack, with what the attack achieved.

Targets (docs/network.md, "What the server guarantees"): canary p99 <= 100 ms and server memory <= 1 GB under
every attack. Every attack is bounded in count and in time (`--seconds` each), and uses the server as deployed
(its default quotas and lifetimes; no client-chosen seeds) except where its row says otherwise.

Run: .venv/bin/python -m bench.bench_hostile            (every attack, 20 s each)
     .venv/bin/python -m bench.bench_hostile --only create_flood,slow_readers --seconds 10
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import re
import resource
import signal
import socket
import sqlite3
import stat
import subprocess
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from game.net import protocol
from game.net.client import NetClient, ServerError
from game.simulate import percentile

ROOT = Path(__file__).resolve().parent.parent
OPEN = {"kind": "open"}
DESCRIPTORS = 96  # the descriptor limit the server runs under in that attack
HARD = [{"kind": "computer", "difficulty": "hard"}, {"kind": "computer", "difficulty": "hard"}]
HELLO = {"type": "hello", "protocol": protocol.PROTOCOL_VERSION, "mods": [{"id": "base", "version": "1.0.0"}]}


class Server:
    """A `foc serve` subprocess; its memory (with its children: the computer workers) sampled every 0.1 s."""

    def __init__(self, data: Path, extra: tuple[str, ...] = (), files: int | None = None) -> None:
        limit = (lambda: resource.setrlimit(resource.RLIMIT_NOFILE, (files, files))) if files else None
        started = time.perf_counter()
        self.proc = subprocess.Popen([sys.executable, "-m", "game", "serve", "--host", "127.0.0.1", "--port", "0",
                                      "--data", str(data), *extra], cwd=ROOT, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, text=True, preexec_fn=limit)
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        found = re.search(r"listening on (ws://\S+)", line)
        if not found:
            self.proc.kill()
            raise RuntimeError(f"foc serve did not start: {line!r} {self.proc.stderr.read() if self.proc.stderr else ''}")
        self.listen_s = time.perf_counter() - started
        self.url = found.group(1)
        self.peak_mb = 0.0
        self.workers_peak_mb = 0.0

    def sample(self) -> None:
        own = _rss_mb(self.proc.pid)
        workers = sum(_rss_mb(child) for child in _children(self.proc.pid))
        self.peak_mb = max(self.peak_mb, own)
        self.workers_peak_mb = max(self.workers_peak_mb, workers)

    def stop(self) -> str:
        self.proc.send_signal(signal.SIGTERM)
        try:
            _, err = self.proc.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            _, err = self.proc.communicate()
        return err


def _rss_mb(pid: int) -> float:
    try:
        text = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return 0.0
    found = re.search(r"VmRSS:\s+(\d+)", text)
    return int(found.group(1)) / 1024 if found else 0.0


def _children(pid: int) -> list[int]:
    try:
        return [int(p) for p in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except OSError:
        return []


async def canary(url: str, stop: asyncio.Event, times: list[float], server: Server) -> None:
    """Ping every 0.25 s; each round trip in ms (a lost connection counts as a 10 s round trip)."""
    client = NetClient(url, "canary")
    await client.connect()
    while not stop.is_set():
        started = time.perf_counter()
        try:
            await client.request({"type": "ping"}, 10)
            times.append((time.perf_counter() - started) * 1000)
        except (ServerError, TimeoutError, ConnectionError):
            times.append(10_000.0)
        server.sample()
        await asyncio.sleep(max(0.0, 0.25 - (time.perf_counter() - started)))
    await client.close()


# ----- the attacks: each returns a line saying what it achieved
async def attack_client_seed(url: str, seconds: float) -> str:
    client = NetClient(url, "attacker")
    await client.connect()
    refused = 0
    for n in range(20):
        try:
            await client.request({"type": "create", "map": "random:12x12:3", "seed": n, "seats": [OPEN, OPEN]})
        except ServerError:
            refused += 1
    await client.close()
    return f"{refused}/20 creates with a seed refused"


async def attack_create_flood(url: str, seconds: float) -> str:
    """400 creates of random:64x64, from one socket then from 8 more of the same address."""
    made, refused, sent = 0, 0, 0
    deadline = time.perf_counter() + seconds
    clients = [NetClient(url, f"flood{n}") for n in range(9)]
    for client in clients:
        await client.connect()
    for n in range(400):
        if time.perf_counter() > deadline:
            break
        client = clients[0] if n < 200 else clients[1 + n % 8]
        sent += 1
        try:
            await client.request({"type": "create", "map": "random:64x64", "seats": [OPEN, OPEN]}, 30)
            made += 1
        except ServerError:
            refused += 1
    for client in clients:
        await client.close()
    return f"{sent} creates sent: {made} games made, {refused} refused (quota)"


async def _game(url: str, map_name: str, seats: list[dict[str, Any]]) -> tuple[NetClient, str]:
    host = NetClient(url, "host")
    await host.connect()
    made = await host.request({"type": "create", "map": map_name, "seats": seats}, 60)
    return host, made["game"]


async def attack_slow_readers(url: str, seconds: float) -> str:
    """12 sockets that never read, each repeating `watch` of a 64x64 game (within the rate limit)."""
    host, game = await _game(url, "random:64x64", [OPEN, OPEN])
    deadline = time.perf_counter() + seconds
    dropped, sent = 0, 0

    async def stuck(n: int) -> None:
        nonlocal dropped, sent
        async with connect(url, max_size=None, max_queue=1) as ws:
            await ws.send(json.dumps({**HELLO, "seq": 1}))
            seq = 2
            while time.perf_counter() < deadline:
                try:
                    await ws.send(json.dumps({"type": "watch", "game": game, "seq": seq}))
                    sent += 1
                except ConnectionClosed:
                    dropped += 1
                    return
                if ws.transport.is_closing():
                    dropped += 1
                    return
                seq += 1
                await asyncio.sleep(1 / 30)

    await asyncio.gather(*(stuck(n) for n in range(12)), return_exceptions=True)
    await host.close()
    return f"{sent} watches sent by 12 sockets that never read; {dropped} of them dropped"


async def attack_history(url: str, seconds: float) -> str:
    """A finished game of ~600 commands; 4 sockets send `watch` with last_seq=0, 38 a second in all."""
    host, game = await _game(url, "random:12x12", [{"kind": "computer"}, {"kind": "computer"}])
    for _ in range(600):  # wait for the game's end (bounded)
        line = next(g for g in (await host.request({"type": "list"}))["games"] if g["game"] == game)
        if line["over"]:
            break
        await asyncio.sleep(0.1)
    commands = line["seq"]
    deadline = time.perf_counter() + seconds
    served, refused = 0, 0

    async def ask(n: int) -> None:
        nonlocal served, refused
        client = NetClient(url, f"history{n}")
        await client.connect()
        while time.perf_counter() < deadline:
            try:
                await client.request({"type": "watch", "game": game, "last_seq": 0})
                served += 1
            except ServerError:
                refused += 1
            await asyncio.sleep(4 / 38)
        await client.close()

    await asyncio.gather(*(ask(n) for n in range(4)))
    await host.close()
    return f"{commands}-command game: {served} history requests served, {refused} refused (quota)"


async def attack_computers(url: str, seconds: float) -> str:
    """12 games of two hard computer seats on 64x64 (as many as the address may create)."""
    clients = [NetClient(url, f"computers{n}") for n in range(3)]
    made = 0
    for client in clients:
        await client.connect()
        for _ in range(4):
            try:
                await client.request({"type": "create", "map": "random:64x64", "seats": HARD}, 60)
                made += 1
            except ServerError:
                pass
    await asyncio.sleep(seconds)
    lines = (await clients[0].request({"type": "list"}))["games"]
    for client in clients:
        await client.close()
    return f"{made} games of two hard computers on 64x64 made; {sum(g['seq'] for g in lines)} commands played in {seconds:g} s"


async def attack_computers_watched(url: str, seconds: float) -> str:
    """The same games, each watched by a spectator (the server then holds each game and submits what the
    workers played to it on the loop, following every viewer's view)."""
    clients = [NetClient(url, f"computers{n}") for n in range(3)]
    made: list[str] = []
    for client in clients:
        await client.connect()
        for _ in range(4):
            with contextlib.suppress(ServerError):
                made.append((await client.request({"type": "create", "map": "random:64x64", "seats": HARD}, 60))["game"])
    watcher = NetClient(url, "spectator")
    await watcher.connect()
    watched = 0
    for game in made:
        try:
            await watcher.request({"type": "watch", "game": game}, 60)
            watched += 1
        except ServerError:
            pass
    await asyncio.sleep(seconds)
    lines = (await clients[0].request({"type": "list"}))["games"]
    for client in [*clients, watcher]:
        await client.close()
    return (f"{len(made)} games made, {watched} watched; {sum(g['seq'] for g in lines)} commands played in "
            f"{seconds:g} s")


async def attack_descriptors(url: str, seconds: float) -> str:
    """More sockets than the server's descriptor limit (DESCRIPTORS here), held open."""
    port = int(url.rsplit(":", 1)[1])
    held: list[socket.socket] = []
    for _ in range(400):
        try:
            held.append(socket.create_connection(("127.0.0.1", port), timeout=1))
        except OSError:
            break
    await asyncio.sleep(seconds)
    for sock in held:
        sock.close()
    return f"{len(held)} sockets opened and held"


async def attack_mod_paths(url: str, seconds: float) -> str:
    client = NetClient(url, "prober")
    await client.connect()
    answers = set()
    for mod in ("/etc", "/no/such/dir", "../mods/cavalry", "/tmp"):
        try:
            await client.request({"type": "create", "map": "random:12x12:3", "seats": [OPEN, OPEN], "mods": [mod]})
            answers.add("created!")
        except ServerError as exc:
            answers.add(exc.message)
    await client.close()
    return f"4 mod paths: {len(answers)} distinct answer(s), none created" if "created!" not in answers else "a path was loaded"


async def attack_bad_messages(url: str, seconds: float) -> str:
    answered = 0
    async with connect(url, max_size=None) as ws:
        await ws.send(json.dumps({**HELLO, "seq": 1}))
        await ws.recv()
        for n in range(2, 42):
            await ws.send(json.dumps({"type": "join", "game": "g", "seat": "one", "seq": n}))
            reply = json.loads(await ws.recv())
            answered += reply.get("re") == n
    return f"{answered}/40 malformed requests answered by their number"


ATTACKS: dict[str, tuple[str, Callable[[str, float], Awaitable[str]]]] = {
    "client_seed": ("create with a client-chosen seed", attack_client_seed),
    "create_flood": ("400 create of random:64x64 from one address", attack_create_flood),
    "slow_readers": ("12 sockets never read, repeating watch of a 64x64 game", attack_slow_readers),
    "history": ("watch last_seq=0 of a long game, 38/s from 4 sockets", attack_history),
    "computers": ("12 games of two hard computers on 64x64", attack_computers),
    "computers_watched": ("the same, each game watched by a spectator", attack_computers_watched),
    "descriptors": ("more sockets than the descriptor limit", attack_descriptors),
    "mod_paths": ("create with mods named by path", attack_mod_paths),
    "bad_messages": ("malformed requests with their numbers", attack_bad_messages),
}


async def measure(name: str, seconds: float) -> dict[str, Any]:
    title, attack = ATTACKS[name]
    with tempfile.TemporaryDirectory() as folder:
        server = Server(Path(folder), files=DESCRIPTORS if name == "descriptors" else None)
        stop = asyncio.Event()
        times: list[float] = []
        watch = asyncio.create_task(canary(server.url, stop, times, server))
        await asyncio.sleep(1.0)
        started = time.perf_counter()
        try:
            outcome = await asyncio.wait_for(attack(server.url, seconds), seconds * 4 + 120)
        except Exception as exc:  # an attack that fails is reported, not hidden
            outcome = f"attack failed: {type(exc).__name__}: {exc}"
        elapsed = time.perf_counter() - started
        await asyncio.sleep(1.0)
        stop.set()
        await watch
        log = server.stop()
        journal = Path(folder) / "games.sqlite3"
        modes = oct(stat.S_IMODE(journal.stat().st_mode)) if journal.exists() else "-"
        with sqlite3.connect(journal) as db:
            seeds = [json.loads(r[0])["seed"] for r in db.execute("SELECT settings FROM games")]
    return {"attack": name, "what": title, "outcome": outcome, "attack_s": round(elapsed, 1), "pings": len(times),
            "canary_ms": {"p50": round(percentile(times, 50), 1), "p99": round(percentile(times, 99), 1),
                          "max": round(max(times), 1)},
            "server_peak_mb": round(server.peak_mb, 1), "workers_peak_mb": round(server.workers_peak_mb, 1),
            "log_bytes": len(log), "journal_mode": modes,
            "seed_bits": min((seed.bit_length() for seed in seeds), default=None)}


def restart_figures(games: int) -> dict[str, Any]:
    """A journal of `games` games (half with a computer seat waiting for a player), then a restart: the time
    until it listens and its memory a second later."""
    with tempfile.TemporaryDirectory() as folder:
        crowd = ("--client-seeds", "--quota", "games_per_address=100000", "--quota", "games_per_connection=100000")
        server = Server(Path(folder), crowd)

        async def fill() -> None:
            client = NetClient(server.url, "filler")
            await client.connect()
            for n in range(games):
                await client.request({"type": "create", "map": "random:12x12:3", "seed": n,
                                      "seats": [{"kind": "computer"}, OPEN] if n % 2 else [OPEN, OPEN]}, 60)
            await client.close()

        asyncio.run(fill())
        server.stop()
        again = Server(Path(folder))
        time.sleep(1.0)
        again.sample()
        figures = {"games": games, "listen_s": round(again.listen_s, 2), "rss_mb_after_1s": round(again.peak_mb, 1)}
        again.stop()
    with tempfile.TemporaryDirectory() as folder:  # the same start with an empty journal: Python and the imports
        empty = Server(Path(folder))
        figures["empty_listen_s"] = round(empty.listen_s, 2)
        empty.stop()
    return figures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=20.0, help="how long each attack runs (default 20)")
    parser.add_argument("--only", help="comma-separated attacks (default: all): " + ", ".join(ATTACKS))
    parser.add_argument("--restart-games", type=int, default=430, help="games in the journal for the restart row")
    parser.add_argument("--json", help="write the results here")
    args = parser.parse_args(argv)
    names = args.only.split(",") if args.only else list(ATTACKS)
    results = []
    print(f"hostile load, {args.seconds:g} s per attack, canary ping every 0.25 s (cores: {os.cpu_count()}, "
          f"load {os.getloadavg()[0]:.1f})")
    print("| attack | outcome | canary p50 / p99 / max | server peak | workers peak | log | seeds |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for name in [n for n in names if n in ATTACKS]:
        row = asyncio.run(measure(name, args.seconds))
        results.append(row)
        c = row["canary_ms"]
        print(f"| {row['what']} | {row['outcome']} | {c['p50']} / {c['p99']} / {c['max']} ms | "
              f"{row['server_peak_mb']} MiB | {row['workers_peak_mb']} MiB | {row['log_bytes']} B | "
              f"{'-' if row['seed_bits'] is None else str(row['seed_bits']) + ' bits'} |", flush=True)
    restart = None
    if not args.only or "restart" in names:
        restart = restart_figures(args.restart_games)
        print(f"restart with {restart['games']} stored games: listening after {restart['listen_s']} s (an empty "
              f"journal: {restart['empty_listen_s']} s), {restart['rss_mb_after_1s']} MiB 1 s later")
    if args.json:
        Path(args.json).write_text(json.dumps({"attacks": results, "restart": restart}, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
