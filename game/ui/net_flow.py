"""Network play in the window: host a local server, connect to one, enter a game through it.

* `host_local(window)`: starts `foc serve` on 127.0.0.1 (a free port) as a subprocess, stopped when the
  window's process exits, and opens its lobby.
* `open_lobby(window, url)`: connects (hello, mods) and shows the lobby; a failure is shown, not raised.
* `enter_game(window, link, game, ...)`: takes a seat (or comes back with the seat's remembered token, or
  watches) and shows the game through a `RemoteSession`.
* `SeatBook`: the tokens of the seats this player holds, per server, in the user data folder, so a player can
  come back to a deadline game days later from a new process.
"""

from __future__ import annotations

import atexit
import contextlib
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

from game.net.client import Link, ServerError
from game.net.seat_client import SeatClient
from game.ui.seat_book import SeatBook


def start_local_server(data: Path | None = None, timeout: float = 20.0) -> tuple[subprocess.Popen[str], str]:
    """`foc serve` on 127.0.0.1 and a free port; the process and its ws:// address."""
    if data is None:
        from game.net.server import default_data_dir

        data = default_data_dir()
    foc = [sys.executable] if getattr(sys, "frozen", False) else [sys.executable, "-m", "game"]  # a bundle is foc
    proc = subprocess.Popen([*foc, "serve", "--host", "127.0.0.1", "--port", "0",
                             "--data", str(data)], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                            cwd=Path(__file__).resolve().parents[2])
    atexit.register(_stop, proc)
    assert proc.stdout is not None
    line = proc.stdout.readline()
    found = re.search(r"listening on (ws://\S+)", line)
    if found is None:
        _stop(proc)
        raise RuntimeError("the local server did not start" + (f": {line.strip()}" if line else ""))
    return proc, found.group(1)


def _stop(proc: subprocess.Popen[str]) -> None:
    if proc.poll() is None:
        proc.terminate()
        with contextlib.suppress(subprocess.TimeoutExpired):
            proc.wait(5)


def host_local(window: Any) -> None:
    """The main menu's "Host": a server on this machine, then its lobby."""
    try:
        proc, url = start_local_server()
    except (OSError, RuntimeError) as exc:
        _problem(window, f"Could not start a local server: {exc}")
        return
    window.net_server = proc
    open_lobby(window, url)


def open_lobby(window: Any, url: str, then: Any = None) -> None:
    """Connect to `url` and show the lobby (or the reason it failed); `then(link)` runs once connected."""
    from game.ui.views.lobby import LobbyView

    link = Link(url, name="player")
    try:
        link.open()
    except ServerError as exc:
        link.close()
        _problem(window, f"The server at {url} refused: {exc.message}")
        return
    except Exception as exc:
        link.close()
        _problem(window, f"Could not connect to {url}: {exc or type(exc).__name__}")
        return
    old = getattr(window, "net_link", None)
    if old is not None and old is not link:
        old.close()
    window.net_link = link
    window.show_view(LobbyView(window, link))
    if then is not None:
        then(link)


def enter_game(window: Any, link: Link, game: str, seat: int | None = None, *, watch: bool = False,
               token: str | None = None, name: str = "") -> str | None:
    """Join (or resume, or watch) a game and show it; the reason when the server refused."""
    from game.ui.map_canvas import MapCanvas
    from game.ui.remote_session import RemoteSession

    try:
        client = SeatClient.join(link, game, seat, watch=watch, token=token, name=name)
    except ServerError as exc:
        return exc.message
    except Exception as exc:
        return f"could not join: {exc}"
    if not watch and link.token is not None and client.seat is not None:
        SeatBook().remember(link.url, game, client.seat, link.token)
    mirror = client.game
    styles = {s: window.assets.default_style(s) for s in mirror.world.seats}
    session = RemoteSession(mirror, styles, threaded=False, client=client)
    if mirror.app.game_screen is not None or not mirror.app.presentation.map_screen:  # the ruleset's own screen
        # or the default board screen: no map canvas, no map-game extras
        session.catch_up()
        window.show_game(session, None)
        return None
    from game.ui.chronicle import attach

    attach(session, None, replay_history=False)  # journal and statistics; no autosaves of a game the server keeps
    session.catch_up()
    canvas = MapCanvas(mirror.world, window.assets, styles, (window.width, window.height))
    if mirror.in_setup:
        from game.ui.views.base_choice import BaseChoiceView

        window.show_view(BaseChoiceView(window, session, canvas))
    else:
        window.show_game(session, canvas)
    return None


def connect_from_args(window: Any, args: Any) -> None:
    """`foc play --connect URL [--game ID [--watch]]`: the lobby, or straight into a game."""
    game = getattr(args, "game", None)

    def go(link: Link) -> None:
        if not game:
            return
        held = SeatBook().seats(link.url).get(game)
        if getattr(args, "watch", False):
            problem = enter_game(window, link, game, watch=True)
        elif held is not None:
            problem = enter_game(window, link, game, token=held["token"])
        else:
            info = next((g for g in link.call({"type": "list"})["games"] if g["game"] == game), None)
            open_seats = [s["seat"] for s in info["seats"] if s["kind"] == "open"] if info else []
            problem = (enter_game(window, link, game, open_seats[0], name="Player") if open_seats
                       else enter_game(window, link, game, watch=True))
        if problem is not None:
            print(f"foc play: {problem}", file=sys.stderr)

    open_lobby(window, args.connect, then=go)


def _problem(window: Any, text: str) -> None:
    from game.ui.views.lobby import MessageView

    window.show_view(MessageView(window, text))
