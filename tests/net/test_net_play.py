"""Network play over real sockets on 127.0.0.1: a `foc serve` subprocess and clients that play through it.

Whole games end, kill -9 loses nothing (hashes equal after the restart), dropped clients resume from the last
update they saw, spectators follow but cannot act, computer seats and turn timers act on the server.
"""

from __future__ import annotations

import pytest

from game.ai import make_controller
from game.net.client import Link, ServerError
from game.net.seat_client import SeatClient
from tests.net.support import (
    Patience,
    ServerProcess,
    TestClock,
    create_game,
    play_seats,
    scaled,
    settle_all,
    wait_until,
)

OPEN = {"kind": "open"}


@pytest.fixture
def server(tmp_path):
    proc = ServerProcess(tmp_path / "data").start()
    yield proc
    proc.stop()


def linked(url: str, name: str) -> Link:
    link = Link(url, name)
    link.open()
    return link


def test_two_clients_play_a_base_game_to_its_end_and_a_spectator_follows(server):
    """Two seats play a whole game through the server (R10: the same seed gives the same game everywhere)."""
    a, b, c = linked(server.url, "a"), linked(server.url, "b"), linked(server.url, "watcher")
    try:
        game_id = create_game(a, [OPEN, OPEN], seed=1)
        one = SeatClient.join(a, game_id, 1, name="Ann")
        two = SeatClient.join(b, game_id, 2, name="Bob")
        watcher = SeatClient.join(c, game_id, watch=True)
        assert watcher.seat is None
        play_seats([one, two], ["normal", "normal"], max_rounds=60)
        seq = settle_all([one, two, watcher])  # each copy's view hash is the server's for that viewer
        # no request was refused for rate (the clients pace themselves): a lost command would change the game
        assert one.problems == two.problems == watcher.problems == []
        assert one.game.over and one.game.world.clock.winner is not None
        assert seq == one.mirror.seq == two.mirror.seq == watcher.mirror.seq
        assert one.game.world.clock.winner == two.game.world.clock.winner == watcher.game.world.clock.winner
        # the spectator sees everything but cannot act; a seat cannot act out of turn or after the end
        with pytest.raises(ServerError) as caught:
            c.call({"type": "command", "game": game_id, "command": {"type": "EndTurn"}})
        assert caught.value.code == "not_seated" and "spectators cannot act" in caught.value.message
        reply = a.call({"type": "command", "game": game_id, "command": {"type": "EndTurn"}})
        assert reply["type"] == "rejected" and "over" in reply["reason"]
        lobby = a.call({"type": "list"})["games"]
        assert lobby[0]["winner"] == one.game.world.clock.winner and lobby[0]["to_move"] is None
    finally:
        for link in (a, b, c):
            link.close()


def test_kill9_mid_game_loses_no_acknowledged_command(server, tmp_path):
    """kill -9 at a moment when commands (the server's computer seat too) are flowing; the restarted server
    has every acknowledged command, and its state hash equals the clients' after they resume."""
    a = linked(server.url, "a")
    game_id = create_game(a, [OPEN, {"kind": "computer", "difficulty": "normal"}], seed=3)
    human = SeatClient.join(a, game_id, 1, name="Ann")
    token = a.token
    play_seats([human], ["normal"], stop_after=40)
    assert human.mirror.seq > 40  # the computer seat played on the server too
    # send an EndTurn (the computer answers at once on the server) and kill the server right after the ack
    while not human.my_turn():
        human.pump(wait=0.05)
    if human.game.in_setup:
        pytest.skip("still choosing bases")  # pragma: no cover
    reply = a.call({"type": "command", "game": game_id, "command": {"type": "EndTurn"}})
    assert reply["type"] == "accepted"
    acked = int(reply["seq"])
    server.kill()
    a.close()
    human.pump()
    seen = human.mirror.seq
    seen_hash = human.mirror.view_hash()
    restarted = ServerProcess(server.data).start()
    try:
        again = linked(restarted.url, "a-again")
        again.call({"type": "join", "game": game_id, "token": token, "last_seq": seen})
        human.link = again
        seq = settle_all([human])  # the view after the restart is the server's, hash for hash
        assert human.mirror.seq == seq >= acked
        if seq == seen:  # nothing played since the kill: the restarted game shows exactly what was shown
            assert human.mirror.view_hash() == seen_hash
        # and the game goes on from there
        before = human.mirror.seq
        play_seats([human], ["normal"], stop_after=5)
        assert human.mirror.seq > before
        again.close()
    finally:
        restarted.stop()


def test_a_dropped_client_reconnects_and_resumes_from_the_last_update(server):
    a, b = linked(server.url, "a"), linked(server.url, "b")
    try:
        game_id = create_game(a, [OPEN, OPEN], seed=2)
        one = SeatClient.join(a, game_id, 1)
        two = SeatClient.join(b, game_id, 2)
        play_seats([one, two], ["normal", "normal"], stop_after=30)
        while not one.my_turn():  # let seat 2 finish its turn, so seat 1 moves while seat 2 is away
            play_seats([one, two], ["normal", "normal"], stop_after=1)
        # cut seat 2's connection without a goodbye; seat 1 plays its turn at once (updates seat 2 misses)
        assert b.client is not None and b.client.ws is not None
        b.loop.call_soon_threadsafe(b.client.ws.transport.abort)
        before = one.mirror.seq
        play_seats([one], ["normal"], stop_after=1)
        assert one.mirror.seq > before
        wait_until(lambda: b.reconnects > 0, what="seat 2's reconnection")
        assert b.reconnects == 1 and b.status == "connected"
        play_seats([one, two], ["normal", "normal"], stop_after=20)
        seq = settle_all([one, two])
        assert one.mirror.seq == two.mirror.seq == seq
        # the token is the only way back to a seat
        with pytest.raises(ServerError) as caught:
            b.call({"type": "join", "game": game_id, "token": "not-the-token"})
        assert caught.value.code in ("bad_token", "already_seated")
        c = linked(server.url, "intruder")
        with pytest.raises(ServerError) as caught:
            c.call({"type": "join", "game": game_id, "token": "guess"})
        assert caught.value.code == "bad_token"
        with pytest.raises(ServerError) as caught:
            c.call({"type": "join", "game": game_id, "seat": 1})
        assert caught.value.code == "seat_taken"
        with pytest.raises(ServerError) as caught:
            c.call({"type": "command", "game": game_id, "command": {"type": "EndTurn"}})
        assert caught.value.code == "not_seated"
        c.close()
    finally:
        a.close()
        b.close()


@pytest.fixture
def clock(tmp_path):
    return TestClock(tmp_path / "clock")


@pytest.fixture
def timed_server(tmp_path, clock):
    proc = ServerProcess(tmp_path / "data", clock=clock).start()
    yield proc
    proc.stop()


def test_turn_timer_ends_the_turn_and_the_lobby_shows_whose_move(timed_server, clock):
    """Live mode with a turn timer: nobody acts, the server chooses the base / ends the turn when time is up.
    The server's time is the test's clock: nothing runs out until the test moves it past the deadline."""
    a, b = linked(timed_server.url, "a"), linked(timed_server.url, "b")
    try:
        game_id = create_game(a, [OPEN, OPEN], seed=4, turn_seconds=60, mode="live")
        info = a.call({"type": "list"})["games"][0]
        assert info["deadline"] is None and info["to_move"] == 1  # the clock waits for a full table
        one = SeatClient.join(a, game_id, 1)
        SeatClient.join(b, game_id, 2)
        info = a.call({"type": "list"})["games"][0]
        assert info["deadline"] == clock.now + 60 and info["to_move"] == 1 and info["mode"] == "live"
        for done in (1, 2, 3):  # two base choices and an EndTurn, all by the timer
            clock.advance(61)
            wait_until(lambda done=done: one.mirror.seq >= done, step=lambda: one.pump(wait=0.1),
                       what=f"timer action {done}")
            info = a.call({"type": "list"})["games"][0]
            assert info["deadline"] == clock.now + 60  # each action starts the next seat's turn clock
        assert not one.game.in_setup
        assert one.issuers[:3] == ["timer", "timer", "timer"]
    finally:
        a.close()
        b.close()


def test_version_and_mod_mismatches_are_named(server):
    import asyncio
    import json

    from websockets.asyncio.client import connect

    from game.net.client import NetClient

    async def check() -> None:
        async with connect(server.url) as raw:
            await raw.send(json.dumps({"type": "hello", "protocol": 999, "seq": 1}))
            reply = json.loads(await raw.recv())
            assert reply["code"] == "protocol" and "999" in reply["message"] and reply["re"] == 1
        host = NetClient(server.url, "host")
        await host.connect()
        made = await host.request({"type": "create", "map": "random:12x12:3", "seats": [OPEN, OPEN],
                                   "mods": ["cavalry"]})
        lacking = NetClient(server.url, "plain", mods=[{"id": "base", "version": "1.0.0"}])
        await lacking.connect()
        with pytest.raises(ServerError) as caught:
            await lacking.request({"type": "join", "game": made["game"], "seat": 1})
        assert caught.value.code == "mods" and "cavalry 1.0.0" in caught.value.message
        with pytest.raises(ServerError) as caught:
            await host.request({"type": "create", "map": "random:12x12:3", "seats": [OPEN, OPEN], "mods": ["nope"]})
        assert caught.value.code == "bad_game" and "nope" in caught.value.message
        await host.close()
        await lacking.close()

    asyncio.run(check())


def test_a_monstercrasher_game_is_played_to_its_end_through_the_server(server):
    """Games of any ruleset: MonsterCrasher, a client seat played by the ruleset's own computer player against
    the server's computer seat, a spectator following; every copy ends at the server's hash (MC7)."""
    a, w = linked(server.url, "a"), linked(server.url, "watcher")
    try:
        rulesets = {r["id"] for r in a.call({"type": "list"})["rulesets"]}
        assert {"base", "monstercrasher"} <= rulesets
        game_id = create_game(a, [{"kind": "open"}, {"kind": "computer"}], map_name="default", seed=5,
                              ruleset="monstercrasher")
        seat = SeatClient.join(a, game_id, 1, name="Ann")
        watcher = SeatClient.join(w, game_id, watch=True)
        seat.reply_seconds = scaled(15)  # a loaded machine slows the server's replies; a hung one still fails
        assert seat.game.app.flow.phase(seat.game.world.clock.stage) is not None
        controller = make_controller("normal", seat.game.app)  # the ruleset's own computer player
        patience = Patience(60, lambda: seat.mirror.seq)  # bounds a stall, not the game: a slow machine only slows it
        turns = 0
        while not seat.game.over and patience.left() and turns < 200:
            seat.pump(wait=0.05)  # blocks until the server's next update: no busy polling
            if seat.my_turn():
                turns += 1
                mirror = seat.as_player()
                try:
                    controller.play_turn(mirror)
                finally:
                    del mirror.submit
        assert seat.game.over, f"not over after {turns} turns (round {seat.game.world.clock.round})"
        assert not seat.problems and seat.rejected == 0, seat.problems
        seq = settle_all([seat, watcher])
        assert seq == seat.mirror.seq == watcher.mirror.seq
        lobby = a.call({"type": "list"})["games"]
        assert lobby[0]["ruleset"] == "monstercrasher" and lobby[0]["waiting_on"] == []
    finally:
        a.close()
        w.close()


def test_an_expired_monstercrasher_turn_is_ended_by_the_server(timed_server, clock):
    """Turn timer in another ruleset's seat phase (docs/network.md "Ways to play"): when seat 1 lets its spawn
    phase run out, the server presses its turn button for it (MC3.3: the ending command, naming the seat),
    journaled with issuer `timer`; the march runs and the turn passes, and so on for seat 2 (MC6)."""
    a, b = linked(timed_server.url, "a"), linked(timed_server.url, "b")
    try:
        seconds = 30
        game_id = create_game(a, [OPEN, OPEN], map_name="default", seed=6, ruleset="monstercrasher",
                              turn_seconds=seconds)
        one = SeatClient.join(a, game_id, 1)
        assert a.call({"type": "list"})["games"][0]["deadline"] is None  # the clock waits for a full table
        two = SeatClient.join(b, game_id, 2)
        assert one.game.world.clock.seat == 1 and one.game.world.clock.stage == "spawn"
        for seat in (1, 2):
            clock.advance(seconds + 1)
            wait_until(lambda seat=seat: len(one.issuers) >= seat, step=lambda: one.pump(wait=0.1),
                       what=f"seat {seat}'s turn ended by the timer")
        wait_until(lambda: one.game.world.clock.round == 2, step=lambda: one.pump(wait=0.1))
        assert one.game.world.clock.round == 2 and one.game.world.clock.seat == 1  # both turns ended by the timer
        assert one.issuers[:2] == ["timer", "timer"]
        seq = settle_all([one, two])
        assert seq >= 2 and two.game.world.clock.round >= 2
        info = a.call({"type": "list"})["games"][0]
        assert info["deadline"] == clock.now + seconds and info["to_move"] == 1
    finally:
        a.close()
        b.close()
