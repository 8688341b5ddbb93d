"""A mod's events sound with the mod's own effects in the client (mods/<id>/sounds/), loaded on first use
and silent when muted like the base ones. Through the real input handlers of the headless window."""

from __future__ import annotations

import esper
import pytest

from game.content import plugin_module
from game.content.manifest import BUNDLED_MODS
from game.ui.app import GameWindow
from game.ui.preferences import sounds_of
from tests.builders import spawn_army, spawn_structure
from tests.ui.conftest import click, frames
from tests.ui.test_mods_client import app, at, mod_game, panel_action, press_button, screen, settle, show

__all__ = ["app"]  # the fixture, shared with the mods' client tests


def _mute(app: GameWindow, muted: bool) -> None:
    """The player's sound preference (the settings screen's mute), as the client applies it."""
    app.settings.muted = muted
    app.settings.volume = 0.5
    sounds_of(app).set_volume(0.5, muted)


def _put_out_a_fire(app: GameWindow, monkeypatch: pytest.MonkeyPatch) -> tuple[list[str], object]:
    """Seat 1 puts out a burning tower from the panel; returns the effects the client asked its player for."""
    game = mod_game(["fire"])
    fire = plugin_module("fire")
    tower = spawn_structure(game, 1, "wooden_tower", at(5, 3), garrison=["soldier"])
    esper.add_component(tower, fire.Burning(1))
    spawn_army(game, 1, at(5, 3), ["soldier", "soldier", "soldier"])
    view = show(app, game)
    heard: list[str] = []
    real_play = view.shell.sounds.play

    def spy(name: str) -> bool:
        heard.append(name)
        return real_play(name)

    monkeypatch.setattr(view.shell.sounds, "play", spy)
    click(app, *screen(view, at(5, 3)))
    frames(app)
    press_button(app, panel_action(view, "Put out tower fire (100%)"))
    settle(app, view)
    game.world.activate()
    assert not fire.is_burning(tower)
    return heard, view.shell.sounds


def test_putting_out_a_fire_plays_the_fire_mods_own_effect(app: GameWindow, monkeypatch: pytest.MonkeyPatch) -> None:
    _mute(app, False)
    heard, board = _put_out_a_fire(app, monkeypatch)
    assert "fire/put_out" in heard  # the mod's effect, not the base "production" it used to borrow
    assert "production" not in heard
    assert board._paths["fire/put_out"] == BUNDLED_MODS / "fire" / "sounds" / "put_out.wav"  # type: ignore[attr-defined]
    assert board._sounds["fire/put_out"] is not None  # type: ignore[attr-defined]  # decoded on first use
    assert not [e for e in board.errors if "fire/" in e]  # type: ignore[attr-defined]


def test_a_muted_client_loads_and_plays_no_mod_effect(app: GameWindow, monkeypatch: pytest.MonkeyPatch) -> None:
    sounds_of(app)._sounds.pop("fire/put_out", None)
    _mute(app, True)
    try:
        heard, board = _put_out_a_fire(app, monkeypatch)
    finally:
        _mute(app, False)
    assert "fire/put_out" in heard
    assert "fire/put_out" not in board._sounds  # type: ignore[attr-defined]  # muted: never even loaded


def test_a_rare_units_arrival_plays_the_data_only_mods_fanfare(app: GameWindow, monkeypatch: pytest.MonkeyPatch) -> None:
    """rare-units has no code: its mod.toml `[sounds]` names "UnitBuilt.marshal" = "arrival"."""
    _mute(app, False)
    game = mod_game(["rare-units"], resources={"food": 300, "metal": 40})
    view = show(app, game)
    heard: list[str] = []
    real_play = view.shell.sounds.play
    monkeypatch.setattr(view.shell.sounds, "play", lambda name: heard.append(name) or real_play(name))
    frames(app)
    press_button(app, next(b for b in view.panel.unit_buttons if b.tag == "marshal"))
    settle(app, view)
    assert "rare-units/arrival" in heard and "build" not in heard
    assert view.shell.sounds._sounds["rare-units/arrival"] is not None  # type: ignore[attr-defined]
