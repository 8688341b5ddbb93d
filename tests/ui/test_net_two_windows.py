"""Two players' windows play Forces of Conquest against each other through `foc serve` (a subprocess on
127.0.0.1) while a third watches: each window shows its own seat's view (base choice by a click on the map,
turns ended with Enter through the real handlers), the other seat's turns arrive as the server's updates, and
every window's view ends at the server's hash for that viewer (R1.5 turn order, R3 base choice)."""

from __future__ import annotations

import time

import arcade
import pytest

from components.commands import ChooseBase
from game.net.client import Link
from game.ui.app import GameWindow
from game.ui.net_flow import enter_game
from tests.net.support import ServerProcess, create_game, patient, settle_all, wait_until
from tests.ui.conftest import click, end_turn, frames, shot


@pytest.fixture
def server(tmp_path, monkeypatch):
    monkeypatch.setenv("FOC_NET_SEATS", str(tmp_path / "seats.json"))
    patient(monkeypatch)  # the window's requests wait generously on a loaded machine
    proc = ServerProcess(tmp_path / "data").start()
    yield proc
    proc.stop()


class Table:
    """The three windows' screens, shown one at a time on the test's one window (each its own session)."""

    def __init__(self, window: GameWindow) -> None:
        self.window = window
        self.views: dict[int | None, arcade.View] = {}
        self.links: list[Link] = []

    def open(self, url: str, name: str, game: str, seat: int | None) -> None:
        link = Link(url, name)
        link.open()
        self.links.append(link)
        assert enter_game(self.window, link, game, seat, watch=seat is None, name=name) is None
        self.views[seat] = self.window.current_view

    def show(self, seat: int | None) -> arcade.View:
        """Bring a seat's screen up and run a frame; a screen that handed over to the next one is followed."""
        view = self.views[seat]
        if self.window.current_view is not view:
            self.window.show_view(view)
        frames(self.window, 1)
        if self.window.current_view is not view:  # base choice done: the game screen took over
            self.views[seat] = view = self.window.current_view
            frames(self.window, 1)
        return view

    def run_until(self, condition, seconds: float = 30.0) -> None:
        wait_until(condition, seconds, step=self._step, progress=self._progress)

    def _step(self) -> None:
        for seat in list(self.views):
            self.show(seat)
        time.sleep(0.01)

    def _progress(self) -> tuple[object, ...]:
        """What moves while the windows follow the game: each seat's screen and the updates its client applied."""
        moved: list[object] = []
        for view in self.views.values():
            client = getattr(getattr(view, "session", None), "client", None)
            moved += [type(view).__name__, client.mirror.seq if client is not None else None]
        return tuple(moved)

    def session(self, seat: int | None):
        return self.views[seat].session  # type: ignore[attr-defined]


def _choose_base(table: Table, seat: int) -> None:
    view = table.show(seat)
    session = table.session(seat)
    zone = session.world.start_zones[seat]
    territory = next(t for t in zone if session.game.check(ChooseBase(t)) is None)
    view.camera.center_on_territory(territory)  # type: ignore[attr-defined]
    frames(table.window, 1)
    click(table.window, *view.camera.to_screen(*view.canvas.grid.center(territory)))  # type: ignore[attr-defined]


def test_two_windows_play_forces_of_conquest_through_the_server_and_a_third_watches(window: GameWindow,
                                                                                     server) -> None:
    from game.ui.views.net_game import NetGameView

    host = Link(server.url, "host")
    host.open()
    game_id = create_game(host, [{"kind": "open"}, {"kind": "open"}], map_name="random:12x12:3", seed=1)
    host.close()
    table = Table(window)
    try:
        for seat, name in ((1, "Ann"), (2, "Bob"), (None, "watcher")):
            table.open(server.url, name, game_id, seat)
        assert table.session(None).seat is None and not table.session(None).my_turn()
        _choose_base(table, 1)  # R3: seat 1 first, by a click on its start zone
        table.run_until(lambda: table.session(2).my_turn())
        _choose_base(table, 2)
        table.run_until(lambda: all(isinstance(v, NetGameView) for v in table.views.values()))
        for rnd in (1, 2):  # each window ends its own turn with Enter; the others follow
            for seat in (1, 2):
                table.run_until(lambda seat=seat: table.session(seat).my_turn()
                                and not table.views[seat].animator.busy)  # type: ignore[attr-defined]
                assert table.session(seat).world.clock.round == rnd
                table.show(seat)
                end_turn(window)
        table.run_until(lambda: table.session(1).my_turn())
        clients = [table.session(seat).client for seat in table.views]
        settle_all(clients)
        assert {c.game.world.clock.round for c in clients} == {3}
        # the other seat's turns play out as animations on each screen; then each shows round 3
        table.run_until(lambda: all(not v.animator.busy and not table.session(s).pending  # type: ignore[attr-defined]
                                    for s, v in table.views.items()), 90)
        for seat in table.views:
            table.show(seat)
            frames(window, 20)
            shot(window, f"net_foc_{'watcher' if seat is None else f'seat{seat}'}.png")
        assert all(not c.problems for c in clients), [c.problems for c in clients]
    finally:
        for link in table.links:
            link.close()
        window.show_view(arcade.View(window))
