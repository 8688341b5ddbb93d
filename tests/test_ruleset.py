"""Rules as data: the base ruleset loads strictly and broken rules report every error with file and key."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.content import load_ruleset
from game.content.data import build_ruleset
from game.content.manifest import BUNDLED_MODS, ModManifest
from game.errors import DataError


def write_mod(folder: Path, files: dict[str, str], manifest_extra: str = "") -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    names = ", ".join(f'"{n}"' for n in files)
    (folder / "mod.toml").write_text(
        f'id = "{folder.name}"\nname = "Test"\nversion = "1.0.0"\nfiles = [{names}]\n{manifest_extra}'
    )
    for name, text in files.items():
        (folder / name).write_text(text)
    return folder


def test_the_base_ruleset_loads_with_the_numbers_of_the_rules_reference(rules):
    """R1.4, R4.1, R5.1, R6.1, R6.2: spot checks that the data carries RULES.md's numbers."""
    assert rules.setup.start == {"food": 30, "wood": 10, "stone": 10, "metal": 0}
    assert rules.units["soldier"].cost == {"food": 10} and rules.units["defender"].upkeep == {"food": 2}
    assert rules.units["ranger"].movement.mp == 6 and rules.units["ranger"].army.max_per_army == 2
    assert rules.structures["stone_tower"].defense == 60 and rules.structures["stone_tower"].protection == 75
    assert rules.move_cost("soldier", "deep_water") is None and rules.move_cost("ranger", "deep_water") == 2
    assert rules.mod_versions() == {"base": "1.0.0"}


def test_a_broken_ruleset_reports_every_error_with_its_file_and_key(tmp_path):
    mod = write_mod(
        tmp_path / "broken",
        {
            "units.toml": """
[movement_classes.swampy]
swamp = 2
[units.pikeman]
name = "Pikeman"
cost = { food = 12, gold = 3 }
combat = { attack = 3, defense = 0 }
stationed = { attack = 3, defense = 3 }
movement = { mp = 3, class = "marsh" }
colour = "red"
abilities = [{ kind = "flying" }]
""",
        },
    )
    with pytest.raises(DataError) as caught:
        load_ruleset([mod])
    errors = caught.value.errors
    file = str(mod / "units.toml")
    expected = [
        "movement_classes.swampy.swamp: unknown terrain 'swamp'",
        "units.pikeman.cost.gold: unknown resource 'gold'",
        "units.pikeman.movement.class: unknown movement class 'marsh'",
        "units.pikeman.abilities.0.kind: unknown ability kind 'flying'",
        "units.pikeman.combat.defense:",
        "units.pikeman.colour: Extra inputs are not permitted",
    ]
    for fragment in expected:
        assert any(e.startswith(file) and fragment in e for e in errors), (fragment, errors)


def test_an_invalid_toml_file_is_reported_with_its_name_not_a_traceback(tmp_path):
    mod = write_mod(tmp_path / "badtoml", {"rules.toml": "[limits\narmies = 3"})
    with pytest.raises(DataError) as caught:
        load_ruleset([mod])
    assert any("badtoml/rules.toml: invalid TOML" in e for e in caught.value.errors)


def test_a_mod_may_change_any_number_of_the_base_game(tmp_path):
    mod = write_mod(tmp_path / "cheap", {"units.toml": "[units.soldier]\ncost = { food = 5 }\n"},
                    'overrides = ["units.soldier"]')
    rules = load_ruleset([mod])
    assert rules.units["soldier"].cost == {"food": 5}
    assert rules.units["soldier"].combat.attack == 2


def test_redefining_another_mods_id_without_an_override_is_an_error_naming_both_mods(tmp_path):
    mod = write_mod(tmp_path / "clash", {"units.toml": "[units.soldier]\ncost = { food = 5 }\n"})
    with pytest.raises(DataError) as caught:
        load_ruleset([mod])
    assert any("units.soldier: already defined by mod 'base'" in e for e in caught.value.errors)


def test_rules_are_frozen_after_loading(rules):
    from pydantic import ValidationError

    with pytest.raises(ValidationError):
        rules.units["soldier"].cost = {}  # type: ignore[misc]


def test_build_ruleset_takes_mods_in_load_order():
    from game.content import load_app

    manifest = ModManifest(id="base", name="b", version="1.0.0", files=["rules.toml", "terrain.toml",
                                                                         "units.toml", "structures.toml"])
    rules = build_ruleset(load_app(), [(manifest, BUNDLED_MODS / "base")])
    assert set(rules.terrain) == {"plain", "forest", "mountain", "mine", "shallow_water", "deep_water", "barren"}
