"""Simultaneous phases and prompts over the network (issue 13 item 5; docs/network.md "Ways to play"): the
Volley ruleset of tests/test_seats.py on a `foc serve` subprocess. Orders stay hidden from the other seat and
the spectator until all are ready, or until the turn timer forces the resolution; questions are answered
over the network; every copy's view ends at the server's hash for that viewer."""

from __future__ import annotations

import pytest

from components.seats import Answer, Ready
from game.engine import seat_orders
from game.net.seat_client import SeatClient
from systems import prompts
from tests.net.support import ServerProcess, TestClock, create_game, settle_all, wait_until
from tests.net.test_net_play import linked
from tests.test_seats import MOD_TOML, PLUGIN, _install


@pytest.fixture
def clock(tmp_path):
    return TestClock(tmp_path / "clock")


@pytest.fixture
def volley_server(tmp_path, monkeypatch, clock):
    search = _install(tmp_path, monkeypatch, MOD_TOML, PLUGIN)
    server = ServerProcess(tmp_path / "data", bundled=search[1], clock=clock).start()
    yield server
    server.stop()


def _pump_until(clients: list[SeatClient], done, seconds: float = 20.0) -> None:
    def pump() -> None:
        for client in clients:
            client.pump(wait=0.02)

    wait_until(done, seconds, step=pump, what="the clients' state")


def _orders(client: SeatClient, seat: int):
    client.game.world.activate()  # each copy is its own esper world
    return seat_orders(client.game.world, seat)


def _cmd(client: SeatClient, name: str, *args: object):
    return client.game.app.command_types()[name](*args)


def test_orders_stay_hidden_until_all_are_ready_and_questions_are_answered_over_the_network(volley_server):
    links = [linked(volley_server.url, name) for name in ("a", "b", "watcher")]
    try:
        game_id = create_game(links[0], [{"kind": "open"}, {"kind": "open"}], map_name="default", ruleset="volley")
        listed = links[2].call({"type": "list"})
        assert "volley" in [r["id"] for r in listed["rulesets"]]
        assert [g["ruleset"] for g in listed["games"]] == ["volley"]
        a = SeatClient.join(links[0], game_id, 1)
        b = SeatClient.join(links[1], game_id, 2)
        watcher = SeatClient.join(links[2], game_id, watch=True)
        clients = [a, b, watcher]
        assert a.my_turn() and b.my_turn() and not watcher.my_turn()  # both give orders at once

        assert a.submit(_cmd(a, "Shoot", 2)).ok and a.submit(Ready()).ok
        assert b.submit(_cmd(b, "Shoot", 2)).reason == "shoot at the other archer"  # the engine checks the issuer
        _pump_until(clients, lambda: b.mirror.seq == a.mirror.seq == watcher.mirror.seq == 2)
        assert _orders(a, 1).orders == [{"type": "Shoot", "target": 2}]
        for other in (b, watcher):  # seat 1's order has not reached the others' copies; its Ready is public
            assert _orders(other, 1).orders == [] and _orders(other, 1).ready
        assert b.submit(_cmd(b, "Guard")).ok
        assert b.submit(Ready()).ok  # the last Ready: the orders are revealed and resolved everywhere
        _pump_until(clients, lambda: all(c.game.asking for c in clients))
        settle_all(clients)

        a.game.world.activate()
        prompt = prompts.pending(a.game.world)[0][0]
        assert watcher.submit(Answer(prompt, "rest")).reason == "spectators cannot act"
        assert a.submit(Answer(prompt, "press")).ok
        _pump_until(clients, lambda: b.mirror.seq == a.mirror.seq == watcher.mirror.seq)
        for other in (b, watcher):  # seat 1's answer has not reached the others before the question settles
            other.game.world.activate()
            assert prompts.pending(other.game.world)[0][1].given == ["answered", ""]  # not which answer
        assert b.submit(Answer(prompt, "rest")).ok
        _pump_until(clients, lambda: all(c.game.awaiting_orders and c.game.world.clock.round == 2 for c in clients))
        settle_all(clients)

        # a late joiner mid-phase sees that seat 2 gave orders, not the order
        assert b.submit(_cmd(b, "Shoot", 1)).ok
        _pump_until(clients, lambda: a.mirror.seq == b.mirror.seq)
        late = SeatClient.join(linked(volley_server.url, "late"), game_id, watch=True)
        late.catch_up()
        assert _orders(late, 2).orders == [] and late.mirror.seq == b.mirror.seq
        late.link.close()
    finally:
        for link in links:
            link.close()


def test_the_turn_timer_forces_the_resolution_and_every_copy_agrees(volley_server, clock):
    """The server's time is the test's clock: the orders are given with all the time in the world, then the
    test moves the clock past the deadline (twice: the volley, then the question)."""
    links = [linked(volley_server.url, name) for name in ("a", "b")]
    try:
        game_id = create_game(links[0], [{"kind": "open"}, {"kind": "open"}], map_name="default", ruleset="volley",
                              turn_seconds=60)
        a, b = SeatClient.join(links[0], game_id, 1), SeatClient.join(links[1], game_id, 2)
        assert a.submit(_cmd(a, "Shoot", 2)).ok and a.submit(Ready()).ok
        assert b.submit(_cmd(b, "Shoot", 1)).ok  # never confirmed: seat 2 holds when the timer runs out
        assert a.game.world.clock.round == 1 and "timer" not in a.issuers  # the clock stood still meanwhile
        clock.advance(61)  # the timer forces the volley
        _pump_until([a, b], lambda: "timer" in a.issuers and a.game.asking)
        clock.advance(61)  # then the question (defaults): round 2
        _pump_until([a, b], lambda: all(c.game.world.clock.round == 2 and c.game.awaiting_orders for c in (a, b)))
        settle_all([a, b])
        assert "timer" in a.issuers
        a.game.world.activate()
        life = a.game.app.plugin("volley").life  # type: ignore[union-attr]
        assert (life(a.game.world, 1).points, life(a.game.world, 2).points) == (5, 4)  # hit once, both rested
    finally:
        for link in links:
            link.close()
