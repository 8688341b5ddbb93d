"""MonsterCrasher's own game screen (MC8) played through the real input handlers of the headless window:
hot-seat to the end with the board turned for player 2, and a game against the computer with the
human's side kept at the bottom. Screenshots go to screenshots/mc_*.png."""

from __future__ import annotations

import random
from importlib import import_module

import arcade
import pytest

from game.setup import PlayerSpec, create_game
from game.ui.app import GameWindow
from tests.mc_support import RULESET
from tests.ui.conftest import click, dispatch, frames, shot


@pytest.fixture
def app(window: GameWindow):  # noqa: ANN201
    window.settings.speed_index = 3  # the fastest animation
    yield window
    window.ruleset = None  # the shared window: later suites start on the default game again
    window.mods = []
    window.show_view(arcade.View(window))


def open_screen(window: GameWindow, computer: tuple[bool, bool]):  # noqa: ANN201
    players = [PlayerSpec(f"P{seat}", computer=computer[seat - 1]) for seat in (1, 2)]
    game = create_game(None, players, seed=11, ruleset=RULESET)
    window.start(game)
    view = window.current_view
    assert type(view).__name__ == "MonsterScreen"  # the ruleset's own screen, registered by its plugin
    frames(window, 2)
    return game, view


def center(button) -> tuple[float, float]:  # noqa: ANN001
    left, bottom, width, height = button.rect
    return left + width / 2, bottom + height / 2


def settle(window: GameWindow, view) -> None:  # noqa: ANN001
    for _ in range(400):
        if not view.busy:
            return
        frames(window, 3)
    raise AssertionError("the animation never finished")


def play_turn_by_clicks(window: GameWindow, view, game, rng: random.Random) -> None:  # noqa: ANN001
    """Spawn a random legal choice by clicking the roster bar and the back row, then the turn button."""
    plugin = game.app.plugin(RULESET)
    turn = rng.choice(plugin.player.legal_turns(game))
    for command in turn[:-1]:
        click(window, *center(view.roster_buttons[command.kind]))
        click(window, *view.to_screen(command.file, command.rank))
    click(window, *center(view.turn_button))


def test_mc8_hot_seat_to_the_end_with_the_board_turned_for_player_2(app: GameWindow) -> None:
    game, view = open_screen(app, (False, False))
    plugin = game.app.plugin(RULESET)
    # a click off the back row is refused with the engine's reason, shown on the screen
    click(app, *view.to_screen(3, 4))
    assert "not on your back row" in view.message.text
    # player 1 spawns a guard on C1 through the roster bar and the board
    click(app, *center(view.roster_buttons["guard"]))
    click(app, *view.to_screen(3, 1))
    frames(app, 20)
    assert [p.kind for p in plugin.play.position_of(game.world).pieces] == ["guard"]
    x, y = view.to_screen(1, 1)
    assert x < app.width / 4 and y < app.height / 2  # A1 bottom left for player 1 (MC1.1)
    shot(app, "mc_hotseat_p1.png")
    dispatch(app, "on_key_press", arcade.key.SPACE, 0)
    settle(app, view)
    assert game.world.clock.seat == 2 and view.bottom_seat == 2
    x, y = view.to_screen(1, 1)
    assert x > app.width / 4 and y > app.height / 2  # MC8.2: A1 top right for player 2
    assert view.square_at(*view.to_screen(3, 8)) == (3, 8)
    click(app, *center(view.roster_buttons["basic"]))
    click(app, *view.to_screen(6, 8))
    frames(app, 20)
    shot(app, "mc_hotseat_p2.png")
    app.settings.speed_index = 0  # watch the march at normal speed: a frame in the middle of the step
    click(app, *center(view.turn_button))
    frames(app, 16)
    assert view.busy and view.scene.phase == 1
    moving = [t for t in view.scene.tokens.values() if t.y % 1]
    assert moving  # tokens between squares: the step is being animated (MC8.3)
    shot(app, "mc_hotseat_march.png")
    app.settings.speed_index = 3
    rng = random.Random(3)
    for _ in range(2 * game.world.rules.turns.round_limit):
        settle(app, view)
        if game.over:
            break
        play_turn_by_clicks(app, view, game, rng)
    settle(app, view)
    frames(app, 5)
    assert game.over
    assert view.scene.result in ("Player 1 wins", "Player 2 wins", "A draw")
    assert view.result_label.text == view.scene.result
    life = plugin.play.position_of(game.world).life
    assert view.scene.life == {1: life[0], 2: life[1]}  # the animated picture caught up with the engine
    shot(app, "mc_hotseat_end.png")


def test_mc8_2_against_the_computer_the_human_stays_at_the_bottom(app: GameWindow) -> None:
    game, view = open_screen(app, (True, False))  # the computer is player 1, the human player 2
    plugin = game.app.plugin(RULESET)
    assert view.bottom_seat == 2
    settle(app, view)
    frames(app, 3)
    settle(app, view)
    assert game.world.clock.seat == 2  # the computer played its turn by itself
    rng = random.Random(5)
    seen_bottom = set()
    for _ in range(2 * game.world.rules.turns.round_limit):
        settle(app, view)
        frames(app, 2)
        settle(app, view)
        seen_bottom.add(view.bottom_seat)
        if game.over:
            break
        if game.world.clock.seat == 2:
            if game.world.clock.round <= 3:
                play_turn_by_clicks(app, view, game, rng)
            else:  # then only the turn button: the computer's creatures get through and the game ends sooner
                dispatch(app, "on_key_press", arcade.key.SPACE, 0)
            frames(app, 4)
            if len(seen_bottom) == 1 and game.world.clock.round == 3:
                shot(app, "mc_vs_computer.png")
    settle(app, view)
    frames(app, 3)
    assert seen_bottom == {2}
    assert game.over and game.world.clock.winner == 1  # the computer wins
    assert plugin.play.position_of(game.world).life[1] <= 0 or game.world.clock.round == 50
    shot(app, "mc_vs_computer_end.png")


def test_the_new_game_screen_picks_the_game_first_then_its_board_and_mods(app: GameWindow) -> None:
    from game.ui.views.setup import SetupView

    app.ruleset = None
    app.mods = ["ships"]
    view = SetupView(app)
    app.show_view(view)
    frames(app, 2)
    assert set(view.game_buttons) >= {"base", RULESET}
    assert "ships" in view.available_mods and view.mods == ["ships"]
    shot(app, "mc_setup_base.png")
    button = view.game_buttons[RULESET]
    click(app, button.center_x, button.center_y)
    frames(app, 2)
    assert view.ruleset == RULESET
    assert view.available_mods == {} and view.mods == []  # no mod extends MonsterCrasher; ships left out
    assert [label for label, _, _ in view.choices()] == ["The board (8×8)"]
    assert view.count == 2
    shot(app, "mc_setup_monstercrasher.png")
    start = view.start_button
    click(app, start.center_x, start.center_y)
    screen = app.current_view
    assert type(screen).__name__ == "MonsterScreen"
    assert screen.game.world.rules.ruleset_id == RULESET
    assert app.ruleset == RULESET


def test_the_new_game_preview_draws_each_fixed_board_in_its_own_layout(app: GameWindow) -> None:
    """A ruleset's board_layout (game.presentation): Total War's and Relic Duels' boards preview as hexes
    (TW1.1, DU1.2), MonsterCrasher's as a checkerboard of squares (MC1.1)."""
    from game.ui import theme
    from game.ui.views.setup import SetupView

    app.ruleset = None
    app.mods = []
    view = SetupView(app)
    app.show_view(view)
    frames(app, 2)
    light = (238, 216, 180)
    for ruleset, hexes in (("total-war", True), ("relic-duels", True), (RULESET, False)):
        button = view.game_buttons[ruleset]
        click(app, button.center_x, button.center_y)
        frames(app, 2)
        assert view.ruleset == ruleset
        image = view.preview[0].texture.image.convert("RGB")
        colors = {c for _, c in image.getcolors(1 << 20)}
        assert ("hex board" in view.about.text) == hexes
        if hexes:
            assert light not in colors                                   # no checkerboard square
            assert image.getpixel((0, 0)) == tuple(theme.BACKGROUND[:3])  # a hex board's ragged corner
            assert (96, 128, 72) in colors
        else:
            assert light in colors


def test_mc3_with_no_spawn_points_left_the_hint_says_to_end_the_turn(app: GameWindow) -> None:
    """MC3: spawning the cheapest creature by clicks until the points run out; the hint then tells the player to
    end the turn instead of still asking for a spawn."""
    game, view = open_screen(app, (False, True))
    rules = game.world.rules
    cheapest = min(rules.units, key=lambda k: rules.units[k].cost)
    screen_module = import_module(type(view).__module__)
    rank = screen_module.back_rank(1, rules)
    click(app, *center(view.roster_buttons[cheapest]))
    for file in range(rules.board.width):
        view.on_draw()
        if "No spawn points left" in view.hint.text:
            break
        assert "to spawn a" in view.hint.text
        click(app, *view.to_screen(file, rank))
        settle(app, view)
    view.on_draw()
    assert "No spawn points left" in view.hint.text and "spawn a" not in view.hint.text


def test_mc8_3_fights_losses_and_crossings_are_told_in_words_as_they_are_shown(app: GameWindow) -> None:
    """MC6.3-MC6.5 shown in words, not only as tokens that vanish: each fight (with the defenses left), each
    creature destroyed, each crossing and the life it cost appear in the panel's news as the animation plays."""
    game, view = open_screen(app, (False, False))
    rng = random.Random(5)
    for _ in range(2 * game.world.rules.turns.round_limit):
        settle(app, view)
        news = " | ".join(view.news)
        if game.over or ("fight" in news and "crosses the board" in news and "is destroyed" in news):
            break
        play_turn_by_clicks(app, view, game, rng)
    settle(app, view)
    news = " | ".join(view.news)
    assert "fight (" in news and "defense" in news
    assert "is destroyed" in news
    assert "crosses the board" in news and "life (" in news
    crossing = next(i for i, line in enumerate(view.news) if "crosses the board" in line)
    assert any("loses" in line for line in view.news[crossing:])      # the life lost follows the crossing
    assert view.news_label.text and view.news_label.text.split("\n")[-1] in " ".join(view.news)
