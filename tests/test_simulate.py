"""`foc simulate`: whole headless games, the same for the same seed, summarised as text and JSON."""

from __future__ import annotations

import json

import pytest

from game.cli import main
from game.errors import DataError
from game.simulate import parse_players, run_games, summarise


def test_players_resolve_to_kinds():
    assert parse_players("ai,random,hard,normal", "hard") == ["hard", "random", "hard", "normal"]
    assert parse_players("ai,ai", "normal,hard") == ["normal", "hard"]
    with pytest.raises(DataError):
        parse_players("ai,human", "normal", ("normal", "hard", "search", "random"))
    with pytest.raises(DataError, match="'Bad Kind'|not a computer player kind"):
        parse_players("ai,Bad Kind", "normal")


def test_simulate_prints_a_summary_and_writes_json(tmp_path, capsys):
    out = tmp_path / "sim.json"
    code = main(["simulate", "--map", "twin_valleys", "--players", "ai,random", "--rounds", "120", "--seed", "5",
                 "--games", "2", "--json", str(out)])
    assert code == 0
    text = capsys.readouterr().out
    assert "seed 5:" in text and "seed 6:" in text
    assert "wins per seat" in text and "p95" in text
    data = json.loads(out.read_text())
    assert data["summary"]["games"] == 2
    assert set(data["summary"]["turn_ms"]) == {"count", "p50", "p95", "max"}
    assert [g["seed"] for g in data["games"]] == [5, 6]
    assert data["summary"]["wins_per_kind"]["normal"] == 2


def test_same_seed_same_games_in_parallel_too():
    one = run_games("twin_valleys", ["hard", "normal"], 8, 2, 60)
    two = run_games("twin_valleys", ["hard", "normal"], 8, 2, 60, jobs=2)
    assert [(r.seed, r.winner, r.rounds, r.commands) for r in one] == [(r.seed, r.winner, r.rounds, r.commands) for r in two]
    summary = summarise(one)
    assert summary["games"] == 2 and summary["turn_ms"]["count"] > 0


def test_a_bad_map_or_player_is_reported(capsys):
    assert main(["simulate", "--map", "atlantis", "--players", "ai,ai"]) == 2
    assert main(["simulate", "--map", "twin_valleys", "--players", "ai,dragon"]) == 2
    assert main(["simulate", "--map", "three_rivers", "--players", "ai,ai"]) == 2


def test_simulate_with_mods_plays_games_made_with_the_mods(tmp_path, capsys):
    from tests.fixtures.maps import ISLANDS_FILE

    out = tmp_path / "mods.json"
    code = main(["simulate", "--map", str(ISLANDS_FILE), "--players", "hard,normal", "--rounds", "25", "--seed", "2",
                 "--mod", "ships", "--mod", "cavalry", "--json", str(out)])
    assert code == 0
    text = capsys.readouterr().out
    assert "mods ships, cavalry" in text
    data = json.loads(out.read_text())
    assert data["mods"] == ["ships", "cavalry"]
    assert data["games"][0]["mods"] == ["ships", "cavalry"]  # the ruleset's mods, in load order
    assert data["summary"]["finished"] == 1  # the islands are only won across the sea


def test_a_game_of_run_games_has_the_mods_plugin_systems():
    from game.simulate import new_modded_game
    from tests.fixtures.maps import islands

    game = new_modded_game(islands(), ["hard", "normal"], 1, ["ships", "medic"])
    assert "ships.ready" in game.schedule.order("upkeep") and "medic.heal" in game.schedule.order("upkeep")
    results = run_games("random:16x16:2", ["hard", "normal"], 1, 1, 15, mods=["medic"])
    assert results[0].mods == ["medic"] and results[0].rounds == 15


def test_an_unknown_mod_is_reported(capsys):
    assert main(["simulate", "--map", "twin_valleys", "--players", "ai,ai", "--mod", "nowhere"]) == 2
    assert "mod 'nowhere'" in capsys.readouterr().err
