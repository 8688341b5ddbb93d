"""What screens may ask of the client's window (`ClientWindow`): its shared assets and settings, and moving to
another screen. Screens name this class, never `game.ui.app` (whose `GameWindow` implements it and imports the
screens it shows), so the window and its screens do not import each other."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import arcade

if TYPE_CHECKING:
    from game.engine import Game
    from game.ui.assets import Assets, SeatStyle


class ClientWindow(arcade.Window):
    """The window as screens see it; `game.ui.app.GameWindow` is the one implementation."""

    assets: Assets
    settings: Any  # game.ui.app.Settings
    limit: Any  # game.ui.app.FrameLimit
    frame: int
    mods: list[str]
    ruleset: str | None
    options: dict[str, object]

    # ----- screens (each shows another view)
    def show_main_menu(self) -> None:
        raise NotImplementedError

    def show_new_game(self) -> None:
        raise NotImplementedError

    def show_map_editor(self) -> None:
        raise NotImplementedError

    def show_load_game(self) -> None:
        raise NotImplementedError

    def start(self, game: Game, styles: dict[int, SeatStyle] | None = None, stats: object = None) -> None:
        raise NotImplementedError

    def show_game(self, session: object, canvas: object) -> None:
        raise NotImplementedError

    def hand_over(self, seat: int, resume: object) -> None:
        raise NotImplementedError

    def open_lobby(self, url: str) -> None:
        raise NotImplementedError

    def enter_network_game(self, link: Any, game: str, seat: int | None = None, **how: Any) -> str | None:
        raise NotImplementedError

    # ----- frames
    def wake(self) -> None:
        raise NotImplementedError

    def after_frame(self) -> None:
        raise NotImplementedError

    def screenshot(self, path: Path) -> Path:
        raise NotImplementedError

    def cycle_speed(self) -> float:
        raise NotImplementedError
