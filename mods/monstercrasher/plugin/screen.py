"""MonsterCrasher's own game screen (MC8): a chessboard with coordinates, creatures with their stats and an
arrow to their F, life totals, the active player, spawn points, a roster bar and the turn button.

The screen keeps its own picture of the board (`Token`s), advanced by the events Game.submit returns and
animated phase by phase (MC8.3); it changes the game only through Game.submit.
"""

from __future__ import annotations

import math
import textwrap
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from typing import TYPE_CHECKING, Any

import arcade
import pyglet
from PIL import Image, ImageDraw

from game.ui import theme
from game.ui.computer import controller_for
from game.ui.views.base import BaseView
from game.ui.widgets import Label, UiLayer
from game.ui.wording import for_players

from .commands import PressTurnButton, Spawn
from .directions import absolute
from .play import SPAWN, is_computer, position_of, rules_of
from .position import SEATS, back_rank, points_left

if TYPE_CHECKING:
    from game.ui.client_window import ClientWindow as GameWindow

SEAT_COLORS = {1: (58, 118, 222, 255), 2: (214, 64, 52, 255)}  # when the client gives no seat colours
DARK_SQUARE = (150, 108, 76, 255)  # MC1.3 "black" (file + rank even, A1 dark)
LIGHT_SQUARE = (238, 216, 180, 255)
SPAWNABLE = (120, 230, 110, 110)
LABEL_COLOR = (214, 200, 170, 255)
STEP_SECONDS = 0.45  # one phase's movement at speed 1
FIGHT_SECONDS = 0.4
SPAWN_SECONDS = 0.25
TURN_PAUSE = 0.35
NEWS_KEEP = 200  # outcome lines kept (the panel shows the latest that fit)
NEWS_WRAP = 52  # characters a news line holds at 10 points in the panel


@dataclass
class Token:
    """One creature as the screen shows it; (x, y) is its board square in (file, rank), fractional while moving."""

    id: int
    kind: str
    owner: int
    power: int
    defense: int
    x: float
    y: float
    alpha: float = 1.0
    flash: float = 0.0


@dataclass
class Beat:
    """One step of the animation: `update(t)` for t from 0 to 1 over `seconds`, then `finish()`."""

    seconds: float
    update: Callable[[float], None] = lambda t: None
    finish: Callable[[], None] = lambda: None
    started: bool = False
    elapsed: float = 0.0


@dataclass
class Scene:
    """What the screen shows, kept in step with the events (so the animation never runs ahead of the board)."""

    tokens: dict[int, Token] = field(default_factory=dict)
    life: dict[int, int] = field(default_factory=dict)
    active: int = 1
    round: int = 1
    phase: int = 0
    result: str = ""


def _token_image() -> Image.Image:
    """A white disc with an arrow on top (tinted with the owner's colour, turned toward its F)."""
    size = 96
    image = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    draw.polygon([(48, 1), (33, 19), (63, 19)], fill=(255, 255, 255, 255), outline=(25, 25, 30, 255))
    draw.ellipse((13, 17, 83, 87), fill=(255, 255, 255, 255), outline=(25, 25, 30, 255), width=3)
    return image


class MonsterScreen(BaseView):
    """The game screen: hot-seat (the board turned to the player to play, MC8.2) or against the computer."""

    def __init__(self, window: GameWindow, session: Any, canvas: Any = None) -> None:
        """Built by the client as `View(window, session, canvas)`; only the session's game is used."""
        super().__init__(window)
        game = session.game
        self.game = game
        self.session = session  # commands go through it, so the client's chronicle (log, undo, saves) sees them
        styles = getattr(session, "styles", None) or {}
        self.colors = {seat: tuple(styles[seat].color) if seat in styles else SEAT_COLORS[seat] for seat in SEATS}
        self.rules = rules_of(game.world)
        self.ui = UiLayer(window.assets)
        self.board_batch = pyglet.graphics.Batch()
        self.squares: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()
        self.overlay: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()
        self.token_sprites: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()
        self.token_texture = window.assets.generated("monstercrasher-token", _token_image)
        self.sprite_of: dict[int, arcade.Sprite] = {}
        self.text_of: dict[int, arcade.Text] = {}
        self.beats: list[Beat] = []
        self._fading: set[int] = set()  # destroyed or crossing tokens on their way out
        self.news: list[str] = []  # every fight, loss and crossing in words, as the animation shows it
        self.scene = Scene()
        self.selected = self.rules.turns.roster[0]
        self.hover: tuple[int, int] | None = None
        game.world.activate()  # each computer seat plays the kind chosen for it (the engine's search one too)
        self.computers = {seat: controller_for(game, seat) for seat in SEATS if is_computer(game.world, seat)}
        files, ranks = self.rules.board.width, self.rules.board.height
        self.cell = min((window.height - 100) / ranks, (window.width - 440) / files)
        self.origin = (56.0, (window.height - self.cell * ranks) / 2 + 8)
        self._oriented_for: int | None = None
        self._build_panel()
        self._sync_from_game()

    # ----- layout
    @property
    def bottom_seat(self) -> int:
        """MC8.2: the player to play sits at the bottom in hot-seat; against the computer, the human."""
        humans = [seat for seat in SEATS if seat not in self.computers]
        return humans[0] if len(humans) == 1 else (self.scene.active if humans else SEATS[0])

    def to_screen(self, file: float, rank: float) -> tuple[float, float]:
        """The centre of a board square on screen (player 2 sees the board turned 180 degrees)."""
        files, ranks = self.rules.board.width, self.rules.board.height
        col, row = (file - 1, rank - 1) if self.bottom_seat == 1 else (files - file, ranks - rank)
        return self.origin[0] + (col + 0.5) * self.cell, self.origin[1] + (row + 0.5) * self.cell

    def square_at(self, x: float, y: float) -> tuple[int, int] | None:
        files, ranks = self.rules.board.width, self.rules.board.height
        col = math.floor((x - self.origin[0]) / self.cell)
        row = math.floor((y - self.origin[1]) / self.cell)
        if not (0 <= col < files and 0 <= row < ranks):
            return None
        return (col + 1, row + 1) if self.bottom_seat == 1 else (files - col, ranks - row)

    def _orient(self) -> None:
        """(Re)build squares and coordinate labels for the seat at the bottom (labels name the squares)."""
        if self._oriented_for == self.bottom_seat:
            return
        self._oriented_for = self.bottom_seat
        self.squares.clear()
        self.board_batch = pyglet.graphics.Batch()
        self.coordinate_labels: list[arcade.Text] = []
        files, ranks = self.rules.board.width, self.rules.board.height
        white = self.window.assets.white()  # type: ignore[attr-defined]
        for f in range(1, files + 1):
            for r in range(1, ranks + 1):
                x, y = self.to_screen(f, r)
                sprite = arcade.Sprite(white, center_x=x, center_y=y)
                sprite.width = sprite.height = self.cell
                sprite.color = DARK_SQUARE if (f + r) % 2 == 0 else LIGHT_SQUARE
                self.squares.append(sprite)
        size = max(10, int(self.cell / 5.5))
        for f in range(1, files + 1):
            x, _ = self.to_screen(f, 1)
            for y in (self.origin[1] - size - 6, self.origin[1] + ranks * self.cell + 6):
                self.coordinate_labels.append(arcade.Text(
                    chr(ord("A") + f - 1), x, y, LABEL_COLOR, size, anchor_x="center", font_name=theme.FONT,
                    bold=True, batch=self.board_batch))
        for r in range(1, ranks + 1):
            _, y = self.to_screen(1, r)
            for x in (self.origin[0] - 16, self.origin[0] + files * self.cell + 16):
                self.coordinate_labels.append(arcade.Text(
                    str(r), x, y, LABEL_COLOR, size, anchor_x="center", anchor_y="center", font_name=theme.FONT,
                    bold=True, batch=self.board_batch))
        self.text_of.clear()
        for token in self.scene.tokens.values():
            self._place(token)

    def _build_panel(self) -> None:
        ui = self.ui
        left = self.origin[0] + self.rules.board.width * self.cell + 56
        width = self.window.width - left - 24
        top = self.window.height - 40
        self.panel_left, self.panel_width = left, width
        Label(ui, left, top, "MonsterCrasher", 20, theme.TEXT, bold=True)
        self.round_label = Label(ui, left, top - 30, "", 12, theme.TEXT_DIM)
        self.seat_labels: dict[int, tuple[arcade.Sprite, Label, Label]] = {}
        for index, seat in enumerate(SEATS):
            y = top - 80 - index * 44
            swatch = ui.rect_sprite((left, y - 6, 18, 18), self.colors[seat])
            name = Label(ui, left + 28, y, "", 13, bold=True)
            life = Label(ui, left + width, y, "", 13, anchor_x="right", bold=True)
            self.seat_labels[seat] = (swatch, name, life)
        self.points_label = Label(ui, left, top - 190, "", 12)
        Label(ui, left, top - 222, "Spawn (click your back row):", 11, theme.TEXT_DIM)
        self.roster_buttons = {}
        for index, kind in enumerate(self.rules.turns.roster):
            creature = self.rules.units[kind]
            button = ui.button((left, top - 276 - index * 46, width, 40))
            button.tag = kind
            self.roster_buttons[kind] = button
            button.configure(f"{index + 1}  {creature.name}  {creature.power}/{creature.defense}  {creature.directions}",
                             f"{creature.cost} pt", tooltip=creature.description,
                             on_click=partial(self.select, kind))
        below = top - 276 - len(self.rules.turns.roster) * 46 - 20
        self.turn_button = ui.button((left, below - 48, width, 48), primary=True)
        self.turn_button.configure("End turn: march", "Space", on_click=self.press_turn_button)
        self.message = Label(ui, left, below - 78, "", 11, theme.TEXT_BAD, width=int(width))
        self.hint = Label(ui, left, below - 130, "", 10, theme.TEXT_DIM, width=int(width))
        self.news_top = below - 176  # the latest fights and crossings, down to the menu button
        self.news_rows = max(0, int((self.news_top - 64) // 15))
        self.news_label = Label(ui, left, self.news_top, "", 10, theme.TEXT, width=int(width))
        self.menu_button = ui.button((left, 20, 120, 34))
        self.menu_button.configure("Menu", "Esc", on_click=self.leave)
        files, ranks = self.rules.board.width, self.rules.board.height
        middle_x = self.origin[0] + files * self.cell / 2
        middle_y = self.origin[1] + ranks * self.cell / 2
        self.result_box = (middle_x - 250, middle_x + 250, middle_y - 48, middle_y + 52)
        self.result_batch = pyglet.graphics.Batch()
        self.result_label = arcade.Text("", middle_x, middle_y + 8, theme.TEXT, 26, anchor_x="center",
                                        font_name=theme.FONT, bold=True, batch=self.result_batch)
        self.result_reason = arcade.Text("", middle_x, middle_y - 26, theme.TEXT_DIM, 12, anchor_x="center",
                                         font_name=theme.FONT, batch=self.result_batch)

    # ----- keeping the picture in step
    def _sync_from_game(self) -> None:
        """Take the whole picture from the engine (at the start, and as a check when the animation ends)."""
        position = position_of(self.game.world)
        self.scene.tokens = {
            p.id: Token(p.id, p.kind, p.owner, p.power, p.defense, float(p.square[0]), float(p.square[1]))
            for p in position.pieces
        }
        self.scene.life = {seat: position.life_of(seat) for seat in SEATS}
        self.scene.active, self.scene.round = position.active, position.round
        self.scene.result = self._result_text()
        self.token_sprites.clear()
        self.sprite_of.clear()
        self.text_of.clear()
        self._oriented_for = None
        self._orient()

    def _result_text(self) -> str:
        winner = self.game.world.clock.winner
        if winner is None:
            return ""
        return "A draw" if winner not in SEATS else f"Player {winner} wins"

    def _result_reason(self) -> str:
        life = self.scene.life
        down = [seat for seat in SEATS if life.get(seat, 1) <= 0]
        if len(down) == len(SEATS):
            why = "both players fell to 0 life in the same march"
        elif down:
            why = f"player {down[0]} fell to {life[down[0]]} life"
        else:
            why = f"after {self.rules.turns.round_limit} rounds, life {life[1]} to {life[2]}"
        return f"{why}  ·  Esc: menu"

    def _place(self, token: Token) -> None:
        sprite = self.sprite_of.get(token.id)
        if sprite is None:
            sprite = arcade.Sprite(self.token_texture)
            sprite.width = sprite.height = self.cell * 0.86
            sprite.color = self.colors[token.owner]
            self.sprite_of[token.id] = sprite
            self.token_sprites.append(sprite)
        x, y = self.to_screen(token.x, token.y)
        sprite.position = (x, y - self.cell * 0.02)
        forward = absolute((0, 1), token.owner)[1]
        sprite.angle = 0 if (forward > 0) == (self.bottom_seat == 1) else 180
        sprite.alpha = int(255 * max(0.0, min(1.0, token.alpha)))
        text = self.text_of.get(token.id)
        stats = f"{token.power}/{token.defense}"
        if text is None:
            text = arcade.Text(stats, x, y, theme.TEXT, int(self.cell / 4.2), anchor_x="center", anchor_y="center",
                               font_name=theme.FONT, bold=True, batch=self.board_batch)
            self.text_of[token.id] = text
        if text.text != stats:
            text.text = stats
        text.position = (x, y - self.cell * 0.06)
        color = self.colors[token.owner]
        light = 0.299 * color[0] + 0.587 * color[1] + 0.114 * color[2] > 150  # dark text on light tokens
        if token.flash > 0:
            text.color = (120, 20, 10, sprite.alpha) if light else (255, 236, 120, sprite.alpha)
        else:
            text.color = (20, 22, 28, sprite.alpha) if light else (255, 255, 255, sprite.alpha)

    def _drop(self, token_id: int) -> None:
        self.scene.tokens.pop(token_id, None)
        self._fading.discard(token_id)
        sprite = self.sprite_of.pop(token_id, None)
        if sprite is not None:
            sprite.remove_from_sprite_lists()
        text = self.text_of.pop(token_id, None)
        if text is not None:
            text.text = ""

    def _drain(self) -> None:
        """This screen animates from the results' events: the session's own queue of them is emptied."""
        take_events = getattr(self.session, "take_events", None)
        if take_events is not None:
            take_events()

    def _computer_turn(self, seat: int) -> list[Any]:
        """The computer's turn; its events also reach the client's chronicle (log, statistics, autosaves)."""
        events = list(self.computers[seat].play_turn(self.game))
        chronicle = getattr(self.session, "chronicle", None)
        if chronicle is not None:
            chronicle.observe(self.game, tuple(events))
        self._drain()
        return events

    def settled(self) -> bool:
        """The last march is on screen (the shell's victory screen waits for it)."""
        return not self.busy

    def refresh(self) -> None:
        """The world changed under the picture (the shell's undo): draw it afresh."""
        self.beats.clear()
        self._sync_from_game()

    def take(self, events: Any) -> None:
        """Turn a batch of events into animation beats (MC8.3)."""
        phase_events: list[Any] = []
        for event in events:
            name = type(event).__name__
            if name in ("CreatureStepped", "CreaturesFought", "CreatureDestroyed", "CreatureCrossed", "CreatureStopped"):
                phase_events.append(event)
                continue
            if phase_events:
                self.beats.extend(self._phase_beats(phase_events))
                phase_events = []
            if name == "CreatureSpawned":
                self.beats.append(self._spawn_beat(event))
            elif name == "MarchStarted":
                self.beats.append(Beat(SPAWN_SECONDS))  # the turn's spawns finish fading in first
            elif name == "PhaseStarted":
                self.beats.append(Beat(0.0, finish=partial(self._set_phase, event.phase)))
            elif name == "LifeLost":
                self.beats.append(Beat(0.0, finish=partial(self._set_life, event.player, event.life)))
                self.beats.append(Beat(0.0, finish=partial(self._say, f"Player {event.player} loses {event.amount} "
                                                                      f"life ({event.life} left)")))
            elif name == "TurnStarted":
                self.beats.append(Beat(TURN_PAUSE, finish=partial(self._turn_started, event.seat, event.round)))
            elif name in ("GameWon", "GameDrawn"):
                self.beats.append(Beat(0.0, finish=self._show_result))
        if phase_events:
            self.beats.extend(self._phase_beats(phase_events))

    def _say(self, line: str) -> None:
        """One outcome in words, kept for the panel's news (MC8.3: what the animation just showed)."""
        self.news.append(line)
        del self.news[:-NEWS_KEEP]
        rows: list[str] = []
        for entry in reversed(self.news):
            parts = textwrap.wrap(entry, NEWS_WRAP) or [""]
            if len(rows) + len(parts) > self.news_rows:
                break
            rows[:0] = parts
        self.news_label.set("\n".join(rows))

    def creature_words(self, creature: int) -> str:
        """'Player 2's Guard' for a token on the board."""
        token = self.scene.tokens.get(creature)
        if token is None:
            return "a creature"
        unit = self.rules.units.get(token.kind)
        return f"Player {token.owner}'s {unit.name if unit is not None else token.kind}"

    def _set_phase(self, phase: int) -> None:
        self.scene.phase = phase

    def _set_life(self, seat: int, life: int) -> None:
        self.scene.life[seat] = life

    def _show_result(self) -> None:
        self.scene.result = self._result_text()
        self.scene.phase = 0

    def _turn_started(self, seat: int, round_: int) -> None:
        self.scene.active, self.scene.round, self.scene.phase = seat, round_, 0

    def _spawn_beat(self, event: Any) -> Beat:
        """A spawn shows at once (fading in, see on_update), so the player can keep spawning."""
        token = Token(event.creature, event.kind, event.seat, event.power, event.defense,
                      float(event.square[0]), float(event.square[1]), alpha=0.0)
        return Beat(0.0, finish=partial(self.scene.tokens.__setitem__, token.id, token))

    def _phase_beats(self, events: list[Any]) -> list[Beat]:
        """One phase: fights (a lunge toward the opponent, then the new defense), crossings, then the steps."""
        tokens = self.scene.tokens
        fights = [e for e in events if type(e).__name__ == "CreaturesFought"]
        destroyed = [e.creature for e in events if type(e).__name__ == "CreatureDestroyed"]
        crossed = [e for e in events if type(e).__name__ == "CreatureCrossed"]
        steps = [e for e in events if type(e).__name__ == "CreatureStepped"]
        beats: list[Beat] = []
        if fights:
            def lunge(t: float) -> None:
                reach = 0.3 * math.sin(math.pi * t)
                for fight in fights:
                    for me, them in ((fight.first, fight.second_square), (fight.second, fight.first_square)):
                        token = tokens.get(me)
                        if token is None:
                            continue
                        home = fight.first_square if me == fight.first else fight.second_square
                        token.x = home[0] + (them[0] - home[0]) * reach
                        token.y = home[1] + (them[1] - home[1]) * reach
                        token.flash = 1.0

            def hit() -> None:
                lunge(0.0)
                for fight in fights:  # MC6.4/MC6.5 in words, before the defenses change
                    self._say(f"{self.creature_words(fight.first)} and {self.creature_words(fight.second)} fight "
                              f"({fight.how}): defense {fight.first_defense} and {fight.second_defense} left")
                for fight in fights:
                    for me, defense in ((fight.first, fight.first_defense), (fight.second, fight.second_defense)):
                        if me in tokens:
                            tokens[me].defense = defense
                            tokens[me].flash = 0.0

            beats.append(Beat(FIGHT_SECONDS, update=lunge, finish=hit))
            if destroyed:
                def fade(t: float) -> None:
                    for me in destroyed:
                        if me in tokens:
                            self._fading.add(me)
                            tokens[me].alpha = 1.0 - t

                def gone() -> None:
                    for me in destroyed:
                        self._say(f"{self.creature_words(me)} is destroyed")
                        self._drop(me)

                beats.append(Beat(FIGHT_SECONDS * 0.6, update=fade, finish=gone))
        starts = {e.creature: (float(e.origin[0]), float(e.origin[1])) for e in steps}
        ends = {e.creature: (float(e.target[0]), float(e.target[1])) for e in steps}
        for e in crossed:
            forward = absolute((0, 1), e.owner)
            starts[e.creature] = (float(e.origin[0]), float(e.origin[1]))
            ends[e.creature] = (e.origin[0] + forward[0] * 0.8, e.origin[1] + forward[1] * 0.8)
        crossers = [e.creature for e in crossed]

        def move(t: float) -> None:
            eased = t * t * (3 - 2 * t)
            for me, (x0, y0) in starts.items():
                token = tokens.get(me)
                if token is not None:
                    token.x = x0 + (ends[me][0] - x0) * eased
                    token.y = y0 + (ends[me][1] - y0) * eased
                    if me in crossers:
                        self._fading.add(me)
                        token.alpha = 1.0 - t

        def arrived() -> None:
            move(1.0)
            for me in crossers:
                self._say(f"{self.creature_words(me)} crosses the board")
                self._drop(me)

        if starts:
            beats.append(Beat(STEP_SECONDS, update=move, finish=arrived))
        return beats

    # ----- input
    @property
    def busy(self) -> bool:
        """A march is being animated (a spawn's fade-in does not stop the player spawning on)."""
        return any(beat.seconds > 0 for beat in self.beats)

    def human_to_play(self) -> bool:
        world = self.game.world
        return not self.game.over and world.clock.stage == SPAWN and world.clock.seat not in self.computers

    def select(self, kind: str) -> None:
        self.selected = kind

    def submit(self, command: Any) -> bool:
        submit = getattr(self.session, "submit", None)
        result = submit(command) if submit is not None else self.game.submit(command)
        self._drain()
        if not result.ok:
            self.message.set(for_players(result.reason))
            return False
        self.message.set("")
        self.take(result.events)
        return True

    def spawn_at(self, square: tuple[int, int]) -> bool:
        if self.busy or not self.human_to_play():
            return False
        return self.submit(Spawn(self.game.world.clock.seat, self.selected, square[0], square[1]))

    def press_turn_button(self) -> None:
        if self.busy or not self.human_to_play():
            return
        self.submit(PressTurnButton(self.game.world.clock.seat))

    def leave(self) -> None:
        """The Menu button: the client shell's game menu (which asks to save before leaving the game)."""
        shell = getattr(self, "shell", None)
        if shell is not None:
            shell.open_menu()
        else:
            self.window.show_main_menu()  # type: ignore[attr-defined]

    def on_mouse_motion(self, x: float, y: float, dx: float, dy: float) -> None:
        self.ui.hover(x, y)
        self.hover = self.square_at(x, y)

    def on_mouse_press(self, x: float, y: float, button: int, modifiers: int) -> None:
        if self.ui.press(x, y):
            return
        square = self.square_at(x, y)
        if square is not None:
            self.spawn_at(square)

    def on_key_press(self, symbol: int, modifiers: int) -> None:
        if symbol in (arcade.key.SPACE, arcade.key.ENTER, arcade.key.RETURN):
            self.press_turn_button()
        elif arcade.key.KEY_1 <= symbol <= arcade.key.KEY_9:
            index = symbol - arcade.key.KEY_1
            if index < len(self.rules.turns.roster):
                self.select(self.rules.turns.roster[index])

    # ----- frames
    def animating(self) -> bool:
        """Beats play or a creature fades in: the window keeps drawing (game.ui.stillness)."""
        return bool(self.beats) or any(token.alpha < 1.0 for token in self.scene.tokens.values())

    def on_update(self, delta_time: float) -> None:
        speed = self.window.settings.speed  # type: ignore[attr-defined]
        budget = delta_time * speed
        for token in self.scene.tokens.values():
            if token.alpha < 1.0 and token.id not in self._fading:
                token.alpha = min(1.0, token.alpha + budget / SPAWN_SECONDS)
        while self.beats and budget >= 0:
            beat = self.beats[0]
            if beat.seconds <= 0:
                beat.finish()
                self.beats.pop(0)
                continue
            beat.elapsed += budget
            budget = beat.elapsed - beat.seconds
            if budget >= 0:
                beat.finish()
                self.beats.pop(0)
            else:
                beat.update(beat.elapsed / beat.seconds)
        if not self.beats:
            world = self.game.world
            if not self.game.over and world.clock.stage == SPAWN and world.clock.seat in self.computers:
                self.take(self._computer_turn(world.clock.seat))
            elif self.scene.round != position_of(world).round or self.scene.active != world.clock.seat:
                self._sync_from_game()

    def _refresh_panel(self) -> None:
        scene = self.scene
        self.round_label.set(f"Round {scene.round} of {self.rules.turns.round_limit}"
                             + (f"   ·   march phase {scene.phase}" if scene.phase else ""))
        for seat, (_, name, life) in self.seat_labels.items():
            who = "computer" if seat in self.computers else ("you" if len(self.computers) == 1 else "human")
            marker = "▶ " if seat == scene.active and not scene.result else "   "
            name.set(f"{marker}Player {seat} ({who})", theme.TEXT if seat == scene.active else theme.TEXT_DIM)
            value = scene.life.get(seat, 0)
            life.set(f"Life {value}", theme.TEXT_BAD if value <= 3 else theme.TEXT)
        playing = self.human_to_play() and not self.busy
        position = position_of(self.game.world)
        left = points_left(position, self.rules) if playing else 0
        if playing:
            status = f"Spawn points left: {left} of {self.rules.players.spawn_points}"
        elif scene.result and not self.busy:
            status = ""
        elif self.busy and scene.phase:
            status = "Marching..."
        else:
            status = "The computer is playing..." if scene.active in self.computers else ""
        self.points_label.set(status)
        for kind, button in self.roster_buttons.items():
            affordable = playing and self.rules.units[kind].cost <= left
            button.enabled = affordable
            button.selected = kind == self.selected
            button.restyle()
        self.turn_button.enabled = playing
        self.turn_button.restyle()
        if playing:
            rank = back_rank(scene.active, self.rules)
            chosen = self.rules.units[self.selected]
            cheapest = min(unit.cost for unit in self.rules.units.values())
            if left < cheapest:  # MC3: nothing more can be spawned this turn
                self.hint.set("No spawn points left: end the turn (Enter or the turn button); every creature marches.")
            elif chosen.cost > left:
                self.hint.set(f"A {chosen.name} costs {chosen.cost}, more than the {left} points left: pick a cheaper "
                              "creature, or end the turn.")
            else:
                self.hint.set(f"Click an empty square of rank {rank} to spawn a {chosen.name}; "
                              "then end the turn: every creature marches.")
        else:
            self.hint.set("")
        over = bool(scene.result) and not self.busy
        self.result_label.text = scene.result if over else ""
        self.result_reason.text = self._result_reason() if over else ""

    def draw(self) -> None:
        self.clear()
        self._orient()
        self._refresh_panel()
        self.squares.draw()
        self.overlay.clear()
        if self.human_to_play() and not self.busy:
            position = position_of(self.game.world)
            rank = back_rank(position.active, self.rules)
            taken = {p.square for p in position.pieces}
            for f in range(1, self.rules.board.width + 1):
                if (f, rank) not in taken:
                    x, y = self.to_screen(f, rank)
                    arcade.draw_lbwh_rectangle_filled(x - self.cell / 2, y - self.cell / 2, self.cell, self.cell,
                                                      SPAWNABLE)
        if self.hover is not None:
            x, y = self.to_screen(*self.hover)
            arcade.draw_lbwh_rectangle_outline(x - self.cell / 2, y - self.cell / 2, self.cell, self.cell,
                                               theme.HOVER_OUTLINE, 2)
        for token in list(self.scene.tokens.values()):
            self._place(token)
        self.token_sprites.draw()
        self.board_batch.draw()
        self.ui.draw()
        if self.scene.result and not self.busy:
            arcade.draw_lrbt_rectangle_filled(*self.result_box, (16, 18, 24, 235))
            arcade.draw_lrbt_rectangle_outline(*self.result_box, self.colors.get(self.game.world.clock.winner, theme.TEXT_DIM), 2)
            self.result_batch.draw()
