"""Board topologies: square-4, square-8, hex (offset storage, axial maths) and region graphs behind one interface."""

from __future__ import annotations

import dataclasses

import pytest

from game.mapgen import generate_map
from game.replay import load_replay, save_replay, verify
from game.saves import load_game, save_game
from game.simulate import play_game
from game.snapshot import state_hash
from systems.board import (
    Cluster,
    DiagonalGridBoard,
    GridBoard,
    HexBoard,
    Region,
    RegionBoard,
    cheapest_paths,
    make_board,
    path_to,
)
from tests.builders import base_rules

HEX_LAYOUTS = [("y", "odd"), ("y", "even"), ("x", "odd"), ("x", "even")]


def test_square4_has_orthogonal_neighbours_and_manhattan_distance():
    board = GridBoard(4, 3)
    assert board.neighbours(board.index(1, 1)) == (1, 6, 9, 4)
    assert board.distance(0, board.index(3, 2)) == 5
    assert sorted(board.within(board.index(1, 1), 1)) == [1, 4, 5, 6, 9]


def test_square8_adds_diagonals_and_king_distance():
    board = DiagonalGridBoard(4, 3)
    assert len(board.neighbours(board.index(1, 1))) == 8
    assert sorted(board.neighbours(board.index(1, 1))) == [0, 1, 2, 4, 6, 8, 9, 10]   # every king step, once
    assert sorted(board.neighbours(board.index(3, 2))) == [6, 7, 10]
    assert len(board.neighbours(0)) == 3
    assert board.distance(0, board.index(3, 2)) == 3
    assert len(list(board.within(board.index(1, 1), 1))) == 9


@pytest.mark.parametrize(("axis", "index"), HEX_LAYOUTS)
def test_hex_neighbours_are_symmetric_and_six_inside(axis, index):
    board = HexBoard(7, 6, axis, index)
    for cell in range(board.size):
        assert board.from_axial(*board.axial(cell)) == cell
        for n in board.neighbours(cell):
            assert cell in board.neighbours(n)
            assert board.distance(cell, n) == 1
    assert len(board.neighbours(board.index(3, 3))) == 6


def test_hex_odd_rows_are_shifted_right_as_in_tiled():
    board = HexBoard(7, 6, "y", "odd")
    # odd-r: an odd row's cell touches (x, y-1) and (x+1, y-1) above it
    assert set(board.neighbours(board.index(3, 3))) == {
        board.index(2, 3), board.index(4, 3), board.index(3, 2), board.index(4, 2), board.index(3, 4), board.index(4, 4)
    }
    # even row: (x-1, y-1) and (x, y-1)
    assert set(board.neighbours(board.index(3, 2))) == {
        board.index(2, 2), board.index(4, 2), board.index(2, 1), board.index(3, 1), board.index(2, 3), board.index(3, 3)
    }


@pytest.mark.parametrize(("axis", "index"), HEX_LAYOUTS)
def test_hex_distance_equals_breadth_first_steps(axis, index):
    board = HexBoard(8, 7, axis, index)
    start = board.index(2, 3)
    tree = cheapest_paths(board, start, lambda a, b: 1)
    for cell in range(board.size):
        assert board.distance(start, cell) == tree[cell][0]


def test_hex_line_is_connected_and_as_long_as_the_distance():
    board = HexBoard(10, 9)
    for a, b in [(0, 89), (5, 80), (board.index(2, 7), board.index(9, 0)), (33, 33)]:
        line = board.line(a, b)
        assert line[0] == a and line[-1] == b
        assert len(line) == board.distance(a, b) + 1
        for here, there in zip(line, line[1:], strict=False):
            assert there in board.neighbours(here)


def test_hex_rings_and_within():
    board = HexBoard(11, 11)
    centre = board.index(5, 5)
    assert len(board.ring(centre, 1)) == 6
    assert len(board.ring(centre, 3)) == 18
    assert all(board.distance(centre, c) == 3 for c in board.ring(centre, 3))
    assert len(set(board.within(centre, 2))) == 1 + 6 + 12
    corner = board.ring(0, 2)  # off-board cells are skipped
    assert all(board.distance(0, c) == 2 for c in corner) and len(corner) < 12


def _regions() -> RegionBoard:
    regions = [Region(name.lower(), name, cluster, i * 10.0, 0.0) for i, (name, cluster) in
               enumerate([("Aster", "a"), ("Brim", "a"), ("Cobalt", "b"), ("Dune", "b")])]
    return RegionBoard(regions, [(0, 1), (1, 2), (2, 3)], [Cluster("a", "Alpha", 2), Cluster("b", "Beta", 1)])


def test_region_graph_links_clusters_and_hops():
    board = _regions()
    assert board.neighbours(1) == (0, 2)
    assert board.distance(0, 3) == 3
    assert sorted(board.within(1, 1)) == [0, 1, 2]
    assert board.members("b") == (2, 3)
    assert board.index_of("dune") == 3
    assert path_to(cheapest_paths(board, 0, lambda a, b: 1), 3) == (1, 2, 3)


@pytest.mark.parametrize("board", [GridBoard(3, 2), DiagonalGridBoard(3, 2), HexBoard(3, 2, "x", "even"), _regions()])
def test_every_board_rebuilds_from_its_spec(board):
    again = make_board(board.width, board.height, board.spec())
    assert again.kind == board.kind and again.size == board.size
    assert [again.neighbours(i) for i in range(board.size)] == [board.neighbours(i) for i in range(board.size)]


def test_old_saves_without_a_topology_are_square4():
    assert make_board(3, 2, None).kind == "square4"
    assert make_board(3, 2, {}).neighbours(0) == (1, 3)


def hex_map():
    square = generate_map(16, 16, players=2, seed=5, name="Hex 16x16")
    return dataclasses.replace(square, topology={"kind": "hex", "stagger_axis": "y", "stagger_index": "odd"})


def test_the_base_game_plays_on_hex_and_round_trips_save_and_replay(tmp_path):
    game, _ = play_game(base_rules(), hex_map(), ["normal", "hard"], 4, max_rounds=10)
    assert game.world.board.kind == "hex"
    loaded = load_game(save_game(game, tmp_path / "hex.foc.json.gz"))
    assert loaded.world.board.kind == "hex"
    assert loaded.world.board.spec() == game.world.board.spec()
    assert state_hash(loaded.world) == state_hash(game.world)
    replay = load_replay(save_replay(game, tmp_path / "hex.focreplay.json.gz"))
    assert verify(replay).ok


def test_a_full_computer_game_plays_to_a_victory_on_the_shipped_hex_map():
    """The base rules never assumed squares: hard beats random on Hex Heartland (walls, paths, reach on hexes)."""
    from game.maps import load_map

    game, _ = play_game(base_rules(), load_map("mods/base/maps/hex_heartland.tmj"), ["hard", "random"], 4, max_rounds=200)
    assert game.over and game.world.clock.winner == 1


def test_the_base_game_on_eight_neighbours_round_trips_save_and_replay(tmp_path):
    data = generate_map(16, 16, players=2, seed=5, name="Eight 16x16", topology={"kind": "square8"})
    game, _ = play_game(base_rules(), data, ["normal", "hard"], 6, max_rounds=8)
    assert game.world.board.kind == "square8"
    loaded = load_game(save_game(game, tmp_path / "eight.foc.json.gz"))
    assert loaded.world.board.kind == "square8"
    assert state_hash(loaded.world) == state_hash(game.world)
    assert verify(load_replay(save_replay(game, tmp_path / "eight.focreplay.json.gz"))).ok


def test_a_full_computer_game_plays_to_a_victory_on_the_shipped_region_map(tmp_path):
    """The base rules on a map of regions (Crown Provinces): hard beats random; save and replay round-trip."""
    from game.maps import load_map

    data = load_map("mods/base/maps/provinces.tmj")
    game, _ = play_game(base_rules(), data, ["hard", "random"], 1, max_rounds=200)
    assert game.world.board.kind == "regions"
    assert game.over and game.world.clock.winner == 1
    loaded = load_game(save_game(game, tmp_path / "regions.foc.json.gz"))
    assert loaded.world.board.spec() == game.world.board.spec()
    assert state_hash(loaded.world) == state_hash(game.world)
    assert verify(load_replay(save_replay(game, tmp_path / "regions.focreplay.json.gz"))).ok


def test_a_region_map_naming_an_unknown_terrain_is_refused_with_file_and_region(tmp_path):
    import json
    from pathlib import Path

    from game.maps import DEFAULT_TERRAIN_IDS, MapError, load_map

    doc = json.loads(Path("mods/base/maps/provinces.tmj").read_text(encoding="utf-8"))
    region = doc["layers"][0]["objects"][0]
    region["properties"].append({"name": "terrain", "type": "string", "value": "lava"})
    region["properties"] = [p for p in region["properties"] if p["name"] != "terrain"] + [region["properties"][-1]]
    path = tmp_path / "lava.tmj"
    path.write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(MapError) as caught:
        load_map(path, DEFAULT_TERRAIN_IDS)
    assert f"{path}: regions '{region['name']}': terrain: unknown terrain 'lava'" in str(caught.value)


def test_region_map_start_zones_are_read_written_and_checked(tmp_path):
    """R1.2 on region maps: `start` = players:seat pairs; every seat of every count needs one; no overlaps."""
    import json

    from game.maps import MapError, load_map, write_map

    data = load_map("mods/base/maps/provinces.tmj")
    assert data.players() == (2, 3, 4)
    assert all(len(zone) == 5 for seats in data.start_zones.values() for zone in seats.values())
    again = tmp_path / "again.tmj"
    write_map(data, again)
    assert load_map(again).start_zones == data.start_zones
    doc = json.loads(again.read_text(encoding="utf-8"))
    objects = doc["layers"][0]["objects"]
    for obj in objects:  # drop seat 4 of 4 players everywhere; one region claims two seats; one is malformed
        for prop in obj["properties"]:
            if prop["name"] == "start":
                prop["value"] = ", ".join(p for p in prop["value"].split(", ") if p != "4:4")
    first = objects[0]["properties"]
    first[:] = [p for p in first if p["name"] != "start"] + [{"name": "start", "type": "string", "value": "2:1, 2:2, x"}]
    broken = tmp_path / "broken.tmj"
    broken.write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(MapError) as caught:
        load_map(broken)
    text = str(caught.value)
    assert f"{broken}: properties: start zones: seat 4 of 4 players has no region with 'start' 4:4" in text
    assert "'x' is not players:seat" in text
    assert "the region is in two seats' zones for 2 players" in text
