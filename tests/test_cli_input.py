"""The command line refuses bad input with a clear message (exit 2) and never a traceback; every option has a
help line; `--json` is checked before any game is played (tests/fixtures/hostile: BAD_COMMAND_LINES, BAD_OPTIONS)."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest

from game.cli import build_parser, main
from tests.fixtures.hostile import BAD_COMMAND_LINES, BAD_OPTIONS


@pytest.mark.parametrize(("argv", "named"), BAD_COMMAND_LINES)
def test_bad_maps_on_the_command_line_are_named_without_a_traceback(argv, named, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert named in err and "Traceback" not in err


@pytest.mark.parametrize(("argv", "named"), BAD_OPTIONS)
def test_bad_option_values_are_refused_before_anything_runs(argv, named, capsys):
    try:  # refused by argparse, or by the command itself before any game or window (a kind the ruleset lacks)
        code = main(argv)
    except SystemExit as stop:
        code = stop.code
    assert code == 2
    err = capsys.readouterr().err
    assert named in err and "unknown player kind" not in err


def no_games(*_args, **_kwargs):
    raise AssertionError("games were played before the --json path was checked")


@pytest.mark.parametrize("where", ["missing/folder/out.json", "."])
def test_the_json_path_is_checked_before_the_games(tmp_path, monkeypatch, capsys, where):
    monkeypatch.setattr("game.simulate.run_games", no_games)
    target = tmp_path / where
    assert main(["simulate", "--map", "random:12x12", "--players", "ai,ai", "--json", str(target)]) == 2
    err = capsys.readouterr().err
    assert "--json" in err and "Traceback" not in err


def test_schema_into_an_unwritable_place_is_a_message(tmp_path, capsys):
    blocker = tmp_path / "a_file"
    blocker.write_text("not a folder")
    assert main(["schema", "--out", str(blocker / "schema")]) == 1
    err = capsys.readouterr().err
    assert "cannot write the schema files" in err


def test_every_option_of_every_command_has_a_help_line():
    parser = build_parser()
    missing = []
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                for option in sub._actions:
                    if not isinstance(option, argparse._HelpAction) and not option.help:
                        missing.append(f"{name} {'/'.join(option.option_strings) or option.dest}")
    assert not missing, missing


def test_good_values_still_work(tmp_path: Path, capsys):
    out = tmp_path / "results.json"
    assert main(["simulate", "--map", "random:12x12:2", "--players", "ai,random", "--difficulty", "hard",
                 "--rounds", "2", "--json", str(out)]) == 0
    assert out.is_file()
