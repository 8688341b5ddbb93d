"""The game window: shared assets and settings, moving between screens, frame counting and screenshots."""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import arcade

from game.engine import Game
from game.ui import stillness, theme
from game.ui.assets import Assets, SeatStyle
from game.ui.client_window import ClientWindow
from game.ui.frame_pacing import FramePacer


@dataclass
class Settings:
    """Client settings (a settings screen can edit these)."""

    speed_index: int = 0
    edge_scroll: bool = True
    threaded_computer: bool = True

    @property
    def speed(self) -> float:
        return theme.SPEEDS[self.speed_index % len(theme.SPEEDS)]


BUSY_RATE = 1 / 60  # updates and draws per second while something changes
IDLE_RATE = 1 / 10  # updates per second when the screen has been still a while (no draws at all)
IDLE_AFTER = 0.5  # seconds of stillness before the window slows down
REDRAW_EVERY = 2.0  # seconds: a still screen is still redrawn this often (heals a window uncovered meanwhile)
WAKE_EVENTS = frozenset({
    "on_mouse_motion", "on_mouse_press", "on_mouse_release", "on_mouse_drag", "on_mouse_scroll", "on_key_press",
    "on_key_release", "on_text", "on_mouse_enter", "on_mouse_leave", "on_resize", "on_expose", "on_show",
    "on_activate",
})


@dataclass
class FrameLimit:
    """For headless runs: stop after `frames`, saving a PNG every `every` frames (0: only the last)."""

    frames: int | None = None
    screenshot_dir: Path | None = None
    every: int = 0
    saved: list[Path] = field(default_factory=list)


class GameWindow(ClientWindow):
    """One window for the whole client; views ask it to move to another screen."""

    def __init__(self, width: int = 1280, height: int = 720, *, settings: Settings | None = None,
                 limit: FrameLimit | None = None, visible: bool = True) -> None:
        # pyglet dispatches on_show (and on_resize) from inside Window.__init__, and dispatch_event wakes the
        # window: the quiet-idle state must exist before the base class runs.
        self.idle = False  # slowed down: nothing on screen changes (see `draw`)
        self.skipped = 0  # frames not drawn because nothing changed (benchmarks read it)
        self._still_for = 0.0
        self._since_draw = 0.0
        self._must_draw = True
        self._since_wake = 0.0
        self._game_marker: tuple[int, int] | None = None
        super().__init__(width, height, "Forces of Conquest", antialiasing=False, vsync=False,
                         visible=visible, update_rate=1 / 60, draw_rate=1 / 60)
        self.background_color = theme.BACKGROUND
        self.assets = Assets()
        self.settings = settings or Settings()
        self.limit = limit or FrameLimit()
        self.frame = 0
        self.mods: list[str] = []
        self.ruleset: str | None = None  # the game the new-game screen starts on (`foc play --ruleset`)
        self.options: dict[str, object] = {}  # the ruleset options it starts with chosen (`foc play --option`)
        self.pacer = FramePacer()  # one frame in flight (game.ui.frame_pacing)
        _load_fonts()

    # ----- screens
    def show_main_menu(self) -> None:
        from game.ui.views.menu import MainMenuView

        self.show_view(MainMenuView(self))

    def show_new_game(self) -> None:
        from game.ui.views.setup import SetupView

        self.show_view(SetupView(self))

    def show_map_editor(self) -> None:
        from game.ui.views.map_editor import EditorStartView  # new map or open one (E8.1)

        self.show_view(EditorStartView(self))

    def show_load_game(self) -> None:
        from game.ui.views.saves_dialog import show_load_screen  # saves with round, players, thumbnail

        show_load_screen(self)

    def start(self, game: Game, styles: dict[int, SeatStyle] | None = None, stats: object = None) -> None:
        """Show a game: base choice while bases are being chosen, then the game screen."""
        from game.ui.map_canvas import MapCanvas
        from game.ui.session import Session

        styles = styles or {seat: self.assets.default_style(seat) for seat in game.world.seats}
        session = Session(game, styles, threaded=self.settings.threaded_computer)
        if not uses_map_screen(game):  # a ruleset's own screen or the default board screen: no map canvas
            self.show_game(session, None)
            return
        from game.ui.chronicle import attach  # event journal, undo, statistics, autosaves

        attach(session, self, stats)  # type: ignore[arg-type]
        canvas = MapCanvas(game.world, self.assets, styles, (self.width, self.height))
        if game.in_setup:
            from game.ui.views.base_choice import BaseChoiceView

            self.show_view(BaseChoiceView(self, session, canvas))
        else:
            self.show_game(session, canvas)

    def show_game(self, session: object, canvas: object) -> None:
        """The game screen: the ruleset's own (its plugin's `set_game_screen` factory, imported only now), the
        standard map screen (the rulesets that declare it; for a network game `NetGameView`, over the server) or
        else the default board screen; every one with the client's shell (menu, saves, help, log, undo, hand-over,
        victory)."""
        game: Any = getattr(session, "game", None)
        factory = getattr(getattr(game, "app", None), "game_screen", None)
        remote = bool(getattr(session, "remote", False))
        view: Any
        if factory is not None:
            view = factory()(self, session, canvas)
        elif game is not None and not uses_map_screen(game):  # the default board screen, from presentation data
            from game.ui.views.board_screen import BoardScreen

            view = BoardScreen(self, session, canvas)
        elif remote:  # a network game (game.ui.remote_session) on the standard map screen
            from game.ui.views.net_game import NetGameView

            view = NetGameView(self, session, canvas)  # it reads the server's updates itself
        else:
            from game.ui.views.game_view import GameView  # the map screen plus the turn flow

            view = GameView(self, session, canvas)
        from game.ui.shell import Shell
        from game.ui.views.net_game import NetGameView as GameScreenOverServer

        if remote and not isinstance(view, GameScreenOverServer):  # a screen written for the local table
            session.drive(view)  # type: ignore[attr-defined]
        Shell.attach(self, view, session, remote=remote)
        self.show_view(view)

    def hand_over(self, seat: int, resume: object) -> None:
        """The start of a human turn: hand-over screen between human players, then the turn summary."""
        from game.ui.views.game_view import hand_over

        hand_over(self, seat, resume)

    def open_lobby(self, url: str) -> None:
        """A network server's lobby (`game.ui.net_flow`; a failure to connect is shown, not raised)."""
        from game.ui.net_flow import open_lobby

        open_lobby(self, url)

    def enter_network_game(self, link: Any, game: str, seat: int | None = None, **how: Any) -> str | None:
        """Take a seat (or watch) in a server's game and show it; the reason when that failed."""
        from game.ui.net_flow import enter_game

        return enter_game(self, link, game, seat, **how)

    # ----- a quiet client: draw nothing new when nothing changes
    def dispatch_event(self, *args: object) -> None:  # type: ignore[override]
        """Every input (and exposure) wakes the window at once: full speed, and the next frame is drawn."""
        if args and args[0] in WAKE_EVENTS:
            self.wake()
        super().dispatch_event(*args)

    def show_view(self, new_view: arcade.View) -> None:
        """A new screen is drawn at once, and until it settles."""
        super().show_view(new_view)
        self.wake()

    def wake(self) -> None:
        self._still_for = 0.0
        self._since_wake = 0.0
        self._must_draw = True
        if self.idle:
            self.idle = False
            self.set_update_rate(BUSY_RATE)
            self.set_draw_rate(BUSY_RATE)

    def is_quiet(self) -> bool:
        """Whether the current screen's next frame would be the picture already on screen. A game event wakes
        the window; a screen with an exact answer gives it (`quiet()`); any other one is still once it settled
        and nothing it shows changes (game.ui.stillness)."""
        view = self.current_view
        marker = stillness.game_marker(view)
        if marker != self._game_marker:
            self._game_marker = marker
            self.wake()
            return False
        quiet = getattr(view, "quiet", None)
        if callable(quiet):
            return bool(quiet())
        if self._since_wake < stillness.SETTLE or stillness.moving(view):
            return False
        if stillness.widgets_changed(view):  # one frame shows a widget's new look; no need to wake for it
            self._must_draw = True
        return True

    def draw(self, dt: float) -> None:
        """The event loop's frame. While the screen is quiet (its next frame would be the picture already on
        screen), nothing is drawn or swapped, and after a moment updates slow to IDLE_RATE."""
        self._since_wake += dt
        if self.is_quiet():
            self._still_for += dt
            if self._still_for >= IDLE_AFTER and not self.idle:
                self.idle = True
                self.set_update_rate(IDLE_RATE)
                self.set_draw_rate(IDLE_RATE)
            if not self._must_draw and self._since_draw + dt < REDRAW_EVERY:
                self._since_draw += dt
                self.skipped += 1
                return
        elif self.idle or self._still_for:
            self.wake()
        self._must_draw = False
        self._since_draw = 0.0
        self.pacer.wait()
        super().draw(dt)

    # ----- frames
    def flip(self) -> None:
        """Show the frame; the next one is drawn once the renderer has finished this one (FramePacer)."""
        super().flip()
        if self.context is not None:
            self.pacer.frame_shown()

    def close(self) -> None:
        if self.context is not None:
            self.pacer.forget()
        super().close()

    def after_frame(self) -> None:
        """Called after every drawn frame: screenshots and the frame limit of headless runs."""
        self.frame += 1
        limit = self.limit
        if limit.screenshot_dir is not None and limit.every and self.frame % limit.every == 0:
            self.screenshot(limit.screenshot_dir / f"frame_{self.frame:05d}.png")
        if limit.frames is not None and self.frame >= limit.frames:
            if limit.screenshot_dir is not None and (not limit.every or self.frame % limit.every):
                self.screenshot(limit.screenshot_dir / f"frame_{self.frame:05d}.png")
            self.close()

    def screenshot(self, path: Path) -> Path:
        path.parent.mkdir(parents=True, exist_ok=True)
        arcade.get_image(0, 0, self.width, self.height).convert("RGB").save(path)
        self.limit.saved.append(path)
        return path

    def cycle_speed(self) -> float:
        self.settings.speed_index = (self.settings.speed_index + 1) % len(theme.SPEEDS)
        return self.settings.speed


def uses_map_screen(game: Game) -> bool:
    """Whether a game is shown on the standard map screen (game.ui.views.game_view): its ruleset has no screen of
    its own and declares that it is played there (`presentation.map_screen`: the base game does; that screen's
    panel, orders, forecast and map read its rules model); any other ruleset without a screen gets the default
    board screen (game.ui.views.board_screen)."""
    return game.app.game_screen is None and game.app.presentation.map_screen


def _load_fonts() -> None:
    try:
        arcade.load_font(":system:fonts/ttf/Kenney/Kenney_Future.ttf")
    except Exception as exc:  # a missing font only changes the look
        print(f"foc: could not load the title font ({exc})", file=sys.stderr)
