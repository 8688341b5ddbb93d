"""Issue 17's six enhancement mods together in the client: the new-game screen offers and ticks all six through
the real handlers, and a computer-only game with all six runs in the (headless) window through the client's own
loop to the victory screen, with the same moves as the headless game. Screenshots: screenshots/six_*.png."""

from __future__ import annotations

import esper

from components.structures import Structure
from game.ui.app import GameWindow
from game.ui.views.base_choice import BaseChoiceView
from game.ui.views.setup import SetupView
from game.ui.views.victory import VictoryView
from tests.builders import spawn_structure
from tests.ui.conftest import click, frames, run_client, shot
from tests.ui.test_mods_client import app, at, mod_game, show

__all__ = ["app"]  # the fixture, shared with the mods' client tests

MODS = ["accessories", "castle-works", "siege", "fire", "ranger-skills", "rare-units"]
KINDS = ["hard", "hard"]
# bounds in client updates (the computer's turns and their animations advance only with them): ~160 for two
# rounds, ~2,900 to the victory screen; a slow machine takes longer over them but never runs out
MID_UPDATES, END_UPDATES = 1_000, 9_000
SEED = 3  # tests/test_all_enhancements_play.py's map; this seed's game ends in round 55 with gates and siege engines


def test_the_new_game_screen_offers_all_six_mods_and_ticks_them_through_its_buttons(app: GameWindow) -> None:
    app.mods = []
    app.show_new_game()
    frames(app, 2)
    setup = app.current_view
    assert isinstance(setup, SetupView)
    assert set(MODS) <= set(setup.mod_buttons)
    for mod in MODS:
        button = setup.mod_buttons[mod]
        click(app, button.center_x, button.center_y)
        frames(app)
    assert sorted(setup.mods) == sorted(MODS)
    shot(app, "six_new_game_mods.png")
    click(app, setup.start_button.center_x, setup.start_button.center_y)
    frames(app, 2)
    choice = app.current_view
    assert isinstance(choice, BaseChoiceView)
    game = choice.session.game
    assert [m.id for m in game.world.rules.mods] == ["base", *MODS]
    assert "fire.burn" in game.schedule.order("upkeep")
    assert {"marshal", "huntmaster"} <= set(game.world.rules.units) and "siege_engine" in game.world.rules.structures
    app.mods = []


def test_a_computer_only_game_with_all_six_mods_runs_in_the_window_to_the_victory_screen(app: GameWindow) -> None:
    from game.mapgen import generate_map
    from game.simulate import new_modded_game, play_game

    board = generate_map(16, 16, players=2, seed=5, name="enhancements 16x16")
    full = new_modded_game(board, KINDS, SEED, MODS)
    full, result = play_game(full.world.rules, board, KINDS, SEED, 200, game=full)
    assert result.winner in (1, 2)
    game = new_modded_game(board, KINDS, SEED, MODS)
    play_game(game.world.rules, board, KINDS, SEED, 22, game=game)  # mid-game: gates and a siege engine stand
    game.world.activate()
    assert any(s.structure_type == "siege_engine" for _, s in esper.get_component(Structure))
    app.start(game)
    frames(app, 30)
    mid = game.world.clock.round
    used = run_client(app, lambda: game.world.clock.round >= mid + 2, MID_UPDATES, close_modals=True)
    assert game.world.clock.round >= mid + 2 and not game.over, (game.world.clock, used)
    frames(app, 5)
    shot(app, "six_window_mid_game.png")
    used = run_client(app, lambda: isinstance(app.current_view, VictoryView), END_UPDATES, close_modals=True)
    assert isinstance(app.current_view, VictoryView), (type(app.current_view).__name__, game.world.clock, used)
    assert game.world.clock.winner == result.winner and game.history == full.history  # the same game as headless
    frames(app, 2)
    shot(app, "six_window_victory.png")


def test_a_burning_wall_with_a_gate_shows_both_the_gate_and_the_flames(app: GameWindow) -> None:
    """Two mods' pictures on one structure (castle works' gate E2.2, fire's flames E4.3): each keeps its own, so
    opening the gate fades only the gate and putting the fire out leaves the gate drawn."""
    from game.content import plugin_module

    game = mod_game(["castle-works", "fire"])
    castle, fire = plugin_module("castle-works"), plugin_module("fire")
    wall = spawn_structure(game, 1, "wooden_wall", at(4, 1), border=at(5, 1))
    esper.add_component(wall, fire.Burning(1))
    view = show(app, game)
    scene = view.canvas.scene
    flames = app.assets.texture("marks", "burning")
    portcullis = app.assets.texture("equipment", "portcullis")
    assert scene.structures[wall].marks == {("marks", "burning"): False}
    scene.apply(castle.GateBuilt(1, wall, "portcullis", at(4, 1), at(5, 1)))  # the gate's own scene update
    scene.apply(castle.GateToggled(1, wall, True, at(4, 1)))
    assert scene.structures[wall].marks == {("marks", "burning"): False, ("equipment", "portcullis"): True}
    frames(app, 2)
    drawn = [s for s in view.canvas.sprites.marks if s.texture in (flames, portcullis)]
    assert sorted((s.texture is flames, s.alpha) for s in drawn) == [(False, 110), (True, 255)]
    assert drawn[0].position != drawn[1].position  # side by side, not one over the other
    shot(app, "six_gate_and_flames.png")
    scene.apply(fire.FireFought(1, 0, wall, at(4, 1), 0, 100, True))
    assert scene.structures[wall].marks == {("equipment", "portcullis"): True}
    game.world.activate()
    esper.add_component(wall, castle.Gate("portcullis", False, 25, 25))
    view.canvas.scene.sync(game.world)  # a full read of the engine: both mods' pictures again
    assert set(view.canvas.scene.structures[wall].marks) == {("marks", "burning"), ("equipment", "portcullis")}


def test_the_help_lists_every_enhancement_mods_entries_when_all_six_are_on(app: GameWindow) -> None:
    """The mods' help entries (presentation.help_entries) all reach one help: none replaces another."""
    import arcade

    from game.ui.views.help_overlay import HelpOverlay
    from tests.ui.test_mods_client import key

    view = show(app, mod_game(MODS))
    key(app, arcade.key.F1)
    help_view = view.modal
    assert isinstance(help_view, HelpOverlay)
    names = {e.name for e in help_view.entries}
    assert {"Bow and arrow", "Ladder", "Battering ram", "Boiling oil cauldron", "Armour", "Drawbridge", "Portcullis",
            "Moat", "Siege engine", "Fire (mod)", "Marshal", "Huntmaster"} <= names
    assert "Ranger skills (mod)" in names
    frames(app, 2)
    shot(app, "six_help_rules.png")
    key(app, arcade.key.TAB)
    frames(app, 2)
    assert help_view.page == 1 and help_view.types_parts == 2  # the six mods' entries need a second part
    left, _, width, _ = help_view.panel()
    drawn: list[int] = []
    for part in range(help_view.types_parts):
        assert help_view.types_part == part
        assert all(left <= x < left + width * 2 / 3 + 24 for _, x in help_view.types_drawn)  # 3 columns, none off
        drawn += [n for n, _ in help_view.types_drawn]
        shot(app, f"six_help_units_{part + 1}.png")
        key(app, arcade.key.TAB)
        frames(app, 2)
    assert sorted(drawn) == list(range(len(help_view.entries)))  # every entry once, in one part or the other
    assert help_view.page == 2  # then the movement costs, as before
    key(app, arcade.key.F1)
