"""Hostile saves (tests/fixtures/hostile: BAD_SAVES, plus bombs and deep nesting made at run time): loading checks
the rules' invariants (game.invariants, the same checker the property tests run after every command), the
embedded ruleset, the header and the history, and never ends in a traceback; `foc replay --verify` refuses
whatever loading refuses. Also: saves listed from their header, per-game autosaves, stale temporary files."""

from __future__ import annotations

import copy
import gzip
import json
import os
import time
import zlib
from pathlib import Path

import esper
import pytest

from game.errors import DataError
from game.saves import (
    Autosaver,
    checksum,
    encode,
    load_game,
    read_header,
    read_raw,
    save_game,
)
from tests.fixtures.hostile import BAD_SAVES

FIXTURES = Path(__file__).parent / "fixtures" / "saves"
V4 = FIXTURES / "v4_mid_battle.foc.json.gz"


def refused(path: Path) -> str:
    worlds, current = set(esper.list_worlds()), esper.current_world
    with pytest.raises(DataError) as caught:
        load_game(path)
    assert set(esper.list_worlds()) == worlds and esper.current_world == current  # nothing left behind
    text = str(caught.value)
    assert str(path) in text
    return text


def edited(tmp_path: Path, edit, name: str = "bad.foc.json.gz") -> Path:
    data = copy.deepcopy(read_raw(V4))
    edit(data)
    data["checksum"] = checksum(data)  # a careful cheat: every checksum is right
    path = tmp_path / name
    path.write_bytes(encode(data))
    return path


def test_the_v4_fixture_itself_loads(tmp_path, capsys):
    """The control for every edit below (each starts from V4): unedited, it loads as the game its header
    describes, passes the invariants, and `foc replay --verify` accepts it."""
    from game.cli import main
    from game.invariants import invariant_problems

    summary = read_raw(V4)["summary"]
    game = load_game(V4)
    clock = game.world.clock
    assert (clock.round, clock.seat, str(clock.stage), clock.winner) == (21, 1, "main", None) == (
        summary["round"], summary["seat"], summary["stage"], summary["winner"])
    assert game.world.seed == 3 and not game.over
    assert (game.world.board.width, game.world.board.height) == (16, 16)
    assert invariant_problems(game.world) == []
    assert main(["replay", str(V4), "--verify"]) == 0


@pytest.mark.parametrize(("name", "edit", "words"), BAD_SAVES, ids=[c[0] for c in BAD_SAVES])
def test_semantically_broken_saves_are_refused_naming_the_problem(tmp_path, name, edit, words):
    assert words in refused(edited(tmp_path, edit))


@pytest.mark.parametrize(("name", "edit", "words"), BAD_SAVES, ids=[c[0] for c in BAD_SAVES])
def test_replay_verify_refuses_what_loading_refuses(tmp_path, capsys, name, edit, words):
    from game.cli import main

    path = edited(tmp_path, edit)
    assert main(["replay", str(path), "--verify"]) == 2
    out = capsys.readouterr().out
    assert words in out and "verified" not in out


def test_a_territory_without_ownership_is_a_message_not_a_key_error(tmp_path):
    data = read_raw(FIXTURES / "v3_mid_battle.foc.json.gz")
    entities = data["state"]["entities"]
    key = next(k for k, c in entities.items() if "Territory" in c)
    del entities[key]["Ownership"]
    from game.saves import canonical_hash

    state = data["state"]
    state["hash"] = canonical_hash({k: state[k] for k in ("clock", "seats", "rng", "entities")})
    data["checksum"] = checksum(data)
    path = tmp_path / "noowner.foc.json.gz"
    path.write_bytes(encode(data))
    assert "a territory needs an Ownership" in refused(path)


def test_a_v1_save_cannot_skip_the_checksum(tmp_path):
    """v1 had no checksum: a v1 save is trusted only when its history replays to its state."""
    data = read_raw(FIXTURES / "v1_mid_battle.foc.json.gz")
    stock = next(c["Stockpile"] for c in data["state"]["entities"].values() if "Stockpile" in c)
    stock["amounts"]["food"] += 1000
    from game.saves import canonical_hash

    state = data["state"]
    state["hash"] = canonical_hash({k: state[k] for k in ("clock", "seats", "rng", "next_id", "entities")
                                    if k != "next_id"})
    path = tmp_path / "v1.foc.json.gz"
    path.write_bytes(gzip.compress(json.dumps(data).encode()))
    assert "history" in refused(path)
    data["checksum"] = "0" * 64  # a v1 save that names a checksum has it checked
    path.write_bytes(gzip.compress(json.dumps(data).encode()))
    assert "checksum" in refused(path)


def test_a_gzip_bomb_stops_at_the_cap(tmp_path, monkeypatch):
    monkeypatch.setattr("game.saves.MAX_JSON_BYTES", 4 * 1024 * 1024)
    packer = zlib.compressobj(9, zlib.DEFLATED, 31)
    blob = packer.compress(b'{"format": "' + b" " * (64 * 1024 * 1024)) + packer.flush()  # 64 MB in 64 KB
    path = tmp_path / "bomb.foc.json.gz"
    path.write_bytes(blob)
    assert "decompressed" in refused(path)


@pytest.mark.parametrize("shape", ["[", '{"a":'])
def test_nesting_100k_deep_is_a_message(tmp_path, capsys, shape):
    path = tmp_path / "deep.foc.json.gz"
    path.write_bytes(gzip.compress((shape * 100_000).encode()))
    assert "nested too deeply" in refused(path)
    from game.cli import main

    assert main(["replay", str(path)]) == 2
    assert "nested too deeply" in capsys.readouterr().out


def test_play_load_of_a_broken_save_is_a_message(tmp_path, capsys):
    path = tmp_path / "deep.foc.json.gz"
    path.write_bytes(gzip.compress(b"[" * 100_000))
    from game.ui.launch import run_play

    with pytest.raises(SystemExit) as stop:
        run_play(type("Args", (), {"load": str(path)})())
    assert "nested too deeply" in str(stop.value)


def test_replay_verify_refuses_a_huge_or_unknown_board_in_a_replay_file(tmp_path, capsys):
    from game.cli import main
    from game.replay import save_replay
    from tests.test_saves import played

    replay = save_replay(played(2), tmp_path / "r.focreplay.json.gz")
    for change, words in ((lambda b: b.update(width=100000, height=100000), "limits.max_territories"),
                          (lambda b: b["terrain"].__setitem__(0, "lava"), "unknown terrain 'lava'")):
        data = read_raw(replay)
        change(data["board"])
        path = tmp_path / "bad.focreplay.json.gz"
        path.write_bytes(gzip.compress(json.dumps(data).encode()))
        assert main(["replay", str(path), "--verify"]) == 2
        assert words in capsys.readouterr().out


def test_the_saves_list_reads_only_the_header(tmp_path, monkeypatch):
    from game.ui.views.saves_dialog import read_save_info

    path = save_game(load_game(V4), tmp_path / "mine.foc.json.gz")
    header = read_header(path)
    assert header is not None and header.ruleset_id == "base" and [m.id for m in header.mods] == ["base"]
    assert header.summary.round == 21 and len(header.summary.players) == 2

    def whole_save(*_args, **_kwargs):
        raise AssertionError("the whole save was decompressed to list it")

    monkeypatch.setattr("game.saves.read_raw", whole_save)
    info = read_save_info(path)
    assert info.problem is None and info.round == 21 and info.players[0].startswith("Normal 1")
    assert info.width == 16 and len(info.terrain) == 256 and info.owners
    assert read_header(FIXTURES / "v3_mid_battle.foc.json.gz") is None  # older saves have no header


def test_autosaves_rotate_per_game(tmp_path):
    from game.ai import run_computer_turn
    from tests.test_saves import played

    first, second = played(2, seed=3), played(2, seed=4)
    savers = [Autosaver(g, tmp_path, keep=2) for g in (first, second)]
    for _ in range(10):
        for game, saver in zip((first, second), savers, strict=True):
            run_computer_turn(game)
            saver.after_submit()
    names = sorted(p.name for p in tmp_path.iterdir())
    assert len([n for n in names if first.game_id in n]) == 2
    assert len([n for n in names if second.game_id in n]) == 2  # one game's autosaves never delete another's


def test_temporary_files_of_a_killed_save_are_removed(tmp_path):
    stale = tmp_path / ".old.foc.json.gz.abc123.tmp"
    stale.write_bytes(b"half a save")
    old = time.time() - 3600
    os.utime(stale, (old, old))
    fresh = tmp_path / ".new.foc.json.gz.def456.tmp"  # another process may be writing it right now
    fresh.write_bytes(b"being written")
    save_game(load_game(V4), tmp_path / "x.foc.json.gz")
    assert not stale.exists() and fresh.exists()
