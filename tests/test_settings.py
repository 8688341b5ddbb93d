"""Settings remembered between runs: defaults, round trip, corrupt files never crash (issue 5)."""

from __future__ import annotations

import json

from game.settings import ENV_DIR, Settings, config_dir, load_settings, save_settings, settings_path


def test_no_file_gives_the_defaults_without_warnings(tmp_path):
    settings, warnings = load_settings(tmp_path)
    assert settings == Settings() and warnings == []
    assert settings.window_width == 1280 and settings.edge_scrolling and not settings.muted


def test_settings_persist_across_a_restart(tmp_path, monkeypatch):
    monkeypatch.setenv(ENV_DIR, str(tmp_path))
    chosen = Settings(window_width=1600, window_height=900, fullscreen=True, animation_speed=2.0, volume=0.3,
                      muted=True, edge_scrolling=False)
    assert save_settings(chosen) == tmp_path / "settings.json"
    again, warnings = load_settings()  # a new run reads the same folder
    assert again == chosen and warnings == []
    assert again.effective_volume == 0.0


def test_a_corrupt_file_gives_defaults_and_a_warning(tmp_path):
    settings_path(tmp_path).write_text("{not json", encoding="utf-8")
    settings, warnings = load_settings(tmp_path)
    assert settings == Settings()
    assert len(warnings) == 1 and "corrupt" in warnings[0]


def test_a_bad_value_falls_back_for_that_setting_only(tmp_path):
    settings_path(tmp_path).write_text(json.dumps({"volume": 7, "muted": True, "future_option": 1}), encoding="utf-8")
    settings, warnings = load_settings(tmp_path)
    assert settings.volume == Settings().volume and settings.muted
    assert len(warnings) == 1 and "'volume'" in warnings[0]


def test_a_json_list_is_not_settings(tmp_path):
    settings_path(tmp_path).write_text("[1, 2]", encoding="utf-8")
    settings, warnings = load_settings(tmp_path)
    assert settings == Settings() and warnings


def test_an_unwritable_folder_does_not_crash(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x", encoding="utf-8")
    assert save_settings(Settings(), blocker / "sub") is None


def test_the_default_folder_is_the_platform_config_folder_named_after_the_app(monkeypatch):
    monkeypatch.delenv(ENV_DIR, raising=False)
    assert "forces-of-conquest" in str(config_dir())
