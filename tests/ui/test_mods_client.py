"""Issue 6 in the client: mods chosen in the new-game screen or with `foc play --mod`, mod units and structures
in the build menu with their art, ships built, boarded, sailed, fired and landed through the panel and the
map, healing and naval strikes animated, the help listing the ruleset's types; plus the review's polish
(the upkeep forecast in the side panel instead of over the map, the toolbar inside the frame cache).

Everything goes through the real input handlers of the session's one headless window."""

from __future__ import annotations

import argparse
from pathlib import Path

import arcade
import esper
import pytest

from components.armies import Army, ArmyUnit
from components.commands import ChooseBase
from components.structures import Structure
from game.settings import ENV_DIR
from game.setup import PlayerSpec, create_game
from game.ui.app import GameWindow
from game.ui.chronicle import SAVES_ENV
from game.ui.views.base_choice import BaseChoiceView
from game.ui.views.game_view import GameView
from game.ui.views.help_overlay import HelpOverlay
from game.ui.views.setup import SetupView
from systems import queries as q
from tests.builders import spawn_army, spawn_structure, tiny_map
from tests.ui.conftest import click, dispatch, end_turn, frames, shot

# a coast: land on the left, shallow (s) then deep (d) water on the right; row 7 is land again
COAST = [
    "ppppppppsddddd",
    "ppppppppsddddd",
    "pppppppppsdddd",
    "ppppppppppsddd",
    "pppppppppsdddd",
    "ppppppppsddddd",
    "pppppppppsdddd",
    "pppppppppppppp",
]
W = len(COAST[0])


def at(x: int, y: int) -> int:
    return y * W + x


@pytest.fixture
def app(window: GameWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch):  # noqa: ANN201
    """The suite's window at the fastest animation speed, settings and saves in a temporary folder."""
    monkeypatch.setenv(ENV_DIR, str(tmp_path / "config"))
    monkeypatch.setenv(SAVES_ENV, str(tmp_path / "saves"))
    window.settings.speed_index = 3
    window.settings.edge_scroll = False
    window.mods = []
    yield window
    window.mods = []
    window.show_view(arcade.View(window))


def key(win: arcade.Window, symbol: int) -> None:
    dispatch(win, "on_key_press", symbol, 0)
    dispatch(win, "on_key_release", symbol, 0)


def mod_game(mods: list[str | Path], rows: list[str] = COAST, resources: dict[str, int] | None = None):  # noqa: ANN201
    """A game with these mods (plugins' systems included): seat 1 human at (3, 2), seat 2 a computer at (1, 7);
    seat 1 owns the land of rows 0-5."""
    game = create_game(tiny_map(rows, 2), [PlayerSpec("Ada"), PlayerSpec("Bo", computer=True)], 3, mods)
    assert game.submit(ChooseBase(at(3, 2))).ok and game.submit(ChooseBase(at(1, 7))).ok
    world = game.world
    for t in range(len(world.terrain)):
        if world.rules.is_land(world.terrain[t]) and t // W < 6:
            world.set_owner(t, 1)
    q.stockpile(world, 1).update(resources or {"food": 100, "wood": 200, "metal": 40})
    return game


def show(win: GameWindow, game) -> GameView:  # noqa: ANN001
    win.start(game)
    frames(win, 3)
    view = win.current_view
    assert isinstance(view, GameView)
    if view.modal is not None:
        view.close_modal()
    return view


def screen(view: GameView, territory: int) -> tuple[float, float]:
    return view.camera.to_screen(*view.canvas.grid.center(territory))


def press_button(win: arcade.Window, button) -> None:  # noqa: ANN001
    left, bottom, width, height = button.rect
    click(win, left + width / 2, bottom + height / 2)


def panel_action(view: GameView, start: str):  # noqa: ANN001, ANN201
    found = [b for b in view.panel.actions if b.visible and b.label.text.startswith(start)]
    assert found, [b.label.text for b in view.panel.actions if b.visible]
    return found[0]


def spy(monkeypatch: pytest.MonkeyPatch, owner: object, name: str) -> list[tuple[object, ...]]:
    """Record the arguments of every call of `owner.name` (which still runs)."""
    calls: list[tuple[object, ...]] = []
    original = getattr(owner, name)

    def recording(*args: object) -> object:
        calls.append(args)
        return original(*args)

    monkeypatch.setattr(owner, name, recording)
    return calls


def settle(win: GameWindow, view: GameView, limit: int = 600) -> None:
    """Frames until the animations are over and the human is to move again."""
    for _ in range(limit):
        frames(win)
        idle = not (view.animator.busy or view.session.pending or view.canvas.effects.active or view.canvas.effects.busy)
        if view.session.human_to_move() and idle and view.modal is None:
            return
        if view.modal is not None:
            view.close_modal()
    raise AssertionError("the client never settled")


# ---------------------------------------------------------------------------------------------------------


def test_a_mod_ticked_in_the_new_game_screen_is_in_the_games_ruleset_and_schedule(app: GameWindow) -> None:
    app.mods = ["cavalry", "nope"]  # as `foc play --mod cavalry --mod nope` leaves them
    app.show_new_game()
    frames(app, 2)
    setup = app.current_view
    assert isinstance(setup, SetupView)
    assert {"cavalry", "medic", "ships"} <= set(setup.mod_buttons) and "base" not in setup.mod_buttons
    assert setup.mods == ["cavalry"] and setup.status is not None and "nope" in setup.status.text
    button = setup.mod_buttons["medic"]
    click(app, button.center_x, button.center_y)
    frames(app)
    assert setup.mods == ["cavalry", "medic"] and setup.mod_buttons["cavalry"].text.startswith("☑")
    ships = setup.mod_buttons["ships"]
    assert ships.text.startswith("☐")
    dispatch(app, "on_mouse_motion", ships.center_x, ships.center_y, 0, 0)
    frames(app, 2)
    assert setup.mod_about is not None and "Docks" in setup.mod_about.text  # the description on hover
    shot(app, "mods_new_game.png")
    start = setup.start_button
    click(app, start.center_x, start.center_y)
    frames(app, 2)
    choice = app.current_view
    assert isinstance(choice, BaseChoiceView)
    game = choice.session.game
    assert [m.id for m in game.world.rules.mods] == ["base", "cavalry", "medic"]
    assert "cavalry" in game.world.rules.units and "medic.heal" in game.schedule.order("upkeep")
    assert app.mods == ["cavalry", "medic"]  # the next new game starts with them ticked


def test_foc_play_mod_builds_the_quick_start_game_with_the_mods_plugins() -> None:
    from game.ui.launch import new_game_from_args

    args = argparse.Namespace(players="human,ai", difficulty="normal", seed=4, map="random:24", mod=["ships"])
    game = new_game_from_args(args)
    assert [m.id for m in game.world.rules.mods] == ["base", "ships"]
    assert "ships.ready" in game.schedule.order("upkeep") and "battleship" in game.world.rules.structures
    args.mod = ["no_such_mod"]
    with pytest.raises(SystemExit, match="no_such_mod"):
        new_game_from_args(args)


def test_the_build_menu_shows_mod_units_with_their_art_names_and_costs(app: GameWindow, tmp_path: Path) -> None:
    pikes = tmp_path / "pikes"  # a data-only mod in a folder of its own: one unit with art, one without
    pikes.mkdir()
    (pikes / "mod.toml").write_text('id = "pikes"\nname = "Pikes"\nversion = "1.0.0"\nfiles = ["units.toml"]\n')
    unit = ('cost = {{ food = {cost} }}\nupkeep = {{ food = 1 }}\ncombat = {{ attack = 3, defense = 2 }}\n'
            'stationed = {{ attack = 3, defense = 2 }}\nmovement = {{ mp = 3, class = "foot" }}\n')
    (pikes / "units.toml").write_text(f'[units.pikeman]\nname = "Pikeman"\n{unit.format(cost=15)}'
                                      f'[units.halberdier]\nname = "Halberdier"\n{unit.format(cost=18)}')
    game = mod_game(["cavalry", "medic", pikes])
    view = show(app, game)
    buttons = {str(b.tag): b for b in view.panel.unit_buttons}
    icons = {tag: getattr(b.icon, "texture", None) for tag, b in buttons.items()}
    assert list(buttons) == ["soldier", "ranger", "defender", "cavalry", "medic", "pikeman", "halberdier"]
    assets = app.assets
    cavalry = buttons["cavalry"]
    assert cavalry.label.text == "Cavalry" and cavalry.note.text.startswith("25 food")
    assert icons["cavalry"] is assets.unit("cavalry")
    assert "open ground" in cavalry.tooltip and "2 army slots" in cavalry.tooltip
    assert buttons["medic"].label.text == "Medic" and icons["medic"] is assets.unit("medic")
    assert icons["pikeman"] is assets.unit("pikeman") and assets.has_art("units", "pikeman")
    fallback = assets.unit("halberdier")  # no art: the soldier marked with an "H", never the soldier itself
    assert not assets.has_art("units", "halberdier") and fallback is not assets.unit("soldier")
    assert icons["halberdier"] is fallback and buttons["halberdier"].label.text == "Halberdier"
    left, bottom, width, height = cavalry.rect
    dispatch(app, "on_mouse_motion", left + width / 2, bottom + height / 2, 0, 0)
    assert view.tooltip.startswith("Cavalry: attack 4, defense 4")
    frames(app)
    shot(app, "mods_build_menu_cavalry_medic.png")
    press_button(app, cavalry)  # trains one at the base
    game.world.activate()
    trained = [esper.component_for_entity(u, ArmyUnit).unit_type for _, a in q.player_armies(1) for u in a.units]
    assert trained == ["cavalry"]
    frames(app, 30)
    token = next(iter(view.canvas.sprites.tokens.values()))
    assert token.unit.texture is assets.unit("cavalry")


def test_a_ship_is_built_boarded_sailed_fired_and_landed_through_the_panel_and_the_map(
        app: GameWindow, monkeypatch: pytest.MonkeyPatch) -> None:
    game = mod_game(["ships", "cavalry", "medic"])
    tower = spawn_structure(game, 2, "wooden_tower", at(10, 7))  # Bo's tower on the far shore
    view = show(app, game)
    dock_at, harbour, sea = at(9, 3), at(10, 3), at(10, 6)
    press_button(app, next(b for b in view.panel.structure_buttons if b.tag == "dock"))
    assert view.orders.placing == "dock" and dock_at in view.orders.places
    click(app, *screen(view, dock_at))
    press_button(app, next(b for b in view.panel.structure_buttons if b.tag == "battleship"))
    assert view.orders.places == {at(9, 2), harbour, at(9, 4)}  # water next to the dock
    click(app, *screen(view, harbour))
    game.world.activate()
    ship = next(e for e, s in q.structures() if s.structure_type == "battleship")
    army = spawn_army(game, 1, dock_at, ["soldier", "cavalry", "medic"])
    view._sync()
    settle(app, view)
    assert view.canvas.sprites.ship_tokens[ship].hull.texture is app.assets.structure("battleship")
    end_turn(app)  # a ship sails from its owner's next turn
    settle(app, view)
    assert game.world.clock.round == 2 and game.world.clock.seat == 1

    click(app, *screen(view, dock_at))  # the army on the dock
    assert view.orders.selected_army == army
    frames(app)
    board = panel_action(view, "Board the battleship")
    assert board.note.text == "1 MP" and board.enabled
    press_button(app, board)
    game.world.activate()
    assert len(esper.component_for_entity(ship, Structure).garrison) == 3 and not esper.entity_exists(army)
    settle(app, view)
    token = view.canvas.sprites.ship_tokens[ship]
    assert view.canvas.scene.structures[ship].garrison == 3 and token.badge.visible  # the cargo badge

    click(app, *screen(view, harbour))  # the ship: where it can sail is lit on the map
    assert view.orders.selected_structure == ship and sea in view.orders.plugin_targets
    frames(app)
    assert panel_action(view, "Sail (click the map)").note.text.endswith("≤3 MP")
    assert panel_action(view, "Land west").enabled  # back onto the dock
    view.camera.zoom_at(480, 360, 1.5)
    view.camera.center_on_territory(at(9, 4))
    dispatch(app, "on_mouse_motion", *screen(view, sea), 0, 0)
    assert view.orders.note.startswith("Sail to the ") and view.orders.note.endswith(" of your base (3 MP)")
    assert len(view.canvas.overlays.path) == 4
    frames(app, 2)
    shot(app, "mods_ships_dock_cargo_actions.png")
    click(app, *screen(view, sea))
    game.world.activate()
    assert esper.component_for_entity(ship, Structure).territory == sea
    frames(app, 3)
    assert (token.x, token.y) != view.canvas.grid.center(sea)  # it slides...
    settle(app, view)
    assert (token.x, token.y) == view.canvas.grid.center(sea)  # ...and arrives
    frames(app)
    shot(app, "mods_ship_sailed_panel.png")

    flashes = spy(monkeypatch, view.canvas.effects, "flash")
    fire = panel_action(view, "Fire at the wooden tower")
    press_button(app, fire)
    game.world.activate()
    assert esper.component_for_entity(tower, Structure).health == 15 - 5
    frames(app, 2)
    assert (at(10, 7), (255, 90, 60, 255)) in [call[:2] for call in flashes]  # like a battle strike
    settle(app, view)
    land = panel_action(view, "Land south")
    press_button(app, land)
    settle(app, view)
    game.world.activate()
    landed = q.army_of(1, at(10, 7))
    assert landed is not None and len(landed[1].units) == 3 and landed[1].mp == 0
    assert not esper.component_for_entity(ship, Structure).garrison and not token.badge.visible


def test_a_medic_heals_with_a_green_number_at_its_owners_upkeep(app: GameWindow,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    game = mod_game(["medic"])
    army = spawn_army(game, 1, at(5, 4), ["soldier", "medic"])
    game.world.activate()
    wounded = esper.component_for_entity(army, Army).units[0]
    esper.component_for_entity(wounded, ArmyUnit).damage = 1
    view = show(app, game)
    numbers = spy(monkeypatch, view.canvas.effects, "number")
    end_turn(app)
    settle(app, view)
    assert ("+1", (110, 230, 120, 255)) in [call[2:4] for call in numbers]
    game.world.activate()
    assert esper.component_for_entity(wounded, ArmyUnit).damage == 0


def test_the_help_lists_the_rulesets_units_and_structures_mods_included(app: GameWindow) -> None:
    view = show(app, mod_game(["cavalry", "ships"]))
    key(app, arcade.key.F1)
    help_view = view.modal
    assert isinstance(help_view, HelpOverlay)
    names = {e.name: e for e in help_view.entries}
    assert {"Soldier", "Cavalry", "Dock", "Battleship", "Defense upgrade"} <= set(names)
    assert names["Cavalry"].numbers.startswith("attack 4, defense 4, MP 4 (+2 on open ground); costs 25 food")
    assert "carries 10 army slots" in names["Battleship"].numbers
    frames(app)
    shot(app, "mods_help_rules.png")
    key(app, arcade.key.TAB)
    assert help_view.page == 1
    frames(app)
    shot(app, "mods_help_units.png")
    key(app, arcade.key.F1)
    assert view.modal is None


def test_the_forecast_is_one_line_in_the_panel_and_the_map_under_its_old_box_takes_clicks(app: GameWindow) -> None:
    game = create_game(tiny_map(["p" * 40] * 30, 2), [PlayerSpec("Ada"), PlayerSpec("Bo", computer=True)], 3)
    assert game.submit(ChooseBase(2 * 40 + 2)).ok and game.submit(ChooseBase(27 * 40 + 37)).ok
    q.stockpile(game.world, 1)["food"] = 0
    view = show(app, game)
    view.camera.set_position(*view.canvas.grid.center(15 * 40 + 20))
    corner = view.camera.territory_at(40, app.height - 90)  # where the forecast box used to cover the map
    assert corner is not None
    army = spawn_army(game, 1, corner, ["defender", "defender"])
    view.turn_hud._forecast_key = ()
    view._sync()
    frames(app, 3)
    line = view.panel.forecast
    assert line.visible and "unpaid" in line.label.text and "rogue chance" in line.tooltip
    click(app, *screen(view, corner))
    assert view.orders.selected_army == army  # nothing over the map swallows the click
    view.camera.set_position(0, 0)
    press_button(app, line)  # the line looks at the unpaid groups, one after another
    left, bottom, right, top = view.camera.view_rect()
    x, y = view.canvas.grid.center(corner)
    assert left <= x <= right and bottom <= y <= top


def test_an_idle_frame_copies_the_cache_with_the_toolbar_in_it(app: GameWindow,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    view = show(app, mod_game([]))
    frames(app, 4)
    drawn = spy(monkeypatch, view.turn_hud, "draw")
    before = dict(view.frames.counts)
    frames(app, 5)
    assert view.frames.counts["copied"] - before["copied"] == 5 and not drawn
    button = view.turn_hud.buttons["log"]
    dispatch(app, "on_mouse_motion", button.left + 5, button.bottom + 5, 0, 0)  # hovering changes the picture
    frames(app, 2)
    assert drawn
