"""Generate every image, sound and the manifest under assets/ deterministically with Pillow and math."""

from __future__ import annotations

import json
import math
import random
import struct
import wave
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path

from PIL import Image, ImageDraw, ImageFilter, ImageFont

ROOT = Path(__file__).resolve().parent
SS = 4  # supersampling factor for all vector drawing

Color = tuple[int, ...]
Point = tuple[float, float]

# Greys for tintable sprites: arcade multiplies the sprite colour, so white takes the full player colour.
W: Color = (250, 250, 250, 255)
L: Color = (214, 214, 220, 255)
M: Color = (168, 168, 176, 255)
D: Color = (118, 118, 128, 255)
INK: Color = (30, 28, 36, 255)

TERRAIN_IDS = ["plain", "forest", "mountain", "mine", "shallow_water", "deep_water", "barren"]
DISRUPTED_IDS = ["plain", "forest"]
UNIT_IDS = ["soldier", "ranger", "defender", "cavalry", "medic", "pikeman", "marshal", "huntmaster"]
STRUCTURE_IDS = [
    "wooden_wall",
    "stone_wall",
    "wooden_tower",
    "stone_tower",
    "bridge",
    "catapult",
    "defense_upgrade",
    "dock",
    "small_transport",
    "large_transport",
    "battleship",
    "siege_engine",
]
MARK_IDS = ["burning"]  # pictures mods draw over a structure (presentation.structure_marks)
FLAG_SHAPES = ["pennant", "square", "swallowtail", "star"]
UI_ICONS = ["food", "wood", "stone", "metal", "mp", "attack", "defense", "battle", "disrupted", "end_turn"]
SOUND_IDS = ["select", "move", "battle", "build", "destroy", "victory", "rogue", "production", "error"]
PLAYER_COLORS = ["#E69F00", "#56B4E9", "#009E73", "#CC79A7"]
ROGUE_COLOR = "#444444"
TERRAIN_COLORS = {
    "plain": "#6fa63e",
    "forest": "#2f6b2c",
    "mountain": "#8e8c8a",
    "mine": "#7a6450",
    "shallow_water": "#5fb4d8",
    "deep_water": "#1a3f7a",
    "barren": "#c29a62",
}


# --------------------------------------------------------------------------------------------- helpers


def rng_for(name: str) -> random.Random:
    """A generator seeded from the asset's name, so every asset is independent and reproducible."""
    return random.Random(f"forces-of-conquest:{name}")


def clamp8(v: float) -> int:
    return max(0, min(255, int(round(v))))


def lerp(a: float, b: float, t: float) -> float:
    return a + (b - a) * t


def mix(a: Color, b: Color, t: float) -> Color:
    return tuple(clamp8(lerp(x, y, t)) for x, y in zip(a, b, strict=False))


def ramp(stops: Sequence[Color], t: float) -> Color:
    t = max(0.0, min(1.0, t)) * (len(stops) - 1)
    i = min(int(t), len(stops) - 2)
    return mix(stops[i], stops[i + 1], t - i)


def rgba(c: Color, a: int = 255) -> Color:
    return (c[0], c[1], c[2], a)


def smooth(t: float) -> float:
    return t * t * (3.0 - 2.0 * t)


def value_noise(rng: random.Random, size: int, cells: int) -> list[float]:
    """Periodic value noise: wraps seamlessly at the image border."""
    grid = [[rng.random() for _ in range(cells)] for _ in range(cells)]
    out: list[float] = []
    step = cells / size
    for y in range(size):
        fy = y * step
        y0 = int(fy) % cells
        y1 = (y0 + 1) % cells
        ty = smooth(fy - int(fy))
        for x in range(size):
            fx = x * step
            x0 = int(fx) % cells
            x1 = (x0 + 1) % cells
            tx = smooth(fx - int(fx))
            a = lerp(grid[y0][x0], grid[y0][x1], tx)
            b = lerp(grid[y1][x0], grid[y1][x1], tx)
            out.append(lerp(a, b, ty))
    return out


def fbm(rng: random.Random, size: int, octaves: Sequence[tuple[int, float]]) -> list[float]:
    total = [0.0] * (size * size)
    for cells, weight in octaves:
        layer = value_noise(rng, size, cells)
        for i, v in enumerate(layer):
            total[i] += v * weight
    lo, hi = min(total), max(total)
    span = (hi - lo) or 1.0
    return [(v - lo) / span for v in total]


def base_texture(
    rng: random.Random,
    stops: Sequence[Color],
    octaves: Sequence[tuple[int, float]] = ((4, 0.45), (8, 0.3), (16, 0.17), (32, 0.08)),
    grain: float = 7.0,
    size: int = 64,
) -> Image.Image:
    field = fbm(rng, size, octaves)
    img = Image.new("RGBA", (size, size))
    px = []
    for v in field:
        c = ramp(stops, v)
        j = rng.uniform(-grain, grain)
        px.append((clamp8(c[0] + j), clamp8(c[1] + j), clamp8(c[2] + j), 255))
    img.putdata(px)
    return img


def wrap_resize(img: Image.Image, size: int) -> Image.Image:
    """Downsample a tileable image without breaking its seams (resample a 3x3 tiling, keep the centre)."""
    w, h = img.size
    big = Image.new(img.mode, (w * 3, h * 3))
    for i in range(3):
        for j in range(3):
            big.paste(img, (i * w, j * h))
    small = big.resize((size * 3, size * 3), Image.Resampling.LANCZOS)
    return small.crop((size, size, size * 2, size * 2))


def wrap_blur(img: Image.Image, radius: float) -> Image.Image:
    w, h = img.size
    big = Image.new(img.mode, (w * 3, h * 3))
    for i in range(3):
        for j in range(3):
            big.paste(img, (i * w, j * h))
    big = big.filter(ImageFilter.GaussianBlur(radius))
    return big.crop((w, h, w * 2, h * 2))


class Canvas:
    """Supersampled drawing surface addressed in final-pixel coordinates.

    With ``wrap`` every primitive is repeated one tile away in each direction so textures tile seamlessly.
    """

    def __init__(self, size: int, wrap: bool = False, ss: int = SS) -> None:
        self.size = size
        self.ss = ss
        self.wrap = wrap
        self.img = Image.new("RGBA", (size * ss, size * ss), (0, 0, 0, 0))
        self.d = ImageDraw.Draw(self.img)

    def _offsets(self) -> Iterable[tuple[float, float]]:
        if not self.wrap:
            return [(0.0, 0.0)]
        s = float(self.size)
        return [(dx, dy) for dx in (-s, 0.0, s) for dy in (-s, 0.0, s)]

    def _pts(self, pts: Sequence[Point], ox: float, oy: float) -> list[tuple[float, float]]:
        return [((x + ox) * self.ss, (y + oy) * self.ss) for x, y in pts]

    def poly(self, pts: Sequence[Point], fill: Color | None, ow: float = 0.0, oc: Color = INK) -> None:
        for ox, oy in self._offsets():
            p = self._pts(pts, ox, oy)
            if ow > 0:
                self.d.polygon(p, fill=fill, outline=oc, width=max(1, round(ow * self.ss)))
            else:
                self.d.polygon(p, fill=fill)

    def ellipse(
        self, cx: float, cy: float, rx: float, ry: float, fill: Color | None, ow: float = 0.0, oc: Color = INK
    ) -> None:
        for ox, oy in self._offsets():
            box = [
                (cx - rx + ox) * self.ss,
                (cy - ry + oy) * self.ss,
                (cx + rx + ox) * self.ss,
                (cy + ry + oy) * self.ss,
            ]
            if ow > 0:
                self.d.ellipse(box, fill=fill, outline=oc, width=max(1, round(ow * self.ss)))
            else:
                self.d.ellipse(box, fill=fill)

    def circle(
        self, cx: float, cy: float, r: float, fill: Color | None, ow: float = 0.0, oc: Color = INK
    ) -> None:
        self.ellipse(cx, cy, r, r, fill, ow, oc)

    def rect(
        self,
        x0: float,
        y0: float,
        x1: float,
        y1: float,
        fill: Color | None,
        ow: float = 0.0,
        oc: Color = INK,
        radius: float = 0.0,
    ) -> None:
        for ox, oy in self._offsets():
            box = [(x0 + ox) * self.ss, (y0 + oy) * self.ss, (x1 + ox) * self.ss, (y1 + oy) * self.ss]
            width = max(1, round(ow * self.ss)) if ow > 0 else 0
            if radius > 0:
                self.d.rounded_rectangle(
                    box, radius=radius * self.ss, fill=fill, outline=oc if ow > 0 else None, width=width
                )
            else:
                self.d.rectangle(box, fill=fill, outline=oc if ow > 0 else None, width=width)

    def line(self, pts: Sequence[Point], fill: Color, width: float, round_caps: bool = True) -> None:
        for ox, oy in self._offsets():
            p = self._pts(pts, ox, oy)
            wpx = max(1, round(width * self.ss))
            self.d.line(p, fill=fill, width=wpx, joint="curve")
            if round_caps and wpx > 2:
                r = wpx / 2
                for x, y in (p[0], p[-1]):
                    self.d.ellipse([x - r, y - r, x + r, y + r], fill=fill)

    def stroke(
        self, pts: Sequence[Point], fill: Color, width: float, ow: float = 1.0, oc: Color = INK
    ) -> None:
        """A thick line with a dark outline around it."""
        self.line(pts, oc, width + 2 * ow)
        self.line(pts, fill, width)

    def arc(
        self, cx: float, cy: float, rx: float, ry: float, start: float, end: float, fill: Color, width: float
    ) -> None:
        for ox, oy in self._offsets():
            box = [
                (cx - rx + ox) * self.ss,
                (cy - ry + oy) * self.ss,
                (cx + rx + ox) * self.ss,
                (cy + ry + oy) * self.ss,
            ]
            self.d.arc(box, start, end, fill=fill, width=max(1, round(width * self.ss)))

    def erase_ellipse(self, cx: float, cy: float, rx: float, ry: float) -> None:
        self.ellipse(cx, cy, rx, ry, (0, 0, 0, 0))

    def finish(self, silhouette: float = 0.0, oc: Color = INK) -> Image.Image:
        img = self.img
        if silhouette > 0:
            img = add_silhouette(img, silhouette * self.ss, oc)
        if self.wrap:
            return wrap_resize(img, self.size)
        return img.resize((self.size, self.size), Image.Resampling.LANCZOS)


def add_silhouette(img: Image.Image, width: float, oc: Color) -> Image.Image:
    """Put a dark outline of the given width (in supersampled pixels) around everything opaque."""
    alpha = img.getchannel("A").point(lambda a: 255 if a > 40 else 0)
    size = int(width) * 2 + 1
    grown = alpha.filter(ImageFilter.MaxFilter(size if size % 2 else size + 1))
    back = Image.new("RGBA", img.size, oc[:3] + (0,))
    back.putalpha(grown)
    return Image.alpha_composite(back, img)


def star_points(
    cx: float, cy: float, r_out: float, r_in: float, n: int = 5, rot: float = -90.0
) -> list[Point]:
    pts: list[Point] = []
    for i in range(n * 2):
        r = r_out if i % 2 == 0 else r_in
        a = math.radians(rot + i * 180.0 / n)
        pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return pts


def jittered_grid(rng: random.Random, n: int, size: float, jitter: float) -> list[Point]:
    cell = size / n
    pts = []
    for gy in range(n):
        for gx in range(n):
            ox = 0.5 if gy % 2 else 0.0
            pts.append(
                (
                    ((gx + 0.5 + ox) * cell + rng.uniform(-jitter, jitter)) % size,
                    ((gy + 0.5) * cell + rng.uniform(-jitter, jitter)) % size,
                )
            )
    return pts


def add_grain(img: Image.Image, name: str, amount: float = 5.0) -> Image.Image:
    """Sprinkle per-pixel luminance noise over a finished tile so flat shapes get a texture."""
    rng = rng_for(f"grain:{name}")
    rgb = img.convert("RGB")
    px = []
    w, h = rgb.size
    for y in range(h):
        for x in range(w):
            r, g, b = rgb.getpixel((x, y))  # type: ignore[misc]
            j = rng.uniform(-amount, amount)
            px.append((clamp8(r + j), clamp8(g + j), clamp8(b + j)))
    out = Image.new("RGB", rgb.size)
    out.putdata(px)
    return out


def composite(base: Image.Image, *layers: Image.Image) -> Image.Image:
    out = base.convert("RGBA")
    for layer in layers:
        out = Image.alpha_composite(out, layer)
    return out


def shadow_layer(size: int, draw: Callable[[Canvas], None], blur: float, opacity: int) -> Image.Image:
    c = Canvas(size, wrap=True)
    draw(c)
    img = c.finish()
    a = img.getchannel("A").point(lambda v: v * opacity // 255)
    shadow = Image.new("RGBA", img.size, (10, 12, 8, 0))
    shadow.putalpha(a)
    return wrap_blur(shadow, blur)


# --------------------------------------------------------------------------------------------- terrain


def grass_strokes(
    c: Canvas, rng: random.Random, n: int, colors: Sequence[Color], length: float = 3.0
) -> None:
    for _ in range(n):
        x, y = rng.uniform(0, 64), rng.uniform(0, 64)
        col = rng.choice(colors)
        h = rng.uniform(length * 0.6, length * 1.3)
        lean = rng.uniform(-1.2, 1.2)
        c.line([(x, y), (x + lean * 0.5, y - h * 0.5), (x + lean, y - h)], col, rng.uniform(0.45, 0.7), False)


def terrain_plain() -> Image.Image:
    rng = rng_for("terrain:plain")
    base = base_texture(rng, [(78, 132, 46), (104, 158, 58), (128, 178, 70)], grain=6)
    c = Canvas(64, wrap=True)
    grass_strokes(
        c,
        rng,
        340,
        [
            (62, 112, 36, 230),
            (70, 124, 40, 230),
            (146, 196, 86, 220),
            (160, 204, 96, 200),
            (120, 170, 60, 230),
        ],
    )
    for _ in range(7):
        x, y = rng.uniform(0, 64), rng.uniform(0, 64)
        col = rng.choice([(250, 232, 90, 255), (255, 255, 240, 255), (240, 200, 70, 255)])
        for a in range(0, 360, 72):
            r = 0.7
            c.circle(x + r * math.cos(math.radians(a)), y + r * math.sin(math.radians(a)), 0.45, col)
        c.circle(x, y, 0.35, (200, 120, 40, 255))
    return composite(base, c.finish())


def tree_positions(name: str) -> list[Point]:
    rng = rng_for(name)
    return sorted(jittered_grid(rng, 3, 64, 4.5), key=lambda p: p[1])


def terrain_forest() -> Image.Image:
    rng = rng_for("terrain:forest")
    base = base_texture(rng, [(40, 78, 30), (54, 96, 36), (70, 112, 44)], grain=6)
    under = Canvas(64, wrap=True)
    grass_strokes(under, rng, 160, [(36, 70, 28, 220), (90, 134, 56, 200)], 2.5)
    trees = tree_positions("trees")

    def shadows(c: Canvas) -> None:
        for x, y in trees:
            c.ellipse(x + 3.0, y + 5.0, 10.0, 7.0, (0, 0, 0, 255))

    sh = shadow_layer(64, shadows, 6, 150)
    c = Canvas(64, wrap=True)
    dark = (22, 54, 24, 255)
    for x, y in trees:
        kind = rng.random()
        c.rect(x - 1.3, y + 3, x + 1.3, y + 9, (96, 64, 36, 255), 0.5, dark)
        if kind < 0.3:  # conifer
            for i, (w, top) in enumerate(((9.0, -2.0), (7.5, -7.0), (5.5, -11.5))):
                col = mix((34, 96, 44), (52, 124, 56), i / 2)
                c.poly(
                    [(x - w, y + 5 - i * 4.5), (x, y + top - 3), (x + w, y + 5 - i * 4.5)],
                    rgba(col),
                    0.6,
                    dark,
                )
                c.poly(
                    [(x, y + top - 2), (x + w * 0.5, y + 3 - i * 4.5), (x + 1, y + 3 - i * 4.5)],
                    rgba(mix(col, (120, 170, 80), 0.35), 200),
                )
            continue
        blobs = [(rng.uniform(-4, 4), rng.uniform(-4, 3), rng.uniform(4.5, 6.5)) for _ in range(4)]
        blobs.append((0.0, -1.0, 7.0))
        for bx, by, r in blobs:
            c.circle(x + bx, y + by, r + 0.8, dark)
        for bx, by, r in blobs:
            c.circle(x + bx, y + by, r, (44, 104, 42, 255))
        for bx, by, r in blobs:
            c.circle(x + bx - r * 0.25, y + by - r * 0.3, r * 0.7, (64, 132, 52, 255))
        for bx, by, r in blobs:
            c.circle(x + bx - r * 0.4, y + by - r * 0.45, r * 0.35, (104, 166, 70, 255))
        for _ in range(14):
            a, rr = rng.uniform(0, math.tau), rng.uniform(0, 7)
            col = rng.choice([(140, 192, 90, 220), (28, 74, 32, 200)])
            c.circle(x + rr * math.cos(a), y - 1 + rr * math.sin(a), 0.55, col)
    return composite(base, under.finish(), sh, c.finish())


def terrain_mountain() -> Image.Image:
    rng = rng_for("terrain:mountain")
    base = base_texture(rng, [(92, 90, 92), (120, 118, 116), (148, 146, 142)], grain=9)
    c = Canvas(64, wrap=True)
    for _ in range(40):
        x, y = rng.uniform(0, 64), rng.uniform(0, 64)
        r = rng.uniform(0.6, 1.6)
        c.ellipse(x, y, r * 1.3, r, (72, 70, 72, 220))
        c.ellipse(x - r * 0.3, y - r * 0.3, r * 0.8, r * 0.55, (176, 174, 170, 220))
    peaks = [(22.0, 50.0, 24.0, 36.0), (50.0, 30.0, 18.0, 26.0), (46.0, 63.0, 14.0, 20.0)]

    def shadows(s: Canvas) -> None:
        for px, py, hw, h in peaks:
            s.poly([(px - hw + 4, py + 2), (px + 5, py - h + 4), (px + hw + 5, py + 3)], (0, 0, 0, 255))

    sh = shadow_layer(64, shadows, 4, 120)
    p = Canvas(64, wrap=True)
    outline = (46, 44, 50, 255)
    for px, py, hw, h in peaks:
        tip = (px + rng.uniform(-2, 2), py - h)
        left = [(px - hw, py)]
        for t in (0.3, 0.55, 0.8):
            left.append(
                (lerp(px - hw, tip[0], t) + rng.uniform(-1.2, 1.2), lerp(py, tip[1], t) + rng.uniform(-1, 1))
            )
        right = []
        for t in (0.8, 0.55, 0.3):
            right.append(
                (lerp(px + hw, tip[0], t) + rng.uniform(-1.2, 1.2), lerp(py, tip[1], t) + rng.uniform(-1, 1))
            )
        right.append((px + hw, py))
        whole = left + [tip] + right
        p.poly(whole, (150, 148, 146, 255), 0.8, outline)
        ridge = [tip, (tip[0] + 1.5, tip[1] + h * 0.35), (tip[0] + 0.5, tip[1] + h * 0.7), (px + 2, py)]
        p.poly([tip] + right + [(px + 2, py), ridge[2], ridge[1]], (102, 100, 104, 255))
        p.poly(left[1:] + [tip, ridge[1], ridge[2]], (178, 176, 172, 255))
        snow_y = tip[1] + h * 0.32
        snow = [
            tip,
            (lerp(tip[0], px + hw, 0.32), snow_y),
            (tip[0] + 2.5, snow_y - 2.0),
            (tip[0] + 0.5, snow_y + 1.5),
            (tip[0] - 2.0, snow_y - 1.5),
            (lerp(tip[0], px - hw, 0.32), snow_y),
        ]
        p.poly(snow, (242, 246, 252, 255), 0.5, (120, 130, 150, 255))
        p.poly(
            [tip, (tip[0] + 0.6, snow_y - 1.0), (lerp(tip[0], px + hw, 0.3), snow_y)], (200, 210, 228, 255)
        )
        for _ in range(5):
            t = rng.uniform(0.45, 0.9)
            x0 = lerp(tip[0], px - hw * 0.6, t)
            y0 = lerp(tip[1], py, t)
            p.line([(x0, y0), (x0 + rng.uniform(2, 4), y0 + rng.uniform(1, 3))], (120, 118, 120, 200), 0.5)
        p.poly(whole, None, 0.8, outline)
    return composite(base, c.finish(), sh, p.finish())


def terrain_mine() -> Image.Image:
    rng = rng_for("terrain:mine")
    base = base_texture(rng, [(96, 78, 62), (122, 100, 80), (146, 124, 98)], grain=9)
    c = Canvas(64, wrap=True)
    for _ in range(45):
        x, y = rng.uniform(0, 64), rng.uniform(0, 64)
        r = rng.uniform(0.6, 1.8)
        c.ellipse(x, y, r * 1.3, r, (70, 56, 46, 220))
        c.ellipse(x - r * 0.3, y - r * 0.3, r * 0.8, r * 0.5, (170, 150, 122, 220))

    def shadows(s: Canvas) -> None:
        s.ellipse(36, 40, 26, 16, (0, 0, 0, 255))

    sh = shadow_layer(64, shadows, 4, 110)
    p = Canvas(64, wrap=True)
    ol = (50, 38, 30, 255)
    hill = [(6, 50), (10, 36), (18, 26), (26, 20), (34, 18), (42, 21), (50, 28), (56, 38), (59, 50)]
    p.poly(hill, (150, 132, 112, 255), 1.0, ol)
    p.poly([(34, 18), (42, 21), (50, 28), (56, 38), (59, 50), (40, 50), (38, 34)], (104, 88, 74, 255))
    p.poly([(10, 36), (18, 26), (26, 20), (34, 18), (30, 26), (20, 32)], (192, 174, 146, 255))
    p.poly(hill, None, 1.0, ol)
    for _ in range(10):
        x, y = rng.uniform(14, 52), rng.uniform(26, 46)
        p.line([(x, y), (x + rng.uniform(-3, 3), y + rng.uniform(1, 3))], (92, 74, 60, 200), 0.5)
    # entrance with timber frame
    p.poly([(24, 50), (24, 38), (27, 33), (37, 33), (40, 38), (40, 50)], (18, 14, 12, 255))
    p.poly([(26, 50), (26, 39), (28, 36), (36, 36), (38, 39), (38, 50)], (34, 26, 22, 255))
    wood, wood_d = (150, 104, 58, 255), (70, 46, 26, 255)
    p.rect(22.5, 33.5, 25.5, 51, wood, 0.6, wood_d)
    p.rect(38.5, 33.5, 41.5, 51, wood, 0.6, wood_d)
    p.rect(21, 31, 43, 34.5, (168, 118, 66, 255), 0.6, wood_d)
    # rails running out of the mine
    rail = (170, 170, 178, 255)
    p.line([(29, 50), (27, 58), (25, 64)], rail, 0.6, False)
    p.line([(35, 50), (37, 58), (39, 64)], rail, 0.6, False)
    for yy in (52.0, 55.5, 59.0, 62.5):
        p.line([(28 - (yy - 50) * 0.28, yy), (36 + (yy - 50) * 0.28, yy)], (110, 78, 46, 255), 0.7, False)
    # ore glints
    glints = [(14, 40), (48, 34), (33, 24), (54, 46), (8, 12), (58, 8), (20, 58), (44, 14)]
    for i, (x, y) in enumerate(glints):
        col = (255, 214, 70, 255) if i % 3 else (110, 226, 255, 255)
        p.circle(x + 0.4, y + 0.6, 1.5, (40, 30, 24, 200))
        p.poly(star_points(x, y, 3.0, 0.75, 4), col)
        p.circle(x, y, 0.9, col)
        p.circle(x, y, 0.45, (255, 255, 255, 255))
    return composite(base, c.finish(), sh, p.finish())


def terrain_shallow() -> Image.Image:
    rng = rng_for("terrain:shallow_water")
    base = base_texture(rng, [(64, 156, 196), (88, 180, 214), (124, 204, 226)], grain=4)
    c = Canvas(64, wrap=True)
    for _ in range(26):  # caustic light lines
        x, y = rng.uniform(0, 64), rng.uniform(0, 64)
        pts = [(x, y)]
        for _ in range(3):
            x += rng.uniform(2, 5)
            y += rng.uniform(-2.5, 2.5)
            pts.append((x, y))
        c.line(pts, (190, 236, 246, 70), 0.6)
    for x, y in jittered_grid(rng, 4, 64, 4):
        rx = rng.uniform(4, 6.5)
        c.arc(x, y, rx, rx * 0.45, 200, 340, (226, 248, 255, 215), 0.7)
        c.arc(x + 1.5, y + 2.5, rx * 0.6, rx * 0.3, 210, 330, (160, 222, 240, 180), 0.55)
    for _ in range(10):
        x, y = rng.uniform(0, 64), rng.uniform(0, 64)
        c.circle(x, y, 0.5, (236, 252, 255, 200))
    return composite(base, c.finish())


def terrain_deep() -> Image.Image:
    rng = rng_for("terrain:deep_water")
    base = base_texture(rng, [(14, 36, 84), (22, 54, 112), (32, 74, 138)], grain=4)
    c = Canvas(64, wrap=True)
    for x, y in jittered_grid(rng, 4, 64, 5):
        rx = rng.uniform(5.0, 7.5)
        ry = rx * 0.55
        c.arc(x, y + 1.3, rx, ry, 200, 340, (6, 18, 50, 210), 1.1)
        c.arc(x, y, rx, ry, 205, 335, (104, 154, 214, 235), 0.9)
        c.arc(x, y, rx, ry, 245, 295, (226, 240, 255, 245), 0.65)
        c.arc(x + rx * 0.9, y + 3.0, rx * 0.5, ry * 0.5, 210, 330, (70, 118, 186, 190), 0.6)
    for _ in range(12):
        x, y = rng.uniform(0, 64), rng.uniform(0, 64)
        c.line([(x, y), (x + rng.uniform(2, 4), y)], (60, 104, 168, 150), 0.5)
    return composite(base, c.finish())


def cracked_earth(
    name: str, stops: Sequence[Color], crack: Color, npoints: int, thresh: float, res: int = 128
) -> Image.Image:
    rng = rng_for(name)
    side = max(2, round(math.sqrt(npoints)))
    pts = jittered_grid(rng, side, 1.0, 0.42 / side)
    allp = [(x + dx, y + dy) for x, y in pts for dx in (-1, 0, 1) for dy in (-1, 0, 1)]
    noise = fbm(rng, res, ((4, 0.5), (8, 0.3), (16, 0.2)))
    img = Image.new("RGBA", (res, res))
    px = []
    for j in range(res):
        v = (j + 0.5) / res
        near = [p for p in allp if abs(p[1] - v) < 0.45]
        for i in range(res):
            u = (i + 0.5) / res
            d1 = d2 = 9.0
            for x, y in near:
                d = (x - u) ** 2 + (y - v) ** 2
                if d < d1:
                    d1, d2 = d, d1
                elif d < d2:
                    d2 = d
            r1, r2 = math.sqrt(d1), math.sqrt(d2)
            edge = r2 - r1
            n = noise[j * res + i]
            base = ramp(stops, 0.25 + 0.5 * n + 0.25 * (1 - min(1.0, r1 * 6)))
            jit = rng.uniform(-6, 6)
            col: tuple[float, ...] = (base[0] + jit, base[1] + jit, base[2] + jit)
            t = thresh * (0.8 + 0.5 * n)
            if edge < t:
                col = tuple(lerp(crack[k], col[k], edge / t * 0.5) for k in range(3))
            elif edge < t * 2.2:
                col = tuple(c * 0.9 for c in col)
            px.append((clamp8(col[0]), clamp8(col[1]), clamp8(col[2]), 255))
    img.putdata(px)
    return wrap_resize(img, 64)


def terrain_barren() -> Image.Image:
    base = cracked_earth(
        "terrain:barren", [(160, 124, 80), (190, 156, 104), (214, 186, 134)], (82, 56, 36), 16, 0.012
    )
    rng = rng_for("terrain:barren:details")
    c = Canvas(64, wrap=True)
    for _ in range(18):
        x, y = rng.uniform(0, 64), rng.uniform(0, 64)
        r = rng.uniform(0.5, 1.2)
        c.ellipse(x + 0.3, y + 0.4, r, r * 0.8, (90, 66, 44, 150))
        c.ellipse(x, y, r, r * 0.8, (206, 190, 160, 255))
    for _ in range(4):  # dry tufts
        x, y = rng.uniform(0, 64), rng.uniform(0, 64)
        for k in range(5):
            c.line([(x, y), (x + (k - 2) * 0.9, y - rng.uniform(1.5, 2.8))], (140, 120, 60, 230), 0.45, False)
    return composite(base, c.finish())


def terrain_plain_disrupted() -> Image.Image:
    rng = rng_for("terrain:plain_disrupted")
    base = base_texture(rng, [(40, 34, 28), (66, 54, 38), (98, 84, 54)], grain=7)
    c = Canvas(64, wrap=True)
    grass_strokes(c, rng, 120, [(126, 118, 56, 210), (96, 92, 46, 210), (30, 26, 22, 220)], 2.6)
    for _ in range(30):
        x, y = rng.uniform(0, 64), rng.uniform(0, 64)
        c.ellipse(x, y, rng.uniform(0.8, 2.2), rng.uniform(0.5, 1.4), (150, 146, 140, 110))
    glow = Canvas(64, wrap=True)
    embers = [(rng.uniform(0, 64), rng.uniform(0, 64)) for _ in range(14)]
    for x, y in embers:
        glow.circle(x, y, 2.6, (255, 110, 20, 255))
    glow_img = wrap_blur(glow.finish(), 2.0)
    glow_img.putalpha(glow_img.getchannel("A").point(lambda a: a * 150 // 255))
    e = Canvas(64, wrap=True)
    for x, y in embers:
        e.circle(x, y, 0.75, (255, 150, 40, 255))
        e.circle(x - 0.1, y - 0.1, 0.35, (255, 236, 150, 255))
    for _ in range(10):
        x, y = rng.uniform(0, 64), rng.uniform(0, 64)
        e.line([(x, y), (x + rng.uniform(-1, 1), y - rng.uniform(2, 3.5))], (40, 30, 24, 255), 0.5, False)
    return composite(base, c.finish(), glow_img, e.finish())


def terrain_forest_disrupted() -> Image.Image:
    rng = rng_for("terrain:forest_disrupted")
    base = base_texture(rng, [(58, 46, 32), (86, 68, 44), (110, 92, 58)], grain=7)
    c = Canvas(64, wrap=True)
    grass_strokes(c, rng, 110, [(70, 96, 40, 200), (110, 118, 54, 200), (40, 32, 24, 200)], 2.4)
    for _ in range(24):
        x, y = rng.uniform(0, 64), rng.uniform(0, 64)
        c.ellipse(x, y, rng.uniform(0.6, 1.8), rng.uniform(0.4, 1.1), (36, 30, 26, 150))
    trees = tree_positions("trees")

    def shadows(s: Canvas) -> None:
        for x, y in trees:
            s.ellipse(x + 1.5, y + 5.5, 5.5, 3.0, (0, 0, 0, 255))

    sh = shadow_layer(64, shadows, 2, 130)
    s = Canvas(64, wrap=True)
    dark = (50, 32, 18, 255)
    for i, (x, y) in enumerate(trees):
        y += 2
        s.rect(x - 3.5, y - 1, x + 3.5, y + 3.5, (112, 76, 44, 255), 0.5, dark)
        s.ellipse(x, y + 3.5, 3.5, 1.2, (112, 76, 44, 255), 0.5, dark)
        s.rect(x - 3.0, y + 1, x + 3.0, y + 3.3, (112, 76, 44, 255))
        s.ellipse(x, y - 1, 3.5, 1.6, (214, 176, 120, 255), 0.5, dark)
        s.ellipse(x, y - 1, 2.0, 0.9, None, 0.35, (160, 116, 70, 255))
        s.circle(x, y - 1, 0.35, (140, 96, 56, 255))
        if i % 3 == 1:  # felled log
            lx, ly = x + 5, y + 7
            s.stroke([(lx, ly), (lx + 9, ly - 2)], (124, 86, 50, 255), 2.4, 0.5, dark)
            s.ellipse(lx + 9, ly - 2, 1.0, 1.3, (214, 176, 120, 255), 0.4, dark)
    return composite(base, c.finish(), sh, s.finish())


# --------------------------------------------------------------------------------------------- units


def legs(c: Canvas, x: float, y0: float, y1: float, gap: float = 2.2, w: float = 3.0) -> None:
    for lx in (x - gap - w / 2, x + gap - w / 2):
        c.rect(lx, y0, lx + w, y1, L, 0.8)
        c.rect(lx - 0.4, y1 - 2.5, lx + w + 0.6, y1, M, 0.8, radius=0.8)


def head(c: Canvas, x: float, y: float, r: float = 5.0) -> None:
    c.circle(x, y, r, W, 0.9)
    c.circle(x + 1.6, y + 0.4, 0.7, INK)


def spear(c: Canvas, butt: Point, tip: Point, shaft: float, head_w: float, head_len: float) -> None:
    """A pole arm from butt to tip with a leaf-shaped head and a collar."""
    bx, by = butt
    tx, ty = tip
    length = math.hypot(tx - bx, ty - by)
    ux, uy = (tx - bx) / length, (ty - by) / length
    px, py = -uy, ux
    base = (tx - ux * head_len, ty - uy * head_len)
    mid = (tx - ux * head_len * 0.55, ty - uy * head_len * 0.55)
    c.stroke([butt, base], L, shaft, 0.8)
    c.poly(
        [
            base,
            (mid[0] + px * head_w, mid[1] + py * head_w),
            tip,
            (mid[0] - px * head_w, mid[1] - py * head_w),
        ],
        W,
        0.8,
    )
    c.line([base, (tx - ux * 1.5, ty - uy * 1.5)], M, 0.45, False)
    cw = head_w * 0.8
    c.stroke([(base[0] + px * cw, base[1] + py * cw), (base[0] - px * cw, base[1] - py * cw)], M, 1.0, 0.6)


def unit_soldier() -> Image.Image:
    c = Canvas(48)
    legs(c, 22, 33, 44)
    c.stroke([(28, 26), (34, 24)], L, 2.6)  # sword arm
    c.poly([(15, 21), (29, 21), (31, 36), (13, 36)], W, 0.9)  # tunic
    c.rect(13.5, 30, 30.5, 32.5, M, 0.7)
    head(c, 22, 14)
    c.poly([(16.5, 12.5), (17.5, 7.5), (22, 5.5), (26.5, 7.5), (27.5, 12.5)], L, 0.9)  # helmet
    c.rect(16, 11, 28, 12.8, M, 0.7)
    c.line([(22, 6), (22, 11)], D, 0.6)
    # sword
    c.poly([(35, 23), (42.5, 5.5), (44, 4), (43.8, 6.2), (37.2, 24)], W, 0.8)
    c.line([(36, 23), (42.5, 7)], M, 0.5)
    c.stroke([(32.2, 22), (39.2, 25)], M, 1.4, 0.8)
    c.circle(34.5, 25.5, 1.6, L, 0.8)
    # round shield
    c.circle(13, 28, 8.5, L, 1.0)
    c.circle(13, 28, 6.3, W, 0.6, D)
    c.circle(13, 28, 2.2, M, 0.8)
    c.circle(12.4, 27.4, 0.7, W)
    return c.finish(1.0)


def unit_ranger() -> Image.Image:
    c = Canvas(48)
    c.poly([(13, 20), (31, 20), (35, 43), (9, 43)], L, 0.9)  # cloak
    c.rect(13, 17, 16.5, 33, M, 0.8, radius=1)  # quiver on back
    for fx in (13.5, 15.5):
        c.poly([(fx - 1, 17), (fx, 12.5), (fx + 1, 17)], W, 0.6)
    legs(c, 22, 34, 44)
    c.poly([(16, 20), (28, 20), (30, 37), (14, 37)], W, 0.9)  # tunic
    c.rect(14.5, 30, 29.5, 32, M, 0.6)
    # hood
    c.poly([(14.5, 21), (15, 12), (17.5, 7.5), (20.5, 4.0), (26, 6.0), (29.5, 11), (30, 21)], L, 0.9)
    c.line([(19, 6.5), (16.8, 18)], M, 0.5)
    c.ellipse(24.2, 14, 4.3, 5.0, D, 0.7)
    c.ellipse(24.6, 16.2, 3.0, 2.6, M)
    c.circle(22.9, 13.8, 0.85, W)
    c.circle(26.3, 13.8, 0.85, W)
    # bow
    c.arc(32, 24, 8, 17, -80, 80, INK, 2.6)
    c.arc(32, 24, 8, 17, -78, 78, W, 1.3)
    c.line([(33.5, 7.5), (33.5, 40.5)], D, 0.45)
    c.stroke([(27, 24), (36.5, 24)], L, 2.4)  # bow arm
    c.circle(37.5, 24, 1.7, W, 0.8)
    return c.finish(1.0)


def unit_defender() -> Image.Image:
    c = Canvas(48)
    c.stroke([(35, 3), (35, 45)], L, 1.5, 0.8)  # spear
    c.poly([(33, 7), (35, 0.5), (37, 7), (35, 9)], W, 0.8)
    legs(c, 24, 34, 45, 2.8, 3.6)
    c.poly([(15, 20), (33, 20), (35, 37), (13, 37)], L, 0.9)  # armour
    c.stroke([(31, 25), (35, 25)], M, 2.8)
    # great helm
    c.rect(17, 5, 31, 20, W, 0.9, radius=4)
    c.rect(18.5, 10.5, 29.5, 12.5, INK)
    c.line([(24, 12.5), (24, 19)], M, 0.8)
    for hx in (20.5, 27.5):
        c.circle(hx, 16, 0.5, D)
    # tower shield
    c.poly([(6, 21), (26, 21), (26, 38), (16, 46), (6, 38)], W, 1.1)
    c.poly([(8.2, 23.2), (23.8, 23.2), (23.8, 37), (16, 43.3), (8.2, 37)], None, 0.5, D)
    c.rect(14.5, 23.5, 17.5, 42.5, L)
    c.rect(8.5, 29, 23.5, 32, L)
    for sx, sy in ((9, 22.5), (23, 22.5), (9, 37), (23, 37)):
        c.circle(sx, sy, 0.7, M, 0.4)
    c.circle(16, 30.5, 2.5, M, 0.8)
    return c.finish(1.0)


def unit_cavalry() -> Image.Image:
    c = Canvas(48)
    # horse
    for lx, ly, dx in ((14, 32, -2.5), (18, 33, 1.0), (33, 32, 2.5), (37, 32, -1.0)):
        c.stroke([(lx, ly), (lx + dx * 0.6, ly + 7), (lx + dx, ly + 12)], L if dx < 0 else M, 2.4, 0.8)
    c.poly([(9, 25), (4, 30), (3, 38), (6, 33), (9, 30)], M, 0.8)  # tail
    c.ellipse(24, 29, 15, 7, W, 1.0)  # body
    c.poly([(33, 28), (35, 19), (38, 13), (43, 12.5), (47, 17), (45.5, 19.5), (41, 19), (39, 29)], W, 1.0)
    c.poly([(35, 20), (37.5, 13.5), (40, 11.5), (38.5, 17), (36.8, 22)], M, 0.6)  # mane
    c.poly([(40.5, 12.5), (41.5, 9.5), (42.5, 12.5)], L, 0.6)  # ear
    c.circle(43, 15, 0.6, INK)
    c.poly([(15, 23.5), (30, 23.5), (29, 31), (16, 31)], L, 0.7)  # saddle cloth
    c.line([(16, 29), (29, 29)], M, 0.8)
    # rider
    c.stroke([(21, 25), (21.5, 33)], L, 3.0)
    c.poly([(17, 13), (27, 13), (28, 25), (16, 25)], W, 0.9)
    c.circle(22, 8, 4.2, W, 0.9)
    c.poly([(17.6, 8), (18.5, 4), (22, 2.8), (25.5, 4), (26.4, 8)], L, 0.8)
    c.poly([(20, 3.2), (21, 0.2), (22.5, 0.5), (22.5, 3)], M, 0.5)  # plume
    c.circle(24, 8.6, 0.6, INK)
    # lance, held upright with a pennon streaming back
    spear(c, (27.5, 35), (33.5, 0.8), 1.3, 1.7, 5.5)
    c.poly([(32.9, 6.2), (41, 7.2), (37.5, 8.8), (40.5, 10.8), (32.4, 10.6)], W, 0.6)
    c.stroke([(25.5, 17), (29.8, 20.5)], L, 2.4)
    c.circle(29.8, 20.5, 1.5, W, 0.8)
    return c.finish(1.0)


def unit_medic() -> Image.Image:
    c = Canvas(48)
    legs(c, 21, 34, 44)
    c.stroke([(26, 22), (33, 27)], L, 2.4)  # strap arm
    c.poly([(14, 20), (28, 20), (31, 39), (11, 39)], W, 0.9)  # robe
    c.line([(15, 20), (31, 34)], D, 1.4)  # bag strap
    head(c, 21, 13)
    c.poly([(15.5, 12), (16.5, 7), (21, 5.5), (25.5, 7), (26.5, 12)], L, 0.8)  # cap
    c.rect(18.5, 6.5, 23.5, 8, M)
    c.rect(20.3, 5.4, 21.7, 9.1, M)
    # big bag with a cross
    c.rect(24, 26, 42, 40, M, 1.0, radius=2.0)
    c.rect(24.5, 26.5, 41.5, 29, D)
    c.poly(
        [
            (31.3, 29.5),
            (34.7, 29.5),
            (34.7, 31.8),
            (37.7, 31.8),
            (37.7, 35.2),
            (34.7, 35.2),
            (34.7, 38.5),
            (31.3, 38.5),
            (31.3, 35.2),
            (28.3, 35.2),
            (28.3, 31.8),
            (31.3, 31.8),
        ],
        W,
        0.7,
    )
    # staff
    c.stroke([(10, 44), (10, 10)], L, 1.4, 0.8)
    c.circle(10, 9, 1.8, W, 0.8)
    c.stroke([(11, 26), (15, 24)], L, 2.2)
    return c.finish(1.0)


def unit_pikeman() -> Image.Image:
    c = Canvas(48)
    legs(c, 21, 33, 44)
    c.poly([(14, 20), (28, 20), (30, 36), (12, 36)], W, 0.9)  # tunic
    c.poly([(15.5, 20), (26.5, 20), (27, 29), (21, 31), (15, 29)], L, 0.8)  # breastplate
    c.line([(21, 21), (21, 30)], M, 0.6)
    c.rect(12.5, 31, 29.5, 33, M, 0.6)
    head(c, 21, 13.5)
    # kettle hat with a brim
    c.poly([(16.5, 11.5), (17.5, 7), (21, 5.5), (24.5, 7), (25.5, 11.5)], L, 0.8)
    c.ellipse(21, 11.6, 8.5, 1.8, M, 0.8)
    # pike: much longer than the figure, leaning forward
    spear(c, (29.5, 47.5), (41, 0.8), 1.4, 2.2, 7.0)
    c.stroke([(26.5, 23), (35.2, 22.5)], L, 2.4)
    c.circle(35.2, 22.5, 1.6, W, 0.8)
    c.stroke([(27, 29), (33.2, 30.5)], L, 2.4)
    c.circle(33.3, 30.5, 1.6, W, 0.8)
    return c.finish(1.0)


def unit_marshal() -> Image.Image:
    """A rare commander (rare-units mod): cape, plumed helm, baton raised, a star on the breastplate."""
    c = Canvas(48)
    c.poly([(13, 19), (31, 19), (36, 44), (8, 44)], M, 0.9)  # cape
    legs(c, 22, 33, 44)
    c.poly([(15, 20), (29, 20), (31, 36), (13, 36)], W, 0.9)  # breastplate
    c.poly(star_points(22, 27, 4.2, 1.8, 5), L, 0.6)
    c.rect(13.5, 31, 30.5, 33.5, M, 0.7)
    head(c, 22, 13.5)
    c.poly([(16.5, 12), (17.5, 7), (22, 5), (26.5, 7), (27.5, 12)], L, 0.9)  # helm
    c.poly([(21, 5.5), (19, 0.8), (24.5, 0.5), (28.5, 3.5), (23, 5.5)], W, 0.7)  # plume
    c.stroke([(28, 24), (35, 15)], L, 2.6)  # baton arm
    c.stroke([(34, 16.5), (40, 6)], W, 2.2, 0.8)  # baton
    c.circle(40, 6, 1.6, L, 0.7)
    return c.finish(1.0)


def unit_huntmaster() -> Image.Image:
    """A rare forager (rare-units mod): wide-brimmed hat, horn at the hip, longbow taller than himself."""
    c = Canvas(48)
    c.poly([(13, 20), (31, 20), (34, 42), (10, 42)], L, 0.9)  # coat
    legs(c, 22, 34, 44)
    c.poly([(16, 20), (28, 20), (30, 37), (14, 37)], W, 0.9)  # jerkin
    c.rect(14.5, 30, 29.5, 32, M, 0.6)
    c.arc(14, 33, 4, 3, 200, 340, D, 2.4)  # hunting horn
    head(c, 22, 13.5)
    c.ellipse(22, 10.5, 10, 2.4, M, 0.8)  # hat brim
    c.poly([(17.5, 10.5), (18.5, 4.5), (25.5, 4.5), (26.5, 10.5)], L, 0.8)
    c.poly([(25, 6), (31, 2), (28, 7)], W, 0.5)  # feather
    c.arc(33, 24, 9, 21, -82, 82, INK, 2.6)  # longbow
    c.arc(33, 24, 9, 21, -80, 80, W, 1.3)
    c.line([(34.5, 3.5), (34.5, 44.5)], D, 0.45)
    c.stroke([(27, 24), (37.5, 24)], L, 2.4)
    c.circle(38.5, 24, 1.7, W, 0.8)
    return c.finish(1.0)


def mark_burning() -> Image.Image:
    """Flames over a burning structure (fire mod): three tongues of fire over embers, under a wisp of smoke."""
    size = 64
    image = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    draw.ellipse((14, 4, 50, 22), fill=(70, 60, 55, 170))
    for cx, h, w in ((22, 44, 10), (33, 54, 13), (44, 40, 9)):
        draw.polygon([(cx, 64 - h), (cx + w, 52), (cx, 60), (cx - w, 52)], fill=(255, 140, 30, 255),
                     outline=(60, 20, 10, 255), width=2)
        draw.polygon([(cx, 64 - h * 0.6), (cx + w * 0.5, 54), (cx, 58), (cx - w * 0.5, 54)], fill=(255, 214, 90, 255))
    return image


def unit_rogue_badge() -> Image.Image:
    c = Canvas(48)
    black, red, bone = (38, 36, 42, 255), (176, 34, 40, 255), (236, 232, 220, 255)
    c.stroke([(7, 5), (41, 5)], (132, 96, 60, 255), 2.2, 1.0)
    for x in (7.0, 41.0):
        c.circle(x, 5, 2.2, (190, 150, 70, 255), 0.9)
    banner = [
        (9, 6),
        (39, 6),
        (39, 40),
        (35, 36),
        (31, 43),
        (27, 37),
        (24, 44),
        (21, 37),
        (17, 43),
        (13, 36),
        (9, 40),
    ]
    c.poly(banner, red, 1.2)
    inner = [
        (11.5, 8),
        (36.5, 8),
        (36.5, 36),
        (34.5, 33),
        (31, 39),
        (27, 33.5),
        (24, 40),
        (21, 33.5),
        (17, 39),
        (13.5, 33),
        (11.5, 36),
    ]
    c.poly(inner, black)
    # crossbones
    for a, b in (((15, 20), (33, 33)), ((33, 20), (15, 33))):
        c.stroke([a, b], bone, 1.6, 0.6)
        for x, y in (a, b):
            c.circle(x - 0.8, y, 1.2, bone, 0.5)
            c.circle(x + 0.8, y, 1.2, bone, 0.5)
    # skull
    c.ellipse(24, 17, 7, 6.5, bone, 0.8)
    c.rect(20, 20, 28, 26, bone, 0.8, radius=1.5)
    c.rect(20.6, 19, 27.4, 24, bone)
    c.ellipse(21.2, 17.8, 1.9, 2.1, black)
    c.ellipse(26.8, 17.8, 1.9, 2.1, black)
    c.poly([(24, 20.5), (23, 22.3), (25, 22.3)], black)
    for tx in (22.0, 24.0, 26.0):
        c.line([(tx, 24), (tx, 26)], black, 0.5, False)
    return c.finish(0.8)


# --------------------------------------------------------------------------------------------- structures


def struct_wooden_wall() -> Image.Image:
    rng = rng_for("struct:wooden_wall")
    c = Canvas(64)
    c.rect(-2, 27, 66, 31, M, 0.9)
    n = 9
    w = 64 / n
    for i in range(n):
        x0 = i * w + 0.3
        x1 = x0 + w - 0.6
        top = 18 + rng.uniform(-1.5, 1.5)
        col = W if i % 2 == 0 else L
        c.poly([(x0, top + 3), ((x0 + x1) / 2, top - 2), (x1, top + 3), (x1, 48), (x0, 48)], col, 0.9)
        for _ in range(2):
            gx = rng.uniform(x0 + 1.5, x1 - 1.5)
            c.line([(gx, top + 5 + rng.uniform(0, 4)), (gx, top + 12 + rng.uniform(0, 12))], M, 0.45, False)
    for y in (24.0, 39.0):
        c.rect(-2, y, 66, y + 3.6, L, 0.9)
        for x in range(3, 64, 14):
            c.circle(x + 0.5, y + 1.8, 0.7, D)
    return c.finish(0.8)


def struct_stone_wall() -> Image.Image:
    rng = rng_for("struct:stone_wall")
    c = Canvas(64)
    c.rect(-2, 22, 66, 48, L, 1.0)
    for mx in range(0, 64, 13):  # merlons
        c.rect(mx + 1.5, 14, mx + 9.5, 23.5, L, 1.0)
    row_h = 6.5
    for r in range(4):
        y = 22.5 + r * row_h
        off = 0 if r % 2 == 0 else 5.0
        x = -off
        while x < 64:
            bw = rng.uniform(8, 12)
            col = rng.choice([W, W, L])
            c.rect(x + 0.4, y + 0.4, x + bw - 0.4, y + row_h - 0.4, col, 0.5, D, radius=1.0)
            c.line([(x + 1.2, y + 1.3), (x + bw - 2.5, y + 1.3)], (255, 255, 255, 255), 0.4, False)
            x += bw
    for mx in range(0, 64, 13):
        c.rect(mx + 2.5, 15, mx + 8.5, 21.5, W, 0.5, D, radius=1.0)
    c.rect(-2, 46, 66, 49, M, 0.9)
    return c.finish(0.8)


def struct_wooden_tower() -> Image.Image:
    c = Canvas(64)
    for a, b in (((18, 60), (23, 28)), ((46, 60), (41, 28))):
        c.stroke([a, b], L, 3.0, 0.9)
    c.stroke([(20, 56), (43, 34)], M, 1.6, 0.7)
    c.stroke([(44, 56), (21, 34)], M, 1.6, 0.7)
    c.stroke([(19, 46), (45, 46)], L, 1.6, 0.7)
    c.rect(15, 24, 49, 36, W, 1.0)
    for x in range(17, 49, 4):
        c.line([(x, 25), (x, 35)], M, 0.5, False)
    c.rect(13, 22, 51, 25.5, L, 0.9)
    c.rect(13, 34, 51, 37, L, 0.9)
    c.stroke([(17, 22), (17, 13)], L, 1.5, 0.7)
    c.stroke([(47, 22), (47, 13)], L, 1.5, 0.7)
    c.poly([(10, 14), (32, 2), (54, 14)], L, 1.0)
    c.poly([(32, 2), (54, 14), (38, 14)], M)
    c.poly([(10, 14), (32, 2), (54, 14)], None, 1.0)
    c.stroke([(32, 2), (32, -1)], M, 0.8, 0.5)
    c.rect(27, 27, 37, 33, INK)
    c.stroke([(28, 55), (28, 38)], M, 1.0, 0.5)
    c.stroke([(34, 55), (34, 38)], M, 1.0, 0.5)
    for y in range(40, 56, 4):
        c.line([(28, y), (34, y)], M, 0.8, False)
    return c.finish(0.8)


def struct_stone_tower() -> Image.Image:
    rng = rng_for("struct:stone_tower")
    c = Canvas(64)
    c.poly([(17, 62), (20, 18), (44, 18), (47, 62)], L, 1.0)
    for r, y in enumerate(range(20, 62, 5)):
        xl = 20 - (y - 18) * 3 / 44
        xr = 44 + (y - 18) * 3 / 44
        x = xl + (0 if r % 2 else -3)
        while x < xr:
            bw = rng.uniform(6, 8.5)
            x0, x1 = max(x, xl + 0.5), min(x + bw, xr - 0.5)
            if x1 - x0 > 1.5:
                c.rect(x0 + 0.3, y + 0.3, x1 - 0.3, y + 4.7, rng.choice([W, W, L]), 0.45, D, radius=0.8)
            x += bw
    c.rect(14, 14, 50, 20, L, 1.0)
    for i, mx in enumerate(range(14, 50, 7)):
        if i % 2 == 0:
            c.rect(mx, 7, mx + 7, 15, W, 1.0)
    c.line([(15, 16), (49, 16)], W, 0.8, False)
    c.poly([(29, 36), (29, 28), (32, 25), (35, 28), (35, 36)], INK)
    c.poly([(26, 62), (26, 50), (32, 45), (38, 50), (38, 62)], M, 0.9)
    c.line([(32, 46), (32, 62)], D, 0.6)
    c.circle(34.5, 55, 0.7, INK)
    return c.finish(0.8)


def struct_bridge() -> Image.Image:
    rng = rng_for("struct:bridge")
    c = Canvas(64)
    body = [(-2, 28), (66, 28), (66, 56), (-2, 56)]
    c.poly(body, L, 1.0)
    for r, y in enumerate((29.0, 34.5, 40.0, 45.5, 51.0)):
        x = -2.0 - (r % 2) * 4
        while x < 66:
            bw = rng.uniform(7, 10)
            c.rect(x + 0.3, y + 0.3, x + bw - 0.3, y + 5.2, rng.choice([W, L, L]), 0.45, D, radius=0.8)
            x += bw
    c.ellipse(32, 58, 19, 18, INK)
    c.erase_ellipse(32, 58, 17.8, 16.8)
    c.rect(-2, 56, 66, 64, (0, 0, 0, 0))
    c.rect(13.5, 56, 50.5, 64, (0, 0, 0, 0))
    c.rect(-2, 24, 66, 29, W, 1.0)
    for x in range(2, 64, 8):
        c.line([(x, 24.5), (x, 28.5)], M, 0.5, False)
    c.rect(-2, 15, 66, 17.5, L, 0.8)
    for x in range(3, 64, 10):
        c.rect(x - 1.3, 14, x + 1.3, 24.5, W, 0.8)
    return c.finish(0.8)


def wheel(c: Canvas, x: float, y: float, r: float) -> None:
    c.circle(x, y, r, L, 1.0)
    c.circle(x, y, r - 1.8, None, 0.5, D)
    for a in range(0, 180, 45):
        dx, dy = math.cos(math.radians(a)) * (r - 1.2), math.sin(math.radians(a)) * (r - 1.2)
        c.line([(x - dx, y - dy), (x + dx, y + dy)], D, 0.9, False)
    c.circle(x, y, 1.6, M, 0.7)


def struct_catapult() -> Image.Image:
    c = Canvas(64)
    c.stroke([(40, 20), (36, 42)], L, 2.4, 0.9)
    c.stroke([(40, 20), (48, 42)], L, 2.4, 0.9)
    c.stroke([(6, 42), (58, 42)], W, 3.2, 0.9)
    c.stroke([(38, 19), (44, 19)], M, 2.4, 0.8)  # crossbar
    c.stroke([(43, 36), (12, 14)], W, 2.4, 0.9)  # throwing arm
    c.ellipse(11, 12.5, 5, 3.2, L, 0.9)  # bucket
    c.circle(11, 10.4, 3.0, M, 0.8)  # stone
    c.circle(10, 9.6, 1.0, L)
    c.rect(38, 34, 46, 41, M, 0.8)  # counter block / winch
    c.circle(42, 37.5, 1.5, D)
    wheel(c, 15, 48, 8)
    wheel(c, 48, 48, 8)
    return c.finish(0.8)


def struct_siege_engine() -> Image.Image:
    """A wheeled siege tower (siege mod, E3): a timber frame with a ladder up its face and a hinged ramp."""
    c = Canvas(64)
    c.rect(16, 8, 46, 46, L, 1.2)  # the tower's timber frame
    for y in (17.0, 26.0, 35.0):
        c.line([(16.5, y), (45.5, y)], D, 0.9, False)
    c.line([(17, 9), (45, 45)], M, 1.0, False)  # cross bracing
    c.line([(45, 9), (17, 45)], M, 1.0, False)
    c.rect(12, 4, 50, 9, W, 1.0)  # the fighting platform
    for x in (14.0, 22.0, 30.0, 38.0, 46.0):
        c.rect(x - 1.5, 0.5, x + 1.5, 4.5, M, 0.7)  # its battlements
    c.poly([(46, 6), (60, 16), (58, 18.5), (46, 10)], W, 0.9)  # the ramp, lowered toward the wall
    c.line([(8, 46), (14, 8)], D, 1.2, False)
    c.line([(13, 46), (19, 8)], D, 1.2, False)
    for k in range(1, 8):
        y = 46 - k * 4.8
        c.line([(8 + (46 - y) * 6 / 38, y), (13 + (46 - y) * 6 / 38, y)], D, 0.9, False)
    c.rect(12, 44, 50, 49, M, 0.9)  # the chassis
    wheel(c, 19, 52, 7)
    wheel(c, 43, 52, 7)
    return c.finish(0.8)


def struct_defense_upgrade() -> Image.Image:
    c = Canvas(64)
    plate = [(10, 10), (54, 10), (54, 34), (32, 56), (10, 34)]
    c.poly(plate, L, 1.6)
    c.poly([(14, 14), (50, 14), (50, 32.5), (32, 50.5), (14, 32.5)], W, 0.8, D)
    c.poly([(14, 14), (32, 14), (32, 50.5), (14, 32.5)], (236, 236, 242, 255))
    c.poly([(18, 16), (24, 16), (16, 28)], (255, 255, 255, 255))
    c.poly([(20, 28), (32, 20), (44, 28), (44, 34), (32, 26), (20, 34)], M, 1.0)
    c.poly([(20, 38), (32, 30), (44, 38), (44, 43), (32, 35.5), (20, 43)], M, 1.0)
    for rx, ry in ((14.5, 14.5), (49.5, 14.5), (14.5, 31), (49.5, 31), (32, 47.5)):
        c.circle(rx, ry, 1.8, M, 0.7)
        c.circle(rx - 0.5, ry - 0.5, 0.6, W)
    return c.finish(0.8)


def struct_dock() -> Image.Image:
    c = Canvas(64)
    for x in (8.0, 22.0, 36.0, 50.0):
        c.rect(x - 1.8, 36, x + 1.8, 60, M, 0.9)
        c.line([(x - 1.8, 52), (x + 1.8, 52)], D, 0.7, False)
    c.stroke([(9, 44), (21, 56)], D, 0.9, 0.6)
    c.stroke([(37, 44), (49, 56)], D, 0.9, 0.6)
    c.rect(2, 32, 62, 38, W, 1.0)
    for x in range(5, 62, 5):
        c.line([(x, 32.5), (x, 37.5)], M, 0.5, False)
    # crane
    c.stroke([(46, 32), (46, 8)], L, 2.4, 0.9)
    c.stroke([(46, 9), (24, 9)], L, 2.0, 0.9)
    c.stroke([(46, 18), (38, 9.5)], L, 1.2, 0.7)
    c.line([(26, 10), (26, 18)], D, 0.6)
    c.rect(21.5, 18, 30.5, 26, L, 0.9)
    c.line([(21.8, 18.2), (30.2, 25.8)], M, 0.6)
    c.line([(30.2, 18.2), (21.8, 25.8)], M, 0.6)
    # bollard and barrels on the deck
    c.rect(8, 27, 13, 32, M, 0.8, radius=1)
    c.rect(7, 26, 14, 28, L, 0.7, radius=1)
    c.ellipse(55, 28.5, 3.5, 3.7, L, 0.8)
    c.line([(51.8, 27), (58.2, 27)], D, 0.5)
    c.line([(51.8, 30), (58.2, 30)], D, 0.5)
    return c.finish(0.8)


def hull(
    c: Canvas, x0: float, x1: float, deck: float, keel: float, bow_rise: float, stern_rise: float
) -> None:
    pts = [
        (x0 - 2, deck - stern_rise),
        (x0 + 3, deck),
        (x1 - 5, deck),
        (x1 + 2, deck - bow_rise),
        (x1 - 4, keel - 2),
        (x1 - 10, keel),
        (x0 + 6, keel),
        (x0 + 1, keel - 3),
    ]
    c.poly(pts, L, 1.0)
    c.line([(x0 + 1, deck + 2.5), (x1 - 3, deck + 2.5)], M, 0.7, False)


def struct_small_transport() -> Image.Image:
    c = Canvas(64)
    c.stroke([(32, 42), (32, 12)], M, 1.4, 0.8)
    c.poly([(33.5, 13), (46, 38), (33.5, 38)], W, 0.9)
    c.poly([(30.5, 18), (30.5, 38), (21, 38)], L, 0.9)
    hull(c, 12, 52, 40, 50, 3, 2)
    c.rect(20, 35.5, 26, 40.5, M, 0.7)
    c.rect(38, 36.5, 43, 40.5, M, 0.7)
    c.stroke([(14, 37), (9, 49)], M, 1.0, 0.6)
    c.poly([(8, 46), (11, 47.5), (9.5, 52), (7, 51)], L, 0.6)
    return c.finish(0.8)


def struct_large_transport() -> Image.Image:
    c = Canvas(64)
    c.stroke([(30, 38), (30, 3)], M, 1.8, 0.8)
    c.stroke([(18, 7), (42, 7)], M, 1.2, 0.7)
    c.poly([(18, 7.5), (42, 7.5), (45, 20), (42, 33), (18, 33), (15, 20)], W, 1.0)
    for y in (15.0, 24.0):
        c.line([(16.5, y), (43.5, y)], M, 0.6, False)
    c.poly([(30, 3), (36, 4.5), (30, 6)], L, 0.6)
    hull(c, 4, 60, 37, 52, 4, 8)
    c.rect(3, 28, 14, 37.5, L, 0.9)  # stern castle
    c.rect(3, 26, 14, 28.5, W, 0.8)
    c.line([(4, 40.5), (58, 40.5)], M, 0.6, False)
    for x in (36.0, 42.0, 48.0):
        c.rect(x, 32, x + 5, 37, M, 0.7)
    return c.finish(0.8)


def struct_battleship() -> Image.Image:
    c = Canvas(64)
    for mx, top, sw in ((22.0, 4.0, 10.0), (42.0, 8.0, 8.5)):
        c.stroke([(mx, 38), (mx, top)], M, 1.6, 0.8)
        c.poly(
            [
                (mx - sw, top + 4),
                (mx + sw, top + 4),
                (mx + sw + 2, top + 13),
                (mx + sw, top + 23),
                (mx - sw, top + 23),
                (mx - sw - 2, top + 13),
            ],
            W,
            0.9,
        )
        c.line([(mx - sw - 1, top + 13), (mx + sw + 1, top + 13)], M, 0.6, False)
        c.poly([(mx, top), (mx + 7, top + 1.5), (mx, top + 3)], L, 0.6)
    hull(c, 2, 62, 36, 53, 5, 9)
    c.rect(1, 25, 13, 36.5, L, 0.9)
    for mx in range(1, 13, 4):
        c.rect(mx, 22, mx + 2.5, 25.5, L, 0.8)
    c.rect(49, 30, 59, 36.5, L, 0.9)
    c.rect(3, 40.5, 57, 46.5, M, 0.8)
    for x in range(11, 56, 9):
        c.rect(x - 2.0, 41.8, x + 2.0, 45.2, INK, radius=0.6)
        c.circle(x, 43.5, 1.1, D)
        c.circle(x, 43.5, 0.5, INK)
    c.poly([(60, 31), (66, 28), (64, 32)], M, 0.7)
    return c.finish(0.8)


# --------------------------------------------------------------------------------------------- flags


def flag(shape: str) -> Image.Image:
    c = Canvas(32)
    fold = L
    if shape == "pennant":
        c.poly([(7, 3), (30, 11.5), (7, 20)], W, 1.0)
        c.poly([(15, 6), (19, 7.6), (19, 15.4), (15, 17)], fold)
        c.poly([(7, 3), (30, 11.5), (7, 20)], None, 1.0)
    elif shape == "square":
        c.poly([(7, 3), (29, 4), (29, 20), (7, 19)], W, 1.0)
        c.poly([(16, 3.4), (20, 3.6), (20, 19.6), (16, 19.4)], fold)
        c.poly([(7, 3), (29, 4), (29, 20), (7, 19)], None, 1.0)
    elif shape == "swallowtail":
        pts: list[Point] = [(7, 3), (30, 4), (21, 11.5), (30, 19), (7, 20)]
        c.poly(pts, W, 1.0)
        c.poly([(15, 3.4), (19, 3.5), (19, 19.5), (15, 19.6)], fold)
        c.poly(pts, None, 1.0)
    elif shape == "star":
        c.rect(7, 9, 11, 14, W, 1.0)
        pts = star_points(19.5, 12.5, 11.5, 5.0)
        c.poly(pts, W, 1.0)
        c.poly([(19.5, 12.5)] + pts[0:3], fold)
        c.poly(pts, None, 1.0)
    else:
        raise ValueError(shape)
    c.stroke([(6, 2.5), (6, 31)], M, 1.6, 0.8)
    c.circle(6, 2.2, 1.8, L, 0.8)
    return c.finish(0.6)


# --------------------------------------------------------------------------------------------- ui icons

GOLD = (236, 190, 60, 255)
GOLD_D = (170, 120, 30, 255)
STEEL = (200, 208, 220, 255)
STEEL_D = (120, 130, 150, 255)
WOODC = (168, 112, 60, 255)
WOOD_D = (110, 70, 36, 255)


def icon_food() -> Image.Image:
    c = Canvas(24)
    stalk, grain = (186, 150, 56, 255), (232, 194, 86, 255)
    for bx, tx, ty in ((13.0, 20.5, 2.5), (10.5, 9.0, 2.0)):  # two wheat ears behind the loaf
        c.stroke([(bx, 14), (tx, ty)], stalk, 0.6, 0.5)
        length = math.hypot(tx - bx, ty - 14)
        ux, uy = (tx - bx) / length, (ty - 14) / length
        for k in range(3):
            gx, gy = tx - ux * (1.5 + k * 2.1), ty - uy * (1.5 + k * 2.1)
            for side in (-1, 1):
                c.ellipse(gx - uy * side * 1.0, gy + ux * side * 1.0, 1.0, 1.0, grain, 0.45)
        c.ellipse(tx, ty, 0.9, 0.9, grain, 0.45)
    crust, crust_l, crust_d = (204, 132, 54, 255), (238, 184, 98, 255), (128, 74, 30, 255)
    c.ellipse(12, 16, 10, 6.2, crust, 0.9)
    c.ellipse(10.5, 14.4, 7, 3.2, crust_l)
    for x in (7.5, 11.5, 15.5):
        c.line([(x - 1.2, 12.8), (x + 1.4, 17.2)], crust_d, 0.8)
    return c.finish(0.6)


def icon_wood() -> Image.Image:
    c = Canvas(24)
    for x0, y0, x1, y1 in ((3, 17, 19, 13), (5, 11, 21, 7)):
        c.stroke([(x0, y0), (x1, y1)], WOODC, 5.0, 0.8)
        c.line([(x0 + 2, y0 - 1), (x1 - 3, y1 - 1)], WOOD_D, 0.6, False)
        c.ellipse(x1, y1, 2.6, 3.1, (230, 190, 130, 255), 0.7)
        c.ellipse(x1, y1, 1.3, 1.6, None, 0.4, WOOD_D)
    c.stroke([(14, 21), (22, 19)], WOODC, 3.4, 0.8)
    c.ellipse(22, 19, 1.8, 2.2, (230, 190, 130, 255), 0.6)
    return c.finish(0.6)


def icon_stone() -> Image.Image:
    c = Canvas(24)
    grey, grey_l, grey_d = (150, 150, 156, 255), (196, 196, 200, 255), (104, 104, 112, 255)
    c.poly([(2, 20), (3, 13), (8, 10), (13, 12), (14, 20)], grey, 0.8)
    c.poly([(3.5, 13.5), (8, 10.8), (12.5, 12.6), (8, 14)], grey_l)
    c.poly([(10, 20), (11, 10), (16, 5), (21, 8), (22, 20)], grey_d, 0.8)
    c.poly([(11.5, 10.5), (16, 5.8), (20.5, 8.5), (16, 11)], grey_l)
    c.poly([(6, 21), (8, 16), (14, 15), (17, 21)], grey, 0.8)
    c.line([(9, 17), (13, 16.3)], grey_l, 0.7)
    return c.finish(0.6)


def icon_metal() -> Image.Image:
    c = Canvas(24)
    for ox, oy in ((-4.5, 5.0), (4.5, 5.0), (0.0, -1.0)):
        x, y = 12 + ox, 12 + oy
        c.poly([(x - 5.5, y + 3), (x - 3.5, y - 2.5), (x + 3.5, y - 2.5), (x + 5.5, y + 3)], STEEL, 0.8)
        c.poly(
            [(x - 3.5, y - 2.5), (x + 3.5, y - 2.5), (x + 2.8, y - 0.8), (x - 2.8, y - 0.8)],
            (236, 240, 248, 255),
        )
        c.line([(x + 3, y - 2), (x + 4.6, y + 2.5)], STEEL_D, 0.8)
    return c.finish(0.6)


def icon_mp() -> Image.Image:
    c = Canvas(24)
    leather, leather_d = (150, 96, 52, 255), (100, 60, 30, 255)
    c.poly([(7, 2.5), (14, 2.5), (14, 13), (21, 16), (21.5, 20), (4.5, 20), (5.5, 12)], leather, 0.9)
    c.rect(6.5, 2.5, 14.5, 5, (190, 140, 90, 255), 0.7)
    c.rect(4.3, 19.5, 21.7, 21.5, leather_d, 0.7)
    for y in (8.0, 11.0):
        c.line([(12, y), (14.2, y + 1)], (230, 200, 150, 255), 0.6)
    for dx in (0.0, 3.0):
        c.line([(1 + dx, 9 + dx * 0.8), (4 + dx, 9 + dx * 0.8)], (255, 255, 255, 230), 0.7)
    return c.finish(0.6)


def sword(c: Canvas, a: Point, b: Point, scale: float = 1.0) -> None:
    ax, ay = a
    bx, by = b
    length = math.hypot(bx - ax, by - ay)
    ux, uy = (bx - ax) / length, (by - ay) / length
    px, py = -uy, ux
    hw = 1.4 * scale
    guard = (ax + ux * 4.2 * scale, ay + uy * 4.2 * scale)
    blade = [
        (guard[0] + px * hw, guard[1] + py * hw),
        (bx - ux * 2.5 * scale + px * hw, by - uy * 2.5 * scale + py * hw),
        (bx, by),
        (bx - ux * 2.5 * scale - px * hw, by - uy * 2.5 * scale - py * hw),
        (guard[0] - px * hw, guard[1] - py * hw),
    ]
    c.poly(blade, STEEL, 0.7)
    c.line([guard, (bx - ux * 2.5 * scale, by - uy * 2.5 * scale)], (244, 246, 252, 255), 0.5 * scale, False)
    c.stroke([a, guard], WOOD_D, 1.4 * scale, 0.6)
    gl = 3.6 * scale
    c.stroke(
        [(guard[0] + px * gl, guard[1] + py * gl), (guard[0] - px * gl, guard[1] - py * gl)],
        GOLD,
        1.1 * scale,
        0.6,
    )
    c.circle(ax, ay, 1.1 * scale, GOLD, 0.5)


def icon_attack() -> Image.Image:
    c = Canvas(24)
    sword(c, (4, 20), (21, 3))
    return c.finish(0.6)


def shield_shape(c: Canvas, cx: float, top: float, w: float, h: float) -> None:
    pts = [(cx - w, top), (cx + w, top), (cx + w, top + h * 0.45), (cx, top + h), (cx - w, top + h * 0.45)]
    c.poly(pts, (60, 110, 190, 255), 0.9)
    c.poly(
        [(cx - w + 1.6, top + 1.6), (cx, top + 1.6), (cx, top + h - 2.2), (cx - w + 1.6, top + h * 0.45)],
        (96, 150, 220, 255),
    )
    c.poly(pts, None, 0.9)
    c.poly(pts, None, 0.6, GOLD)
    c.poly(pts, None, 0.9)


def icon_defense() -> Image.Image:
    c = Canvas(24)
    shield_shape(c, 12, 2.5, 8.5, 19.5)
    c.poly(
        [
            (12, 6),
            (13.5, 10),
            (17, 10),
            (14.2, 12.4),
            (15.3, 16),
            (12, 13.8),
            (8.7, 16),
            (9.8, 12.4),
            (7, 10),
            (10.5, 10),
        ],
        GOLD,
        0.5,
    )
    return c.finish(0.6)


def icon_battle() -> Image.Image:
    c = Canvas(24)
    sword(c, (3.5, 20.5), (20.5, 3.5), 0.95)
    sword(c, (20.5, 20.5), (3.5, 3.5), 0.95)
    return c.finish(0.6)


def icon_disrupted() -> Image.Image:
    c = Canvas(24)
    outer = [
        (12, 1.5),
        (15, 6),
        (18.5, 4.5),
        (19, 10),
        (21, 14),
        (19.5, 19.5),
        (15, 22.5),
        (9, 22.5),
        (4.5, 19.5),
        (3, 14),
        (5, 9),
        (7, 11),
        (8.5, 5),
    ]
    c.poly(outer, (226, 70, 30, 255), 0.9)
    mid = [
        (12, 7),
        (14.5, 11),
        (16.5, 10),
        (17.5, 15),
        (16, 20),
        (12, 21.5),
        (8, 20),
        (6.5, 16),
        (8, 12.5),
        (10, 14),
    ]
    c.poly(mid, (250, 150, 40, 255))
    inner = [(12, 12.5), (14.3, 16.5), (13.8, 20), (12, 21), (10.2, 20), (9.8, 17)]
    c.poly(inner, (255, 236, 130, 255))
    return c.finish(0.6)


def icon_end_turn() -> Image.Image:
    c = Canvas(24)
    sand = (232, 196, 110, 255)
    glass = (210, 232, 246, 255)
    c.poly([(6, 4), (18, 4), (13.2, 12), (18, 20), (6, 20), (10.8, 12)], glass, 0.8)
    c.poly([(8.4, 6.5), (15.6, 6.5), (12, 11.2)], sand)
    c.poly([(12, 14.5), (16.2, 19.3), (7.8, 19.3)], sand)
    c.line([(12, 11), (12, 16)], sand, 0.6, False)
    c.rect(4, 1.5, 20, 4.5, WOODC, 0.8, radius=1)
    c.rect(4, 19.5, 20, 22.5, WOODC, 0.8, radius=1)
    return c.finish(0.6)


def icon_badge() -> Image.Image:
    c = Canvas(20)
    c.circle(10, 10, 8.6, W, 1.8)
    return c.finish()


def logo() -> Image.Image:
    w, h = 512, 160
    s = 2
    img = Image.new("RGBA", (w * s, h * s), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    navy, navy_l, gold = (28, 38, 70, 255), (54, 74, 128, 255), (240, 198, 86, 255)
    dark, red = (14, 14, 22, 255), (132, 32, 38, 255)

    def sc(pts: Sequence[Point]) -> list[tuple[float, float]]:
        return [(x * s, y * s) for x, y in pts]

    top, bot = 62.0, 146.0
    mid = (top + bot) / 2
    # ribbon tails behind the banner
    for side in (-1, 1):
        inner_x, outer_x = 256 + side * 200, 256 + side * 254
        tail = [
            (inner_x, top + 16),
            (outer_x, top + 16),
            (outer_x - side * 16, mid + 12),
            (outer_x, bot + 10),
            (inner_x, bot + 10),
        ]
        d.polygon(sc(tail), fill=red, outline=dark, width=3 * s)
        d.polygon(sc([(inner_x, bot + 10), (inner_x + side * 14, bot), (inner_x, bot)]), fill=dark)
    # main banner with a vertical gradient
    banner = [(30, top), (482, top), (498, mid), (482, bot), (30, bot), (14, mid)]
    grad = Image.new("RGBA", img.size, (0, 0, 0, 0))
    gd = ImageDraw.Draw(grad)
    for i in range(int(top * s), int(bot * s) + 1):
        t = (i / s - top) / (bot - top)
        gd.line([(0, i), (w * s, i)], fill=mix(navy_l, navy, min(1.0, t * 1.4)))
    mask = Image.new("L", img.size, 0)
    ImageDraw.Draw(mask).polygon(sc(banner), fill=255)
    img.paste(grad, (0, 0), mask)
    inner = [(37, top + 7), (475, top + 7), (488, mid), (475, bot - 7), (37, bot - 7), (24, mid)]
    d.polygon(sc(inner), outline=gold, width=2 * s)
    d.polygon(sc(banner), outline=dark, width=4 * s)
    for x in (52, 460):
        d.polygon(sc(star_points(x, mid, 10, 4.2)), fill=gold, outline=dark, width=2 * s)
    # title text, sized to fit between the stars
    text = "FORCES OF CONQUEST"
    size = 48
    while True:
        font = ImageFont.load_default(size=size * s)
        box = d.textbbox((0, 0), text, font=font, stroke_width=3 * s)
        if box[2] - box[0] <= 370 * s or size <= 20:
            break
        size -= 1
    tw, th = box[2] - box[0], box[3] - box[1]
    tx = (w * s - tw) / 2 - box[0]
    ty = (mid + 2) * s - th / 2 - box[1]
    shadow = (0, 0, 0, 170)
    d.text((tx + 2 * s, ty + 3 * s), text, font=font, fill=shadow, stroke_width=3 * s, stroke_fill=shadow)
    d.text((tx, ty), text, font=font, fill=gold, stroke_width=3 * s, stroke_fill=dark)
    d.text((tx, ty - 1 * s), text, font=font, fill=(255, 230, 150, 255))
    d.text((tx, ty), text, font=font, fill=gold)
    # crossed swords behind a shield, centred on the banner's top edge
    cv = Canvas(72, ss=s * 2)
    sword(cv, (8, 64), (64, 8), 2.8)
    sword(cv, (64, 64), (8, 8), 2.8)
    shield_shape(cv, 36, 12, 15, 40)
    cv.poly(star_points(36, 29, 8.5, 3.6), GOLD, 0.9)
    emblem = cv.finish(1.2).resize((72 * s, 72 * s), Image.Resampling.LANCZOS)
    img.alpha_composite(emblem, (int((256 - 36) * s), 0))
    return img.resize((w, h), Image.Resampling.LANCZOS)


# --------------------------------------------------------------------------------------------- sounds

RATE = 22050


class Synth:
    """A mono sample buffer with a few additive helpers."""

    def __init__(self, seconds: float, seed: str) -> None:
        self.n = int(seconds * RATE)
        self.buf = [0.0] * self.n
        self.rng = rng_for(f"sound:{seed}")

    def add(self, start: float, dur: float, fn: Callable[[float, float], float]) -> None:
        """Add fn(t_local, progress) from start for dur seconds."""
        i0 = int(start * RATE)
        count = int(dur * RATE)
        for k in range(count):
            i = i0 + k
            if i >= self.n:
                break
            t = k / RATE
            self.buf[i] += fn(t, k / count)

    def noise(
        self, start: float, dur: float, amp: float, decay: float, lowpass: float = 1.0, attack: float = 0.002
    ) -> None:
        """Filtered white noise with an exponential decay; lowpass in 0..1 (1 = none)."""
        state = 0.0
        rng = self.rng
        i0 = int(start * RATE)
        for k in range(int(dur * RATE)):
            i = i0 + k
            if i >= self.n:
                break
            t = k / RATE
            state += lowpass * (rng.uniform(-1, 1) - state)
            env = min(1.0, t / attack) * math.exp(-t * decay)
            self.buf[i] += amp * state * env

    def tone(
        self,
        start: float,
        dur: float,
        freq: float,
        amp: float,
        decay: float = 0.0,
        attack: float = 0.005,
        harmonics: Sequence[float] = (1.0,),
        glide: float = 0.0,
        release: float = 0.03,
    ) -> None:
        def fn(t: float, p: float) -> float:
            phase = math.tau * freq * t * (1.0 + 0.5 * glide * p)  # linear glide over the note
            v = sum(h * math.sin(phase * (k + 1)) for k, h in enumerate(harmonics) if h)
            env = min(1.0, t / attack) * math.exp(-t * decay)
            remaining = dur - t
            if remaining < release:
                env *= max(0.0, remaining / release)
            return amp * v * env

        self.add(start, dur, fn)

    def bell(self, start: float, dur: float, freq: float, amp: float, decay: float) -> None:
        for ratio, a, dk in ((1.0, 1.0, 1.0), (2.0, 0.45, 1.6), (2.76, 0.3, 2.2), (5.4, 0.12, 3.5)):
            self.tone(start, dur, freq * ratio, amp * a, decay * dk, attack=0.002)

    def write(self, path: Path, peak: float = 0.82) -> None:
        fade = int(0.004 * RATE)
        for k in range(min(fade, self.n)):
            self.buf[k] *= k / fade
            self.buf[-1 - k] *= k / fade
        top = max(abs(v) for v in self.buf) or 1.0
        scale = peak * 32767 / top
        frames = b"".join(struct.pack("<h", int(max(-32767, min(32767, v * scale)))) for v in self.buf)
        path.parent.mkdir(parents=True, exist_ok=True)
        with wave.open(str(path), "wb") as wf:
            wf.setnchannels(1)
            wf.setsampwidth(2)
            wf.setframerate(RATE)
            wf.writeframes(frames)


def sound_select() -> Synth:
    s = Synth(0.09, "select")
    s.tone(0, 0.09, 1760, 0.5, decay=60, attack=0.001, harmonics=(1.0, 0.0, 0.2))
    s.tone(0, 0.09, 880, 0.35, decay=45, attack=0.001)
    s.noise(0, 0.02, 0.25, 250, 0.6)
    return s


def sound_move() -> Synth:
    s = Synth(0.75, "move")
    for i, st in enumerate((0.0, 0.2, 0.4, 0.58)):
        s.noise(st, 0.12, 0.9 - i * 0.12, 40, 0.12, attack=0.004)
        s.tone(st, 0.1, 110 - i * 6, 0.5, decay=45, attack=0.002, glide=-0.3)
    s.noise(0.0, 0.75, 0.18, 2.5, 0.05, attack=0.25)
    return s


def sound_battle() -> Synth:
    s = Synth(0.95, "battle")
    for st, amp in ((0.0, 1.0), (0.32, 0.75)):
        s.noise(st, 0.25, 0.9 * amp, 22, 0.7, attack=0.001)
        for f, a in ((523, 0.35), (1187, 0.3), (1833, 0.25), (2710, 0.18), (3523, 0.12)):
            s.tone(st, 0.6, f * (1 + st * 0.05), a * amp, decay=9 + f / 400, attack=0.001)
        s.tone(st, 0.15, 90, 0.5 * amp, decay=30, attack=0.001)
    return s


def sound_build() -> Synth:
    s = Synth(1.0, "build")
    for st in (0.0, 0.28, 0.56):
        s.tone(st, 0.2, 180, 0.7, decay=28, attack=0.001, glide=-0.35)
        s.tone(st, 0.12, 640, 0.35, decay=45, attack=0.001, harmonics=(1.0, 0.3))
        s.noise(st, 0.05, 0.55, 90, 0.5, attack=0.0005)
    return s


def sound_destroy() -> Synth:
    s = Synth(1.3, "destroy")
    s.noise(0.0, 1.3, 0.8, 2.6, 0.06, attack=0.01)
    s.tone(0.0, 1.2, 55, 0.55, decay=3.0, attack=0.01, harmonics=(1.0, 0.4), glide=-0.25)
    rng = rng_for("sound:destroy:grains")
    for _ in range(38):
        st = rng.uniform(0.02, 1.05)
        s.noise(st, 0.06, rng.uniform(0.15, 0.45) * (1.2 - st * 0.7), 70, rng.uniform(0.2, 0.6), attack=0.001)
    return s


def sound_victory() -> Synth:
    s = Synth(1.45, "victory")
    notes = [523.25, 659.25, 783.99, 1046.5]
    for i, f in enumerate(notes):
        st = i * 0.13
        dur = 1.45 - st if i == 3 else 0.5
        decay = 2.5 if i == 3 else 5.0
        s.tone(st, dur, f, 0.35, decay=decay, attack=0.006, harmonics=(1.0, 0.35, 0.15, 0.05), release=0.12)
    s.tone(0.39, 1.06, 523.25, 0.14, decay=2.2, attack=0.02, harmonics=(1.0, 0.2), release=0.12)
    s.tone(0.39, 1.06, 659.25, 0.12, decay=2.2, attack=0.02, harmonics=(1.0, 0.2), release=0.12)
    return s


def sound_rogue() -> Synth:
    s = Synth(1.4, "rogue")

    def drone(t: float, p: float) -> float:
        env = min(1.0, t / 0.25) * (1.0 - p) ** 1.5
        trem = 0.75 + 0.25 * math.sin(math.tau * 5.0 * t)
        v = (
            math.sin(math.tau * 55.0 * t)
            + 0.6 * math.sin(math.tau * 58.27 * t)
            + 0.45 * math.sin(math.tau * 110.0 * t + 0.3)
            + 0.35 * math.sin(math.tau * 130.81 * t)
            + 0.12 * math.sin(math.tau * 196.0 * t * (1 - 0.04 * p))
        )
        return 0.35 * env * trem * v

    s.add(0, 1.4, drone)
    s.noise(0, 1.4, 0.08, 1.8, 0.03, attack=0.3)
    return s


def sound_production() -> Synth:
    s = Synth(0.8, "production")
    s.bell(0.0, 0.5, 1318.5, 0.45, 9)
    s.bell(0.09, 0.71, 1975.5, 0.4, 6)
    s.noise(0.0, 0.02, 0.2, 200, 0.9)
    s.noise(0.09, 0.02, 0.15, 200, 0.9)
    return s


def sound_error() -> Synth:
    s = Synth(0.42, "error")
    harm = (1.0, 0.0, 0.33, 0.0, 0.2, 0.0, 0.14)
    s.tone(0.0, 0.16, 110, 0.4, attack=0.004, harmonics=harm, release=0.03)
    s.tone(0.0, 0.16, 116.5, 0.25, attack=0.004, harmonics=harm, release=0.03)
    s.tone(0.22, 0.2, 98, 0.4, attack=0.004, harmonics=harm, release=0.05)
    s.tone(0.22, 0.2, 103.8, 0.25, attack=0.004, harmonics=harm, release=0.05)
    return s



# ------------------------------------------------------------------- equipment (mods' accessories and works)
# The accessories mod's pieces of equipment and the castle works mod's gates and moat, shown in the help
# and the panel: white/grey like the unit sprites (48 px).


def equip_bow() -> Image.Image:
    c = Canvas(48)
    c.arc(14, 24, 14, 20, -70, 70, L, 3.2)  # the bow's limb
    c.line([(19, 5), (19, 43)], D, 1.0, False)  # its string
    c.stroke([(8, 24), (42, 24)], W, 2.0, 0.8)  # the arrow
    c.poly([(42, 20.5), (47, 24), (42, 27.5)], M, 0.8)
    c.poly([(8, 24), (4, 20), (6, 24), (4, 28)], L, 0.6)
    return c.finish(0.8)


def equip_ladder() -> Image.Image:
    c = Canvas(48)
    c.stroke([(12, 46), (20, 2)], L, 3.0, 0.9)
    c.stroke([(28, 46), (36, 2)], L, 3.0, 0.9)
    for k in range(1, 8):
        y = 46 - k * 5.6
        x = (46 - y) * 8 / 44
        c.stroke([(12 + x, y), (28 + x, y)], W, 2.2, 0.8)
    return c.finish(0.8)


def equip_battering_ram() -> Image.Image:
    c = Canvas(48)
    c.stroke([(4, 22), (40, 22)], L, 8.0, 1.0)  # the log
    c.poly([(38, 14), (46, 18), (46, 26), (38, 30)], M, 1.0)  # its iron head
    for x in (12.0, 28.0):
        c.stroke([(x, 26), (x - 4, 40)], D, 1.6, 0.6)  # handles
        c.stroke([(x, 26), (x + 4, 40)], D, 1.6, 0.6)
    return c.finish(0.8)


def equip_cauldron() -> Image.Image:
    c = Canvas(48)
    c.ellipse(24, 28, 16, 12, M, 1.2)
    c.ellipse(24, 19, 16, 4, L, 1.0)
    c.ellipse(24, 19, 13, 2.6, (250, 210, 120, 255))  # boiling oil
    for x in (17.0, 24.0, 31.0):
        c.arc(x, 10, 2.2, 4, 200, 340, W, 1.2)  # steam
    c.stroke([(14, 38), (10, 46)], D, 2.0, 0.6)
    c.stroke([(34, 38), (38, 46)], D, 2.0, 0.6)
    return c.finish(0.8)


def equip_armour() -> Image.Image:
    c = Canvas(48)
    body = [(10, 8), (18, 6), (24, 10), (30, 6), (38, 8), (42, 18), (36, 20), (36, 42), (12, 42), (12, 20), (6, 18)]
    c.poly(body, L, 1.2)
    c.line([(24, 11), (24, 41)], D, 0.9, False)
    for y in (22.0, 30.0, 38.0):
        c.line([(13, y), (35, y)], M, 0.9, False)
    c.poly([(14, 10), (20, 8), (16, 18)], W)
    return c.finish(0.8)


def equip_portcullis() -> Image.Image:
    c = Canvas(48)
    c.rect(4, 4, 44, 46, M, 1.2)  # the arch
    c.rect(10, 10, 38, 46, (60, 58, 66, 255), 0.8)
    for x in (14.0, 20.0, 26.0, 32.0):
        c.stroke([(x, 10), (x, 40)], L, 2.0, 0.6)
        c.poly([(x - 1.6, 40), (x + 1.6, 40), (x, 44)], L, 0.5)
    for y in (18.0, 28.0):
        c.stroke([(11, y), (37, y)], L, 2.0, 0.6)
    return c.finish(0.8)


def equip_drawbridge() -> Image.Image:
    c = Canvas(48)
    c.rect(2, 4, 20, 44, M, 1.2)  # the gatehouse
    c.rect(6, 16, 16, 44, (60, 58, 66, 255), 0.8)
    c.poly([(16, 40), (46, 34), (46, 40), (16, 46)], L, 1.0)  # the lowered bridge
    for x in (24.0, 32.0, 40.0):
        c.line([(x, 38.4 - (x - 16) * 0.2 + 2), (x, 44.4 - (x - 16) * 0.2)], D, 0.7, False)
    c.line([(18, 8), (44, 34)], D, 0.9, False)  # its chains
    return c.finish(0.8)


def equip_moat() -> Image.Image:
    c = Canvas(48)
    c.rect(2, 2, 46, 16, M, 1.0)  # the wall above
    for x in range(4, 46, 8):
        c.line([(x, 2), (x, 16)], D, 0.6, False)
    c.rect(2, 20, 46, 46, (90, 170, 215, 255), 1.0)  # the water
    for y in (27.0, 35.0, 42.0):
        c.arc(14, y, 6, 2, 200, 340, W, 1.0)
        c.arc(32, y + 2, 6, 2, 200, 340, W, 1.0)
    return c.finish(0.8)


EQUIPMENT: dict[str, Callable[[], Image.Image]] = {
    "bow": equip_bow,
    "ladder": equip_ladder,
    "battering_ram": equip_battering_ram,
    "cauldron": equip_cauldron,
    "armour": equip_armour,
    "drawbridge": equip_drawbridge,
    "portcullis": equip_portcullis,
    "moat": equip_moat,
}

# --------------------------------------------------------------------------------------------- manifest


def toml_str(v: str) -> str:
    return json.dumps(v)


def toml_table(name: str, items: dict[str, str]) -> list[str]:
    return [f"[{name}]"] + [f"{k} = {toml_str(v)}" for k, v in items.items()] + [""]


def write_manifest(ui: dict[str, str]) -> None:
    lines = [
        "# Generated by assets/make_assets.py -- do not edit by hand; re-run the script instead.",
        "# Paths are relative to this file's directory (assets/).",
        "# Unit and structure sprites are white/grey with a dark outline: tint them with the owner's colour.",
        "",
        "tile_size = 64",
        "unit_size = 48",
        "structure_size = 64",
        "flag_size = 32",
        "icon_size = 24",
        f"rogue_color = {toml_str(ROGUE_COLOR)}",
        f"rogue_badge = {toml_str('units/rogue.png')}",
        "",
    ]
    lines += toml_table("terrain", {t: f"terrain/{t}.png" for t in TERRAIN_IDS})
    lines += toml_table("terrain_disrupted", {t: f"terrain/{t}_disrupted.png" for t in DISRUPTED_IDS})
    lines += toml_table("terrain_colors", TERRAIN_COLORS)
    lines += toml_table("equipment", {k: f"equipment/{k}.png" for k in EQUIPMENT})
    units = {u: f"units/{u}.png" for u in UNIT_IDS}
    units["rogue"] = "units/rogue.png"
    lines += toml_table("units", units)
    lines += toml_table("structures", {s: f"structures/{s}.png" for s in STRUCTURE_IDS})
    lines += toml_table("marks", {m: f"marks/{m}.png" for m in MARK_IDS})
    lines.append("[flags]")
    lines.append("# one flag shape per seat, in seat order (seat 1 first): a second cue beside the colour")
    lines.append("seats = [" + ", ".join(toml_str(f"flags/flag_{f}.png") for f in FLAG_SHAPES) + "]")
    lines += [f"{f} = {toml_str(f'flags/flag_{f}.png')}" for f in FLAG_SHAPES] + [""]
    lines += toml_table("ui", ui)
    lines += toml_table("sounds", {s: f"sounds/{s}.wav" for s in SOUND_IDS})
    lines.append("[player_colors]")
    lines.append("# Okabe-Ito colour-blind-safe palette, in seat order (seat 1 first)")
    lines.append("seats = [" + ", ".join(toml_str(c) for c in PLAYER_COLORS) + "]")
    names = ["orange", "sky_blue", "bluish_green", "reddish_purple"]
    lines += [f"{n} = {toml_str(c)}" for n, c in zip(names, PLAYER_COLORS, strict=True)]
    lines.append(f"rogue_color = {toml_str(ROGUE_COLOR)}")
    lines.append("")
    (ROOT / "manifest.toml").write_text("\n".join(lines), encoding="utf-8")


LICENSE_TEXT = """# Asset licence

Every image and sound in this directory (`terrain/`, `units/`, `structures/`, `flags/`, `ui/`, `sounds/`)
and `manifest.toml` was generated procedurally by `assets/make_assets.py` for the Forces of Conquest
project: shapes and textures drawn with Pillow, sounds synthesised with the Python standard library.
No third-party artwork, samples or fonts are embedded (the logo uses Pillow's built-in default font).

To the extent possible under law, the authors have dedicated these generated assets to the public domain
under [CC0 1.0 Universal](https://creativecommons.org/publicdomain/zero/1.0/). You may copy, modify and
distribute them, even commercially, without asking permission.

Regenerate them with:

    .venv/bin/python assets/make_assets.py

The script is deterministic (seeded `random.Random`), so re-running it reproduces identical files.
"""


# --------------------------------------------------------------------------------------------- main


def save(img: Image.Image, rel: str) -> None:
    path = ROOT / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    img.save(path, optimize=True)


def main() -> None:
    terrains: dict[str, Callable[[], Image.Image]] = {
        "plain": terrain_plain,
        "forest": terrain_forest,
        "mountain": terrain_mountain,
        "mine": terrain_mine,
        "shallow_water": terrain_shallow,
        "deep_water": terrain_deep,
        "barren": terrain_barren,
    }
    for name, fn in terrains.items():
        save(add_grain(fn(), name), f"terrain/{name}.png")
    save(add_grain(terrain_plain_disrupted(), "plain_disrupted"), "terrain/plain_disrupted.png")
    save(add_grain(terrain_forest_disrupted(), "forest_disrupted"), "terrain/forest_disrupted.png")

    units: dict[str, Callable[[], Image.Image]] = {
        "soldier": unit_soldier,
        "ranger": unit_ranger,
        "defender": unit_defender,
        "cavalry": unit_cavalry,
        "medic": unit_medic,
        "pikeman": unit_pikeman,
        "marshal": unit_marshal,
        "huntmaster": unit_huntmaster,
        "rogue": unit_rogue_badge,
    }
    for name, fn in units.items():
        save(fn(), f"units/{name}.png")

    structures: dict[str, Callable[[], Image.Image]] = {
        "wooden_wall": struct_wooden_wall,
        "stone_wall": struct_stone_wall,
        "wooden_tower": struct_wooden_tower,
        "stone_tower": struct_stone_tower,
        "bridge": struct_bridge,
        "catapult": struct_catapult,
        "defense_upgrade": struct_defense_upgrade,
        "dock": struct_dock,
        "small_transport": struct_small_transport,
        "large_transport": struct_large_transport,
        "battleship": struct_battleship,
        "siege_engine": struct_siege_engine,
    }
    for name, fn in structures.items():
        save(fn(), f"structures/{name}.png")

    for name, fn in EQUIPMENT.items():
        save(fn(), f"equipment/{name}.png")
    marks: dict[str, Callable[[], Image.Image]] = {"burning": mark_burning}
    for name, fn in marks.items():
        save(fn(), f"marks/{name}.png")

    for shape in FLAG_SHAPES:
        save(flag(shape), f"flags/flag_{shape}.png")

    icons: dict[str, Callable[[], Image.Image]] = {
        "food": icon_food,
        "wood": icon_wood,
        "stone": icon_stone,
        "metal": icon_metal,
        "mp": icon_mp,
        "attack": icon_attack,
        "defense": icon_defense,
        "battle": icon_battle,
        "disrupted": icon_disrupted,
        "end_turn": icon_end_turn,
    }
    ui: dict[str, str] = {}
    for name, fn in icons.items():
        save(fn(), f"ui/{name}.png")
        ui[name] = f"ui/{name}.png"
    save(icon_badge(), "ui/badge.png")
    ui["badge"] = "ui/badge.png"
    save(logo(), "ui/logo.png")
    ui["logo"] = "ui/logo.png"

    sounds: dict[str, Callable[[], Synth]] = {
        "select": sound_select,
        "move": sound_move,
        "battle": sound_battle,
        "build": sound_build,
        "destroy": sound_destroy,
        "victory": sound_victory,
        "rogue": sound_rogue,
        "production": sound_production,
        "error": sound_error,
    }
    for name, synth in sounds.items():
        synth().write(ROOT / "sounds" / f"{name}.wav")

    write_manifest(ui)
    (ROOT / "LICENSE.md").write_text(LICENSE_TEXT, encoding="utf-8")


if __name__ == "__main__":
    main()
