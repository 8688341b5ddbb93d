"""The base game's panel words, through the real handlers: a greyed action row's label never runs under its
reason, a selection's title fits the panel whole (its closing bracket kept), the upkeep forecast counts the
food left after the upkeep (R4.1), and another human's turn is never called a computer's."""

from __future__ import annotations

from game.forecast import upkeep_forecast
from tests.builders import at, spawn_army, spawn_structure, tiny_game
from tests.ui.conftest import click
from tests.ui.test_game_flow import on_screen, ready, start, step
from tests.ui.test_hints import water_board


def test_a_greyed_station_row_keeps_its_label_clear_of_its_reason(app):
    """R6: an army with no movement points left beside its own wooden wall: 'Station in Wooden wall' is offered
    greyed with a short reason at the right; the label is cut (never drawn over the reason)."""
    game = tiny_game(water_board(), {1: (2, 2), 2: (27, 17)}, resources={"food": 50})
    where = at(game, 5, 5)
    spawn_structure(game, 1, "wooden_wall", where)
    army = spawn_army(game, 1, where, ["soldier", "soldier", "soldier"], mp=0)
    start(app, game)
    view = ready(app)
    view.orders.select_army(army)
    step(app, 2)
    rows = [b for b in view.panel.actions if b.visible]
    assert rows
    greyed = [b for b in rows if not b.enabled and b.note.text]
    assert greyed, [(b.label.text, b.note.text) for b in rows]
    for b in rows:
        if b.note.text:
            note_left = b.note.text_obj.x - b.note.content_width  # the note is anchored at its right
            assert b.label.text_obj.x + b.label.content_width <= note_left, (b.label.text, b.note.text)


def test_a_territory_title_fits_the_panel_with_its_bracket(app):
    from systems import queries as q

    game = tiny_game(water_board(), {1: (2, 2), 2: (27, 17)}, resources={"food": 50})
    game.world.activate()
    q.player(game.world, 1).name = "Margravine Ottilie of the Long Valley"  # a long name, as players type
    start(app, game)
    view = ready(app)
    click(app, *on_screen(view, at(game, 2, 2)))                    # the own base's territory
    step(app, 2)
    title = view.panel.title
    assert title.text and title.content_width <= view.panel.inner
    assert title.text.count("(") == title.text.count(")")             # never "(owned by Player 1" cut short


def test_the_upkeep_forecast_counts_the_food_left_after_the_upkeep(app):
    """R4.1: the forecast line says what is left once the upkeep is paid, not the food before it."""
    game = tiny_game(water_board(), {1: (2, 2), 2: (27, 17)}, resources={"food": 50})
    spawn_army(game, 1, at(game, 5, 5), ["soldier", "soldier"])
    start(app, game)
    view = ready(app)
    step(app, 2)
    forecast = upkeep_forecast(game, 1)
    assert forecast.owed > 0 and forecast.safe
    low = forecast.food_now + forecast.production_min - forecast.owed
    high = forecast.food_now + forecast.production_max - forecast.owed
    left = f"{low}" if low == high else f"{low}-{high}"
    text = view.panel.forecast.label.text
    assert f"{left} left after it" in text, text
    assert "you will have" not in text


def test_another_humans_turn_is_not_called_a_computers(app):
    """A network game's other window (or any seat not at this table): the waiting panel names the human."""
    game = tiny_game(water_board(), {1: (2, 2), 2: (27, 17)}, resources={"food": 50})
    start(app, game)
    view = ready(app)
    scene = view.canvas.scene
    scene.seat = 2
    scene.computer[2] = False
    view.panel._watching()
    assert "computer" not in view.panel.title.text.lower()
    assert view.panel.title.text.startswith(f"{scene.names[2]} is playing")
    assert "computer" not in view.panel.end_turn.tooltip.lower()


def test_the_log_buttons_tooltip_never_covers_the_open_logs_lines(app):
    """The toolbar's Log button: with the log open, its tooltip goes above the log, not over its last lines."""
    import arcade

    from tests.ui.conftest import dispatch
    from tests.ui.test_game_flow import key

    game = tiny_game(water_board(), {1: (2, 2), 2: (27, 17)}, resources={"food": 50})
    start(app, game)
    view = ready(app)
    key(app, arcade.key.L)
    step(app, 2)
    hud = view.turn_hud
    assert hud.log_open
    button = hud.buttons["log"]
    dispatch(app, "on_mouse_motion", button.left + 10, button.bottom + 10, 0, 0)
    step(app, 1)
    view.on_draw()
    tip = view.hud.tooltip
    _, bottom, _, height = hud.log_rect()
    assert tip.visible and tip.box.bottom >= bottom + height
