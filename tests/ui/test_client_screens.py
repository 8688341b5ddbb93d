"""Issue 4: every screen from the main menu to a game, through the real handlers, saved as PNG and checked."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import arcade
from PIL import Image

from components.commands import ChooseBase
from game.mapgen import generate_map
from game.setup import PlayerSpec, new_game
from game.ui.app import GameWindow
from game.ui.views.base_choice import BaseChoiceView
from game.ui.views.game_view import GameView
from game.ui.views.menu import MainMenuView
from game.ui.views.setup import SetupView
from systems import queries as q
from tests.builders import base_rules, spawn_army
from tests.patience import scaled
from tests.ui.conftest import click, dispatch, frames, shot

ROOT = Path(__file__).resolve().parents[2]


def distinct_colors(image: Image.Image, box: tuple[int, int, int, int]) -> int:
    region = image.crop(box).convert("RGB").resize((160, 120))
    return len(set(region.getdata()))


def near(color: tuple[int, ...], target: tuple[int, ...], tolerance: int) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip(color[:3], target[:3], strict=True))


def test_main_menu_to_setup_to_base_choice_to_the_game(window: GameWindow) -> None:
    window.show_main_menu()
    frames(window, 2)
    assert isinstance(window.current_view, MainMenuView)
    menu = shot(window, "client_main_menu.png")
    assert distinct_colors(Image.open(menu), (0, 0, 1280, 720)) > 100
    button = window.current_view.new_button
    click(window, button.center_x, button.center_y)
    frames(window, 2)
    setup = window.current_view
    assert isinstance(setup, SetupView)
    setup.set_count(3)
    setup.toggle_computer(1)  # seat 2 becomes human: P1 human, P2 human, P3 computer
    frames(window, 2)
    shot(window, "client_setup.png")
    assert setup.count == 3 and not setup.seats[1].computer and setup.seats[2].computer
    start = setup.start_button
    click(window, start.center_x, start.center_y)
    frames(window, 2)
    choice = window.current_view
    assert isinstance(choice, BaseChoiceView)
    game = choice.session.game
    world = game.world
    zone = world.start_zones[1]
    water = [t for t in zone if world.terrain[t] in ("shallow_water", "deep_water")]
    land = [t for t in zone if game.check(ChooseBase(t)) is None]
    assert land
    frames(window, 2)
    shot(window, "client_base_choice.png")
    if water:
        click(window, *choice.camera.to_screen(*choice.canvas.grid.center(water[0])))
        assert "water" in choice.reason.text
        assert q.home_base(world, 1) is None
    click(window, *choice.camera.to_screen(*choice.canvas.grid.center(land[len(land) // 2])))
    assert q.home_base(world, 1) == land[len(land) // 2]
    frames(window, 2)
    second = [t for t in world.start_zones[2] if game.check(ChooseBase(t)) is None]
    click(window, *choice.camera.to_screen(*choice.canvas.grid.center(second[0])))
    assert q.home_base(world, 2) == second[0]
    for _ in range(200):  # the computer seat chooses alone
        frames(window)
        if not isinstance(window.current_view, BaseChoiceView):
            break
    assert q.home_base(world, 3) is not None
    for _ in range(120):  # through the hand-over screen between the human players, if one is shown
        if isinstance(window.current_view, GameView):
            break
        frames(window, 30)
        click(window, 640, 360)
        dispatch(window, "on_key_press", arcade.key.ESCAPE, 0)
        dispatch(window, "on_key_release", arcade.key.ESCAPE, 0)
    assert isinstance(window.current_view, GameView)
    assert world.clock.round == 1 and world.clock.seat == 1


def test_game_screen_pixels_show_terrain_textures_and_player_colours(window: GameWindow) -> None:
    data = generate_map(32, 32, players=2, seed=11)
    game = new_game(base_rules(), data, [PlayerSpec("Ada"), PlayerSpec("Bo", computer=True)], 11)
    from game.ui import computer

    while game.in_setup:
        computer.play(game)
    world = game.world
    base = q.home_base(world, 1)
    assert base is not None
    own = [n for n in world.board.neighbours(base) if world.rules.is_land(world.terrain[n])]
    for t in own:
        world.set_owner(t, 1)
    army = spawn_army(game, 1, own[0], ["soldier", "soldier", "ranger"])
    spawn_army(game, None, own[-1] + 2 * world.board.width if own[-1] + 2 * world.board.width < 1024 else own[-1],
               ["soldier"])
    window.start(game)
    frames(window, 3)
    view = window.current_view
    assert isinstance(view, GameView)
    image = Image.open(shot(window, "client_game_start.png")).convert("RGB")
    map_box = (0, 0, 1280 - 320, 720 - 30)
    assert distinct_colors(image, map_box) > 400  # textured terrain, not flat colours
    style = view.session.styles[1]
    width = world.board.width
    edge = next(t for t in [base, *own] if t % width and world.owner_of(t - 1) != 1)
    left, bottom, size, _ = view.canvas.grid.rect(edge)
    x, y = view.camera.to_screen(left, bottom + size * 0.3)
    # the owner's border line runs along the inside of a territory's edge with a stranger's land
    inside = image.getpixel((int(x) + 1, 720 - int(y)))
    assert near(inside, style.color, 40), inside
    tinted = image.getpixel((int(x) + 6, 720 - int(y)))  # the owner's tint over the terrain
    assert tinted != inside
    panel = image.getpixel((1280 - 5, 360))
    assert near(panel, (28, 32, 43), 4)
    radar = view.canvas.radar
    sample = image.getpixel((int(radar.left + radar.width / 2), 720 - int(radar.bottom + radar.height / 2)))
    assert sample != panel
    view.orders.select_army(army)
    frames(window, 3)
    shot(window, "client_game.png")
    assert view.canvas.overlays.cell_colors


def test_watch_mode_runs_headless_and_saves_screenshots(tmp_path: Path) -> None:
    env = dict(os.environ, ARCADE_HEADLESS="1")
    command = [sys.executable, "-m", "game", "play", "--players", "ai,ai", "--seed", "5", "--map", "random:24",
               "--frames", "150", "--screenshot-dir", str(tmp_path), "--screenshot-every", "75"]
    done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=scaled(180))  # a bound on a hang: a loaded machine only slows it
    assert done.returncode == 0, done.stderr[-2000:]
    pictures = sorted(tmp_path.glob("*.png"))
    assert [p.name for p in pictures] == ["frame_00075.png", "frame_00150.png"]
    image = Image.open(pictures[-1])
    assert image.size == (1280, 720)
    assert distinct_colors(image, (0, 0, 960, 690)) > 100
    image.save(ROOT / "screenshots" / "client_watch_mode.png")


def test_without_a_display_foc_play_says_so_in_one_line() -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "ARCADE_HEADLESS")}
    done = subprocess.run([sys.executable, "-m", "game", "play"], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=scaled(60))
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "ARCADE_HEADLESS=1" in lines[0] and "Traceback" not in done.stderr


def test_structures_battles_rogues_and_disruption_are_drawn(window: GameWindow) -> None:
    from components.commands import Attack, Disrupt
    from tests.builders import spawn_structure, tiny_map

    rows = ["pppppppppp", "pppppppppp", "ppppssppff", "ppppssppff", "pppppppppp", "pppppppppp"]
    game = new_game(base_rules(), tiny_map(rows, 2), [PlayerSpec("Ada"), PlayerSpec("Bo", computer=True)], 4)
    assert game.submit(ChooseBase(1 * 10 + 1)).ok and game.submit(ChooseBase(4 * 10 + 8)).ok
    world = game.world
    for t in (0, 1, 2, 10, 11, 12, 13, 20, 21, 22):
        world.set_owner(t, 1)
    spawn_structure(game, 1, "stone_wall", 12, border=13, garrison=["soldier"])
    spawn_structure(game, 1, "wooden_wall", 21, border=31)
    spawn_structure(game, 1, "stone_tower", 2, garrison=["ranger", "soldier"])
    spawn_structure(game, 1, "bridge", 24)
    spawn_structure(game, 1, "catapult", 11)
    attacker = spawn_army(game, 1, 36, ["soldier"] * 4)
    spawn_army(game, 2, 37, ["defender"] * 4)
    spawn_army(game, None, 47, ["soldier", "ranger"])
    raider = spawn_army(game, 1, 22, ["ranger"])
    assert game.submit(Disrupt(raider)).ok
    assert game.submit(Attack(attacker, 37)).ok
    window.start(game)
    frames(window, 90)
    view = window.current_view
    assert isinstance(view, GameView)
    view.camera.zoom_at(480, 360, 2.0)
    view.camera.set_position(*view.canvas.grid.center(34))
    sprites = view.canvas.sprites
    frames(window, 3)
    shot(window, "client_structures_battle.png")
    assert len(sprites.walls) == 2 and len(sprites.bridges) == 1 and len(sprites.structures) == 2
    assert any(s.angle == 90 for s in sprites.walls) and any(s.angle == 0 for s in sprites.walls)
    scene = view.canvas.scene
    assert scene.battles and 22 in scene.disrupted
    rogue = next(t for t in sprites.tokens.values() if t.signature[1] is None)
    assert rogue.mark.visible  # rogue armies carry their own mark and grey colours
