"""The map editor's document (E8.1-E8.5): brushes, fill, rectangle, mirror and rotate, bounded undo, zone
checks, the generator's fairness measure, and save -> validate -> reload unchanged."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.content import load_ruleset
from game.map_editor import UNDO_STEPS, EditError, MapDocument, file_stem, user_maps, user_maps_folder
from game.mapgen import fairness, generate_map
from game.maps import load_map
from game.validate import validate_paths
from systems.board import HEX, REGIONS, SQUARE8

TERRAIN = tuple(load_ruleset().terrain)


def doc(width: int = 12, height: int = 10, fill: str = "plain", shape: str = "square4") -> MapDocument:
    return MapDocument.new("Test map", width, height, fill, shape, TERRAIN)


def two_seats(d: MapDocument) -> None:
    """A fair 2-player layout: mirrored zones of 3x3 plain in opposite corners (E8.3)."""
    d.tick(2, True)
    d.set_zone(2, 1, d.rectangle_cells(d.width + 1, 3 * d.width + 3))
    d.set_zone(2, 2, d.image("rotate_180", d.zones[2][1]).values())


def test_new_map_sizes_e8_1() -> None:
    assert doc(8, 8).terrain == ["plain"] * 64
    assert len(doc(256, 256).terrain) == 256 * 256
    for bad in ((7, 10), (10, 257)):
        with pytest.raises(EditError, match="8 to 256"):
            doc(*bad)
    with pytest.raises(EditError, match="unknown terrain"):
        MapDocument.new("x", 10, 10, "lava", terrain_ids=TERRAIN)


def test_brushes_e8_2() -> None:
    d = doc()
    centre = 5 * 12 + 5
    assert d.paint_brush(centre, 1, "forest") == [centre]
    assert len(d.paint_brush(centre, 3, "forest")) == 8  # 3x3, the centre already forest
    assert d.terrain.count("forest") == 9
    assert d.terrain.count("forest") + len(d.paint_brush(centre, 5, "forest")) == 25
    corner = d.brush(0, 5)  # clipped at the map's edge
    assert sorted(corner) == [y * 12 + x for y in range(3) for x in range(3)]
    hexes = doc(shape=HEX)
    assert len(hexes.brush(5 * 12 + 5, 3)) == 7 and len(hexes.brush(5 * 12 + 5, 5)) == 19
    with pytest.raises(EditError):
        d.brush(0, 4)


def test_fill_follows_the_board_e8_2() -> None:
    d = doc(8, 8)
    d.paint([2 + 8 * k for k in range(8)], "mountain")  # a wall down column 3
    assert len(d.fill(0, "forest")) == 16  # columns 1-2 only
    assert d.terrain[3] == "plain" and d.fill(0, "forest") == []
    corner = doc(8, 8)
    corner.paint([1, 8], "mountain")  # closes the corner cell on square-4 ...
    assert corner.fill(0, "forest") == [0]
    diagonal = doc(8, 8, shape=SQUARE8)
    diagonal.paint([1, 8], "mountain")  # ... but not on square-8, where 0 touches 9
    assert len(diagonal.fill(0, "forest")) == 64 - 2


def test_rectangle_e8_2() -> None:
    d = doc()
    changed = d.rectangle(12 * 2 + 3, 12 * 4 + 1, "barren")  # corners given in any order
    assert len(changed) == 9 and all(d.terrain[c] == "barren" for c in changed)
    assert {d.coords(c) for c in changed} == {(x, y) for x in (1, 2, 3) for y in (2, 3, 4)}


def test_mirror_and_rotate_the_map_e8_2() -> None:
    d = doc(9, 8)
    d.paint([0], "forest")
    d.set_zone(2, 1, [1])
    d.transform("mirror_lr")
    assert d.terrain[8] == "forest" and d.terrain[0] == "plain" and d.zones[2][1] == {7}
    d.transform("mirror_tb")
    assert d.terrain[7 * 9 + 8] == "forest"
    d.transform("rotate_180")
    assert d.terrain[0] == "forest" and d.zones[2][1] == {1}
    with pytest.raises(EditError, match="square map"):
        d.transform("rotate_90")  # a 9x8 map does not fit turned
    sq = doc(8, 8)
    sq.paint([0], "forest")
    sq.transform("rotate_90")
    assert sq.terrain[7] == "forest"  # top-left goes top-right: a clockwise quarter turn
    for _ in range(3):
        sq.transform("rotate_90")
    assert sq.terrain[0] == "forest" and sq.terrain.count("forest") == 1


def test_mirror_a_selection_stamps_its_copy_e8_2() -> None:
    d = doc(10, 10)
    d.rectangle(0, 4 * 10 + 4, "forest")  # the top-left quarter
    selection = d.rectangle_cells(0, 4 * 10 + 4)
    d.transform("mirror_lr", selection)
    assert all(d.terrain[y * 10 + x] == "forest" for y in range(5) for x in range(10))  # symmetric top half
    d.transform("rotate_180", d.rectangle_cells(0, 4 * 10 + 9))
    assert d.terrain.count("forest") == 100


def test_hex_maps_mirror_and_turn_half_e8_2() -> None:
    d = doc(8, 8, shape=HEX)  # an even row count: a half turn maps rows onto rows of the other stagger
    d.paint([0], "forest")
    d.transform("rotate_180")
    assert d.terrain[63] == "forest" and d.terrain.count("forest") == 1
    with pytest.raises(EditError, match="half a turn"):
        d.transform("rotate_90")
    d.transform("mirror_tb")  # nearest cells: still exactly one forest somewhere in the top rows
    assert d.terrain.count("forest") >= 1


def test_undo_redo_bounded_to_100_steps_e8_2() -> None:
    d = doc(20, 20)
    for cell in range(UNDO_STEPS + 20):
        d.paint([cell], "forest")
    undone = 0
    while d.can_undo:
        d.undo()
        undone += 1
    assert undone == UNDO_STEPS
    assert d.terrain.count("forest") == 20  # the oldest 20 steps can no longer be taken back
    d.redo()
    assert d.terrain.count("forest") == 21
    d.paint([399], "mine")  # a new edit drops the redo history
    assert not d.can_redo
    d.tick(2, True)
    d.set_zone(2, 1, [0, 1])
    d.undo()
    assert 2 not in d.zones
    d.undo()
    assert d.counts == set()
    assert d.paint([0], "forest") == []  # no change, no undo step
    d.undo()
    assert d.terrain[399] == "plain"


def test_zone_errors_block_a_save_e8_4(tmp_path: Path) -> None:
    d = doc()
    assert [p.text for p in d.errors()] == [
        "Tick at least one player count (2, 3 or 4) and paint its start zones."]
    d.tick(3, True)
    d.set_zone(3, 1, [0, 1, 2])
    d.set_zone(3, 2, [2, 3, 4])
    texts = [p.text for p in d.errors()]
    assert "3 players: seat 3 has no start zone." in texts
    assert any("seats 1 and 2 overlap at column 3, row 1" in t for t in texts)
    d.paint([5, 6], "deep_water")
    d.set_zone(3, 3, [5, 6, 7])
    short = [p for p in d.errors() if "seat 3's zone has 1 land territory" in p.text]
    assert short and short[0].cells == (5, 6, 7)
    with pytest.raises(EditError, match="cannot save a playable map"):
        d.save(tmp_path)
    assert not list(tmp_path.iterdir())


def test_warnings_link_and_fairness_from_the_generator_e8_4() -> None:
    d = doc(12, 12)
    two_seats(d)
    assert d.problems() == []
    figures = d.fairness_figures(2)
    assert figures[1] == figures[2]
    assert fairness(d.to_map_data(), 2) == 1.0  # the generator's own measure
    d.rectangle(12 * 6, 12 * 6 + 11, "deep_water")  # a sea across the middle
    assert [p.text for p in d.problems()] == [
        "2 players: seat 2's zone is not linked to seat 1's over land at column 10, row 10."]
    d.undo()
    d.rectangle(12 * 7 + 5, 12 * 11 + 11, "barren")  # seat 2's corner turns barren
    warn = [p for p in d.problems() if "unfair" in p.text]
    assert warn and warn[0].severity == "warning" and "seat 2 is weakest" in warn[0].text
    assert fairness(d.to_map_data(), 2) > 1.25
    assert not d.errors()  # warnings do not block a save


def test_save_validate_reload_unchanged_e8_5(tmp_path: Path) -> None:
    for shape in ("square4", SQUARE8, HEX):
        d = doc(14, 12, shape=shape)
        d.name = f"Made {shape}"
        d.paint_brush(40, 3, "forest")
        d.paint([100], "mine")
        two_seats(d)
        d.tick(4, True)
        for seat, corner in enumerate((13, 14 * 10, 14 * 11 + 13, 5 * 14 + 7), start=1):
            d.set_zone(4, seat, d.brush(corner, 3))
        path = d.save(tmp_path)
        assert path == tmp_path / f"made_{shape}.tmj"
        checked, errors = validate_paths([str(path)])
        assert errors == [] and checked
        data = load_map(path, TERRAIN)
        assert data.terrain == tuple(d.terrain) and data.topology == d.topology
        assert data.start_zones == {n: {s: tuple(sorted(z)) for s, z in d.zones[n].items()} for n in (2, 4)}
        assert (data.name, data.width, data.height) == (d.name, 14, 12)
        again = MapDocument.open(path, TERRAIN)
        assert again.terrain == d.terrain and again.zones == d.zones and again.counts == {2, 4}


def test_unticked_counts_are_not_saved_e8_3(tmp_path: Path) -> None:
    d = doc()
    two_seats(d)
    d.set_zone(3, 1, [50, 51, 52])  # painted, but 3 players is not ticked
    data = load_map(d.save(tmp_path), TERRAIN)
    assert data.players() == (2,)


def test_open_every_shipped_map_and_generated_one() -> None:
    from game.content import maps_folder

    for path in sorted(maps_folder("base").glob("*.tmj")):
        d = MapDocument.open(path, TERRAIN)
        assert d.terrain and d.counts
        assert d.editable == (d.kind != REGIONS)  # the base game's region map (Crown Provinces) opens read-only
    generated = MapDocument.from_map(generate_map(16, 16, players=2, seed=3), TERRAIN)
    assert not generated.errors()


def test_region_maps_open_read_only() -> None:
    from game.content import load_app, maps_folder

    folder = maps_folder("risky-space")
    assert folder is not None
    path = sorted(folder.glob("*.tmj"))[0]
    d = MapDocument.open(path, load_app("risky-space").rules.terrain)
    assert not d.editable and "region map" in d.why_not_editable().lower()
    with pytest.raises(EditError, match="Tiled"):
        d.paint([0], d.terrain[0])
    assert d.problems() == []


def test_user_maps_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FOC_MAPS_DIR", str(tmp_path / "maps"))
    assert user_maps_folder() == tmp_path / "maps" and user_maps() == []
    d = doc()
    two_seats(d)
    saved = d.save()
    assert user_maps() == [saved]
    assert file_stem("My Map! (v2)") == "my_map_v2" and file_stem("!!!") == "map"


def test_a_stroke_is_one_undo_step_and_saves_never_overwrite_another_map(tmp_path: Path) -> None:
    d = doc()
    d.begin_stroke()
    for cell in (0, 1, 2, 1):
        d.paint_brush(cell, 1, "forest")
    d.set_zone(2, 1, [5])
    d.end_stroke()
    d.undo()
    assert d.terrain.count("forest") == 0 and not d.zones and not d.can_undo
    d.redo()
    assert d.terrain.count("forest") == 3 and d.zones == {2: {1: {5}}}
    d.undo()
    two_seats(d)
    first = d.save(tmp_path)
    assert d.save(tmp_path) == first  # its own file again
    other = doc()
    two_seats(other)
    assert other.save(tmp_path) == tmp_path / "test_map_2.tmj"


def test_column_staggered_hexes_edit_save_and_reload_e8_5(tmp_path: Path) -> None:
    """Tiled staggeraxis "x" (flat-top hexes, hand-made maps): edited, saved, validated and read back cell for cell."""
    for index in ("odd", "even"):
        d = MapDocument(f"Columns {index}", 11, 10, ["plain"] * 110, {},
                        {"kind": HEX, "stagger_axis": "x", "stagger_index": index}, (), TERRAIN)
        two_seats(d)
        d.paint_brush(47, 3, "mountain")
        d.tick(3, True)
        for seat, corner in enumerate((9, 10 * 11 - 2, 5 * 11 + 5), start=1):
            d.set_zone(3, seat, d.brush(corner, 3))  # hex brushes: ragged zones across staggered columns
        d.transform("rotate_180")
        assert not d.errors()
        path = d.save(tmp_path)
        checked, errors = validate_paths([str(path)])
        assert checked and errors == []
        text = path.read_text()
        assert '"staggeraxis": "x"' in text and f'"staggerindex": "{index}"' in text
        again = MapDocument.open(path, TERRAIN)
        assert again.topology == d.topology and again.terrain == d.terrain
        assert again.zones == d.zones and again.counts == {2, 3}


def swamp_mod(folder: Path) -> Path:
    """A mod adding a terrain that produces (E8.2, E8.4: its data, not the base game's, gives its R2.2 figures)."""
    mod = folder / "swamp"
    mod.mkdir()
    (mod / "mod.toml").write_text('id = "swamp"\nname = "Swamp"\nversion = "1.0.0"\ndescription = "Wet land"\n'
                                  'extends = { base = ">=1.0.0,<2" }\nfiles = ["terrain.toml"]\n')
    (mod / "terrain.toml").write_text('[terrain.swamp]\nname = "Swamp"\nproduction = { food = [1, 3] }\n')
    return mod


def test_fairness_reads_a_mods_terrain_production_e8_4(tmp_path: Path) -> None:
    mod = str(swamp_mod(tmp_path))
    ids = tuple(load_ruleset([mod]).terrain)
    d = MapDocument.new("Swampy", 12, 12, "swamp", "square4", ids, mods=[mod])
    two_seats(d)
    figures = d.fairness_figures(2)
    assert figures == {1: 2.0 * 52, 2: 2.0 * 52}  # 52 cells within 4 steps of a 3x3 corner zone, 2 food each
    assert not [p for p in d.problems() if "unfair" in p.text]  # base data alone would give 0 / 0: unfair


def test_validate_with_the_mod_whose_terrain_a_saved_map_uses_e8_5(tmp_path: Path,
                                                                    capsys: pytest.CaptureFixture[str]) -> None:
    from game.cli import main

    mod = str(swamp_mod(tmp_path))
    ids = tuple(load_ruleset([mod]).terrain)
    d = MapDocument.new("Swampy", 12, 12, "plain", "square4", ids, mods=[mod])
    d.paint_brush(60, 3, "swamp")
    two_seats(d)
    path = d.save(tmp_path / "maps")
    checked, errors = validate_paths([str(path)])
    assert checked and any("swamp" in e for e in errors)  # the base terrain alone does not know it
    checked, errors = validate_paths([str(path)], [mod])
    assert checked and errors == []
    assert main(["validate", str(path), "--mod", mod]) == 0  # the command docs/map-editor.md gives
    assert "0 error(s)" in capsys.readouterr().out
    assert main(["validate", str(path)]) == 1
