"""Mods' own sound effects: each enhancement mod's events name a file of its `sounds/` folder, a name that is
neither a base effect nor a file of the mod is refused at load naming the mod, and the files are small and
made deterministically (assets/make_mod_sounds.py)."""

from __future__ import annotations

import shutil
import wave
from pathlib import Path

import pytest

from game.content import app_for_mods, load_mods
from game.content.manifest import BUNDLED_MODS
from game.errors import DataError
from game.presentation import Presentation, base_sound_names

OWN = {  # mod -> its events that sound with its own effect
    "accessories": {"AccessoryEquipped": "equip", "VolleyLoosed": "volley", "WallClimbed": "climb"},
    "castle-works": {"GateToggled": "gate", "MoatDug": "moat_dig"},
    "siege": {"WallClimbed": "siege_roll"},
    "fire": {"StructureIgnited": "ignite", "FireBurned": "crackle", "FireFought": "put_out"},
    "ranger-skills": {"AmbushSprung": "ambush"},
    "rare-units": {"UnitBuilt.marshal": "arrival", "UnitBuilt.huntmaster": "arrival"},  # mod.toml [sounds], data only
}


@pytest.mark.parametrize("mod", sorted(OWN))
def test_each_mods_events_sound_with_its_own_existing_files(mod: str) -> None:
    shown = app_for_mods(["base", mod]).presentation
    for event, name in OWN[mod].items():
        key = shown.sounds[event]
        assert key == f"{mod}/{name}"
        path = shown.sound_files[key]
        assert path == BUNDLED_MODS / mod / "sounds" / f"{name}.wav" and path.is_file()
        with wave.open(str(path)) as wav:  # a real, short, mono effect
            assert wav.getnchannels() == 1 and 0.05 < wav.getnframes() / wav.getframerate() < 1.3
        assert path.stat().st_size < 60_000


def test_every_named_effect_of_all_mods_together_is_a_base_one_or_a_mod_file() -> None:
    shown = app_for_mods(["base", *OWN]).presentation
    base = base_sound_names()
    assert {"battle", "build", "move"} <= base
    for event, key in shown.sounds.items():
        assert key in base or shown.sound_files[key].is_file(), event
    assert shown.sounds["WallClimbed"] == "siege/siege_roll"  # the engine event: the last mod to show it wins


def test_a_mistyped_sound_name_is_refused_at_load_naming_the_mod_and_the_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from game.content import discover

    root = tmp_path / "bundled"
    folder = root / "fire-typo"
    shutil.copytree(BUNDLED_MODS / "fire", folder)
    plugin = folder / "plugin.py"
    plugin.write_text(plugin.read_text().replace('sound="crackle"', 'sound="crakle"'))
    manifest = folder / "mod.toml"
    manifest.write_text(manifest.read_text().replace('id = "fire"', 'id = "fire-typo"'))
    monkeypatch.setattr(discover, "BUNDLED_MODS", root)
    with pytest.raises(DataError) as caught:
        load_mods(["fire-typo"], search=[BUNDLED_MODS, root])
    message = str(caught.value)
    assert "fire-typo" in message and "'crakle'" in message and "FireBurned" in message
    assert "sounds/crakle.wav" in message and "Traceback" not in message


def test_resolving_names_nothing_half_applied_when_one_name_is_wrong(tmp_path: Path) -> None:
    (tmp_path / "sounds").mkdir()
    (tmp_path / "sounds" / "horn.wav").write_bytes(b"RIFF")
    shown = Presentation()
    shown.on_event("Horned", sound="horn")
    shown.on_event("Typoed", sound="hron")
    shown.on_event("Built", sound="build")
    problems = shown.resolve_sounds("demo", tmp_path, {}, {"build"})
    assert len(problems) == 1 and "mod 'demo'" in problems[0] and "'hron'" in problems[0]
    assert shown.sounds["Horned"] == "horn" and shown.sound_files == {}  # nothing applied
    shown.sounds["Typoed"] = "horn"
    assert shown.resolve_sounds("demo", tmp_path, {}, {"build"}) == []
    assert shown.sounds == {"Horned": "demo/horn", "Typoed": "demo/horn", "Built": "build"}
    assert shown.sound_files == {"demo/horn": tmp_path / "sounds" / "horn.wav"}


def test_the_mods_sounds_are_made_deterministically(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import importlib.util

    spec = importlib.util.spec_from_file_location(
        "make_mod_sounds", Path(__file__).resolve().parents[1] / "assets" / "make_mod_sounds.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert set(module.SOUNDS) == set(OWN)
    for mod, makers in module.SOUNDS.items():
        assert set(makers) == set(OWN[mod].values())
    monkeypatch.setattr(module, "MODS", tmp_path)
    module.main()
    for mod, names in OWN.items():
        for name in names.values():
            made = (tmp_path / mod / "sounds" / f"{name}.wav").read_bytes()
            assert made == (BUNDLED_MODS / mod / "sounds" / f"{name}.wav").read_bytes()


def test_a_data_only_mod_names_sounds_in_its_manifest_and_a_unknown_event_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from game.content import discover

    root = tmp_path / "bundled"
    folder = root / "rare-typo"
    shutil.copytree(BUNDLED_MODS / "rare-units", folder)
    manifest = folder / "mod.toml"
    text = manifest.read_text().replace('id = "rare-units"', 'id = "rare-typo"')
    manifest.write_text(text.replace('"UnitBuilt.marshal" = "arrival"', '"UnitBilt.marshal" = "arrival"')
                        .replace('"UnitBuilt.huntmaster" = "arrival"', '"UnitBuilt.huntmaster" = "arival"'))
    monkeypatch.setattr(discover, "BUNDLED_MODS", root)
    with pytest.raises(DataError) as caught:
        load_mods(["rare-typo"], search=[BUNDLED_MODS, root])
    message = str(caught.value)
    assert "rare-typo/mod.toml: sounds.UnitBilt.marshal: the game has no event 'UnitBilt'" in message
    assert "mod 'rare-typo'" in message and "'arival'" in message and "sounds/arival.wav" in message


def test_a_typed_key_sounds_only_for_that_unit_type() -> None:
    from game.ui.sound import sound_for_events
    from systems import events as ev

    sounds = app_for_mods(["base", "rare-units"]).presentation.sounds
    assert sound_for_events([ev.UnitBuilt(1, 5, "marshal", 6, 7)], sounds) == "rare-units/arrival"
    assert sound_for_events([ev.UnitBuilt(1, 5, "soldier", 6, 7)], sounds) == "build"  # the base effect
