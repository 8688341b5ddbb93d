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
    pictures = {}
    for key in (None, "k", "k", "k"):  # drawn straight, drawn into the cache, copied from it
        app.clear()
        app.default_camera.use()
        how = cache.show(key, view.panel.draw)
        pictures[how] = arcade.get_image(left, bottom, width, height).convert("RGB")
    assert set(pictures) == {"direct", "cached", "copied"}
    assert pictures["cached"].tobytes() == pictures["direct"].tobytes()
    assert pictures["copied"].tobytes() == pictures["direct"].tobytes()
