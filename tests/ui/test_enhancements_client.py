"""The enhancement mods in the client (accessories, castle-works, siege): ticked in the new-game screen, their
actions in the side panel (equip, volley, climb, build/open a gate, dig a moat), their art in the help.

Everything goes through the real input handlers of the session's one headless window; screenshots go to
screenshots/enh_*.png."""

from __future__ import annotations

from pathlib import Path

import arcade
import esper
import pytest

from components.armies import Army
from components.commands import ChooseBase, CrewCatapult
from components.structures import Structure
from game.settings import ENV_DIR
from game.setup import PlayerSpec, create_game
from game.ui.app import GameWindow
from game.ui.chronicle import SAVES_ENV
from game.ui.views.game_view import GameView
from game.ui.views.help_overlay import HelpOverlay
from game.ui.views.setup import SetupView
from systems import queries as q
from tests.builders import spawn_army, spawn_structure, tiny_map
from tests.ui.conftest import click, dispatch, frames, shot

ROWS = [
    "pppppppppp",
    "pppppppppp",
    "pppppppppp",
    "ppbppppppp",
    "pppppppppp",
    "pppppppppp",
]
W = len(ROWS[0])
MODS = ["accessories", "castle-works", "siege"]


def at(x: int, y: int) -> int:
    return y * W + x


@pytest.fixture
def app(window: GameWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch):  # noqa: ANN201
    monkeypatch.setenv(ENV_DIR, str(tmp_path / "config"))
    monkeypatch.setenv(SAVES_ENV, str(tmp_path / "saves"))
    window.settings.speed_index = 3
    window.settings.edge_scroll = False
    window.mods = []
    yield window
    window.mods = []
    window.show_view(arcade.View(window))


def enh_game():
    """Seat 1 (human) at (1, 2) owning columns 0-4; seat 2 (computer) at (8, 2) owning columns 5-9."""
    game = create_game(tiny_map(ROWS, 2), [PlayerSpec("Ada"), PlayerSpec("Bo", computer=True)], 3, MODS)
    assert game.submit(ChooseBase(at(1, 2))).ok and game.submit(ChooseBase(at(8, 2))).ok
    for t in range(len(game.world.terrain)):
        game.world.set_owner(t, 1 if t % W < 5 else 2)
    for seat in game.world.seats:
        q.stockpile(game.world, seat).update({"food": 200, "wood": 200, "metal": 60, "stone": 60})
    return game


def show(win: GameWindow, game) -> GameView:  # noqa: ANN001
    win.start(game)
    frames(win, 3)
    view = win.current_view
    assert isinstance(view, GameView)
    if view.modal is not None:
        view.close_modal()
    return view


def screen(view: GameView, territory: int, dx: float = 0.0, dy: float = 0.0) -> tuple[float, float]:
    """Where a territory (shifted by dx, dy tiles) is on the screen."""
    x, y = view.canvas.grid.center(territory)
    tile = view.canvas.grid.tile
    return view.camera.to_screen(x + dx * tile, y + dy * tile)


def press(win: GameWindow, view: GameView, start: str) -> None:
    frames(win)
    found = [b for b in view.panel.actions if b.visible and b.label.text.startswith(start)]
    assert found, [b.label.text for b in view.panel.actions if b.visible]
    assert found[0].enabled, (found[0].label.text, found[0].note.text)
    left, bottom, width, height = found[0].rect
    click(win, left + width / 2, bottom + height / 2)


def settle(win: GameWindow, view: GameView, limit: int = 600) -> None:
    for _ in range(limit):
        frames(win)
        idle = not (view.animator.busy or view.session.pending or view.canvas.effects.active or view.canvas.effects.busy)
        if view.session.human_to_move() and idle and view.modal is None:
            return
    raise AssertionError("the client never settled")


def test_the_three_mods_are_ticked_in_the_new_game_screen(app: GameWindow) -> None:
    app.mods = list(MODS)  # as `foc play --mod accessories --mod castle-works --mod siege` leaves them
    app.show_new_game()
    frames(app, 2)
    setup = app.current_view
    assert isinstance(setup, SetupView)
    assert set(MODS) <= set(setup.mod_buttons) and setup.mods == MODS
    button = setup.mod_buttons["siege"]
    dispatch(app, "on_mouse_motion", button.center_x, button.center_y, 0, 0)
    frames(app, 2)
    assert setup.mod_about is not None and "siege tower" in setup.mod_about.text
    shot(app, "enh_new_game.png")


def test_bows_are_equipped_and_a_volley_loosed_ladders_climb_a_wall_through_the_panel(app: GameWindow) -> None:
    game = enh_game()
    archers = spawn_army(game, 1, at(4, 2), ["soldier", "soldier"])
    foe = spawn_army(game, 2, at(5, 2), ["defender", "defender", "defender"])
    spawn_structure(game, 2, "stone_wall", at(5, 4), at(4, 4), garrison=["soldier"])
    climbers = spawn_army(game, 1, at(4, 4), ["soldier", "defender"])
    view = show(app, game)
    view.camera.center_on_territory(at(4, 3))
    click(app, *screen(view, at(4, 2)))
    assert view.orders.selected_army == archers
    press(app, view, "Equip: Bow and arrow")
    press(app, view, "Equip: Bow and arrow")
    game.world.activate()
    plugin = game.app.plugin("accessories")
    assert all(plugin.accessory_of(game.world, u).name == "Bow and arrow" for u in army_units(archers))
    press(app, view, "Volley")
    frames(app, 4)
    shot(app, "enh_accessories_volley.png")
    settle(app, view)
    game.world.activate()
    assert sum(q.unit(u).damage for u in army_units(foe)) == 2  # two bows at attack 2 - 1
    click(app, *screen(view, at(4, 4)))
    assert view.orders.selected_army == climbers
    press(app, view, "Equip: Ladder")
    press(app, view, "Equip: Ladder")
    frames(app, 2)
    shot(app, "enh_accessories_ladders_panel.png")
    press(app, view, "Climb the wall")
    settle(app, view)
    game.world.activate()
    assert any(type(e).__name__ == "WallClimbed" for e in game.world.events) or q.armies_at(at(5, 4))
    frames(app, 2)
    shot(app, "enh_accessories_climbed.png")


def army_units(entity: int) -> list[int]:
    return list(esper.component_for_entity(entity, Army).units) if esper.entity_exists(entity) else []


def test_a_wall_is_selected_near_its_edge_a_portcullis_built_and_opened_and_a_moat_dug(app: GameWindow) -> None:
    game = enh_game()
    wall = spawn_structure(game, 1, "stone_wall", at(2, 2), at(2, 3))  # above the barren (2, 3)
    view = show(app, game)
    view.camera.center_on_territory(at(2, 3))
    click(app, *screen(view, at(2, 2), 0.0, -0.42))  # near the wall's edge
    assert view.orders.selected_structure == wall
    press(app, view, "Build a portcullis")
    castle = game.app.plugin("castle-works")
    assert castle.gate_of(wall) is not None and not castle.gate_of(wall).open
    settle(app, view)
    assert view.canvas.scene.structures[wall].mark == ("equipment", "portcullis", False)  # drawn on the wall
    frames(app, 2)
    shot(app, "enh_castle_gate_closed.png")
    press(app, view, "Open the portcullis")
    assert castle.gate_of(wall).open
    settle(app, view)
    assert view.canvas.scene.structures[wall].mark == ("equipment", "portcullis", True)  # faded while open
    frames(app, 2)
    assert "Portcullis open" in view.panel.subtitle.text
    shot(app, "enh_castle_gate_panel.png")
    press(app, view, "Moat south")  # the panel words "Moat at N" by where N lies from the wall
    settle(app, view)
    assert game.world.terrain[at(2, 3)] == "shallow_water"
    assert view.canvas.scene.terrain[at(2, 3)] == "shallow_water"
    frames(app, 40)  # past the flash
    shot(app, "enh_castle_moat.png")


def test_a_crewed_siege_engine_lifts_its_armys_units_over_a_wall_from_the_panel(app: GameWindow) -> None:
    game = enh_game()
    wall = spawn_structure(game, 2, "stone_wall", at(5, 3), at(4, 3))
    engine = spawn_structure(game, 1, "siege_engine", at(4, 3))
    band = spawn_army(game, 1, at(4, 3), ["soldier", "soldier", "soldier", "defender"])
    assert game.submit(CrewCatapult(engine, band)).ok
    view = show(app, game)
    view.camera.center_on_territory(at(4, 3))
    click(app, *screen(view, at(4, 3)))
    assert view.orders.selected_army == band
    frames(app, 2)
    # the crewed engine, under its army's token, is drawn again small on top (the siege mod's structure mark)
    assert view.canvas.scene.structures[engine].mark == ("structures", "siege_engine", False)
    left, bottom, size, _ = view.canvas.sprites.grid.rect(at(4, 3))
    picture = view.canvas.sprites.assets.texture("structures", "siege_engine")
    assert any(m.texture is picture and left <= m.center_x <= left + size and bottom <= m.center_y <= bottom + size
               for m in view.canvas.sprites.marks)
    shot(app, "enh_siege_before.png")
    press(app, view, "Climb the wall")
    settle(app, view)
    game.world.activate()
    over = q.army_of(1, at(5, 3))
    assert over is not None and len(over[1].units) == 3  # the crew stayed with its engine
    assert esper.component_for_entity(engine, Structure).territory == at(4, 3) and esper.entity_exists(wall)
    frames(app, 2)
    shot(app, "enh_siege_climbed.png")


def test_a_catapult_bombards_a_closed_hostile_gate_from_the_panel_e2_5(app: GameWindow) -> None:
    game = enh_game()
    castle = game.app.plugin("castle-works")
    assert castle is not None
    wall = spawn_structure(game, 2, "stone_wall", at(6, 3), at(5, 3))
    game.world.clock.seat = 2
    assert game.submit(castle.BuildGate(wall, "portcullis")).ok
    game.world.clock.seat = 1
    catapult = spawn_structure(game, 1, "catapult", at(4, 3))
    view = show(app, game)
    view.camera.center_on_territory(at(4, 3))
    click(app, *screen(view, at(4, 3)))
    frames(app, 2)
    shot(app, "enh_catapult_gate_before.png")
    press(app, view, "Bombard the portcullis")
    settle(app, view)
    game.world.activate()
    gate = esper.component_for_entity(wall, castle.Gate)
    assert gate.health == gate.max_health - game.world.rules.catapult.ammo["metal"]
    assert esper.component_for_entity(wall, Structure).health == esper.component_for_entity(wall, Structure).max_health
    assert esper.entity_exists(catapult)
    frames(app, 2)
    shot(app, "enh_catapult_gate_after.png")


def test_the_help_shows_the_accessories_gates_and_moat_with_their_pictures(app: GameWindow) -> None:
    view = show(app, enh_game())
    dispatch(app, "on_key_press", arcade.key.F1, 0)
    dispatch(app, "on_key_release", arcade.key.F1, 0)
    help_view = view.modal
    assert isinstance(help_view, HelpOverlay)
    names = {e.name: e for e in help_view.entries}
    assert {"Bow and arrow", "Ladder", "Battering ram", "Boiling oil cauldron", "Armour", "Drawbridge", "Portcullis",
            "Moat", "Siege engine"} <= set(names)
    assert names["Bow and arrow"].numbers.startswith("accessory: costs 1 wood")
    dispatch(app, "on_key_press", arcade.key.TAB, 0)
    dispatch(app, "on_key_release", arcade.key.TAB, 0)
    frames(app, 2)
    shot(app, "enh_help_units.png")


def test_a_computer_only_game_with_the_three_mods_ends_in_the_victory_screen_in_the_window(app: GameWindow) -> None:
    """The headless game of tests/test_enhancements_play.py, played there to a few rounds before its end, then
    in the window (the mods' presentation on the way) to the victory screen."""
    from game.mapgen import generate_map
    from game.simulate import new_modded_game, play_game
    from game.ui.views.victory import VictoryView

    board = generate_map(16, 16, players=2, seed=5, name="enhancements 16x16")
    full = new_modded_game(board, ["hard", "hard"], 2, MODS)
    _, result = play_game(full.world.rules, board, ["hard", "hard"], 2, 200, game=full)
    assert result.winner is not None
    game = new_modded_game(board, ["hard", "hard"], 2, MODS)
    play_game(game.world.rules, board, ["hard", "hard"], 2, result.rounds - 2, game=game)
    assert not game.over
    app.start(game)
    frames(app, 30)
    shot(app, "enh_window_late_game.png")
    for _ in range(8000):
        frames(app)
        if isinstance(app.current_view, GameView) and app.current_view.modal is not None:
            app.current_view.close_modal()
        if isinstance(app.current_view, VictoryView):
            break
    assert isinstance(app.current_view, VictoryView), type(app.current_view).__name__
    assert game.world.clock.winner == result.winner
    frames(app, 2)
    shot(app, "enh_window_victory.png")
