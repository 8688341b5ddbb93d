"""Maps of every shape in Tiled: hexagonal tile maps, square-8 by property, region maps as polygons (RS1.2, RS1.3)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.cli import main
from game.mapgen import fairness, generate_map
from game.maps import MapError, load_map, write_map
from game.region_maps import region_map_document
from systems.board import make_board

MAPS = Path(__file__).resolve().parent.parent / "mods" / "base" / "maps"
HEX = {"kind": "hex", "stagger_axis": "y", "stagger_index": "odd"}


def test_a_hex_map_round_trips_through_tiled_with_its_start_zones(tmp_path):
    data = generate_map(20, 18, (2, 3), seed=4, name="Hexes", topology=HEX)
    path = tmp_path / "hexes.tmj"
    write_map(data, path)
    doc = json.loads(path.read_text())
    assert doc["orientation"] == "hexagonal" and doc["staggeraxis"] == "y" and doc["staggerindex"] == "odd"
    again = load_map(path)
    assert again.topology == HEX
    assert again.terrain == data.terrain
    assert again.start_zones == data.start_zones


def test_the_shipped_hex_map_is_hex_and_fair():
    data = load_map(MAPS / "hex_heartland.tmj")
    assert make_board(data.width, data.height, data.topology).kind == "hex"
    for players in data.players():
        assert fairness(data, players) <= 1.25


def test_an_orthogonal_map_may_ask_for_eight_neighbours(tmp_path):
    data = generate_map(16, 16, 2, seed=1, topology={"kind": "square8"})
    path = tmp_path / "eight.tmj"
    write_map(data, path)
    assert load_map(path).topology == {"kind": "square8"}
    doc = json.loads(path.read_text())
    doc["properties"] = [p for p in doc["properties"] if p["name"] != "topology"] + [
        {"name": "topology", "type": "string", "value": "triangles"}]
    path.write_text(json.dumps(doc))
    with pytest.raises(MapError) as caught:
        load_map(path)
    assert any("properties: topology" in e and str(path) in e for e in caught.value.errors)


def _square(x: float, y: float) -> list[list[float]]:
    return [[x - 20, y - 20], [x + 20, y - 20], [x + 20, y + 20], [x - 20, y + 20]]


def region_spec() -> dict:
    names = [("Amberfall", "inner", 100, 100), ("Brightwell", "inner", 200, 100), ("Cinderreach", "outer", 300, 100),
             ("Duskmere", "outer", 300, 200)]
    regions = [{"id": n.lower(), "name": n, "cluster": c, "x": x, "y": y, "outline": _square(x, y)}
               for n, c, x, y in names]
    return {"kind": "regions", "regions": regions, "links": [[0, 1], [1, 2], [2, 3]],
            "clusters": [{"id": "inner", "name": "Inner Ring", "bonus": 2}, {"id": "outer", "name": "Outer Rim",
                                                                            "bonus": 1}]}


def write_regions(path: Path, spec: dict | None = None) -> dict:
    doc = region_map_document("Four Stars", spec or region_spec(), players=(2, 4))
    path.write_text(json.dumps(doc))
    return doc


def test_a_region_map_loads_polygons_clusters_links_and_bonuses(tmp_path):
    path = tmp_path / "stars.tmj"
    write_regions(path)
    data = load_map(path)
    board = make_board(data.width, data.height, data.topology)
    assert board.kind == "regions" and board.size == 4
    assert board.neighbours(1) == (0, 2)
    assert [(c.id, c.name, c.bonus) for c in board.clusters] == [("inner", "Inner Ring", 2), ("outer", "Outer Rim", 1)]
    assert board.regions[0].name == "Amberfall" and board.regions[0].cluster == "inner"
    assert (board.regions[0].x, board.regions[0].y) == pytest.approx((100, 100))
    assert len(board.regions[0].outline) == 4
    assert data.players() == (2, 3, 4)


def _objects(doc: dict) -> dict[str, dict]:
    return {o["name"]: o for o in doc["layers"][0]["objects"]}


def _set(obj: dict, name: str, value) -> None:
    obj["properties"] = [p for p in obj["properties"] if p["name"] != name]
    if value is not None:
        obj["properties"].append({"name": name, "type": "string", "value": value})


def test_region_map_errors_name_file_and_key_rs1_3(tmp_path):
    """RS1.3: missing region, asymmetric link, self link, no/two clusters, cluster without bonus, unreachable."""
    path = tmp_path / "broken.tmj"
    doc = write_regions(path)
    objs = _objects(doc)
    _set(objs["Amberfall"], "links", "Brightwell, Nowhere, Amberfall")
    _set(objs["Brightwell"], "links", "Amberfall, Cinderreach, Duskmere")  # Duskmere does not link back
    _set(objs["Cinderreach"], "cluster", "inner, outer")
    _set(objs["Duskmere"], "cluster", None)
    _set(objs["Duskmere"], "links", "")  # now unreachable
    doc["properties"] = [p for p in doc["properties"] if p["name"] != "bonus.inner"]
    doc["properties"].append({"name": "bonus.ghost", "type": "int", "value": 3})
    path.write_text(json.dumps(doc))
    with pytest.raises(MapError) as caught:
        load_map(path)
    errors = caught.value.errors
    assert all(e.startswith(f"{path}: ") for e in errors)
    text = "\n".join(errors)
    assert "'Amberfall': links: 'nowhere' is not a region" in text
    assert "'Amberfall': links: a region cannot link to itself" in text
    assert "'Brightwell': links: 'duskmere' does not link back" in text
    assert "'Cinderreach': cluster: the region is in 2 clusters" in text
    assert "'Duskmere': cluster: the region is in no cluster" in text
    assert "properties: bonus.inner: cluster 'inner' has no bonus" in text
    assert "properties: bonus.ghost: no region is in cluster 'ghost'" in text
    assert "regions 'Duskmere': links: unreachable" in text


def test_a_negative_bonus_is_refused(tmp_path):
    path = tmp_path / "neg.tmj"
    doc = write_regions(path)
    for p in doc["properties"]:
        if p["name"] == "bonus.outer":
            p["value"] = -1
    path.write_text(json.dumps(doc))
    with pytest.raises(MapError, match="bonus.outer: must be a whole number >= 0"):
        load_map(path)


def test_foc_validate_reports_region_errors_with_file_and_key(tmp_path, capsys):
    path = tmp_path / "bad.tmj"
    doc = write_regions(path)
    _set(_objects(doc)["Amberfall"], "links", "Brightwell, Lost")
    path.write_text(json.dumps(doc))
    assert main(["validate", str(path)]) == 1
    assert f"{path}: layers[0].objects[0] 'Amberfall': links: 'lost' is not a region" in capsys.readouterr().err


def test_a_region_map_round_trips(tmp_path):
    path = tmp_path / "stars.tmj"
    write_regions(path)
    data = load_map(path)
    again_path = tmp_path / "again.tmj"
    write_map(data, again_path)
    again = load_map(again_path)
    assert again.topology == data.topology
    assert again.start_zones == data.start_zones
