"""Tests for game.maps: Tiled map loading, validation and writing (R1.2, R1.3, R2.1)."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest

from game.maps import DEFAULT_TERRAIN_IDS, MapData, MapError, is_land, list_maps, load_map, write_map

MAPS = Path(__file__).resolve().parent.parent / "mods" / "base" / "maps"
SHIPPED = {
    "twin_valleys.tmj": ("Twin Valleys", 24, 24, (2,)),
    "three_rivers.tmj": ("Three Rivers", 30, 30, (3,)),
    "four_corners.tmj": ("Four Corners", 40, 40, (2, 3, 4)),
    "wide_world.tmj": ("Wide World", 32, 32, (4,)),
    "grand_continent.tmj": ("Grand Continent", 128, 128, (2, 3, 4)),
    "hex_heartland.tmj": ("Hex Heartland", 30, 26, (2, 3, 4)),
    "provinces.tmj": ("Crown Provinces", 51, 1, (2, 3, 4)),  # regions: one row of territories
}


def small_map() -> MapData:
    """A 6x5 map whose zones are not rectangles (several rectangles per seat)."""
    terrain = (
        "plain", "forest", "mountain", "mine", "plain", "plain",
        "plain", "plain", "shallow_water", "deep_water", "shallow_water", "barren",
        "forest", "plain", "shallow_water", "deep_water", "shallow_water", "plain",
        "plain", "barren", "plain", "shallow_water", "forest", "forest",
        "mine", "plain", "plain", "plain", "forest", "mountain",
    )
    zones = {
        2: {1: (0, 1, 6), 2: (23, 28, 29)},
        3: {1: (0,), 2: (5, 11), 3: (24, 25, 26, 19)},
    }
    return MapData("Small", 6, 5, terrain, {p: {s: tuple(sorted(z)) for s, z in seats.items()}
                                            for p, seats in zones.items()}, "test")


def edit(path: Path, change: Any) -> None:
    """Apply `change(doc)` to the JSON document in `path`."""
    doc = json.loads(path.read_text())
    change(doc)
    path.write_text(json.dumps(doc))


@pytest.mark.parametrize("file", sorted(SHIPPED))
def test_every_shipped_map_loads_without_errors_and_declares_its_player_counts(file: str) -> None:
    """R1.2: each shipped map validates and declares one land start zone per seat for its player counts."""
    name, width, height, players = SHIPPED[file]
    data = load_map(MAPS / file)
    assert (data.name, data.width, data.height, data.players()) == (name, width, height, players)
    assert len(data.terrain) == width * height
    for count in players:
        assert data.supports(count)
        assert sorted(data.start_zones[count]) == list(range(1, count + 1))
        for zone in data.start_zones[count].values():
            assert any(is_land(data.terrain[c]) for c in zone)  # R1.3: a base must be land


def test_list_maps_finds_the_shipped_maps() -> None:
    """R1.2: the map list is the .tmj files of the maps folder."""
    assert {p.name for p in list_maps(MAPS)} >= set(SHIPPED)
    assert {p.name for p in list_maps()} >= set(SHIPPED)


def test_a_map_written_and_read_back_is_equal_to_the_original(tmp_path: Path) -> None:
    """R2.1: write_map then load_map gives the same territories, terrain and start zones."""
    data = small_map()
    path = tmp_path / "small.tmj"
    write_map(data, path)
    loaded = load_map(path)
    assert loaded.source == str(path)
    assert dataclasses.replace(loaded, source=data.source) == data


def test_a_written_map_is_a_tiled_json_map_with_an_embedded_terrain_tileset(tmp_path: Path) -> None:
    """R2.1: the file is Tiled 1.10 JSON: terrain tile layer, start_zones object layer, int properties."""
    path = tmp_path / "small.tmj"
    write_map(small_map(), path)
    doc = json.loads(path.read_text())
    assert (doc["type"], doc["orientation"], doc["renderorder"], doc["tilewidth"]) == ("map", "orthogonal", "right-down", 32)
    tileset = doc["tilesets"][0]
    assert "source" not in tileset
    assert [t["properties"][0]["value"] for t in tileset["tiles"]] == list(DEFAULT_TERRAIN_IDS)
    assert [layer["name"] for layer in doc["layers"]] == ["terrain", "start_zones"]
    obj = doc["layers"][1]["objects"][0]
    assert {p["name"]: p["type"] for p in obj["properties"]} == {"players": "int", "seat": "int"}
    assert obj["x"] % 32 == 0 and obj["width"] % 32 == 0


def test_the_map_name_falls_back_to_the_file_stem(tmp_path: Path) -> None:
    """R1.2: a map without a `name` property is listed under its file name."""
    path = tmp_path / "nameless.tmj"
    write_map(small_map(), path)
    edit(path, lambda doc: doc.pop("properties"))
    assert load_map(path).name == "nameless"


def test_supports_and_players_list_the_declared_player_counts() -> None:
    """R1.2: a map supports exactly the player counts it declares zones for."""
    data = small_map()
    assert data.players() == (2, 3)
    assert data.supports(2) and data.supports(3) and not data.supports(4)


def test_a_broken_map_reports_every_error_with_its_file_and_key(tmp_path: Path) -> None:
    """R1.2, R2.1: unknown terrain, a tile without terrain and a missing seat are all reported at once."""
    path = tmp_path / "broken.tmj"
    write_map(small_map(), path)

    def breaks(doc: dict[str, Any]) -> None:
        tiles = doc["tilesets"][0]["tiles"]
        tiles[1]["properties"][0]["value"] = "lava"  # forest (gid 2) -> unknown terrain
        del tiles[3]["properties"]  # mine (gid 4) -> no terrain property
        objects = doc["layers"][1]["objects"]
        doc["layers"][1]["objects"] = [o for o in objects if o["name"] != "start 3p seat 2"]

    edit(path, breaks)
    with pytest.raises(MapError) as caught:
        load_map(path)
    errors = caught.value.errors
    assert len(errors) == 3, errors
    assert all(e.startswith(f"{path}: ") for e in errors)
    assert f"{path}: layers[0].data[1]: tile gid 2 has unknown terrain 'lava'" in errors[0]
    assert "(and 4 more cells)" in errors[0]
    assert errors[1].startswith(f"{path}: layers[0].data[3]: tile gid 4 has no 'terrain' property")
    assert errors[2] == f"{path}: start_zones 3p: seat 2 has no start zone"
    assert str(caught.value) == "\n".join(errors)


def test_zone_problems_are_reported_per_object_and_per_player_count(tmp_path: Path) -> None:
    """R1.2, R1.3: seats out of range, overlapping zones and zones without land are errors."""
    path = tmp_path / "zones.tmj"
    write_map(small_map(), path)

    def breaks(doc: dict[str, Any]) -> None:
        objects = doc["layers"][1]["objects"]
        bad_seat = dict(objects[0], name="start 2p seat 3", properties=[
            {"name": "players", "type": "int", "value": 2}, {"name": "seat", "type": "int", "value": 3}])
        for obj in objects:
            if obj["name"] == "start 3p seat 2":  # cover the seat 1 zone (0, 0) as well
                obj.update(x=0, y=0, width=32, height=32)
        water = dict(objects[0], name="start 4p seat 1", x=3 * 32, y=1 * 32, width=32, height=64, properties=[
            {"name": "players", "type": "int", "value": 4}, {"name": "seat", "type": "int", "value": 1}])
        objects.extend([bad_seat, water])

    edit(path, breaks)
    with pytest.raises(MapError) as caught:
        load_map(path)
    errors = [e.removeprefix(f"{path}: ") for e in caught.value.errors]
    assert "objects 'start 2p seat 3': seat 3 > players 2" in errors
    assert "start_zones 3p: zones of seats 1 and 2 overlap at 1 cells" in errors
    assert "start_zones 4p seat 1: the zone has no land territory" in errors
    assert "start_zones 4p: seat 2 has no start zone" in errors
    assert "start_zones 4p: seat 4 has no start zone" in errors


def test_empty_cells_missing_layers_and_custom_terrain_sets_are_reported(tmp_path: Path) -> None:
    """R2.1: every cell needs a terrain from the ruleset's terrain ids; both layers must exist."""
    path = tmp_path / "holes.tmj"
    write_map(small_map(), path)

    def breaks(doc: dict[str, Any]) -> None:
        doc["layers"][0]["data"][7] = 0
        doc["layers"].pop(1)

    edit(path, breaks)
    with pytest.raises(MapError) as caught:
        load_map(path, terrain_ids=[t for t in DEFAULT_TERRAIN_IDS if t != "barren"])
    errors = [e.removeprefix(f"{path}: ") for e in caught.value.errors]
    assert "layers[0].data[7]: empty cell (no tile)" in errors
    assert any(e.startswith("layers[0].data[11]: tile gid 7 has unknown terrain 'barren'") for e in errors)
    assert "layers: no object layer named 'start_zones'" in errors


def test_a_file_that_is_not_json_gives_a_map_error_not_a_traceback(tmp_path: Path) -> None:
    """A corrupt map file is reported as one MapError naming the file."""
    path = tmp_path / "garbage.tmj"
    path.write_text("this is { not json")
    with pytest.raises(MapError) as caught:
        load_map(path)
    assert len(caught.value.errors) == 1
    assert caught.value.errors[0].startswith(f"{path}: file: not a JSON file")


def test_a_json_file_that_is_not_a_tiled_map_gives_a_map_error(tmp_path: Path) -> None:
    """pytiled_parser failures are wrapped in a MapError with the file name."""
    path = tmp_path / "other.tmj"
    path.write_text('{"hello": "world"}')
    with pytest.raises(MapError, match=r"other\.tmj: map: not a valid Tiled map"):
        load_map(path)


def test_a_missing_file_gives_a_map_error(tmp_path: Path) -> None:
    """A missing map file is a MapError, not FileNotFoundError."""
    path = tmp_path / "nowhere.tmj"
    with pytest.raises(MapError) as caught:
        load_map(path)
    assert caught.value.errors == [f"{path}: file: not found"]
