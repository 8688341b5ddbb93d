"""Main menu: new game, load game, host or join a network game, the map editor, quit."""

from __future__ import annotations

from typing import TYPE_CHECKING

import arcade

from game.ui import theme
from game.ui import widgets as kit
from game.ui.views.base import BaseView
from game.ui.widgets import gui

if TYPE_CHECKING:  # the window shows the views; they only name its type
    from game.ui.client_window import ClientWindow as GameWindow


class MainMenuView(BaseView):
    """The first screen: the logo and three big buttons."""

    def __init__(self, window: GameWindow) -> None:
        super().__init__(window)
        self.ui = gui.UIManager(window)
        cx = window.width / 2
        top = window.height / 2 + 40
        self.new_button = kit.flat_button("New game", cx - 150, top - 50, 300, 48, primary=True, size=15)
        self.load_button = kit.flat_button("Load game", cx - 150, top - 110, 300, 48, size=15)
        self.host_button = kit.flat_button("Host", cx - 150, top - 170, 145, 48, size=15)  # network play
        self.join_button = kit.flat_button("Join", cx + 5, top - 170, 145, 48, size=15)
        kit.on_click(self.host_button, self.host)
        kit.on_click(self.join_button, self.join)
        self.editor_button = kit.flat_button("Map editor", cx - 150, top - 230, 300, 48, size=15)  # E8.1
        kit.on_click(self.editor_button, window.show_map_editor)
        self.quit_button = kit.flat_button("Quit", cx - 150, top - 290, 300, 48, size=15)
        kit.on_click(self.new_button, window.show_new_game)
        kit.on_click(self.load_button, window.show_load_game)
        kit.on_click(self.quit_button, window.close)
        self.options_button = kit.flat_button("Options", window.width - 170, 20, 150, 40)  # settings
        kit.on_click(self.options_button, self.show_options)
        for widget in (self.new_button, self.load_button, self.host_button, self.join_button, self.editor_button,
                       self.quit_button, self.options_button):
            self.ui.add(widget)
        self.ui.add(kit.label("Hot-seat or network play for 2–4 players · mouse only · computer opponents",
                              cx - 300, top - 350, 11, theme.TEXT_DIM, width=600, align="center"))
        self.sprites: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()
        logo = arcade.Sprite(window.assets.icon("logo"), center_x=cx, center_y=window.height - 130)
        logo.scale = min(1.0, (window.width - 200) / max(1, logo.width))
        self.sprites.append(logo)
        self.backdrop: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()
        self._backdrop(window)

    def _backdrop(self, window: GameWindow) -> None:
        """A quiet landscape (a small generated map) behind the menu."""
        from game.mapgen import generate_map

        size = 48
        columns, rows = window.width // size + 2, window.height // size + 2
        land = generate_map(max(12, columns), max(12, rows), players=2, seed=7)
        for y in range(rows):
            for x in range(columns):
                terrain = land.terrain[y * land.width + x]
                sprite = arcade.Sprite(window.assets.texture("terrain", terrain), scale=size / 64,
                                       center_x=x * size + size / 2, center_y=window.height - y * size - size / 2)
                sprite.color = (92, 98, 112, 255)
                self.backdrop.append(sprite)

    def on_show_view(self) -> None:
        self.ui.enable()

    def on_hide_view(self) -> None:
        self.ui.disable()

    def draw(self) -> None:
        self.clear()
        self.backdrop.draw()
        arcade.draw_lrbt_rectangle_filled(self.window.width / 2 - 330, self.window.width / 2 + 330,
                                          self.window.height / 2 - 330,
                                          self.window.height / 2 + 56, (20, 23, 31, 225))
        self.sprites.draw()
        self.ui.draw()

    def show_options(self) -> None:
        from game.ui.views.settings_view import show_settings_screen

        show_settings_screen(self.window, self.app.show_main_menu)

    def host(self) -> None:
        from game.ui.net_flow import host_local

        host_local(self.window)

    def join(self) -> None:
        from game.ui.views.lobby import JoinView

        self.window.show_view(JoinView(self.app))

    def on_key_press(self, symbol: int, modifiers: int) -> None:
        if symbol in (arcade.key.N, arcade.key.RETURN):
            self.app.show_new_game()
        elif symbol == arcade.key.L:
            self.app.show_load_game()
        elif symbol == arcade.key.E:
            self.app.show_map_editor()
        elif symbol == arcade.key.O:
            self.show_options()
        elif symbol in (arcade.key.Q, arcade.key.ESCAPE):
            self.window.close()
