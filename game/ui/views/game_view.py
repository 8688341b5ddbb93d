"""The base game's screen and its turn flow: hot-seat hand-over, turn summaries, the toolbar and its event log,
the upkeep forecast, the end-turn warning, questions, effects and their sounds, drawn over the map screen
(`game.ui.views.map_screen.MapScreen`) without leaving it. The client's shell (game.ui.shell) gives it what every
ruleset's screen gets: the game menu, saves and loads, help, undo, settings and the victory screen; this screen's
toolbar calls the shell for them. `hand_over(window, seat, resume)` is the window's hook at the start of every
human turn. See docs/client.md ("The turn flow")."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import arcade

from components.seats import Answer
from game.summary import TurnSummary
from game.ui.chronicle import attach
from game.ui.shell import table_question
from game.ui.turn_hud import TOOLBAR_Y, TurnHud
from game.ui.views.choice_box import ChoiceBox
from game.ui.views.handover import HandoverView
from game.ui.views.help_overlay import HelpOverlay
from game.ui.views.map_screen import MapScreen
from game.ui.views.turn_summary import TurnSummaryView
from systems import events as ev
from systems import queries as q

NOTABLE = {"went_rogue", "unpaid", "battle", "territory_lost", "territory_disrupted", "structure_lost",
           "structure_attacked", "rogue_sighting", "army_lost", "fired_on", "defeat"}


class GameView(MapScreen):
    """The game screen: the map screen plus hand-over, summaries, the toolbar and log, forecast, effects and their
    sounds; the shell (attached by the window) adds the menu, saves, help, undo, settings and victory."""

    own_handover = True  # the hand-over and the turn summary come at the start of each human turn (turn_starts)
    own_toolbar = True  # the toolbar (TurnHud) offers the shell's actions; the shell draws no button row
    own_sounds = True  # each event sounds as it is animated (_on_event), not when it happened
    runs_under_dialogs = True  # the map and panel stay current under the turn summary and the menu
    shell: Any  # game.ui.shell.Shell, set by Shell.attach

    def __init__(self, window: Any, session: Any, canvas: Any) -> None:
        super().__init__(window, session, canvas)
        self.chronicle = attach(session, window)
        from game.ui import theme

        actions: dict[str, Callable[[], object]] = {
            "menu": self._shell("open_menu"), "undo": self._shell("undo"), "log": self.toggle_log, "summary": self.reopen_summary,
            "help": self._shell("open_help"), "save": self._shell("open_save"), "load": self._shell("open_load"),
            "settings": self._shell("open_settings"), "follow": self.toggle_follow}
        self.turn_hud = TurnHud(actions, window.width - theme.PANEL_WIDTH, window.height)
        self.handed: tuple[int, int, str] | None = None
        self.summary_due = False
        self._selected: int | None = None
        self.warn_unmoved = True
        self.last_summary: TurnSummary | None = None  # the end-turn warning; "don't ask again this game" turns it off

    # ----- the shell's dialog slot is this screen's (one dialog at a time, drawn and fed input by the shell)
    @property
    def modal(self) -> Any:
        shell = getattr(self, "shell", None)
        return None if shell is None else shell.modal

    @modal.setter
    def modal(self, dialog: Any) -> None:
        self.shell.modal = dialog

    def _shell(self, action: str) -> Callable[[], object]:
        """A toolbar button's action: the shell's (attached after this screen is built)."""
        return lambda: getattr(self.shell, action)()

    # ----- helpers
    def human_seat(self) -> int | None:
        if self.session.busy or not self.session.human_to_move():
            return None
        return self.session.table_seat()

    def play(self, name: str | None) -> None:
        self.shell.play(name)

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
        if self.shell.hot_seat():
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

    # ----- what the shell asks of this screen
    def refresh(self) -> None:
        """An undo changed the world under the screen: drop orders, effects and animation, show the world again."""
        if self.animator.busy:
            self.animator.finish_all()
        self.orders.clear()
        self.canvas.effects.clear_events()
        self.canvas.scene.sync(self.session.world)
        self.needs_sync = False
        self.canvas.update()
        self.panel_key = ()

    def help_panel(self, on_close: Callable[[], object]) -> HelpOverlay:
        """F1: the base game's help (its rules, symbols and the mods' own entries)."""
        world = self.session.world
        extra = tuple(e for entries in world.app.presentation.help_entries for e in entries(world.rules))
        return HelpOverlay(on_close, rules=world.rules, assets=self.app.assets, extra_entries=extra)

    def selection_active(self) -> bool:
        """Esc first clears a selection or an order in progress; with nothing to clear the shell opens the menu."""
        orders = self.orders
        return any(x is not None for x in (orders.selected_army, orders.selected_structure, orders.inspected,
                                           orders.placing, orders.armed)) or bool(orders.split)

    def settled(self) -> bool:
        """The last moves are on screen (the shell's victory screen waits for it)."""
        return not (self.animator.busy or self.canvas.effects.active or self.needs_sync)

    def tell(self, text: str, bad: bool) -> None:
        """The shell's confirmations and refusals go to the hint bar, with the map's own."""
        self.orders.say(text, bad=bad)

    def toggle_log(self) -> None:
        self.turn_hud.toggle_log()

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
        self._warning_answered()
        super().end_turn()

    def _back_to_armies(self) -> None:
        self._warning_answered()
        self.next_army()

    def _warning_answered(self) -> None:
        """The end-turn warning closes; its tick ("don't ask again this game") turns it off."""
        box = self.modal
        if isinstance(box, ChoiceBox) and box.checked:
            self.warn_unmoved = False
        self.modal = None

    # ----- events, frames, victory
    def _on_event(self, event: ev.Event) -> None:
        super()._on_event(event)
        self.canvas.effects.add_events([event], plugin_effects=self.canvas.presentation.effects)
        self.shell.sound_events([event])

    def on_update(self, delta_time: float) -> None:
        super().on_update(delta_time)
        self.animator.speed = self.app.settings.speed  # the settings dialog may have changed it
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

    def _turn_flow(self, dt: float = 0.0) -> None:
        super()._turn_flow(dt)
        self._ask_the_table()

    def _ask_the_table(self) -> None:
        """A question waits for the human seat at the table (after its hand-over): show it as a dialog."""
        if self.modal is not None or self.animator.busy or self.window.current_view is not self:
            return
        self.modal = table_question(self.session, (self.window.width, self.window.height), self._answered)

    def _answered(self, prompt: int, answer: str) -> None:
        self.modal = None
        self.session.submit(Answer(prompt, answer))
        self.panel_key = ()

    def _tooltip_around(self, x: float, y: float) -> tuple[float, float, float, float] | None:
        if self.turn_hud.contains(x, y) and y <= TOOLBAR_Y + 24:  # above the toolbar, never over its buttons
            top = TOOLBAR_Y + 24.0
            if self.turn_hud.log_open:  # ... nor over the open log's lines just above it
                _, bottom, _, height = self.turn_hud.log_rect()
                top = bottom + height
            return 0.0, float(TOOLBAR_Y), float(self.turn_hud.map_width), top - TOOLBAR_Y
        return super()._tooltip_around(x, y)

    def quiet(self) -> bool:
        return super().quiet() and not self.canvas.effects.busy

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

    # ----- input (the shell's dialog, keys and menu come first): the toolbar, then the map screen
    def on_key_press(self, symbol: int, modifiers: int) -> None:
        key = arcade.key
        if symbol == key.U:
            self.shell.undo()
        elif symbol == key.L:
            self.toggle_log()
        elif symbol == key.R:
            self.reopen_summary()
        elif symbol == key.O:
            self.shell.open_settings()
        else:
            super().on_key_press(symbol, modifiers)

    def on_mouse_motion(self, x: float, y: float, dx: float, dy: float) -> None:
        tip = self.turn_hud.hover(x, y)
        if tip is not None:
            self.mouse = (x, y)
            self.tooltip = tip
            return
        super().on_mouse_motion(x, y, dx, dy)

    def on_mouse_press(self, x: float, y: float, button: int, modifiers: int) -> bool:
        if button == arcade.MOUSE_BUTTON_LEFT and self.turn_hud.press(x, y, self.look_at):
            return True
        return bool(super().on_mouse_press(x, y, button, modifiers))

    def on_mouse_scroll(self, x: int, y: int, scroll_x: float, scroll_y: float) -> None:
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
