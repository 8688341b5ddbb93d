"""Mod and ruleset ids may hold hyphens ('risky-space', 'castle-works'); code derives a Python-safe name."""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest
from pydantic import ValidationError

from game.content import discover as mods_module
from game.content import load_app, load_mods, plugin_module
from game.content.manifest import BUNDLED_MODS, ModManifest
from game.content.plugins import module_name, safe_name

BASE = {"name": "X", "version": "1.0.0"}


@pytest.mark.parametrize("mod_id", ["base", "risky-space", "castle-works", "ranger-skills", "a_b-c2", "ships"])
def test_ids_with_inner_hyphens_are_accepted(mod_id: str):
    assert ModManifest.model_validate({"id": mod_id, **BASE}).id == mod_id


@pytest.mark.parametrize("mod_id", ["-a", "a-", "a--b", "Risky-Space", "risky space", "1st", "a.b", ""])
def test_ids_that_are_not_lower_case_words_joined_by_single_hyphens_are_refused(mod_id: str):
    with pytest.raises(ValidationError):
        ModManifest.model_validate({"id": mod_id, **BASE})


def test_the_plugin_module_name_is_an_identifier_derived_from_the_id():
    assert safe_name("castle-works") == "castle_works"
    name = module_name("castle-works", Path("/x/plugin.py"))
    assert name.isidentifier() and name.startswith("foc_mod_castle_works_")
    assert name != module_name("castle_works", Path("/y/plugin.py"))  # the file's hash keeps them apart


def test_a_hyphenated_mod_with_a_plugin_package_loads_and_imports_its_siblings(tmp_path: Path, monkeypatch):
    root = tmp_path / "bundled"
    folder = root / "gate-house"
    (folder / "plugin").mkdir(parents=True)
    monkeypatch.setattr(mods_module, "BUNDLED_MODS", root)
    (folder / "mod.toml").write_text('id = "gate-house"\nname = "Gate house"\nversion = "1.0.0"\nplugin = "plugin"\n')
    (folder / "plugin" / "__init__.py").write_text(
        "from .walls import HEIGHT\n\n\ndef register(app):\n    assert HEIGHT == 3\n"
    )
    (folder / "plugin" / "walls.py").write_text("HEIGHT = 3\n")
    load_mods(["gate-house"], search=[BUNDLED_MODS, root])
    package = plugin_module("gate-house", search=[BUNDLED_MODS, root])
    assert package is not None and package.__name__.isidentifier()
    assert importlib.import_module(f"{package.__name__}.walls").HEIGHT == 3


def test_risky_space_is_played_by_its_hyphenated_id():
    app = load_app("risky-space")
    assert app.plugin("risky-space") is not None


def test_foc_simulate_and_validate_take_the_hyphenated_ruleset(capsys):
    from game.cli import main

    assert main(["simulate", "--ruleset", "risky-space", "--players", "ai,ai", "--rounds", "400"]) == 0
    assert "ruleset risky-space" in capsys.readouterr().out
    assert main(["validate", str(BUNDLED_MODS / "risky-space")]) == 0
