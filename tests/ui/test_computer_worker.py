"""Computer seats think on the session's worker thread in every kind of phase (a search player takes a good part
of a second a decision: on the window's thread it would stall the window), and the window's thread sees the
session busy until they are done. The thinking is held by an event the test controls, never timed."""

from __future__ import annotations

import threading
from typing import Any

import game.ai as game_ai
from game.ai.search import SearchPlayer
from game.setup import PlayerSpec, create_game
from game.ui import computer
from game.ui.assets import SeatStyle
from game.ui.session import Session


class GatedSearch(SearchPlayer):
    """The engine's search player, each turn or set of orders held until the test opens the gate; it notes its
    thread."""

    def __init__(self, gate: threading.Event, threads: list[threading.Thread]) -> None:
        super().__init__(iterations=2)
        self.gate = gate
        self.threads = threads

    def _held(self) -> None:
        self.threads.append(threading.current_thread())
        assert self.gate.wait(30), "the test never opened the gate"

    def play_turn(self, game: Any) -> Any:
        self._held()
        return super().play_turn(game)

    def give_orders(self, game: Any, seat: int) -> Any:
        self._held()
        return super().give_orders(game, seat)


def session_with_gated_search(monkeypatch: Any, ruleset: str, players: list[PlayerSpec]) -> tuple[Session, Any, list]:
    game = create_game(None, players, 3, ruleset=ruleset)
    gate, threads = threading.Event(), []
    player = GatedSearch(gate, threads)
    monkeypatch.setattr(computer, "controller_for", lambda g, seat: player)  # simultaneous orders, answers
    monkeypatch.setattr(game_ai, "make_controller", lambda kind, app: player)  # seat phases
    styles = {s: SeatStyle((200, 50, 50), (255, 255, 255), "x") for s in game.world.seats}
    return Session(game, styles, threaded=True), gate, threads


def test_a_search_seat_gives_simultaneous_orders_on_the_worker_thread(monkeypatch: Any) -> None:
    # Total War: every phase is simultaneous (TW4.1); before, the session ran these on the window's thread
    session, gate, threads = session_with_gated_search(
        monkeypatch, "total-war", [PlayerSpec("A"), PlayerSpec("B", computer=True, difficulty="search")])
    game = session.game
    assert game.awaiting_orders and session.computer_to_move()
    before = game.revision
    session.start_computer()  # returns at once: the search waits at the gate on the worker
    try:
        assert session.busy and not session.human_to_move() and not session.computer_to_move()
        assert game.revision == before
    finally:
        gate.set()
        session.wait(60)
    assert not session.busy
    assert threads and all(t is not threading.main_thread() for t in threads)
    assert 2 not in game.unready_seats()  # the computer seat gave its orders and is ready
    assert session.human_to_move() and session.table_seat() == 1


def test_a_search_seat_plays_its_seat_phase_on_the_worker_thread(monkeypatch: Any) -> None:
    session, gate, threads = session_with_gated_search(
        monkeypatch, "relic-duels", [PlayerSpec("B", computer=True, difficulty="search"), PlayerSpec("A")])
    game = session.game
    assert game.awaiting_seat and session.computer_to_move()
    session.start_computer()
    try:
        assert session.busy and not session.human_to_move()
    finally:
        gate.set()
        session.wait(60)
    assert not session.busy and threads and all(t is not threading.main_thread() for t in threads)
    assert game.world.clock.seat == 2 and session.human_to_move()
