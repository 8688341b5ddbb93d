"""Issue 17's fire, ranger-skills and rare-units mods in the client: flames on burning structures, putting a
fire out from the panel, the mods' help pages, rare units in the build menu. Everything goes through the real
input handlers of the session's one headless window."""

from __future__ import annotations

import arcade
import esper

from components.structures import Structure
from game.content import plugin_module
from game.ui.app import GameWindow
from game.ui.views.help_overlay import HelpOverlay
from tests.builders import spawn_army, spawn_structure
from tests.ui.conftest import click, frames, run_client, shot
from tests.ui.test_mods_client import app, at, key, mod_game, panel_action, press_button, screen, settle, show

__all__ = ["app"]  # the fixture, shared with the mods' client tests


def test_a_burning_tower_shows_flames_and_is_put_out_from_the_panel(app: GameWindow) -> None:
    game = mod_game(["fire"])
    fire = plugin_module("fire")
    tower = spawn_structure(game, 1, "wooden_tower", at(5, 3), garrison=["soldier"])
    wall = spawn_structure(game, 1, "wooden_wall", at(6, 1), border=at(7, 1))
    for entity in (tower, wall):
        esper.add_component(entity, fire.Burning(1))
    crew = spawn_army(game, 1, at(5, 3), ["soldier", "soldier", "soldier"])
    view = show(app, game)
    assert view.canvas.scene.structures[tower].mark == ("marks", "burning", False)
    flames = app.assets.texture("marks", "burning")  # assets/marks/burning.png, through the manifest
    assert sum(1 for s in view.canvas.sprites.marks if s.texture is flames) == 2  # tower and wall
    click(app, *screen(view, at(5, 3)))
    assert view.orders.selected_army == crew
    frames(app)
    action = panel_action(view, "Put out tower fire (100%)")
    assert action.enabled and action.note.text == "1 MP"
    shot(app, "frr_fire_burning_put_out_action.png")
    press_button(app, action)
    settle(app, view)
    game.world.activate()
    assert not fire.is_burning(tower) and fire.is_burning(wall)
    assert view.canvas.scene.structures[tower].mark is None
    assert sum(1 for s in view.canvas.sprites.marks if s.texture is flames) == 1
    assert esper.component_for_entity(tower, Structure).fired_round == game.world.clock.round


def test_the_help_has_a_page_for_each_enhancement_mod(app: GameWindow) -> None:
    view = show(app, mod_game(["fire", "rare-units"]))
    key(app, arcade.key.F1)
    help_view = view.modal
    assert isinstance(help_view, HelpOverlay)
    entries = {e.name: e for e in help_view.entries}
    assert {"Marshal", "Huntmaster", "Fire (mod)"} <= set(entries)
    assert "25% per helper" in entries["Fire (mod)"].numbers
    frames(app)
    shot(app, "frr_help_rules.png")
    key(app, arcade.key.TAB)
    frames(app)
    shot(app, "frr_help_units.png")
    key(app, arcade.key.F1)


def test_rare_units_are_in_the_build_menu_and_refused_once_one_is_alive(app: GameWindow) -> None:
    game = mod_game(["rare-units"], resources={"food": 300, "metal": 40})
    view = show(app, game)
    frames(app)
    button = next(b for b in view.panel.unit_buttons if b.tag == "marshal")
    assert button.enabled
    press_button(app, button)
    settle(app, view)
    frames(app)
    button = next(b for b in view.panel.unit_buttons if b.tag == "marshal")
    assert not button.enabled
    shot(app, "frr_rare_units_build_menu.png")



def test_rangers_ambush_from_the_panel_and_see_climb_and_volley(app: GameWindow) -> None:
    import sys

    game = mod_game(["ranger-skills"])
    skills = plugin_module("ranger-skills")
    spawn_structure(game, 2, "stone_wall", at(6, 4), border=at(5, 4), garrison=["soldier"])
    hunters = spawn_army(game, 1, at(5, 4), ["ranger", "ranger"])
    victim = spawn_army(game, 2, at(5, 5), ["soldier"])
    spawn_army(game, 2, at(4, 4), ["defender", "defender", "defender"])
    original = game.world.rng.random

    def sure(*_: object) -> float:  # the ambush's one draw succeeds; every other draw is the game's own
        return 0.0 if sys._getframe(1).f_globals["__name__"].startswith("foc_mod_ranger_skills") else original()

    game.world.rng.random = sure  # type: ignore[method-assign]
    view = show(app, game)
    click(app, *screen(view, at(5, 4)))
    assert view.orders.selected_army == hunters
    frames(app)
    labels = [b.label.text for b in view.panel.actions if b.visible]
    assert any(t.startswith("Climb") for t in labels) and any(t.startswith("Volley") for t in labels), labels
    ambush = panel_action(view, "Ambush")
    assert ambush.enabled
    shot(app, "frr_rangers_climb_volley_ambush_actions.png")
    press_button(app, ambush)
    settle(app, view)
    game.world.activate()
    assert not esper.entity_exists(victim) and victim not in view.canvas.scene.armies
    assert view.canvas.scene.armies[hunters].territory == at(5, 5)  # the rangers stand there, unhurt
    assert skills.ambushes_left(game.world, 1) == 0
    frames(app)
    shot(app, "frr_rangers_after_ambush.png")


def test_the_three_mods_are_ticked_in_the_new_game_screen_and_given_with_mod(app: GameWindow) -> None:
    import argparse

    from game.ui.launch import new_game_from_args
    from game.ui.views.base_choice import BaseChoiceView
    from game.ui.views.setup import SetupView

    app.mods = []
    app.show_new_game()
    frames(app, 2)
    setup = app.current_view
    assert isinstance(setup, SetupView)
    for mod in ("fire", "ranger-skills", "rare-units"):
        button = setup.mod_buttons[mod]
        click(app, button.center_x, button.center_y)
        frames(app)
    assert setup.mods == ["fire", "ranger-skills", "rare-units"]
    shot(app, "frr_new_game_mods.png")
    click(app, setup.start_button.center_x, setup.start_button.center_y)
    frames(app, 2)
    choice = app.current_view
    assert isinstance(choice, BaseChoiceView)
    game = choice.session.game
    assert [m.id for m in game.world.rules.mods] == ["base", "fire", "ranger-skills", "rare-units"]
    assert "fire.burn" in game.schedule.order("upkeep") and "marshal" in game.world.rules.units
    app.mods = []
    args = argparse.Namespace(players="human,ai", difficulty="normal", seed=4, map="random:24",
                              mod=["fire", "ranger-skills", "rare-units"])
    quick = new_game_from_args(args)
    assert [m.id for m in quick.world.rules.mods] == ["base", "fire", "ranger-skills", "rare-units"]


# the game's length in client updates (it takes ~3,400 with threaded_computer off): a bound no slow machine shortens
VICTORY_UPDATES = 10_000


def test_a_computer_only_game_with_the_three_mods_plays_to_a_victory_in_the_window(app: GameWindow) -> None:
    from game.simulate import new_modded_game, resolve_map
    from game.ui.views.victory import VictoryView

    game = new_modded_game(resolve_map("twin_valleys"), ["hard", "hard"], 3, ["fire", "ranger-skills", "rare-units"])
    app.start(game)
    updates = run_client(app, lambda: isinstance(app.current_view, VictoryView), VICTORY_UPDATES)
    assert game.over and game.world.clock.winner in (1, 2), (game.world.clock, updates)
    assert isinstance(app.current_view, VictoryView)
    shot(app, "frr_computer_game_victory.png")


def test_a_rangers_volley_over_a_wall_is_drawn_by_the_engines_client_with_no_other_mod(
    app: GameWindow, monkeypatch
) -> None:  # noqa: ANN001
    """E0.4 with ranger-skills alone: the engine's client animates the engine's VolleyLoosed (its beat and the
    strikes the wall absorbed wearing the wall down on the client's copy), whichever mod lent the volley."""
    from game.ui.animation import Animator, VolleyBeat

    game = mod_game(["ranger-skills"])
    wall = spawn_structure(game, 2, "stone_wall", at(6, 4), border=at(5, 4), garrison=["soldier"])
    hunters = spawn_army(game, 1, at(5, 4), ["ranger", "ranger"])
    spawn_army(game, 2, at(6, 4), ["soldier"])
    started: list[type] = []
    original = Animator._begin_next

    def watch(self: Animator) -> bool:
        found = original(self)
        if self.beat is not None:
            started.append(type(self.beat))
        return found

    monkeypatch.setattr(Animator, "_begin_next", watch)
    view = show(app, game)
    before = view.canvas.scene.structures[wall].health
    click(app, *screen(view, at(5, 4)))
    assert view.orders.selected_army == hunters
    frames(app)
    press_button(app, panel_action(view, "Volley"))
    settle(app, view)
    game.world.activate()
    assert VolleyBeat in started
    after = esper.component_for_entity(wall, Structure).health
    assert after < before and view.canvas.scene.structures[wall].health == after  # R8.8: the wall absorbed them
