"""Baking a hex field into one picture: each hex the terrain's art cut to its outline, and soft transitions
where two kinds of ground meet (the look of the base game's hex maps, for screens that draw their own hexes)."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from game.ui import theme

Cell = tuple[float, float, str]  # a hex's centre (world pixels, y up) and its terrain id
ArtFor = Callable[[str, int], Image.Image]  # (terrain id, size in pixels) -> an RGBA tile


@dataclass(frozen=True)
class BakedField:
    """The field's picture and where its lower-left corner lies in world pixels."""

    image: Image.Image
    left: float
    bottom: float


def hex_corners(x: float, y: float, radius: float, flat_top: bool) -> list[tuple[float, float]]:
    turn = 0 if flat_top else 30
    return [(x + radius * math.cos(math.radians(60 * i + turn)), y + radius * math.sin(math.radians(60 * i + turn)))
            for i in range(6)]


def bake_hexes(cells: Sequence[Cell], radius: float, flat_top: bool, art: ArtFor,
               colors: dict[str, tuple[int, int, int]]) -> BakedField:
    """Every hex painted with its terrain's art (tinted a little towards the terrain's colour, so kinds of
    ground keep apart at any zoom), a soft blend over each edge where two kinds of ground meet, and a faint
    line round every hex."""
    xs = [c[0] for c in cells]
    ys = [c[1] for c in cells]
    left, bottom = min(xs) - radius - 2, min(ys) - radius - 2
    width = math.ceil(max(xs) - left + radius + 2)
    height = math.ceil(max(ys) - bottom + radius + 2)
    image = Image.new("RGBA", (width, height), (*theme.BACKGROUND[:3], 255))
    size = math.ceil(2 * radius) + 2

    def local(points: Sequence[tuple[float, float]]) -> list[tuple[float, float]]:
        return [(x - left, height - (y - bottom)) for x, y in points]

    mask = Image.new("L", (size, size), 0)
    ImageDraw.Draw(mask).polygon([(x + size / 2, size / 2 - y) for x, y in hex_corners(0, 0, radius + 0.6, flat_top)],
                                 fill=255)
    tiles: dict[str, Image.Image] = {}
    for x, y, terrain in cells:
        tile = tiles.get(terrain)
        if tile is None:
            raw = art(terrain, size).convert("RGBA")
            color = colors.get(terrain)
            if color is not None:  # the terrain's own colour over the art: a field reads at a glance
                raw = Image.blend(raw, Image.new("RGBA", raw.size, (*color, 255)), 0.35)
            tile = tiles[terrain] = raw
        px, py = local([(x, y)])[0]
        image.paste(tile, (round(px - size / 2), round(py - size / 2)), mask)
    overlay = Image.new("RGBA", image.size, (0, 0, 0, 0))
    draw = ImageDraw.Draw(overlay)
    edges: dict[tuple[float, float], list[tuple[int, tuple[float, float], tuple[float, float]]]] = {}
    for index, (x, y, _terrain) in enumerate(cells):
        corners = hex_corners(x, y, radius, flat_top)
        for i in range(6):
            a, b = corners[i], corners[(i + 1) % 6]
            key = (round((a[0] + b[0]) / 2, 1), round((a[1] + b[1]) / 2, 1))
            edges.setdefault(key, []).append((index, a, b))
    blend = max(2, round(radius * 0.28))
    for sides in edges.values():
        if len(sides) != 2:
            continue
        (i, a, b), (j, _, _) = sides
        ti, tj = cells[i][2], cells[j][2]
        if ti == tj:
            continue
        ci, cj = colors.get(ti, (90, 90, 90)), colors.get(tj, (90, 90, 90))
        mid = tuple((p + q) // 2 for p, q in zip(ci, cj, strict=True))
        draw.line(local([a, b]), fill=(*mid, 150), width=blend)  # the two grounds run into each other
        draw.line(local([a, b]), fill=(20, 24, 18, 90), width=1)
    for x, y, _terrain in cells:
        draw.polygon(local(hex_corners(x, y, radius, flat_top)), outline=(20, 26, 18, 60))
    image.alpha_composite(overlay)
    return BakedField(image.convert("RGB"), left, bottom)


def field_sprites(baked: BakedField, name: str) -> object:
    """The baked field as a sprite list of one sprite, placed in world pixels (drawn under a camera)."""
    import arcade

    texture = arcade.Texture(baked.image.convert("RGBA"), hash=f"hexfield-{name}-{id(baked)}",
                             hit_box_algorithm=arcade.hitbox.algo_bounding_box)
    sprites: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()
    width, height = baked.image.size
    sprites.append(arcade.Sprite(texture, center_x=baked.left + width / 2, center_y=baked.bottom + height / 2))
    return sprites
