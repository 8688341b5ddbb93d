"""Client side of the protocol: `NetClient` (asyncio, for tests and the benchmark) and `Link` (a background
thread running a NetClient for the window, reconnecting and resuming from the last update it saw).
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import queue
import threading
from collections.abc import Callable
from typing import Any

import websockets
from websockets.asyncio.client import ClientConnection, connect

from game.net import protocol
from game.net.rate import TokenBucket

REQUEST_SECONDS = 10.0  # how long a request waits for its reply (tests on a loaded machine wait longer)


def _limit(timeout: float | None) -> float:
    return REQUEST_SECONDS if timeout is None else timeout


def local_mods() -> list[dict[str, str]]:
    """The mods installed here, as the hello message names them (the server refuses games we cannot run)."""
    from game.content.discover import installed_mods

    return [{"id": mod_id, "version": m.version} for mod_id, m in sorted(installed_mods().items())]


class ServerError(RuntimeError):
    """The server answered a request with an error; `code` and `message` say why."""

    def __init__(self, reply: dict[str, Any]) -> None:
        self.code = str(reply.get("code", ""))
        self.message = str(reply.get("message", reply.get("reason", "")))
        self.reply = reply
        super().__init__(f"{self.code}: {self.message}")


class NetClient:
    """One connection: `request` sends a message and waits for its reply; everything else goes to `on_push`."""

    def __init__(self, url: str, name: str = "client", mods: list[dict[str, str]] | None = None,
                 on_push: Callable[[dict[str, Any]], None] | None = None) -> None:
        self.url = url
        self.name = name
        self.mods = local_mods() if mods is None else mods
        self.ws: ClientConnection | None = None
        self.numbers = itertools.count(1)
        self.waiting: dict[int, asyncio.Future[dict[str, Any]]] = {}
        self.pushes: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.on_push = on_push
        self.reader: asyncio.Task[None] | None = None
        self.closed = asyncio.Event()
        self.received: list[str] | None = None  # when a list: every frame as it arrived (tests of what leaks)
        # the client's own pace, under the server's rate limit: a burst of requests (a computer seat's turn)
        # waits its turn here rather than being refused there
        self.pace = TokenBucket(protocol.CLIENT_RATE_PER_SECOND, protocol.CLIENT_BURST)

    async def connect(self, timeout: float | None = None) -> dict[str, Any]:
        """Open the connection and say hello; the welcome (ServerError on a version or other mismatch)."""
        timeout = _limit(timeout)
        self.ws = await asyncio.wait_for(connect(self.url, max_size=None, compression=None, open_timeout=timeout,
                                                 ping_interval=20, ping_timeout=20), timeout)
        self.closed.clear()
        self.reader = asyncio.create_task(self._read())
        return await self.request({"type": "hello", "protocol": protocol.PROTOCOL_VERSION, "client": self.name,
                                   "mods": self.mods}, timeout)

    async def _read(self) -> None:
        assert self.ws is not None
        try:
            async for raw in self.ws:
                if self.received is not None:
                    self.received.append(str(raw))
                message = json.loads(raw)
                re = message.get("re")
                future = self.waiting.pop(re, None) if isinstance(re, int) else None
                if future is not None and not future.done():
                    future.set_result(message)
                elif self.on_push is not None:
                    self.on_push(message)
                else:
                    self.pushes.put_nowait(message)
        except websockets.ConnectionClosed:
            pass
        finally:
            self.closed.set()
            for future in self.waiting.values():
                if not future.done():
                    future.set_exception(ConnectionError("connection closed"))
            self.waiting.clear()

    async def send(self, message: dict[str, Any]) -> int:
        """Send without waiting for the reply; the request's number."""
        assert self.ws is not None
        number = next(self.numbers)
        await self._send(message, number)
        return number

    async def request(self, message: dict[str, Any], timeout: float | None = None) -> dict[str, Any]:
        """Send and wait for the reply; ServerError when it is an error (a rejected command is a reply)."""
        assert self.ws is not None
        timeout = _limit(timeout)
        if self.closed.is_set():
            raise ConnectionError("connection closed")
        number = next(self.numbers)
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self.waiting[number] = future
        await self._send(message, number)
        reply = await asyncio.wait_for(future, timeout)
        if reply.get("type") == "error":
            raise ServerError(reply)
        return reply

    async def _send(self, message: dict[str, Any], number: int) -> None:
        """Send at the client's pace, the request's number last (where the server finds it in a message it
        refuses unread)."""
        assert self.ws is not None
        await asyncio.sleep(self.pace.reserve())
        body = {key: value for key, value in message.items() if key != "seq"}
        await self.ws.send(json.dumps({**body, "seq": number}, separators=(",", ":")))

    async def next_push(self, timeout: float | None = None) -> dict[str, Any]:
        return await asyncio.wait_for(self.pushes.get(), _limit(timeout))

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()
        if self.reader is not None:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self.reader


class Link:
    """A NetClient on a background thread for the window: blocking `call`, pushes in `inbox`, reconnection.

    After a lost connection it reconnects (with growing pauses) and rejoins the game it was in with the seat's
    token (or as a spectator) and the last update it received, so the server sends exactly what was missed.
    """

    def __init__(self, url: str, name: str = "player") -> None:
        self.url = url
        self.name = name
        self.inbox: queue.Queue[dict[str, Any]] = queue.Queue()
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, name="net-link", daemon=True)
        self.thread.start()
        self.client: NetClient | None = None
        self.game: str | None = None
        self.token: str | None = None
        self.watching = False
        self.last_seq = -1
        self.status = "connecting"
        self.stopped = False
        self.welcome: dict[str, Any] = {}
        self.reconnects = 0
        self.received: list[str] | None = None  # when a list: every frame received (tests of what leaks)

    # ----- blocking API for the window thread
    def open(self, timeout: float | None = None) -> dict[str, Any]:
        """Connect and say hello (raises ServerError / OSError / TimeoutError with the reason)."""
        timeout = _limit(timeout)
        self.welcome = self._run(self._connect(), timeout + 1)
        return self.welcome

    def call(self, message: dict[str, Any], timeout: float | None = None) -> dict[str, Any]:
        """A request and its reply; ServerError for an error reply, ConnectionError while disconnected."""
        timeout = _limit(timeout)
        if self.client is None or self.status != "connected":
            raise ConnectionError(f"not connected ({self.status})")
        reply = self._run(self.client.request(message, timeout), timeout + 1)
        if reply.get("type") == "joined":
            self.game = reply["game"]
            self.watching = reply.get("role") == "spectator"
            self.token = reply.get("token", self.token)
        return reply

    def close(self) -> None:
        self.stopped = True
        if self.client is not None:
            with contextlib.suppress(Exception):
                self._run(self.client.close(), 3)
        def stop() -> None:
            for task in asyncio.all_tasks(self.loop):
                task.cancel()
            self.loop.stop()

        self.loop.call_soon_threadsafe(stop)
        self.thread.join(3)

    def _run(self, coro: Any, timeout: float) -> Any:
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(timeout)

    # ----- the network thread
    def _push(self, message: dict[str, Any]) -> None:
        if message.get("type") in ("update", "state") and isinstance(message.get("seq"), int):
            self.last_seq = max(self.last_seq, message["seq"])
        self.inbox.put(message)

    async def _connect(self) -> dict[str, Any]:
        client = NetClient(self.url, self.name, on_push=self._push)
        client.received = self.received
        welcome = await client.connect()
        self.client = client
        self.status = "connected"
        asyncio.ensure_future(self._watch_connection(client))
        return welcome

    async def _watch_connection(self, client: NetClient) -> None:
        await client.closed.wait()
        if self.stopped:
            return
        self.status = "reconnecting"
        self.inbox.put({"type": "link", "status": "reconnecting"})
        pause = 0.2
        while not self.stopped:
            await asyncio.sleep(pause)
            pause = min(5.0, pause * 2)
            try:
                fresh = NetClient(self.url, self.name, on_push=self._push)
                fresh.received = self.received
                await fresh.connect(5)
                if self.game is not None:
                    if self.watching:
                        await fresh.request({"type": "watch", "game": self.game, "last_seq": self.last_seq})
                    elif self.token is not None:
                        await fresh.request({"type": "join", "game": self.game, "token": self.token,
                                             "last_seq": self.last_seq})
            except (OSError, TimeoutError, ServerError, websockets.WebSocketException, ConnectionError):
                continue
            self.client = fresh
            self.reconnects += 1
            self.status = "connected"
            self.inbox.put({"type": "link", "status": "connected"})
            asyncio.ensure_future(self._watch_connection(fresh))
            return
