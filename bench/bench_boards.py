"""Board shapes in the client: frame time of a hex map against the square map of the same size, still and scrolling.

Run: ARCADE_HEADLESS=1 .venv/bin/python -m bench.bench_boards [--frames 120] [--map mods/base/maps/grand_continent.tmj]

The same terrain, start zones and game (four seats, 10 armies of 10 units each, land owned around each base:
`bench_client.full_game`) once as squares and once as pointy-top hexes (odd rows pushed right), on the
plain game screen at the default zoom with the camera on seat 1's base and then on the map's centre, 1280x720, headless (software rendering). Target (issue "Boards of any
shape"): the hex map's still and scrolling frames at most the square map's. Prints wall-time medians and the
process's CPU time per frame (software rendering's threads included: steadier than wall time on a shared
machine); exits 0.
"""

from __future__ import annotations

import argparse
import dataclasses
import statistics
import sys
import tempfile
import time
from pathlib import Path

from bench.bench_client import LARGE, describe, open_game, time_frames
from game.maps import load_map, write_map

HEX = {"kind": "hex", "stagger_axis": "y", "stagger_index": "odd"}


def measure(window, label: str, path: Path, frames: int) -> dict[str, float]:  # noqa: ANN001
    view, setup = open_game(window, path, plain=True)
    view.jump_home()
    grid = view.canvas.grid
    print(f"\n{label}: {grid.width}x{grid.height} ({type(grid).__name__}), set-up {setup:.2f} s, "
          f"zoom {view.camera.zoom:g}")
    out: dict[str, float] = {}
    for place in ("home", "centre"):  # seat 1's base (near an edge) and the middle of the map
        if place == "centre":
            view.camera.set_position(grid.pixel_width / 2, grid.pixel_height / 2)
        cpu = time.process_time()
        still = time_frames(window, view, frames)
        cpu_still = (time.process_time() - cpu) * 1000 / (frames + 10)
        chunks = view.canvas.chunks_drawn
        cpu = time.process_time()
        moving = time_frames(window, view, frames, scroll=True)
        cpu_moving = (time.process_time() - cpu) * 1000 / (frames + 10)
        print(f"  camera on the {place}: chunks drawn per still frame {chunks} of {len(view.canvas.terrain.chunks)}")
        print("    " + describe("still camera", still) + f", CPU {cpu_still:.2f} ms/frame")
        print("    " + describe("scrolling   ", moving) + f", CPU {cpu_moving:.2f} ms/frame")
        out[f"{place} still"], out[f"{place} scroll"] = statistics.median(still), statistics.median(moving)
        out[f"{place} still CPU"], out[f"{place} scroll CPU"] = cpu_still, cpu_moving
    window.show_view(__import__("arcade").View())
    view.canvas.release()
    view.frames.release()
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--frames", type=int, default=120)
    parser.add_argument("--map", default=str(LARGE), help="a square map; its hex twin is written to a temp file")
    args = parser.parse_args(argv)
    from game.ui.app import GameWindow, Settings

    square_path = Path(args.map)
    window = GameWindow(1280, 720, settings=Settings(threaded_computer=False), visible=False)
    print(f"renderer: {window.ctx.info.RENDERER}")
    with tempfile.TemporaryDirectory() as folder:
        hex_path = Path(folder) / f"{square_path.stem}_hex.tmj"
        write_map(dataclasses.replace(load_map(square_path), topology=HEX), hex_path)
        square = measure(window, "square", square_path, args.frames)
        hexes = measure(window, "hex", hex_path, args.frames)
    print("\nsummary (median wall ms per frame, and CPU ms per frame; target: hex <= square)")
    for key in square:
        print(f"  {key:13}: square {square[key]:.2f}, hex {hexes[key]:.2f}, hex/square {hexes[key] / square[key]:.2f}")
    window.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
