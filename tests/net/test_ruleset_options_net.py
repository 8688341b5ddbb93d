"""A network game created with ruleset options (game.content.options): the server checks them, plays with them,
and the lobby shows them; a bad one is refused naming the option and its allowed values."""

from __future__ import annotations

import pytest

from game.net.client import ServerError
from game.ui.views.lobby import describe
from tests.net.support import ServerProcess, create_game
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
