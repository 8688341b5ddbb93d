"""The base game's own screen on a map of regions (Crown Provinces): base choice, selection, path and moves by
clicking inside region polygons, baked terrain per region, walls along shared sides, the radar."""

from __future__ import annotations

from pathlib import Path

import esper

from components.armies import Army
from game.maps import load_map
from game.setup import PlayerSpec, new_game
from game.ui import theme
from game.ui.app import GameWindow
from game.ui.layouts import RegionLayout
from game.ui.views.base_choice import BaseChoiceView
from game.ui.views.game_view import GameView
from tests.builders import base_rules, spawn_army
from tests.ui.conftest import click, dispatch, frames, shot

MAP = Path(__file__).resolve().parents[2] / "mods" / "base" / "maps" / "provinces.tmj"


def off_centre(layout: RegionLayout, territory: int, share: float = 0.6) -> tuple[float, float]:
    """A world point inside the region's polygon, well away from its centre (towards its first corner)."""
    (cx, cy), (vx, vy) = layout.center(territory), layout.outline(territory)[0]
    return cx + (vx - cx) * share, cy + (vy - cy) * share


OPEN = ("plain", "barren")  # 1 MP for every unit


def plain_with_plain_links(game, zone: tuple[int, ...]) -> int:  # noqa: ANN001
    """A land region of the zone with at least two open regions (plain, barren) linked to it."""
    world = game.world
    board = world.board
    return next(t for t in zone if "water" not in world.terrain[t]
                and sum(1 for n in board.neighbours(t) if world.terrain[n] in OPEN) >= 2)


def test_the_base_game_screen_plays_on_a_region_map_through_its_handlers(window: GameWindow) -> None:
    data = load_map(MAP)
    game = new_game(base_rules(), data, [PlayerSpec("P1"), PlayerSpec("P2", True)], 3)
    window.start(game)
    choice = window.current_view
    assert isinstance(choice, BaseChoiceView)
    layout = choice.canvas.grid
    assert isinstance(layout, RegionLayout)
    home = plain_with_plain_links(game, data.start_zones[2][1])
    choice.camera.center_on_territory(home)
    frames(window, 2)
    shot(window, "boards_region_base_choice.png")
    click(window, *choice.camera.to_screen(*off_centre(layout, home)))  # a click inside the polygon, not its centre
    for _ in range(60):
        if isinstance(window.current_view, GameView):
            break
        frames(window)
    view = window.current_view
    assert isinstance(view, GameView)
    world = game.world
    assert world.clock.round >= 1 and view.canvas.scene.bases[1] == home
    assert view.canvas.scene.bases[2] in data.start_zones[2][2]  # the computer chose in its own zone

    # selection, reach and path: hit-tests on the polygons, highlights on linked regions only
    army = spawn_army(game, 1, home, ["soldier", "soldier"])
    view._sync()
    view.camera.center_on_territory(home)
    frames(window, 2)
    click(window, *view.camera.to_screen(*off_centre(layout, home, 0.5)))
    assert view.orders.selected_army == army
    reach = set(view.canvas.overlays.cell_colors)
    plain_links = {n for n in world.board.neighbours(home) if world.terrain[n] in OPEN}
    assert plain_links <= reach
    world.activate()
    mp = esper.component_for_entity(army, Army).mp
    assert all(world.board.distance(home, t) <= mp for t in reach)  # at least 1 MP a link
    target = min(plain_links)
    dispatch(window, "on_mouse_motion", *view.camera.to_screen(*off_centre(layout, target, 0.5)), 0, 0)
    assert view.canvas.overlays.path == [layout.center(home), layout.center(target)]
    assert "MP" in view.orders.hint
    frames(window, 2)
    shot(window, "boards_region_path.png")
    click(window, *view.camera.to_screen(*off_centre(layout, target, 0.5)))
    world.activate()
    assert esper.component_for_entity(army, Army).territory == target
    frames(window, 90)  # the token slides to the region's centre
    token = view.canvas.sprites.tokens[army]
    assert (token.x, token.y) == layout.center(target)

    # a click between regions (the sea around the island) is no territory and changes nothing
    assert layout.at(2.0, 2.0) is None

    # the radar: a click moves the camera there; the camera stays over the map
    radar = view.canvas.radar
    before = view.camera.position
    click(window, radar.left + radar.width - 3, radar.bottom + 3)
    after = view.camera.position
    assert after[0] > before[0] and after[1] < before[1]
    left, bottom, right, top = view.camera.view_rect()
    assert right <= layout.pixel_width + layout.tile * 2 and bottom >= -layout.tile * 2
    frames(window, 2)
    shot(window, "boards_region_radar.png")
    # zoomed out through the wheel as far as it goes: the whole island fits, its provinces named
    for _ in range(6):
        dispatch(window, "on_mouse_scroll", 480, 360, 0, -1)
    assert view.camera.zoom == view.camera.min_zoom < 1
    frames(window, 3)
    shot(window, "boards_region_overview.png")


def test_every_region_is_baked_with_its_terrain_and_owner_borders(window: GameWindow) -> None:
    data = load_map(MAP)
    game = new_game(base_rules(), data, [PlayerSpec("P1", True), PlayerSpec("P2", True)], 3)
    window.start(game)
    frames(window, 2)
    canvas = window.current_view.canvas  # type: ignore[union-attr]
    layout, terrain = canvas.grid, canvas.terrain
    assert terrain.spatial and all(c.members is not None for c in terrain.chunks.values())
    pictures = {key: terrain.chunk_image(chunk) for key, chunk in terrain.chunks.items()}
    for t in range(layout.size):
        x, y = layout.center(t)
        chunk = next(c for c in terrain.chunks.values()
                     if c.rect[0] <= x < c.rect[2] and c.rect[1] <= y < c.rect[3])
        assert t in chunk.members
        pixel = pictures[chunk.key].getpixel((int(x - chunk.rect[0]), int(chunk.rect[3] - y)))
        assert pixel != theme.BACKGROUND[:3], f"region {t} is not painted"
    # the background stays between and around the regions
    corner = next(iter(terrain.chunks.values()))
    assert pictures[corner.key].getpixel((1, pictures[corner.key].height - 2)) == theme.BACKGROUND[:3]
    # a region changing owner re-bakes exactly the chunks that show it and its linked regions
    some = 5
    canvas.scene.owners[some] = 1
    canvas.scene.dirty.add(some)
    expected = terrain._keys_of({some, *game.world.board.neighbours(some)})
    resident = {k for k in expected if k in terrain.resident}
    assert terrain.refresh() == len(resident)


def test_the_new_game_preview_draws_the_regions_and_tints_the_start_zones(window: GameWindow) -> None:
    from game.ui.views.setup import preview_image, size_words, starts_anywhere

    data = load_map(MAP)
    assert size_words(data, "×") == "51 regions" and not starts_anywhere(data, 2)
    colors = [(230, 159, 0, 255), (86, 180, 233, 255)]
    image = preview_image(data, 2, window.assets, colors, 260)
    plain = preview_image(data, 2, window.assets, [], 260)  # no colours: terrain only
    assert max(image.size) <= 260 and image.size[1] > 20  # the island's shape, not one row of cells
    regions = data.topology["regions"]
    xs = [p[0] for r in regions for p in r["outline"]]
    ys = [p[1] for r in regions for p in r["outline"]]
    scale = (260 - 4) / max(max(xs) - min(xs), max(ys) - min(ys))
    for seat, zone in data.start_zones[2].items():
        r = regions[zone[0]]
        spot = (int((r["x"] - min(xs)) * scale + 2), int((r["y"] - min(ys)) * scale + 2))
        assert image.getpixel(spot) != plain.getpixel(spot), f"seat {seat}'s zone is not tinted"
