"""Baking terrain chunks for boards of polygons (hexes, regions): masked terrain art, owner tint and borders per side."""

from __future__ import annotations

import math
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from PIL import Image, ImageDraw, ImageFont

from game.ui import theme

if TYPE_CHECKING:
    from game.ui.map_renderer import Chunk, TerrainRenderer


def polygon_chunk_image(renderer: TerrainRenderer, chunk: Chunk) -> Image.Image:
    """The chunk's picture: every cell reaching into its square, clipped at its edges (so the squares of the
    picture meet without seams)."""
    grid: Any = renderer.grid  # a game.ui.layouts.PolygonLayout
    scene = renderer.scene
    left, bottom, right, top = chunk.rect
    size = (max(1, int(right - left)), max(1, int(top - bottom)))
    image = Image.new("RGBA", size, (*theme.BACKGROUND[:3], 255))
    overlay = Image.new("RGBA", size, (0, 0, 0, 0))
    draw = ImageDraw.Draw(overlay)
    bases = {base: theme.shade(renderer.color(seat), 1.35) for seat, base in scene.bases.items()}

    def local(points: list[tuple[float, float]]) -> list[tuple[float, float]]:
        return [(x - left, top - y) for x, y in points]

    cells = list(chunk.members or ())  # every cell reaching into this square of the picture
    if getattr(grid, "uniform_cells", False):  # hexes: one mask for every cell
        art = math.ceil(2 * getattr(grid, "radius", grid.tile / 2))
        mask = Image.new("L", (art, art), 0)
        ImageDraw.Draw(mask).polygon([(x - grid.center(0)[0] + art / 2, grid.center(0)[1] - y + art / 2)
                                      for x, y in grid.outline(0)], fill=255)
        for t in cells:
            cx, cy = grid.center(t)
            tile = renderer.assets.terrain_tile(scene.terrain[t], t in scene.disrupted, art)
            image.paste(tile, (round(cx - left - art / 2), round(top - cy - art / 2)), mask)
    else:  # regions: each its own shape and size
        for t in cells:
            _paste_region(renderer, image, t, local(grid.outline(t)), (left, top))
    bw = theme.BORDER_WIDTH
    clusters = getattr(grid, "clusters", None)  # region maps: a dark line where one cluster meets another
    for t in cells:
        outline = local(grid.outline(t))
        owner = scene.owners[t]
        cx, cy = grid.center(t)
        if clusters is not None:
            for across, (x1, y1, x2, y2) in grid.edges(t):
                if across is None or clusters[across] != clusters[t]:
                    draw.line(local([(x1, y1), (x2, y2)]), fill=(12, 14, 20, 200), width=3)
        if owner is not None:
            color = renderer.color(owner)
            draw.polygon(outline, fill=color[:3] + (theme.OWNER_TINT_ALPHA,))
            line = color[:3] + (235,)
            for across, (x1, y1, x2, y2) in grid.edges(t):
                if across is None or scene.owners[across] != owner:
                    # the border line sits inside the owner's cell: pull the side towards the centre
                    pull = bw / max(1.0, math.dist((cx, cy), ((x1 + x2) / 2, (y1 + y2) / 2)))
                    a = (x1 + (cx - x1) * pull, y1 + (cy - y1) * pull)
                    b = (x2 + (cx - x2) * pull, y2 + (cy - y2) * pull)
                    draw.line(local([a, b]), fill=line, width=bw)
        if t in bases:
            inner = [(cx + (x - cx) * 0.7, cy + (y - cy) * 0.7) for x, y in grid.outline(t)]
            draw.polygon(local(inner), outline=bases[t][:3] + (255,), width=3)
        draw.polygon(outline, outline=(0, 0, 0, 34))
    for name, x, y in getattr(grid, "cluster_labels", ()):  # clusters named on the map (clipped at chunk edges)
        font = label_font(CLUSTER_LABEL_SIZE)
        draw.text((x - left, top - y), name.upper(), font=font, anchor="mm", fill=(255, 248, 225, 150),
                  stroke_width=2, stroke_fill=(10, 12, 16, 150))
    image.alpha_composite(overlay)
    return image.convert("RGB")


CLUSTER_LABEL_SIZE = 22


@lru_cache(maxsize=4)
def label_font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    from game.ui.assets import _font

    return _font(size)


def _paste_region(renderer: TerrainRenderer, image: Image.Image, territory: int,
                  outline: list[tuple[float, float]], origin: tuple[float, float]) -> None:
    """A region of any size and shape: its terrain art repeated at territory size on the world's grid (so
    neighbours of one terrain run on seamlessly), cut to its outline."""
    xs, ys = [p[0] for p in outline], [p[1] for p in outline]
    x0, y0 = math.floor(min(xs)), math.floor(min(ys))
    w, h = math.ceil(max(xs)) - x0 + 1, math.ceil(max(ys)) - y0 + 1
    size = renderer.grid.tile
    art = renderer.assets.terrain_tile(renderer.scene.terrain[territory], territory in renderer.scene.disrupted, size)
    filled = Image.new("RGBA", (w, h))
    shift_x, shift_y = int(origin[0] + x0) % size, int(y0 - origin[1]) % size
    for ty in range(-shift_y, h, size):
        for tx in range(-shift_x, w, size):
            filled.paste(art, (tx, ty))
    mask = Image.new("L", (w, h), 0)
    ImageDraw.Draw(mask).polygon([(x - x0, y - y0) for x, y in outline], fill=255)
    image.paste(filled, (x0, y0), mask)
