"""The map as the views show it: scene, camera, baked terrain, sprites, overlays, effects and the radar."""

from __future__ import annotations

import math

import arcade

from game.client_hooks import structure_types
from game.ui import theme
from game.ui.assets import Assets, SeatStyle
from game.ui.camera import MapCamera
from game.ui.effects import EffectLayer
from game.ui.layouts import layout_for
from game.ui.map_renderer import HALF_BELOW, TerrainRenderer
from game.ui.map_sprites import MapSprites
from game.ui.overlays import Overlays
from game.ui.radar import Radar
from game.ui.scene import Scene
from systems.world import World


def screenful(width: int, height: int, zoom: float) -> int:
    """How many terrain chunks a map view of this size can show at once at this zoom."""
    span = theme.CHUNK * theme.TILE * zoom
    return (math.ceil(width / span) + 1) * (math.ceil(height / span) + 1)


class MapCanvas:
    """Built once per game (baking takes a moment on big maps) and handed from view to view."""

    def __init__(self, world: World, assets: Assets, styles: dict[int, SeatStyle], window_size: tuple[int, int],
                 radar_box: tuple[int, int, int, int] | None = None) -> None:
        width, height = window_size
        board = world.board
        self.grid = layout_for(board)
        self.scene = Scene(self.grid.width, self.grid.height, world.terrain, world.app.presentation)
        self.scene.sync(world)
        self.assets = assets
        self.styles = styles
        self.camera = MapCamera((0, 0, width - theme.PANEL_WIDTH, height), self.grid,
                                bottom_inset=theme.MAP_BOTTOM_INSET)
        # full-size pictures for a screenful at the smallest full-size zoom plus a few around it, half-size ones
        # for a screenful at the smallest zoom (memory is then flat whatever the map's size; prefetching never
        # pushes out the ring around the view)
        self.terrain = TerrainRenderer(assets, self.grid, self.scene, styles,
                                       capacity=screenful(width - theme.PANEL_WIDTH, height, HALF_BELOW) + 4,
                                       half_capacity=screenful(width - theme.PANEL_WIDTH, height, theme.MIN_ZOOM) + 8)
        self.terrain.bake_all(self.camera.position)
        placements = {sid: spec.placement for sid, spec in structure_types(world).items()}
        self.sprites = MapSprites(self.scene, self.grid, assets, styles, placements)
        self.overlays = Overlays(self.grid, assets)
        self.effects = EffectLayer(self.grid, assets)  # the beats' and the events' effects
        self.effects.on_screen = self.near_view
        self.presentation = world.app.presentation  # how the game's ruleset and mods show their events
        box = radar_box or (width - theme.PANEL_WIDTH + theme.PAD, 8, theme.PANEL_WIDTH - 2 * theme.PAD, 150)
        self.radar = Radar(box, self.scene, assets, styles, self.camera)
        self.chunks_drawn = 0

    def near_view(self, x: float, y: float) -> bool:
        """True when the world point (x, y) is on screen or within a tile of its edge."""
        return self.camera.shows(x, y, self.grid.tile)

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
