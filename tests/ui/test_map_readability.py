"""The map reads at the default zoom: structures and flags never fully covered by armies, owner borders, a
coloured reach outline, outlined rogues, health on the map, blended terrain edges, and a battle's result kept
on the map until the player's next action (screenshots in screenshots/ are looked at by a person)."""

from __future__ import annotations

import arcade

from game.ui import theme
from game.ui.views.game_view import GameView
from tests.builders import at, spawn_army, spawn_structure, tiny_game
from tests.ui.conftest import dispatch
from tests.ui.test_game_flow import on_screen, ready, shot, start, step

ROWS = [
    "pppppffffffppppppppppppppppppp",
    "pppppffffffppppppppppppppppppp",
    "pppppffffffpppppmmmmpppppppppp",
    "pppppffffffpppppmmmmpppppppppp",
    "ppppppppppppppppmmmmpppppppppp",
    "ppssssspppppppppppppppppppppp",
    "ppsdddsppppppppppppppppppppppp",
    "ppsdddsppppppppppppppppppppppp",
    "ppssssspppppppppppppppppppppp",
]


def board() -> list[str]:
    rows = [(r + "p" * 30)[:30] for r in ROWS]
    return rows + ["p" * 30] * (20 - len(rows))


def scene(app, battle: bool = False) -> tuple[GameView, object, dict[str, int]]:
    game = tiny_game(board(), {1: (9, 4), 2: (27, 17)}, resources={"food": 80, "wood": 50, "stone": 50})
    world = game.world
    for x in range(7, 13):
        for y in range(2, 7):
            world.set_owner(at(game, x, y), 1)
    things = {
        "home": spawn_army(game, 1, at(game, 9, 4), ["soldier", "soldier", "defender"]),  # on the base flag
        "tower_army": spawn_army(game, 1, at(game, 11, 3), ["ranger"]),
        "rogue": spawn_army(game, None, at(game, 7, 1), ["soldier", "soldier"]),  # on forest
        "enemy": spawn_army(game, 2, at(game, 12, 6), ["soldier"]),
    }
    if battle:
        things["foe"] = spawn_army(game, 2, at(game, 9, 5), ["soldier", "soldier"])
    spawn_structure(game, 1, "wooden_tower", at(game, 11, 3), garrison=["soldier"])
    spawn_structure(game, 1, "stone_wall", at(game, 12, 4), border=at(game, 13, 4))
    start(app, game)
    view = ready(app)
    return view, game, things


def test_structures_flags_borders_reach_and_rogues_at_the_default_zoom(app):
    view, game, things = scene(app)
    assert view.camera.zoom == theme.DEFAULT_ZOOM
    view.orders.select_army(things["home"])
    view.camera.center_on_territory(at(game, 10, 4))
    dispatch(app, "on_mouse_motion", *view.camera.to_screen(*view.canvas.grid.center(at(game, 10, 6))), 0, 0)
    step(app, 3)
    shot(app, "map_structures_flags_default_zoom.png")
    sprites = view.canvas.sprites
    tile = view.canvas.grid.tile
    tower = next(s for s in sprites.structures)
    assert max(tower.width, tower.height) >= 0.45 * tile  # readable, not ~14 px
    flag = sprites.flags[0]
    assert max(flag.width, flag.height) >= 0.45 * tile


def test_a_battle_result_stays_on_the_map_until_the_next_action(app):
    view, game, things = scene(app, battle=True)
    view.orders.select_army(things["home"])
    target = on_screen(view, at(game, 9, 5))
    dispatch(app, "on_mouse_press", *target, arcade.MOUSE_BUTTON_LEFT, 0)  # arm
    dispatch(app, "on_mouse_press", *target, arcade.MOUSE_BUTTON_LEFT, 0)  # attack
    step(app, 240)
    markers = view.canvas.sprites.results
    assert markers, "a result marker"
    view.camera.center_on_territory(at(game, 10, 5))
    step(app, 2)
    shot(app, "map_battle_result.png")
    step(app, 600)  # time alone does not clear it...
    assert view.canvas.sprites.results
    dispatch(app, "on_mouse_press", *on_screen(view, at(game, 20, 15)), arcade.MOUSE_BUTTON_LEFT, 0)
    step(app, 2)
    assert not view.canvas.sprites.results  # ...the player's next action does


def test_terrain_edges_are_blended_in_the_baked_map(app):
    view, game, _ = scene(app)
    renderer = view.canvas.terrain
    tile = view.canvas.grid.tile
    plain_next_to_water = at(game, 1, 6)  # shallow water starts at (2, 6)
    chunk = renderer.chunks[renderer._key_of(plain_next_to_water)]
    image = renderer.chunk_image(chunk)
    col, row = 1 - chunk.x0, 6 - chunk.y0
    edge = image.getpixel((col * tile + tile - 2, row * tile + tile // 2))
    middle = image.getpixel((col * tile + 4, row * tile + tile // 2))  # the far side: plain art only
    art = app.assets.terrain_tile("plain", False, tile).convert("RGB")
    assert middle == art.getpixel((4, tile // 2))
    assert edge[2] > art.getpixel((tile - 2, tile // 2))[2] + 40  # the water's blue fades into the plain
    view.camera.zoom_at(300, 400, 1.6)
    view.camera.center_on_territory(at(game, 4, 6))
    step(app, 3)
    shot(app, "map_blended_terrain.png")
