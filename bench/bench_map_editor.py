"""The map editor on the largest maps: how long opening, a brush stroke, zones with the live check, a whole-map
mirror and an undo take in the editor view (E8).

Run: ARCADE_HEADLESS=1 .venv/bin/python -m bench.bench_map_editor [--size 256] [--shapes square4,hex]
"""

from __future__ import annotations

import argparse
import os
import time

os.environ.setdefault("ARCADE_HEADLESS", "1")

import game.ui.headless_shim  # noqa: E402, F401  (before anything imports arcade.gui)

# isort: split
from game.content import load_ruleset  # noqa: E402
from game.map_editor import MapDocument  # noqa: E402
from game.ui.app import GameWindow, Settings  # noqa: E402
from game.ui.views.map_editor import EditorView  # noqa: E402


def frame(view: EditorView) -> None:
    view.on_update(1 / 60)
    view.on_draw()


def measure(window: GameWindow, shape: str, side: int, terrain: tuple[str, ...]) -> str:
    """One line of figures for a side x side map of one shape."""
    clock = time.perf_counter
    start = clock()
    doc = MapDocument.new("bench", side, side, "plain", shape, terrain)
    view = EditorView(window, doc)
    window.show_view(view)
    view.on_draw()
    opened, start = clock() - start, clock()
    doc.tick(2, True)
    doc.set_zone(2, 1, doc.brush(side * 4 + 4, 5))
    doc.set_zone(2, 2, doc.brush(side * (side - 5) + side - 5, 5))
    view.refresh_panel()
    checked, start = clock() - start, clock()
    doc.begin_stroke()
    for step in range(20):
        view._sync_map(doc.paint_brush(side * (side // 2) + step, 5, "forest"))
    doc.end_stroke()
    view.refresh_panel()
    frame(view)
    painted, start = clock() - start, clock()
    view.transform("mirror_lr")
    frame(view)
    mirrored, start = clock() - start, clock()
    view.undo()
    frame(view)
    undone = clock() - start
    view.release()
    return (f"{shape} {side}x{side}: open {opened:.2f} s, zones + live check {checked:.2f} s, a 20-cell 5x5 "
            f"stroke + check + frame {painted:.2f} s, whole-map mirror + frame {mirrored:.2f} s, its undo + "
            f"frame {undone:.2f} s; problems: {len(doc.problems())}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--size", type=int, default=256)
    parser.add_argument("--shapes", default="square4,hex")
    args = parser.parse_args()
    terrain = tuple(load_ruleset().terrain)
    window = GameWindow(1280, 720, settings=Settings(threaded_computer=False), visible=False)
    for shape in args.shapes.split(","):
        print(measure(window, shape, args.size, terrain), flush=True)
    window.close()


if __name__ == "__main__":
    main()
