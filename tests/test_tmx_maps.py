"""Tiled's own format (.tmx): a map saved by Tiled as XML, with its tileset in an external .tsx and its layer data
in any encoding Tiled writes, loads exactly as the same map in JSON (.tmj), with the same checks and errors
(R1.2 start zones, R2.1 the board); map lists, --map and `foc validate` take both."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.cli import main as foc
from game.content import maps_folder
from game.errors import DataError
from game.maps import MapError, list_maps, load_map
from game.simulate import resolve_map
from game.validate import validate_paths
from tests.fixtures.tmx import ENCODINGS, tmx_text, tsx_text, write_tmx

BASE_MAPS = maps_folder("base")
assert BASE_MAPS is not None
GRID_MAPS = sorted(p for p in BASE_MAPS.glob("*.tmj") if "regions" not in p.read_text(encoding="utf-8"))


def same_map(tmx: Path, tmj: Path) -> None:
    a, b = load_map(tmx), load_map(tmj)
    assert (a.name, a.width, a.height, a.terrain, a.start_zones, a.topology) == \
        (b.name, b.width, b.height, b.terrain, b.start_zones, b.topology)


@pytest.mark.parametrize("encoding", ENCODINGS)
def test_a_tmx_map_in_each_layer_encoding_loads_as_its_json_twin(tmp_path: Path, encoding: str) -> None:
    tmj = BASE_MAPS / "twin_valleys.tmj"
    tmx = write_tmx(tmj, tmp_path, encoding)
    assert f'encoding="{"csv" if encoding == "csv" else "base64"}"' in tmx.read_text()
    assert 'source="terrain.tsx"' in tmx.read_text()  # the tileset is an external file
    same_map(tmx, tmj)


@pytest.mark.parametrize("tmj", GRID_MAPS, ids=lambda p: p.stem)
def test_every_shipped_board_as_tmx_loads_as_its_json_twin(tmp_path: Path, tmj: Path) -> None:
    """Square-4, square-8 and hex boards alike (hex_heartland's stagger and side length come through)."""
    same_map(write_tmx(tmj, tmp_path, "zlib"), tmj)


def twin_problem(tmp_path: Path, change) -> tuple[list[str], list[str]]:  # type: ignore[no-untyped-def]
    """The errors of one broken map written as .tmj and as .tmx, each with its file name taken out."""
    doc = json.loads((BASE_MAPS / "twin_valleys.tmj").read_text(encoding="utf-8"))
    change(doc)
    tmj, tmx = tmp_path / "broken.tmj", tmp_path / "broken.tmx"
    tmj.write_text(json.dumps(doc), encoding="utf-8")
    (tmp_path / "terrain.tsx").write_text(tsx_text(doc["tilesets"][0]), encoding="utf-8")
    tmx.write_text(tmx_text(doc, "gzip"), encoding="utf-8")
    out = []
    for path in (tmj, tmx):
        with pytest.raises(MapError) as caught:
            load_map(path)
        out.append([e.removeprefix(f"{path}: ") for e in caught.value.errors])
    return out[0], out[1]


def test_a_bad_cell_gives_the_same_error_in_both_formats(tmp_path: Path) -> None:
    def unknown_terrain(doc):  # type: ignore[no-untyped-def]
        doc["tilesets"][0]["tiles"][1]["properties"][0]["value"] = "lava"
    as_json, as_xml = twin_problem(tmp_path, unknown_terrain)
    assert as_json == as_xml and "unknown terrain 'lava'" in as_xml[0]


def test_a_missing_start_zone_gives_the_same_error_in_both_formats(tmp_path: Path) -> None:
    def drop_seat_two(doc):  # type: ignore[no-untyped-def]
        zones = doc["layers"][1]["objects"]
        doc["layers"][1]["objects"] = [o for o in zones if o["name"] != "start 2p seat 2"]
    as_json, as_xml = twin_problem(tmp_path, drop_seat_two)
    assert as_json == as_xml and any("seat 2 has no start zone" in e for e in as_xml)


def test_a_board_too_big_is_refused_before_the_layers_are_read(tmp_path: Path) -> None:
    path = tmp_path / "huge.tmx"
    path.write_text('<?xml version="1.0"?>\n<map orientation="orthogonal" width="5000" height="5000" '
                    'tilewidth="32" tileheight="32"></map>\n', encoding="utf-8")
    with pytest.raises(MapError) as caught:
        load_map(path)
    assert caught.value.errors[0].startswith(f"{path}: width, height: a 5000x5000 board has 25000000 territories")


def test_a_tileset_outside_the_maps_folder_is_refused(tmp_path: Path) -> None:
    folder = tmp_path / "maps"
    tmx = write_tmx(BASE_MAPS / "twin_valleys.tmj", folder, "csv")
    (tmp_path / "elsewhere.tsx").write_text((folder / "terrain.tsx").read_text())
    tmx.write_text(tmx.read_text().replace('source="terrain.tsx"', 'source="../elsewhere.tsx"'))
    with pytest.raises(MapError) as caught:
        load_map(tmx)
    assert caught.value.errors == [f"{tmx}: tilesets[0].source: '../elsewhere.tsx' lies outside the map's folder; "
                                   "referenced files must be inside it"]


def test_layer_data_in_a_compression_tiled_never_writes_is_named(tmp_path: Path) -> None:
    tmx = write_tmx(BASE_MAPS / "twin_valleys.tmj", tmp_path, "zlib")
    tmx.write_text(tmx.read_text().replace('compression="zlib"', 'compression="lz4"'))
    with pytest.raises(MapError) as caught:
        load_map(tmx)
    assert caught.value.errors == [f"{tmx}: layers[0].data: compression 'lz4' is not one Tiled writes (base64 data "
                                   "with zlib, gzip, zstd)"]


@pytest.mark.parametrize("text", ["<map width='3'", "<tileset/>", "not xml <"])
def test_a_file_that_is_not_a_tmx_map_is_one_error_naming_it(tmp_path: Path, text: str) -> None:
    path = tmp_path / "garbage.tmx"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(MapError) as caught:
        load_map(path)
    assert len(caught.value.errors) == 1
    assert caught.value.errors[0].startswith(f"{path}: file: not a TMX (XML) file")


def test_map_lists_name_and_validate_take_tmx(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys) -> None:
    folder = tmp_path / "maps"
    write_tmx(BASE_MAPS / "twin_valleys.tmj", folder, "csv", name="valleys_xml")
    (folder / "notes.txt").write_text("not a map")
    assert [p.name for p in list_maps(folder)] == ["valleys_xml.tmx"]
    monkeypatch.chdir(tmp_path / "maps")
    assert resolve_map("valleys_xml").name == "Twin Valleys"  # --map NAME finds NAME.tmx
    assert resolve_map(str(folder / "valleys_xml.tmx")).width == 24  # and a .tmx path
    checked, errors = validate_paths([str(folder)])
    assert (checked, errors) == ([f"map {folder / 'valleys_xml.tmx'}"], [])
    assert foc(["validate", str(folder / "valleys_xml.tmx")]) == 0
    (folder / "broken.tmx").write_text("<map", encoding="utf-8")
    assert foc(["validate", str(folder / "broken.tmx")]) == 1
    assert "broken.tmx: file: not a TMX (XML) file" in capsys.readouterr().err
    with pytest.raises(DataError):
        resolve_map("no_such_map")
