"""The `foc` command line: validate passes on everything shipped, fails with file and key on bad input."""

from __future__ import annotations

import json
from pathlib import Path

from game.cli import main


def test_foc_validate_passes_on_the_base_ruleset_every_map_and_every_mod(capsys):
    assert main(["validate"]) == 0
    out = capsys.readouterr().out
    assert "0 error(s)" in out


def test_foc_validate_reports_a_broken_mod_with_file_and_key_and_exits_non_zero(tmp_path, capsys):
    mod = tmp_path / "oops"
    mod.mkdir()
    (mod / "mod.toml").write_text('id = "oops"\nname = "Oops"\nversion = "1.0.0"\nfiles = ["units.toml"]\n')
    (mod / "units.toml").write_text('[units.ranger.movement]\nmp = 6\nclass = "pathfinder"\nturbo = true\n')
    assert main(["validate", str(mod)]) == 1
    err = capsys.readouterr().err
    assert f"{mod / 'units.toml'}: units.ranger.movement.turbo: Extra inputs are not permitted" in err


def test_foc_validate_reports_a_broken_map_without_a_traceback(tmp_path, capsys):
    broken = tmp_path / "broken.tmj"
    broken.write_text("{ not json")
    assert main(["validate", str(broken)]) == 1
    err = capsys.readouterr().err
    assert "broken.tmj" in err and "Traceback" not in err


def test_foc_schema_writes_json_schema_for_rules_files_and_mod_manifests(tmp_path):
    assert main(["schema", "--out", str(tmp_path)]) == 0
    rules = json.loads(Path(tmp_path / "rules.schema.json").read_text())
    manifest = json.loads(Path(tmp_path / "mod.schema.json").read_text())
    assert "units" in rules["properties"] and "required" not in rules
    assert set(manifest["required"]) >= {"id", "name", "version"}
