"""Per-connection limits without sockets: a client that stops reading is dropped when its bounded send
queue is full, and the server's loop (every other game) never waits for it."""

from __future__ import annotations

import asyncio

import pytest

from components.commands import ChooseBase
from game.net import protocol
from game.net.protocol import ProtocolError, parse_client_message, trailing_seq
from game.net.rate import TokenBucket
from game.net.server import Conn
from tests.net.support import scaled


class StuckSocket:
    """A connection whose peer never reads: every send waits forever."""

    remote_address = ("127.0.0.1", 1)

    def __init__(self) -> None:
        self.closed_with: tuple[int, str] | None = None
        self.transport = self

    async def send(self, text: str) -> None:
        await asyncio.Event().wait()

    async def close(self, code: int, reason: str) -> None:
        self.closed_with = (code, reason)

    def abort(self) -> None:
        self.closed_with = self.closed_with or (1006, "aborted")

    def __aiter__(self):
        return self

    async def __anext__(self):
        raise StopAsyncIteration


def test_a_slow_client_is_dropped_without_blocking_the_loop():
    async def run() -> None:
        ws = StuckSocket()
        conn = Conn(ws)  # type: ignore[arg-type]
        writer = asyncio.create_task(_write_forever(conn))
        for n in range(protocol.SEND_QUEUE + 5):
            conn.send({"type": "update", "seq": n})  # never blocks, whatever the client does
        assert conn.closed
        await asyncio.wait_for(conn.closing, scaled(5))  # type: ignore[arg-type]
        assert ws.closed_with is not None and ws.closed_with[0] == 1008
        writer.cancel()

    asyncio.run(run())


async def _write_forever(conn: Conn) -> None:
    while True:
        await conn.ws.send(await conn.queue.get())


@pytest.mark.parametrize("raw, code", [
    (b"{}", "bad_frame"),
    ("{", "bad_json"),
    ("[]", "bad_message"),
    ('{"type": "teleport"}', "unknown_type"),
    ('{"type": "command", "game": "g"}', "bad_message"),
    ('{"type": "join", "game": "g", "seat": 99}', "bad_message"),
    ('{"type": "create", "map": "m", "seats": [{"kind": "open"}, {"kind": "open"}], "turn_seconds": -1}',
     "bad_message"),
    ("x" * (protocol.MAX_MESSAGE_BYTES + 1), "too_large"),
])
def test_bad_messages_are_refused_with_a_code_and_the_field(raw, code):
    with pytest.raises(ProtocolError) as caught:
        parse_client_message(raw)
    assert caught.value.code == code and caught.value.message


def test_the_copy_follows_the_seats_view_in_order_and_refuses_gaps_and_bad_changes():
    """A client's copy is its seat's view (game.views), kept in step by the changes; a gap, or a change naming
    an unknown component, is a Desync with the reason."""
    from game.net.hosted import create
    from game.net.mirror import Desync, Mirror
    from game.net.views import state_for, update_for

    hosted = create("g", "", "random:12x12:3", [{"kind": "open", "difficulty": "normal", "name": ""}] * 2, [],
                    "live", None, 7)
    assert hosted.tracker is not None
    mirror = Mirror.from_state(state_for(1, hosted.header, hosted.tracker, 0, []) | {"game": "g"})
    assert mirror.view_hash() == hosted.tracker.hash_of(1)
    assert mirror.game.world.seed == 0 and "seed" not in state_for(1, hosted.header, hosted.tracker, 0, [])["header"]
    zone = hosted.game.world.start_zones[1]
    base = next(t for t in zone if hosted.game.check(ChooseBase(t)) is None)

    _, records, _ = hosted.apply(ChooseBase(base), "seat:1")
    update = update_for(1, records[0], records[0]["change"][1])
    assert "command" not in update
    events = mirror.apply(update)
    assert events is not None and any(type(e).__name__ == "BaseChosen" for e in events)
    assert mirror.apply(update) is None  # seen already
    assert mirror.view_hash() == hosted.tracker.hash_of(1)
    assert mirror.game.world.players == hosted.game.world.players
    with pytest.raises(Desync, match="missing"):
        mirror.apply({**update, "seq": 3})
    bad = {**update, "seq": 2, "view": {**update["view"], "changed": {"1": {"NoSuchComponent": {}}}}}
    with pytest.raises(Desync, match="unknown component"):
        mirror.apply(bad)


def test_the_token_bucket_refuses_past_its_burst_refills_at_its_rate_and_paces_in_order():
    now = [0.0]
    limit = TokenBucket(10.0, 3, clock=lambda: now[0])
    assert [limit.take() for _ in range(4)] == [True, True, True, False]
    now[0] += 0.1  # a tenth of a second: one token back
    assert limit.take() and not limit.take()
    pace = TokenBucket(10.0, 2, clock=lambda: now[0])
    assert [pace.reserve() for _ in range(4)] == pytest.approx([0.0, 0.0, 0.1, 0.2])  # each waits its turn
    now[0] += 1.0
    assert pace.reserve() == 0.0  # the debt is paid and the bucket full again


def test_a_refused_messages_number_is_read_from_its_end_only():
    assert trailing_seq('{"type":"ping","seq":17}') == 17
    assert trailing_seq(b'{"type": "command", "seq": 9 }') == 9
    assert trailing_seq('{"type":"ping","pad":"' + "x" * 60_000 + '","seq":3}') == 3
    assert trailing_seq('{"seq":5,"type":"ping"}') is None  # not where clients put it: not searched for
    assert trailing_seq("garbage") is None and trailing_seq(b"\xff\xfe") is None
