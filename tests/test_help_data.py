"""A ruleset's F1 help as data (help.toml): read for every installed ruleset, and a bad file is one line per problem
naming the file and the field; nothing half-read."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.content import load_app, rulesets
from game.help_data import read_help


@pytest.mark.parametrize("ruleset", sorted(r for r in rulesets() if r != "base"))
def test_every_ruleset_with_its_own_screen_declares_its_help(ruleset: str):
    help_data = load_app(ruleset).presentation.help
    assert help_data.brief and help_data.controls, f"{ruleset}: help.toml without rules in brief or controls"


def test_a_folder_without_help_toml_has_empty_help(tmp_path: Path):
    errors: list[str] = []
    assert read_help(tmp_path, errors).brief == () and errors == []


@pytest.mark.parametrize(("text", "where"), [
    ('brief = "one line"', "help.toml: brief: "),
    ('controls = [{ key = "Esc" }]', "help.toml: controls.0.does: "),
    ('symbols = [{ symbol = "P", means = "pawn", colour = "red" }]', "help.toml: symbols.0.colour: "),
    ('titel = "x"', "help.toml: titel: "),
    ('brief = [', "help.toml: cannot read it"),
])
def test_a_bad_help_file_is_one_line_naming_file_and_field(tmp_path: Path, text: str, where: str):
    (tmp_path / "help.toml").write_text(text, encoding="utf-8")
    errors: list[str] = []
    found = read_help(tmp_path, errors)
    assert found.brief == () and found.controls == ()  # nothing half-read
    assert len(errors) == 1 and where in errors[0] and "\n" not in errors[0], errors
