"""The network lobby (games on a server: whose move, seats, join / resume / watch, create), the Join screen
(a server address) and a message screen for connection problems."""

from __future__ import annotations

import time
from functools import partial
from typing import TYPE_CHECKING, Any

import arcade

from game.net.client import Link, ServerError
from game.ui import theme
from game.ui import widgets as kit
from game.ui.views.base import BaseView
from game.ui.widgets import gui
from game.words import plural

if TYPE_CHECKING:  # the window shows the views; they only name its type
    from game.ui.client_window import ClientWindow as GameWindow

ROW_HEIGHT = 46
MAX_ROWS = 8
REFRESH_SECONDS = 3.0
MODES = (("live", "Live"), ("deadline", "By deadline (24 h turns)"))
OPPONENTS = (("computer", "a computer (normal)"), ("open", "another player"))  # fits the button whole
TIMERS = (None, 60.0, 180.0)


def lobby_maps() -> list[str]:
    """Maps a created game can use: shipped maps for two players, and a small random one."""
    from game.ui.views.setup import shipped_maps

    names = [path.stem for path, data in shipped_maps() if not isinstance(data, str) and data.supports(2)]
    return ["random:24x24", *names]


def describe(info: dict[str, Any]) -> tuple[str, str, str]:
    """A game's three text columns: what it is, where it stands, who sits where."""
    mods = f" + {', '.join(info['mods'])}" if info["mods"] else ""
    mode = "live" if info["mode"] == "live" else "by deadline"
    timer = f", {int(info['turn_seconds'])} s turns" if info["mode"] == "live" and info["turn_seconds"] else ""
    ruleset = "" if info.get("ruleset", "base") == "base" else f"{info['ruleset']} · "
    chosen = info.get("options") or {}  # the ruleset's options it was created with
    options = f" · {', '.join(f'{k}={v}' for k, v in chosen.items())}" if chosen else ""
    what = f"{info['name']} · {ruleset}{info['map']}{mods}{options} · {mode}{timer}"
    waiting = info.get("waiting_on") or []
    if info["winner"] is not None:
        where = "Over: a draw" if info["winner"] == 0 else f"Over: seat {info['winner']} won in round {info['round']}"
    elif info["to_move_name"] is None and waiting:  # orders or answers from several seats at once
        where = f"Round {info['round']} · waiting for seats {', '.join(map(str, waiting))}"
    elif info["stage"] == "setup":
        where = f"Choosing bases · {info['to_move_name']} to choose"
    else:
        where = f"Round {info['round']} · {info['to_move_name']}'s move"
    if info.get("deadline") and info["winner"] is None:
        left = max(0, int(info["deadline"] - time.time()))
        where += f" · {left // 3600}h {left % 3600 // 60:02d}m left" if left >= 3600 else f" · {left // 60}m {left % 60:02d}s left"
    seats = "   ".join(f"{s['seat']}: {_seat_text(s)}" for s in info["seats"])
    if info["watchers"]:
        seats += f"   · {info['watchers']} watching"
    return what, where, seats


def _seat_text(seat: dict[str, Any]) -> str:
    if seat["kind"] == "open":
        return "open"
    if seat["kind"] == "computer":
        return f"{seat['name']} (computer)"
    return f"{seat['name']}{'' if seat['connected'] else ' (away)'}"


class LobbyView(BaseView):
    """Games on the server; buttons to join, resume or watch, and to create one."""

    def __init__(self, window: GameWindow, link: Link) -> None:
        super().__init__(window)
        self.link = link
        self.ui = gui.UIManager(window)
        self.games: list[dict[str, Any]] = []
        self.status = ""
        self.status_bad = False
        self.since = 0.0
        self.opponent = 0
        self.mode = 0
        self.timer = 0
        self.maps = lobby_maps()
        self.map_index = 0
        self.rulesets: list[dict[str, str]] = [{"id": "base", "name": "Forces of Conquest"}]
        self.ruleset_index = 0
        self.texts: list[arcade.Text] = []
        self.refresh()

    # ----- data
    def refresh(self) -> None:
        try:
            listed = self.link.call({"type": "list"}, 5)
            games, rulesets = list(listed["games"]), list(listed.get("rulesets") or self.rulesets)
            if (games, rulesets) == (self.games, self.rulesets) and self.texts and not self.status_bad:  # nothing new
                self.since = 0.0
                return
            self.games, self.rulesets = games, rulesets  # the rulesets: the games this server can host
            self.ruleset_index = min(self.ruleset_index, len(self.rulesets) - 1)
        except (ServerError, ConnectionError, TimeoutError) as exc:
            self.say(f"Could not list the games: {exc}", bad=True)
        self.since = 0.0
        self._build()

    def say(self, text: str, bad: bool = False) -> None:
        self.status, self.status_bad = text, bad
        self._build()

    # ----- layout
    def _build(self) -> None:
        window = self.window
        self.ui.clear()
        self.texts = []
        w, h = window.width, window.height
        self._text("Network lobby", 40, h - 56, 24, theme.TEXT, bold=True)
        self._text(f"{self.link.url} · {plural(len(self.games), 'game')} · your seats are remembered on this computer",
                   40, h - 84, 11, theme.TEXT_DIM)
        from game.ui.seat_book import SeatBook

        mine = SeatBook().seats(self.link.url)
        top = h - 120
        if not self.games:
            self._text("No games yet: create one below.", 40, top - 30, 13, theme.TEXT_DIM)
        for row, info in enumerate(self.games[:MAX_ROWS]):
            y = top - row * ROW_HEIGHT - ROW_HEIGHT
            what, where, seats = describe(info)
            self._text(what, 40, y + 24, 12, theme.TEXT, bold=True)
            self._text(f"{where}      {seats}", 40, y + 6, 11, theme.TEXT_DIM)
            x = w - 40
            over = info["winner"] is not None
            watch = kit.flat_button("Watch", x - 90, y + 6, 90, 32)
            kit.on_click(watch, partial(self.enter, info["game"], watch=True))
            self.ui.add(watch)
            x -= 100
            held = mine.get(info["game"])
            open_seats = [s["seat"] for s in info["seats"] if s["kind"] == "open"]
            if held is not None and not over:
                button = kit.flat_button(f"Resume seat {held['seat']}", x - 150, y + 6, 150, 32, primary=True)
                kit.on_click(button, partial(self.enter, info["game"], token=held["token"]))
                self.ui.add(button)
            elif open_seats and not over:
                button = kit.flat_button(f"Join seat {open_seats[0]}", x - 150, y + 6, 150, 32, primary=True)
                kit.on_click(button, partial(self.enter, info["game"], seat=open_seats[0]))
                self.ui.add(button)
        # creating a game
        y = 150
        self._text("New game", 50, y + 22, 15, theme.TEXT, bold=True)
        opponent = kit.flat_button(f"Opponent: {OPPONENTS[self.opponent][1]}", 50, y - 30, 330, 36)
        kit.on_click(opponent, self._cycle("opponent", len(OPPONENTS)))
        mode = kit.flat_button(f"Mode: {MODES[self.mode][1]}", 390, y - 30, 290, 36)
        kit.on_click(mode, self._cycle("mode", len(MODES)))
        game_map = kit.flat_button(f"Map: {self.chosen_map()}", 690, y - 30, 250, 36)
        kit.on_click(game_map, self._cycle("map_index", len(self.maps)))
        timer = TIMERS[self.timer]
        timer_button = kit.flat_button("Turn timer: " + (f"{int(timer)} s" if timer else "none"), 950, y - 30,
                                       200, 36)
        kit.on_click(timer_button, self._cycle("timer", len(TIMERS)))
        create = kit.flat_button("Create and join seat 1", 50, y - 80, 330, 38, primary=True)
        kit.on_click(create, self.create)
        refresh = kit.flat_button("Refresh (R)", 390, y - 80, 160, 38)
        kit.on_click(refresh, self.refresh)
        back = kit.flat_button("Main menu", 560, y - 80, 160, 38)
        kit.on_click(back, self.back)
        ruleset = kit.flat_button(f"Game: {self.rulesets[self.ruleset_index]['name']}", 730, y - 80, 420, 38)
        kit.on_click(ruleset, self._cycle("ruleset_index", len(self.rulesets)))
        for widget in (opponent, mode, game_map, create, refresh, back, ruleset):
            self.ui.add(widget)
        if self.mode == 0:
            self.ui.add(timer_button)
        if self.status:
            self._text(self.status, 40, 20, 12, theme.TEXT_BAD if self.status_bad else theme.TEXT_GOOD)

    def _text(self, text: str, x: float, y: float, size: int, color: Any, bold: bool = False) -> None:
        self.texts.append(arcade.Text(text, x, y, color, size, font_name=theme.FONT, bold=bold))

    def _cycle(self, name: str, count: int) -> Any:
        def step() -> None:
            setattr(self, name, (getattr(self, name) + 1) % count)
            self._build()

        return step

    def chosen_map(self) -> str:
        """The base game's maps cycle; another ruleset plays on its own board ("default")."""
        return self.maps[self.map_index] if self.rulesets[self.ruleset_index]["id"] == "base" else "default"

    # ----- actions
    def create(self) -> None:
        seats = [{"kind": "open"}, {"kind": OPPONENTS[self.opponent][0]}]
        ruleset = self.rulesets[self.ruleset_index]["id"]
        mods = list(getattr(self.window, "mods", [])) if ruleset == "base" else []  # the window's mods extend base
        message: dict[str, Any] = {"type": "create", "map": self.chosen_map(), "seats": seats, "ruleset": ruleset,
                                   "mode": MODES[self.mode][0], "mods": mods}
        if ruleset == getattr(self.window, "ruleset", None) and getattr(self.window, "options", None):
            message["options"] = dict(self.window.options)  # `foc play --connect --ruleset R --option k=v`
        if MODES[self.mode][0] == "live" and TIMERS[self.timer]:
            message["turn_seconds"] = TIMERS[self.timer]
        try:
            made = self.link.call(message, 15)
        except (ServerError, ConnectionError, TimeoutError) as exc:
            self.say(f"The server did not create the game: {getattr(exc, 'message', exc)}", bad=True)
            return
        self.enter(made["game"], seat=1)

    def enter(self, game: str, seat: int | None = None, watch: bool = False, token: str | None = None) -> None:
        problem = self.window.enter_network_game(self.link, game, seat, watch=watch, token=token, name="Player")
        if problem is not None:
            self.refresh()
            self.say(f"Cannot enter the game: {problem}", bad=True)

    def back(self) -> None:
        self.app.show_main_menu()

    # ----- arcade
    def on_show_view(self) -> None:
        self.ui.enable()

    def on_hide_view(self) -> None:
        self.ui.disable()

    def on_update(self, delta_time: float) -> None:
        self.since += delta_time
        if self.since >= REFRESH_SECONDS and self.window.current_view is self:
            self.refresh()

    def draw(self) -> None:
        self.clear()
        for row in range(min(MAX_ROWS, len(self.games))):
            y = self.window.height - 120 - row * ROW_HEIGHT - ROW_HEIGHT
            arcade.draw_lrbt_rectangle_filled(30, self.window.width - 30, y, y + ROW_HEIGHT - 4,
                                              theme.SECTION_BG if row % 2 == 0 else theme.PANEL_BG)
        arcade.draw_lrbt_rectangle_filled(30, self.window.width - 30, 50, 200, theme.PANEL_BG)
        for text in self.texts:
            text.draw()
        self.ui.draw()

    def on_key_press(self, symbol: int, modifiers: int) -> None:
        if symbol == arcade.key.R:
            self.refresh()
        elif symbol == arcade.key.ESCAPE:
            self.back()


class JoinView(BaseView):
    """The main menu's "Join": the address of a server."""

    def __init__(self, window: GameWindow, address: str = "ws://127.0.0.1:8765") -> None:
        super().__init__(window)
        self.ui = gui.UIManager(window)
        cx, cy = window.width / 2, window.height / 2
        self.title = arcade.Text("Join a network game", cx, cy + 110, theme.TEXT, 22, font_name=theme.FONT,
                                 anchor_x="center", bold=True)
        self.hint = arcade.Text("Server address (the host sees it in their lobby):", cx - 260, cy + 54,
                                theme.TEXT_DIM, 12, font_name=theme.FONT)
        self.field = kit.text_input(address, cx - 260, cy, 520)
        connect = kit.flat_button("Connect", cx - 260, cy - 70, 250, 42, primary=True)
        kit.on_click(connect, self.connect)
        back = kit.flat_button("Back", cx + 10, cy - 70, 250, 42)
        kit.on_click(back, window.show_main_menu)
        for widget in (self.field, connect, back):
            self.ui.add(widget)

    def connect(self) -> None:
        self.window.open_lobby(self.field.text.strip())

    def on_show_view(self) -> None:
        self.ui.enable()

    def on_hide_view(self) -> None:
        self.ui.disable()

    def draw(self) -> None:
        self.clear()
        self.title.draw()
        self.hint.draw()
        self.ui.draw()

    def on_key_press(self, symbol: int, modifiers: int) -> None:
        if symbol in (arcade.key.RETURN, arcade.key.ENTER):
            self.connect()
        elif symbol == arcade.key.ESCAPE:
            self.app.show_main_menu()


class MessageView(BaseView):
    """A problem with the network, and the way back."""

    def __init__(self, window: GameWindow, message: str) -> None:
        super().__init__(window)
        self.ui = gui.UIManager(window)
        cx, cy = window.width / 2, window.height / 2
        self.text = arcade.Text(message, cx, cy + 40, theme.TEXT_BAD, 14, font_name=theme.FONT, anchor_x="center",
                                multiline=True, width=int(window.width * 0.7), align="center")
        back = kit.flat_button("Main menu", cx - 120, cy - 60, 240, 42, primary=True)
        kit.on_click(back, window.show_main_menu)
        self.ui.add(back)

    def on_show_view(self) -> None:
        self.ui.enable()

    def on_hide_view(self) -> None:
        self.ui.disable()

    def draw(self) -> None:
        self.clear()
        self.text.draw()
        self.ui.draw()

    def on_key_press(self, symbol: int, modifiers: int) -> None:
        if symbol in (arcade.key.ESCAPE, arcade.key.RETURN):
            self.app.show_main_menu()
