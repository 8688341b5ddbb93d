"""Mods: the manifest and its errors, discovery, validation, code permission, and a new unit by data alone."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from components.commands import Attack, BuildUnit, ChooseBase
from game.cli import main as foc
from game.content import discover as mods_module
from game.content import load_ruleset
from game.content.discover import check_mods_available, discover_mods
from game.content.manifest import BUNDLED_MODS
from game.errors import DataError
from game.queries import build_options
from game.schema import write_schemas
from game.setup import PlayerSpec, create_game
from game.validate import validate_paths
from systems import queries as q
from systems.events import BattleRoundFought
from tests.builders import army, at, spawn_army, tiny_map

SHIPPED = ["cavalry", "medic", "ships", "fire", "ranger-skills", "rare-units"]


def write_mod(root: Path, folder: str, manifest: str, files: dict[str, str] | None = None) -> Path:
    path = root / folder
    path.mkdir(parents=True)
    (path / "mod.toml").write_text(manifest)
    for name, text in (files or {}).items():
        (path / name).write_text(text)
    return path


def manifest(mod_id: str, version: str = "1.0.0", depends: str = "", files: str = "[]", extra: str = "") -> str:
    return (f'id = "{mod_id}"\nname = "{mod_id.title()}"\nversion = "{version}"\n'
            f"depends = {{ {depends} }}\nfiles = {files}\n{extra}")


def errors_of(mods: list, search: list[Path]) -> list[str]:
    with pytest.raises(DataError) as caught:
        load_ruleset(mods, search=search)
    return caught.value.errors


@pytest.fixture
def search(tmp_path: Path) -> list[Path]:
    """The bundled mods plus a temporary folder standing in for the user's mod folder."""
    user = tmp_path / "user_mods"
    user.mkdir()
    return [BUNDLED_MODS, user]


# --- the shipped mods -----------------------------------------------------------------------------------


@pytest.mark.parametrize("mod_id", SHIPPED)
def test_foc_validate_passes_on_every_shipped_mod(mod_id: str, capsys: pytest.CaptureFixture[str]):
    assert foc(["validate", f"mods/{mod_id}"]) == 0
    assert "0 error(s)" in capsys.readouterr().out


def test_the_shipped_mods_load_together_with_display_names_and_descriptions():
    rules = load_ruleset(SHIPPED)
    assert [m.id for m in rules.mods] == ["base", *SHIPPED]
    for unit_id in ("cavalry", "medic"):
        assert rules.units[unit_id].name and rules.units[unit_id].description
    for sid in ("dock", "small_transport", "large_transport", "battleship"):
        assert rules.structures[sid].name and rules.structures[sid].description


def test_validate_everything_covers_the_shipped_mods():
    checked, errors = validate_paths([])
    assert errors == []
    assert {f"mod mods/{m}" for m in SHIPPED} <= set(checked)


def test_every_art_asset_a_shipped_mod_needs_exists():
    import tomllib

    art = tomllib.loads((BUNDLED_MODS.parent / "assets" / "manifest.toml").read_text())
    rules = load_ruleset(SHIPPED)
    assert set(rules.units) <= set(art["units"])
    assert set(rules.structures) <= set(art["structures"])


# --- a new unit type by data alone ----------------------------------------------------------------------

PIKEMAN = """
[units.pikeman]
name = "Pikeman"
description = "A long spear: 3 attack, 3 defense, slow."
cost = { food = 15 }
upkeep = { food = 1 }
combat = { attack = 3, defense = 3 }
stationed = { attack = 3, defense = 3 }
movement = { mp = 3, class = "foot" }
"""


def test_a_data_only_pikeman_mod_validates_is_buildable_and_fights_with_its_numbers(tmp_path: Path):
    folder = write_mod(tmp_path, "pikeman", manifest("pikeman", depends='base = ">=1.0"', files='["units.toml"]'),
                       {"units.toml": PIKEMAN})
    checked, errors = validate_paths([str(folder)])
    assert errors == [] and len(checked) == 1
    game = create_game(tiny_map(["ppppp"]), [PlayerSpec("A"), PlayerSpec("B")], 5, mods=[folder])
    assert game.submit(ChooseBase(0)).ok and game.submit(ChooseBase(4)).ok
    q.stockpile(game.world, 1)["food"] = 100
    pikeman = game.world.rules.units["pikeman"]
    assert (pikeman.combat.attack, pikeman.combat.defense, pikeman.movement.mp) == (3, 3, 3)
    assert any(o.label == "Pikeman" and o.available for o in build_options(game))
    assert game.submit(BuildUnit("pikeman")).ok
    pikes = spawn_army(game, 1, at(game, 1, 0), ["pikeman"])
    assert army(game, pikes).mp == 3
    foes = spawn_army(game, 2, at(game, 2, 0), ["defender"])
    result = game.submit(Attack(pikes, at(game, 2, 0)))
    assert result.ok
    strikes = next(e for e in result.events if isinstance(e, BattleRoundFought)).strikes
    (pike_unit,) = army(game, pikes).units
    assert [s.damage for s in strikes if s.striker == pike_unit] == [3]  # the defender (3) falls to one blow
    assert q.unit(pike_unit).damage == 1
    del foes


# --- manifest and load-order errors, each naming the mods involved --------------------------------------


def test_a_missing_dependency_names_both_mods(search: list[Path]):
    write_mod(search[1], "needy", manifest("needy", depends='ghost = ">=1.0"'))
    assert errors_of(["needy"], search) == ["mods: mod 'needy' depends on mod 'ghost', which is not installed"]


def test_a_mod_that_is_not_installed_is_named(search: list[Path]):
    assert errors_of(["nowhere"], search) == ["mods: requested mod 'nowhere', which is not installed"]


def test_a_version_conflict_names_the_mods_and_versions(search: list[Path]):
    write_mod(search[1], "future", manifest("future", depends='base = ">=2.0"'))
    (error,) = errors_of(["future"], search)
    assert "mod.toml: depends.base:" in error
    assert "mod 'future' needs 'base' >=2.0, but version 1.0.0 is installed" in error


def test_an_invalid_version_range_is_reported(search: list[Path]):
    write_mod(search[1], "fuzzy", manifest("fuzzy", depends='base = "about one"'))
    (error,) = errors_of(["fuzzy"], search)
    assert "depends.base: invalid version range 'about one'" in error


def test_a_dependency_cycle_is_reported_with_its_chain(search: list[Path]):
    write_mod(search[1], "chicken", manifest("chicken", depends='egg = ">=1"'))
    write_mod(search[1], "egg", manifest("egg", depends='chicken = ">=1"'))
    assert errors_of(["chicken"], search) == ["mods: dependency cycle: chicken -> egg -> chicken"]


def test_redefining_an_item_without_an_override_names_both_mods(search: list[Path]):
    units = '[units.soldier]\ncombat = { attack = 3, defense = 2 }\n'
    write_mod(search[1], "brawlers", manifest("brawlers", files='["units.toml"]'), {"units.toml": units})
    (error,) = errors_of(["brawlers"], search)
    assert "units.toml: units.soldier: already defined by mod 'base'" in error and '"units.soldier"' in error
    write_mod(search[1], "brawlers2", manifest("brawlers2", files='["units.toml"]', extra='overrides = ["units.soldier"]'),
              {"units.toml": units})
    rules = load_ruleset(["brawlers2"], search=search)
    assert rules.units["soldier"].combat.attack == 3 and rules.units["soldier"].movement.mp == 4


def test_two_mod_folders_with_the_same_id_are_an_error_naming_both(search: list[Path], tmp_path: Path):
    write_mod(search[1], "cavalry_copy", manifest("cavalry"))
    (error,) = errors_of(["cavalry"], search)
    assert "mod id 'cavalry' is defined twice" in error
    assert "mods/cavalry/mod.toml" in error and "cavalry_copy/mod.toml" in error


def test_a_malformed_manifest_reports_every_field_with_its_file(search: list[Path]):
    write_mod(search[1], "broken", 'id = "Broken Mod"\nversion = "one"\ncolour = "red"\n')
    errors = errors_of([search[1] / "broken"], search)
    text = "\n".join(errors)
    for key in ("id:", "name:", "version:", "colour:"):
        assert f"broken/mod.toml: {key}" in text


def test_data_errors_in_a_mod_name_the_file_and_key(search: list[Path]):
    units = ('[units.golem]\nname = "Golem"\ncost = { gold = 5 }\ncombat = { attack = 1, defense = 0 }\n'
             'stationed = { attack = 1, defense = 1 }\nmovement = { mp = 1, class = "stone" }\n'
             'abilities = [{ kind = "flying" }]\n')
    structures = ('[structures.hut]\nname = "Hut"\ncost = {}\nrepair = {}\ndefense = 1\nprotection = 0\n'
                  'garrison = 0\nplacement = "cloud"\n[extra.weather]\nrain = 1\n')
    write_mod(search[1], "golems", manifest("golems", files='["units.toml", "structures.toml"]'),
              {"units.toml": units, "structures.toml": structures})
    text = "\n".join(errors_of(["golems"], search))
    assert "units.toml: units.golem.cost.gold: unknown resource 'gold'" in text
    assert "units.toml: units.golem.movement.class: unknown movement class 'stone'" in text
    assert "units.toml: units.golem.abilities.0.kind: unknown ability kind 'flying'" in text
    assert "units.toml: units.golem.combat.defense:" in text
    assert "structures.toml: structures.hut.placement: unknown placement 'cloud'" in text
    assert "structures.toml: extra.weather: no active plugin defines the rules section 'weather'" in text


def test_mods_are_found_by_the_id_in_their_manifest(search: list[Path]):
    write_mod(search[1], "folder_name_differs", manifest("lancers"))
    found = discover_mods(search)
    assert found["lancers"][0].folder.name == "folder_name_differs"
    assert [m.id for m in load_ruleset(["lancers"], search=search).mods] == ["base", "lancers"]


def test_the_user_mod_folder_comes_from_platformdirs():
    assert mods_module.user_mod_dir().name == "mods"
    assert mods_module.mod_search_paths()[0] == BUNDLED_MODS


# --- a mod from the user's folder never runs code -------------------------------------------------------

SNEAKY = """
import pathlib
pathlib.Path(__file__).with_name("RAN").write_text("plugin code ran")
def register(app):
    pathlib.Path(__file__).with_name("REGISTERED").write_text("register ran")
"""


def test_a_user_folder_mod_with_a_plugin_is_refused_and_its_code_never_runs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    user = tmp_path / "user_mods"
    monkeypatch.setattr(mods_module, "user_mod_dir", lambda: user)
    folder = write_mod(user, "sneaky", manifest("sneaky", extra='plugin = "plugin.py"'), {"plugin.py": SNEAKY})
    modules_before = set(sys.modules)
    with pytest.raises(DataError) as caught:
        load_ruleset(["sneaky"])
    text = "\n".join(caught.value.errors)
    assert "sneaky/mod.toml: plugin: refused to load plugin 'plugin.py' of mod 'sneaky'" in text
    assert "holds Python files (plugin.py)" in text
    assert not (folder / "RAN").exists() and not (folder / "REGISTERED").exists()
    assert not any("sneaky" in name for name in set(sys.modules) - modules_before)
    with pytest.raises(DataError):
        create_game(tiny_map(["ppppp"]), [PlayerSpec("A"), PlayerSpec("B")], 1, mods=["sneaky"])
    assert not (folder / "RAN").exists()


def test_a_user_data_mod_carrying_python_files_is_refused_without_running_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    user = tmp_path / "user_mods"
    monkeypatch.setattr(mods_module, "user_mod_dir", lambda: user)
    folder = write_mod(user, "stowaway", manifest("stowaway"), {"helper.py": SNEAKY})
    with pytest.raises(DataError) as caught:
        load_ruleset(["stowaway"])
    assert "stowaway/mod.toml: files: mod 'stowaway' holds Python files (helper.py)" in caught.value.errors[0]
    assert not (folder / "RAN").exists()


# --- saves: which mods a game needs ---------------------------------------------------------------------


def test_check_mods_available_names_missing_and_mismatched_mods(search: list[Path]):
    assert check_mods_available({"base": "1.0.0", "cavalry": "1.0.0", "ships": "1.0.0"}, search) == []
    problems = check_mods_available({"base": "1.0.0", "ghost": "2.1.0", "medic": "0.9.0"}, search)
    assert problems == [
        "mod 'ghost' 2.1.0 is not installed",
        "mod 'medic' is installed at version 1.0.0, but 0.9.0 is needed",
    ]
    write_mod(search[1], "medic_copy", manifest("medic"))
    assert "installed twice" in check_mods_available({"medic": "1.0.0"}, search)[0]


# --- foc schema covers the manifest ---------------------------------------------------------------------


def test_foc_schema_covers_the_mod_manifest_and_the_new_rules_fields(tmp_path: Path):
    written = {p.name: json.loads(p.read_text()) for p in write_schemas(tmp_path)}
    manifest_schema = written["mod.schema.json"]
    assert {"id", "name", "version", "description", "depends", "files", "overrides", "plugin"} <= set(
        manifest_schema["properties"])
    rules_schema = json.dumps(written["rules.schema.json"])
    assert '"open_terrain_bonus"' in rules_schema and '"open"' in rules_schema and '"slots"' in rules_schema


# --- a data mod may use what a plugin mod adds, when it depends on it -----------------------------------

SURGEON = """
[units.surgeon]
name = "Field surgeon"
description = "Heals 3 points a turn."
cost = { food = 30 }
combat = { attack = 0, defense = 3 }
stationed = { attack = 0, defense = 3 }
movement = { mp = 3, class = "foot" }
abilities = [{ kind = "heal", amount = 3 }, { kind = "rearguard" }]
"""


def test_a_data_mod_uses_a_plugins_ability_kind_only_by_depending_on_it(search: list[Path]):
    load_ruleset(["medic"])  # the medic plugin is now registered in this process...
    write_mod(search[1], "surgeons", manifest("surgeons", files='["units.toml"]'), {"units.toml": SURGEON})
    (error,) = errors_of(["surgeons"], search)  # ...but the surgeons mod does not load it
    assert "units.toml: units.surgeon.abilities.0.kind: unknown ability kind 'heal'" in error
    assert "needs that mod in this mod's depends" in error
    write_mod(search[1], "surgeons2", manifest("surgeons2", depends='medic = ">=1.0,<2"', files='["units.toml"]'),
              {"units.toml": SURGEON})
    rules = load_ruleset(["surgeons2"], search=search)
    assert [m.id for m in rules.mods] == ["base", "medic", "surgeons2"]
    assert rules.units["surgeon"].ability("heal").amount == 3  # type: ignore[union-attr]


def test_foc_validate_reports_every_error_of_a_mod_with_file_and_key(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    units = '[units.pikeman]\nname = "Pikeman"\ncost = { gold = 1 }\nmovement = { mp = 3, class = "marsh" }\n'
    folder = write_mod(tmp_path, "pikeman", manifest("pikeman", files='["units.toml"]'), {"units.toml": units})
    assert foc(["validate", str(folder)]) == 1
    captured = capsys.readouterr()
    for key in ("units.pikeman.cost.gold", "units.pikeman.movement.class", "units.pikeman.combat",
                "units.pikeman.stationed"):
        assert f"units.toml: {key}" in captured.err
    assert "checked 1 item(s): 4 error(s)" in captured.out


def test_mod_folders_are_read_once_until_a_manifest_in_them_changes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """The server checks a game's mods each time it loads one (a header read back): the mod folders' manifests
    are read once per process, and again only when a mod.toml is added, edited or removed."""
    root = tmp_path / "mods"
    write_mod(root, "alpha", manifest("alpha"))
    reads: list[str] = []
    read = mods_module._manifest_id
    monkeypatch.setattr(mods_module, "_manifest_id",
                        lambda folder, problems=None: reads.append(folder.name) or read(folder, problems))
    first = discover_mods([root])
    assert discover_mods([root]) == first and set(first) == {"alpha"}
    assert reads == ["alpha"]  # the second discovery read nothing
    write_mod(root, "beta", manifest("beta"))
    assert set(discover_mods([root])) == {"alpha", "beta"}
    (root / "alpha" / "mod.toml").write_text(manifest("gamma", version="1.0.10"))
    assert set(discover_mods([root])) == {"gamma", "beta"}
    (root / "beta" / "mod.toml").unlink()
    assert set(discover_mods([root])) == {"gamma"}
    assert reads == ["alpha", "alpha", "beta", "alpha", "beta", "alpha"]
