"""The local table in a simultaneous phase: each human seat's orders in turn (behind the hand-over), computer
seats through their controllers, questions answered by whoever is asked; the view for the seat at the table
never shows another seat's orders (tests/test_seats.py builds the Volley ruleset)."""

from __future__ import annotations

from components.seats import Answer, Ready
from game.setup import PlayerSpec, create_game
from game.ui.assets import SeatStyle
from game.ui.session import Session
from game.views import view_for
from systems.prompts import pending
from tests.test_seats import cmd, life, search  # noqa: F401  (the Volley ruleset's fixture)


def table(search, *players: PlayerSpec) -> Session:  # noqa: F811
    game = create_game(None, list(players), 3, search=search, ruleset="volley")
    styles = {s: SeatStyle((200, 50, 50), (255, 255, 255), "x") for s in game.world.seats}
    return Session(game, styles, threaded=False)


def test_hot_seat_orders_go_seat_by_seat_and_each_sees_only_its_own(search):  # noqa: F811
    session = table(search, PlayerSpec("A"), PlayerSpec("B"))
    game = session.game
    assert session.human_to_move() and session.table_seat() == 1 and not session.computer_to_move()
    assert session.submit(cmd(game, "Shoot", 2)).ok and game.history[-1][1] == 1
    assert session.submit(Ready()).ok and session.table_seat() == 2  # the hand-over passes the table on
    seen = repr(view_for(game, session.table_seat()))
    assert "Shoot" not in seen
    assert session.submit(cmd(game, "Guard")).ok and game.history[-1][1] == 2
    assert session.submit(Ready()).ok and game.asking and session.table_seat() == 1
    assert session.submit(Answer(pending(game.world)[0][0], "press")).ok and session.table_seat() == 2
    assert session.submit(Answer(pending(game.world)[0][0], "rest")).ok
    assert life(game, 2).log == ["rest", "tally"] and session.table_seat() == 1 and game.world.clock.round == 2


def test_a_computer_seat_gives_its_orders_and_answers_through_its_controller(search):  # noqa: F811
    session = table(search, PlayerSpec("A"), PlayerSpec("B", computer=True))
    game = session.game
    assert session.computer_to_move() and session.table_seat() == 1
    session.start_computer()
    assert game.unready_seats() == [1] and not session.computer_to_move()
    assert session.submit(Ready()).ok and game.asking
    assert life(game, 1).points == 3  # the computer's hidden shot
    assert session.computer_to_move() and session.table_seat() == 1
    session.start_computer()
    assert game.acting_seats() == [1]
    assert session.submit(Answer(pending(game.world)[0][0], "rest")).ok
    assert life(game, 2).log == ["press", "tally"] and game.awaiting_orders


def test_the_hand_over_says_what_the_next_seat_is_called_to_do(window):
    from game.ui.views.handover import HandoverView
    from tests.ui.test_dialog_screens import frame

    view = HandoverView(2, "Blue", lambda: None, round_=3, purpose="your orders")
    frame(window, view, "seats_handover_orders.png")
    assert view.texts._texts["round"].text == "Round 3 — your orders"
    default = HandoverView(1, "Red", lambda: None, round_=2)
    frame(window, default)
    assert default.texts._texts["round"].text == "Round 2 — your turn"  # the sequential games' words


def test_a_question_to_the_other_human_hands_over_asks_and_hands_back(app):  # noqa: F811  (fixture)
    import arcade

    from game.ui.views.game_view import GameView
    from game.ui.views.handover import HandoverView
    from game.ui.views.question import QuestionDialog
    from tests.test_seats import Challenge, _challenging_base_game
    from tests.ui.test_game_flow import key, ready, shot, start, step, until

    game = _challenging_base_game(ending=False)
    start(app, game)
    view = ready(app)  # seat 1's turn
    assert view.session.submit(Challenge()).ok and game.acting_seats() == [2]
    until(app, lambda: isinstance(app.current_view, HandoverView))
    assert (app.current_view.seat, app.current_view.purpose) == (2, "a question for you")
    step(app, 30)
    key(app, arcade.key.ENTER)
    until(app, lambda: isinstance(app.current_view, GameView) and isinstance(app.current_view.modal,
                                                                                 QuestionDialog))
    dialog = app.current_view.modal
    assert dialog.seat == 2 and dialog.answers == ["accept", "decline"]
    shot(app, "seats_question.png")
    key(app, arcade.key.KEY_1)  # "accept", through the window's real key handler
    assert game.answers == [(2, "accept")] and game.history[-1][1] == 2  # type: ignore[attr-defined]
    until(app, lambda: isinstance(app.current_view, HandoverView))
    assert app.current_view.seat == 1 and app.current_view.purpose == "your turn"
