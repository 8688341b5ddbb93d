"""The default game screen: any ruleset without a screen of its own is played here, drawn from the presentation
data it declares (`game.presentation`: pieces with sprite or glyph, owner colour, label and badges; terrain
colours) on its board's layout (square, hex or regions: `game.ui.layouts.layout_for`).

A click on a place turns into the engine's legal commands for it (the ruleset's `legal_commands`, placed with
its `command_places`): one command acting on that place alone is submitted; a place that starts commands towards
others is selected and their targets light up, a click on one submits it; where several commands fit, a dialog
asks which. Commands with no place (end the turn, pass, ...) are buttons in the side panel. A question
(systems.prompts) to the seat at the table is a dialog; computer seats play on their own. The client's shell
(game.ui.shell) adds the menu, saves, help, log, undo, hand-over and victory screen.
"""

from __future__ import annotations

import dataclasses
import functools
from typing import Any

import arcade

from game.ui.assets import seat_color
from game.ui.layouts import layout_for
from game.ui.views.base import BaseView
from game.ui.widgets import ACCENT, DIM, PANEL, TEXT, DrawnButton, TextCache, draw_panel, fit_words, wrap
from game.ui.wording import for_players

PANEL_W = 300
BOTTOM = 36  # the shell's button row
MARGIN = 16
PLACE_FIELDS = ("territory", "source", "from_territory", "start", "target", "to_territory", "destination", "square")
TERRAIN_TINTS = ((88, 120, 80), (110, 100, 76), (80, 104, 128), (120, 112, 96), (96, 96, 112))


def places_of(look: Any, command: Any) -> tuple[int, ...]:
    """The places a command acts on, in order (from, to): the ruleset's `command_places`, else its fields named
    like places."""
    if look.command_places is not None:
        return tuple(look.command_places(command))
    if not dataclasses.is_dataclass(command):
        return ()
    values = {f.name: getattr(command, f.name) for f in dataclasses.fields(command)}
    return tuple(values[name] for name in PLACE_FIELDS if isinstance(values.get(name), int))


def words(name: str) -> str:
    """'PressTurnButton' -> 'Press turn button'."""
    out = "".join(f" {c.lower()}" if c.isupper() else c for c in name).strip()
    return out[:1].upper() + out[1:]


class BoardScreen(BaseView):
    """The default screen (built as BoardScreen(window, session, canvas) by the client)."""

    own_handover = False  # the shell hands over between human seats

    def __init__(self, window: Any, session: Any, canvas: Any = None) -> None:
        super().__init__(window)
        self.session = session
        self.look = session.game.app.presentation
        self.layout = layout_for(session.world.board)
        self.texts = TextCache()
        self.selected: int | None = None
        self.message = ""
        self.modal: Any = None
        self.buttons: list[DrawnButton] = []
        self.cells: arcade.shape_list.ShapeElementList[Any] | None = None
        self._legal: list[Any] | None = None
        self._drawn: tuple[Any, ...] | None = None
        self._fit()

    # ----- geometry
    def _fit(self) -> None:
        layout = self.layout
        width = self.window.width - PANEL_W - 2 * MARGIN
        height = self.window.height - BOTTOM - 2 * MARGIN
        self.scale = min(width / max(1.0, layout.pixel_width), height / max(1.0, layout.pixel_height))
        self.ox = MARGIN + (width - layout.pixel_width * self.scale) / 2
        self.oy = BOTTOM + MARGIN + (height - layout.pixel_height * self.scale) / 2

    def to_screen(self, wx: float, wy: float) -> tuple[float, float]:
        return self.ox + wx * self.scale, self.oy + wy * self.scale

    def centre(self, place: int) -> tuple[float, float]:
        """Where a place is drawn on the screen (tests click there)."""
        return self.to_screen(*self.layout.center(place))

    def place_at(self, x: float, y: float) -> int | None:
        return self.layout.at((x - self.ox) / self.scale, (y - self.oy) / self.scale)

    def place_name(self, place: int) -> str:
        if self.look.place_name is not None:
            return str(self.look.place_name(self.session.world, place))
        board = self.session.world.board
        if board.kind == "regions":
            return str(board.regions[place].name)
        x, y = self.layout.coords(place)
        rows = getattr(self.layout, "height", 0)
        return f"{chr(ord('a') + x) if x < 26 else x + 1}{rows - y if rows else y + 1}"

    # ----- the engine's legal commands
    def legal(self) -> list[Any]:
        session = self.session
        if self._legal is None:
            finder = session.game.app.legal_commands
            self._legal = [] if finder is None or not session.human_to_move() else list(finder(session.game))
        return self._legal

    def label(self, command: Any) -> str:
        if self.look.command_words is not None:
            return str(self.look.command_words(command, self.place_name))
        places = places_of(self.look, command)
        where = " to ".join(self.place_name(p) for p in places)
        return f"{words(type(command).__name__)}{' ' + where if where else ''}"

    def targets(self) -> dict[int, list[Any]]:
        """From the selected place: each place a command goes to, with those commands."""
        out: dict[int, list[Any]] = {}
        if self.selected is None:
            return out
        for command in self.legal():
            places = places_of(self.look, command)
            if len(places) > 1 and places[0] == self.selected:
                out.setdefault(places[-1], []).append(command)
        return out

    def changed(self) -> None:
        """The world or the selection changed: read the legal commands again and redraw."""
        self._legal = None
        self._drawn = None
        self.buttons = []

    refresh = changed  # the shell calls it after an undo

    def selection_active(self) -> bool:
        return self.selected is not None or self.modal is not None

    def submit(self, command: Any) -> None:
        result = self.session.submit(command)
        if result.ok:
            self.message = ""
            self.selected = None
        else:
            self.message = for_players(result.reason)
        self.changed()

    def choose(self, commands: list[Any]) -> None:
        """One command submitted at once; several: a dialog asks which."""
        if len(commands) == 1:
            self.submit(commands[0])
            return
        from game.ui.views.choice_box import ChoiceBox

        def pick(command: Any) -> None:
            self.modal = None
            self.submit(command)

        answers = [(self.label(c), functools.partial(pick, c)) for c in commands[:6]]
        self.modal = ChoiceBox("Which?", "", [*answers, ("Cancel", self._close_modal)], column=True, width=420)

    def _close_modal(self) -> None:
        self.modal = None
        self.changed()

    def click_place(self, place: int) -> None:
        targets = self.targets()
        if place in targets:
            self.choose(targets[place])
            return
        here = [c for c in self.legal() if places_of(self.look, c) == (place,)]
        starts = [c for c in self.legal() if len(places_of(self.look, c)) > 1 and places_of(self.look, c)[0] == place]
        if starts and place != self.selected:
            self.selected = place
            self.message = ""
        elif here:
            self.choose(here)
        elif self.selected is not None:
            self.selected = None
        elif self.legal():
            self.message = f"Nothing to do at {self.place_name(place)} now."
        self.changed()

    # ----- turns
    def on_update(self, delta_time: float) -> None:
        session = self.session
        if session.busy:
            return
        if session.computer_to_move():
            session.start_computer()
            self.changed()
            return
        if session.take_events():  # a computer seat's moves (or ours) went through
            self.changed()
        self._ask_the_table()

    def _ask_the_table(self) -> None:
        """A question waits for the human seat at the table: a dialog with one button per answer."""
        if self.modal is not None or self.window.current_view is not self:
            return
        from game.ui.shell import table_question

        self.modal = table_question(self.session, (self.window.width, self.window.height), self._answered)
        if self.modal is not None:
            self.changed()

    def _answered(self, prompt: int, answer: str) -> None:
        from components.seats import Answer

        self.modal = None
        self.submit(Answer(prompt, answer))

    def quiet(self) -> bool:
        """Nothing new to draw: no computer thinking or due, and the picture already drawn is current."""
        session = self.session
        return not session.busy and not session.computer_to_move() and self._drawn == self._key()

    def _key(self) -> tuple[Any, ...]:
        world = self.session.world
        journal = getattr(self.session.chronicle, "journal", None)
        return (len(journal.entries) if journal is not None else 0, world.clock.round, world.clock.seat,
                world.clock.stage, self.selected, self.message, self.modal is not None, self.session.busy)

    # ----- drawing
    def _cells(self) -> arcade.shape_list.ShapeElementList[Any]:
        shapes: arcade.shape_list.ShapeElementList[Any] = arcade.shape_list.ShapeElementList()
        world = self.session.world
        kinds = sorted(set(world.terrain))
        for place in range(world.board.size):
            terrain = world.terrain[place]
            base = self.look.terrain_colors.get(terrain) or TERRAIN_TINTS[kinds.index(terrain) % len(TERRAIN_TINTS)]
            x, y = self.layout.coords(place)
            shade = 18 if self.layout.square and (x + y) % 2 else 0  # a square board reads as a board
            red, green, blue = (min(255, int(c) + shade) for c in base)
            outline = [self.to_screen(*p) for p in self.layout.outline(place)]
            shapes.append(arcade.shape_list.create_polygon(outline, (red, green, blue, 255)))
            shapes.append(arcade.shape_list.create_line_loop(outline, (30, 34, 40, 255), 1))
        return shapes

    def seat_rgb(self, seat: int | None) -> tuple[int, int, int]:
        style = self.session.styles.get(seat) if seat is not None else None
        color = style.color if style is not None else seat_color(seat)
        return int(color[0]), int(color[1]), int(color[2])

    def draw(self) -> None:
        self.clear()
        self._drawn = self._key()
        if self.cells is None:
            self.cells = self._cells()
        self.cells.draw()
        world = self.session.world
        world.activate()
        if self.selected is not None:
            outline = [self.to_screen(*p) for p in self.layout.outline(self.selected)]
            arcade.draw_polygon_outline(outline, (255, 255, 255, 255), 3)
        for place in self.targets():
            x, y = self.centre(place)
            arcade.draw_circle_filled(x, y, max(5.0, 10 * self.scale), (255, 255, 255, 120))
        radius = max(8.0, 18 * self.scale)
        pieces = self.look.pieces(world) if self.look.pieces is not None else []
        for piece in pieces:
            x, y = self.centre(piece.place)
            arcade.draw_circle_filled(x, y, radius, (*self.seat_rgb(piece.owner), 255))
            arcade.draw_circle_outline(x, y, radius, (20, 20, 26, 255), 2)
            if piece.glyph:
                self.texts.draw(f"glyph:{piece.place}", piece.glyph, x, y, (16, 16, 20), int(radius), anchor_x="center",
                                anchor_y="center", bold=True)
            if piece.label:
                self.texts.draw(f"label:{piece.place}", piece.label, x, y - radius - 10, TEXT, 10, anchor_x="center")
            for i, badge in enumerate(piece.badges[:3]):
                self.texts.draw(f"badge:{piece.place}:{i}", badge, x + radius * 0.8, y + radius * 0.6 - i * 12,
                                ACCENT, 9, bold=True)
        self._draw_panel()
        if self.modal is not None:
            arcade.draw_lbwh_rectangle_filled(0, 0, self.window.width, self.window.height, (10, 12, 16, 170))
            self.modal.draw_content()

    def _draw_panel(self) -> None:
        session, world = self.session, self.session.world
        left, height = self.window.width - PANEL_W, self.window.height
        draw_panel(left, 0, PANEL_W, height, PANEL)
        texts, y = self.texts, height - 40
        name = world.rules.mods[0].name if getattr(world.rules, "mods", ()) else session.game.app.ruleset
        texts.draw("panel:title", fit_words(str(name), PANEL_W - 32, 18, True), left + 16, y, ACCENT, 18, bold=True)
        y -= 30
        texts.draw("panel:round", f"Round {world.clock.round}", left + 16, y, DIM, 12)
        y -= 28
        from systems import queries as q

        for seat in world.seats:
            player = q.player(world, seat)
            arcade.draw_lbwh_rectangle_filled(left + 16, y - 2, 14, 14, (*self.seat_rgb(seat), 255))
            acting = seat in session.game.acting_seats() and not session.game.over
            who = f"{player.name}{' (computer)' if player.computer else ''}{' — to play' if acting else ''}"
            texts.draw(f"panel:seat{seat}", fit_words(who, PANEL_W - 54, 12, acting), left + 38, y,
                       TEXT if acting else DIM, 12, bold=acting)
            y -= 22
        y -= 10
        if session.game.over:
            hint = "The game is over."
        elif session.busy or session.computer_to_move():
            hint = "The computer is thinking..."
        elif self.selected is not None:
            hint = f"{self.place_name(self.selected)} selected: click a lit place, or Esc."
        elif session.human_to_move():
            hint = "Your move: click a piece or a place."
        else:
            hint = "Waiting for the other players."
        for i, line in enumerate(wrap(hint, 34)):
            texts.draw(f"panel:hint{i}", line, left + 16, y, TEXT, 12)
            y -= 18
        if self.message:
            for i, line in enumerate(wrap(self.message, 34)[:4]):
                texts.draw(f"panel:msg{i}", line, left + 16, y, (240, 120, 100), 12)
                y -= 18
        y -= 12
        self._layout_buttons(left, y)
        for button in self.buttons:
            button.draw(self.texts, 12)

    def _layout_buttons(self, left: float, top: float) -> None:
        """The legal commands that act on no place, each a button (Enter presses the first)."""
        if self.buttons:
            return
        plain = [c for c in self.legal() if not places_of(self.look, c)]
        self.buttons = [DrawnButton(self.label(c)[:30], left + 16, top - 40 - i * 46, PANEL_W - 32, 38,
                                    functools.partial(self.submit, c), key=f"cmd:{i}") for i, c in enumerate(plain[:8])]

    # ----- input
    def on_mouse_press(self, x: float, y: float, button: int, modifiers: int) -> None:
        if self.modal is not None:
            self.modal.on_mouse_press(x, y, button, modifiers)
            self.changed()
            return
        if self.session.busy or button != arcade.MOUSE_BUTTON_LEFT:
            return
        for drawn in self.buttons:
            if drawn.click(x, y):
                return
        place = self.place_at(x, y) if x < self.window.width - PANEL_W else None
        if place is not None and self.session.human_to_move():
            self.click_place(place)

    def on_mouse_motion(self, x: float, y: float, dx: float, dy: float) -> None:
        if self.modal is not None:
            self.modal.on_mouse_motion(x, y, dx, dy)
        for drawn in self.buttons:
            drawn.hover = drawn.contains(x, y)

    def on_key_press(self, symbol: int, modifiers: int) -> None:
        if self.modal is not None:
            self.modal.on_key_press(symbol, modifiers)
            self.changed()
            return
        if symbol == arcade.key.ESCAPE:
            self.selected = None
            self.changed()
        elif symbol in (arcade.key.ENTER, arcade.key.RETURN) and self.buttons and not self.session.busy:
            self.buttons[0].click(self.buttons[0].left + 1, self.buttons[0].bottom + 1)
