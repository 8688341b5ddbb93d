"""The radar: the whole map in miniature (terrain, owners, armies) with the camera's view on it; click to look."""

from __future__ import annotations

import arcade
from PIL import Image, ImageDraw

from game.ui import theme
from game.ui.assets import Assets, SeatStyle
from game.ui.camera import MapCamera
from game.ui.quad import TexturedQuad
from game.ui.scene import Scene


class Radar:
    """A baked texture of the map, re-drawn when the scene changes; the view rectangle is drawn each frame."""

    def __init__(self, box: tuple[int, int, int, int], scene: Scene, assets: Assets,
                 styles: dict[int, SeatStyle], camera: MapCamera) -> None:
        self.scene = scene
        self.assets = assets
        self.styles = styles
        self.camera = camera
        left, bottom, width, height = box
        self.box = box
        self.scale = max(1, min(width // scene.width, height // scene.height))
        self.width = scene.width * self.scale
        self.height = scene.height * self.scale
        if self.width > width or self.height > height:  # a map bigger than the box: shrink to fit
            factor = min(width / scene.width, height / scene.height)
            self.width, self.height = int(scene.width * factor), int(scene.height * factor)
        grid = camera.grid
        if not grid.square:  # hexes and regions: keep the drawn map's proportions
            aspect = grid.pixel_width / grid.pixel_height
            if self.width / aspect <= height:
                self.height = max(1, int(self.width / aspect))
            else:
                self.height, self.width = height, max(1, int(height * aspect))
        self.left = left + (width - self.width) // 2
        self.bottom = bottom + (height - self.height) // 2
        self.polygons = not grid.square  # hexes and regions: each territory drawn as its own outline
        self._shapes = [self._outline(t) for t in range(len(scene.terrain))] if self.polygons else []
        self.quad = TexturedQuad((self.left, self.bottom, self.left + self.width, self.bottom + self.height),
                                 smooth=False)
        self._terrain = self._terrain_image()
        self.version = -1
        self.renders = 0
        self.zone: tuple[int, ...] = ()
        self.dragging = False

    def _to_radar(self, wx: float, wy: float) -> tuple[float, float]:
        """A world point on the radar image (image y runs down)."""
        grid = self.camera.grid
        return wx / grid.pixel_width * self.width, (1 - wy / grid.pixel_height) * self.height

    def _outline(self, territory: int) -> list[tuple[float, float]]:
        return [self._to_radar(x, y) for x, y in self.camera.grid.outline(territory)]  # type: ignore[attr-defined]

    def _spot(self, territory: int) -> tuple[float, float]:
        """Where a territory's marks go on the radar image."""
        if self.polygons:
            return self._to_radar(*self.camera.grid.center(territory))
        width = self.scene.width
        return ((territory % width + 0.5) * self.width / width,
                (territory // width + 0.5) * self.height / self.scene.height)

    def _terrain_image(self) -> Image.Image:
        colors = {t: tuple(int(c * 0.85) for c in self.assets.terrain_color(t)) for t in set(self.scene.terrain)}
        if self.polygons:  # the real shapes at the radar's size, not one pixel per cell stretched
            image = Image.new("RGB", (self.width, self.height), (10, 12, 16))
            draw = ImageDraw.Draw(image)
            for territory, shape in enumerate(self._shapes):
                draw.polygon(shape, fill=colors[self.scene.terrain[territory]])  # type: ignore[arg-type]
            return image
        image = Image.new("RGB", (self.scene.width, self.scene.height))
        image.putdata([colors[t] for t in self.scene.terrain])  # type: ignore[misc]
        return image

    def _color(self, seat: int | None) -> tuple[int, int, int]:
        if seat is None:
            return self.assets.rogue_color[:3]
        style = self.styles.get(seat)
        return (style.color if style else self.assets.default_style(seat).color)[:3]

    def picture(self) -> Image.Image:
        """The radar image: terrain, owners blended in, zone highlight, armies, boats and bases as marks."""
        scene = self.scene
        if self.polygons:
            owners = Image.new("RGBA", (self.width, self.height), (0, 0, 0, 0))
            pen = ImageDraw.Draw(owners)
            for territory, owner in enumerate(scene.owners):
                if owner is not None:
                    pen.polygon(self._shapes[territory], fill=(*self._color(owner), 170))
            for territory in self.zone:
                pen.polygon(self._shapes[territory], fill=(255, 240, 150, 150))
            image = self._terrain.convert("RGBA")
            image.alpha_composite(owners)
        else:
            owners = Image.new("RGBA", (scene.width, scene.height), (0, 0, 0, 0))
            pixels = owners.load()
            assert pixels is not None
            for territory, owner in enumerate(scene.owners):
                if owner is not None:
                    pixels[territory % scene.width, territory // scene.width] = (*self._color(owner), 170)
            for territory in self.zone:
                pixels[territory % scene.width, territory // scene.width] = (255, 240, 150, 150)
            image = self._terrain.convert("RGBA")
            image.alpha_composite(owners)
            image = image.resize((self.width, self.height), Image.Resampling.NEAREST)
        draw = ImageDraw.Draw(image)
        sx, sy = self.width / scene.width, self.height / scene.height
        mark = max(2.0, min(sx, sy) * 1.2)
        for seat, base in scene.bases.items():
            cx, cy = self._spot(base)
            r = mark + 1.5
            draw.rectangle((cx - r, cy - r, cx + r, cy + r), fill=(255, 255, 255, 255))
            draw.rectangle((cx - r + 1, cy - r + 1, cx + r - 1, cy + r - 1), fill=(*self._color(seat), 255))
        units = [(army.territory, army.owner) for army in scene.armies.values()]
        units += [(ship.territory, ship.owner) for ship in scene.structures.values() if ship.ship]
        for territory, owner in units:
            cx, cy = self._spot(territory)
            r = mark / 2 + 0.5
            draw.rectangle((cx - r - 1, cy - r - 1, cx + r + 1, cy + r + 1), fill=(12, 12, 16, 255))
            draw.rectangle((cx - r, cy - r, cx + r, cy + r), fill=(*self._color(owner), 255))
        return image

    def refresh(self, force: bool = False) -> bool:
        """Re-render when the scene changed since the last time; True when it did."""
        if not force and self.version == self.scene.version:
            return False
        self.version = self.scene.version
        self.quad.write(self.picture())
        self.renders += 1
        return True

    def invalidate(self) -> None:
        self.version = -1

    # ----- input
    def contains(self, sx: float, sy: float) -> bool:
        return self.left <= sx < self.left + self.width and self.bottom <= sy < self.bottom + self.height

    def world_at(self, sx: float, sy: float) -> tuple[float, float]:
        """The world point a radar pixel stands for."""
        fx = min(max((sx - self.left) / self.width, 0.0), 1.0)
        fy = min(max((sy - self.bottom) / self.height, 0.0), 1.0)
        return fx * self.camera.grid.pixel_width, fy * self.camera.grid.pixel_height

    def look_at(self, sx: float, sy: float) -> None:
        self.camera.set_position(*self.world_at(sx, sy))

    # ----- drawing (in screen space)
    def draw(self) -> None:
        arcade.draw_lrbt_rectangle_filled(self.left - 3, self.left + self.width + 3, self.bottom - 3,
                                          self.bottom + self.height + 3, (10, 12, 16, 255))
        self.quad.draw(blend=False)
        left, bottom, right, top = self.camera.view_rect()
        pw, ph = self.camera.grid.pixel_width, self.camera.grid.pixel_height
        x0 = self.left + max(0.0, left / pw) * self.width
        x1 = self.left + min(1.0, right / pw) * self.width
        y0 = self.bottom + max(0.0, bottom / ph) * self.height
        y1 = self.bottom + min(1.0, top / ph) * self.height
        arcade.draw_lrbt_rectangle_outline(x0, x1, y0, y1, theme.RADAR_VIEW, border_width=2)
