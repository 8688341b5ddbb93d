"""Load game: the saved games found by game.saves (when that module is present), newest first."""

from __future__ import annotations

from functools import partial
from pathlib import Path

import arcade

from game.ui import theme
from game.ui.app import GameWindow
from game.ui.views import gui_kit as kit
from game.ui.views.base import BaseView
from game.ui.views.gui_kit import gui


def find_saves() -> list[Path]:
    """Saved games in game.saves' folder, newest first (none when saves are not available)."""
    try:
        import game.saves as saves  # a colleague's module (issue 5)
    except ImportError:
        return []
    folder = saves.saves_dir()
    suffix = getattr(saves, "SAVE_SUFFIX", ".json.gz")
    files = [p for p in Path(folder).glob(f"*{suffix}") if p.is_file()] if Path(folder).is_dir() else []
    return sorted(files, key=lambda p: p.stat().st_mtime, reverse=True)


class LoadView(BaseView):
    """A list of saved games; a click loads one."""

    def __init__(self, window: GameWindow) -> None:
        super().__init__(window)
        self.ui = gui.UIManager(window)
        self.ui.add(kit.label("Load game", 60, window.height - 80, 24, bold=True, font=theme.TITLE_FONT))
        self.status = kit.label("", 60, window.height - 120, 12, theme.TEXT_DIM, width=700)
        self.ui.add(self.status)
        saves = find_saves()
        try:
            import game.saves  # noqa: F401
        except ImportError:
            self.status.text = "Saving and loading are not available in this version yet."
        else:
            self.status.text = "Choose a saved game." if saves else "No saved games yet."
        for i, path in enumerate(saves[:12]):
            button = kit.flat_button(path.stem, 60, window.height - 180 - i * 44, 520, 38)
            kit.on_click(button, partial(self.load, path))
            self.ui.add(button)
        back = kit.flat_button("Back", 60, 40, 160, 40)
        kit.on_click(back, window.show_main_menu)
        self.ui.add(back)

    def load(self, path: Path) -> None:
        try:
            from game.saves import load_game

            game = load_game(path)
        except Exception as exc:  # a broken save is reported, never a crash
            self.status.text = f"Could not load {path.name}: {exc}"
            return
        self.app.start(game)

    def on_show_view(self) -> None:
        self.ui.enable()

    def on_hide_view(self) -> None:
        self.ui.disable()

    def draw(self) -> None:
        self.clear()
        self.ui.draw()

    def on_key_press(self, symbol: int, modifiers: int) -> None:
        if symbol == arcade.key.ESCAPE:
            self.app.show_main_menu()
