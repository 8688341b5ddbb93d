"""How Total War's field draws its regiments: wargame counters (NATO type symbol, facing wedge on the hex edge,
morale bar in the state's colour, general's star) batched in one shape list rebuilt only when a regiment
changes, their men written in screen pixels (crisp at any zoom), and a hover label placed clear of them."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from typing import Any

import arcade
import pyglet
from arcade import shape_list as sl

from game.ui import theme

from .hexes import VECTORS, Cube
from .regiments import Regiment

SQRT3 = math.sqrt(3)
STATE_COLOR = {"triumphant": (255, 214, 64), "enthusiastic": (120, 220, 110), "steady": (210, 214, 220),
               "unsteady": (246, 170, 70), "waver": (240, 110, 50), "rout": (230, 40, 40), "disperse": (120, 0, 0)}
Box = tuple[float, float, float, float]  # left, bottom, right, top in screen pixels


def shade(color: tuple[int, int, int], factor: float) -> tuple[int, int, int]:
    return (min(255, int(color[0] * factor)), min(255, int(color[1] * factor)), min(255, int(color[2] * factor)))


def hex_points(x: float, y: float, size: float) -> list[tuple[float, float]]:
    return [(x + size * math.cos(math.radians(60 * i)), y + size * math.sin(math.radians(60 * i))) for i in range(6)]


def facing_unit(facing: str, centre: Callable[[Cube], tuple[float, float]]) -> tuple[float, float]:
    dx, dy = centre(VECTORS[facing])
    length = math.hypot(dx, dy) or 1.0
    return dx / length, dy / length


def counter(reg: Regiment, x: float, y: float, size: float, color: tuple[int, int, int], state: str,
            morale_max: int, centre: Callable[[Cube], tuple[float, float]]) -> list[Any]:
    """One regiment's counter as shapes (world pixels, hex radius `size`): body in the seat's colour, a NATO
    symbol box (infantry X, cavalry one diagonal, artillery a dot), a facing wedge reaching the hex edge, a
    morale bar, a gold star for the general, a red cross when routing."""
    shapes: list[Any] = []
    body = size * 0.86
    shapes.append(sl.create_polygon(hex_points(x, y, body), shade(color, 0.78)))
    shapes.append(sl.create_line_loop(hex_points(x, y, body), shade(color, 1.25), 2))
    ux, uy = facing_unit(reg.facing, centre)  # the wedge: its tip on the edge towards the facing hex
    edge = size * SQRT3 / 2
    tip = (x + ux * edge, y + uy * edge)
    base = (x + ux * size * 0.63, y + uy * size * 0.63)
    half = size * 0.26
    shapes.append(sl.create_triangles_filled_with_colors(
        [tip, (base[0] - uy * half, base[1] + ux * half), (base[0] + uy * half, base[1] - ux * half)],
        [(255, 255, 255)] * 3))
    w, h = size * 0.68, size * 0.38  # the type symbol box, above the men figure
    bx, by = x, y + size * 0.30
    left, right, bottom, top = bx - w / 2, bx + w / 2, by - h / 2, by + h / 2
    shapes.append(sl.create_rectangle_filled(bx, by, w, h, (236, 236, 228)))
    ink = (20, 20, 24)
    if reg.kind == "infantry":
        shapes.append(sl.create_line(left, bottom, right, top, ink, 2))
        shapes.append(sl.create_line(left, top, right, bottom, ink, 2))
    elif reg.kind == "cavalry":
        shapes.append(sl.create_line(left, bottom, right, top, ink, 2))
    else:
        shapes.append(sl.create_ellipse_filled(bx, by, h * 0.32, h * 0.32, ink))
    shapes.append(sl.create_rectangle_outline(bx, by, w, h, ink, 1))
    bar_w, bar_h = size * 0.8, max(2.0, size * 0.13)  # morale: a bar under the men, in the state's colour
    bar_y = y - size * 0.56
    shapes.append(sl.create_rectangle_filled(x, bar_y, bar_w, bar_h, (24, 24, 28)))
    share = max(0.0, min(1.0, (reg.effective or reg.morale) / morale_max))
    if share > 0:
        shapes.append(sl.create_rectangle_filled(x - bar_w / 2 + bar_w * share / 2, bar_y, bar_w * share, bar_h,
                                                 STATE_COLOR.get(state, (255, 255, 255))))
    shapes.append(sl.create_rectangle_outline(x, bar_y, bar_w + 2, bar_h + 2, (16, 16, 20), 1.5))
    if reg.general:
        sx, sy = x - size * 0.55, y + size * 0.30
        for r, ink in ((size * 0.24, (20, 20, 24)), (size * 0.17, (255, 255, 255))):  # a white star, dark rim
            star = [(sx + (r if i % 2 == 0 else r * 0.45) * math.cos(math.radians(90 + 36 * i)),
                     sy + (r if i % 2 == 0 else r * 0.45) * math.sin(math.radians(90 + 36 * i))) for i in range(10)]
            shapes.append(sl.create_polygon(star, ink))
    if reg.routing:
        shapes.append(sl.create_line(x - body * 0.6, y - body * 0.6, x + body * 0.6, y + body * 0.6, (230, 30, 30), 3))
        shapes.append(sl.create_line(x - body * 0.6, y + body * 0.6, x + body * 0.6, y - body * 0.6, (230, 30, 30), 3))
    return shapes


class Labels:
    """Screen-pixel texts kept per key in one pyglet batch: built once, moved cheaply, re-laid out only when their
    text or style changes, all drawn by one `draw_all` (arcade 3.3: constructing a Text costs ~1 ms, moving one
    ~0.02 ms, and a batch draws a thousand labels faster than a hundred one by one)."""

    def __init__(self) -> None:
        self._texts: dict[str, tuple[arcade.Text, tuple[Any, ...]]] = {}
        self._used: set[str] = set()
        self.batch = pyglet.graphics.Batch()

    def shown(self, key: str) -> str | None:
        """What label `key` says now (None: never drawn)."""
        made = self._texts.get(key)
        return None if made is None else str(made[0].text)

    def put(self, key: str, value: str, x: float, y: float, color: Any, size: float, **style: Any) -> arcade.Text:
        """Label `key` shows `value` at (x, y) in this style this frame (its content_width tells its size)."""
        self._used.add(key)
        made = self._texts.get(key)
        kind = (size, tuple(sorted(style.items())))
        if made is None or made[1] != kind:
            if made is not None:
                made[0].visible = False  # the old layout leaves the batch with the object
            label = arcade.Text(value, x, y, color, size, font_name=theme.FONT, batch=self.batch, **style)
            self._texts[key] = (label, kind)
            return label
        label = made[0]
        if label.text != value:
            label.text = value
        if label.position != (x, y):
            label.position = (x, y)
        if tuple(label.color) != tuple(color):
            label.color = color
        if not label.visible:
            label.visible = True
        return label

    def draw_all(self) -> None:
        """Draw this frame's labels (those not put since the last call are hidden) in one batch."""
        for key, (label, _) in self._texts.items():
            if key not in self._used and label.visible:
                label.visible = False
        self._used = set()
        self.batch.draw()


def overlap(a: Box, b: Box) -> float:
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0.0


def place_label(anchor: tuple[float, float], radius: float, size: tuple[float, float], tokens: Iterable[Box],
                area: Box) -> Box:
    """Where a hover label of `size` goes near the hex at `anchor` (screen radius `radius`): the first of right,
    left, above, below (then one hex farther) inside `area` that covers no token; else the least covered."""
    w, h = size
    x, y = anchor
    blocked = list(tokens)
    best: tuple[float, Box] | None = None
    for reach in (1.1, 2.6, 4.1):
        gap = radius * reach
        for box in ((x + gap, y - h / 2, x + gap + w, y + h / 2), (x - gap - w, y - h / 2, x - gap, y + h / 2),
                    (x - w / 2, y + gap, x + w / 2, y + gap + h), (x - w / 2, y - gap - h, x + w / 2, y - gap)):
            dx = max(0.0, area[0] - box[0]) - max(0.0, box[2] - area[2])  # keep it inside the field's area
            dy = max(0.0, area[1] - box[1]) - max(0.0, box[3] - area[3])
            box = (box[0] + dx, box[1] + dy, box[2] + dx, box[3] + dy)
            covered = sum(overlap(box, t) for t in blocked)
            if covered == 0:
                return box
            if best is None or covered < best[0]:
                best = (covered, box)
    assert best is not None
    return best[1]


def buildings_tile(size: int, ground: tuple[int, int, int]) -> Any:
    """TW1.4's buildings as art: a few small houses with roofs on trodden ground (no picture file needed)."""
    from PIL import Image, ImageDraw

    image = Image.new("RGBA", (size, size), (*ground, 255))
    draw = ImageDraw.Draw(image)
    unit = size / 8
    for cx, cy in ((2.4, 3.0), (5.4, 2.6), (3.6, 5.6), (6.0, 5.8)):
        x, y = cx * unit, cy * unit
        draw.rectangle((x - unit, y - unit * 0.2, x + unit, y + unit), fill=(186, 170, 150, 255),
                       outline=(70, 60, 54, 255))
        draw.polygon([(x - unit * 1.25, y - unit * 0.2), (x, y - unit * 1.2), (x + unit * 1.25, y - unit * 0.2)],
                     fill=(150, 66, 52, 255), outline=(70, 40, 34, 255))
    return image
