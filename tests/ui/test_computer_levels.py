"""The new-game screen offers every computer kind a game has: its ruleset's own and the engine's `search`."""

from __future__ import annotations

import pytest

from game.ai.players import player_kinds
from game.content import load_app
from game.lab.rulesets import available


@pytest.mark.parametrize("ruleset", available())
def test_the_new_game_screen_offers_the_rulesets_kinds_and_search(ruleset):
    from game.ui.views.setup import game_info

    info = game_info(ruleset)
    assert not isinstance(info, str), info
    own = [k for k in load_app(ruleset).computer_players if k != "random"]
    assert list(info.levels) == [k for k in player_kinds(load_app(ruleset)) if k != "random"]
    assert "search" in info.levels and set(own) <= set(info.levels)
