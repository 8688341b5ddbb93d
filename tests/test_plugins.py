"""Plugins: register(app), systems inserted into the named schedule, and where plugin code may come from."""

from __future__ import annotations

import importlib.metadata
import sys
from pathlib import Path

import pytest

from game.app import ModApp
from game.content import app_for, load_app, load_mods, load_ruleset, plugin_module
from game.content import discover as mods_module
from game.errors import DataError
from game.schedule import ScheduleError
from game.setup import PlayerSpec, create_game
from systems.world import MAIN, UPKEEP
from tests.builders import tiny_map


def noop(world) -> None:
    del world


def app() -> ModApp:
    return ModApp(_fresh(), "test", Path("."))


def _fresh():
    """A fresh App of the base game (its own schedule, nothing shared with other games)."""
    return load_app()


def test_a_system_goes_where_its_anchors_say():
    mod = app()
    mod.add_system(MAIN, "test.after_combat", noop, after="combat", before="victory")
    mod.add_system(MAIN, "test.first", noop, before="combat")
    mod.add_system(MAIN, "test.last", noop, after=["victory", "test.after_combat"])
    assert mod.schedule.order(MAIN) == ["test.first", "combat", "test.after_combat", "victory", "test.last"]


def test_an_unknown_anchor_or_stage_is_rejected():
    mod = app()
    with pytest.raises(ScheduleError, match="stage 'main' has no system 'battles'"):
        mod.add_system(MAIN, "test.x", noop, after="battles")
    with pytest.raises(ScheduleError, match="unknown stage 'night'"):
        mod.add_system("night", "test.x", noop)
    with pytest.raises(ScheduleError, match="already has a system named 'combat'"):
        mod.add_system(MAIN, "combat", noop)
    assert mod.schedule.order(MAIN) == ["combat", "victory"]


def test_an_ordering_cycle_is_rejected_and_leaves_the_schedule_as_it_was():
    mod = app()
    mod.add_system(MAIN, "test.a", noop, after="victory")
    with pytest.raises(ScheduleError, match="ordering cycle"):
        mod.add_system(MAIN, "test.b", noop, after="test.a", before="combat")
    assert mod.schedule.order(MAIN) == ["combat", "victory", "test.a"]


def test_the_shipped_plugins_insert_their_systems_after_upkeep_in_load_order():
    rules, schedule = load_mods(["medic", "ships"])
    assert schedule.order(UPKEEP) == ["upkeep", "medic.heal", "ships.ready"]
    assert schedule.order(MAIN) == ["combat", "victory"]
    assert [m.id for m in rules.mods] == ["base", "medic", "ships"]


def test_registration_is_idempotent_and_each_plugin_is_imported_once():
    load_mods(["medic", "ships"])
    module = plugin_module("ships")
    _, schedule = load_mods(["ships", "medic"])
    assert plugin_module("ships") is module
    assert schedule.order(UPKEEP) == ["upkeep", "ships.ready", "medic.heal"]  # no dependency: request order


def test_create_game_builds_the_world_and_schedule_with_the_mods():
    game = create_game(tiny_map(["ppppp"]), [PlayerSpec("A"), PlayerSpec("B")], 7, mods=["cavalry", "medic"])
    assert [m.id for m in game.world.rules.mods] == ["base", "cavalry", "medic"]
    assert "medic.heal" in game.schedule.order(UPKEEP)
    assert app_for(game.world.rules).schedule.order(UPKEEP) == ["upkeep", "medic.heal"]


def test_the_base_game_alone_has_the_default_schedule():
    game = create_game(tiny_map(["ppppp"]), [PlayerSpec("A"), PlayerSpec("B")], 7)
    assert game.schedule.order(UPKEEP) == ["upkeep"]


# --- a plugin of a bundled mod (a temporary folder standing in for the game's mods/) -------------------

PLUGIN = '''
from pydantic import BaseModel, Field

from components.abilities import AbilityParams
from systems.world import MAIN

CALLS = []


class Bless(AbilityParams):
    """A test ability kind."""

    power: int = Field(ge=1)


class Weather(BaseModel):
    model_config = {"extra": "forbid"}
    rain: int = Field(ge=0)


def pray(world):
    CALLS.append(world.clock.round)


def register(app):
    app.add_ability_kind("bless_{mod}", Bless)
    app.add_rules_section("weather", Weather)
    app.add_system(MAIN, "{mod}.pray", pray, {anchor})
'''

MONK = '''[units.monk]
name = "Monk"
description = "Prays."
cost = {{ food = 5 }}
combat = {{ attack = 1, defense = 1 }}
stationed = {{ attack = 1, defense = 1 }}
movement = {{ mp = 2, class = "foot" }}
abilities = [{{ kind = "bless_{mod}", power = {power} }}]

[extra.weather]
rain = {rain}
'''


def bundled_mod(
    root: Path, mod_id: str, anchor: str = 'after="combat", before="victory"', power: int = 2, rain: int = 1
) -> Path:
    folder = root / mod_id
    folder.mkdir(parents=True)
    (folder / "mod.toml").write_text(
        f'id = "{mod_id}"\nname = "Monks"\nversion = "1.0.0"\nfiles = ["units.toml"]\nplugin = "plugin.py"\n'
    )
    (folder / "units.toml").write_text(MONK.format(mod=mod_id, power=power, rain=rain))
    (folder / "plugin.py").write_text(PLUGIN.replace("{mod}", mod_id).replace("{anchor}", anchor))
    return folder


@pytest.fixture
def bundled(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    root = tmp_path / "bundled_mods"
    root.mkdir()
    monkeypatch.setattr(mods_module, "BUNDLED_MODS", root)
    return root


def test_a_bundled_plugin_adds_an_ability_kind_a_rules_section_and_a_system(bundled: Path):
    from game.content.manifest import BUNDLED_MODS

    bundled_mod(bundled, "monks_ok")
    rules, schedule = load_mods(["monks_ok"], search=[BUNDLED_MODS, bundled])
    assert rules.units["monk"].ability("bless_monks_ok").power == 2  # type: ignore[union-attr]
    assert rules.extra["weather"] == {"rain": 1}
    assert schedule.order(MAIN) == ["combat", "monks_ok.pray", "victory"]
    assert plugin_module("monks_ok", search=[BUNDLED_MODS, bundled]).__name__.startswith("foc_mod_monks_ok_")
    assert sys.modules[plugin_module("monks_ok", search=[BUNDLED_MODS, bundled]).__name__]


def test_plugin_problems_are_load_errors_naming_the_mod(bundled: Path):
    from game.content.manifest import BUNDLED_MODS

    bundled_mod(bundled, "monks_lost", anchor='after="prayers"')
    with pytest.raises(DataError) as caught:
        load_ruleset(["monks_lost"], search=[BUNDLED_MODS, bundled])
    assert caught.value.errors == [
        f"{bundled / 'monks_lost' / 'mod.toml'}: plugin: stage 'main' has no system 'prayers' to order 'monks_lost.pray' against"
    ]
    bundled_mod(bundled, "monks_bad_data", power=0, rain=-1)
    with pytest.raises(DataError) as caught:
        load_ruleset(["monks_bad_data"], search=[BUNDLED_MODS, bundled])
    text = "\n".join(caught.value.errors)
    assert "units.toml: units.monk.abilities.0.power: Input should be greater than or equal to 1" in text
    assert "units.toml: extra.weather.rain: Input should be greater than or equal to 0" in text
    broken = bundled_mod(bundled, "monks_broken")
    (broken / "plugin.py").write_text("raise RuntimeError('no incense')\n")
    with pytest.raises(DataError) as caught:
        load_ruleset(["monks_broken"], search=[BUNDLED_MODS, bundled])
    assert "plugin: failed to import: RuntimeError: no incense" in caught.value.errors[0]


# --- a plugin from an installed package (entry point group forces_of_conquest.mods) --------------------


def test_an_installed_package_brings_its_plugin_through_an_entry_point(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    package = tmp_path / "site" / "foc_pilgrims"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text(PLUGIN.replace("{mod}", "pilgrims").replace("{anchor}", 'before="victory"'))
    (package / "mod.toml").write_text('id = "pilgrims"\nname = "Pilgrims"\nversion = "1.2.0"\nfiles = ["units.toml"]\n')
    (package / "units.toml").write_text(MONK.format(mod="pilgrims", power=3, rain=0))
    monkeypatch.syspath_prepend(str(tmp_path / "site"))
    entry = importlib.metadata.EntryPoint("pilgrims", "foc_pilgrims", "forces_of_conquest.mods")
    real = importlib.metadata.entry_points

    def fake(**params):
        if params.get("group") == "forces_of_conquest.mods":
            return [entry]
        return real(**params)

    monkeypatch.setattr(importlib.metadata, "entry_points", fake)
    assert mods_module.discover_mods()["pilgrims"][0].origin == mods_module.PACKAGE
    rules, schedule = load_mods(["pilgrims"])
    assert rules.units["monk"].ability("bless_pilgrims").power == 3  # type: ignore[union-attr]
    assert schedule.order(MAIN) == ["combat", "pilgrims.pray", "victory"]
    assert mods_module.check_mods_available({"pilgrims": "1.2.0"}) == []


def test_new_game_with_modded_rules_gets_the_plugins_systems_too():
    from game.setup import new_game

    rules = load_ruleset(["ships"])
    game = new_game(rules, tiny_map(["ppppp"]), [PlayerSpec("A"), PlayerSpec("B")], 2)
    assert game.schedule.order(UPKEEP) == ["upkeep", "ships.ready"]


def test_the_plugin_example_in_the_modding_guide_works(bundled: Path):
    import re

    from components.commands import ChooseBase, EndTurn
    from game.content.manifest import BUNDLED_MODS

    guide = (Path(__file__).resolve().parents[1] / "docs" / "modding.md").read_text()
    files = dict(re.findall(r"`mods/tithes/([\w.]+)`:\n\n```\w+\n(.*?)```", guide, flags=re.S))
    assert set(files) == {"mod.toml", "structures.toml", "plugin.py"}
    folder = bundled / "tithes"
    folder.mkdir()
    for name, text in files.items():
        (folder / name).write_text(text)
    rules, schedule = load_mods(["tithes"], search=[BUNDLED_MODS, bundled])
    assert schedule.order("resource") == ["resource", "tithes.collect"]
    game = create_game(tiny_map(["ppppp"]), [PlayerSpec("A"), PlayerSpec("B")], 3, mods=["tithes"],
                       search=[BUNDLED_MODS, bundled])
    assert game.submit(ChooseBase(0)).ok and game.submit(ChooseBase(4)).ok
    from tests.builders import spawn_structure

    spawn_structure(game, 2, "temple", 4)
    result = game.submit(EndTurn())
    assert [(e.seat, e.food) for e in result.events if type(e).__name__ == "TithePaid"] == [(2, 2)]
    del rules


def test_the_base_games_legal_commands_are_the_acting_seats_only_and_none_once_over():
    """The base plugin's enumeration (agents, the random player): asked for the seat to move it lists that
    seat's commands (R1.3's base choice here); for the other seat, or once the game is over, nothing."""
    from components.commands import ChooseBase

    game = create_game(tiny_map(["ppppp", "ppppp"], 2), [PlayerSpec("P1"), PlayerSpec("P2")], 1)
    enumerate_commands = game.app.legal_commands
    assert enumerate_commands is not None
    mine = enumerate_commands(game, seat=1)
    assert mine and all(isinstance(c, ChooseBase) for c in mine)
    assert enumerate_commands(game, seat=None) == mine
    assert enumerate_commands(game, seat=2) == []
    game.world.clock.winner = 1
    assert game.over and enumerate_commands(game, seat=1) == []


def test_the_base_games_army_units_chart_counts_armies_and_garrisons_of_its_seat_only():
    from tests.builders import spawn_army, spawn_structure

    game = create_game(tiny_map(["ppppp", "ppppp"], 2), [PlayerSpec("P1"), PlayerSpec("P2")], 1)
    spawn_army(game, 1, 1, ["soldier", "soldier"])
    spawn_structure(game, 1, "wooden_tower", 2, garrison=["defender"])
    spawn_structure(game, 2, "wooden_tower", 3, garrison=["defender", "defender"])
    spawn_army(game, 2, 8, ["soldier"])
    base = plugin_module("base")
    assert base.army_units(game.world, 1) == 3  # 2 in the army + 1 stationed
    assert base.army_units(game.world, 2) == 3  # 1 + 2


def test_the_base_game_is_played_on_the_standard_map_screen():
    assert load_app("base").presentation.map_screen is True
