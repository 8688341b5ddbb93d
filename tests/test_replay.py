"""Replays and determinism: same seed + same commands = same game; `foc replay --verify` finds divergence."""

from __future__ import annotations

import gzip
import json

import pytest

from game.cli import main
from game.codec import command_from_data, command_to_data
from game.errors import DataError
from game.mapgen import generate_map
from game.replay import load_replay, replay_data, save_replay, start_game, verify
from game.saves import encode, save_game
from game.simulate import play_game
from game.snapshot import state_hash
from tests.builders import base_rules, spawn_army, tiny_game


def small_game(seed: int = 2, rounds: int = 15):
    game, _ = play_game(base_rules(), generate_map(16, 16, players=2, seed=5), ["normal", "hard"], seed, rounds)
    return game


def test_same_seed_and_commands_give_the_same_hash():
    one = small_game()
    other = small_game()
    assert one.history == other.history
    assert state_hash(one.world) == state_hash(other.world)


def test_a_replay_reproduces_the_game(tmp_path):
    game = small_game()
    path = save_replay(game, tmp_path / "g.focreplay.json.gz")
    replay = load_replay(path)
    assert len(replay.commands) == len(game.history)
    assert replay.final_hash == state_hash(game.world)
    assert sorted(replay.hashes) == list(range(0, game.world.clock.round))
    verdict = verify(replay)
    assert verdict.ok, verdict.message
    fresh = start_game(replay.header)
    for _, _, command in replay.commands:
        assert fresh.submit(command).ok
    assert state_hash(fresh.world) == state_hash(game.world)


def test_verify_reports_the_first_round_that_differs(tmp_path):
    game = small_game()
    data = replay_data(game)
    data["hashes"]["7"] = "0" * 64
    data["hashes"]["9"] = "0" * 64
    path = tmp_path / "bad.focreplay.json.gz"
    path.write_bytes(encode(data))
    verdict = verify(load_replay(path))
    assert not verdict.ok and verdict.first_bad_round == 7
    assert main(["replay", str(path), "--verify"]) == 1


def test_a_changed_command_shows_up(tmp_path):
    game = small_game()
    data = replay_data(game)
    for entry in data["commands"]:  # the first unit built becomes a different unit
        if entry[2]["type"] == "BuildUnit":
            entry[2]["unit_type"] = "ranger" if entry[2]["unit_type"] != "ranger" else "soldier"
            break
    path = tmp_path / "changed.focreplay.json.gz"
    path.write_bytes(encode(data))
    verdict = verify(load_replay(path))
    assert not verdict.ok
    assert verdict.first_bad_round is not None


def test_the_cli_verifies_replays_and_saves(tmp_path, capsys):
    game = small_game(rounds=8)
    replay = save_replay(game, tmp_path / "ok.focreplay.json.gz")
    save = save_game(game, tmp_path / "ok.foc.json.gz")
    assert main(["replay", str(replay), "--verify"]) == 0
    assert main(["replay", str(save), "--verify"]) == 0
    assert main(["replay", str(replay)]) == 0
    out = capsys.readouterr().out
    assert "replay verified" in out


def test_a_game_changed_outside_submit_cannot_become_a_replay():
    game = tiny_game(["pppp", "pppp"], {1: (0, 0), 2: (3, 1)})
    spawn_army(game, 1, 2, ["soldier"])  # not a command: no replay can reproduce it
    with pytest.raises(DataError):
        replay_data(game)


def test_only_known_command_classes_are_read():
    from components.commands import Move, Split
    from game.content import load_app

    known = load_app().command_types()
    for command in (Move(3, (1, 2, 3)), Split(4, (5, 6), 7)):
        assert command_from_data(json.loads(json.dumps(command_to_data(command))), "command", known) == command
    for bad in ({"type": "Game"}, {"type": "__import__", "name": "os"}, {"type": "Move", "army": "3", "path": []},
                {"type": "Move", "army": 3, "path": [1], "extra": 1}, ["Move"]):
        with pytest.raises(ValueError):
            command_from_data(bad, "command", known)


def test_a_newer_replay_format_is_refused(tmp_path):
    data = replay_data(small_game(rounds=3))
    data["version"] = 99
    path = tmp_path / "new.focreplay.json.gz"
    path.write_bytes(gzip.compress(json.dumps(data).encode()))
    with pytest.raises(DataError) as err:
        load_replay(path)
    assert "new.focreplay.json.gz" in str(err.value) and "version" in str(err.value)
