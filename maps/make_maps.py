"""Regenerate the base game's shipped maps in mods/base/maps (run `python maps/make_maps.py`); seeds were picked by eye."""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent


@dataclass(frozen=True)
class Spec:
    """One shipped map: its file, display name and generate_map arguments."""

    file: str
    name: str
    width: int
    height: int
    players: tuple[int, ...]
    seed: int
    water: float = 0.2


SPECS: tuple[Spec, ...] = (
    Spec("twin_valleys.tmj", "Twin Valleys", 24, 24, (2,), seed=3, water=0.22),
    Spec("three_rivers.tmj", "Three Rivers", 30, 30, (3,), seed=0, water=0.27),
    Spec("four_corners.tmj", "Four Corners", 40, 40, (2, 3, 4), seed=10),
    Spec("wide_world.tmj", "Wide World", 32, 32, (4,), seed=0),
    Spec("grand_continent.tmj", "Grand Continent", 128, 128, (2, 3, 4), seed=0, water=0.22),
)


def main() -> int:
    """Write every map in SPECS into the base ruleset's maps folder and print its fairness per player count."""
    if str(HERE.parent) not in sys.path:
        sys.path.insert(0, str(HERE.parent))
    from game.mapgen import fairness, generate_map
    from game.maps import load_map, write_map

    for spec in SPECS:
        data = generate_map(spec.width, spec.height, spec.players, seed=spec.seed, water=spec.water, name=spec.name)
        path = HERE.parent / "mods" / "base" / "maps" / spec.file
        write_map(data, path)
        loaded = load_map(path)  # raises MapError if the written file does not validate
        ratios = ", ".join(f"{p}p {fairness(loaded, p):.3f}" for p in loaded.players())
        print(f"{path.name}: {spec.name!r} {spec.width}x{spec.height}, max/min production {ratios}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
