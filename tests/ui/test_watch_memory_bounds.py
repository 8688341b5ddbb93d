"""What a long watched game keeps stays bounded (bench/bench_watch_memory.py measures the memory itself).

Baked terrain's memory depends on the screen, not on how far a followed camera travels: pictures dropped
from memory hand their textures on to the next chunk baked, so panning a map over and over makes no new
texture once the first screenfuls are baked (watch mode bakes ~100 chunks a round on the large map). Labels
fitted to a width remember only the latest texts (the upkeep forecast's numbers change every turn)."""

from __future__ import annotations

import arcade

from game.ui import widgets
from game.ui.map_renderer import SPARE_QUADS, TerrainRenderer
from tests.builders import tiny_game
from tests.ui.test_game_flow import ready, start


def textures(renderer: TerrainRenderer) -> set[int]:
    quads = [c.full for c in renderer.chunks.values()] + [c.half for c in renderer.chunks.values()]
    quads += renderer.spare[True] + renderer.spare[False]
    return {id(q.texture) for q in quads if q is not None and q.texture is not None}


def test_panning_the_whole_map_again_and_again_makes_no_new_texture(app) -> None:
    rows = ["p" * 40] * 32  # 5 x 4 chunks of 8 x 8 territories
    game = tiny_game(rows, {1: (3, 3), 2: (36, 28)})
    start(app, game)
    canvas = ready(app).canvas
    renderer = TerrainRenderer(canvas.assets, canvas.grid, canvas.scene, canvas.styles, capacity=4, half_capacity=4)
    try:
        span = renderer.chunk * canvas.grid.tile
        views = [(c.rect[0] + 1, c.rect[1] + 1, c.rect[0] + span - 1, c.rect[1] + span - 1)
                 for c in renderer.chunks.values()]
        assert len(views) == 20
        for zoom in (1.0, 0.5):  # full-size pictures, then half-size ones
            for view in views:
                renderer.draw(view, zoom)
        made = textures(renderer)
        bakes = renderer.bakes
        for _ in range(3):
            for zoom in (1.0, 0.5):
                for view in reversed(views):
                    renderer.draw(view, zoom)
        assert renderer.bakes - bakes >= 100  # chunks were baked again and again...
        assert textures(renderer) <= made  # ...into textures that already existed
        assert len(renderer.resident) <= 4 and len(renderer.halves) <= 4
        assert len(made) <= 4 + 4 + 2 * SPARE_QUADS
    finally:
        renderer.release()


def test_fitted_labels_remember_only_the_latest_texts(app) -> None:
    label = widgets.Label(widgets.UiLayer(app.assets), 0, 0, size=10)
    for n in range(widgets.FITTED_KEEP + 100):
        label.fit(f"Next turn: upkeep {n} food", 400)
        assert label.text == f"Next turn: upkeep {n} food"
    assert len(widgets._FITTED) <= widgets.FITTED_KEEP
    label.fit("A text far too long to fit in so narrow a place", 60)
    assert label.text.endswith("…") and label.content_width <= 60


def test_the_panel_cache_holds_only_the_panel_and_shows_the_same_picture(app) -> None:
    start(app, tiny_game(["p" * 12] * 10, {1: (2, 2), 2: (9, 7)}))
    view = ready(app)
    cache = view.panel_cache
    left, bottom, width, height = cache.region
    assert cache.fbo.size == (width, height) and width < app.width  # not a whole window's buffer
    view.panel.draw()  # once first: glyphs new to the font atlas are laid out on their first draw
    pictures = {}
    for key in (None, "k", "k", "k"):  # drawn straight, drawn into the cache, copied from it
        app.clear()
        app.default_camera.use()
        how = cache.show(key, view.panel.draw)
        pictures[how] = arcade.get_image(left, bottom, width, height).convert("RGB")
    assert set(pictures) == {"direct", "cached", "copied"}
    # the same picture: blending through the cache's buffer may round a translucent pixel by a level or two
    assert same_picture(pictures["cached"], pictures["direct"])
    assert same_picture(pictures["copied"], pictures["direct"])


def same_picture(a, b, levels: int = 2) -> bool:  # noqa: ANN001
    """Every pixel within `levels` of the other's in every channel."""
    from PIL import ImageChops

    return a.size == b.size and max(high for _, high in ImageChops.difference(a, b).getextrema()) <= levels


def test_the_static_sprites_are_rebuilt_only_when_what_they_show_changes(app) -> None:
    """The scene changes with every step of every army; the structures, walls, flags and marks are rebuilt (which
    gives each of their five sprite lists new GPU buffers) only when they change, not at every step."""
    game = tiny_game(["p" * 12] * 8, {1: (2, 2), 2: (9, 5)})
    start(app, game)
    view = ready(app)
    view.on_draw()
    sprites, scene = view.canvas.sprites, view.canvas.scene
    sprites.sync()
    view.on_draw()
    assert len(sprites.flags) == 2  # the bases' flags
    flags, buffers = list(sprites.flags), app.ctx.stats.buffer[0]
    for _ in range(5):  # armies moved, say: the scene's version moves on, the static lists show the same
        scene.version += 1
        assert sprites.sync()
        view.on_draw()
    assert list(sprites.flags) == flags and all(a is b for a, b in zip(sprites.flags, flags, strict=True))
    assert app.ctx.stats.buffer[0] == buffers  # no sprite list was cleared (that makes new buffers)
    marks = len(sprites.marks)
    scene.disrupted.add(scene.width + 1)  # something they show changed: rebuilt
    scene.version += 1
    assert sprites.sync()
    assert len(sprites.marks) == marks + 1


def test_production_numbers_float_only_over_the_map_on_screen(app) -> None:
    """A watched game on the large map produced ~800 numbers a round, most of them off screen and all alive at
    once; only the territories on screen (and a tile around it) get one now."""
    from game.ui.effects import FloatingText
    from systems import events as ev

    rows = ["p" * 40] * 32
    game = tiny_game(rows, {1: (3, 3), 2: (36, 28)})
    start(app, game)
    canvas = ready(app).canvas
    layer = canvas.effects
    layer.clear_events()
    grid = canvas.grid
    seen = [t for t in range(40 * 32) if canvas.near_view(*grid.center(t))]
    unseen = [t for t in range(40 * 32) if t not in seen]
    assert seen and unseen
    made = tuple((t, {"food": 2}) for t in range(40 * 32))
    layer.add_events([ev.ResourcesProduced(1, {"food": 2 * 40 * 32}, made)])
    floating = [e for e in layer.effects if isinstance(e, FloatingText)]
    assert len(floating) == len(seen) == len(layer.texts)
    left, bottom, right, top = canvas.camera.view_rect()
    assert all(left - grid.tile <= e.x <= right + grid.tile for e in floating)
