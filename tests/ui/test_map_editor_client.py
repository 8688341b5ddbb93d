"""The map editor through the real input handlers (E8.1-E8.5): main menu -> new map -> paint, fill, rectangle,
zones, undo -> live check -> save -> the new-game screen lists it -> a computer game on it; hex and region maps."""

from __future__ import annotations

import os
from pathlib import Path

import arcade
import pytest

from game.map_editor import MapDocument
from game.maps import load_map
from game.ui.theme import PANEL_WIDTH
from game.ui.views.map_editor import EditorStartView, EditorView
from game.validate import validate_paths
from tests.ui.conftest import click, dispatch, frames, shot


def press(app, button) -> None:
    left, bottom, width, height = button.rect
    click(app, left + width / 2, bottom + height / 2)


def at(view: EditorView, cell: int) -> tuple[float, float]:
    """The window point over a cell's centre (the camera looks there first when it is off screen)."""
    x, y = view.camera.to_screen(*view.grid.center(cell))
    if not (view.camera.contains(x, y) and 30 < y < view.app.height - 4):
        view.camera.center_on_territory(cell)
        x, y = view.camera.to_screen(*view.grid.center(cell))
    return x, y


def gui_click(app, widget) -> None:
    click(app, widget.rect.x + widget.rect.width / 2, widget.rect.y + widget.rect.height / 2)


def start_screen(app) -> EditorStartView:
    app.show_main_menu()
    gui_click(app, app.current_view.editor_button)
    assert isinstance(app.current_view, EditorStartView)
    return app.current_view


def new_map(app, shape_index: int = 0, shrink: int = 2) -> EditorView:
    start = start_screen(app)
    for _ in range(shrink):  # 32 -> 16 a side with the "-8" buttons
        for label in ("Width", "Height"):
            row = [b for b in start.ui.buttons if b.label.text == "-8"][0 if label == "Width" else 1]
            press(app, row)
    shapes = [b for b in start.ui.buttons if b.label.text in ("Squares", "Squares (8)", "Hexes")]
    press(app, shapes[shape_index])
    press(app, next(b for b in start.ui.buttons if b.label.text == "plain"))
    press(app, start.create_button)
    view = app.current_view
    assert isinstance(view, EditorView)
    frames(app, 2)
    return view


def drag(app, a: tuple[float, float], b: tuple[float, float]) -> None:
    dispatch(app, "on_mouse_motion", *a, 0, 0)
    dispatch(app, "on_mouse_press", *a, arcade.MOUSE_BUTTON_LEFT, 0)
    steps = 6
    for i in range(1, steps + 1):
        x, y = a[0] + (b[0] - a[0]) * i / steps, a[1] + (b[1] - a[1]) * i / steps
        dispatch(app, "on_mouse_drag", x, y, (b[0] - a[0]) / steps, (b[1] - a[1]) / steps,
                 arcade.MOUSE_BUTTON_LEFT, 0)
    dispatch(app, "on_mouse_release", *b, arcade.MOUSE_BUTTON_LEFT, 0)


def zones_for_two(app, view: EditorView) -> None:
    """Tick 2 players and paint two mirrored 3x3 zones with the brush (E8.3)."""
    press(app, view.buttons["players:2"])
    press(app, view.buttons["tick"])
    press(app, view.buttons["brush:3"])
    press(app, view.buttons["seat:1"])
    click(app, *at(view, 2 * 16 + 2))
    press(app, view.buttons["seat:2"])
    click(app, *at(view, 13 * 16 + 13))


def test_new_square_map_paint_check_save_and_list_it_e8(app) -> None:
    view = new_map(app)
    doc = view.doc
    assert (doc.width, doc.height, doc.kind, set(doc.terrain)) == (16, 16, "square4", {"plain"})
    frames(app, 30)  # chunks around the view baked ahead, then nothing new to draw: the window may rest
    assert view.quiet()
    press(app, view.buttons["terrain:forest"])
    press(app, view.buttons["brush:3"])
    click(app, *at(view, 5 * 16 + 5))
    assert doc.terrain.count("forest") == 9
    view.on_update(1 / 60)
    assert not view.quiet()  # the re-baked chunk is drawn
    press(app, view.buttons["brush:1"])
    drag(app, at(view, 8 * 16 + 1), at(view, 8 * 16 + 6))  # one stroke ...
    assert doc.terrain.count("forest") == 15
    press(app, view.buttons["undo"])  # ... is one undo step
    assert doc.terrain.count("forest") == 9
    press(app, view.buttons["redo"])
    press(app, view.buttons["tool:rect"])
    press(app, view.buttons["terrain:mountain"])
    drag(app, at(view, 10 * 16 + 10), at(view, 11 * 16 + 12))
    assert doc.terrain.count("mountain") == 6
    press(app, view.buttons["tool:fill"])
    press(app, view.buttons["terrain:mine"])
    click(app, *at(view, 10 * 16 + 10))
    assert doc.terrain.count("mine") == 6 and doc.terrain.count("mountain") == 0
    # the live check: no zones yet, so Save is off and the list says why
    assert not view.buttons["save"].enabled
    assert "Tick at least one player count" in view.problem_buttons[0].label.text
    zones_for_two(app, view)
    assert doc.zones[2][1] == set(doc.brush(2 * 16 + 2, 3)) and len(doc.zones[2][2]) == 9
    assert view.buttons["save"].enabled, [p.text for p in doc.problems()]
    assert "Production within 4 steps, 2p" in view.fair_label.text
    frames(app, 3)
    shot(app, "map_editor_square.png")
    press(app, view.buttons["save"])
    saved = Path(os.environ["FOC_MAPS_DIR"]) / f"{doc.name.lower().replace(' ', '_')}.tmj"
    assert saved.is_file(), view.message
    assert validate_paths([str(saved)])[1] == []
    data = load_map(saved)
    assert data.terrain == tuple(doc.terrain) and data.players() == (2,)
    # the new-game screen lists it
    app.show_new_game()
    labels = [label for label, _data, _ in app.current_view.choices()]
    assert any(label.startswith(doc.name) for label in labels)


def test_a_problem_click_looks_there_and_errors_block_saving_e8_4(app) -> None:
    view = new_map(app)
    press(app, view.buttons["players:3"])
    press(app, view.buttons["tick"])
    press(app, view.buttons["seat:1"])
    click(app, *at(view, 17))  # seat 1: one cell, too small
    problems = [b.tooltip for b in view.problem_buttons if b.visible]
    assert any("seat 1's zone has 1 land territory" in text for text in problems)
    assert any("seat 2 has no start zone" in text for text in problems)
    first = next(b for b in view.problem_buttons if "seat 1's zone" in b.tooltip)
    press(app, first)
    assert view.focus == (17,)
    frames(app, 2)
    shot(app, "map_editor_problem.png")
    assert not view.buttons["save"].enabled and not view.buttons["play"].enabled
    press(app, view.buttons["save"])
    assert not list(Path(os.environ["FOC_MAPS_DIR"]).glob("*.tmj"))
    press(app, view.buttons["menu"])  # unsaved edits: the first click warns ...
    assert app.current_view is view and "Unsaved changes" in view.message
    press(app, view.buttons["menu"])  # ... the second leaves
    assert type(app.current_view).__name__ == "MainMenuView"


def test_select_and_mirror_makes_a_symmetric_map_e8_2(app) -> None:
    view = new_map(app)
    press(app, view.buttons["tool:rect"])
    press(app, view.buttons["terrain:deep_water"])
    drag(app, at(view, 0), at(view, 3 * 16 + 3))
    press(app, view.buttons["tool:select"])
    drag(app, at(view, 0), at(view, 7 * 16 + 7))  # the top-left quarter
    assert len(view.selection) == 64
    press(app, view.buttons["transform:mirror_lr"])
    dispatch(app, "on_mouse_motion", *at(view, 9 * 16 + 9), 0, 0)
    frames(app, 2)
    shot(app, "map_editor_selection.png")
    doc = view.doc
    assert all(doc.terrain[y * 16 + 15 - x] == "deep_water" for y in range(4) for x in range(4))
    click(app, *at(view, 100), arcade.MOUSE_BUTTON_RIGHT)  # right-click clears the selection
    assert not view.selection
    for symbol in (arcade.key.Z, arcade.key.Y):  # Ctrl+Z takes the mirror back, Ctrl+Y does it again
        dispatch(app, "on_key_press", symbol, arcade.key.MOD_CTRL)
        assert (doc.terrain[15] == "deep_water") == (symbol == arcade.key.Y)
    press(app, view.buttons["transform:rotate_180"])  # the whole map turns
    assert doc.terrain[15 * 16] == "deep_water" and doc.terrain[0] == "plain"


def test_hex_map_in_the_editor_e8(app) -> None:
    view = new_map(app, shape_index=2)
    doc = view.doc
    assert doc.kind == "hex"
    assert not view.buttons["transform:rotate_90"].enabled  # hexes turn by 180°
    press(app, view.buttons["terrain:forest"])
    press(app, view.buttons["brush:3"])
    click(app, *at(view, 6 * 16 + 6))
    assert sorted(c for c, t in enumerate(doc.terrain) if t == "forest") == sorted(doc.board.within(6 * 16 + 6, 1))
    press(app, view.buttons["brush:5"])
    press(app, view.buttons["terrain:shallow_water"])
    click(app, *at(view, 10 * 16 + 9))
    zones_for_two(app, view)
    assert view.buttons["save"].enabled, [p.text for p in doc.problems()]
    frames(app, 3)
    shot(app, "map_editor_hex.png")
    press(app, view.buttons["save"])
    saved = sorted(Path(os.environ["FOC_MAPS_DIR"]).glob("*.tmj"))
    assert len(saved) == 1 and load_map(saved[0]).terrain == tuple(doc.terrain)
    assert validate_paths([str(saved[0])])[1] == []


@pytest.mark.parametrize("name", ["hex_heartland.tmj", "lantern_lanes.tmj"])
def test_open_shipped_maps_e8_1(app, name: str) -> None:
    start = start_screen(app)
    button = next(b for b in start.open_buttons if b.tooltip.endswith(name))
    press(app, button)
    view = app.current_view
    assert isinstance(view, EditorView)
    frames(app, 3)
    if name == "lantern_lanes.tmj":  # a region map: shown, checked, not edited
        assert not view.doc.editable and "Tiled" in view.message
        assert not view.buttons["tool:paint"].enabled and not view.buttons["save"].enabled
        before = list(view.doc.terrain)
        click(app, *at(view, 0))
        assert view.doc.terrain == before
        shot(app, "map_editor_regions.png")
    else:
        assert view.doc.editable and view.doc.counts == {2, 3, 4}
        assert not [p for p in view.doc.problems() if p.severity == "error"]


def test_play_this_map_then_computers_play_it_e8_5(app) -> None:
    from game.content import load_ruleset
    from game.simulate import play_game
    from game.ui.views.setup import SetupView

    view = new_map(app)
    press(app, view.buttons["terrain:forest"])
    press(app, view.buttons["brush:5"])
    for cell in (5 * 16 + 5, 10 * 16 + 10):
        click(app, *at(view, cell))
    zones_for_two(app, view)
    press(app, view.buttons["play"])
    setup = app.current_view
    assert isinstance(setup, SetupView)
    label, data, _ = setup.choices()[setup.map_index]
    assert data is not None and data.name == view.doc.name and data.terrain == tuple(view.doc.terrain)
    click(app, 324 + 60, app.height - 190 + 19)  # seat 1's "Human" button: a computer too
    assert setup.seats[0].computer
    gui_click(app, setup.start_button)
    for _ in range(400):
        frames(app)
        if getattr(getattr(app.current_view, "session", None), "game", None) is not None \
                and app.current_view.session.game.world.clock.round >= 2:
            break
    game = app.current_view.session.game
    assert game.world.clock.round >= 2 and game.world.board.width == 16
    shot(app, "map_editor_played.png")
    # and headless: a whole computer game on the editor's map, to a victory or the round cap
    played, result = play_game(load_ruleset(), data, ["normal", "normal"], seed=3, max_rounds=60)
    assert result.winner is not None and result.rounds < 60  # seed 3: seat 1 wins in round 41


def test_region_document_reports_no_edit_and_reopens(tmp_path: Path) -> None:
    from game.content import load_app, maps_folder

    folder = maps_folder("risky-space")
    assert folder is not None
    d = MapDocument.open(sorted(folder.glob("*.tmj"))[0], load_app("risky-space").rules.terrain)
    assert d.kind == "regions" and not d.editable


def test_main_menu_button_and_start_screen_e8_1(app) -> None:
    app.show_main_menu()
    frames(app, 2)
    shot(app, "map_editor_main_menu.png")
    start = start_screen(app)
    press(app, start.name_field.button)  # click the name, then type (the one keyboard use; a name is preset)
    for _ in range(len(start.name_field.text)):
        dispatch(app, "on_key_press", arcade.key.BACKSPACE, 0)
    dispatch(app, "on_text", "Islands")
    plus = [b for b in start.ui.buttons if b.label.text == "+8"]
    for _ in range(40):  # the width stops at 256
        press(app, plus[0])
    assert start.width_cells == 256
    frames(app, 2)
    shot(app, "map_editor_start.png")
    press(app, start.create_button)
    view = app.current_view
    assert isinstance(view, EditorView) and (view.doc.name, view.doc.width, view.doc.height) == ("Islands", 256, 32)


def test_the_new_game_list_keeps_the_random_map_and_the_chosen_one_with_many_saved_maps(app) -> None:
    from game.content import load_ruleset
    from game.ui.views.setup import MAP_ROWS

    ids = tuple(load_ruleset().terrain)
    paths = []
    for n in range(9):
        d = MapDocument.new(f"Saved {n}", 12, 12, "plain", terrain_ids=ids)
        d.tick(2, True)
        d.set_zone(2, 1, d.brush(13, 3))
        d.set_zone(2, 2, d.brush(130, 3))
        paths.append(d.save())
    app.show_new_game()
    setup = app.current_view
    assert len(setup.choices()) > MAP_ROWS
    assert setup.choose_map_file(str(paths[-1]))
    shown = setup.shown_choices()
    assert len(shown) == MAP_ROWS and shown[-1] == len(setup.choices()) - 1  # the random map stays
    assert setup.map_index in shown and setup.choices()[setup.map_index][1].name == "Saved 8"


def test_a_mods_terrain_can_be_painted_and_saved_e8_2(app, tmp_path: Path) -> None:
    mod = tmp_path / "swamp"
    mod.mkdir()
    (mod / "mod.toml").write_text('id = "swamp"\nname = "Swamp"\nversion = "1.0.0"\ndescription = "A wet terrain"\n'
                                  'extends = { base = ">=1.0.0,<2" }\nfiles = ["terrain.toml"]\n')
    (mod / "terrain.toml").write_text('[terrain.swamp]\nname = "Swamp"\nproduction = { food = [0, 2] }\n')
    app.mods = [str(mod)]  # as `foc play --mod PATH` or the last new game's ticks leave them
    try:
        view = new_map(app)
        assert "swamp" in view.doc.terrain_ids
        press(app, view.buttons["terrain:swamp"])  # no art: a swatch of its map colour
        assert view.buttons["terrain:swamp"].icon is not None
        click(app, *at(view, 6 * 16 + 6))
        assert view.doc.terrain[6 * 16 + 6] == "swamp"
        zones_for_two(app, view)
        press(app, view.buttons["save"])
        saved = sorted(Path(os.environ["FOC_MAPS_DIR"]).glob("*.tmj"))
        assert len(saved) == 1
        assert load_map(saved[0], view.doc.terrain_ids).terrain[6 * 16 + 6] == "swamp"
        assert view.doc.mods == (str(mod),)  # the fairness figures read the swamp's production (E8.4)
        assert validate_paths([str(saved[0])], [str(mod)])[1] == []  # `foc validate FILE --mod swamp`
        press(app, view.buttons["play"])  # the new-game screen starts with the same mods ticked: it is listed
        setup = app.current_view
        assert str(mod) in setup.mods and setup.choices()[setup.map_index][1].source == str(saved[0])
        setup.toggle_mod(str(mod))  # without the mod the map's terrain is unknown: not offered
        assert not any(data is not None and data.source == str(saved[0]) for _l, data, _p in setup.choices())
    finally:
        app.mods = []


def test_a_broken_saved_map_says_why_and_stays_e8_1(app) -> None:
    folder = Path(os.environ["FOC_MAPS_DIR"])
    folder.mkdir(parents=True)
    (folder / "broken.tmj").write_text('{"width": 10, "height": "x"}')
    start = start_screen(app)
    press(app, next(b for b in start.open_buttons if b.tooltip.endswith("broken.tmj")))
    assert app.current_view is start
    assert start.status.text.startswith("Cannot open broken.tmj: ") and "broken.tmj" in start.status.text


def resize(app, width: int, height: int) -> None:
    """What a resized window does: pyglet's headless window ignores set_size, so the size it reports is set as the
    platform would set it, then on_resize goes through the window's handlers (the view's, then arcade's)."""
    app._width, app._height = width, height  # noqa: SLF001
    dispatch(app, "on_resize", width, height)


def test_both_editor_screens_lay_out_again_on_resize(app) -> None:
    """The start screen and the editor follow the window's size (E8.1, E8.2: every tool stays reachable)."""
    size = (app.width, app.height)
    try:
        start = start_screen(app)
        resize(app, 1000, 640)
        assert start.open_buttons[0].rect[2] == 1000 - 720  # the map list spans the new width
        assert start.create_button.rect[1] < 640
        frames(app, 1)
        shot(app, "map_editor_start_resized.png")
        press(app, start.create_button)
        view = app.current_view
        assert isinstance(view, EditorView)
        frames(app, 1)
        resize(app, 1100, 660)
        frames(app, 2)
        assert view.camera.viewport == (0, 0, 1100 - PANEL_WIDTH, 660)
        save = view.buttons["save"].rect
        assert save[0] >= 1100 - PANEL_WIDTH and save[0] + save[2] <= 1100  # the panel moved to the new edge
        assert view.name_field.button.rect[1] + view.name_field.button.rect[3] <= 660
        press(app, view.buttons["tool:paint"])  # the relaid buttons answer where they are drawn
        press(app, view.buttons["terrain:forest"])
        cell = 5 * view.doc.width + 5
        click(app, *at(view, cell))
        assert view.doc.terrain[cell] == "forest"
        frames(app, 2)
        shot(app, "map_editor_resized.png")
    finally:
        resize(app, *size)


def test_player_counts_are_tabs_the_offer_is_the_one_tick_box_and_problems_read_whole(app) -> None:
    """E8.4: the 2p/3p/4p buttons pick whose start zones are edited (tabs, no tick box drawn on them); the
    'Offer' button is the tick box for the count being edited; a problem's text is on two lines, not cut."""
    view = new_map(app)
    press(app, view.buttons["players:3"])
    tabs = [view.buttons[f"players:{n}"] for n in (2, 3, 4)]
    assert not any("☐" in b.label.text or "☑" in b.label.text for b in tabs)
    assert view.buttons["players:3"].selected and not view.buttons["players:2"].selected
    assert view.buttons["tick"].label.text == "☐ Offer"
    press(app, view.buttons["tick"])
    assert 3 in view.doc.counts and view.buttons["tick"].label.text == "☑ Offer"
    assert "offered" in view.buttons["players:3"].tooltip and "not offered" in view.buttons["players:2"].tooltip
    press(app, view.buttons["seat:1"])
    click(app, *at(view, 17))
    frames(app, 2)
    shown = [b for b in view.problem_buttons if b.visible]
    assert shown
    for b in shown:
        words = f"{b.label.text} {b.note.text}".strip()
        assert "…" not in words and words.endswith(b.tooltip.split("\n")[0]), (words, b.tooltip)
        assert b.label.content_width <= b.rect[2] and b.note.content_width <= b.rect[2]
    fair_bottom = view.fair_label.text_obj.y - view.fair_label.text_obj.content_height
    top_problem = shown[0].rect[1] + shown[0].rect[3]
    assert top_problem <= fair_bottom + 2                            # the fairness line's second line stays clear
