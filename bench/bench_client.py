"""Client speed: frame time (update + draw) on the large and a small map, click response, memory.

Run: ARCADE_HEADLESS=1 .venv/bin/python -m bench.bench_client [--frames 120] [--shots screenshots]

Four players with full armies (10 armies of 10 units each) near their bases, a ring of owned territory
around each base, the camera on seat 1's base at the default zoom, 1280x720, software rendering
(llvmpipe) when run headless. Each frame is timed as `view.on_update(1/60)` + `view.on_draw()` +
`ctx.finish()` (so the GPU work is inside the measurement). Prints the figures; exits 0.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("ARCADE_HEADLESS", "1")

import esper  # noqa: E402

from components.armies import Army, ArmyUnit  # noqa: E402
from components.commands import ChooseBase  # noqa: E402
from game.content import load_ruleset  # noqa: E402
from game.maps import load_map  # noqa: E402
from game.setup import PlayerSpec, new_game  # noqa: E402
from systems import queries as q  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
LARGE = ROOT / "mods" / "base" / "maps" / "grand_continent.tmj"
SMALL = ROOT / "mods" / "base" / "maps" / "wide_world.tmj"


def rss_mb() -> float:
    """Resident memory of this process in MB (Linux), else the peak from resource."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    import resource

    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def full_game(path: Path, seed: int = 1):  # noqa: ANN201
    """Four seats, bases chosen, 10 armies x 10 units each, land owned around every base."""
    from game.ui import computer

    rules = load_ruleset()
    data = load_map(path)
    game = new_game(rules, data, [PlayerSpec(f"Player {i}") for i in range(1, 5)], seed)
    while game.in_setup:
        territory = computer.fallback_base(game)
        assert territory is not None
        assert game.submit(ChooseBase(territory)).ok
    world = game.world
    rng = random.Random(seed)
    board = world.board
    for seat in world.seats:
        base = q.home_base(world, seat)
        assert base is not None
        near = sorted(board.within(base, 6), key=lambda t: (board.distance(base, t), t))  # type: ignore[attr-defined]
        land = [t for t in near if world.rules.is_land(world.terrain[t]) and world.owner_of(t) in (None, seat)]
        for t in land[:60]:
            world.set_owner(t, seat)
        spots = [t for t in land if not q.armies_at(t)][:10]
        for spot in spots:
            types = ["soldier"] * 6 + ["defender"] * 2 + ["ranger"] * 2
            rng.shuffle(types)
            units = [esper.create_entity(ArmyUnit(t, rules.units[t].combat.attack, rules.units[t].combat.defense))
                     for t in types]
            army = Army(seat, spot, units)
            army.mp = q.army_max_mp(world, types)
            esper.create_entity(army)
    return game


def open_game(window, path: Path, plain: bool = False):  # noqa: ANN001, ANN201
    """The game screen for a full game on this map; `plain` is the map screen alone, without the turn flow."""
    from game.ui.views.map_screen import MapScreen

    started = time.perf_counter()
    game = full_game(path)
    if plain:
        from game.ui.map_canvas import MapCanvas
        from game.ui.session import Session

        styles = {seat: window.assets.default_style(seat) for seat in game.world.seats}
        canvas = MapCanvas(game.world, window.assets, styles, (window.width, window.height))
        window.show_view(MapScreen(window, Session(game, styles, threaded=False), canvas))
    else:
        window.start(game)
    for _ in range(400):  # through a hand-over screen, if one is shown
        view = window.current_view
        if isinstance(view, MapScreen):
            break
        view.on_update(1 / 60)
        view.on_draw()
        import pyglet

        pyglet.event.EventDispatcher.dispatch_event(window, "on_mouse_press", 640, 360, 1, 0)
        pyglet.event.EventDispatcher.dispatch_event(window, "on_mouse_release", 640, 360, 1, 0)
        pyglet.event.EventDispatcher.dispatch_event(window, "on_key_press", 65307, 0)  # Esc closes a summary
    view = window.current_view
    assert isinstance(view, MapScreen), type(view)
    modal = getattr(view, "modal", None)
    if modal is not None and hasattr(view, "close_modal"):
        view.close_modal()
    return view, time.perf_counter() - started


def time_frames(window, view, frames: int, scroll: bool = False) -> list[float]:  # noqa: ANN001
    ctx = window.ctx
    out: list[float] = []
    for i in range(frames + 10):
        if scroll:
            view.camera.pan_screen(6 if (i // 60) % 2 == 0 else -6, 0)
        start = time.perf_counter()
        view.on_update(1 / 60)
        view.on_draw()
        ctx.finish()
        elapsed = (time.perf_counter() - start) * 1000
        window.flip()
        if i >= 10:  # warm-up frames are not counted
            out.append(elapsed)
    return out


def click_latency(window, view, clicks: int = 10) -> list[float]:  # noqa: ANN001
    """ms from a click on an army (handler) to the end of the next frame that shows its highlights."""
    import pyglet

    world = view.session.world
    world.activate()
    armies = [e for e, a in q.player_armies(world.clock.seat)]
    out: list[float] = []
    handled: list[float] = []
    for army in armies:
        if len(out) == clicks:
            break
        territory = esper.component_for_entity(army, Army).territory
        view.orders.clear()  # else a click on another of your armies in reach would combine with it
        view.camera.center_on_territory(territory)
        view.on_update(1 / 60)
        view.on_draw()
        x, y = view.camera.to_screen(*view.canvas.grid.center(territory))
        overlay = getattr(view, "turn_hud", None)  # the issue-5 toolbar and boxes lie over the map
        if overlay is not None and overlay.contains(x, y):
            continue
        start = time.perf_counter()
        for name in ("on_mouse_motion", "on_mouse_press", "on_mouse_release"):
            args = (x, y, 0, 0) if name == "on_mouse_motion" else (x, y, 1, 0)
            pyglet.event.EventDispatcher.dispatch_event(window, name, *args)
        handled.append((time.perf_counter() - start) * 1000)
        assert view.orders.selected_army == army and view.canvas.overlays.cell_colors  # answered at once
        view.on_update(1 / 60)
        view.on_draw()
        window.ctx.finish()
        out.append((time.perf_counter() - start) * 1000)
        window.flip()
    print("  " + describe("click handler alone      ", handled))
    return out


def describe(name: str, samples: list[float]) -> str:
    ordered = sorted(samples)
    p90 = ordered[int(len(ordered) * 0.9) - 1]
    return f"{name}: median {statistics.median(samples):.2f} ms, p90 {p90:.2f} ms, max {max(samples):.2f} ms"


def measure(window, label: str, path: Path, frames: int, plain: bool, shots: str | None) -> dict[str, float]:  # noqa: ANN001
    view, setup = open_game(window, path, plain)
    grid = view.canvas.grid
    view.jump_home()
    units = sum(len(a.units) for _, a in q.armies())
    kind = "issue-4 game screen" if plain else "full client (with the issue-5 toolbar, log and forecast)"
    print(f"\n{label} map {path.name} ({grid.width}x{grid.height}), {kind}: {len(q.armies())} armies, {units} units;"
          f" set-up {setup:.2f} s; zoom {view.camera.zoom:g}")
    still = time_frames(window, view, frames)
    moving = time_frames(window, view, frames, scroll=True)
    print("  " + describe("still camera", still))
    print("  " + describe("scrolling   ", moving))
    print(f"  chunks drawn per frame: {view.canvas.chunks_drawn} of {len(view.canvas.terrain.chunks)}; "
          f"frame cache: {view.frames.counts}")
    out = {"still": statistics.median(still), "scroll": statistics.median(moving)}
    clicks = click_latency(window, view)
    print("  " + describe("click -> next frame drawn", clicks))
    out["click_max"] = max(clicks)
    out["rss"] = rss_mb()
    print(f"  memory: {out['rss']:.0f} MB resident")
    if shots:
        view.jump_home()
        view.orders.clear()
        view.on_update(1 / 60)
        view.on_draw()
        name = f"bench_{label}_plain.png" if plain else f"bench_{label}.png"
        print(f"  screenshot: {window.screenshot(Path(shots) / name)}")
    window.show_view(__import__("arcade").View())
    view.canvas.release()
    view.frames.release()
    view.panel_cache.release()
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--frames", type=int, default=120)
    parser.add_argument("--shots", help="save a screenshot of each measured map here")
    parser.add_argument("--large", default=str(LARGE))
    parser.add_argument("--small", default=str(SMALL))
    args = parser.parse_args(argv)
    from game.ui.app import GameWindow, Settings

    base_rss = rss_mb()
    window = GameWindow(1280, 720, settings=Settings(threaded_computer=False), visible=False)
    print(f"renderer: {window.ctx.info.RENDERER}; {os.cpu_count()} CPUs; memory before the window "
          f"{base_rss:.0f} MB")
    results: dict[str, dict[str, float]] = {}
    for plain in (True, False):
        for label, path in (("large", Path(args.large)), ("small", Path(args.small))):
            results[f"{label}{'_plain' if plain else ''}"] = measure(window, label, path, args.frames, plain,
                                                                    args.shots)
    print("\nsummary (median ms per frame; targets: <= 16.7 ms, large/small <= 1.5, memory <= 400 MB)")
    for plain in (True, False):
        tag = "_plain" if plain else ""
        large, small = results[f"large{tag}"], results[f"small{tag}"]
        name = "issue-4 game screen" if plain else "full client       "
        print(f"  {name}: large still {large['still']:.2f}, scrolling {large['scroll']:.2f}; small still "
              f"{small['still']:.2f}, scrolling {small['scroll']:.2f}; ratio {large['still'] / small['still']:.2f} "
              f"still, {large['scroll'] / small['scroll']:.2f} scrolling; slowest click "
              f"{max(large['click_max'], small['click_max']):.1f} ms")
    print(f"  memory after the large map: {results['large_plain']['rss']:.0f} MB (plain), "
          f"{results['large']['rss']:.0f} MB (full client)")
    window.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
