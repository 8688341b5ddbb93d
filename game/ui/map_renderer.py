"""Baked terrain: chunks of territories (terrain art, owner tint, borders) drawn once into textures."""

from __future__ import annotations

import math
from collections import OrderedDict
from collections.abc import Iterable
from functools import lru_cache

import arcade
from PIL import Image, ImageDraw

from game.ui import theme
from game.ui.assets import Assets, SeatStyle
from game.ui.grid import Layout
from game.ui.memory import trim_memory
from game.ui.polygon_bake import polygon_chunk_image
from game.ui.quad import TexturedQuad
from game.ui.scene import Scene

SPARE_QUADS = 4  # dropped pictures' quads kept for re-use (a drop is followed by a bake at once)
HALF_BELOW = 0.6  # zoomed out further than this, chunks are drawn from their half-size picture


class Chunk:
    """One block of up to CHUNK x CHUNK territories: a full-size and a half-size picture on its rectangle."""

    def __init__(self, key: tuple[int, int], cells: tuple[int, int, int, int],
                 rect: tuple[float, float, float, float], members: tuple[int, ...] | None = None) -> None:
        self.key = key
        self.x0, self.y0, self.columns, self.rows = cells
        self.rect = rect  # left, bottom, right, top in world pixels
        self.members = members  # region maps: the territories drawn into this piece of the picture
        self.full: TexturedQuad | None = None
        self.half: TexturedQuad | None = None
        self.stale = False  # the half-size picture shows an older state (re-baked when next needed)


class TerrainRenderer:
    """Draws the board from baked chunk pictures, so a frame costs the visible chunks, not the whole map.

    Memory depends on the screen, not the map: at most `capacity` chunks keep their full-size picture
    (the least recently seen are dropped, and baked again when they come back into view); the half-size
    pictures used when zoomed out are a quarter of the size. `prefetch` bakes the ring around the view
    ahead of time, one chunk every few frames.
    """

    def __init__(self, assets: Assets, grid: Layout, scene: Scene, styles: dict[int, SeatStyle],
                 chunk: int = theme.CHUNK, capacity: int = 24, half_capacity: int = 32) -> None:
        self.assets = assets
        self.grid = grid
        self.scene = scene
        self.styles = styles
        self.chunk = chunk
        self.ctx = arcade.get_window().ctx
        self.chunks: dict[tuple[int, int], Chunk] = {}
        self.spatial = not grid.square  # polygons (hexes, regions): chunks are squares of the picture
        self.keys_of: list[list[tuple[int, int]]] = []  # spatial chunks: which chunks draw each territory
        tile = grid.tile
        if self.spatial:
            self._spatial_chunks(chunk * tile)
        for cy in range(0, grid.height if not self.spatial else 0, chunk):
            for cx in range(0, grid.width, chunk):
                key = (cx // chunk, cy // chunk)
                columns, rows = min(chunk, grid.width - cx), min(chunk, grid.height - cy)
                top = (grid.height - cy) * tile
                rect: tuple[float, float, float, float] = (cx * tile, top - rows * tile, (cx + columns) * tile, top)
                self.chunks[key] = Chunk(key, (cx, cy, columns, rows), rect)
        self.capacity = max(capacity, 4)
        self.half_capacity = max(half_capacity, 4)
        self.resident: OrderedDict[tuple[int, int], Chunk] = OrderedDict()  # full pictures, oldest first
        self.halves: OrderedDict[tuple[int, int], Chunk] = OrderedDict()  # half-size pictures, oldest first
        # pictures dropped from memory hand their quad (texture and vertex buffer) to the next chunk baked: a
        # followed camera bakes ~100 chunks a round, and a texture deleted and made anew each time churned the
        # allocator (the driver frees a deleted texture only once its pending frame is done)
        self.spare: dict[bool, list[TexturedQuad]] = {True: [], False: []}  # full-size, half-size
        self.bakes = 0  # bumps on every bake
        self.revision = 0  # bumps when a chunk that may be on screen changes (part of the frame cache's key)
        self.wait = 0

    def _spatial_chunks(self, span: int) -> None:
        """Boards of polygons: the picture is cut into squares of `span` world pixels (as big as a square board's
        chunks, so a view shows as many and none overlap), each drawing every cell whose outline reaches into it
        (clipped at its edges). Index ranges would not do: hex rows are shorter than squares and overlap, and
        regions lie anywhere."""
        grid = self.grid
        width, height = math.ceil(grid.pixel_width), math.ceil(grid.pixel_height)
        columns, rows = math.ceil(width / span), math.ceil(height / span)
        members: list[list[int]] = [[] for _ in range(columns * rows)]
        self.keys_of = []
        for t in range(grid.width * grid.height):
            x0, y0, x1, y1 = grid.box(t)  # type: ignore[attr-defined]
            keys = [(cx, cy)
                    for cy in range(max(0, int(y0 // span)), min(rows - 1, int(y1 // span)) + 1)
                    for cx in range(max(0, int(x0 // span)), min(columns - 1, int(x1 // span)) + 1)]
            self.keys_of.append(keys)
            for cx, cy in keys:
                members[cy * columns + cx].append(t)
        for cy in range(rows):
            for cx in range(columns):
                left, bottom = cx * span, cy * span
                rect = (left, bottom, min(left + span, width), min(bottom + span, height))
                self.chunks[(cx, cy)] = Chunk((cx, cy), (0, 0, 0, 0), rect, tuple(members[cy * columns + cx]))

    # ----- baking
    def bake_all(self, around: tuple[float, float] | None = None) -> None:
        """Bake the chunks that fit in memory, the nearest to `around` last (so they are kept longest)."""
        chunks = list(self.chunks.values())
        if around is not None:
            x, y = around
            chunks.sort(key=lambda c: abs((c.rect[0] + c.rect[2]) / 2 - x) + abs((c.rect[1] + c.rect[3]) / 2 - y))
        for chunk in reversed(chunks[: self.capacity]):
            self._bake(chunk, half=False)
        self.revision += 1
        self.scene.take_dirty()
        trim_memory()

    def refresh(self) -> int:
        """Re-bake resident chunks whose territories changed owner or disruption; returns how many."""
        dirty = self.scene.take_dirty()
        if not dirty:
            return 0
        baked = 0
        for key in self._keys_of(self._with_neighbours(dirty)):
            chunk = self.chunks[key]
            if key in self.resident:
                self._bake(chunk, half=key in self.halves)
                baked += 1
                self.revision += 1
            elif chunk.half is not None:
                chunk.stale = True
        return baked

    def prefetch(self, view: tuple[float, float, float, float], zoom: float = 1.0, every: int = 10) -> bool:
        """Bake one chunk the view will soon need (at most one every `every` calls); True when one was."""
        self.wait -= 1
        if self.wait > 0:
            return False
        left, bottom, right, top = view
        cx, cy = (left + right) / 2, (bottom + top) / 2
        if zoom < HALF_BELOW:  # zoomed out: the half-size pictures of the view and its ring, nearest first
            span = self.chunk * self.grid.tile
            ring = (left - span, bottom - span, right + span, top + span)
            near = self.visible_chunks(ring)
            if len(near) > self.half_capacity:
                return False
            missing = [c for c in near if c.half is None or c.stale]
        else:
            span = self.chunk * self.grid.tile
            ring = (left - span, bottom - span, right + span, top + span)
            near = self.visible_chunks(ring)
            missing = [c for c in near if c.key not in self.resident]
            keys = {c.key for c in near}
            # a prefetch may only push out a chunk beyond the ring (never thrash the ring with itself)
            if missing and len(self.resident) >= self.capacity and all(k in keys for k in self.resident):
                return False
        if not missing:
            return False
        missing.sort(key=lambda c: abs((c.rect[0] + c.rect[2]) / 2 - cx) + abs((c.rect[1] + c.rect[3]) / 2 - cy))
        if zoom >= HALF_BELOW:
            for key in list(self.resident):  # the oldest chunk beyond the ring makes room first
                if len(self.resident) < self.capacity:
                    break
                if key not in keys:
                    self._drop_full(self.resident.pop(key))
        self._bake(missing[0], full=zoom >= HALF_BELOW, half=zoom < HALF_BELOW)
        self.wait = every
        return True

    def _with_neighbours(self, territories: Iterable[int]) -> set[int]:
        width, height = self.grid.width, self.grid.height
        out: set[int] = set()
        if self.spatial:  # a cell's border lines depend on its neighbours' owners
            board = self.grid.board  # type: ignore[attr-defined]
            for t in territories:
                out.add(t)
                out.update(board.neighbours(t))
            return out
        for t in territories:
            out.add(t)
            x, y = t % width, t // width
            around: tuple[tuple[int, int], ...] = ((x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1))
            if not self.grid.square:  # a polygon may be drawn into the chunks diagonally next to its own
                around = tuple((x + dx, y + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1))
            for nx, ny in around:
                if 0 <= nx < width and 0 <= ny < height:
                    out.add(ny * width + nx)
        return out

    def _keys_of(self, territories: Iterable[int]) -> set[tuple[int, int]]:
        """The chunks whose pictures show these territories."""
        if self.spatial:
            return {key for t in territories for key in self.keys_of[t]}
        return {self._key_of(t) for t in territories}

    def _key_of(self, territory: int) -> tuple[int, int]:
        """The square board's chunk holding a territory."""
        x, y = self.grid.coords(territory)
        return x // self.chunk, y // self.chunk

    def chunk_image(self, chunk: Chunk) -> Image.Image:
        """The chunk's picture: terrain art, then the owners' tint and borders, then a faint grid."""
        if not self.grid.square:
            return polygon_chunk_image(self, chunk)
        tile = self.grid.tile
        width, scene = self.grid.width, self.scene
        image = Image.new("RGBA", (chunk.columns * tile, chunk.rows * tile))
        overlay = Image.new("RGBA", image.size, (0, 0, 0, 0))
        draw = ImageDraw.Draw(overlay)
        bw = theme.BORDER_WIDTH
        bases = {base: theme.shade(self._color(seat), 1.35) for seat, base in scene.bases.items()}
        for row in range(chunk.rows):
            y = chunk.y0 + row
            for col in range(chunk.columns):
                x = chunk.x0 + col
                t = y * width + x
                px, py = col * tile, row * tile
                image.paste(self.assets.terrain_tile(scene.terrain[t], t in scene.disrupted, tile), (px, py))
                self._blend_edges(image, t, x, y, px, py)
                owner = scene.owners[t]
                if owner is not None:
                    color = self._color(owner)
                    draw.rectangle((px, py, px + tile - 1, py + tile - 1), fill=color[:3] + (theme.OWNER_TINT_ALPHA,))
                    line = color[:3] + (235,)
                    if x == 0 or scene.owners[t - 1] != owner:
                        draw.rectangle((px, py, px + bw - 1, py + tile - 1), fill=line)
                    if x == width - 1 or scene.owners[t + 1] != owner:
                        draw.rectangle((px + tile - bw, py, px + tile - 1, py + tile - 1), fill=line)
                    if y == 0 or scene.owners[t - width] != owner:
                        draw.rectangle((px, py, px + tile - 1, py + bw - 1), fill=line)
                    if y == self.grid.height - 1 or scene.owners[t + width] != owner:
                        draw.rectangle((px, py + tile - bw, px + tile - 1, py + tile - 1), fill=line)
                if t in bases:  # a home base: a thick frame in its owner's colour inside the border
                    frame = bases[t]
                    draw.rectangle((px + bw + 1, py + bw + 1, px + tile - bw - 2, py + tile - bw - 2),
                                   outline=frame[:3] + (255,), width=3)
                draw.line((px + tile - 1, py, px + tile - 1, py + tile - 1), fill=(0, 0, 0, 34))
                draw.line((px, py + tile - 1, px + tile - 1, py + tile - 1), fill=(0, 0, 0, 34))
        image.alpha_composite(overlay)
        return image.convert("RGB")  # opaque: RGB halves the cost of the mip levels

    def color(self, seat: int) -> theme.Color:
        return self._color(seat)

    def _blend_edges(self, image: Image.Image, t: int, x: int, y: int, px: int, py: int) -> None:
        """Soft terrain edges (as Wesnoth does): each side bordering other terrain takes a fading strip of
        the neighbour's art. Baked once with the chunk, so it costs nothing per frame."""
        scene, width, height, tile = self.scene, self.grid.width, self.grid.height, self.grid.tile
        here = scene.terrain[t]
        sides = (("left", x > 0, t - 1), ("right", x < width - 1, t + 1),
                 ("top", y > 0, t - width), ("bottom", y < height - 1, t + width))
        for side, inside, n in sides:
            if inside and scene.terrain[n] != here:
                art = self.assets.terrain_tile(scene.terrain[n], n in scene.disrupted, tile)
                image.paste(art, (px, py), edge_mask(side, tile))

    def _color(self, seat: int) -> theme.Color:
        style = self.styles.get(seat)
        return style.color if style is not None else self.assets.default_style(seat).color

    def _bake(self, chunk: Chunk, full: bool = True, half: bool = False) -> None:
        """Draw the chunk's picture and upload the sizes wanted: the full size (within `capacity`) and the
        half size used when zoomed out (within `half_capacity`, made only when needed: memory stays flat however
        far a followed camera travels). A half picture not re-made now is marked stale."""
        image = self.chunk_image(chunk)
        if full:
            if chunk.full is None:
                chunk.full = self._quad(chunk.rect, full=True)
            chunk.full.write(image)
            self.resident[chunk.key] = chunk
            self.resident.move_to_end(chunk.key)
            while len(self.resident) > self.capacity:
                self._drop_full(self.resident.popitem(last=False)[1])
        if half:
            if chunk.half is None:
                chunk.half = self._quad(chunk.rect, full=False)
            chunk.half.write(image.reduce(2))
            chunk.stale = False
            self.halves[chunk.key] = chunk
            self.halves.move_to_end(chunk.key)
            while len(self.halves) > self.half_capacity:
                _key, old = self.halves.popitem(last=False)
                if old.half is not None:
                    self._spare(old.half, full=False)
                    old.half = None
        elif chunk.half is not None:
            chunk.stale = True
        self.bakes += 1
        if self.bakes % 16 == 0:
            trim_memory()

    def _drop_full(self, chunk: Chunk) -> None:
        if chunk.full is not None:
            self._spare(chunk.full, full=True)
            chunk.full = None

    def _quad(self, rect: tuple[float, float, float, float], full: bool) -> TexturedQuad:
        """A spare quad moved onto `rect`, else a new one."""
        spare = self.spare[full]
        if not spare:
            return TexturedQuad(rect)
        quad = spare.pop()
        quad.set_rect(rect)
        return quad

    def _spare(self, quad: TexturedQuad, full: bool) -> None:
        spare = self.spare[full]
        if len(spare) < SPARE_QUADS:
            spare.append(quad)
        else:
            quad.release()

    # ----- drawing
    def visible_chunks(self, view: tuple[float, float, float, float]) -> list[Chunk]:
        left, bottom, right, top = view
        return [
            c for c in self.chunks.values()
            if c.rect[0] < right and c.rect[2] > left and c.rect[1] < top and c.rect[3] > bottom
        ]

    def draw(self, view: tuple[float, float, float, float], zoom: float = 1.0) -> int:
        """Draw the chunks overlapping the camera's view rectangle (world pixels); returns how many.

        A chunk that came into view before it was prefetched is baked now.
        """
        visible = self.visible_chunks(view)
        half = zoom < HALF_BELOW
        wanted = self._filter_for(zoom)
        for chunk in visible:
            if half:
                if chunk.half is None or chunk.stale:
                    self._bake(chunk, full=False, half=True)
                    self.revision += 1
                self.halves.move_to_end(chunk.key)
                quad = chunk.half
            else:
                if chunk.key not in self.resident:
                    self._bake(chunk)
                    self.revision += 1
                self.resident.move_to_end(chunk.key)
                quad = chunk.full
            assert quad is not None and quad.texture is not None
            if quad.texture.filter != wanted:
                quad.texture.filter = wanted
            quad.draw(blend=False)
        return len(visible)

    def _filter_for(self, zoom: float) -> tuple[int, int]:
        """Texel-exact at zoom 1 (nearest is the cheapest and looks the same there); smooth otherwise."""
        ctx = self.ctx
        if abs(zoom - 1.0) < 1e-6:
            return ctx.NEAREST, ctx.NEAREST
        return ctx.LINEAR, ctx.LINEAR

    def release(self) -> None:
        for chunk in self.chunks.values():
            for quad in (chunk.full, chunk.half):
                if quad is not None:
                    quad.release()
            chunk.full = chunk.half = None
        for quad in (*self.spare[True], *self.spare[False]):
            quad.release()
        self.spare = {True: [], False: []}
        self.resident.clear()
        self.halves.clear()


BLEND_WIDTH = 0.28  # of a territory: how far a neighbour's terrain fades into this one
BLEND_ALPHA = 170  # how strongly it shows at the very edge (0-255)


@lru_cache(maxsize=16)
def edge_mask(side: str, tile: int) -> Image.Image:
    """A greyscale mask fading from BLEND_ALPHA at one side of a tile to nothing BLEND_WIDTH inside."""
    feather = max(2, int(tile * BLEND_WIDTH))
    strip = [int(BLEND_ALPHA * (1 - i / feather) ** 1.6) if i < feather else 0 for i in range(tile)]
    mask = Image.new("L", (tile, tile), 0)
    if side in ("left", "right"):
        row = strip if side == "left" else strip[::-1]
        mask.putdata(row * tile)
    else:
        column = strip if side == "top" else strip[::-1]
        mask.putdata([value for value in column for _ in range(tile)])
    return mask
