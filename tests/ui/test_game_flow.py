"""The game flow end to end in the real client (GameWindow + game screen), headless, input dispatched through the
window's handler stack: hot-seat hand-over, turn summary, undo, saves, victory, help, settings."""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("ARCADE_HEADLESS", "1")

import arcade
import pyglet
import pytest

from components.commands import EndTurn
from game.settings import load_settings
from game.snapshot import state_hash
from game.ui.assets import hex_color, manifest
from game.ui.preferences import apply_settings, sounds_of
from game.ui.turn_hud import LOG_ROW
from game.ui.views.game_view import GameView
from game.ui.views.handover import HandoverView
from game.ui.views.help_overlay import HelpOverlay
from game.ui.views.saves_dialog import SAVE_SUFFIX, SavesDialog
from game.ui.views.settings_view import SettingsView
from game.ui.views.turn_summary import TurnSummaryView
from game.ui.views.victory import VictoryView
from tests.builders import at, spawn_army, tiny_game
from tests.ui.conftest import end_turn

SHOTS = Path(__file__).resolve().parents[2] / "screenshots"
WIDTH, HEIGHT = 30, 20


def board(base_terrain: str = "p") -> list[str]:
    rows = [["p"] * WIDTH for _ in range(HEIGHT)]
    rows[2][2] = base_terrain
    return ["".join(r) for r in rows]


def key(window, symbol: int, modifiers: int = 0) -> None:
    pyglet.event.EventDispatcher.dispatch_event(window, "on_key_press", symbol, modifiers)
    pyglet.event.EventDispatcher.dispatch_event(window, "on_key_release", symbol, modifiers)


def click(window, x: float, y: float) -> None:
    for name in ("on_mouse_motion",):
        pyglet.event.EventDispatcher.dispatch_event(window, name, x, y, 0, 0)
    pyglet.event.EventDispatcher.dispatch_event(window, "on_mouse_press", x, y, arcade.MOUSE_BUTTON_LEFT, 0)
    pyglet.event.EventDispatcher.dispatch_event(window, "on_mouse_release", x, y, arcade.MOUSE_BUTTON_LEFT, 0)


def type_text(window, text: str) -> None:
    for char in text:
        pyglet.event.EventDispatcher.dispatch_event(window, "on_text", char)


def step(window, frames: int = 1, draw: bool = False) -> None:
    for _ in range(frames):
        view = window.current_view
        view.on_update(1 / 60)
        session = getattr(view, "session", None)
        if session is not None and session.busy:
            session.wait(5.0)
    if draw:
        window.current_view.on_draw()


def until(window, condition, limit: int = 4000) -> None:
    for _ in range(limit):
        if condition():
            return
        step(window)
    raise AssertionError(f"still waiting; the screen is {type(window.current_view).__name__}")


def shot(window, name: str):
    window.current_view.on_draw()
    image = arcade.get_image(0, 0, window.width, window.height).convert("RGB")
    SHOTS.mkdir(exist_ok=True)
    image.save(SHOTS / name)
    return image


def on_screen(view: GameView, territory: int) -> tuple[float, float]:
    view.camera.center_on_territory(territory)
    return view.camera.to_screen(*view.canvas.grid.center(territory))


def start(window, game) -> None:
    window.start(game)
    step(window, 2)


def ready(window) -> GameView:
    """Click through the hand-over screen and close the turn summary; the game screen is ready to play."""
    until(window, lambda: isinstance(window.current_view, HandoverView))
    step(window, 30)  # the hand-over ignores clicks for a moment
    click(window, 640, 360)
    view = window.current_view
    assert isinstance(view, GameView)
    if view.modal is not None:
        key(window, arcade.key.ENTER)
    assert view.modal is None
    return view


# ---------------------------------------------------------------------------------------------------------


def test_two_humans_hand_over_on_a_screen_without_map_pixels_then_see_the_rogue_in_their_summary(app):
    game = tiny_game(board("b"), {1: (2, 2), 2: (27, 17)}, resources={"food": 0})
    spawn_army(game, 1, at(game, 3, 2), ["soldier", "soldier", "soldier"])  # unfed: rogue at 100% (R4.4)
    start(app, game)
    view = ready(app)
    end_turn(app)  # seat 1 ends its turn
    until(app, lambda: isinstance(app.current_view, HandoverView))
    handover = app.current_view
    assert handover.seat == 2
    view.draw()  # the map as the previous player left it...
    image = shot(app, "flow_handover.png")
    app.clear(color=(0, 0, 0))
    assert image.tobytes() == shot(app, "flow_handover.png").tobytes()  # ...is painted over
    terrain = [hex_color(c) for c in manifest()["terrain_colors"].values()]
    saturated = [t for t in terrain if max(t) - min(t) > 60]
    pixels = set(image.getdata()) - {tuple(handover.color)}
    assert not [p for p in pixels if any(sum(abs(a - b) for a, b in zip(p, t, strict=True)) < 40 for t in saturated)]
    ready(app)
    end_turn(app)  # seat 2 ends its turn; seat 1's upkeep fails
    until(app, lambda: isinstance(app.current_view, HandoverView))
    step(app, 30)
    click(app, 640, 360)
    modal = view.modal
    assert isinstance(modal, TurnSummaryView)
    rogue = [line for line in modal.summary.lines if line.kind == "went_rogue"]
    assert len(rogue) == 1 and "chance 100%" in rogue[0].text and rogue[0].chance == 100.0
    shot(app, "flow_summary.png")
    row = next(r for r in modal.row_rects() if r[0] == modal.summary.lines.index(rogue[0]))
    click(app, row[1] + 40, row[2] + row[4] / 2)  # the line jumps the camera to the army
    assert view.modal is None
    left, bottom, right, top = view.camera.view_rect()
    x, y = view.canvas.grid.center(at(game, 3, 2))
    assert left <= x <= right and bottom <= y <= top  # the army is in view


def test_undo_restores_the_state_hash_of_before_the_move_and_refuses_to_cross_a_battle(app):
    game = tiny_game(board(), {1: (2, 2), 2: (27, 17)}, resources={"food": 50})
    mine = spawn_army(game, 1, at(game, 5, 5), ["soldier", "soldier", "soldier"])
    spawn_army(game, 2, at(game, 7, 5), ["soldier"])
    start(app, game)
    view = ready(app)
    before = state_hash(game.world)
    click(app, *on_screen(view, at(game, 5, 5)))  # select the army
    assert view.orders.selected_army == mine
    click(app, *on_screen(view, at(game, 6, 5)))  # move one step
    step(app, 20)
    assert state_hash(game.world) != before
    key(app, arcade.key.Z, arcade.key.MOD_CTRL)
    assert state_hash(game.world) == before
    click(app, *on_screen(view, at(game, 5, 5)))
    click(app, *on_screen(view, at(game, 6, 5)))  # the move again: undoable
    step(app, 20)
    assert view.chronicle.undo.can_undo
    if view.orders.selected_army != mine:
        click(app, *on_screen(view, at(game, 6, 5)))
    enemy = on_screen(view, at(game, 7, 5))
    click(app, *enemy)  # arm the attack
    click(app, *enemy)  # attack: a battle (R5.5)
    step(app, 60)
    assert any(type(e.event).__name__ == "BattleStarted" for e in view.chronicle.journal.entries)
    after_battle = state_hash(game.world)
    key(app, arcade.key.U)
    assert state_hash(game.world) == after_battle
    assert "battle cannot be taken back" in view.orders.hint


def test_a_save_made_in_the_client_loads_in_the_client_and_a_corrupt_one_shows_why(app, tmp_path):
    game = tiny_game(board(), {1: (2, 2), 2: (27, 17)}, resources={"food": 50})
    spawn_army(game, 1, at(game, 4, 4), ["soldier", "ranger"])
    start(app, game)
    view = ready(app)
    saved_hash = state_hash(game.world)
    key(app, arcade.key.F5)
    assert isinstance(view.modal, SavesDialog) and view.modal.mode == "save"
    assert view.modal.save_name == "base-round-1" and view.modal.name_selected  # the suggestion is selected...
    type_text(app, "hot seat")  # ...so typing replaces it
    key(app, arcade.key.ENTER)  # Enter saves and closes the dialog; a toast confirms
    path = tmp_path / "saves" / f"hot_seat{SAVE_SUFFIX}"
    assert path.exists() and view.modal is None
    assert view.orders.hint == "Saved as 'hot_seat'"
    (tmp_path / "saves" / f"zz_broken{SAVE_SUFFIX}").write_bytes(b"{ not a save")
    os.utime(tmp_path / "saves" / f"zz_broken{SAVE_SUFFIX}", (path.stat().st_mtime + 5,) * 2)
    key(app, arcade.key.F9)
    dialog = view.modal
    assert isinstance(dialog, SavesDialog) and [s.name for s in dialog.saves] == ["zz_broken", "hot_seat"]
    key(app, arcade.key.ENTER)  # the newest: the broken one
    assert dialog.message is not None and "not valid JSON" in dialog.message
    shot(app, "flow_load_error.png")
    key(app, arcade.key.ENTER)
    assert app.current_view is view and state_hash(game.world) == saved_hash  # the game goes on
    key(app, arcade.key.DOWN)
    key(app, arcade.key.ENTER)  # the good one
    loaded = app.current_view
    assert loaded is not view
    until(app, lambda: isinstance(app.current_view, HandoverView))
    new_view = ready(app)
    assert state_hash(new_view.session.world) == saved_hash
    assert new_view.chronicle.stats is not view.chronicle.stats  # the statistics came from the save...
    assert new_view.chronicle.stats.to_dict() == view.chronicle.stats.to_dict()  # ...as they were
    assert new_view.session.submit(EndTurn()).ok


def test_the_victory_screen_appears_after_a_flag_capture_with_one_line_per_player(app):
    game = tiny_game(board(), {1: (2, 2), 2: (8, 2)}, resources={"food": 50})
    raider = spawn_army(game, 1, at(game, 6, 2), ["soldier", "soldier"])
    start(app, game)
    view = ready(app)
    end_turn(app)  # a round passes, so the charts have two rounds
    until(app, lambda: isinstance(app.current_view, HandoverView))
    ready(app)
    end_turn(app)
    until(app, lambda: isinstance(app.current_view, HandoverView))
    ready(app)
    click(app, *on_screen(view, at(game, 6, 2)))
    assert view.orders.selected_army == raider
    click(app, *on_screen(view, at(game, 8, 2)))  # into the undefended base: the flag (R7.2)
    until(app, lambda: isinstance(app.current_view, VictoryView))
    victory = app.current_view
    assert victory.title == "P1 wins!" and "captured P2's flag" in victory.how
    assert victory.chart_lines and all(sorted(lines) == [1, 2] for lines in victory.chart_lines.values())
    shot(app, "flow_victory.png")


def test_the_help_overlay_opens_and_closes(app):
    game = tiny_game(board(), {1: (2, 2), 2: (27, 17)})
    start(app, game)
    view = ready(app)
    key(app, arcade.key.F1)
    assert isinstance(view.modal, HelpOverlay)
    shot(app, "flow_help.png")
    key(app, arcade.key.F1)
    assert view.modal is None
    button = view.turn_hud.buttons["help"]
    click(app, button.left + 5, button.bottom + 5)
    assert isinstance(view.modal, HelpOverlay)
    key(app, arcade.key.ESCAPE)
    assert view.modal is None


def test_settings_changed_in_the_client_persist_across_a_restart(app, tmp_path):
    game = tiny_game(board(), {1: (2, 2), 2: (27, 17)})
    start(app, game)
    view = ready(app)
    key(app, arcade.key.O)
    settings_view = view.modal
    assert isinstance(settings_view, SettingsView)
    for name in ("volume:-", "volume:-", "edge:+", "animation:+"):
        button = settings_view.buttons[name]
        click(app, button.left + 5, button.bottom + 5)
    save = settings_view.buttons["save"]
    click(app, save.left + 5, save.bottom + 5)
    assert view.modal is None
    assert sounds_of(app).volume == pytest.approx(0.6)
    restarted, warnings = load_settings()  # what the next run reads
    assert warnings == [] and restarted.volume == pytest.approx(0.6)
    assert restarted.edge_scrolling is False and restarted.animation_speed == 2.0
    apply_settings(app, restarted)
    assert app.settings.edge_scroll is False and app.settings.speed == 2.0


def test_the_forecast_box_warns_before_the_turn_ends_and_the_log_lists_this_round(app):
    game = tiny_game(board("b"), {1: (2, 2), 2: (27, 17)}, resources={"food": 0})
    spawn_army(game, 1, at(game, 8, 6), ["defender", "defender"])
    start(app, game)
    view = ready(app)
    step(app, 2)
    texts = [line.text for line in view.turn_hud.forecast_lines]
    assert texts and "4 food owed" in texts[0] and any("100% rogue chance" in t for t in texts)
    click(app, *on_screen(view, at(game, 8, 6)))
    click(app, *on_screen(view, at(game, 9, 6)))  # a move, for the log
    step(app, 30)
    key(app, arcade.key.L)
    step(app, 2)
    assert view.turn_hud.log_open
    lines = [line.text for line in view.turn_hud.log_lines]
    assert lines[-1] == "Your army moved 1 step to the plain 4 south, 7 east of your base"
    assert all("placed their flag" in text for text in lines[:2])  # the whole game: its setup too
    assert "Round 1: P1's turn begins" in lines
    assert view.turn_hud.log_lines[-1].territory == at(game, 9, 6)
    view.camera.center_on_territory(at(game, 20, 15))
    shot(app, "flow_forecast_log.png")
    left, bottom, width, height = view.turn_hud.log_rect()
    click(app, left + 30, bottom + height - 30 - 9 - (len(lines) - 1) * LOG_ROW)  # the move's line: the camera
    # jumps back to the army
    x0, y0, x1, y1 = view.camera.view_rect()
    x, y = view.canvas.grid.center(at(game, 9, 6))
    assert x0 <= x <= x1 and y0 <= y <= y1


def test_the_main_menu_opens_the_saves_list_and_the_options(app, tmp_path):
    game = tiny_game(board(), {1: (2, 2), 2: (27, 17)})
    from game.saves import save_game

    (tmp_path / "saves").mkdir()
    save_game(game, tmp_path / "saves" / f"campaign{SAVE_SUFFIX}")
    app.show_main_menu()
    step(app, 2)
    menu = app.current_view
    key(app, arcade.key.L)
    dialog = app.current_view
    assert isinstance(dialog, SavesDialog) and [s.name for s in dialog.saves] == ["campaign"]
    assert dialog.saves[0].round == 1 and dialog.saves[0].players == ["P1", "P2"]
    shot(app, "flow_menu_load.png")
    key(app, arcade.key.ESCAPE)
    assert type(app.current_view) is type(menu)
    button = app.current_view.options_button
    click(app, button.center_x, button.center_y)
    assert isinstance(app.current_view, SettingsView)
    key(app, arcade.key.ESCAPE)
    assert type(app.current_view) is type(menu)
    key(app, arcade.key.L)
    key(app, arcade.key.ENTER)  # load the save from the menu
    until(app, lambda: isinstance(app.current_view, HandoverView))
    assert state_hash(ready(app).session.world) == state_hash(game.world)
