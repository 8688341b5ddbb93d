"""The window plays through `foc serve` (a subprocess on 127.0.0.1): main menu → Join → lobby → create a game
against the server's computer → choose a base with the mouse → end turns with the keyboard; the window's game
shows the seat's view as the server has it (same view hash)."""

from __future__ import annotations

import time

import arcade
import pytest

from components.commands import ChooseBase
from game.ui import theme
from game.ui.app import GameWindow
from tests.net.support import ServerProcess, patient, wait_until
from tests.ui.conftest import click, dispatch, end_turn, frames, shot

SMALL_MAP = "random:12x12:3"  # a short game: few armies, so few events to play out on screen


@pytest.fixture
def server(tmp_path, monkeypatch):
    monkeypatch.setenv("FOC_NET_SEATS", str(tmp_path / "seats.json"))
    patient(monkeypatch)  # the window's requests wait generously on a loaded machine
    # the computer plays on the server's loop: a worker process would first import the engine, which on a loaded
    # machine took most of a minute before the computer's first move (the worker pool has its own tests)
    proc = ServerProcess(tmp_path / "data", extra=("--computer-workers", "0")).start()
    yield proc
    proc.stop()


def button(view, text: str):
    for widget in view.ui.walk_widgets():
        if getattr(widget, "text", None) == text:
            return widget
    raise AssertionError(f"no button {text!r} on {type(view).__name__}")


def press(window: GameWindow, widget) -> None:
    click(window, *widget.rect.center)


def progress(window: GameWindow) -> tuple[object, ...]:
    """What moves while the window follows a game: its screen, the updates it applied, the events it showed."""
    view = window.current_view
    session = getattr(view, "session", None)
    client = getattr(session, "client", None)
    animator = getattr(view, "animator", None)
    return (type(view).__name__, client.mirror.seq if client is not None else None,
            animator.shown if animator is not None else None, len(animator.queue) if animator is not None else None)


def until(window: GameWindow, condition, seconds: float = 20.0) -> None:
    """Draw frames until `condition()`; the bound (`scaled`) is on a stall, so a loaded machine only slows it."""
    wait_until(condition, seconds, step=lambda: (frames(window, 2), time.sleep(0.01)),
               progress=lambda: progress(window))


def test_join_a_server_create_a_game_and_play_against_its_computer(window: GameWindow, server) -> None:
    from game.ui.views.lobby import JoinView, LobbyView
    from game.ui.views.menu import MainMenuView
    from game.ui.views.net_game import NetGameView

    window.settings.speed_index = 3  # the fastest animations: the other seat's turns play out in fewer frames
    window.show_main_menu()
    menu = window.current_view
    assert isinstance(menu, MainMenuView)
    press(window, menu.join_button)
    join = window.current_view
    assert isinstance(join, JoinView)
    join.field.text = server.url
    dispatch(window, "on_key_press", arcade.key.RETURN, 0)
    lobby = window.current_view
    assert isinstance(lobby, LobbyView)
    frames(window, 2)
    press(window, button(lobby, "Map: random:24x24"))  # the map button cycles through the maps
    assert button(lobby, f"Map: {lobby.maps[1]}")
    lobby.maps[0], lobby.map_index = SMALL_MAP, 0
    lobby._build()
    assert button(lobby, f"Map: {SMALL_MAP}")
    frames(window, 1)
    press(window, button(lobby, "Create and join seat 1"))
    choice = window.current_view
    assert not isinstance(choice, LobbyView), lobby.status
    session = choice.session
    assert session.remote and session.seat == 1 and session.game.in_setup
    # choose a base with the mouse: a territory of the start zone the rules accept
    zone = session.world.start_zones[1]
    territory = next(t for t in zone if session.game.check(ChooseBase(t)) is None)
    choice.camera.center_on_territory(territory)
    frames(window, 1)
    click(window, *choice.camera.to_screen(*choice.canvas.grid.center(territory)))
    until(window, lambda: isinstance(window.current_view, NetGameView) and session.my_turn())
    view = window.current_view
    assert session.world.clock.round == 1 and not session.game.in_setup  # the computer chose its base
    # end two turns with the keyboard; the server's computer plays in between
    for expected in (2, 3):
        until(window, lambda: session.my_turn() and not view.animator.busy)
        frames(window, 2)
        if view.modal is not None:  # the turn summary: a notable event in the computer's turn (the server's seed)
            dispatch(window, "on_key_press", arcade.key.RETURN, 0)
            dispatch(window, "on_key_release", arcade.key.RETURN, 0)
            assert view.modal is None
        end_turn(window)  # Enter (and Enter again where the end-turn warning asks)
        until(window, lambda expected=expected: session.world.clock.round == expected and session.my_turn())
    # the other seat's turns play out as animations; once they are over the screen shows round 3, seat 1 to move
    until(window, lambda: not view.animator.busy and not session.pending and view.quiet(), 90)
    frames(window, 10)
    assert view.turn_hud is not None
    shot(window, "net_game.png")
    reply = session.client.link.call({"type": "sync", "game": session.client.game_id})
    assert reply["seq"] == session.client.mirror.seq
    assert reply["hash"] == session.client.mirror.view_hash()
    # the lobby lists the game with whose move it is
    window.show_view(LobbyView(window, session.client.link))
    lobby = window.current_view
    frames(window, 2)
    mine = [g for g in lobby.games if g["game"] == session.client.game_id]
    assert mine and mine[0]["to_move"] == 1 and mine[0]["round"] == 3
    button(lobby, "Resume seat 1")  # the seat's token is remembered
    shot(window, "net_lobby.png")
    session.client.link.close()


def test_a_monstercrasher_game_over_the_network_on_its_own_screen(window: GameWindow, server) -> None:
    """Any ruleset over the network: the lobby's Game button picks MonsterCrasher; the window's seat plays on
    the ruleset's own screen (keyboard: the turn button, MC4), another client plays seat 2 with the ruleset's
    computer player; the window's game follows the other seat's moves and stays at the server's hash."""
    from game.ai import make_controller
    from game.net.client import Link
    from game.net.seat_client import SeatClient
    from game.ui.views.lobby import LobbyView

    link = Link(server.url, "window")
    link.open()
    window.show_view(LobbyView(window, link))
    lobby = window.current_view
    frames(window, 2)
    names = [r["id"] for r in lobby.rulesets]
    for _ in range(names.index("monstercrasher")):
        press(window, button(lobby, f"Game: {lobby.rulesets[lobby.ruleset_index]['name']}"))
        frames(window, 1)
    press(window, button(lobby, "Opponent: a computer (normal)"))  # → an open seat for another player
    frames(window, 1)
    for widget in lobby.ui.walk_widgets():  # every button's words fit it whole (none cut at its edge)
        text = getattr(widget, "text", None)
        if text and hasattr(widget, "rect") and type(widget).__name__ == "UIFlatButton":
            width = arcade.Text(text, 0, 0, font_size=13, font_name=theme.FONT).content_width
            assert width <= widget.rect.width - 8, text
    assert button(lobby, "Opponent: another player")
    assert button(lobby, "Map: default")  # another ruleset plays on its own board
    press(window, button(lobby, "Create and join seat 1"))
    screen = window.current_view
    assert not isinstance(screen, LobbyView), lobby.status
    assert type(screen).__module__.endswith("screen") and screen.computers == {}  # the ruleset's own screen
    # the client's shell over the network: menu, help and log; no saves, loads or undo (the server keeps the game)
    assert screen.shell.remote and [b.label for b in screen.shell.buttons] == ["Menu", "Help", "Log"]
    session = screen.session if hasattr(screen, "session") else None
    game_id = link.game
    other = Link(server.url, "other")
    other.open()
    two = SeatClient.join(other, game_id, 2, name="Bob")
    controller = make_controller("normal", two.game.app)
    try:
        while True:
            until(window, lambda: two.pump(wait=0.01) >= 0 and (two.my_turn() or (
                screen.game.world.clock.seat == 1 and not screen.busy and not screen.game.over)), 30)
            if screen.game.world.clock.round >= 3:
                break
            if two.my_turn():
                mirror = two.as_player()
                try:
                    controller.play_turn(mirror)
                finally:
                    del mirror.submit
                continue
            dispatch(window, "on_key_press", arcade.key.SPACE, 0)  # seat 1 presses its turn button
            until(window, lambda: screen.game.world.clock.seat == 2 or screen.game.over)
        frames(window, 20)
        shot(window, "net_monstercrasher.png")
        reply = link.call({"type": "sync", "game": game_id})
        seat_client = screen.game.submit.__self__  # RemoteSession.drive sends the screen's submits through it
        assert isinstance(seat_client, SeatClient) and seat_client.game is screen.game
        assert reply["hash"] == seat_client.mirror.view_hash()
        assert session is None or session.remote
    finally:
        other.close()
        link.close()
