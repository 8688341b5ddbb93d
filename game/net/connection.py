"""One client connection of `foc serve`: its send queue (bounded in messages and bytes), rate budget, and the
seats and games it is in."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any

from websockets.asyncio.server import ServerConnection

from game.net import protocol
from game.net.quota import Address, Quotas
from game.net.rate import TokenBucket
from game.net.views import Viewer

log = logging.getLogger("foc.serve")


class Conn:
    """One client connection: its send queue, its rate budget, and the seats and games it is in."""

    def __init__(self, ws: ServerConnection, address: Address | None = None) -> None:
        self.ws = ws
        self.address = address if address is not None else Address(peer_host(ws), Quotas())
        self.queue: asyncio.Queue[str] = asyncio.Queue(protocol.SEND_QUEUE)
        self.queued = 0  # bytes in the queue (and the one being sent)
        self.created = 0  # games this connection created
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
        """Queue a frame; the queue is bounded in messages and in bytes (per connection and per address):
        a client that does not read is dropped before it can hold the server's memory."""
        if self.closed:
            return
        size = len(text)
        quotas = self.address.quotas
        if self.queued + size > quotas.send_bytes or self.address.queued + size > quotas.send_bytes_per_address:
            self.close(1008, "send queue full: the client reads too slowly; reconnect and resume")
            return
        try:
            self.queue.put_nowait(text)
        except asyncio.QueueFull:
            self.close(1008, "send queue full: the client reads too slowly; reconnect and resume")
            return
        self.queued += size
        self.address.queued += size

    def sent(self, text: str) -> None:
        """A frame left the queue (sent, or dropped with the connection)."""
        self.queued -= len(text)
        self.address.queued -= len(text)

    def release(self) -> None:
        """The connection is gone: what it still had queued no longer counts against its address."""
        self.address.queued -= self.queued
        self.queued = 0

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
                    text = self.queue.get_nowait()
                    await self.ws.send(text)
                    self.sent(text)
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


def peer_host(ws: Any) -> str:
    """The peer's address (its IP), which quotas are counted by."""
    remote = getattr(ws, "remote_address", None)
    return str(remote[0]) if isinstance(remote, tuple) and remote else str(remote)
