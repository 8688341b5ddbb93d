"""The map as the views show it: scene, camera, baked terrain, sprites, overlays, effects and the radar."""

from __future__ import annotations

import math

import arcade

from game.ui import theme
from game.ui.animation import Effects
from game.ui.assets import Assets, SeatStyle
from game.ui.camera import MapCamera
from game.ui.grid import Grid
from game.ui.map_renderer import HALF_BELOW, TerrainRenderer
from game.ui.map_sprites import MapSprites
from game.ui.overlays import Overlays
from game.ui.radar import Radar
from game.ui.scene import Scene
from systems.world import World


class MapCanvas:
    """Built once per game (baking takes a moment on big maps) and handed from view to view."""

    def __init__(self, world: World, assets: Assets, styles: dict[int, SeatStyle], window_size: tuple[int, int],
                 radar_box: tuple[int, int, int, int] | None = None) -> None:
        width, height = window_size
        board = world.board
        self.grid = Grid(board.width, board.height)  # type: ignore[attr-defined]
        self.scene = Scene(self.grid.width, self.grid.height, world.terrain, world.app.presentation)
        self.scene.sync(world)
        self.assets = assets
        self.styles = styles
        self.camera = MapCamera((0, 0, width - theme.PANEL_WIDTH, height), self.grid)
        span = theme.CHUNK * self.grid.tile * HALF_BELOW  # a chunk on screen at the smallest full-size zoom
        most = (math.ceil((width - theme.PANEL_WIDTH) / span) + 1) * (math.ceil(height / span) + 1)
        self.terrain = TerrainRenderer(assets, self.grid, self.scene, styles, capacity=most + 8)
        self.terrain.bake_all(self.camera.position)
        placements = {sid: spec.placement for sid, spec in world.rules.structures.items()}
        self.sprites = MapSprites(self.scene, self.grid, assets, styles, placements)
        self.overlays = Overlays(self.grid, assets)
        self.effects = Effects(self.grid, assets)
        self.presentation = world.app.presentation  # how the game's ruleset and mods show their events
        box = radar_box or (width - theme.PANEL_WIDTH + theme.PAD, 8, theme.PANEL_WIDTH - 2 * theme.PAD, 150)
        self.radar = Radar(box, self.scene, assets, styles, self.camera)
        self.chunks_drawn = 0

    def update(self) -> None:
        """Bring baked and sprite layers up to date with the scene (cheap when nothing changed)."""
        self.terrain.refresh()
        self.terrain.prefetch(self.camera.view_rect(), self.camera.zoom)
        self.sprites.sync()

    def refresh_radar(self) -> None:
        self.radar.refresh()

    def draw_world(self) -> None:
        """The map viewport: terrain, highlights, sprites, lines, effects."""
        with self.camera.activate():
            left, bottom, right, top = self.camera.view_rect()
            if left < 0 or bottom < 0 or right > self.grid.pixel_width or top > self.grid.pixel_height:
                ctx = arcade.get_window().ctx
                ctx.active_framebuffer.clear(color=theme.BACKGROUND, viewport=self.camera.viewport)
            self.chunks_drawn = self.terrain.draw((left, bottom, right, top), self.camera.zoom)
            self.overlays.draw_cells()
            self.sprites.draw()
            self.overlays.draw_lines()
            self.effects.draw()

    def release(self) -> None:
        self.terrain.release()
