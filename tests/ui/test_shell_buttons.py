"""Every action has a button as well as a key, through the real handlers: Risky Space's roll, stop and end turn
(RS6, RS5) are buttons in its panel when they apply; MonsterCrasher's Menu button and Esc open the client's game
menu, which asks to save before leaving (they went to the main menu at once, losing the game)."""

from __future__ import annotations

import random

import arcade

from game.setup import PlayerSpec, create_game
from game.ui.app import GameWindow
from game.ui.views.choice_box import ChoiceBox
from tests.risky_space import RULESET, module
from tests.ui.conftest import click, dispatch, frames

R = module("rules")
ECS = module("ecs")


def attack_phase_game(seed: int = 5):  # noqa: ANN201
    """A Risky Space game played by its legal commands until the human seat 1 may attack."""
    from game.ui.launch import choose_map

    game = create_game(choose_map(None, 2, seed, RULESET), [PlayerSpec("Ada"), PlayerSpec("Bo")], seed,
                       ruleset=RULESET)
    rng = random.Random(seed)
    for _ in range(400):
        state = ECS.load_state(game.world)
        if state.phase == R.ATTACK and game.world.clock.seat == 1 and state.battle is None:
            return game
        legal = [c for c in game.app.legal_commands(game) if not isinstance(c, R.Attack | R.Fortify)]
        assert game.submit(rng.choice(legal)).ok
    raise AssertionError("never reached seat 1's attacks")


def test_risky_space_end_turn_is_a_button(app: GameWindow):
    game = attack_phase_game()
    app.start(game)
    view = app.current_view
    frames(app, 2)
    while not isinstance(app.current_view, type(view)):  # the hand-over between the two humans
        app.current_view.elapsed = 1.0
        click(app, 100, 100)
    buttons = {b.label: b for b in view.action_buttons(ECS.load_state(game.world))}
    assert list(buttons) == ["End turn [E]"]
    end = buttons["End turn [E]"]
    click(app, end.left + 5, end.bottom + 5)
    assert game.world.clock.seat == 2


def test_risky_space_roll_again_and_stop_are_buttons_during_a_battle(app: GameWindow):
    game = attack_phase_game(seed=7)
    attack = max((c for c in game.app.legal_commands(game) if isinstance(c, R.Attack)), key=lambda c: c.force)
    app.start(game)
    view = app.current_view
    frames(app, 2)
    while not isinstance(app.current_view, type(view)):
        app.current_view.elapsed = 1.0
        click(app, 100, 100)
    assert view.session.submit(attack).ok
    state = ECS.load_state(game.world)
    assert state.battle is not None  # seed 7: the first roll leaves the battle open (RS6)
    buttons = {b.label: b for b in view.action_buttons(state)}
    assert list(buttons) == ["Roll again [R]", "Stop [S]"]
    stop = buttons["Stop [S]"]
    click(app, stop.left + 5, stop.bottom + 5)
    assert ECS.load_state(game.world).battle is None


def test_monstercrasher_menu_button_and_esc_open_the_game_menu_that_asks_to_save(app: GameWindow):
    game = create_game(None, [PlayerSpec("Ada"), PlayerSpec("Bot", computer=True)], 11, ruleset="monstercrasher")
    app.start(game)
    view = app.current_view
    frames(app, 2)
    dispatch(app, "on_key_press", arcade.key.ESCAPE, 0)
    menu = view.shell.modal
    assert isinstance(menu, ChoiceBox) and menu.title == "Game menu"
    main = next(b for b in menu.buttons if b.label == "Main menu")
    click(app, main.left + 5, main.bottom + 5)
    assert isinstance(view.shell.modal, ChoiceBox) and view.shell.modal.title == "Save the game first?"
    assert app.current_view is view  # still in the game
    dispatch(app, "on_key_press", arcade.key.ESCAPE, 0)  # Cancel
    assert view.shell.modal is None
    left, bottom, width, height = view.menu_button.rect
    click(app, left + width / 2, bottom + height / 2)
    assert isinstance(view.shell.modal, ChoiceBox) and view.shell.modal.title == "Game menu"


def test_monstercrasher_commands_reach_the_shells_log_and_undo(app: GameWindow):
    """The MonsterCrasher screen's commands go through the session: the shell's log lists them and its undo takes a
    spawn back (MC3.2), the picture following."""
    game = create_game(None, [PlayerSpec("Ada"), PlayerSpec("Bot", computer=True)], 11, ruleset="monstercrasher")
    app.start(game)
    view = app.current_view
    frames(app, 2)
    plugin = game.app.plugin("monstercrasher")
    left, bottom, width, height = view.roster_buttons["guard"].rect
    click(app, left + width / 2, bottom + height / 2)
    click(app, *view.to_screen(3, 1))
    assert [p.kind for p in plugin.play.position_of(game.world).pieces] == ["guard"]
    assert any("spawn" in line.lower() for line in view.shell.log_lines())
    dispatch(app, "on_key_press", arcade.key.Z, arcade.key.MOD_CTRL)
    assert plugin.play.position_of(game.world).pieces == ()
    frames(app, 2)
    assert not view.scene.tokens  # the picture followed the undo


def test_total_war_keys_are_buttons_too_hold_and_facing_by_clicks(app: GameWindow):
    """TW5: a selected regiment's hold and facing (keys H, 1-6) are buttons of the shell's row; clicking them gives
    the same secret order the keys give."""
    from game.orders import orders_of
    from tests.ui.test_total_war_screen import start

    view = start(app, [PlayerSpec("Red"), PlayerSpec("Blue", computer=True)])
    for _ in range(400):
        frames(app, 1)
        if view.stage() == "movement" and view.can_act() and not view.queue:
            break
        if view.stage() in ("muster", "deploy") and view.can_act():
            view.ready()
        view.session.wait(1)
    name, regiment = next((k, r) for k, r in view.shown.items() if r.seat == view.viewer)
    click(app, *view.to_screen(regiment.hex))
    assert view.selected == name
    labels = {b.label: b for b in (view.shell._layout_key_buttons() or view.shell.key_buttons)}
    assert {"Hold [H]", "N [1]", "NW [6]", "Whole field [Z]"} <= set(labels)
    facing = labels["NW [6]"]
    click(app, facing.left + 5, facing.bottom + 5)
    orders = [o for o in orders_of(view.game.world, view.viewer) if getattr(o, "regiment", None) == name]
    assert orders and orders[-1].facing == "NW"


def test_the_shells_own_timers_keep_a_screen_drawing_only_while_they_run(app: GameWindow):
    """Quiet idle with the shell: its toast (and the victory delay) count as the screen animating (the window's
    stillness asks `animating()`), and only while they run."""
    game = create_game(None, [PlayerSpec("Ada"), PlayerSpec("Bot", computer=True)], 11, ruleset="monstercrasher")
    app.start(game)
    view = app.current_view
    frames(app, 30)
    assert not view.animating()
    view.shell.say("Saved as 'x'")
    assert view.animating()
    frames(app, 200)  # the toast's time passes on the frames' clock
    assert not view.animating()
