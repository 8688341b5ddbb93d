"""Replays with mods: they record the mods, re-run plugin commands (boarding, sailing, landing) exactly, and
refuse to load without the mods they were made with."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from game.cli import main
from game.errors import DataError
from game.replay import load_replay, replay_data, save_replay, verify
from game.saves import encode, read_raw, save_game
from game.simulate import new_modded_game, play_game
from game.snapshot import state_hash
from tests.fixtures.maps import islands
from tests.patience import scaled

ROOT = Path(__file__).resolve().parents[1]


def voyage():
    """Computers with cavalry, medics and ships on two islands, long enough to have sailed and landed."""
    kinds = ["hard", "normal"]
    game = new_modded_game(islands(), kinds, 2, ["cavalry", "medic", "ships"])
    return play_game(game.world.rules, islands(), kinds, 2, 22, game=game)[0]


def test_a_replay_records_the_mods_and_reproduces_a_game_with_ships(tmp_path):
    game = voyage()
    assert {"Embark", "Sail", "Disembark"} <= {type(c).__name__ for _, _, c in game.history}
    path = save_replay(game, tmp_path / "ships.focreplay.json.gz")
    data = read_raw(path)
    assert [m["id"] for m in data["mods"]] == ["base", "cavalry", "medic", "ships"]
    replay = load_replay(path)
    assert replay.header.rules.mods == game.world.rules.mods
    verdict = verify(replay)
    assert verdict.ok, verdict.message
    assert replay.final_hash == state_hash(game.world)


def test_a_save_of_a_game_with_mods_verifies_as_a_replay(tmp_path, capsys):
    path = save_game(voyage(), tmp_path / "ships.foc.json.gz")
    assert main(["replay", str(path), "--verify"]) == 0
    assert "replay verified" in capsys.readouterr().out


def test_a_fresh_process_verifies_a_replay_with_plugin_commands(tmp_path):
    path = save_replay(voyage(), tmp_path / "fresh.focreplay.json.gz")
    out = subprocess.run([sys.executable, "-m", "game", "replay", str(path), "--verify"], cwd=ROOT,
                         capture_output=True, text=True, timeout=scaled(120))
    assert out.returncode == 0, out.stdout + out.stderr
    assert "replay verified" in out.stdout


def test_a_replay_needing_a_missing_mod_says_which(tmp_path):
    data = replay_data(voyage())
    data["mods"].append({"id": "zeppelins", "version": "1.0.0"})
    data["ruleset"]["mods"].append({"id": "zeppelins", "name": "Zeppelins", "version": "1.0.0"})
    path = tmp_path / "zeppelins.focreplay.json.gz"
    path.write_bytes(encode(data))
    with pytest.raises(DataError) as err:
        load_replay(path)
    assert f"{path}: mods: mod 'zeppelins' 1.0.0 is not installed" in err.value.errors
    assert main(["replay", str(path)]) == 2
