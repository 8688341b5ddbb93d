"""Saves of every game share one folder, so the saves list says which game each is (its ruleset's name, a third
party's included), and each game's autosaves carry its ruleset in their name ("autosave-board-3-..." could be
MonsterCrasher or Relic Duels)."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.content import rulesets
from game.saves import save_game
from game.setup import PlayerSpec, create_game
from game.ui.chronicle import game_identity
from game.ui.views.saves_dialog import read_save_info, ruleset_title
from tests.rulesets import installed


@pytest.mark.parametrize("ruleset", [*sorted(rulesets()), "breakthrough"])
def test_the_saves_list_names_the_game_of_each_save(ruleset: str, tmp_path: Path) -> None:
    from game.ui.launch import choose_map

    with installed():
        title = rulesets()[ruleset][0].name
        game = create_game(choose_map(None, 2, 3, ruleset), [PlayerSpec("Ada"), PlayerSpec("Bo")], 3, ruleset=ruleset)
        assert game_identity(game).startswith(f"{ruleset}-")
        info = read_save_info(save_game(game, tmp_path / f"autosave-{game_identity(game)}.foc.json.gz"))
    assert info.problem is None and info.game == title
    assert info.details.startswith(f"{title}  ·  round ")


def test_a_save_of_a_game_not_installed_here_is_listed_by_its_id(tmp_path: Path) -> None:
    with installed():
        game = create_game(None, [PlayerSpec("Ada"), PlayerSpec("Bo")], 3, ruleset="breakthrough")
        path = save_game(game, tmp_path / "elsewhere.foc.json.gz")
    ruleset_title.cache_clear()
    try:
        assert read_save_info(path).game == "breakthrough"
    finally:
        ruleset_title.cache_clear()
