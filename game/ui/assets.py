"""Art looked up by type id through assets/manifest.toml, plus a few textures drawn here (badges, discs)."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

import arcade
from PIL import Image, ImageDraw, ImageFont

from game import resources
from game.ui import theme
from game.ui.theme import Color

ASSETS = resources.ASSETS
_BOX = arcade.hitbox.algo_bounding_box
_FONT_FILE = ":system:fonts/ttf/Kenney/Kenney_Future.ttf"
_BOLD_FILES = ("/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",)
BADGE_SHAPES = {"pennant": "circle", "square": "square", "swallowtail": "diamond", "star": "hexagon"}


# --- manifest colours and paths without an Assets (the dialogs drawn each frame use these)

@lru_cache(maxsize=1)
def manifest() -> dict:
    """The manifest read once per process, without an `Assets` (an empty table if it cannot be read)."""
    try:
        return tomllib.loads((ASSETS / "manifest.toml").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}


def hex_color(text: str, fallback: tuple[int, int, int] = (200, 200, 200)) -> tuple[int, int, int]:
    text = text.lstrip("#")
    if len(text) != 6:
        return fallback
    try:
        return int(text[0:2], 16), int(text[2:4], 16), int(text[4:6], 16)
    except ValueError:
        return fallback


def seat_color(seat: int | None) -> tuple[int, int, int]:
    """The seat's colour from the manifest's colour-blind-safe palette; rogues are grey."""
    colors = manifest().get("player_colors", {})
    if seat is None:
        return hex_color(colors.get("rogue_color", "#444444"))
    seats = colors.get("seats", ["#E69F00", "#56B4E9", "#009E73", "#CC79A7"])
    return hex_color(seats[(seat - 1) % len(seats)])


def terrain_color(terrain: str) -> tuple[int, int, int]:
    return hex_color(manifest().get("terrain_colors", {}).get(terrain, "#808080"))


def asset_path(section: str, key: str) -> Path | None:
    rel = manifest().get(section, {}).get(key)
    if isinstance(rel, str):
        path = ASSETS / rel
        if path.exists():
            return path
    if section == "flags":
        seats = manifest().get("flags", {}).get("seats", [])
        if seats:
            return ASSETS / seats[0]
    return None


@dataclass(frozen=True)
class SeatStyle:
    """How a seat looks: its colour and, as a second cue for colour-blind players, its flag shape."""

    color: Color
    flag: str  # flag shape name from the manifest ("pennant", "square", ...)
    name: str  # colour name for menus


class Assets:
    """Textures and images by id; every lookup is cached, unknown ids fall back to a sensible default."""

    def __init__(self, root: Path = ASSETS) -> None:
        self.root = root
        with (root / "manifest.toml").open("rb") as handle:
            self.manifest: dict[str, Any] = tomllib.load(handle)
        self._textures: dict[str, arcade.Texture] = {}
        self._tiles: dict[tuple[str, bool, int], Image.Image] = {}
        colors = self.manifest.get("player_colors", {})
        self.palette: list[tuple[str, Color]] = [
            (name.replace("_", " "), theme.hex_color(value))
            for name, value in colors.items()
            if name not in ("seats", "rogue_color")
        ]
        self.rogue_color = theme.hex_color(self.manifest.get("rogue_color", "#444444"))
        self.flag_shapes: list[str] = [
            Path(p).stem.removeprefix("flag_") for p in self.manifest.get("flags", {}).get("seats", [])
        ] or ["pennant"]

    # ----- seats
    def default_style(self, seat: int) -> SeatStyle:
        """Seat 1 gets the first palette colour and flag shape, and so on."""
        name, color = self.palette[(seat - 1) % len(self.palette)]
        return SeatStyle(color, self.flag_shapes[(seat - 1) % len(self.flag_shapes)], name)

    def style(self, color_index: int, flag_index: int) -> SeatStyle:
        name, color = self.palette[color_index % len(self.palette)]
        return SeatStyle(color, self.flag_shapes[flag_index % len(self.flag_shapes)], name)

    # ----- images from the manifest
    def path(self, section: str, key: str, fallback: str | None = None) -> Path | None:
        table = self.manifest.get(section, {})
        rel = table.get(key) or (table.get(fallback) if fallback else None)
        return self.root / rel if isinstance(rel, str) else None

    def terrain_color(self, terrain: str) -> tuple[int, int, int]:
        value = self.manifest.get("terrain_colors", {}).get(terrain, "#808080")
        return theme.hex_color(value)[:3]

    def terrain_tile(self, terrain: str, disrupted: bool = False, size: int = theme.TILE) -> Image.Image:
        """The terrain picture at `size` pixels (RGBA); a disrupted territory uses its own art or is darkened."""
        key = (terrain, disrupted, size)
        found = self._tiles.get(key)
        if found is not None:
            return found
        path = self.path("terrain_disrupted", terrain) if disrupted else None
        base = path or self.path("terrain", terrain)
        if base is not None and base.is_file():
            image = Image.open(base).convert("RGBA").resize((size, size), Image.Resampling.LANCZOS)
        else:
            image = Image.new("RGBA", (size, size), (*self.terrain_color(terrain), 255))
        if disrupted and path is None:
            image = Image.blend(image, Image.new("RGBA", (size, size), (60, 30, 20, 255)), 0.45)
        self._tiles[key] = image
        return image

    def texture(self, section: str, key: str, fallback: str | None = None) -> arcade.Texture:
        cache_key = f"{section}:{key}"
        found = self._textures.get(cache_key)
        if found is None:
            path = self.path(section, key, fallback)
            if path is None or not path.is_file():
                found = self.generated("missing", lambda: _missing_image())
            else:
                found = arcade.load_texture(path, hit_box_algorithm=_BOX)
            self._textures[cache_key] = found
        return found

    def has_art(self, section: str, key: str) -> bool:
        """True when the manifest names a picture for this id and the file is there."""
        path = self.path(section, key)
        return path is not None and path.is_file()

    def unit(self, unit_type: str) -> arcade.Texture:
        """A unit type's picture; a type without art (a data-only mod's) gets the soldier marked with its initial."""
        if self.has_art("units", unit_type):
            return self.texture("units", unit_type)
        return self._marked("units", unit_type, "soldier")

    def structure(self, structure_type: str) -> arcade.Texture:
        """A structure type's picture; one without art gets the tower marked with its initial."""
        if self.has_art("structures", structure_type):
            return self.texture("structures", structure_type)
        return self._marked("structures", structure_type, "stone_tower")

    def _marked(self, section: str, key: str, fallback: str) -> arcade.Texture:
        """The fallback art with a plate showing the id's initial, so unknown types stay distinguishable."""
        path = self.path(section, fallback)

        def make() -> Image.Image:
            if path is not None and path.is_file():
                image = Image.open(path).convert("RGBA")
            else:
                image = _missing_image().resize((64, 64))
            return _with_initial(image, key)

        return self.generated(f"marked-{section}-{key}", make)

    def icon(self, name: str) -> arcade.Texture:
        return self.texture("ui", name, "badge")

    def flag(self, shape: str) -> arcade.Texture:
        return self.texture("flags", shape, "pennant")

    def rogue_mark(self) -> arcade.Texture:
        return self.texture("units", "rogue")

    # ----- textures drawn here
    def generated(self, key: str, make: Any) -> arcade.Texture:
        found = self._textures.get("gen:" + key)
        if found is None:
            found = arcade.Texture(make(), hash="foc-" + key, hit_box_algorithm=_BOX)
            self._textures["gen:" + key] = found
        return found

    def white(self) -> arcade.Texture:
        return self.generated("white", lambda: Image.new("RGBA", (8, 8), (255, 255, 255, 255)))

    def plate(self, text: str, color: Color) -> arcade.Texture:
        """A small marker plate (a battle's losses on the map)."""
        return self.generated(f"plate-{text}-{color}", lambda: _plate_image(text, color))

    def ring(self) -> arcade.Texture:
        """A light ring drawn around army tokens (tinted: the owner's colour, red for rogues), so a token reads
        on its own colour's land and on dark forest alike."""
        return self.generated("ring", _ring_image)

    def disc(self) -> arcade.Texture:
        """A soft dark ellipse drawn under army tokens so they read on any terrain."""
        return self.generated("disc", _disc_image)

    def badge(self, number: int, color: Color, shape: str = "circle") -> arcade.Texture:
        """A badge with a number (an army's size) in the owner's colour; its shape is the seat's second cue."""
        key = f"badge-{number}-{color[0]}-{color[1]}-{color[2]}-{shape}"
        return self.generated(key, lambda: _badge_image(str(number), color, shape))

    def badge_shape(self, flag: str) -> str:
        """Each flag shape has a badge shape, so seats differ by more than colour."""
        return BADGE_SHAPES.get(flag, "circle")

    def label_texture(self, text: str, color: Color, size: int = 13) -> arcade.Texture:
        """Small text as a texture (used for numbers drawn in the world without per-frame Text objects)."""
        key = f"label-{text}-{color}-{size}"
        return self.generated(key, lambda: _label_image(text, color, size))


def _missing_image() -> Image.Image:
    image = Image.new("RGBA", (32, 32), (255, 0, 255, 255))
    ImageDraw.Draw(image).line((0, 0, 31, 31), fill=(0, 0, 0, 255), width=3)
    return image


def _with_initial(image: Image.Image, key: str) -> Image.Image:
    """Stamp a white plate with the type id's initial in dark ink on the picture's lower right (owner tints
    multiply it, so the letter stays dark on every player colour)."""
    image = image.copy()
    size = image.width
    plate = int(size * 0.52)
    left, top = size - plate - 1, size - plate - 1
    draw = ImageDraw.Draw(image)
    draw.ellipse((left, top, left + plate, top + plate), fill=(20, 22, 28, 255))
    inset = max(2, plate // 10)
    draw.ellipse((left + inset, top + inset, left + plate - inset, top + plate - inset), fill=(255, 255, 255, 255))
    letter = (key.strip("_")[:1] or "?").upper()
    font = _font(int(plate * 0.62))
    box = draw.textbbox((0, 0), letter, font=font)
    w, h = box[2] - box[0], box[3] - box[1]
    draw.text((left + (plate - w) / 2 - box[0], top + (plate - h) / 2 - box[1]), letter, font=font,
              fill=(20, 22, 28, 255))
    return image


def _ring_image() -> Image.Image:
    size = 64
    image = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    draw.ellipse((2, 2, size - 3, size - 3), outline=(20, 20, 24, 230), width=7)  # dark edge: contrast on light land
    draw.ellipse((4, 4, size - 5, size - 5), outline=(255, 255, 255, 255), width=3)
    return image


def _disc_image() -> Image.Image:
    size = 64
    image = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    for i in range(8):
        alpha = 14 + i * 14
        inset = i * 2
        draw.ellipse((inset, inset + 14, size - 1 - inset, size - 1 - inset - 2), fill=(10, 10, 14, alpha))
    return image


@lru_cache(maxsize=8)
def _font(size: int, bold: bool = True) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    for path in _BOLD_FILES if bold else ():
        if Path(path).is_file():
            return ImageFont.truetype(path, size)
    try:
        return ImageFont.truetype(str(arcade.resources.resolve(_FONT_FILE)), size)
    except OSError:
        return ImageFont.load_default()


def _shape(draw: ImageDraw.ImageDraw, shape: str, box: tuple[float, float, float, float], fill: tuple) -> None:
    left, top, right, bottom = box
    cx, cy, rx = (left + right) / 2, (top + bottom) / 2, (right - left) / 2
    if shape == "square":
        draw.rounded_rectangle(box, radius=rx * 0.25, fill=fill)
    elif shape == "diamond":
        draw.polygon([(cx, top), (right, cy), (cx, bottom), (left, cy)], fill=fill)
    elif shape == "hexagon":
        draw.regular_polygon((cx, cy, rx), 6, rotation=30, fill=fill)
    else:
        draw.ellipse(box, fill=fill)


def _badge_image(text: str, color: Color, shape: str = "circle") -> Image.Image:
    scale = 4  # draw big, shrink: smooth edges without antialiasing support in ImageDraw
    size = 24 * scale
    image = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    edge = 2 * scale if shape != "diamond" else 3 * scale
    _shape(draw, shape, (0, 0, size - 1, size - 1), (16, 18, 24, 255))
    _shape(draw, shape, (edge, edge, size - 1 - edge, size - 1 - edge), color[:3] + (255,))
    light = (color[0] * 299 + color[1] * 587 + color[2] * 114) / 1000 > 140
    ink = (16, 18, 24, 255) if light else (250, 250, 250, 255)
    font = _font((13 if len(text) < 2 else 11) * scale)
    box = draw.textbbox((0, 0), text, font=font)
    w, h = box[2] - box[0], box[3] - box[1]
    draw.text(((size - w) / 2 - box[0], (size - h) / 2 - box[1]), text, font=font, fill=ink)
    return image.resize((24, 24), Image.Resampling.LANCZOS)


def _plate_image(text: str, color: Color) -> Image.Image:
    """A dark plate with a coloured rim and text: a marker that reads on any terrain and any owner's tint."""
    font = _font(36)
    probe = ImageDraw.Draw(Image.new("RGBA", (1, 1)))
    box = probe.textbbox((0, 0), text, font=font)
    w, h = int(box[2] - box[0]) + 28, int(box[3] - box[1]) + 20
    image = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle((1, 1, w - 2, h - 2), radius=10, fill=(18, 20, 26, 235), outline=tuple(color[:3]) + (255,),
                           width=4)
    draw.text((14 - box[0], 10 - box[1]), text, font=font, fill=tuple(color[:3]) + (255,))
    return image.resize((max(1, w // 2), max(1, h // 2)), Image.Resampling.LANCZOS)


def _label_image(text: str, color: Color, size: int) -> Image.Image:
    font = _font(size * 2)
    probe = ImageDraw.Draw(Image.new("RGBA", (1, 1)))
    box = probe.textbbox((0, 0), text, font=font)
    w, h = int(box[2] - box[0]) + 8, int(box[3] - box[1]) + 8
    image = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    for dx, dy in ((-2, 0), (2, 0), (0, -2), (0, 2), (2, 2)):
        draw.text((4 - box[0] + dx, 4 - box[1] + dy), text, font=font, fill=(10, 10, 14, 230))
    draw.text((4 - box[0], 4 - box[1]), text, font=font, fill=color)
    return image.resize((max(1, w // 2), max(1, h // 2)), Image.Resampling.LANCZOS)
