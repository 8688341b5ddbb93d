"""Relic Duels through the server (DU1.1 network play): the Company is a client seat played by the ruleset's
normal computer (its moves and its answers to the duel rounds, sealed on the server), the Dominion the server's
computer seat; the game ends and the client's view stays at the server's hash of that seat's view."""

from __future__ import annotations

import pytest

from game import computer_seats
from game.ai import make_controller
from game.net.seat_client import SeatClient
from tests.net.support import Patience, ServerProcess, create_game, scaled, settle_all
from tests.net.test_net_play import linked


@pytest.fixture
def server(tmp_path):
    proc = ServerProcess(tmp_path / "data").start()
    yield proc
    proc.stop()


def test_a_relic_duels_game_is_played_to_its_end_through_the_server(server):
    a = linked(server.url, "a")
    try:
        game_id = create_game(a, [{"kind": "open"}, {"kind": "computer"}], map_name="default", seed=4,
                              ruleset="relic-duels")
        seat = SeatClient.join(a, game_id, 1, name="Ann")
        controller = make_controller("normal", seat.game.app)
        answered = 0
        seat.reply_seconds = scaled(15)
        patience = Patience(120, lambda: seat.mirror.seq)  # bounds a stall, not the game: a slow machine only slows it
        while not seat.game.over and patience.left():
            seat.pump(wait=0.05)
            if seat.my_turn():
                mirror = seat.as_player()
                try:
                    if mirror.asking:
                        answered += len(computer_seats.answer_prompts(mirror, 1, controller))
                    else:
                        controller.play_turn(mirror)
                finally:
                    del mirror.submit
        assert seat.game.over and seat.game.world.clock.winner in (1, 2) and answered > 0   # duels were fought
        assert not seat.problems and seat.rejected == 0, seat.problems
        assert settle_all([seat]) == seat.mirror.seq
    finally:
        a.close()
