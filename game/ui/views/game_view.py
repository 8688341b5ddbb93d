"""The game screen and its turn flow: hot-seat hand-over, turn summaries, undo, the event log, the upkeep
forecast, saves, the victory screen, sound, effects, help and settings, drawn over the map screen
(`game.ui.views.map_screen.MapScreen`) without leaving it. `hand_over(window, seat, resume)` is the window's
hook at the start of every human turn. See docs/client.md ("The turn flow")."""

from __future__ import annotations

import functools
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import arcade

from components.seats import Answer
from game.settings import Settings
from game.stats import StatsTracker
from game.summary import TurnSummary
from game.ui.chronicle import attach, saves_folder
from game.ui.preferences import apply_settings, prefs_of, sounds_of
from game.ui.sound import sound_for_events
from game.ui.turn_hud import TOOLBAR_Y, TurnHud
from game.ui.views.choice_box import ChoiceBox
from game.ui.views.handover import HandoverView
from game.ui.views.help_overlay import HelpOverlay
from game.ui.views.map_screen import MapScreen
from game.ui.views.question import QuestionDialog
from game.ui.views.saves_dialog import SAVE_SUFFIX, SavesDialog
from game.ui.views.settings_view import SettingsView
from game.ui.views.turn_summary import TurnSummaryView
from game.ui.views.victory import VictoryView, victory_text
from game.ui.widgets import dim_screen
from systems import events as ev
from systems import queries as q

VICTORY_DELAY = 1.5  # seconds of the victory banner over the map before the victory screen
NOTABLE = {"went_rogue", "unpaid", "battle", "territory_lost", "territory_disrupted", "structure_lost",
           "structure_attacked", "rogue_sighting", "army_lost", "fired_on", "defeat"}


class GameView(MapScreen):
    """The game screen: the map screen plus hand-over, summaries, undo, log, forecast, saves, victory, sound,
    effects, help and settings."""

    def __init__(self, window: Any, session: Any, canvas: Any) -> None:
        super().__init__(window, session, canvas)
        self.chronicle = attach(session, window)
        self.sounds = sounds_of(window)
        self.sounds.add_files(canvas.presentation.sound_files)  # the game's mods' own effects
        from game.ui import theme

        actions: dict[str, Callable[[], object]] = {
            "undo": self.undo, "log": self.toggle_log, "summary": self.reopen_summary, "help": self.open_help,
            "save": self.open_save, "load": self.open_load, "settings": self.open_settings,
            "follow": self.toggle_follow}
        self.turn_hud = TurnHud(actions, window.width - theme.PANEL_WIDTH, window.height)
        self.modal: Any = None
        self.handed: tuple[int, int, str] | None = None
        self.summary_due = False
        self.victory_wait: float | None = None
        self.victory_view: VictoryView | None = None
        self._last_sound: tuple[str, float] = ("", 0.0)
        self._selected: int | None = None
        self.warn_unmoved = True
        self.last_summary: TurnSummary | None = None  # the end-turn warning; "don't ask again this game" turns it off

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
        self.last_summary = summary
        if any(line.kind in NOTABLE for line in summary.lines):
            self.open_summary(summary)

    def summary(self, seat: int) -> TurnSummary:
        return self.chronicle.journal.summary_for(self.session.game, seat)

    def open_summary(self, summary: TurnSummary | None = None) -> None:
        seat = self.session.world.clock.seat
        self.last_summary = summary or self.summary(seat)
        self.modal = TurnSummaryView(self.last_summary, on_close=self.close_modal, on_jump=self._jump_from_summary)

    def reopen_summary(self) -> None:
        """The toolbar's Summary (R): the last turn summary again (a lone human never sees a hand-over)."""
        if self.last_summary is not None:
            self.open_summary(self.last_summary)
        elif self.human_seat() is not None:
            self.open_summary()
        else:
            self.orders.say("No summary yet: it comes at the start of your turn.")

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
            self.canvas.effects.clear_events()
            self.canvas.scene.sync(self.session.world)
            self.canvas.update()
            self.panel_key = ()
            self.orders.say("Move undone.")
            self.play("select")
        else:
            self.orders.say(self.chronicle.undo.reason(), bad=True)
            self.play("error")

    def toggle_log(self) -> None:
        self.turn_hud.toggle_log()

    def open_help(self) -> None:
        world = self.session.world
        extra = tuple(e for entries in world.app.presentation.help_entries for e in entries(world.rules))
        self.modal = HelpOverlay(self.close_modal, rules=world.rules, assets=self.app.assets, extra_entries=extra)

    def _engine_free(self) -> bool:
        if self.session.busy:
            self.orders.say("Wait until the computer turn is over.", bad=True)
            return False
        return True

    def open_save(self, then: Callable[[], object] | None = None) -> None:
        """The save dialog: Enter saves, closes it and confirms with a toast; `then` runs after saving."""
        if not self._engine_free():
            return
        from game.saves import save_game

        folder = saves_folder()
        game = self.session.game

        def saved(path: Path) -> None:
            self.modal = None
            self.toast(f"Saved as '{path.name.removesuffix(SAVE_SUFFIX)}'")
            if then is not None:
                then()

        self.modal = SavesDialog(folder, self.close_modal, mode="save",
                                 save_fn=lambda name: save_game(game, folder / f"{name}{SAVE_SUFFIX}",
                                                                stats=self.chronicle.stats),
                                 default_name=f"round-{game.world.clock.round}", on_saved=saved)

    def toast(self, text: str) -> None:
        """A short confirmation at the top of the map that goes away by itself."""
        self.show_banner(text, 2.0 * self.animator.speed)

    # ----- the in-game menu (Esc) and leaving the game
    def open_menu(self) -> None:
        busy = self.session.busy
        self.modal = ChoiceBox("Game menu", "", [
            ("Resume", self.close_modal), ("Save game  [F5]", self.open_save), ("Load game  [F9]", self.open_load),
            ("Options  [O]", self.open_settings), ("Main menu", lambda: self.leave(self.app.show_main_menu)),
            ("Quit", lambda: self.leave(self.window.close))], column=True, width=360, cancel=0)
        for button in self.modal.buttons[1:3]:
            button.enabled = not busy  # saving and loading wait for the computer turn

    def leave(self, action: Callable[[], object]) -> None:
        """Main menu or quit: offer to save first (the game would be lost otherwise)."""
        if self.session.game.over:
            action()
            return
        box = ChoiceBox("Save the game first?", "Progress since your last save is lost otherwise.", [
            ("Save, then leave", lambda: self.open_save(then=action)), ("Leave without saving", action),
            ("Cancel", self.close_modal)])
        box.buttons[0].enabled = not self.session.busy
        self.modal = box

    # ----- ending the turn
    def ready_armies(self) -> list[int]:
        """Your armies that can still act this turn (the end-turn warning counts them)."""
        world = self.session.world
        world.activate()
        seat = world.clock.seat
        return [e for e, a in q.player_armies(seat) if not a.done and a.mp > 0 and a.battle is None]

    def end_turn(self) -> None:
        """End the turn; first warn when armies could still move (unless turned off for this game)."""
        if self.modal is None and self.warn_unmoved and self.session.human_to_move():
            ready = self.ready_armies()
            if ready:
                who = "One of your armies" if len(ready) == 1 else f"{len(ready)} of your armies"
                self.modal = ChoiceBox(
                    "End the turn?", f"{who} can still move this turn. Space selects the next one.",
                    [("End turn", self._end_turn_anyway), ("Back to my armies", self._back_to_armies)],
                    checkbox="Don't ask again this game")
                return
        super().end_turn()

    def _end_turn_anyway(self) -> None:
        box = self.modal
        if isinstance(box, ChoiceBox) and box.checked:
            self.warn_unmoved = False
        self.modal = None
        super().end_turn()

    def _back_to_armies(self) -> None:
        box = self.modal
        if isinstance(box, ChoiceBox) and box.checked:
            self.warn_unmoved = False
        self.modal = None
        self.next_army()

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
        self.canvas.effects.add_events([event], plugin_effects=self.canvas.presentation.effects)
        self.play(sound_for_events([event], self.canvas.presentation.sounds))

    def on_update(self, delta_time: float) -> None:
        super().on_update(delta_time)
        dt = min(delta_time, 0.1)
        selected = self.orders.selected_army
        if selected is not None and selected != self._selected:
            self.play("select")
        self._selected = selected
        seat = self.human_seat()
        self.turn_hud.refresh(self.session.game, self.chronicle, seat, can_read=not self.session.busy)
        self.turn_hud.on["follow"] = self.follow_camera
        if seat is None or self.watching:
            self.panel.set_forecast("", (0, 0, 0, 0), "", [])
        else:  # the upkeep forecast lives in the side panel, so nothing covers the map
            self.panel.set_forecast(*self.turn_hud.forecast_summary())
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

    def _tooltip_around(self, x: float, y: float) -> tuple[float, float, float, float] | None:
        if self.turn_hud.contains(x, y) and y <= TOOLBAR_Y + 24:  # above the toolbar, never over its buttons
            top = TOOLBAR_Y + 24.0
            if self.turn_hud.log_open:  # ... nor over the open log's lines just above it
                _, bottom, _, height = self.turn_hud.log_rect()
                top = bottom + height
            return 0.0, float(TOOLBAR_Y), float(self.turn_hud.map_width), top - TOOLBAR_Y
        return super()._tooltip_around(x, y)

    def quiet(self) -> bool:
        return super().quiet() and not self.canvas.effects.busy and self.victory_wait is None

    # ----- drawing
    def _draw_frame(self) -> None:
        """The cached frame: the game screen, then the toolbar and log (idle frames only copy it)."""
        super()._draw_frame()
        self.turn_hud.draw()

    def _frame_key(self) -> tuple[object, ...] | None:
        key = super()._frame_key()
        return None if key is None else (*key, self.turn_hud.signature())

    def _draw_live(self) -> None:
        if self.canvas.effects.busy:
            with self.camera.activate():
                self.canvas.effects.draw_live()
            self.window.default_camera.use()

    def draw(self) -> None:
        super().draw()
        if self.modal is not None:
            dim_screen(self.window.width, self.window.height, 180)
            self.modal.draw_content()

    # ----- input: a dialog takes everything; then the HUD; then the game screen
    def on_key_press(self, symbol: int, modifiers: int) -> None:
        if self.modal is not None:
            self.modal.on_key_press(symbol, modifiers)
            return
        key = arcade.key
        if symbol == key.ESCAPE and not self._has_selection():
            self.keys.discard(symbol)
            self.open_menu()
        elif symbol == key.F1:
            self.open_help()
        elif (symbol == key.Z and modifiers & key.MOD_CTRL) or symbol == key.U:
            self.undo()
        elif symbol == key.L:
            self.toggle_log()
        elif symbol == key.R:
            self.reopen_summary()
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

    def _has_selection(self) -> bool:
        """Esc first clears a selection or an order in progress; with nothing to clear it opens the menu."""
        orders = self.orders
        return any(x is not None for x in (orders.selected_army, orders.selected_structure, orders.inspected,
                                           orders.placing, orders.armed)) or bool(orders.split)

    def on_text(self, text: str) -> None:
        if self.modal is not None and hasattr(self.modal, "on_text"):
            self.modal.on_text(text)

    def on_mouse_motion(self, x: float, y: float, dx: float, dy: float) -> None:
        if self.modal is not None:
            self.modal.on_mouse_motion(x, y, dx, dy)
            return
        tip = self.turn_hud.hover(x, y)
        if tip is not None:
            self.mouse = (x, y)
            self.tooltip = tip
            return
        super().on_mouse_motion(x, y, dx, dy)

    def on_mouse_press(self, x: float, y: float, button: int, modifiers: int) -> bool:
        if self.modal is not None:
            self.modal.on_mouse_press(x, y, button, modifiers)
            return True
        if button == arcade.MOUSE_BUTTON_LEFT and self.turn_hud.press(x, y, self.look_at):
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
        if self.turn_hud.scroll(x, y, scroll_y):
            return
        super().on_mouse_scroll(x, y, scroll_x, scroll_y)


def hand_over(window: Any, seat: int, resume: Any) -> None:
    """GameWindow.hand_over: the hand-over screen and summary when the game screen is ours, else play on."""
    view = window.current_view
    if isinstance(view, GameView):
        view.turn_starts(seat, resume)
    elif callable(resume):
        resume()
