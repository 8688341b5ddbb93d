"""Hostile maps, command lines, options and balance variants for every installed ruleset (as the base game's are
tried in tests/test_hostile_mods_and_maps.py and tests/test_cli_input.py): a one-line message naming the file and
field, a non-zero exit, never a traceback, and never a huge value echoed back."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from game.cli import main as foc
from game.content import load_app, rulesets
from game.maps import MapError, list_maps, load_map
from tests.every_ruleset import RULESETS


def maps_of_every_ruleset() -> list[tuple[str, Path]]:
    """The first map of each shape (tile layer, regions) of every ruleset that plays on maps."""
    out = []
    for ruleset in RULESETS:
        shapes: set[bool] = set()
        for path in list_maps(ruleset=ruleset):
            tiles = any(layer.get("type") == "tilelayer" for layer in json.loads(path.read_text())["layers"])
            if tiles not in shapes:
                shapes.add(tiles)
                out.append((ruleset, path))
    return out


MAPS = maps_of_every_ruleset()


def _first_object(doc: dict[str, Any]) -> dict[str, Any]:
    return next(o for layer in doc["layers"] for o in layer.get("objects", []))


EDITS = [  # name, applies to a map document?, edit, words
    ("string gid", lambda d: any("data" in la for la in d["layers"]),
     lambda d: next(la for la in d["layers"] if "data" in la)["data"].__setitem__(0, "3"), "data[0]"),
    ("string firstgid", lambda d: bool(d.get("tilesets")),
     lambda d: d["tilesets"][0].__setitem__("firstgid", "1"), "tilesets[0].firstgid"),
    ("gid beyond 32 bits", lambda d: any("data" in la for la in d["layers"]),
     lambda d: next(la for la in d["layers"] if "data" in la)["data"].__setitem__(0, 2**40), "data[0]"),
    ("object x as text", lambda d: any(la.get("objects") for la in d["layers"]),
     lambda d: _first_object(d).__setitem__("x", "abc"), ".x: expected a number"),
    ("object name as a number", lambda d: any(la.get("objects") for la in d["layers"]),
     lambda d: _first_object(d).__setitem__("name", 5), ".name: expected text"),
]


@pytest.mark.parametrize(("ruleset", "source"), MAPS, ids=[f"{r}-{p.stem}" for r, p in MAPS])
@pytest.mark.parametrize(("name", "applies", "edit", "words"), EDITS, ids=[e[0] for e in EDITS])
def test_a_broken_map_of_every_ruleset_is_named_by_validate_and_by_map(ruleset, source, name, applies, edit, words,
                                                                      tmp_path, capsys):
    doc = json.loads(source.read_text())
    if not applies(doc):
        pytest.skip(f"{source.name} has no {name.split()[-1]}")
    doc = copy.deepcopy(doc)
    edit(doc)
    path = tmp_path / source.name
    path.write_text(json.dumps(doc))
    with pytest.raises(MapError) as caught:
        load_map(path)
    assert words in caught.value.errors[0] and str(path) in caught.value.errors[0]
    assert foc(["validate", str(path)]) == 1
    err = capsys.readouterr().err
    assert words in err and "Traceback" not in err
    assert foc(["simulate", "--ruleset", ruleset, "--map", str(path), "--players", "ai,ai", "--rounds", "1"]) == 2
    err = capsys.readouterr().err
    assert words in err and "Traceback" not in err


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("name", ["random:abc", "random:0", "random:", "random:99999", "random:x:y"])
def test_play_map_random_with_a_bad_argument_is_a_message_for_every_ruleset(ruleset, name):
    """`foc play --map random:abc` (and random:0) showed a traceback; a ruleset with its own generator takes
    `random[:SEED]` (any whole seed, 0 included), the others `random[:SIZE]` or `random:WxH[:SEED]`."""
    from game.ui.launch import choose_map

    own = load_app(ruleset).map_generator is not None
    if own and name in ("random:0", "random:99999"):
        assert choose_map(name, 2, 1, ruleset) is not None  # any whole seed is a seed, 0 too
        return
    with pytest.raises(SystemExit) as stop:
        choose_map(name, 2, 1, ruleset)
    message = str(stop.value)
    assert message.startswith("foc play: ") and "--map" in message and "\n" not in message


@pytest.mark.parametrize(("size", "ok"), [("0x0", False), ("0x720", False), ("1280x0", False),
                                          ("16385x600", False), ("99999999x3", False), ("12x", False),
                                          ("1x1", True), ("1280x720", True), ("16384x16384", True)])
def test_play_size_is_checked(size, ok):
    from game.ui.launch import parse_size

    if ok:
        width, height = parse_size(size)
        assert width >= 960 and height >= 600
        return
    with pytest.raises(SystemExit) as stop:
        parse_size(size)
    assert "--size" in str(stop.value)


def exit_code(argv: list[str]) -> int | str | None:
    try:
        return foc(argv)
    except SystemExit as stop:  # argparse's error() exits
        return stop.code


def _options() -> list[tuple[str, str]]:
    return [(rid, o.name) for rid, (m, _) in sorted(rulesets().items()) for o in m.options]


@pytest.mark.parametrize(("ruleset", "option"), _options())
@pytest.mark.parametrize("value", ["x" * 100_000, "9" * 4000])
def test_an_oversized_option_value_is_not_echoed_back(ruleset, option, value, capsys):
    assert exit_code(["simulate", "--ruleset", ruleset, "--option", f"{option}={value}", "--rounds", "1"]) == 2
    err = capsys.readouterr().err
    assert f"--option {option}" in err and len(err) < 2000


def test_an_oversized_option_name_is_not_echoed_back(capsys):
    assert exit_code(["simulate", "--ruleset", "relic-duels", "--option", f"{'n' * 100_000}=1", "--rounds", "1"]) == 2
    assert len(capsys.readouterr().err) < 2000


def first_int_key(ruleset: str) -> list[str]:
    """The dotted key of the first whole number in the ruleset's own rules (not the engine's shared sections)."""
    data = load_app(ruleset).rules.model_dump(mode="json", by_alias=True)
    shared = {"setup", "terrain", "board", "mods", "extra", "game_options", "units", "limits", "resources"}

    def find(tree: Any, path: list[str]) -> list[str] | None:
        if type(tree) is int:
            return path
        if isinstance(tree, dict):
            for key, value in tree.items():
                if (found := find(value, [*path, key])) is not None:
                    return found
        return None

    found = find({k: v for k, v in data.items() if k not in shared}, [])
    assert found is not None
    return found


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize(("text", "words"), [('"1"', "valid integer"), ("true", "valid integer"),
                                             ("1.0", "valid integer"), (str(2**64), "less than or equal")])
def test_balance_variant_files_of_every_ruleset_take_only_whole_numbers(ruleset, text, words, tmp_path):
    from game.lab.variants import check_variants, parse_variant

    *tables, key = first_int_key(ruleset)
    path = tmp_path / "loose.toml"
    path.write_text(f"[{'.'.join(tables)}]\n{key} = {text}\n" if tables else f"{key} = {text}\n")
    errors = check_variants([parse_variant(f"loose={path}", ruleset=ruleset)])
    assert errors and words in errors[0] and "loose.toml" in errors[0] and ".".join([*tables, key]) in errors[0]


def test_a_user_mod_reusing_a_bundled_id_fails_validate(tmp_path, monkeypatch, capsys):
    """A user mod named `cavalry` passed `foc validate`, then `--mod cavalry` could not say which one is meant."""
    import shutil

    from game.content import discover
    from game.content.manifest import BUNDLED_MODS

    folder = tmp_path / "user_mods"
    shutil.copytree(BUNDLED_MODS / "cavalry", folder / "my_cavalry")
    monkeypatch.setattr(discover, "user_mod_dir", lambda: folder)
    assert foc(["validate"]) == 1
    err = capsys.readouterr().err
    assert "my_cavalry/mod.toml: id: 'cavalry' is already the id of the mod in mods/cavalry" in err


def test_a_map_of_too_many_json_values_is_refused_before_it_is_parsed(tmp_path, monkeypatch):
    """A 60 MB map of `[[],[],...]` took over a gigabyte once parsed; the values are counted first (measured:
    `foc validate` on it peaks at 162 MB)."""
    monkeypatch.setattr("game.maps.MAX_MAP_VALUES", 1000)
    path = tmp_path / "lists.tmj"
    path.write_text("{\"layers\": [" + ",".join(["[]"] * 600) + "]}")
    with pytest.raises(MapError) as caught:
        load_map(path)
    assert "more than 1,000 JSON values" in caught.value.errors[0]
