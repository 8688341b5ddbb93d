"""The mod kit (`foc new-mod NAME --kind units|mechanic|ruleset`): each skeleton is an installable package that,
as written, validates and simulates. Here the package is made importable and its entry point declared as an
install would (tests/test_wheel_install.py installs a generated ruleset for real and runs its own tests)."""

from __future__ import annotations

import importlib.metadata
import json
import tomllib
from pathlib import Path

import pytest

from game.cli import main as foc
from game.content import load_app
from game.content.discover import ENTRY_POINT_GROUP, PACKAGE, discover_mods
from game.content.manifest import read_manifest
from game.validate import validate_paths

KINDS = ("units", "mechanic", "ruleset")


def installed_skeleton(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, mod_id: str, kind: str) -> Path:
    """`foc new-mod` into tmp_path, then its package importable and its entry point listed, as after pip install."""
    assert foc(["new-mod", mod_id, "--kind", kind, "--out", str(tmp_path)]) == 0
    project = tmp_path / f"foc-{mod_id}"
    config = tomllib.loads((project / "pyproject.toml").read_text())
    [(name, value)] = config["project"]["entry-points"][ENTRY_POINT_GROUP].items()
    monkeypatch.syspath_prepend(str(project))
    entry = importlib.metadata.EntryPoint(name, value, ENTRY_POINT_GROUP)
    real = importlib.metadata.entry_points

    def with_the_skeleton(**params):  # type: ignore[no-untyped-def]
        if params.get("group") == ENTRY_POINT_GROUP:
            return [entry]
        return real(**params)

    monkeypatch.setattr(importlib.metadata, "entry_points", with_the_skeleton)
    return project


@pytest.mark.parametrize("kind", KINDS)
def test_a_skeleton_is_a_package_with_build_system_entry_point_and_package_data(tmp_path: Path, kind: str) -> None:
    assert foc(["new-mod", f"kit-{kind}", "--kind", kind, "--out", str(tmp_path)]) == 0
    project = tmp_path / f"foc-kit-{kind}"
    config = tomllib.loads((project / "pyproject.toml").read_text())
    package = f"foc_kit_{kind}"
    assert config["build-system"]["build-backend"] == "setuptools.build_meta"
    assert config["project"]["entry-points"][ENTRY_POINT_GROUP] == {f"kit-{kind}": package}
    data = config["tool"]["setuptools"]["package-data"]["*"]
    assert {"*.toml", "*.tmj", "*.tmx", "*.tsx", "*.wav"} <= set(data)  # maps and sounds travel with the mod
    manifest = read_manifest(project / package, [])
    assert manifest is not None and manifest.id == f"kit-{kind}" and manifest.plugin is None
    assert manifest.version == config["project"]["version"]
    assert (project / "tests" / f"test_kit_{kind}.py").is_file() and (project / "README.md").is_file()
    if kind == "ruleset":
        board = json.loads((project / package / "maps" / "long_field.tmj").read_text())
        assert (board["width"], board["height"]) == (8, 5)


@pytest.mark.parametrize("kind", ("units", "mechanic"))
def test_a_generated_mod_validates_and_simulates(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, kind: str,
                                                 capsys) -> None:
    mod_id = f"made-{kind}"
    project = installed_skeleton(tmp_path, monkeypatch, mod_id, kind)
    assert discover_mods()[mod_id][0].origin == PACKAGE
    checked, errors = validate_paths([])
    assert errors == [] and f"mod {project / f'foc_made_{kind}'}" in checked  # foc validate checks packages too
    assert foc(["simulate", "--mod", mod_id, "--players", "ai,ai", "--rounds", "6"]) == 0
    assert f"mods {mod_id}" in capsys.readouterr().out


def test_the_generated_mechanic_runs_its_system_after_production(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    installed_skeleton(tmp_path, monkeypatch, "made-shrines", "mechanic")
    assert load_app("base", ["made-shrines"]).schedule.order("resource") == ["resource", "made-shrines.offerings"]


def test_a_generated_ruleset_validates_and_plays_to_its_end(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                            capsys) -> None:
    installed_skeleton(tmp_path, monkeypatch, "made-game", "ruleset")
    checked, errors = validate_paths([])
    assert errors == [] and any(c.endswith("foc_made_game/maps") or "long_field" in c for c in checked)
    assert foc(["simulate", "--ruleset", "made-game", "--players", "normal,random", "--games", "4"]) == 0
    out = capsys.readouterr().out
    assert "4 games, 4 finished" in out and "wins per kind: normal: 4/4 seats" in out
    assert foc(["simulate", "--ruleset", "made-game", "--map", "long_field", "--players", "ai,ai,ai"]) == 0
    assert "1 finished" in capsys.readouterr().out


def test_a_name_that_is_not_a_mod_id_is_one_line_and_writes_nothing(tmp_path: Path, capsys) -> None:
    assert foc(["new-mod", "River Folk", "--out", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "'River Folk' is not a mod id" in err
    assert list(tmp_path.iterdir()) == []


def test_an_existing_folder_is_never_overwritten(tmp_path: Path, capsys) -> None:
    (tmp_path / "foc-river").mkdir()
    (tmp_path / "foc-river" / "mine.txt").write_text("keep")
    assert foc(["new-mod", "river", "--kind", "ruleset", "--out", str(tmp_path)]) == 2
    assert "already exists" in capsys.readouterr().err
    assert [p.name for p in tmp_path.iterdir()] == ["foc-river"]
    assert [p.name for p in (tmp_path / "foc-river").iterdir()] == ["mine.txt"]
