"""The default board screen and the client's shell, through the real handlers: a ruleset with no client code
(the test-only Breakthrough, tests/rulesets/breakthrough: BT1-BT4) is played to a win by clicks, and every
installed ruleset's screen gets the shell (game menu, its own F1 help, saves that load back)."""

from __future__ import annotations

from pathlib import Path

import arcade
import pytest

from game.content import rulesets
from game.setup import PlayerSpec, create_game
from game.snapshot import state_hash
from game.ui.app import GameWindow
from game.ui.shell import HelpPanel, Shell
from game.ui.views.board_screen import BoardScreen
from game.ui.views.choice_box import ChoiceBox
from game.ui.views.handover import HandoverView
from game.ui.views.saves_dialog import SavesDialog
from game.ui.views.victory import VictoryView
from tests.rulesets import installed
from tests.ui.conftest import click, dispatch, frames


@pytest.fixture
def breakthrough():
    with installed():
        yield


def key(window: GameWindow, symbol: int, modifiers: int = 0) -> None:
    dispatch(window, "on_key_press", symbol, modifiers)
    dispatch(window, "on_key_release", symbol, modifiers)


def start_breakthrough(window: GameWindow, players: list[PlayerSpec], seed: int = 4) -> BoardScreen:
    window.start(create_game(None, players, seed, ruleset="breakthrough"))
    view = window.current_view
    assert isinstance(view, BoardScreen) and isinstance(view.shell, Shell)
    return view


def winning_step(game):  # noqa: ANN001, ANN201
    """A legal step, preferring one onto the far row, then a capture (so the game ends well inside its limit)."""
    world = game.world
    moves = game.app.legal_commands(game)
    far = world.rules.board.height - 1 if world.clock.seat == 1 else 0
    plugin = game.app.plugin("breakthrough")
    taken = plugin.pawns(world)
    width = world.rules.board.width
    return min(moves, key=lambda m: (m.target // width != far, m.target not in taken, abs(far - m.target // width),
                                     m.source))


def test_a_ruleset_without_a_screen_plays_to_a_win_by_clicks_hot_seat(app: GameWindow, breakthrough):
    """BT2/BT3 by mouse: select a pawn (its steps light up), click a lit square; the hand-over between the two human
    seats, then the victory screen with the ruleset's own statistic (pawns left)."""
    view = start_breakthrough(app, [PlayerSpec("Ada"), PlayerSpec("Bo")])
    game = view.session.game
    for _ in range(300):
        if game.over:
            break
        frames(app, 2)
        if isinstance(app.current_view, HandoverView):
            app.current_view.elapsed = 1.0
            click(app, 640, 360)
            continue
        assert app.current_view is view
        step = winning_step(game)
        click(app, *view.centre(step.source))
        assert step.target in view.targets()  # the pawn's legal steps light up
        before = game.world.clock.round, game.world.clock.seat
        click(app, *view.centre(step.target))
        assert game.over or (game.world.clock.round, game.world.clock.seat) != before, view.message
    assert game.over and game.world.clock.winner in (1, 2)  # a win, never a draw
    for _ in range(400):
        frames(app, 1)
        if isinstance(app.current_view, VictoryView):
            break
    victory = app.current_view
    assert isinstance(victory, VictoryView)
    assert [s.key for s in victory.series] == ["pawns"]  # the statistic Breakthrough declares
    assert victory.winner == game.world.clock.winner
    assert victory.how.startswith("Broke through: ")  # the ruleset's own words for how it was won


def test_an_illegal_click_says_why_and_changes_nothing(app: GameWindow, breakthrough):
    view = start_breakthrough(app, [PlayerSpec("Ada"), PlayerSpec("Bot", computer=True)])
    frames(app, 2)
    game = view.session.game
    before = state_hash(game.world)
    click(app, *view.centre(4 * 8 + 4))  # an empty square in the middle: nothing starts or ends there
    assert state_hash(game.world) == before and "Nothing to do" in view.message
    plugin = game.app.plugin("breakthrough")
    own = next(sq for sq, (_, p) in plugin.pawns(game.world).items() if p.owner == 1 and sq // 8 == 1)
    click(app, *view.centre(own))
    assert view.selected == own
    key(app, arcade.key.ESCAPE)  # Esc first clears the selection ...
    assert view.selected is None and view.shell.modal is None
    key(app, arcade.key.ESCAPE)  # ... then opens the game menu
    assert isinstance(view.shell.modal, ChoiceBox) and view.shell.modal.title == "Game menu"


def test_against_the_computer_the_computer_answers_each_step(app: GameWindow, breakthrough):
    view = start_breakthrough(app, [PlayerSpec("Ada"), PlayerSpec("Bot", computer=True)])
    game = view.session.game
    step = winning_step(game)
    click(app, *view.centre(step.source))
    click(app, *view.centre(step.target))
    for _ in range(10):
        frames(app, 1)
        view.session.wait(5)
    assert game.world.clock.seat == 1 and game.world.clock.round == 2 and app.current_view is view


def test_undo_by_its_button_is_refused_with_the_reason_once_the_turn_has_passed(app: GameWindow, breakthrough):
    """A Breakthrough step ends the turn (its flow), so the undo stack refuses to take it back, and says why."""
    view = start_breakthrough(app, [PlayerSpec("Ada"), PlayerSpec("Bo")])
    game = view.session.game
    step = winning_step(game)
    click(app, *view.centre(step.source))
    click(app, *view.centre(step.target))
    after = state_hash(game.world)
    frames(app, 2)
    assert isinstance(app.current_view, HandoverView)  # two humans at one table: the hand-over
    app.current_view.elapsed = 1.0
    click(app, 640, 360)
    assert app.current_view is view
    undo = next(b for b in view.shell.buttons if b.label == "Undo")
    click(app, undo.left + 5, undo.bottom + 5)
    assert state_hash(game.world) == after and view.shell.toast[0] == view.shell.chronicle.undo.reason()
    assert view.shell.toast[0]


PLAY_AS = {"total-war": None, "relic-duels": None}  # fixed boards: no map needed


def own_screen_rulesets() -> list[str]:
    """Every installed ruleset that is not played on the standard map screen."""
    return sorted(r for r in rulesets() if r != "base")


@pytest.mark.parametrize("ruleset", [*own_screen_rulesets(), "breakthrough"])
def test_every_ruleset_screen_has_the_menu_help_and_saves_that_load(app: GameWindow, ruleset: str, tmp_path: Path):
    """The shell's guarantee for every ruleset: Esc opens the game menu (resume, save, load, settings, help, main
    menu, quit); F1 its own help (help.toml); Save (its button) writes a save that Load brings back as it was."""
    with installed():
        from game.ui.launch import choose_map

        data = choose_map(None, 2, 3, ruleset)
        app.start(create_game(data, [PlayerSpec("Ada"), PlayerSpec("Bot", computer=True)], 3, ruleset=ruleset))
        view = app.current_view
        shell = getattr(view, "shell", None)
        assert isinstance(shell, Shell), f"{ruleset}: its screen has no shell"
        frames(app, 2)
        key(app, arcade.key.F1)
        assert isinstance(shell.modal, HelpPanel) and shell.modal.help.brief, f"{ruleset}: no help.toml brief"
        key(app, arcade.key.ESCAPE)
        assert shell.modal is None
        menu = next(b for b in shell.buttons if b.label == "Menu")
        click(app, menu.left + 5, menu.bottom + 5)
        assert isinstance(shell.modal, ChoiceBox)
        assert [b.label.split("  ")[0] for b in shell.modal.buttons] == [
            "Resume", "Save game", "Load game", "Settings", "Help", "Main menu", "Quit"]
        key(app, arcade.key.ESCAPE)
        shell.session.wait(10)
        frames(app, 1)
        shell.session.wait(10)
        game = shell.session.game
        saved_hash = state_hash(game.world)
        key(app, arcade.key.F5)
        dialog = shell.modal
        assert isinstance(dialog, SavesDialog) and dialog.mode == "save"
        key(app, arcade.key.ENTER)
        assert shell.modal is None and "Saved as" in shell.toast[0]
        key(app, arcade.key.F9)
        loader = shell.modal
        assert isinstance(loader, SavesDialog) and loader.saves
        loader.selected = 0
        key(app, arcade.key.ENTER)
        loaded = app.current_view
        assert loaded is not view and isinstance(getattr(loaded, "shell", None), Shell)
        assert state_hash(loaded.shell.session.game.world) == saved_hash


def test_the_default_screen_draws_nothing_new_while_still(app: GameWindow, breakthrough):
    """The quiet idle: once drawn, a still board is quiet (the window skips its frames); a click that selects a pawn
    makes the next frame due, and after it the screen is quiet again. A toast of the shell is due until it fades."""
    view = start_breakthrough(app, [PlayerSpec("Ada"), PlayerSpec("Bo")])
    frames(app, 3)
    if isinstance(app.current_view, HandoverView):
        app.current_view.elapsed = 1.0
        click(app, 640, 360)
        frames(app, 2)
    assert view.quiet()
    step = winning_step(view.session.game)
    click(app, *view.centre(step.source))
    assert not view.quiet()  # the selection is not on screen yet
    frames(app, 1)
    assert view.quiet()
    view.shell.say("Saved as 'x'")
    assert not view.quiet()
    frames(app, 200)  # the toast's time passes on the frames' clock
    assert view.quiet()


def test_the_log_words_a_rulesets_events_in_its_words_without_a_home(app: GameWindow, breakthrough):
    """F2 lists the game's events: Breakthrough's own words for its steps (its `words`), its squares by the names it
    gives them (`presentation.place_name`), as the board screen names them."""
    view = start_breakthrough(app, [PlayerSpec("Ada"), PlayerSpec("Bot", computer=True)])
    step = winning_step(view.session.game)
    click(app, *view.centre(step.source))
    click(app, *view.centre(step.target))
    view.session.wait(5)
    frames(app, 3)
    key(app, arcade.key.F2)
    lines = view.shell.modal.lines
    assert any(line.startswith(f"A pawn from {view.place_name(step.source)} steps to {view.place_name(step.target)}")
               for line in lines), lines
    key(app, arcade.key.F2)
    assert view.shell.modal is None


def test_a_step_plays_the_sound_the_ruleset_declares_for_it(app: GameWindow, breakthrough):
    """The shell's sounds: each accepted batch of events plays the effect `presentation.sounds` names (Breakthrough:
    a step is "move")."""
    view = start_breakthrough(app, [PlayerSpec("Ada"), PlayerSpec("Bo")])
    frames(app, 2)
    assert isinstance(app.current_view, HandoverView)  # the first human turn of a hot-seat game is handed over too
    app.current_view.elapsed = 1.0
    click(app, 640, 360)
    assert app.current_view is view
    played = view.shell.sounds.played
    played.clear()  # the window's one sound board: what earlier screens asked for
    step = winning_step(view.session.game)
    click(app, *view.centre(step.source))
    click(app, *view.centre(step.target))
    frames(app, 1)
    assert list(played) == ["move"]


def test_a_question_to_the_seat_at_the_table_is_a_dialog_answered_by_a_click(app: GameWindow, breakthrough):
    """Prompts (systems.prompts) on the default screen: the client's QuestionDialog, one button per answer; the click
    submits the engine's Answer for the seat at the table."""
    from game.ui.views.question import QuestionDialog
    from systems.prompts import ask

    view = start_breakthrough(app, [PlayerSpec("Ada"), PlayerSpec("Bot", computer=True)])
    game = view.session.game
    settled: list[list[str]] = []
    game.app.prompt_handlers["test-question"] = lambda world, prompt: settled.append(list(prompt.given))
    game.world.activate()
    ask(game.world, "test-question", "Play on?", [1], ["Play on", "Stop"], "Play on")
    frames(app, 2)
    dialog = view.modal
    assert isinstance(dialog, QuestionDialog)
    stop = next(b for b in dialog.buttons if "Stop" in b.label)
    click(app, stop.left + 5, stop.bottom + 5)
    assert settled == [["Stop"]] and view.modal is None and not game.asking
