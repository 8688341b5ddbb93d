"""The words a player reads, through the real handlers: the hint bar says why a territory cannot be reached
(from the engine's `why_unreachable`), a player without armies is told to train one, take-over shows its real
cost or why not, no rule ids or raw coordinates in player messages, and the help's movement-cost table comes
from the ruleset (R5.3)."""

from __future__ import annotations

import re

import arcade

from game.help_text import movement_table
from game.ui.views.help_overlay import HelpOverlay
from tests.builders import at, spawn_army, tiny_game
from tests.ui.conftest import dispatch
from tests.ui.test_game_flow import key, on_screen, ready, start, step

WIDTH, HEIGHT = 30, 20
RULE_ID = re.compile(r"\([A-Z]{1,3}\d")
COORDS = re.compile(r"\(\d+, ?\d+\)")


def water_board() -> list[str]:
    rows = [["p"] * WIDTH for _ in range(HEIGHT)]
    for y in range(HEIGHT):
        rows[y][8] = "d"  # a column of deep water east of the army
    return ["".join(r) for r in rows]


def hover(view, territory: int) -> None:
    dispatch(view.window, "on_mouse_motion", *on_screen(view, territory), 0, 0)


def test_the_hint_bar_says_why_a_territory_cannot_be_reached_and_never_goes_stale(app):
    game = tiny_game(water_board(), {1: (2, 2), 2: (27, 17)}, resources={"food": 50})
    army = spawn_army(game, 1, at(game, 5, 5), ["soldier"])
    start(app, game)
    view = ready(app)
    view.orders.select_army(army)
    hover(view, at(game, 6, 5))
    assert view.orders.hint.startswith("Move here: ")
    hover(view, at(game, 8, 5))  # deep water
    assert view.orders.hint_bad and "cannot enter deep water" in view.orders.hint
    assert "Move here" not in view.orders.hint and "can't go" in view.orders.note.lower()
    hover(view, at(game, 4, 15))  # plain land, but many turns away
    assert "too far" in view.orders.hint and "MP and the army has" in view.orders.hint
    hover(view, at(game, 20, 5))  # behind the water: no way this side
    assert view.orders.hint.startswith("Cannot go there: ")
    for text in (view.orders.hint, view.orders.note):
        assert not RULE_ID.search(text) and not COORDS.search(text)


def test_a_player_without_armies_is_told_to_train_one(app):
    game = tiny_game(water_board(), {1: (2, 2), 2: (27, 17)}, resources={"food": 50})
    start(app, game)
    ready(app)
    step(app, 2)
    view = app.current_view
    assert "train a soldier" in view.panel.subtitle.text and "Click one of your armies" not in view.panel.subtitle.text


def test_take_over_shows_its_real_cost_or_why_not(app):
    game = tiny_game(water_board(), {1: (2, 2), 2: (27, 17)}, resources={"food": 50})
    costs = game.world.rules.costs
    own = spawn_army(game, 1, at(game, 2, 3), ["soldier"])
    game.world.set_owner(at(game, 2, 3), 1)
    neutral = spawn_army(game, 1, at(game, 5, 5), ["soldier"])
    start(app, game)
    view = ready(app)

    def take_over_row():
        step(app, 2)
        return next(b for b in view.panel.actions if b.visible and b.label.text.startswith("Take over"))

    view.orders.select_army(own)
    row = take_over_row()
    assert not row.enabled and row.note.text == "already yours" and "MP" not in row.note.text
    view.orders.select_army(neutral)
    row = take_over_row()
    assert row.enabled and row.note.text == f"{costs.take_over_neutral} MP"


def test_the_help_lists_movement_costs_per_terrain_from_the_ruleset(app):
    game = tiny_game(water_board(), {1: (2, 2), 2: (27, 17)})
    start(app, game)
    view = ready(app)
    key(app, arcade.key.F1)
    key(app, arcade.key.TAB)
    key(app, arcade.key.TAB)
    help_ = view.modal
    assert isinstance(help_, HelpOverlay) and help_.page == 2
    rules = game.world.rules
    table = movement_table(rules)
    assert [name for name, _ in table.rows] == [spec.name for spec in rules.terrain.values()]
    soldier = list(rules.units).index("soldier")
    deep = dict(table.rows)["Deep water"]
    assert deep[soldier] == rules.move_cost("soldier", "deep_water")
    step(app, 1)
    view.on_draw()
    drawn = {t.text for t in help_.texts._texts.values()}
    assert "Deep water" in drawn and table.units[soldier] in drawn
    from tests.ui.test_game_flow import shot

    shot(app, "help_movement_costs.png")


def test_the_log_covers_the_whole_game_opening_at_your_last_turn_and_the_summary_reopens(app):
    from systems import events as ev
    from tests.ui.conftest import click, end_turn

    game = tiny_game(water_board(), {1: (2, 2), 2: (27, 17)}, resources={"food": 50})
    army = spawn_army(game, 1, at(game, 5, 5), ["soldier"])
    start(app, game)
    view = ready(app)
    view.orders.select_army(army)
    dispatch(app, "on_mouse_press", *on_screen(view, at(game, 6, 5)), arcade.MOUSE_BUTTON_LEFT, 0)
    step(app, 30)
    for _ in range(2):  # seat 1 and seat 2 end their turns: round 2
        end_turn(app)
        ready(app)
    assert game.world.clock.round == 2 and game.world.clock.seat == 1
    key(app, arcade.key.L)
    step(app, 2)
    hud = view.turn_hud
    texts = [line.text for line in hud.log_lines]
    assert any("moved 1 step" in t for t in texts)  # round 1, before this seat's last turn: still there
    assert 0 < hud.log_since < len(texts) and hud.log_scroll <= hud.log_since
    assert all(not COORDS.search(t) for t in texts)
    left, bottom, _, _ = hud.log_rect()
    dispatch(app, "on_mouse_scroll", left + 40, bottom + 40, 0, 1)  # back a little: earlier lines, dimmed
    step(app, 1)
    from tests.ui.test_game_flow import shot

    shot(app, "log_since_last_turn.png")
    view._on_event(ev.RogueAppeared(1, 999, at(game, 9, 9), ("soldier",)))
    assert view.banner.text.startswith("Wild rogues appeared")
    button = hud.buttons["summary"]
    click(app, button.left + 5, button.bottom + 5)
    from game.ui.views.turn_summary import TurnSummaryView

    assert isinstance(view.modal, TurnSummaryView)
    key(app, arcade.key.ESCAPE)
    key(app, arcade.key.R)
    assert isinstance(view.modal, TurnSummaryView)


def test_the_bottom_row_scrolls_clear_of_the_bars_and_tooltips_never_cover_what_they_explain(app):
    from game.ui import theme
    from game.ui.turn_hud import TOOLBAR_Y
    game = tiny_game(water_board(), {1: (2, 2), 2: (27, 17)}, resources={"food": 50, "wood": 3})
    army = spawn_army(game, 1, at(game, 5, 5), ["soldier", "soldier"])
    start(app, game)
    view = ready(app)
    for _ in range(40):  # scroll down as far as it goes
        dispatch(app, "on_key_press", arcade.key.DOWN, 0)
        step(app, 3)
    dispatch(app, "on_key_release", arcade.key.DOWN, 0)
    grid = view.canvas.grid
    _, bottom_edge = view.camera.to_screen(0, 0)
    assert bottom_edge >= theme.MAP_BOTTOM_INSET - 1  # the bottom row is above the hint bar and the toolbar
    assert grid.height == HEIGHT
    view.orders.select_army(army)
    step(app, 2)
    row = next(b for b in view.panel.actions if b.visible)
    x, y = row.rect[0] + 20, row.rect[1] + 10
    dispatch(app, "on_mouse_motion", x, y, 0, 0)
    view.draw()
    tip = view.hud.tooltip
    assert tip.visible and tip.box.right <= view.panel.x0  # left of the panel: the button stays readable
    key(app, arcade.key.ESCAPE)  # the selection changes under the pointer...
    step(app, 2)
    assert view.tooltip != row.tooltip or not row.visible  # ...and the old tooltip does not stay
    wall = next(b for b in view.panel.structure_buttons if b.tag == "wooden_wall")
    dispatch(app, "on_mouse_motion", wall.rect[0] + 10, wall.rect[1] + 10, 0, 0)
    cost = game.world.rules.structures["wooden_wall"].cost["wood"]
    assert f"need {cost - 3} wood more" in view.tooltip  # the engine's words, as for units
    button = view.turn_hud.buttons["help"]
    dispatch(app, "on_mouse_motion", button.left + 5, button.bottom + 5, 0, 0)
    view.draw()
    assert tip.visible and tip.box.bottom >= TOOLBAR_Y + 24  # above the toolbar, not over its buttons
