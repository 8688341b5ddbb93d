"""Issue 4: the game screen driven through its real input handlers, checked against the engine's state."""

from __future__ import annotations

import arcade
import esper

from components.armies import Army
from components.commands import ChooseBase, EndTurn
from game.setup import PlayerSpec, new_game
from game.ui import theme
from game.ui.app import GameWindow
from game.ui.views.game_view import GameView
from systems import queries as q
from tests.builders import base_rules, spawn_army, tiny_map
from tests.ui.conftest import click, dispatch, frames, shot

ROWS = [
    "pppppppppp",
    "pppppppppp",
    "ppppfppppp",
    "pppppppppp",
    "ppppppppdd",
    "ppppppppdd",
]


def start(win: GameWindow, rows: list[str] = ROWS, bases: dict[int, tuple[int, int]] | None = None,
          computer: tuple[int, ...] = (2,), seed: int = 3) -> GameView:
    """A game on a tiny map with bases chosen, shown in the game screen at seat 1's Main stage.

    Seat 2 is a computer by default, so no hand-over screen comes between the turns.
    """
    bases = bases or {1: (0, 0), 2: (9, 0)}
    specs = [PlayerSpec(f"P{s}", s in computer) for s in sorted(bases)]
    game = new_game(base_rules(), tiny_map(rows, len(bases)), specs, seed)
    width = len(rows[0])
    for seat in sorted(bases):
        x, y = bases[seat]
        assert game.submit(ChooseBase(y * width + x)).ok
    win.start(game)
    view = win.current_view
    assert isinstance(view, GameView)
    frames(win, 2)
    return view


def at(view: GameView, x: int, y: int) -> int:
    return y * view.canvas.grid.width + x


def screen_of(view: GameView, territory: int) -> tuple[float, float]:
    return view.camera.to_screen(*view.canvas.grid.center(territory))


def army_at(view: GameView, territory: int) -> int | None:
    view.session.world.activate()
    for entity, _army in q.armies_at(territory):
        return entity
    return None


def test_clicking_an_army_selects_it_and_highlights_where_it_can_go(window: GameWindow) -> None:
    view = start(window)
    army = spawn_army(view.session.game, 1, at(view, 2, 2), ["soldier", "soldier"])
    view._sync()
    click(window, *screen_of(view, at(view, 2, 2)))
    assert view.orders.selected_army == army
    assert at(view, 3, 2) in view.canvas.overlays.cell_colors  # answered in the same frame as the click
    assert at(view, 2, 2) not in view.canvas.overlays.cell_colors
    frames(window)  # the panel follows in the next frame
    assert view.panel.title.text == "Your army · 2 units"
    assert view.panel.rows[0].name.text == "Soldier ×2"


def test_hover_shows_the_path_and_a_click_moves_the_army(window: GameWindow) -> None:
    view = start(window)
    army = spawn_army(view.session.game, 1, at(view, 2, 3), ["soldier"])
    view._sync()
    click(window, *screen_of(view, at(view, 2, 3)))
    target = at(view, 5, 3)
    dispatch(window, "on_mouse_motion", *screen_of(view, target), 0, 0)
    assert len(view.canvas.overlays.path) == 4  # start + 3 steps
    assert "3 MP" in view.orders.hint and view.orders.note.startswith("3 MP")
    frames(window)
    shot(window, "client_move_path.png")
    click(window, *screen_of(view, target))
    view.session.world.activate()
    moved = esper.component_for_entity(army, Army)
    assert moved.territory == target and moved.mp == 1
    frames(window, 90)  # the token slides there
    token = view.canvas.sprites.tokens[army]
    assert (token.x, token.y) == view.canvas.grid.center(target)


def test_attacking_shows_a_forecast_first_and_leaves_the_rng_alone(window: GameWindow) -> None:
    view = start(window)
    game = view.session.game
    mine = spawn_army(game, 1, at(view, 3, 3), ["soldier", "soldier", "soldier"])
    theirs = spawn_army(game, 2, at(view, 4, 3), ["soldier"])
    view._sync()
    click(window, *screen_of(view, at(view, 3, 3)))
    rng_before = game.world.rng.getstate()
    dispatch(window, "on_mouse_motion", *screen_of(view, at(view, 4, 3)), 0, 0)
    assert "Forecast" in view.orders.hint and "%" in view.orders.hint
    assert game.world.rng.getstate() == rng_before
    click(window, *screen_of(view, at(view, 4, 3)))  # arms the attack
    frames(window)
    shot(window, "client_attack_forecast.png")
    game.world.activate()
    assert esper.component_for_entity(mine, Army).battle is None
    assert view.orders.armed == at(view, 4, 3)
    click(window, *screen_of(view, at(view, 4, 3)))  # the second click attacks
    game.world.activate()
    army = esper.try_component(mine, Army)
    assert army is not None and (army.battle is not None or not esper.entity_exists(theirs))
    frames(window, 120)


def test_end_turn_in_the_panel_passes_the_turn_and_the_computer_plays(window: GameWindow) -> None:
    view = start(window, computer=(2,))
    game = view.session.game
    button = view.panel.end_turn
    left, bottom, width, height = button.rect
    click(window, left + width / 2, bottom + height / 2)
    assert game.world.clock.seat == 2 or game.world.clock.round == 2
    for _ in range(600):
        frames(window)
        if game.world.clock.round == 2 and game.world.clock.seat == 1 and not view.watching:
            break
    assert (game.world.clock.round, game.world.clock.seat) == (2, 1)
    assert not view.watching


def test_a_click_on_the_panel_never_reaches_the_map(window: GameWindow) -> None:
    view = start(window)
    army = spawn_army(view.session.game, 1, at(view, 2, 2), ["soldier"])
    view._sync()
    click(window, *screen_of(view, at(view, 2, 2)))
    commands = view.commands
    x = view.panel.x0 + 150
    y = view.panel.sel_top - 200  # an empty part of the panel
    assert view.panel.ui.button_at(x, y) is None
    click(window, x, y)
    click(window, x, y, arcade.MOUSE_BUTTON_RIGHT)
    assert view.orders.selected_army == army  # nothing on the map was clicked or cancelled
    assert view.commands == commands
    view.session.world.activate()
    assert esper.component_for_entity(army, Army).territory == at(view, 2, 2)


def test_the_radar_moves_the_camera(window: GameWindow) -> None:
    rows = ["p" * 60] * 60
    view = start(window, rows, {1: (2, 2), 2: (57, 57)})
    radar = view.canvas.radar
    before = view.camera.position
    click(window, radar.left + radar.width - 2, radar.bottom + 2)  # the map's bottom-right corner
    after = view.camera.position
    assert after[0] > before[0] and after[1] < before[1]
    dispatch(window, "on_mouse_press", radar.left + 5, radar.bottom + radar.height - 5, arcade.MOUSE_BUTTON_LEFT, 0)
    dispatch(window, "on_mouse_drag", radar.left + radar.width / 2, radar.bottom + radar.height / 2, 10, 10,
             arcade.MOUSE_BUTTON_LEFT, 0)
    dispatch(window, "on_mouse_release", radar.left + radar.width / 2, radar.bottom + radar.height / 2,
             arcade.MOUSE_BUTTON_LEFT, 0)
    x, y = view.camera.position
    grid = view.canvas.grid
    assert abs(x - grid.pixel_width / 2) < grid.tile and abs(y - grid.pixel_height / 2) < grid.tile


def test_wheel_zoom_keeps_the_point_under_the_cursor(window: GameWindow) -> None:
    rows = ["p" * 60] * 60
    view = start(window, rows, {1: (30, 30), 2: (57, 57)})
    view.camera.center_on_territory(at(view, 30, 30))
    cursor = (300.0, 420.0)
    before = view.camera.to_world(*cursor)
    zoom = view.camera.zoom
    dispatch(window, "on_mouse_scroll", cursor[0], cursor[1], 0, 1)
    assert view.camera.zoom > zoom
    after = view.camera.to_world(*cursor)
    assert abs(before[0] - after[0]) < 0.01 and abs(before[1] - after[1]) < 0.01
    dispatch(window, "on_mouse_scroll", cursor[0], cursor[1], 0, -3)
    assert view.camera.zoom < zoom
    again = view.camera.to_world(*cursor)
    assert abs(before[0] - again[0]) < 0.01 and abs(before[1] - again[1]) < 0.01


def test_keys_and_right_drag_scroll_and_the_camera_stays_on_the_map(window: GameWindow) -> None:
    rows = ["p" * 60] * 60
    view = start(window, rows, {1: (30, 30), 2: (57, 57)})
    x0, y0 = view.camera.position
    dispatch(window, "on_key_press", arcade.key.RIGHT, 0)
    frames(window, 10)
    dispatch(window, "on_key_release", arcade.key.RIGHT, 0)
    assert view.camera.position[0] > x0
    x1, y1 = view.camera.position
    dispatch(window, "on_mouse_press", 400, 300, arcade.MOUSE_BUTTON_RIGHT, 0)
    dispatch(window, "on_mouse_drag", 300, 400, -100, 100, arcade.MOUSE_BUTTON_RIGHT, 0)
    dispatch(window, "on_mouse_release", 300, 400, arcade.MOUSE_BUTTON_RIGHT, 0)
    x2, y2 = view.camera.position
    assert x2 > x1 and y2 < y1  # dragging left and up moves the view right and down
    for _ in range(40):
        view.camera.pan_screen(-500, -500)
    left, bottom, _, _ = view.camera.view_rect()
    inset = theme.MAP_BOTTOM_INSET / view.camera.zoom  # the bottom row may rise above the hint bar and toolbar
    assert left == 0 and bottom == -inset
    dispatch(window, "on_key_press", arcade.key.H, 0)
    dispatch(window, "on_key_release", arcade.key.H, 0)
    assert view.camera.position == view.canvas.grid.center(at(view, 30, 30))


def test_building_a_unit_and_placing_a_wall_from_the_panel(window: GameWindow) -> None:
    view = start(window)
    game = view.session.game
    q.stockpile(game.world, 1).update({"food": 50, "wood": 30})
    view.panel_key = ()
    frames(window)
    soldier = view.panel.unit_buttons[0]
    left, bottom, width, height = soldier.rect
    click(window, left + width / 2, bottom + height / 2)
    game.world.activate()
    assert army_at(view, at(view, 0, 0)) is not None
    frames(window, 30)
    wall = next(b for b in view.panel.structure_buttons if b.tag == "wooden_wall")
    left, bottom, width, height = wall.rect
    click(window, left + width / 2, bottom + height / 2)
    assert view.orders.placing == "wooden_wall"
    # the border between (0,0) and (1,0): the right edge of the base territory
    gx, gy = view.canvas.grid.center(at(view, 0, 0))
    sx, sy = view.camera.to_screen(gx + view.canvas.grid.tile * 0.45, gy)
    dispatch(window, "on_mouse_motion", sx, sy, 0, 0)
    assert view.canvas.overlays.border is not None
    far = view.camera.to_screen(*view.canvas.grid.center(at(view, 6, 4)))
    dispatch(window, "on_mouse_motion", *far, 0, 0)
    assert view.orders.hint_bad and "Cannot build" in view.orders.hint
    click(window, sx, sy)
    game.world.activate()
    assert q.wall_between(game.world, at(view, 0, 0), at(view, 1, 0)) is not None
    assert view.orders.placing is None


def test_split_by_choosing_units_in_the_panel_then_a_neighbour(window: GameWindow) -> None:
    view = start(window)
    game = view.session.game
    army = spawn_army(game, 1, at(view, 3, 3), ["soldier", "soldier", "defender"])
    view._sync()
    click(window, *screen_of(view, at(view, 3, 3)))
    frames(window)
    row = view.panel.rows[0]
    assert row.plus.visible
    left, bottom, width, height = row.plus.rect
    click(window, left + width / 2, bottom + height / 2)
    assert len(view.orders.split) == 1
    click(window, *screen_of(view, at(view, 3, 4)))
    game.world.activate()
    assert len(esper.component_for_entity(army, Army).units) == 2
    assert army_at(view, at(view, 3, 4)) is not None


def test_capturing_the_last_base_wins_and_offers_the_main_menu(window: GameWindow) -> None:
    view = start(window, bases={1: (0, 0), 2: (3, 0)})
    game = view.session.game
    spawn_army(game, 1, at(view, 2, 0), ["soldier", "soldier"])
    view._sync()
    click(window, *screen_of(view, at(view, 2, 0)))
    click(window, *screen_of(view, at(view, 3, 0)))
    assert game.over and game.world.clock.winner == 1
    frames(window, 60)
    assert view.menu_button.visible
    assert "wins" in view.banner.text


def test_the_frame_cache_never_shows_a_stale_picture(window: GameWindow) -> None:
    view = start(window)
    spawn_army(view.session.game, 1, at(view, 2, 3), ["soldier"])
    view._sync()
    frames(window, 4)
    assert view.frames.counts["copied"] > 0  # still frames are copied, not drawn again
    x, y = screen_of(view, at(view, 3, 3))
    before = arcade.get_image().convert("RGB").getpixel((int(x) + 10, 720 - int(y) + 10))
    click(window, *screen_of(view, at(view, 2, 3)))
    frames(window)
    after = arcade.get_image().convert("RGB").getpixel((int(x) + 10, 720 - int(y) + 10))
    assert after != before  # the reach highlight shows in the first frame after the click
    frames(window, 3)
    assert arcade.get_image().convert("RGB").getpixel((int(x) + 10, 720 - int(y) + 10)) == after


def test_a_structure_is_selected_and_repaired_from_the_panel(window: GameWindow) -> None:
    from components.structures import Structure
    from tests.builders import spawn_structure

    view = start(window)
    game = view.session.game
    tower = spawn_structure(game, 1, "wooden_tower", at(view, 0, 0))
    esper.component_for_entity(tower, Structure).health = 10
    q.stockpile(game.world, 1)["wood"] = 20
    view._sync()
    click(window, *screen_of(view, at(view, 0, 0)))
    assert view.orders.selected_structure == tower
    frames(window)
    assert view.panel.title.text.startswith("Wooden tower")
    repair = next(b for b in view.panel.actions if b.visible and b.label.text.startswith("Repair fully"))
    left, bottom, width, height = repair.rect
    click(window, left + width / 2, bottom + height / 2)
    game.world.activate()
    assert esper.component_for_entity(tower, Structure).health == 15
    assert q.stockpile(game.world, 1)["wood"] == 15


def test_edge_scrolling_follows_the_mouse_at_the_map_border(window: GameWindow) -> None:
    rows = ["p" * 60] * 60
    view = start(window, rows, {1: (30, 30), 2: (57, 57)})
    x0, y0 = view.camera.position
    dispatch(window, "on_mouse_motion", 3, 360, 0, 0)  # the left edge of the map
    frames(window, 10)
    assert view.camera.position[0] < x0 and view.camera.position[1] == y0
    dispatch(window, "on_mouse_motion", 480, 360, 0, 0)
    x1 = view.camera.position[0]
    frames(window, 5)
    assert view.camera.position[0] == x1


def test_an_army_in_a_battle_can_retreat_from_the_panel(window: GameWindow) -> None:
    view = start(window)
    game = view.session.game
    mine = spawn_army(game, 1, at(view, 3, 3), ["defender"] * 4, mp=10)
    spawn_army(game, 2, at(view, 4, 3), ["defender"] * 4)
    view._sync()
    click(window, *screen_of(view, at(view, 3, 3)))
    click(window, *screen_of(view, at(view, 4, 3)))
    click(window, *screen_of(view, at(view, 4, 3)))
    game.world.activate()
    assert esper.component_for_entity(mine, Army).battle is not None
    frames(window, 120)
    click(window, *screen_of(view, at(view, 4, 3)))
    assert view.orders.selected_army == mine
    frames(window)
    retreats = [b for b in view.panel.actions if b.visible and b.label.text == "Retreat west"]
    assert not any(b.enabled for b in retreats)  # R5.5/R5.8: the attack ended its actions for this turn
    assert game.submit(EndTurn()).ok and game.submit(EndTurn()).ok  # seat 2 (a computer) ends at once
    game.world.activate()
    assert esper.component_for_entity(mine, Army).battle is not None  # 1-attack defenders outlast 2 rounds
    view._sync()
    frames(window, 120)
    click(window, *screen_of(view, at(view, 4, 3)))
    frames(window)
    retreat = next(b for b in view.panel.actions if b.visible and b.label.text == "Retreat west")
    assert retreat.enabled
    left, bottom, width, height = retreat.rect
    click(window, left + width / 2, bottom + height / 2)
    game.world.activate()
    army = esper.component_for_entity(mine, Army)
    assert army.battle is None and army.territory == at(view, 3, 3)
