"""Hostile mods, rules values and maps (tests/fixtures/hostile/): a clear message naming file and field, never a
traceback, never a file outside the mod's or map's folder opened, and one broken user mod breaks nothing else."""

from __future__ import annotations

import shutil
import sys
import time
from pathlib import Path

import pytest

from game.cli import main as foc
from game.content import discover as mods_module
from game.content import load_ruleset
from game.content.manifest import BUNDLED_MODS
from game.errors import DataError
from game.maps import MapError, load_map
from tests.fixtures.hostile import LOOSE_RULES, MAPS, MODS, deeply_nested_toml


@pytest.fixture
def user_mods(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The user's mod folder, holding every broken mod of the fixtures plus a 100k-deep nested manifest."""
    folder = tmp_path / "user_mods"
    shutil.copytree(MODS, folder)
    (folder / "deep").mkdir()
    (folder / "deep" / "mod.toml").write_text(deeply_nested_toml())
    monkeypatch.setattr(mods_module, "user_mod_dir", lambda: folder)
    return folder


def test_broken_user_mods_break_no_command_that_uses_no_mod(user_mods: Path, capsys):
    rules = load_ruleset()  # a user mod claiming the id "base" no longer clashes with the game's own rules
    assert [m.id for m in rules.mods] == ["base"]
    assert foc(["simulate", "--map", "random:12x12:1", "--players", "ai,ai", "--rounds", "1"]) == 0
    assert "Traceback" not in capsys.readouterr().err


def test_broken_user_mods_are_reported_by_validate(user_mods: Path, capsys):
    assert foc(["validate"]) == 1
    err = capsys.readouterr().err
    assert "claims_base/mod.toml: id: 'base' is reserved" in err
    assert "not_utf8/mod.toml: not UTF-8" in err
    assert "deep/mod.toml: nested" in err and "Traceback" not in err


@pytest.mark.parametrize("name", ["not_utf8", "deep"])
def test_using_a_broken_user_mod_names_its_file(user_mods: Path, name: str):
    with pytest.raises(DataError) as caught:
        load_ruleset([user_mods / name])
    assert f"{name}/mod.toml" in str(caught.value)


def test_a_mods_files_stay_inside_its_folder(tmp_path: Path):
    with pytest.raises(DataError) as caught:
        load_ruleset([MODS / "escapes"])
    text = str(caught.value)
    assert "files.0" in text and "outside the mod's folder" in text and "root:" not in text


@pytest.mark.parametrize(("toml", "field"), LOOSE_RULES)
def test_loose_or_out_of_range_rules_values_are_refused(tmp_path: Path, toml: str, field: str):
    mod = tmp_path / "loose"
    mod.mkdir()
    (mod / "mod.toml").write_text('id = "loose"\nname = "Loose"\nversion = "1.0.0"\nfiles = ["units.toml"]\n'
                                  'overrides = ["units.soldier", "structures.wooden_tower"]\n')
    (mod / "units.toml").write_text(toml)
    with pytest.raises(DataError) as caught:
        load_ruleset([mod], search=[BUNDLED_MODS])
    assert any(field in line and "units.toml" in line for line in caught.value.errors), caught.value.errors


def test_the_manifest_is_strict_too(tmp_path: Path):
    mod = tmp_path / "typed"
    mod.mkdir()
    (mod / "mod.toml").write_text('id = "typed"\nname = 3\nversion = "1.0.0"\n')
    with pytest.raises(DataError) as caught:
        load_ruleset([mod])
    assert "mod.toml: name" in str(caught.value)


@pytest.mark.parametrize(("name", "field"), [("tileset_escape.tmj", "tilesets[0].source"),
                                             ("template_escape.tmj", ".template")])
def test_map_references_stay_inside_the_maps_folder(name: str, field: str):
    with pytest.raises(MapError) as caught:
        load_map(MAPS / name)
    text = str(caught.value)
    assert field in text and "outside the map's folder" in text and "root:" not in text


def test_a_huge_board_is_refused_at_once_naming_the_rules_limit(capsys):
    started = time.perf_counter()
    with pytest.raises(MapError) as caught:
        load_map(MAPS / "huge_board.tmj")
    assert "100000x100000" in str(caught.value) and "limits.max_territories" in str(caught.value)
    assert foc(["validate", str(MAPS / "huge_board.tmj")]) == 1
    assert time.perf_counter() - started < 5


def test_a_4000_by_4000_map_is_refused_before_any_game_starts(tmp_path: Path):
    from game.maps import MapData
    from game.setup import PlayerSpec, new_game
    from tests.builders import base_rules

    huge = MapData("huge", 4000, 4000, ("plain",), {2: {1: (0,), 2: (1,)}}, "huge.tmj")
    with pytest.raises(DataError) as caught:
        new_game(base_rules(), huge, [PlayerSpec("A"), PlayerSpec("B")])
    assert "huge.tmj: size" in str(caught.value)


def test_validate_with_nothing_to_check_says_so_and_fails(tmp_path: Path, capsys):
    assert foc(["validate", str(tmp_path)]) == 1
    captured = capsys.readouterr()
    assert "nothing to check" in captured.err
    assert "0 error(s)" not in captured.out


def test_importing_the_map_generator_loads_no_ruleset():
    code = ("import sys, game.mapgen\n"
            "assert 'game.content' not in sys.modules, 'the content pipeline ran at import'\n")
    import subprocess

    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=Path(__file__).parents[1])
    assert done.returncode == 0, done.stderr
