"""Two players' windows play Total War against each other through `foc serve` (a subprocess on 127.0.0.1) while a
third watches: each window is the ruleset's own screen over its seat's view, orders given through the real
input handlers (clicks on the field, Enter for Ready, the Right arrow through the resolution), to the end of
the battle (TW12). Seat 2's and the spectator's screens never show seat 1's pending orders (TW4.2)."""

from __future__ import annotations

import arcade
import pytest

from game.net.client import Link
from game.ui.app import GameWindow
from game.ui.net_flow import enter_game
from tests.net.support import Patience, ServerProcess, create_game, patient, settle_all
from tests.tw_support import sub
from tests.ui.conftest import frames, shot
from tests.ui.test_total_war_screen import click_hex, key, play_back

ROUND_CAP = 60  # the ruleset's turn limit (TW12.2, 50) ends the battle before this


@pytest.fixture
def server(tmp_path, monkeypatch):
    monkeypatch.setenv("FOC_NET_SEATS", str(tmp_path / "seats.json"))
    patient(monkeypatch)  # the window's requests wait generously on a loaded machine
    proc = ServerProcess(tmp_path / "data").start()
    yield proc
    proc.stop()


def _open(window: GameWindow, url: str, name: str, game: str, seat: int | None):
    link = Link(url, name)
    link.open()
    problem = enter_game(window, link, game, seat, watch=seat is None, name=name)
    assert problem is None, problem
    view = window.current_view
    assert type(view).__name__ == "TotalWarView", type(view).__name__
    return link, view


def _advance(view) -> None:
    """One step toward the enemy for seat 1's first infantry (a click on it, a click on the next hex south)."""
    hexes = sub("hexes")
    regiments = sorted((r for r in view.shown.values() if r.seat == view.viewer and r.kind == "infantry"
                        and not r.routing), key=lambda r: r.key)
    if not regiments:
        return
    reg = regiments[0]
    target = hexes.add(reg.hex, hexes.VECTORS["S"])
    if view.on_field(target) and not any(r.hex == target for r in view.shown.values()):
        click_hex(view.window, view, reg.hex)
        click_hex(view.window, view, target)


def test_two_windows_play_total_war_through_the_server_and_a_third_watches(window: GameWindow, server) -> None:
    host = Link(server.url, "host")
    host.open()
    game_id = create_game(host, [{"kind": "open"}, {"kind": "open"}], map_name="default", seed=11,
                          ruleset="total-war")
    host.close()
    links, views = {}, {}
    for seat, name in ((1, "Red"), (2, "Blue"), (None, "watcher")):
        links[seat], views[seat] = _open(window, server.url, name, game_id, seat)
    one, two, watcher = views[1], views[2], views[None]
    sessions = {seat: view.session for seat, view in views.items()}
    assert sessions[1].seat == 1 and sessions[2].seat == 2 and sessions[None].seat is None
    try:
        for view in (one, two):  # TW3.1: each side keeps the default army and is Ready (Enter) in the muster
            window.show_view(view)
            frames(window, 2)
            assert view.stage() == "muster"
            key(window, arcade.key.ENTER)
        settle_all([s.client for s in sessions.values()])
        # TW3.2 deployment by clicks on seat 1's screen: a regiment placed two rows forward, not yet Ready
        window.show_view(one)
        one.on_update(1 / 60)
        frames(window, 2)
        hexes = sub("hexes")
        inf = sorted((r for r in one.shown.values() if r.seat == 1 and r.kind == "infantry"), key=lambda r: r.key)[0]
        target = hexes.from_offset(hexes.to_offset(inf.hex)[0] + 2, 8)
        click_hex(window, one, inf.hex)
        click_hex(window, one, target)
        frames(window, 2)
        assert inf.name in one.drawn_orders and one.my_orders(), one.message
        shot(window, "net_tw_seat1_orders.png")
        # the other screens follow the server but never get seat 1's order (TW4.2)
        settle_all([s.client for s in sessions.values()])
        for view, name in ((two, "seat2"), (watcher, "watcher")):
            view.on_update(1 / 60)
            window.show_view(view)
            frames(window, 2)
            assert view.seat_orders.get(1, {}).get("orders", []) == []
            assert inf.name not in view.drawn_orders
            shot(window, f"net_tw_{name}_deploy.png")
        assert watcher.spectator() and not two.spectator()

        # bounds a stall, not the game (progress: each screen's round and what it has left to play back)
        patience = Patience(420, lambda: tuple((v.game.world.clock.round, v.game.world.clock.stage, len(v.queue))
                                               for v in views.values()))
        advanced: set[int] = set()
        while not all(v.game.over for v in views.values()) and patience.left():
            acted = False
            for seat, view in views.items():
                view.on_update(1 / 60)  # the screen pumps its session (RemoteSession.drive) and plays back
                if not view.queue and not view.can_act():
                    continue
                window.show_view(view)
                play_back(window, view)  # the Right arrow through the resolution
                if seat is not None and view.can_act():
                    rnd = view.game.world.clock.round
                    if seat == 1 and view.stage() == "movement" and rnd not in advanced:
                        advanced.add(rnd)
                        _advance(view)
                    key(window, arcade.key.ENTER)  # Ready
                    acted = True
            if not acted:
                sessions[1].client.pump(wait=0.02)
            assert one.game.world.clock.round <= ROUND_CAP
        assert all(v.game.over for v in views.values()), f"round {one.game.world.clock.round}"
        settle_all([s.client for s in sessions.values()])
        winners = {v.game.world.clock.winner for v in views.values()}
        assert len(winners) == 1
        for seat, view in views.items():
            window.show_view(view)
            play_back(window, view)
            view.on_update(1 / 60)
            frames(window, 3)
            assert view.game.over
            shot(window, f"net_tw_end_{'watcher' if seat is None else f'seat{seat}'}.png")
        assert all(not s.client.problems for s in sessions.values()), [s.client.problems for s in sessions.values()]
    finally:
        for link in links.values():
            link.close()
        window.show_view(arcade.View(window))
