"""The dialog screens, headless, through their real input handlers: hand-over, turn summary, victory charts,
help overlay, saves dialog, settings; screenshots go to screenshots/ (git-ignored) for a human to look at."""

from __future__ import annotations

import os
from pathlib import Path
from types import SimpleNamespace

os.environ.setdefault("ARCADE_HEADLESS", "1")

import arcade
import pytest

from components.commands import EndTurn, Move, TakeOver
from game.saves import SAVE_SUFFIX, save_game
from game.settings import Settings, load_settings
from game.setup import PlayerSpec, create_game
from game.snapshot import state_hash
from game.stats import StatsTracker
from game.summary import EventJournal
from game.ui.assets import Assets, hex_color, manifest
from game.ui.effects import EffectLayer, RogueBirth
from game.ui.views.handover import HandoverView
from game.ui.views.help_overlay import HelpOverlay
from game.ui.views.saves_dialog import SavesDialog, list_saves
from game.ui.views.settings_view import SettingsView
from game.ui.views.turn_summary import TurnSummaryView
from game.ui.views.victory import VictoryView, victory_text
from systems import events as ev
from tests.builders import at, spawn_army, tiny_game

SHOTS = Path(__file__).resolve().parents[2] / "screenshots"
LEFT = arcade.MOUSE_BUTTON_LEFT


@pytest.fixture
def win(window) -> arcade.Window:
    """The suite's one window (tests/ui/conftest.py)."""
    return window


def frame(window: arcade.Window, view: arcade.View, shot: str | None = None):
    window.show_view(view)
    view.on_update(1.0)
    view.on_draw()
    image = arcade.get_image().convert("RGB")
    if shot:
        SHOTS.mkdir(exist_ok=True)
        image.save(SHOTS / shot)
    return image


def click(view: arcade.View, x: float, y: float) -> None:
    view.on_mouse_motion(int(x), int(y), 0, 0)
    view.on_mouse_press(int(x), int(y), LEFT, 0)


def rogue_game():
    """Seat 1 starves on a barren base: its soldiers go rogue at 100% in round 2 (R4.4)."""
    game = tiny_game(["bppp", "pppp", "pfpm", "pppp"], {1: (0, 0), 2: (3, 3)}, resources={"food": 0})
    journal = EventJournal(game)
    spawn_army(game, 1, at(game, 1, 0), ["soldier", "soldier", "soldier"])
    spawn_army(game, 1, at(game, 0, 2), ["soldier", "ranger", "ranger"])
    for command in (EndTurn(), EndTurn()):
        journal.record(game, game.submit(command))
    return game, journal


# ---------------------------------------------------------------------------------------------------------


def test_the_handover_screen_draws_no_map_pixels_and_waits_for_a_deliberate_click(win):
    ready = []
    view = HandoverView(2, "Blue", lambda: ready.append(True), round_=3)
    win.show_view(view)
    view.on_mouse_press(640, 360, LEFT, 0)  # the previous player's stray click
    assert ready == []
    terrain = [hex_color(c) for c in manifest()["terrain_colors"].values()]
    for n, color in enumerate(terrain):  # a map left on the screen by the previous player...
        arcade.draw_lbwh_rectangle_filled(n * 180, 0, 180, 720, color)
    image = frame(win, view, "dialog_handover.png")
    win.clear(color=(0, 0, 0))
    assert image.tobytes() == frame(win, view).tobytes()  # ...is painted over completely
    saturated = [t for t in terrain if max(t) - min(t) > 60]  # greys would match anti-aliased text
    pixels = set(image.getdata()) - {tuple(view.color)}  # the seat colour bar is allowed
    assert not [p for p in pixels if any(sum(abs(a - b) for a, b in zip(p, t, strict=True)) < 40 for t in saturated)]
    view.on_key_press(arcade.key.A, 0)
    assert ready == []
    click(view, 100, 100)
    assert ready == [True]


def test_the_turn_summary_lists_the_rogue_army_with_its_probability_and_jumps_there(win):
    game, journal = rogue_game()
    summary = journal.summary_for(game, 1)
    jumps: list[int] = []
    closed: list[bool] = []
    view = TurnSummaryView(summary, on_close=lambda: closed.append(True), on_jump=jumps.append)
    frame(win, view, "dialog_turn_summary.png")
    rogue_index = next(i for i, line in enumerate(summary.lines) if line.kind == "went_rogue")
    assert "chance 100%" in summary.lines[rogue_index].text
    _, left, bottom, width, height = next(r for r in view.row_rects() if r[0] == rogue_index)
    click(view, left + 50, bottom + height / 2)
    assert jumps == [at(game, 1, 0)]
    view2 = TurnSummaryView(summary, on_close=lambda: closed.append(True), on_jump=jumps.append)
    frame(win, view2)
    button = view2.continue_button
    click(view2, button.left + 5, button.bottom + 5)
    assert closed == [True]


def test_the_victory_screen_after_a_flag_capture_has_one_line_per_player_in_every_chart(win):
    game = tiny_game(["pppp", "pppp", "pppp", "pppp"], {1: (0, 0), 2: (3, 3)}, resources={"food": 50})
    journal, stats = EventJournal(game), StatsTracker(game)

    def play(command):
        result = game.submit(command)
        assert result.ok, result
        stats.observe(game, journal.record(game, result))

    raider = spawn_army(game, 1, at(game, 1, 0), ["soldier", "soldier"])
    play(TakeOver(raider))
    play(EndTurn())
    play(EndTurn())
    play(Move(raider, (at(game, 1, 1), at(game, 2, 1), at(game, 3, 1))))
    play(EndTurn())
    play(EndTurn())
    play(Move(raider, (at(game, 3, 2), at(game, 3, 3))))  # seat 2's base, undefended: flag captured (R7.2)
    assert game.over and game.world.clock.winner == 1
    title, how = victory_text(game, journal)
    assert title == "P1 wins!" and "captured P2's flag" in how
    chosen = []
    view = VictoryView(title, how, stats.series(), stats.names, lambda: chosen.append("new"),
                       lambda: chosen.append("menu"), winner=1)
    frame(win, view, "dialog_victory.png")
    assert len(view.chart_lines) == 7
    for lines in view.chart_lines.values():
        assert sorted(lines) == [1, 2]
        assert all(len(points) == 3 for points in lines.values())  # rounds 1-3
    for button, expected in ((view.new_game_button, "new"), (view.menu_button, "menu")):
        click(view, button.left + 10, button.bottom + 10)
        assert chosen[-1] == expected


def test_a_victory_screen_with_few_charts_centres_them(win):
    """A ruleset that declares one statistic (MonsterCrasher's life): its chart and the legend stand in the middle
    of the screen, not crowded to its left with the right half empty."""
    game = create_game(None, [PlayerSpec("Ada"), PlayerSpec("Bo")], 3, ruleset="monstercrasher")
    stats = StatsTracker(game)
    stats.observe(game, EventJournal(game).record_events(game, ()))
    view = VictoryView("A draw!", "", stats.series(), stats.names, lambda: None, lambda: None)
    frame(win, view, "dialog_victory_few.png")
    rects = list(view.chart_rects.values())
    assert len(rects) == 2
    left = min(r[0] for r in rects)
    right = max(r[0] + r[2] for r in rects)
    assert abs(left - (win.width - right)) <= 1


def test_the_help_overlay_opens_over_the_game_and_closes_with_f1_or_a_click_outside(win):
    closed = []
    view = HelpOverlay(lambda: closed.append("f1"))
    frame(win, view, "dialog_help.png")
    view.on_key_press(arcade.key.F1, 0)
    assert closed == ["f1"]
    view = HelpOverlay(lambda: closed.append("outside"))
    frame(win, view)
    click(view, 5, 5)
    assert closed == ["f1", "outside"]


def test_a_save_made_in_the_dialog_loads_in_the_dialog_with_the_same_state_hash(win, tmp_path):
    game, _ = rogue_game()
    expected = state_hash(game.world)
    saver = SavesDialog(tmp_path, on_cancel=lambda: None, mode="save",
                        save_fn=lambda name: save_game(game, tmp_path / f"{name}{SAVE_SUFFIX}"))
    win.show_view(saver)
    for char in "my war":
        saver.on_text(char)
    frame(win, saver)
    click(saver, saver.action_button.left + 5, saver.action_button.bottom + 5)
    assert (tmp_path / f"my_war{SAVE_SUFFIX}").exists() and saver.message_title == "Saved"
    loaded: list[object] = []
    loader = SavesDialog(tmp_path, on_cancel=lambda: None, on_loaded=loaded.append)
    frame(win, loader, "dialog_saves.png")
    (row, left, bottom, width, height) = loader.row_rects()[0]
    click(loader, left + 100, bottom + 10)
    click(loader, loader.action_button.left + 5, loader.action_button.bottom + 5)
    assert len(loaded) == 1 and state_hash(loaded[0].world) == expected  # type: ignore[attr-defined]
    info = list_saves(tmp_path)[0]
    assert info.round == 2 and info.players == ["P1", "P2"] and loader._thumb(info) is not None


def test_an_autosave_is_listed_as_autosave_with_its_round_not_its_file_name(win, tmp_path):
    game, _ = rogue_game()
    save_game(game, tmp_path / f"autosave-board-3-f2361425968d-r0002{SAVE_SUFFIX}")
    save_game(game, tmp_path / f"my war{SAVE_SUFFIX}")
    dialog = SavesDialog(tmp_path, on_cancel=lambda: None, on_loaded=lambda *_: None)
    frame(win, dialog)
    titles = sorted(dialog.texts._texts[f"n:{slot}"].text for slot in range(2))
    assert titles == ["Autosave", "my war"]
    assert all("f2361425968d" not in text.text for text in dialog.texts._texts.values())  # no hash a player reads


def test_a_corrupt_save_shows_its_reason_and_the_current_game_goes_on(win, tmp_path):
    game, _ = rogue_game()
    before = state_hash(game.world)
    (tmp_path / f"broken{SAVE_SUFFIX}").write_bytes(b"\x1f\x8b not really gzip")
    loaded: list[object] = []
    dialog = SavesDialog(tmp_path, on_cancel=lambda: None, on_loaded=loaded.append)
    frame(win, dialog)
    click(dialog, dialog.action_button.left + 5, dialog.action_button.bottom + 5)
    assert loaded == [] and dialog.message is not None and "gzip" in dialog.message
    frame(win, dialog, "dialog_load_error.png")
    click(dialog, dialog.ok_button.left + 5, dialog.ok_button.bottom + 5)
    assert dialog.message is None
    assert state_hash(game.world) == before
    assert game.submit(EndTurn()).ok  # the game being played is untouched and goes on


def test_settings_changed_in_the_view_persist_across_a_restart(win, tmp_path):
    done: list[object] = []
    view = SettingsView(Settings(), on_done=done.append, folder=tmp_path)
    frame(win, view, "dialog_settings.png")
    plus = view.buttons["volume:+"]
    minus = view.buttons["volume:-"]
    click(view, minus.left + 5, minus.bottom + 5)
    click(view, minus.left + 5, minus.bottom + 5)
    click(view, plus.left + 5, plus.bottom + 5)
    mute = view.buttons["muted:+"]
    click(view, mute.left + 5, mute.bottom + 5)
    edge = view.buttons["edge:-"]
    click(view, edge.left + 5, edge.bottom + 5)
    save = view.buttons["save"]
    click(view, save.left + 5, save.bottom + 5)
    assert done and done[0] is not None
    restarted, warnings = load_settings(tmp_path)
    assert warnings == []
    assert restarted.volume == pytest.approx(0.7) and restarted.muted and not restarted.edge_scrolling


def test_effects_follow_the_events_and_finish(win):
    grid = SimpleNamespace(center=lambda t: (100.0 + 50 * t, 300.0), tile=48)
    layer = EffectLayer(grid, Assets())  # a layout is anything with `center` and `tile` here
    layer.add_events([
        ev.ResourcesProduced(1, {"food": 3}, ((0, {"food": 3}),)),
        ev.StructureBuilt(1, 9, "wooden_tower", 2, None),
        ev.ArmyWentRogue(1, 5, 3, 40.0, 12.0),
        ev.UnitsDestroyed(4, (7, 8)),
    ])
    assert any(isinstance(e, RogueBirth) for e in layer.effects) and len(layer.emitters) == 2
    assert len(layer.texts) == 1  # the production number: a sprite of the one list the numbers are drawn with
    # the animator's beats draw on the same layer: a battle flash and a damage number
    layer.flash(2, (255, 90, 60, 255), 0.3, 170)
    layer.number(200.0, 300.0, "-2", (255, 120, 100, 255), 0.5)
    assert layer.active and len(layer.sprites) == 2
    for _ in range(10):
        layer.update(1 / 60)
    layer.draw_live()
    for _ in range(300):
        layer.update(1 / 30)
    assert not layer.busy and not layer.active and len(layer.sprites) == 0 and len(layer.texts) == 0


def test_a_rounds_production_numbers_rise_fade_and_draw_in_one_call(win, monkeypatch):
    """Dozens of production numbers a round are sprites of one list: one draw call however many there are
    (drawn one by one they cost a call each, and the GL driver's memory grew with them); each rises and fades,
    is hidden until it starts, and goes when it ends or when an undo drops the events."""
    from arcade.gl.backends.opengl.vertex_array import OpenGLGeometry

    from game.ui.effects import FloatingText

    grid = SimpleNamespace(center=lambda t: (100.0 + 50 * (t % 20), 300.0 + 50 * (t // 20)), tile=48)
    layer = EffectLayer(grid, Assets())
    made = tuple((t, {"food": 1 + t % 3, "wood": 2}) for t in range(40))
    layer.add_events([ev.ResourcesProduced(1, {"food": 80, "wood": 80}, made)])
    texts = [e for e in layer.effects if isinstance(e, FloatingText)]
    assert len(texts) == len(layer.texts) == 80
    first = texts[0]
    start_y = first.sprite.center_y
    layer.update(0.7)  # half way: risen and fading
    assert first.sprite.center_y > start_y and 0 < first.sprite.alpha < 255
    renders: list[object] = []
    real = OpenGLGeometry.render
    monkeypatch.setattr(OpenGLGeometry, "render", lambda self, *a, **k: (renders.append(self), real(self, *a, **k)))
    layer.draw_live()
    assert len(renders) == 1
    late = layer.float_text(10.0, 10.0, "+5", (250, 215, 90))
    late.delay = 1.0
    late.place()
    assert not late.sprite.visible  # not started yet
    layer.clear_events()
    assert len(layer.texts) == 0 and not layer.busy
    layer.add_events([ev.ResourcesProduced(1, {"food": 3}, ((0, {"food": 3}),))])
    for _ in range(60):
        layer.update(1 / 30)
    assert len(layer.texts) == 0 and not layer.busy


def test_the_window_size_row_says_the_size_of_a_window_opened_at_another(win, tmp_path):
    """The row's value is the size saved for the next start; a window opened at another size (`--size`) is named
    under it, and nothing is said when the two agree."""
    view = SettingsView(Settings(window_width=1920, window_height=1080), on_done=lambda _: None, folder=tmp_path)
    frame(win, view, "dialog_settings_other_size.png")
    assert view.value_text("window") == "1920 x 1080"
    assert view.window_note() == f"this window: {win.width} x {win.height}"
    same = SettingsView(Settings(window_width=win.width, window_height=win.height), on_done=lambda _: None,
                        folder=tmp_path)
    frame(win, same, "dialog_settings_same_size.png")
    assert same.window_note() == ""
