"""The server is the only holder of the whole game: what reaches a client's socket is its seat's view
(game.views.view_for / events_for), never another seat's hidden orders (TW4.2), the seed or the random
generator's state (R10.1). Checked on the bytes each client received, over real sockets, for Total War and for
the base game; the copies still play whole games to their end, at the server's view hash."""

from __future__ import annotations

import json
from typing import Any

import pytest

from game import computer_seats
from game.ai import make_controller
from game.engine import seat_orders
from game.net.client import Link
from game.net.seat_client import SeatClient
from tests.net.support import Patience, ServerProcess, create_game, play_seats, scaled, settle_all

SEED = 3_141_592_653  # distinctive: must never appear in what a client receives


@pytest.fixture
def server(tmp_path):
    proc = ServerProcess(tmp_path / "data").start()
    yield proc
    proc.stop()


def recording(url: str, name: str) -> Link:
    link = Link(url, name)
    link.received = []  # every frame this client's socket received
    link.open()
    return link


def _walk(value: Any):
    yield value
    if isinstance(value, dict):
        for item in value.values():
            yield from _walk(item)
    elif isinstance(value, list):
        for item in value:
            yield from _walk(item)


def assert_no_seed_or_generator(frames: list[str]) -> None:
    """No frame names the seed or carries the generator's state (R10.1: the dice to come stay on the server)."""
    assert frames
    for frame in frames:
        assert str(SEED) not in frame
        for value in _walk(json.loads(frame)):
            if isinstance(value, dict):
                assert "seed" not in value, frame[:200]
                assert value.get("rng", "hidden") == "hidden", frame[:200]
            elif isinstance(value, list) and len(value) >= 600:  # the Mersenne Twister's state: 624 large words
                large = sum(1 for v in value if isinstance(v, int) and v >= 2**24)
                assert large < 500, frame[:200]


def orders_in(frames: list[str], orders: list[dict[str, Any]]) -> list[str]:
    """The frames that carry any of these order commands (as data, in any place) or any buffered order list."""
    found = []
    compact = [json.dumps(o, separators=(",", ":")) for o in orders]
    for frame in frames:
        if any(text in frame for text in compact):
            found.append(frame)
            continue
        for value in _walk(json.loads(frame)):
            if isinstance(value, dict) and (value in orders or value.get("orders")):
                found.append(frame)
                break
    return found


def _act(client: SeatClient, controller: Any) -> int:
    """Let a computer controller play whatever the client's seat is asked now, through the server."""
    game = client.as_player()
    try:
        if game.awaiting_orders or game.asking:
            return len(computer_seats.act(game, client.seat, controller))  # type: ignore[arg-type]
        return len(controller.play_turn(game))
    finally:
        del game.submit


def test_total_war_seats_get_only_their_view_and_play_to_the_end(server):
    """TW3.2/TW4.2 over the network: seat 1's secret placement reaches seat 1 only; seat 2 and the spectator
    get the view without it (its Ready is public) until both are ready; then the game is played to its end
    by both seats' computer players through the server, every copy in step with the server's view of it."""
    a, b, w = recording(server.url, "a"), recording(server.url, "b"), recording(server.url, "watcher")
    try:
        game_id = create_game(a, [{"kind": "open"}, {"kind": "open"}], map_name="default", seed=SEED,
                              ruleset="total-war")
        one = SeatClient.join(a, game_id, 1, name="Ann")
        two = SeatClient.join(b, game_id, 2, name="Bob")
        watcher = SeatClient.join(w, game_id, watch=True)
        one.reply_seconds = two.reply_seconds = watcher.reply_seconds = scaled(15)
        app = one.game.app
        controllers = {1: make_controller("normal", app), 2: make_controller("normal", app)}
        for client in (one, two):  # TW3.1: both keep the default army and are Ready in the muster
            for _ in range(50):  # bounded: the copy may still be taking the other seat's Ready
                if client.my_turn():
                    break
                client.pump(wait=0.1)
            assert client.my_turn() and _act(client, controllers[client.seat]) >= 1  # type: ignore[index]
        settle_all([one, two, watcher])
        assert one.game.awaiting_orders and one.my_turn() and two.my_turn()
        places = [c for c in app.legal_commands(one.game) if type(c).__name__ == "Place"]  # type: ignore[misc]
        assert places and one.submit(places[0]).ok and one.submit(places[-1]).ok  # TW3.2: secret placements
        assert _act(one, controllers[1]) == 1  # and its Ready
        settle_all([one, two, watcher])
        one.game.world.activate()
        mine = list(seat_orders(one.game.world, 1).orders)
        assert len(mine) == 2 and seat_orders(one.game.world, 1).ready
        assert orders_in(list(a.received or []), mine)  # seat 1 sees its own orders
        assert not orders_in(list(b.received or []), mine)  # TW4.2: seat 2's socket never got them
        assert not orders_in(list(w.received or []), mine)  # nor the spectator's
        two.game.world.activate()
        assert seat_orders(two.game.world, 1).orders == [] and seat_orders(two.game.world, 1).ready

        patience = Patience(240, lambda: one.mirror.seq)  # bounds a stall, not the game: a slow machine only slows it
        rounds = 0
        while not one.game.over and patience.left():
            acted = 0
            for client in (one, two):
                client.pump()
                if client.my_turn():
                    acted += _act(client, controllers[client.seat])  # type: ignore[index]
            watcher.pump()
            if not acted:
                one.pump(wait=0.05)
            rounds = one.game.world.clock.round
        assert one.game.over, f"no end by round {rounds}"
        settle_all([one, two, watcher])
        assert one.game.world.clock.winner == two.game.world.clock.winner == watcher.game.world.clock.winner
        for link in (a, b, w):
            assert_no_seed_or_generator(list(link.received or []))
    finally:
        for link in (a, b, w):
            link.close()


def test_base_game_clients_never_receive_the_seed_or_the_generator(server):
    """R10.1: the base game's dice are rolled on the server only; the clients' copies follow by views."""
    a, b, w = recording(server.url, "a"), recording(server.url, "b"), recording(server.url, "watcher")
    try:
        game_id = create_game(a, [{"kind": "open"}, {"kind": "open"}], seed=SEED)
        one = SeatClient.join(a, game_id, 1, name="Ann")
        two = SeatClient.join(b, game_id, 2, name="Bob")
        watcher = SeatClient.join(w, game_id, watch=True)
        assert one.game.world.seed != SEED
        played = play_seats([one, two], ["normal", "normal"], stop_after=60, seconds=120)
        assert played >= 60
        settle_all([one, two, watcher])
        assert one.game.world.clock.round > 1
        for link in (a, b, w):
            assert_no_seed_or_generator(list(link.received or []))
    finally:
        for link in (a, b, w):
            link.close()


def test_a_rulesets_visible_hook_decides_what_each_copy_gets():
    """A ruleset that hides part of an entity (here: other seats' stockpiles, through the `visible` hook of
    game.views) has it stripped from every state and every change the server sends that viewer; the copy
    follows the server's view hash for its viewer (in process, the same functions the server calls)."""
    from components.commands import ChooseBase, EndTurn
    from game.net.hosted import create
    from game.net.mirror import Mirror
    from game.net.views import state_for, update_for

    hosted = create("g", "", "random:12x12:3", [{"kind": "open", "difficulty": "normal", "name": ""}] * 2, [],
                    "live", None, 7)
    game = hosted.game

    def mine_only(world, seat, entity, components):
        player = components.get("Player")
        if player is not None and player["seat"] != seat:
            return {k: v for k, v in components.items() if k != "Stockpile"}
        return components

    game.world.app.hooks.set("visible", mine_only)
    hosted.track()
    assert hosted.tracker is not None
    copies = {v: Mirror.from_state(state_for(v, hosted.header, hosted.tracker, 0, []) | {"game": "g"})
              for v in (1, 2, None)}
    sent: dict[int | None, list[str]] = {v: [] for v in copies}
    for seat in (1, 2):
        zone = game.world.start_zones[seat]
        base = next(t for t in zone if game.check(ChooseBase(t)) is None)
        _, records, _ = hosted.apply(ChooseBase(base), f"seat:{seat}")
        for viewer, copy in copies.items():
            for record in records:
                update = update_for(viewer, record, record.get("change", {}).get(viewer))
                sent[viewer].append(json.dumps(update))
                copy.apply(update)
    for _ in range(4):
        _, records, _ = hosted.apply(EndTurn(), "seat")
        for viewer, copy in copies.items():
            for record in records:
                update = update_for(viewer, record, record.get("change", {}).get(viewer))
                sent[viewer].append(json.dumps(update))
                copy.apply(update)
    for viewer, copy in copies.items():
        assert copy.view_hash() == hosted.tracker.hash_of(viewer)
        stockpiles = {c["Player"]["seat"] for c in copy.entities.values() if "Stockpile" in c and "Player" in c}
        assert stockpiles == ({viewer} if viewer is not None else set())
    assert any('"Stockpile"' in text for text in sent[1])  # its own stockpile changes reach seat 1
    assert not any('"Stockpile"' in text for text in sent[None])  # the spectator never gets one


def test_updates_that_overtake_a_fresh_view_after_a_reconnection_are_skipped_not_fatal():
    """After a reconnection the server sends the fresh view once the commands in flight are durable; their
    updates may arrive first, ahead of the copy: they are skipped until the view comes, then play resumes."""
    import queue
    from types import SimpleNamespace

    from components.commands import ChooseBase, EndTurn
    from game.net.hosted import create
    from game.net.mirror import Mirror
    from game.net.views import state_for, update_for

    hosted = create("g", "", "random:12x12:3", [{"kind": "open", "difficulty": "normal", "name": ""}] * 2, [],
                    "live", None, 7)
    game = hosted.game
    assert hosted.tracker is not None
    client = SeatClient(SimpleNamespace(inbox=queue.Queue()), "g", 1,  # type: ignore[arg-type]
                        Mirror.from_state(state_for(1, hosted.header, hosted.tracker, 0, []) | {"game": "g"}))
    records = []
    for seat in (1, 2):
        zone = game.world.start_zones[seat]
        base = next(t for t in zone if game.check(ChooseBase(t)) is None)
        records += hosted.apply(ChooseBase(base), f"seat:{seat}")[1]
    fresh = state_for(1, hosted.header, hosted.tracker, hosted.seq, []) | {"game": "g"}
    records += hosted.apply(EndTurn(), "seat:1")[1]
    inbox = client.link.inbox
    inbox.put(update_for(1, records[1], records[1]["change"][1]))  # seq 2 overtakes: the copy is at 0
    assert client.pump() == 0 and not client.desync and not client.my_turn()
    inbox.put(fresh)
    inbox.put(update_for(1, records[2], records[2]["change"][1]))
    client.pump()
    assert not client.desync and client.mirror.seq == 3
    assert client.mirror.view_hash() == hosted.tracker.hash_of(1)
