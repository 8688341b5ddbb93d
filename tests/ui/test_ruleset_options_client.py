"""The new-game screen shows the chosen ruleset's options (game.content.options) and starts the game with them:
Relic Duels' DU9 variants as toggles, Risky Space's RS2.1 claiming as a choice and RS7.3 round limit as a number."""

from __future__ import annotations

from game.ui.app import GameWindow
from tests.ui.conftest import click, dispatch, frames, shot


def setup_view(app: GameWindow):  # noqa: ANN201
    from game.ui.views.setup import SetupView

    app.ruleset, app.mods, app.options = None, [], {}
    view = SetupView(app)
    app.show_view(view)
    frames(app, 2)
    return view


def press(app: GameWindow, button) -> None:  # noqa: ANN001
    click(app, button.center_x, button.center_y)
    frames(app, 2)


def test_every_game_button_fits_the_window(app: GameWindow) -> None:
    view = setup_view(app)
    assert {"base", "relic-duels", "risky-space"} <= set(view.game_buttons)
    for button in view.game_buttons.values():
        assert button.rect.left >= 0 and button.rect.right <= app.width


def test_relic_duels_starts_with_the_guardians_toggled_on(app: GameWindow) -> None:
    view = setup_view(app)
    press(app, view.game_buttons["relic-duels"])
    assert view.ruleset == "relic-duels"
    assert set(view.option_buttons) == {"seize_relic", "guardians", "turn_limit"}  # DU9.1, DU9.2, DU3.2
    assert view.option_buttons["guardians"].text.startswith("☐")
    press(app, view.option_buttons["guardians"])
    assert view.option_buttons["guardians"].text.startswith("☑") and view.options == {"turn_limit": 20, "guardians": True}
    button = view.option_buttons["guardians"]
    dispatch(app, "on_mouse_motion", button.center_x, button.center_y, 0, 0)
    frames(app, 2)
    assert view.option_about is not None and "DU9.2" in view.option_about.text   # the help line on hover
    shot(app, "options_setup_relic_duels.png")
    press(app, view.start_button)
    screen = app.current_view
    assert type(screen).__name__ == "RelicDuelsView"
    rules = screen.game.world.rules
    assert rules.ruleset_id == "relic-duels" and rules.options.guardians and not rules.options.seize_relic
    assert rules.game_options == {"guardians": True}  # the turn limit left at its default is not a choice made
    assert app.options == {"guardians": True}
    from tests.relic_support import hex_at, sub

    assert sub("play").characters(screen.game.world)["deep_horror"].hex == hex_at(6, 5)   # DU9.2 on the map
    frames(app, 3)
    shot(app, "options_relic_duels_guardians.png")


def test_risky_space_choice_and_number_options(app: GameWindow) -> None:
    view = setup_view(app)
    press(app, view.game_buttons["risky-space"])
    assert set(view.option_buttons) == {"claiming", "random_seats", "max_rounds"}
    press(app, view.option_buttons["claiming"])
    assert view.option_buttons["claiming"].text == "Claiming: deal"
    view.option_inputs["max_rounds"].text = "999"
    press(app, view.start_button)
    assert view.status is not None and "Round limit" in view.status.text and "0..200" in view.status.text
    assert type(app.current_view).__name__ == "SetupView"                      # a bad number: stays here
    view.option_inputs["max_rounds"].text = "25"
    frames(app, 1)
    shot(app, "options_setup_risky_space.png")
    press(app, view.start_button)
    rules = app.current_view.session.game.world.rules
    assert rules.game_options == {"claiming": "deal", "max_rounds": 25}
    assert rules.risky.setup.claiming == "deal" and rules.risky.end.max_rounds == 25


def test_choosing_another_game_forgets_the_options(app: GameWindow) -> None:
    view = setup_view(app)
    press(app, view.game_buttons["relic-duels"])
    press(app, view.option_buttons["seize_relic"])
    press(app, view.game_buttons["base"])
    assert view.options == {} and view.option_buttons == {}
    press(app, view.game_buttons["relic-duels"])
    assert view.option_buttons["seize_relic"].text.startswith("☐")
