"""Regenerate the shipped Risky Space map, or write a random universe to play.

    python mods/risky-space/maps/make_map.py                       # the shipped map (seed picked by eye)
    python mods/risky-space/maps/make_map.py --seed 7 --out u7.tmj # a random universe with invented names
    foc play --ruleset risky-space --map u7.tmj

The shipped layout is a universe from the generator; its names are our own.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[2]
SEED = 1
FILE = "lantern_lanes.tmj"
NAME = "Lantern Lanes"
REGION_NAMES = (
    "Ardenhollow", "Brightmarrow", "Cinderwell", "Duskharbor", "Emberlock", "Farrowgate", "Glimmerfen",
    "Hollowmere", "Ivory Shelf", "Juniper Rise", "Kestrel Point", "Lowbarrow", "Marrowdeep", "Nettlewick",
    "Oakensong", "Pellucid", "Quillmarch", "Rustwater", "Saltmoor", "Thistlegard", "Umberfall", "Vesperlight",
    "Willowcrest", "Yarrowmont", "Zephyr Cross", "Amberwatch", "Briarhold", "Coldspindle", "Driftmoor",
    "Everbloom", "Flintreach", "Greywhistle", "Harrowdown", "Inkwell", "Lanternfold", "Mistlebrook",
    "Northgleam", "Pebblemoss", "Ravenshale", "Sablecairn",
)
CLUSTER_NAMES = ("Ember Drift", "Halcyon Spur", "Verdigris Shoal", "Lantern Reach", "Ironwake Expanse",
                 "Saffron Veil")


def main(argv: list[str] | None = None) -> int:
    import argparse

    parser = argparse.ArgumentParser(description="write the shipped map, or a random universe")
    parser.add_argument("--seed", type=int, help="a random universe from this seed (invented names)")
    parser.add_argument("--out", help="where to write it (default: the shipped map's file)")
    args = parser.parse_args(argv)
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    import importlib.util

    spec = importlib.util.spec_from_file_location("risky_space_maps", HERE.parent / "plugin" / "__init__.py",
                                                  submodule_search_locations=[str(HERE.parent / "plugin")])
    assert spec is not None and spec.loader is not None
    package = importlib.util.module_from_spec(spec)
    sys.modules["risky_space_maps"] = package
    spec.loader.exec_module(package)
    from risky_space_maps.universe import generate_universe  # type: ignore[import-not-found]

    from game.maps import load_map
    from game.region_maps import region_map_document

    shipped = args.seed is None
    universe = generate_universe(SEED if shipped else args.seed)
    board = universe.spec
    if shipped:
        for region, name in zip(board["regions"], REGION_NAMES, strict=True):
            region["name"], region["id"] = name, "-".join(name.lower().split())
        renamed = {}
        for cluster, name in zip(board["clusters"], CLUSTER_NAMES, strict=True):
            renamed[cluster["id"]] = "-".join(name.lower().split())
            cluster["name"], cluster["id"] = name, renamed[cluster["id"]]
        for region in board["regions"]:
            region["cluster"] = renamed[region["cluster"]]
    title = NAME if shipped else f"Random universe #{args.seed}"
    doc = region_map_document(title, board, players=(2, 6), size=(int(universe.width), int(universe.height)))
    path = Path(args.out) if args.out else HERE / FILE
    path.write_text(json.dumps(doc, indent=1) + "\n", encoding="utf-8")
    data = load_map(path)  # raises MapError if the written file does not validate
    print(f"{path.name}: {data.name!r}, {len(data.terrain)} regions, "
          f"{len(data.topology['clusters'])} clusters, {len(data.topology['links'])} links")
    return 0


if __name__ == "__main__":
    sys.exit(main())
