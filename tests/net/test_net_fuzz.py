"""Hostile input over real sockets: malformed frames, floods, oversize frames, random JSON (hypothesis).

Every bad message gets an error with a reason (or, for an oversize frame or a flood, the connection is
closed); nothing stops the game: a well-behaved client plays on afterwards.
"""

from __future__ import annotations

import asyncio
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from game.net import protocol
from game.net.client import NetClient, ServerError
from game.net.rate import TokenBucket
from tests.net.support import ServerProcess, scaled

OPEN = {"kind": "open"}
HELLO = {"type": "hello", "protocol": protocol.PROTOCOL_VERSION, "mods": [{"id": "base", "version": "1.0.0"}]}


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    proc = ServerProcess(tmp_path_factory.mktemp("fuzz")).start()
    yield proc
    proc.stop()


async def _reply(ws, timeout: float = 5.0) -> dict:
    return json.loads(await asyncio.wait_for(ws.recv(), scaled(timeout)))


MALFORMED: list[str | bytes] = [
    b"\x00\x01binary",
    "not json at all",
    "[1, 2, 3]",
    "null",
    '"a string"',
    "{}",
    '{"type": 7}',
    '{"type": "launch_missiles"}',
    '{"type": "list", "extra": 1}',
    '{"type": "list", "seq": "1"}',
    '{"type": "list", "seq": -4}',
    '{"type": "command"}',
    '{"type": "command", "game": "nope", "command": {"type": "EndTurn"}}',
    '{"type": "join", "game": "' + "x" * 500 + '", "seat": 1}',
    '{"type": "join", "game": "g", "seat": "1"}',
    '{"type": "create", "map": "random:12x12:3", "seats": [{"kind": "open"}]}',
    '{"type": "create", "map": "../../etc/passwd", "seats": [{"kind": "open"}, {"kind": "open"}]}',
    '{"type": "create", "map": "random:12x12:3", "seats": [{"kind": "god"}, {"kind": "open"}]}',
    '{"type": "create", "map": "random:99999x99999", "seats": [{"kind": "open"}, {"kind": "open"}]}',
    "[" * 5000 + "]" * 5000,
    '{"type": "hello", "protocol": 1, "mods": "all"}',
    '{"type": "ping", "seq": 1e400}',
]


def test_malformed_frames_get_reasons_and_the_game_goes_on(server):
    async def run() -> None:
        player = NetClient(server.url, "player")
        await player.connect()
        made = await player.request({"type": "create", "map": "random:12x12:3", "seed": 5, "seats": [OPEN, OPEN]})
        game = made["game"]
        await player.request({"type": "join", "game": game, "seat": 1})
        state = await player.next_push()
        async with connect(server.url, max_size=None) as ws:
            await ws.send('{"type": "list"}')
            assert (await _reply(ws))["code"] == "hello_first"
            await ws.send(json.dumps(HELLO))
            assert (await _reply(ws))["type"] == "welcome"
            for frame in MALFORMED:
                await ws.send(frame)
                reply = await _reply(ws)
                assert reply["type"] == "error" and reply["message"], (frame, reply)
            # commands for a game it holds no seat in, and garbage commands from a seat holder
            await ws.send(json.dumps({"type": "command", "game": game, "command": {"type": "EndTurn"}}))
            assert (await _reply(ws))["code"] == "not_seated"
        bad_commands = [
            {"type": "ChooseBase"},
            {"type": "ChooseBase", "territory": "12"},
            {"type": "ChooseBase", "territory": 10**30},
            {"type": "ChooseBase", "territory": -1},
            {"type": "Move", "army": 1, "path": "north"},
            {"type": "__import__", "name": "os"},
            {"type": "EndTurn", "seat": 2},
            {},
        ]
        for command in bad_commands:
            reply = await player.request({"type": "command", "game": game, "command": command})
            assert reply["type"] == "rejected" and reply["reason"], (command, reply)
        # the seat still plays: a legal base choice is accepted
        zone = state["header"]["board"]["start_zones"]["1"]
        for territory in zone:
            reply = await player.request({"type": "command", "game": game,
                                          "command": {"type": "ChooseBase", "territory": territory}})
            if reply["type"] == "accepted":
                break
        assert reply["type"] == "accepted"
        await player.close()

    asyncio.run(run())


def test_oversize_frames_and_floods_close_only_that_connection(server):
    async def run() -> None:
        async with connect(server.url, max_size=None) as ws:
            await ws.send(json.dumps(HELLO))
            await _reply(ws)
            await ws.send('{"type": "ping", "pad": "' + "x" * (protocol.MAX_MESSAGE_BYTES + 10) + '"}')
            with pytest.raises(ConnectionClosed) as closed:
                await asyncio.wait_for(ws.recv(), scaled(5))
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009
        async with connect(server.url, max_size=None) as ws:
            await ws.send(json.dumps(HELLO))
            await _reply(ws)
            limited = 0
            try:
                for i in range(protocol.RATE_BURST + protocol.RATE_STRIKES + 50):
                    await ws.send(json.dumps({"type": "ping", "seq": i}))
                while True:
                    reply = await _reply(ws, 5)
                    limited += reply.get("code") == "rate_limited"
            except ConnectionClosed as exc:
                assert exc.rcvd is not None and exc.rcvd.code == 1008
            assert limited > 0
        healthy = NetClient(server.url, "healthy")
        await healthy.connect()
        assert (await healthy.request({"type": "ping"}))["type"] == "pong"
        await healthy.close()

    asyncio.run(run())


def test_a_client_keeps_under_the_rate_limit_and_a_request_refused_for_rate_fails_at_once(server):
    """A burst of requests (a computer seat's turn) waits at the client's own pace instead of being refused: a
    lost command would change the game. A client that does not pace itself gets each refusal at once, by the
    request's number, rather than waiting out its timeout."""
    burst = protocol.RATE_BURST + 20

    async def run() -> None:
        paced = NetClient(server.url, "paced")
        await paced.connect()
        replies = await asyncio.gather(*(paced.request({"type": "ping"}, scaled(20)) for _ in range(burst)))
        assert [reply["type"] for reply in replies] == ["pong"] * burst
        await paced.close()
        hasty = NetClient(server.url, "hasty")
        hasty.pace = TokenBucket(1e9, 1e9)  # no pace of its own
        await hasty.connect()
        outcomes = await asyncio.gather(*(hasty.request({"type": "ping"}, scaled(20)) for _ in range(burst)),
                                        return_exceptions=True)
        refused = [o for o in outcomes if isinstance(o, ServerError)]
        assert refused and {o.code for o in refused} == {"rate_limited"}
        # no request waited out its timeout (that would be a TimeoutError): each was answered, refusals at once
        assert all(isinstance(o, dict | ServerError) for o in outcomes)
        await hasty.close()

    asyncio.run(run())


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-2**70, 2**70) | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)
messages = st.fixed_dictionaries(
    {"type": st.sampled_from([*protocol.KNOWN_TYPES, "nope"])},
    optional={"seq": json_values, "game": json_values, "seat": json_values, "command": json_values,
              "token": json_values, "map": json_values, "seats": json_values, "protocol": json_values,
              "junk": json_values},
)


@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(batch=st.lists(messages, min_size=1, max_size=10))
def test_random_messages_never_break_the_server(server, batch):
    """Random JSON shaped like requests: each gets a reply (any kind) and the connection stays usable."""
    async def run() -> None:
        async with connect(server.url, max_size=None) as ws:
            await ws.send(json.dumps(HELLO))
            await _reply(ws)
            for message in batch:
                if message.get("type") == "hello":
                    message = {**message, "protocol": protocol.PROTOCOL_VERSION}
                message.pop("seq", None)
                await ws.send(json.dumps(message))
                reply = await _reply(ws)
                assert isinstance(reply, dict) and "type" in reply
                while reply["type"] in ("state", "update"):  # a lucky join or watch gets a view first
                    reply = await _reply(ws)
            await ws.send(json.dumps({"type": "ping", "seq": 424242}))
            reply = await _reply(ws)
            while reply["type"] != "pong":
                reply = await _reply(ws)

    asyncio.run(run())
