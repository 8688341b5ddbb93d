"""A network game created with ruleset options (game.content.options): the server checks them, plays with them,
and the lobby shows them; a bad one is refused naming the option and its allowed values."""

from __future__ import annotations

import time

import pytest

from game.net.client import ServerError
from game.ui.views.lobby import describe
from tests.net.support import ServerProcess, create_game, wait_until
from tests.net.test_net_play import linked


@pytest.fixture
def server(tmp_path):
    proc = ServerProcess(tmp_path / "data").start()
    yield proc
    proc.stop()


def test_a_game_created_with_options_shows_them_in_the_lobby(server):
    a = linked(server.url, "a")
    try:
        game_id = create_game(a, [{"kind": "open"}, {"kind": "computer"}], map_name="default", seed=4,
                              ruleset="relic-duels", options={"guardians": True})
        info = next(g for g in a.call({"type": "list"})["games"] if g["game"] == game_id)
        assert info["options"] == {"guardians": True}
        assert "guardians=True" in describe(info)[0]
        with pytest.raises(ServerError) as caught:
            create_game(a, [{"kind": "open"}, {"kind": "computer"}], map_name="default", ruleset="relic-duels",
                        options={"guardians": "maybe"})
        assert "guardians" in str(caught.value) and "true or false" in str(caught.value)
        plain = create_game(a, [{"kind": "open"}, {"kind": "computer"}], map_name="default", ruleset="relic-duels")
        info = next(g for g in a.call({"type": "list"})["games"] if g["game"] == plain)
        assert info["options"] == {} and "guardians" not in describe(info)[0]
    finally:
        a.close()


def test_a_computer_seat_takes_any_kind_its_ruleset_offers_and_an_unknown_kind_is_refused_by_name(server):
    """The lobby's computer kinds are the ruleset's (game.ai.players.player_kinds): the base game's own and the
    engine's search and random, checked by name when the game is created; a kind it does not offer is refused,
    naming the kinds it does."""
    a = linked(server.url, "a")
    try:
        seats = [{"kind": "computer", "difficulty": "search"}, {"kind": "computer", "difficulty": "random"}]
        game_id = create_game(a, seats, map_name="random:12x12:3", seed=5)
        lines: list[dict] = []

        def played() -> bool:
            lines[:] = [g for g in a.call({"type": "list"})["games"] if g["game"] == game_id]
            return bool(lines) and lines[0]["seq"] >= 2  # both seats chose their bases

        wait_until(played, 60, step=lambda: time.sleep(0.1), what="the search and random seats playing")
        assert [s["kind"] for s in lines[0]["seats"]] == ["computer", "computer"]
        with pytest.raises(ServerError) as caught:
            create_game(a, [{"kind": "open"}, {"kind": "computer", "difficulty": "grandmaster"}], seed=5)
        assert "grandmaster" in str(caught.value) and "search" in str(caught.value)
    finally:
        a.close()
