"""The event log covers the whole game (issue 15, item 2) without keeping words for every line of it (item 17).

A long game's journal has tens of thousands of entries: the log keeps each shown entry's index and territory
in compact arrays and words only the rows around the ones drawn, so what the HUD holds does not grow with the
game (counted here as the objects and strings it retains), while the wheel still scrolls back to the first line,
a click still looks at a line's place, and an undo still takes the undone move's line away.
"""

from __future__ import annotations

import gc
import sys
from array import array

import arcade

from game.summary import log_lines
from game.ui.event_log import LOG_KEEP
from game.ui.turn_hud import LOG_ROW, TurnHud
from systems import events as ev
from tests.builders import at, spawn_army, tiny_game
from tests.ui.conftest import dispatch
from tests.ui.test_game_flow import board, click, key, on_screen, ready, shot, start, step

CONTAINERS = (dict, list, tuple, set, frozenset, array)
OWN = ("game.ui.turn_hud", "game.ui.event_log", "game.ui.widgets")  # the HUD's own objects (followed)


def retained(hud: TurnHud) -> tuple[int, int, int]:
    """(objects, strings, bytes) the HUD holds through its own containers and objects (arcade's are not followed)."""
    seen: set[int] = set()
    todo: list[object] = [hud.__dict__]
    objects = strings = size = 0
    while todo:
        obj = todo.pop()
        if id(obj) in seen or isinstance(obj, (int, float, bool, type(None))):
            continue
        seen.add(id(obj))
        objects += 1
        size += sys.getsizeof(obj)
        if isinstance(obj, str):
            strings += 1
        elif isinstance(obj, CONTAINERS) or type(obj).__module__.startswith(OWN):
            todo.extend(gc.get_referents(obj))
    return objects, strings, size


def moves(game, count: int, start_at: int) -> list[ev.Event]:
    """`count` other players' moves, each to another place (a long game's record, quickly)."""
    spots = [at(game, x, y) for y in range(3, 15) for x in range(3, 25)]
    return [ev.ArmyMoved(999, 2, tuple(spots[(start_at + n) % len(spots)] for _ in range(1 + n % 3)), 0)
            for n in range(count)]


def open_log_after(app, count: int, **resources: int):  # noqa: ANN201
    """A game whose journal holds `count` other players' moves, its log opened and drawn: (game, view, journal)."""
    game = tiny_game(board(), {1: (2, 2), 2: (27, 17)}, resources=resources or None)
    start(app, game)
    view = ready(app)
    journal = view.chronicle.journal
    journal.record_events(game, moves(game, count, 0))
    key(app, arcade.key.L)
    step(app, 2, draw=True)
    return game, view, journal


def wheel_to_the_top(app, view) -> None:
    hud = view.turn_hud
    left, bottom, width, height = hud.log_rect()
    for _ in range(1000):
        if hud.log_scroll == 0:
            return
        dispatch(app, "on_mouse_scroll", left + 40, bottom + 40, 0, 50)
        step(app, 1, draw=True)


def test_a_long_games_log_scrolls_back_to_its_first_line_and_keeps_only_a_few_pages(app):
    game, view, journal = open_log_after(app, 2000, food=50)
    hud = view.turn_hud
    assert hud.log_open and len(hud.log_lines) >= 2000
    wheel_to_the_top(app, view)
    small = retained(hud)
    journal.record_events(game, moves(game, 8000, 7))
    step(app, 2, draw=True)
    expected = log_lines(journal, game, 1, journal.entries)  # the log's words, worded afresh
    assert len(hud.log_lines) == len(expected) >= 10000
    assert hud.log_scroll == len(expected) - hud.log_rows()  # new lines arrive at the bottom, in view
    drawn = hud.texts._texts
    rows = hud.log_rows()
    assert [drawn[f"log:{slot}"].text for slot in range(rows)] == [
        text if len(text) < 70 else text[:68] + "…" for text, _ in expected[-rows:]]
    wheel_to_the_top(app, view)
    assert hud.log_scroll == 0
    assert drawn["log:0"].text.rstrip("…") in expected[0][0] and drawn["log:0"].text != "…"
    assert [line.text for line in hud.log_lines[:rows]] == [text for text, _ in expected[:rows]]
    shot(app, "log_scrolled_back.png")
    big = retained(hud)
    # the words kept do not grow with the game (at most LOG_KEEP lines' worth, filled by now)...
    assert big[1] - small[1] <= LOG_KEEP and big[0] - small[0] <= LOG_KEEP + 10
    assert (big[2] - small[2]) / 8000 < 16  # ...only a few bytes a line (its entry and its place)
    # a click on a scrolled-back line looks at its place
    left, bottom, width, height = hud.log_rect()
    line = next(i for i, (_, place) in enumerate(expected[:rows]) if place is not None)
    view.camera.center_on_territory(at(game, 27, 17))
    click(app, left + 30, bottom + height - 30 - (line + 0.5) * LOG_ROW)
    x0, y0, x1, y1 = view.camera.view_rect()
    x, y = view.canvas.grid.center(expected[line][1])
    assert x0 <= x <= x1 and y0 <= y <= y1


def test_an_undone_move_leaves_the_log(app):
    game = tiny_game(board(), {1: (2, 2), 2: (27, 17)}, resources={"food": 50})
    spawn_army(game, 1, at(game, 5, 5), ["soldier"])
    start(app, game)
    view = ready(app)
    key(app, arcade.key.L)
    step(app, 2, draw=True)
    hud = view.turn_hud
    before = [line.text for line in hud.log_lines]
    click(app, *on_screen(view, at(game, 5, 5)))
    click(app, *on_screen(view, at(game, 6, 5)))  # a move: one more line
    step(app, 30, draw=True)
    assert [line.text for line in hud.log_lines][:-1] == before and "moved 1 step" in hud.log_lines[-1].text
    key(app, arcade.key.Z, arcade.key.MOD_CTRL)
    step(app, 2, draw=True)
    assert [line.text for line in hud.log_lines] == before
    assert len(hud.log_lines) == len(log_lines(view.chronicle.journal, game, 1, view.chronicle.journal.entries))


def test_a_window_taller_than_the_kept_lines_still_shows_every_row(app):
    from game.ui.event_log import LogLines
    from game.ui.widgets import TEXT

    game = tiny_game(board(), {1: (2, 2), 2: (27, 17)})
    start(app, game)
    journal = ready(app).chronicle.journal
    journal.record_events(game, moves(game, 400, 0))
    lines = LogLines(TEXT, keep=16)
    lines.add(journal.entries, ())
    lines.describe_rows(100, 300, game, journal, 1)  # 200 rows at once: more than `keep`
    assert all(lines.text(i) is not None for i in range(100, 300)) and lines.worded(100, 300)


def test_another_reader_gets_the_same_lines_worded_from_its_side(app):
    """Hot-seat: when the reader changes, the lines stay (no rebuild that would decode every packed round) and
    are worded again from the new reader's side."""
    game, view, journal = open_log_after(app, 300)
    hud = view.turn_hud
    kept = hud.log_lines.entries
    assert "P2's army moved" in hud.log_lines[-1].text
    hud.refresh(game, view.chronicle, 2, True)  # player 2 reads the log now
    assert hud.log_lines.entries is kept and len(hud.log_lines) == len(log_lines(journal, game, 2, journal.entries))
    assert hud.log_lines[-1].text.startswith("Your army moved")
    assert [line.text for line in hud.log_lines] == [text for text, _ in log_lines(journal, game, 2, journal.entries)]
