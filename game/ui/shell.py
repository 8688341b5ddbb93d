"""The shell every ruleset's game screen gets from the client: the game menu (Esc), save and load (F5, F9,
autosaves), the ruleset's own F1 help (its help.toml), undo (Ctrl+Z, where the undo stack allows it), the event
log (F2), the hot-seat hand-over, sounds, and the victory screen with the statistics the ruleset declares.

`Shell.attach(window, view, session)` wraps the screen's own handlers (instance attributes over its methods), so
a screen written with no knowledge of the shell gets all of it: the shell's dialog takes every input while open,
then the shell's keys and buttons, then the screen. A screen may say more: `selection_active()` (Esc then clears
the selection instead of opening the menu), `key_actions()` (the keys that do something now, as
(label, key, modifiers): the shell shows each as a button in its row that presses the key, so every action has a
button as well as a key), `settled()` (the last moves are on screen: the victory screen waits for it; else its `quiet()`),
`own_handover = False` (the shell hands over between human seats;
the four games' screens hand over themselves, or, MonsterCrasher, share the board), `refresh()` (called after an
undo changed the world under it), `help_panel(on_close)` (the screen's own F1 dialog instead of the help.toml
one), `own_toolbar = True` (the screen shows the shell's actions in a toolbar of its own: no button row),
`own_sounds = True` (the screen sounds each event as it shows it, through `sound_events`), `runs_under_dialogs =
True` (the screen's update goes on while a dialog is open), `tell(text, bad)` (the
shell's confirmations and refusals in the screen's own message line). The base game's map
screen (game.ui.views.game_view) is one such screen. See docs/client.md ("The shell").
"""

from __future__ import annotations

import functools
import time
import types
from collections.abc import Callable
from pathlib import Path
from typing import Any

import arcade

from components.commands import Resign
from game.ui.chronicle import attach, saves_folder
from game.ui.preferences import apply_settings, prefs_of, sounds_of
from game.ui.sound import sound_for_events
from game.ui.widgets import ACCENT, DIM, PANEL, TEXT, DrawnButton, TextCache, dim_screen, draw_panel, wrap
from game.ui.wording import for_players
from systems import events as ev

VICTORY_DELAY = 1.5  # seconds the finished board stays before the victory screen
TOAST_TIME = 2.0  # seconds a confirmation ("Saved as ...") stays
SOUND_GAP = 0.12  # seconds within which the same sound is not played again (a burst of like events)
BAR_H = 24  # the shell's button row, bottom left (where the four games' screens have the least)
BAR_W, BAR_GAP = 60, 4
LOG_ROWS = 18
KEY_COLUMN = 196  # the help's key column at its narrowest (pixels)
SILENT = (ev.StageStarted,)  # events the log does not list
WRAPPED = ("on_key_press", "on_key_release", "on_mouse_press", "on_mouse_release", "on_mouse_motion",
           "on_mouse_drag", "on_mouse_scroll", "on_text", "on_update")


class ClosablePanel:
    """A centred panel with a Close button: its key, Esc or Enter, or a click outside closes it."""

    closing_key = arcade.key.ESCAPE

    def __init__(self, name: str, on_close: Callable[[], object], size: tuple[int, int], w: float, h: float) -> None:
        self.on_close = on_close
        self.texts = TextCache()
        w, h = min(w, size[0] - 60), min(h, size[1] - 60)
        self.rect = ((size[0] - w) / 2, (size[1] - h) / 2, w, h)
        left, bottom, w, h = self.rect
        self.close = DrawnButton("Close", left + w - 140, bottom + 14, 120, 34, on_close, key=f"{name}:close")

    def on_key_press(self, symbol: int, modifiers: int) -> bool:
        if symbol in (arcade.key.ESCAPE, self.closing_key, arcade.key.ENTER):
            self.on_close()
        return True

    def on_mouse_motion(self, x: float, y: float, dx: float, dy: float) -> None:
        self.close.hover = self.close.contains(x, y)

    def on_mouse_press(self, x: float, y: float, button: int, modifiers: int) -> bool:
        left, bottom, w, h = self.rect
        if self.close.click(x, y) or not (left <= x <= left + w and bottom <= y <= bottom + h):
            self.on_close()
        return True


class HelpPanel(ClosablePanel):
    """F1: a ruleset's help as its help.toml declares it (rules in brief, controls, symbols) plus the shell's keys."""

    closing_key = arcade.key.F1

    def __init__(self, title: str, help_data: Any, on_close: Callable[[], object], size: tuple[int, int]) -> None:
        super().__init__("help", on_close, size, 900, 640)
        self.title, self.help = title, help_data

    def draw_content(self) -> None:
        left, bottom, w, h = self.rect
        draw_panel(left, bottom, w, h, PANEL)
        texts, y = self.texts, bottom + h - 40
        texts.draw("help:title", f"{self.title} — help", left + 24, y, ACCENT, 18, bold=True)
        y -= 34
        rows: list[tuple[str, str, Any]] = []
        if self.help.brief:
            rows.append(("The rules in brief", "", ACCENT))
            for line in self.help.brief:
                rows.extend(("", part, TEXT) for part in wrap(f"• {for_players(line)}", max(40, int(w / 8.4))))
        for heading, lines in (("Controls", self.help.controls), ("Symbols", self.help.symbols),
                               ("Everywhere", SHELL_KEYS)):
            if lines:
                rows.append((heading, "", ACCENT))
                rows.extend((line.key, line.text, TEXT) for line in lines)
        # the explanations start right of the widest key (a ruleset's key may be a phrase: "Own region, then enemy")
        keys = [texts.draw(f"help:k{i}", key, left + 24, y, DIM, 12, show=False).content_width
                for i, (key, text, _) in enumerate(rows) if key and text]
        column = left + 24 + min(max([KEY_COLUMN, *(k + 16 for k in keys)]), w / 2)
        for i, (key, text, color) in enumerate(rows):
            if y < bottom + 60:
                break
            if key and not text:
                y -= 8 if i else 0  # a little air above each heading
                texts.draw(f"help:{i}", key, left + 24, y, color, 14, bold=True)
            else:
                texts.draw(f"help:k{i}", key, left + 24, y, DIM, 12)
                texts.draw(f"help:t{i}", text, column if key else left + 24, y, color, 12)
            y -= 22 if key and not text else 19
        self.close.draw(self.texts)


class LogPanel(ClosablePanel):
    """F2: the game's events so far in plain words (the last ones), from the chronicle's journal."""

    closing_key = arcade.key.F2

    def __init__(self, lines: list[str], on_close: Callable[[], object], size: tuple[int, int]) -> None:
        super().__init__("log", on_close, size, 760, LOG_ROWS * 22 + 90)
        self.lines = lines
        self.scroll = 0

    def draw_content(self) -> None:
        left, bottom, w, h = self.rect
        draw_panel(left, bottom, w, h, PANEL)
        self.texts.draw("log:title", "Event log", left + 24, bottom + h - 36, ACCENT, 16, bold=True)
        end = len(self.lines) - self.scroll
        shown = self.lines[max(0, end - LOG_ROWS):end]
        y = bottom + h - 64
        for i, line in enumerate(shown or ["Nothing has happened yet."]):
            self.texts.draw(f"log:{i}", line[:100], left + 24, y, TEXT if shown else DIM, 12)
            y -= 22
        self.close.draw(self.texts)

    def on_key_press(self, symbol: int, modifiers: int) -> bool:
        if symbol in (arcade.key.UP, arcade.key.PAGEUP):
            self.scroll = min(max(0, len(self.lines) - LOG_ROWS), self.scroll + (1 if symbol == arcade.key.UP else LOG_ROWS))
        elif symbol in (arcade.key.DOWN, arcade.key.PAGEDOWN):
            self.scroll = max(0, self.scroll - (1 if symbol == arcade.key.DOWN else LOG_ROWS))
        else:
            return super().on_key_press(symbol, modifiers)
        return True

    def on_mouse_scroll(self, x: float, y: float, scroll_x: float, scroll_y: float) -> None:
        self.scroll = max(0, min(max(0, len(self.lines) - LOG_ROWS), self.scroll + int(scroll_y)))


class _Key:
    def __init__(self, key: str, text: str) -> None:
        self.key, self.text = key, text


SHELL_KEYS = (_Key("Esc", "the game menu (resume, save, load, settings, help, main menu, quit)"),
              _Key("F1", "this help"), _Key("F2", "the event log"), _Key("F5 / F9", "save / load"),
              _Key("Ctrl+Z", "undo the last move, where the rules allow it"))


class Shell:
    """The client's furniture around one ruleset screen (see the module's docstring)."""

    def __init__(self, window: Any, view: Any, session: Any, remote: bool = False) -> None:
        self.window, self.view, self.session = window, view, session
        self.remote = remote  # a network game: the server keeps it (no saves, loads, undo or autosaves here)
        self.chronicle = attach(session, None if remote else window, replay_history=not remote)  # journal, undo, statistics, autosaves
        self.sounds = sounds_of(window)
        self.sounds.add_files(session.game.app.presentation.sound_files)
        self.modal: Any = None
        self.texts = TextCache()
        self.toast = ("", 0.0)
        self.victory_wait: float | None = None
        self.victory_shown = False
        self.handed: tuple[int, int, str] | None = None
        self.screen_quiet: Callable[[], object] | None = None  # the screen's own quiet(), when it has one
        self._heard = len(self.chronicle.journal.entries)  # journal entries already sounded
        self._swallow_text = ""  # the text of a key that just opened a dialog (see _on_key_press)
        self._told = 0  # the chronicle's problems already said (a failed autosave, a log that could not be rebuilt)
        self._last_sound: tuple[str, float] = ("", 0.0)
        self.key_buttons: list[DrawnButton] = []  # the screen's key_actions() as buttons
        self._key_actions: tuple[tuple[str, int, int], ...] = ()
        actions = [("Menu", "Esc", self.open_menu), ("Help", "F1", self.open_help), ("Log", "F2", self.open_log)]
        if not remote:
            actions += [("Save", "F5", self.open_save), ("Load", "F9", self.open_load), ("Undo", "Ctrl+Z", self.undo)]
        self.buttons = [DrawnButton(label, 4 + i * (BAR_W + BAR_GAP), 4, BAR_W, BAR_H, action,
                                    tooltip=f"{label} [{key}]", key=f"shell:{label}")
                        for i, (label, key, action) in enumerate(actions)]

    @classmethod
    def attach(cls, window: Any, view: Any, session: Any, remote: bool = False) -> Shell:
        """Give `view` (a ruleset's screen) the shell: its handlers are wrapped once; returns the shell. `remote`:
        a network game (its menu: resume, settings, help, main menu, quit; the server keeps the game)."""
        found = getattr(view, "shell", None)
        if isinstance(found, Shell):
            return found
        shell = cls(window, view, session, remote)
        view.shell = shell
        # the view kit's screens draw in `draw` (BaseView.on_draw adds the window's frame bookkeeping): the shell
        # draws over it there; any other view: over its on_draw
        painted = "draw" if callable(getattr(view, "draw", None)) and _view_kit(view) else "on_draw"
        for name in (*WRAPPED, painted):  # bound methods of the view, as pyglet's handler stack expects (weakly held)
            method = getattr(shell, "_draw_over" if name == painted else f"_{name}")
            wrapped = functools.partial(method, getattr(view, name, None) or _nothing)
            setattr(view, name, types.MethodType(_handler(wrapped), view))
        quiet = getattr(view, "quiet", None)
        if callable(quiet):
            shell.screen_quiet = quiet
            view.quiet = lambda: bool(quiet()) and shell.quiet()
        animating = getattr(view, "animating", None)  # the window's stillness (game.ui.stillness) asks it
        view.animating = lambda: (bool(animating()) if callable(animating) else False) or not shell.quiet()
        settled = getattr(view, "settled", None)
        if callable(settled):  # the screen's own word for "the last moves are on screen"
            shell.screen_quiet = settled
        return shell

    # ----- state
    @property
    def game(self) -> Any:
        return self.session.game

    def quiet(self) -> bool:
        return self.victory_wait is None and not self.toast[0]

    def play(self, name: str | None) -> None:
        if not name:
            return
        now = time.monotonic()  # only spaces out repeats of one sound; no rule or test reads it
        if self._last_sound[0] == name and now - self._last_sound[1] < SOUND_GAP:
            return
        self._last_sound = (name, now)
        self.sounds.play(name)

    def sound_events(self, events: list[Any]) -> None:
        """The sound for events the screen shows now (a screen with `own_sounds` calls it as it animates them)."""
        self.play(sound_for_events(events, self.game.app.presentation.sounds))

    def say(self, text: str, bad: bool = False) -> None:
        """A confirmation or a refusal (`bad`): in the screen's own message line where it has one (`tell`), else a
        toast that goes away by itself."""
        tell = getattr(self.view, "tell", None)
        if callable(tell):
            tell(text, bad)
            return
        self.toast = (text, TOAST_TIME)
        self.window.wake()

    def close_modal(self) -> None:
        self.modal = None

    def _refresh_screen(self) -> None:
        refresh = getattr(self.view, "refresh", None)
        if callable(refresh):
            refresh()

    # ----- the game menu and leaving
    def open_menu(self) -> None:
        from game.ui.views.choice_box import ChoiceBox

        busy = self.session.busy
        if self.remote:  # the server keeps the game: leaving loses nothing
            self.modal = ChoiceBox("Game menu", "The server keeps this game: you can come back to your seat.", [
                ("Resume", self.close_modal), ("Settings", self.open_settings), ("Help  [F1]", self.open_help),
                ("Main menu", self.window.show_main_menu), ("Quit", self.window.close)], column=True, width=420,
                cancel=0)
            return
        resign = [("Resign", self.confirm_resign)] if self.may_resign() else []
        self.modal = ChoiceBox("Game menu", "", [
            ("Resume", self.close_modal), ("Save game  [F5]", self.open_save), ("Load game  [F9]", self.open_load),
            ("Settings", self.open_settings), ("Help  [F1]", self.open_help), *resign,
            ("Main menu", lambda: self.leave(self.window.show_main_menu)),
            ("Quit", lambda: self.leave(self.window.close))], column=True, width=360, cancel=0)
        for button in self.modal.buttons[1:3]:
            button.enabled = not busy  # saving and loading wait for the computer turn

    def may_resign(self) -> bool:
        """The seat at the table may give up now: a human acts and the ruleset accepts a resignation from it (the
        engine's check decides; a ruleset without the command offers no Resign)."""
        seat = self.session.table_seat() if self.session.human_to_move() else None
        return seat is not None and self.game.check(Resign(), seat) is None

    def confirm_resign(self) -> None:
        from game.ui.views.choice_box import ChoiceBox
        from systems import queries as q

        seat = self.session.table_seat()
        world = self.session.world
        world.activate()
        name = q.player(world, seat).name if seat in world.players else "you"
        self.modal = ChoiceBox(f"Resign, {name}?", "You lose this game; the other players play on without you.", [
            ("Resign", self.resign), ("Cancel", self.close_modal)], cancel=1)

    def resign(self) -> None:
        self.modal = None
        result = self.session.submit(Resign())
        if not result.ok:
            self.say(result.reason, bad=True)  # type: ignore[union-attr]

    def leave(self, action: Callable[[], object]) -> None:
        """Main menu or quit: offer to save first (the game would be lost otherwise)."""
        from game.ui.views.choice_box import ChoiceBox

        if self.game.over:
            action()
            return
        box = ChoiceBox("Save the game first?", "Progress since your last save is lost otherwise.", [
            ("Save, then leave", lambda: self.open_save(then=action)), ("Leave without saving", action),
            ("Cancel", self.close_modal)])
        box.buttons[0].enabled = not self.session.busy
        self.modal = box

    def open_settings(self) -> None:
        from game.ui.views.settings_view import SettingsView

        def done(chosen: Any) -> None:
            if chosen is not None:
                apply_settings(self.window, chosen)
            self.modal = None

        self.modal = SettingsView(prefs_of(self.window), done, on_change=lambda s: apply_settings(self.window, s))

    # ----- help, log
    def open_help(self) -> None:
        own = getattr(self.view, "help_panel", None)
        if callable(own):  # the screen's own help dialog (the base game's rules and symbols)
            self.modal = own(self.close_modal)
            return
        app = self.game.app
        look = app.presentation.help
        title = look.title or _ruleset_name(self.game)
        self.modal = HelpPanel(title, look, self.close_modal, (self.window.width, self.window.height))

    def log_lines(self) -> list[str]:
        from game.summary import describe
        from game.ui.wording import for_players

        seat = self.session.table_seat() if not self.session.busy else None
        return [for_players(describe(entry.event, self.game, seat)) for entry in self.chronicle.journal.entries
                if not isinstance(entry.event, SILENT)]

    def open_log(self) -> None:
        if self.session.busy:
            self.say("Wait until the computer turn is over.", bad=True)
            return
        self.modal = LogPanel(self.log_lines(), self.close_modal, (self.window.width, self.window.height))

    # ----- saves
    def open_save(self, then: Callable[[], object] | None = None) -> None:
        from game.saves import save_game
        from game.ui.views.saves_dialog import SAVE_SUFFIX, SavesDialog

        if self.session.busy:
            self.say("Wait until the computer turn is over.", bad=True)
            return
        folder, game = saves_folder(), self.game

        def saved(path: Path) -> None:
            self.modal = None
            self.say(f"Saved as '{path.name.removesuffix(SAVE_SUFFIX)}'")
            if then is not None:
                then()

        self.modal = SavesDialog(folder, self.close_modal, mode="save",
                                 save_fn=lambda name: save_game(game, folder / f"{name}{SAVE_SUFFIX}",
                                                                stats=self.chronicle.stats),
                                 default_name=f"{game.app.ruleset}-round-{game.app.hooks.round_of(game.world)}",
                                 on_saved=saved)

    def open_load(self) -> None:
        from game.ui.views.saves_dialog import SavesDialog

        if self.session.busy:
            self.say("Wait until the computer turn is over.", bad=True)
            return

        def loaded(game: Any, stats: Any = None) -> None:
            self.modal = None
            self.window.start(game, stats=stats)

        self.modal = SavesDialog(saves_folder(), self.close_modal, mode="load", on_loaded=loaded)

    # ----- undo
    def undo(self) -> None:
        if self.remote:
            self.say("Network games have no undo: the server has your command already.", bad=True)
            return
        if self.session.busy or not self.session.human_to_move():
            self.say("Nothing to undo now.", bad=True)
            return
        if self.chronicle.take_back(self.game):
            self._heard = min(self._heard, len(self.chronicle.journal.entries))
            self._refresh_screen()
            self.say("Move undone.")
            self.play("select")
        else:
            self.say(self.chronicle.undo.reason(), bad=True)
            self.play("error")

    # ----- turns: hand-over, sounds, the end
    def hot_seat(self) -> bool:
        """Two or more human seats still play at this table (a network game has one window a player)."""
        if self.remote:
            return False
        from systems import queries as q

        world = self.session.world
        world.activate()
        return sum(1 for s in world.alive_seats() if not q.player(world, s).computer) > 1

    def _hand_over(self) -> None:
        """Between human seats at one table: the hand-over screen whenever the seat at the table changes."""
        if getattr(self.view, "own_handover", True) or self.remote or self.session.busy or self.game.over:
            return
        if self.window.current_view is not self.view or not self.session.human_to_move():
            return
        seat = self.session.table_seat()
        world = self.session.world
        key = (int(world.clock.round), int(seat or 0), str(world.clock.stage))
        if seat is None or key == self.handed:
            return
        self.handed = key
        if not self.hot_seat():
            return
        from game.ui.views.handover import HandoverView
        from systems import queries as q

        style = self.session.styles.get(seat)
        color = (int(style.color[0]), int(style.color[1]), int(style.color[2])) if style is not None else None
        purpose = ("a question for you" if self.game.asking else "your orders" if self.game.awaiting_orders
                   else "your turn")
        self.window.show_view(HandoverView(seat, q.player(world, seat).name,
                                           lambda: self.window.show_view(self.view), world.clock.round,
                                           color=color, purpose=purpose))

    def _sound_new_events(self) -> None:
        entries = self.chronicle.journal.entries
        if len(entries) <= self._heard or self.session.busy:
            return
        if getattr(self.view, "own_sounds", False):  # the screen sounds events as it shows them
            self._heard = len(entries)
            return
        events = [entries[i].event for i in range(self._heard, len(entries))]
        self._heard = len(entries)
        self.play(sound_for_events(events, self.game.app.presentation.sounds))

    def show_victory(self) -> None:
        from game.ui.views.victory import VictoryView, victory_text

        self.victory_shown = True
        stats = self.chronicle.stats
        stats.sample(self.game)
        title, how = victory_text(self.game, self.chronicle.journal)
        colors = {seat: (int(s.color[0]), int(s.color[1]), int(s.color[2])) for seat, s in self.session.styles.items()}
        view = VictoryView(title, how, stats.series(), stats.names, self.window.show_new_game,
                           self.window.show_main_menu, winner=self.game.world.clock.winner, colors=colors)
        self.play("victory")
        self.window.show_view(view)

    def update(self, dt: float) -> None:
        if self.toast[0]:
            left = self.toast[1] - dt
            self.toast = (self.toast[0], left) if left > 0 else ("", 0.0)
            if not self.toast[0]:
                self.window.wake()
        problems = self.chronicle.problems
        if len(problems) > self._told:  # said, never silently dropped: the player may want to save by hand
            self._told = len(problems)
            self.say(problems[-1], bad=True)
        if self.session.busy:
            return
        self._sound_new_events()
        if self.game.over and not self.victory_shown and self.modal is None:
            if self.victory_wait is None:
                self.victory_wait = VICTORY_DELAY
            screen_quiet = self.screen_quiet
            if screen_quiet is None or screen_quiet():
                self.victory_wait -= min(dt, 0.1)
            else:
                self.victory_wait -= min(dt, 0.1) / 10  # the screen still shows the last moves
            if self.victory_wait <= 0 and self.window.current_view is self.view:
                self.victory_wait = None
                self.show_victory()
            return
        self._hand_over()

    # ----- the screen's keys as buttons
    def _layout_key_buttons(self) -> None:
        """The screen's `key_actions()` now, each a button after the shell's own (rebuilt only when they change)."""
        declared = getattr(self.view, "key_actions", None)
        actions = tuple(declared()) if callable(declared) and self.modal is None else ()
        if actions == self._key_actions:
            return
        self._key_actions = actions
        left, bottom = 4.0, 4.0 + BAR_H + BAR_GAP  # a row above the shell's own, wrapping upwards
        self.key_buttons = []
        for label, symbol, modifiers in actions:
            width = max(BAR_W, 7 * len(label) + 12)
            if left + width > self.window.width * 0.72 and left > 4:
                left, bottom = 4.0, bottom + BAR_H + BAR_GAP
            self.key_buttons.append(DrawnButton(label, left, bottom, width, BAR_H,
                                                functools.partial(self._press, symbol, modifiers), key=f"key:{label}"))
            left += width + BAR_GAP

    def _press(self, symbol: int, modifiers: int) -> None:
        handler = getattr(self.view, "on_key_press", None)
        if handler is not None:
            handler(symbol, modifiers)

    # ----- drawing
    def bar(self) -> list[DrawnButton]:
        """The shell's buttons and the screen's key buttons (none where the screen has a toolbar of its own)."""
        if getattr(self.view, "own_toolbar", False):
            return []
        self._layout_key_buttons()
        return [*self.buttons, *self.key_buttons]

    def draw(self) -> None:
        width, height = self.window.width, self.window.height
        for button in self.bar():
            if button in self.buttons:
                button.enabled = not self.session.busy or button.label in ("Menu", "Help")
            button.draw(self.texts, 10)
        if self.toast[0]:
            self.texts.draw("shell:toast", self.toast[0], width / 2, height - 60, TEXT, 14, anchor_x="center",
                            bold=True)
        if self.modal is not None:
            dim_screen(width, height, 170)
            self.modal.draw_content()

    # ----- the wrapped handlers: the dialog first, then the shell's keys and buttons, then the screen
    def _draw_over(self, original: Callable[[], object]) -> None:
        """The screen's picture, then the shell's row of buttons and its dialog over it."""
        original()
        self.draw()

    def _on_update(self, original: Callable[[float], object], delta_time: float) -> None:
        # a dialog pauses a local game, unless the screen goes on under it (`runs_under_dialogs`: the map screen's
        # picture and panel stay current under its turn summary); a network one goes on regardless
        if self.modal is None or self.remote or getattr(self.view, "runs_under_dialogs", False):
            original(delta_time)
        if self.modal is not None and hasattr(self.modal, "on_update"):
            self.modal.on_update(delta_time)
        self.update(delta_time)

    def _on_key_press(self, original: Callable[[int, int], object], symbol: int, modifiers: int) -> object:
        if self.modal is not None:
            before = self.modal
            self.modal.on_key_press(symbol, modifiers)
            if self.modal is not before and self.modal is not None and 32 <= symbol < 127:
                # the key chose an answer that opened a dialog (the menu's "2": Save): the text the same key types
                # next belongs to the menu, not to the new dialog's name field
                self._swallow_text = chr(symbol)
            return True
        key = arcade.key
        if symbol == key.ESCAPE:
            selection = getattr(self.view, "selection_active", None)
            if callable(selection) and selection():
                return original(symbol, modifiers)
            self.open_menu()
        elif symbol == key.F1:
            self.open_help()
        elif symbol == key.F2:
            self.open_log()
        elif symbol == key.F5 and not self.remote:
            self.open_save()
        elif symbol == key.F9 and not self.remote:
            self.open_load()
        elif symbol == key.Z and modifiers & key.MOD_CTRL:
            self.undo()
        else:
            return original(symbol, modifiers)
        return True

    def _on_key_release(self, original: Callable[[int, int], object], symbol: int, modifiers: int) -> object:
        self._swallow_text = ""
        return None if self.modal is not None else original(symbol, modifiers)

    def _on_text(self, original: Callable[[str], object], text: str) -> object:
        if self._swallow_text and text.lower() == self._swallow_text:
            self._swallow_text = ""
            return True
        if self.modal is not None:
            handler = getattr(self.modal, "on_text", None)
            return handler(text) if handler is not None else True
        return original(text)

    def _on_mouse_press(self, original: Callable[..., object], x: float, y: float, button: int, modifiers: int) -> object:
        if self.modal is not None:
            self.modal.on_mouse_press(x, y, button, modifiers)
            return True
        if button == arcade.MOUSE_BUTTON_LEFT:
            for shell_button in self.bar():
                if shell_button.click(x, y):
                    return True
        return original(x, y, button, modifiers)

    def _on_mouse_release(self, original: Callable[..., object], x: float, y: float, button: int, modifiers: int) -> object:
        return None if self.modal is not None else original(x, y, button, modifiers)

    def _on_mouse_motion(self, original: Callable[..., object], x: float, y: float, dx: float, dy: float) -> object:
        for button in self.bar():
            button.hover = button.contains(x, y)
        if self.modal is not None:
            self.modal.on_mouse_motion(x, y, dx, dy)
            return True
        return original(x, y, dx, dy)

    def _on_mouse_drag(self, original: Callable[..., object], x: float, y: float, dx: float, dy: float, buttons: int,
                       modifiers: int) -> object:
        return None if self.modal is not None else original(x, y, dx, dy, buttons, modifiers)

    def _on_mouse_scroll(self, original: Callable[..., object], x: int, y: int, scroll_x: float, scroll_y: float) -> object:
        if self.modal is not None:
            handler = getattr(self.modal, "on_mouse_scroll", None)
            if handler is not None:
                handler(x, y, scroll_x, scroll_y)
            return True
        return original(x, y, scroll_x, scroll_y)


def _view_kit(view: Any) -> bool:
    from game.ui.views.base import BaseView

    return isinstance(view, BaseView)


def _handler(wrapped: Callable[..., object]) -> Callable[..., object]:
    def handler(_view: Any, *args: Any) -> object:
        return wrapped(*args)

    return handler


def _nothing(*args: Any) -> None:
    """A handler the screen does not have (arcade.View has no on_text)."""


def _ruleset_name(game: Any) -> str:
    mods = getattr(game.world.rules, "mods", ())
    return str(mods[0].name) if mods and getattr(mods[0], "name", "") else str(game.app.ruleset)


def table_question(session: Any, size: tuple[int, int], answered: Callable[[int, str], object]) -> Any:
    """The dialog for the question (systems.prompts) waiting for the human seat at the table, or None; a click on an
    answer calls `answered(prompt, answer)`. The map screen and the default board screen ask through it."""
    if session.busy or not session.game.asking:
        return None
    seat = session.table_seat()
    if seat is None:
        return None
    from game.ui.views.question import QuestionDialog
    from systems.prompts import pending

    for entity, prompt in pending(session.world):
        if seat in prompt.seats and not prompt.given[prompt.seats.index(seat)]:
            return QuestionDialog(seat, prompt.question, prompt.answers, prompt.default,
                                  functools.partial(answered, entity), size)
    return None
