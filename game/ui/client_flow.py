"""Issue 5 wired into the client: hot-seat hand-over, turn summaries, undo, the event log, the upkeep forecast,
saves, the victory screen, sound, effects, help and settings.

* `Chronicle` sits in the `Session`: every command the human submits goes through its undo stack, and every
  accepted event (computer turns included) goes into its event journal, statistics and autosaver.
* `FlowGameView` is the game screen (`game.ui.views.game_view.GameView`) plus the issue-5 parts: a toolbar,
  the forecast box, the event log, effects and sound, and dialogs (summary, help, saves, settings) drawn
  over the map without leaving the screen.
* `hand_over(window, seat, resume)` is the window's hook at the start of every human turn: between human
  players it shows the neutral hand-over screen, then the turn summary.

See docs/client_flow.md for the whole flow.
"""

from __future__ import annotations

import contextlib
import functools
import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import arcade

from components.commands import Command
from components.seats import Answer
from game.settings import Settings, load_settings
from game.stats import StatsTracker
from game.summary import EventJournal, TurnSummary
from game.ui.effects import EffectLayer
from game.ui.sound import SoundBoard, sound_for_events
from game.ui.turn_hud import TurnHud
from game.ui.views._widgets import dim_screen
from game.ui.views.game_view import GameView
from game.ui.views.handover import HandoverView
from game.ui.views.help_overlay import HelpOverlay
from game.ui.views.question import QuestionDialog
from game.ui.views.saves_dialog import SAVE_SUFFIX, SavesDialog
from game.ui.views.settings_view import SettingsView
from game.ui.views.turn_summary import TurnSummaryView
from game.ui.views.victory import VictoryView, victory_text
from game.undo import UndoStack
from systems import events as ev
from systems import queries as q

SAVES_ENV = "FOC_SAVES_DIR"
VICTORY_DELAY = 1.5  # seconds of the victory banner over the map before the victory screen
NOTABLE = {"went_rogue", "unpaid", "battle", "territory_lost", "territory_disrupted", "structure_lost",
           "structure_attacked", "rogue_sighting", "army_lost", "fired_on", "defeat"}


def saves_folder() -> Path:
    """Where saves live: $FOC_SAVES_DIR when set (tests), else the saves module's user data folder."""
    env = os.environ.get(SAVES_ENV)
    if env:
        return Path(env)
    from game.saves import saves_dir

    return saves_dir()


# --------------------------------------------------------------------------------------------------------
# the session's memory: journal, undo, statistics, autosaves


class Chronicle:
    """What a game remembers beyond its state: every event, the undo stack, statistics, autosaves."""

    def __init__(self, game: Any, autosave_folder: Path | None = None, stats: StatsTracker | None = None) -> None:
        self.journal = EventJournal(game)
        self.undo = UndoStack(self.journal, record=False)
        self.stats = stats if stats is not None else StatsTracker(game)  # a loaded save brings its own
        self.autosaver: Any = None
        self.problems: list[str] = []
        if autosave_folder is not None:
            from game.saves import Autosaver

            self.autosaver = Autosaver(game, autosave_folder, stats=lambda: self.stats)

    def submit(self, game: Any, command: Command) -> Any:
        """A human command, through the undo stack (which decides whether it can be taken back)."""
        return self.undo.submit(game, command)

    def observe(self, game: Any, events: tuple[ev.Event, ...] | list[ev.Event]) -> None:
        """Every accepted batch of events, human or computer (called by `Session._collect`)."""
        entries = self.journal.record_events(game, events)
        self.stats.observe(game, entries)
        if self.autosaver is not None:
            try:
                self.autosaver.after_submit()
            except Exception as exc:  # a full disk must not stop the game
                self.problems.append(f"autosave failed: {exc}")

    def take_back(self, game: Any) -> bool:
        return self.undo.undo(game)


def attach(session: Any, window: Any = None, stats: StatsTracker | None = None) -> Chronicle:
    """Give a session its Chronicle (once); autosaves only where the window asks for them."""
    found = getattr(session, "chronicle", None)
    if isinstance(found, Chronicle):
        return found
    chronicle = Chronicle(session.game, getattr(window, "autosave_folder", None), stats)
    session.chronicle = chronicle
    return chronicle


# --------------------------------------------------------------------------------------------------------
# window-wide: remembered settings and the sound board


def prefs_of(window: Any) -> Settings:
    prefs = getattr(window, "prefs", None)
    if not isinstance(prefs, Settings):
        prefs, _ = load_settings()
        window.prefs = prefs
    return prefs


def sounds_of(window: Any) -> SoundBoard:
    board = getattr(window, "sounds", None)
    if not isinstance(board, SoundBoard):
        prefs = prefs_of(window)
        board = SoundBoard(prefs.volume, prefs.muted)
        window.sounds = board
    return board


def apply_settings(window: Any, prefs: Settings, startup: bool = False) -> None:
    """Use the settings in a running window: edge scrolling, animation speed, sound; fullscreen if possible."""
    window.prefs = prefs
    client = getattr(window, "settings", None)
    if client is not None:
        if hasattr(client, "edge_scroll"):
            client.edge_scroll = prefs.edge_scrolling
        if hasattr(client, "speed_index"):
            from game.ui import theme

            speeds = list(theme.SPEEDS)
            client.speed_index = min(range(len(speeds)), key=lambda i: abs(speeds[i] - prefs.animation_speed))
    sounds_of(window).set_volume(prefs.volume, prefs.muted)
    if not arcade.headless and bool(getattr(window, "fullscreen", False)) != prefs.fullscreen:
        with contextlib.suppress(Exception):  # some platforms refuse; it still applies at the next start
            window.set_fullscreen(prefs.fullscreen)
    del startup


def configure_window(window: Any, prefs: Settings, autosave: bool = True) -> None:
    """At start-up (`foc play`): remembered settings, and autosaves into the save folder."""
    apply_settings(window, prefs, startup=True)
    if autosave:
        window.autosave_folder = saves_folder()


# --------------------------------------------------------------------------------------------------------
# the game screen with the issue-5 parts


class FlowGameView(GameView):
    """GameView plus hand-over, summaries, undo, log, forecast, saves, victory, sound, effects, help, settings."""

    def __init__(self, window: Any, session: Any, canvas: Any) -> None:
        super().__init__(window, session, canvas)
        self.chronicle = attach(session, window)
        self.sounds = sounds_of(window)
        self.effects5 = EffectLayer(canvas.grid.center, speed=self.animator.speed)
        from game.ui import theme

        actions: dict[str, Callable[[], object]] = {"undo": self.undo, "log": self.toggle_log, "help": self.open_help, "save": self.open_save,
                   "load": self.open_load, "settings": self.open_settings}
        self.hud5 = TurnHud(actions, window.width - theme.PANEL_WIDTH, window.height)
        self.modal: Any = None
        self.handed: tuple[int, int, str] | None = None
        self.summary_due = False
        self.victory_wait: float | None = None
        self.victory_view: VictoryView | None = None
        self._last_sound: tuple[str, float] = ("", 0.0)
        self._selected: int | None = None

    # ----- helpers
    def human_seat(self) -> int | None:
        if self.session.busy or not self.session.human_to_move():
            return None
        return self.session.table_seat()

    def hot_seat(self) -> bool:
        world = self.session.world
        world.activate()
        return sum(1 for s in world.alive_seats() if not q.player(world, s).computer) > 1

    def play(self, name: str | None) -> None:
        if not name:
            return
        now = time.monotonic()
        if self._last_sound[0] == name and now - self._last_sound[1] < 0.12:
            return
        self._last_sound = (name, now)
        self.sounds.play(name)

    def close_modal(self) -> None:
        self.modal = None

    # ----- the start of a human turn (GameWindow.hand_over)
    def turn_starts(self, seat: int, resume: Any) -> None:
        world = self.session.world
        key = (int(world.clock.round), seat, world.clock.stage)  # a round's orders and questions hand over too
        if self.handed == key:  # back from the hand-over screen
            if callable(resume):
                resume()
            return
        self.handed = key
        self.modal = None
        game = self.session.game
        if self.hot_seat():
            self.summary_due = not game.asking  # a question between turns: just the question, no summary
            name = q.player(world, seat).name
            style = self.session.styles.get(seat)
            color = (int(style.color[0]), int(style.color[1]), int(style.color[2])) if style is not None else None
            purpose = "a question for you" if game.asking else "your orders" if game.awaiting_orders else "your turn"
            self.window.show_view(HandoverView(seat, name, lambda: self.window.show_view(self), world.clock.round,
                                               color=color, purpose=purpose))
            return
        if callable(resume):
            resume()
        if game.asking:  # the question comes first; the summary belongs to the seat's own turn
            return
        summary = self.summary(seat)
        if any(line.kind in NOTABLE for line in summary.lines):
            self.open_summary(summary)

    def summary(self, seat: int) -> TurnSummary:
        return self.chronicle.journal.summary_for(self.session.game, seat)

    def open_summary(self, summary: TurnSummary | None = None) -> None:
        seat = self.session.world.clock.seat
        self.modal = TurnSummaryView(summary or self.summary(seat), on_close=self.close_modal,
                                     on_jump=self._jump_from_summary)

    def _jump_from_summary(self, territory: int) -> None:
        self.modal = None
        self.look_at(territory)

    def on_show_view(self) -> None:
        super().on_show_view()
        if self.summary_due:
            self.summary_due = False
            self.open_summary()

    # ----- toolbar actions
    def undo(self) -> None:
        if self.human_seat() is None:
            return
        if self.animator.busy:
            self.animator.finish_all()
            self._sync()
        if self.chronicle.take_back(self.session.game):
            self.orders.clear()
            self.effects5.clear()
            self.canvas.scene.sync(self.session.world)
            self.canvas.update()
            self.panel_key = ()
            self.orders.say("Move undone.")
            self.play("select")
        else:
            self.orders.say(self.chronicle.undo.reason(), bad=True)
            self.play("error")

    def toggle_log(self) -> None:
        self.hud5.toggle_log()

    def open_help(self) -> None:
        self.modal = HelpOverlay(self.close_modal, rules=self.session.world.rules, assets=self.app.assets)

    def _engine_free(self) -> bool:
        if self.session.busy:
            self.orders.say("Wait until the computer turn is over.", bad=True)
            return False
        return True

    def open_save(self) -> None:
        if not self._engine_free():
            return
        from game.saves import save_game

        folder = saves_folder()
        game = self.session.game
        self.modal = SavesDialog(folder, self.close_modal, mode="save",
                                 save_fn=lambda name: save_game(game, folder / f"{name}{SAVE_SUFFIX}",
                                                                stats=self.chronicle.stats),
                                 default_name=f"round-{game.world.clock.round}")

    def open_load(self) -> None:
        if not self._engine_free():
            return
        self.modal = SavesDialog(saves_folder(), self.close_modal, mode="load", on_loaded=self._loaded)

    def _loaded(self, game: Any, stats: StatsTracker | None = None) -> None:
        self.modal = None
        self.app.start(game, stats=stats)

    def open_settings(self) -> None:
        self.modal = SettingsView(prefs_of(self.window), self._settings_done,
                                  on_change=lambda s: apply_settings(self.window, s))

    def _settings_done(self, chosen: Settings | None) -> None:
        if chosen is not None:
            apply_settings(self.window, chosen)
        self.animator.speed = self.app.settings.speed
        self.panel_key = ()
        self.modal = None

    # ----- events, frames, victory
    def _on_event(self, event: ev.Event) -> None:
        super()._on_event(event)
        self.effects5.add_events([event], plugin_effects=self.canvas.presentation.effects)
        self.play(sound_for_events([event], self.canvas.presentation.sounds))

    def on_update(self, delta_time: float) -> None:
        super().on_update(delta_time)
        dt = min(delta_time, 0.1)
        self.effects5.speed = self.animator.speed
        self.effects5.update(dt)
        selected = self.orders.selected_army
        if selected is not None and selected != self._selected:
            self.play("select")
        self._selected = selected
        seat = self.human_seat()
        self.hud5.refresh(self.session.game, self.chronicle, seat, can_read=not self.session.busy)
        if seat is None or self.watching:
            self.panel.set_forecast("", (0, 0, 0, 0), "", [])
        else:  # the upkeep forecast lives in the side panel, so nothing covers the map
            self.panel.set_forecast(*self.hud5.forecast_summary())
        if self.victory_wait is not None and self.victory_view is None:
            self.victory_wait -= dt
            if self.victory_wait <= 0:
                self.show_victory()

    def _turn_flow(self, dt: float = 0.0) -> None:
        super()._turn_flow(dt)
        if self.session.game.over and self.victory_shown and self.victory_wait is None:
            self.victory_wait = VICTORY_DELAY
            self.modal = None
        self._ask_the_table()

    def _ask_the_table(self) -> None:
        """A question waits for the human seat at the table (after its hand-over): show it as a dialog."""
        session = self.session
        if self.modal is not None or session.busy or self.animator.busy or not session.game.asking:
            return
        if self.window.current_view is not self:
            return
        seat = session.table_seat()
        if seat is None:
            return
        from systems.prompts import pending

        for entity, prompt in pending(session.world):
            if seat in prompt.seats and not prompt.given[prompt.seats.index(seat)]:
                self.modal = QuestionDialog(seat, prompt.question, prompt.answers, prompt.default,
                                            functools.partial(self._answered, entity),
                                            (self.window.width, self.window.height))
                return

    def _answered(self, prompt: int, answer: str) -> None:
        self.modal = None
        self.session.submit(Answer(prompt, answer))
        self.panel_key = ()

    def show_victory(self) -> None:
        game = self.session.game
        stats: StatsTracker = self.chronicle.stats
        stats.sample(game)
        title, how = victory_text(game, self.chronicle.journal)
        colors = {seat: tuple(style.color[:3]) for seat, style in self.session.styles.items()}
        self.victory_view = VictoryView(title, how, stats.series(), stats.names, self.app.show_new_game,
                                        self.app.show_main_menu, winner=game.world.clock.winner,
                                        colors=colors)  # type: ignore[arg-type]
        self.play("victory")
        self.window.show_view(self.victory_view)

    # ----- drawing
    def _draw_frame(self) -> None:
        """The cached frame: the game screen, then the toolbar and log (idle frames only copy it)."""
        super()._draw_frame()
        self.hud5.draw()

    def _frame_key(self) -> tuple[object, ...] | None:
        key = super()._frame_key()
        return None if key is None else (*key, self.hud5.signature())

    def _draw_live(self) -> None:
        if self.effects5.busy:
            with self.camera.activate():
                self.effects5.draw()
            self.window.default_camera.use()

    def draw(self) -> None:
        super().draw()
        if self.tooltip and self.mouse is not None and self.hud5.contains(*self.mouse):
            self.hud.tooltip.show(self.tooltip, self.mouse[0], self.mouse[1], (self.window.width, self.window.height))
            self.hud.tooltip.draw()
        if self.modal is not None:
            dim_screen(self.window.width, self.window.height, 180)
            self.modal.draw_content()

    # ----- input: a dialog takes everything; then the HUD; then the game screen
    def on_key_press(self, symbol: int, modifiers: int) -> None:
        if self.modal is not None:
            self.modal.on_key_press(symbol, modifiers)
            return
        key = arcade.key
        if symbol == key.F1:
            self.open_help()
        elif (symbol == key.Z and modifiers & key.MOD_CTRL) or symbol == key.U:
            self.undo()
        elif symbol == key.L:
            self.toggle_log()
        elif symbol == key.F5:
            self.open_save()
        elif symbol == key.F9:
            self.open_load()
        elif symbol == key.O:
            self.open_settings()
        else:
            super().on_key_press(symbol, modifiers)

    def on_key_release(self, symbol: int, modifiers: int) -> None:
        super().on_key_release(symbol, modifiers)

    def on_text(self, text: str) -> None:
        if self.modal is not None and hasattr(self.modal, "on_text"):
            self.modal.on_text(text)

    def on_mouse_motion(self, x: float, y: float, dx: float, dy: float) -> None:
        if self.modal is not None:
            self.modal.on_mouse_motion(x, y, dx, dy)
            return
        tip = self.hud5.hover(x, y)
        if tip is not None:
            self.mouse = (x, y)
            self.tooltip = tip
            return
        super().on_mouse_motion(x, y, dx, dy)

    def on_mouse_press(self, x: float, y: float, button: int, modifiers: int) -> bool:
        if self.modal is not None:
            self.modal.on_mouse_press(x, y, button, modifiers)
            return True
        if button == arcade.MOUSE_BUTTON_LEFT and self.hud5.press(x, y, self.look_at):
            return True
        return bool(super().on_mouse_press(x, y, button, modifiers))

    def on_mouse_drag(self, x: float, y: float, dx: float, dy: float, buttons: int, modifiers: int) -> None:
        if self.modal is None:
            super().on_mouse_drag(x, y, dx, dy, buttons, modifiers)

    def on_mouse_release(self, x: float, y: float, button: int, modifiers: int) -> None:
        if self.modal is None:
            super().on_mouse_release(x, y, button, modifiers)

    def on_mouse_scroll(self, x: int, y: int, scroll_x: float, scroll_y: float) -> None:
        if self.modal is not None:
            handler = getattr(self.modal, "on_mouse_scroll", None)
            if handler is not None:
                handler(x, y, scroll_x, scroll_y)
            return
        if self.hud5.scroll(x, y, scroll_y):
            return
        super().on_mouse_scroll(x, y, scroll_x, scroll_y)


# --------------------------------------------------------------------------------------------------------
# hooks the window calls


def hand_over(window: Any, seat: int, resume: Any) -> None:
    """GameWindow.hand_over: the hand-over screen and summary when the game screen is ours, else play on."""
    view = window.current_view
    if isinstance(view, FlowGameView):
        view.turn_starts(seat, resume)
    elif callable(resume):
        resume()


def show_load_screen(window: Any) -> None:
    """The main menu's "Load game": the saves list full screen; a broken save shows why and stays here."""
    def loaded(game: Any, stats: StatsTracker | None = None) -> None:
        window.start(game, stats=stats)

    dialog = SavesDialog(saves_folder(), window.show_main_menu, mode="load", on_loaded=loaded)
    window.show_view(dialog)


def show_settings_screen(window: Any, back: Any) -> None:
    """Settings from a menu: full screen, back to `back()` when done."""
    def done(chosen: Settings | None) -> None:
        if chosen is not None:
            apply_settings(window, chosen)
        back()

    window.show_view(SettingsView(prefs_of(window), done, on_change=lambda s: apply_settings(window, s)))
