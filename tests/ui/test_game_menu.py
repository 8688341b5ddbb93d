"""Around the game, through the real handlers: the in-game menu (Esc) and leaving with "save first?", the
end-turn warning with "don't ask again this game", and autosaves per game (none in watch mode unless asked)."""

from __future__ import annotations

import arcade

from game.setup import PlayerSpec, create_game
from game.ui.chronicle import attach, game_identity
from game.ui.preferences import configure_window
from game.ui.session import Session
from game.ui.views.choice_box import ChoiceBox
from game.ui.views.menu import MainMenuView
from game.ui.views.saves_dialog import SAVE_SUFFIX, SavesDialog
from tests.builders import at, spawn_army, tiny_game, tiny_map
from tests.ui.conftest import dispatch
from tests.ui.test_game_flow import board, click, key, ready, shot, start, step, type_text  # noqa: F401


def _answer(view, label: str) -> None:
    box = view.modal
    assert isinstance(box, ChoiceBox)
    button = next(b for b in box.buttons if b.label.startswith(label))
    click(view.window, button.left + 10, button.bottom + 10)


def test_esc_opens_the_game_menu_and_leaving_asks_to_save_first(app, tmp_path):
    game = tiny_game(board(), {1: (2, 2), 2: (27, 17)})
    army = spawn_army(game, 1, at(game, 5, 5), ["soldier"])
    start(app, game)
    view = ready(app)
    view.orders.select_army(army)
    key(app, arcade.key.ESCAPE)  # the first Esc clears the selection...
    assert view.modal is None and view.orders.selected_army is None
    key(app, arcade.key.ESCAPE)  # ...the next opens the menu
    menu = view.modal
    assert isinstance(menu, ChoiceBox) and menu.title == "Game menu"
    assert [b.label.split("  ")[0] for b in menu.buttons] == ["Resume", "Save game", "Load game", "Settings",
                                                              "Help", "Resign", "Main menu", "Quit"]
    step(app, 2)
    shot(app, "game_menu.png")
    key(app, arcade.key.ESCAPE)  # Esc resumes
    assert view.modal is None
    key(app, arcade.key.ESCAPE)
    _answer(view, "Main menu")
    assert view.modal.title == "Save the game first?"
    shot(app, "game_menu_save_first.png")
    _answer(view, "Save, then leave")
    assert isinstance(view.modal, SavesDialog)
    type_text(app, "before lunch")
    key(app, arcade.key.ENTER)
    assert (tmp_path / "saves" / f"before_lunch{SAVE_SUFFIX}").exists()
    assert isinstance(app.current_view, MainMenuView)


def test_resign_from_the_game_menu_asks_first_then_the_other_seat_wins(app):
    """The engine's Resign (R7.2's defeat for the seat that gives up) from the game menu: a confirmation first
    (Cancel changes nothing), then the game is over and the other seat has won; two humans at one table can end a
    game that has no round limit."""
    game = tiny_game(board(), {1: (2, 2), 2: (27, 17)})
    start(app, game)
    view = ready(app)
    key(app, arcade.key.ESCAPE)
    _answer(view, "Resign")
    assert view.modal.title == "Resign, P1?"
    _answer(view, "Cancel")
    assert view.modal is None and not game.over
    key(app, arcade.key.ESCAPE)
    _answer(view, "Resign")
    _answer(view, "Resign")
    assert game.over and game.world.clock.winner == 2


def test_a_menu_digit_that_opens_the_save_dialog_is_not_typed_into_its_name(app):
    """The game menu's answers have digit keys; "2" opens Save, and the text "2" that the same key press types
    (pyglet sends it after the press) is the menu's, not the first letter of the save's name ("2midgame")."""
    game = tiny_game(board(), {1: (2, 2), 2: (27, 17)})
    start(app, game)
    view = ready(app)
    key(app, arcade.key.ESCAPE)
    dispatch(app, "on_key_press", arcade.key.KEY_2, 0)
    dispatch(app, "on_text", "2")
    dispatch(app, "on_key_release", arcade.key.KEY_2, 0)
    dialog = view.shell.modal
    assert isinstance(dialog, SavesDialog) and dialog.save_name == "base-round-1"
    type_text(app, "2")  # a later "2" is the player's
    assert dialog.save_name.endswith("2")


def test_a_ruleset_without_resignation_offers_no_resign(app):
    """Resign is offered only where the engine accepts it from the seat at the table (MonsterCrasher's rules have
    no resignation)."""
    from game.setup import PlayerSpec, create_game

    app.start(create_game(None, [PlayerSpec("Ada"), PlayerSpec("Bo")], 3, ruleset="monstercrasher"))
    shell = app.current_view.shell
    assert not shell.may_resign()
    shell.open_menu()
    assert "Resign" not in [b.label for b in shell.modal.buttons]


def test_leaving_without_saving_goes_to_the_main_menu(app):
    game = tiny_game(board(), {1: (2, 2), 2: (27, 17)})
    start(app, game)
    view = ready(app)
    key(app, arcade.key.ESCAPE)
    _answer(view, "Main menu")
    _answer(view, "Leave without saving")
    assert isinstance(app.current_view, MainMenuView)


def test_ending_the_turn_with_armies_unmoved_warns_until_told_not_to_ask_again(app):
    game = tiny_game(board(), {1: (2, 2), 2: (27, 17)}, resources={"food": 50})
    army = spawn_army(game, 1, at(game, 5, 5), ["soldier"])
    spawn_army(game, 2, at(game, 20, 15), ["soldier"])
    start(app, game)
    view = ready(app)
    key(app, arcade.key.ENTER)
    box = view.modal
    assert isinstance(box, ChoiceBox) and box.title == "End the turn?" and "One of your armies" in box.text
    assert game.world.clock.seat == 1
    step(app, 2)
    shot(app, "end_turn_warning.png")
    key(app, arcade.key.ESCAPE)  # back to my armies: the army is selected
    assert view.modal is None and view.orders.selected_army == army and game.world.clock.seat == 1
    key(app, arcade.key.ESCAPE)
    step(app, 2)  # the panel refreshes in the next frame
    end = view.panel.end_turn
    click(app, end.rect[0] + 10, end.rect[1] + 10)  # the panel's button warns too
    box = view.modal
    assert isinstance(box, ChoiceBox)
    x, y, size, _ = box._tick
    click(app, x + size / 2, y + size / 2)  # "don't ask again this game"
    assert box.checked
    _answer(view, "End turn")
    assert view.modal is None and not view.warn_unmoved
    assert game.world.clock.seat == 2
    ready(app)  # the other player (hot seat) has an army that could move too...
    key(app, arcade.key.ENTER)  # ...but this game does not ask again
    assert view.modal is None and game.world.clock.round == 2


def _game(players: str):
    specs = [PlayerSpec(f"P{i + 1}", kind == "ai", "normal") for i, kind in enumerate(players.split(","))]
    return create_game(tiny_map(["p" * 8] * 8), specs, 3, [])


def test_each_game_autosaves_under_its_own_name_and_watch_mode_only_when_asked(app, tmp_path):
    from game.settings import Settings

    configure_window(app, Settings(), autosave=True)
    try:
        human = _game("human,ai")
        chronicle = attach(Session(human, {}), app)
        assert chronicle.autosaver is not None and chronicle.autosaver.tag == f"autosave-{game_identity(human)}"
        assert attach(Session(_game("ai,ai"), {}), app).autosaver is None  # watch mode: no autosaves...
        configure_window(app, Settings(autosave_watched=True), autosave=True)
        assert attach(Session(_game("ai,ai"), {}), app).autosaver is not None  # ...unless asked
        other = tiny_game(board(), {1: (2, 2), 2: (27, 17)})
        assert game_identity(other) != game_identity(human)
    finally:
        app.autosave_folder = None
        app.autosave_watched = False


def test_the_base_game_screen_uses_the_shell_every_screen_gets(app):
    """One shell for every ruleset's screen: the base game's map screen has no menu, saves or help of its own; its
    toolbar's Save button and F5 open the shell's save dialog in the shell's one dialog slot, and the shell draws
    no button row over the map screen's own toolbar."""
    from game.ui.shell import Shell

    game = tiny_game(board(), {1: (2, 2), 2: (27, 17)})
    start(app, game)
    view = ready(app)
    assert isinstance(view.shell, Shell) and view.shell.view is view
    assert view.shell.bar() == []  # the toolbar (Menu, Undo, Log, Summary, Help, Save, Load, Settings) is the screen's
    save = view.turn_hud.buttons["save"]
    click(app, save.left + 5, save.bottom + 5)
    assert isinstance(view.shell.modal, SavesDialog) and view.modal is view.shell.modal
    key(app, arcade.key.ESCAPE)
    assert view.shell.modal is None
    key(app, arcade.key.F5)
    assert isinstance(view.shell.modal, SavesDialog) and view.shell.modal.save_name == "base-round-1"
    key(app, arcade.key.ESCAPE)
    menu = view.turn_hud.buttons["menu"]  # the game menu has a button as well as its key
    click(app, menu.left + 5, menu.bottom + 5)
    assert isinstance(view.shell.modal, ChoiceBox) and view.shell.modal.title == "Game menu"


def test_the_base_choice_has_the_game_menu_and_a_save_made_there_loads_back_to_it(app, tmp_path):
    """R1.3's base choice is part of the game: Esc opens the game menu there as on the map screen (no Resign: the
    engine does not take one before the bases stand), its Save writes a slot, and that slot loads back to the base
    choice with no base chosen, after a base was placed."""
    from components.commands import ChooseBase
    from game.mapgen import generate_map
    from game.setup import new_game
    from game.ui.views.base_choice import BaseChoiceView
    from systems import queries as q
    from tests.builders import base_rules

    game = new_game(base_rules(), generate_map(24, 24, players=2, seed=5), [PlayerSpec("Ada"), PlayerSpec("Bo")], 5)
    start(app, game)
    view = app.current_view
    assert isinstance(view, BaseChoiceView)
    key(app, arcade.key.ESCAPE)
    menu = view.shell.modal
    assert isinstance(menu, ChoiceBox) and menu.title == "Game menu"
    assert [b.label.split("  ")[0] for b in menu.buttons] == ["Resume", "Save game", "Load game", "Settings",
                                                              "Help", "Main menu", "Quit"]
    step(app, 2, draw=True)
    shot(app, "base_choice_menu.png")
    _answer(view.shell, "Save game")
    assert isinstance(view.shell.modal, SavesDialog)
    type_text(app, "at the start")
    key(app, arcade.key.ENTER)
    assert (tmp_path / "saves" / f"at_the_start{SAVE_SUFFIX}").exists()
    land = next(t for t in game.world.start_zones[1] if game.check(ChooseBase(t)) is None)
    click(app, *view.camera.to_screen(*view.canvas.grid.center(land)))
    assert q.home_base(game.world, 1) == land
    key(app, arcade.key.F9)
    dialog = view.shell.modal
    assert isinstance(dialog, SavesDialog)
    key(app, arcade.key.DOWN)
    key(app, arcade.key.ENTER)
    step(app, 2)
    loaded = app.current_view
    assert isinstance(loaded, BaseChoiceView) and loaded is not view
    assert q.home_base(loaded.session.world, 1) is None
