"""Tests for game.mapgen: seeded random maps with fair start zones (R1.2, R1.3, R2.1, R2.2)."""

from __future__ import annotations

import random
from collections import deque
from pathlib import Path

import pytest

from game.mapgen import EXPECTED_PRODUCTION, fairness, generate_map, zone_production
from game.maps import DEFAULT_TERRAIN_IDS, MapData, is_land, load_map, write_map

CASES = [(24, 24, 0), (24, 24, 7), (30, 30, 3), (40, 40, 11), (36, 20, 5), (16, 16, 2), (64, 64, 1)]


def neighbours(data: MapData, cell: int) -> list[int]:
    """R2.1: the 4 orthogonal neighbours of a territory."""
    x, y = cell % data.width, cell // data.width
    return [ny * data.width + nx for nx, ny in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1))
            if 0 <= nx < data.width and 0 <= ny < data.height]


def test_the_same_arguments_give_the_same_map() -> None:
    """Generation is deterministic: a seed names a map."""
    assert generate_map(30, 30, seed=42) == generate_map(30, 30, seed=42)


def test_different_seeds_give_different_maps() -> None:
    """Different seeds give different terrain."""
    assert generate_map(30, 30, seed=1).terrain != generate_map(30, 30, seed=2).terrain


def test_generation_leaves_the_global_random_generator_alone() -> None:
    """The generator uses its own random.Random(seed), never the module-level one."""
    random.seed(5)
    expected = random.random()
    random.seed(5)
    generate_map(20, 20, seed=9)
    assert random.random() == expected


@pytest.mark.parametrize(("width", "height", "seed"), CASES)
def test_every_player_count_gets_fair_land_start_zones(width: int, height: int, seed: int) -> None:
    """R1.2, R2.2: per player count, max/min expected production within reach of each zone <= 1.25."""
    data = generate_map(width, height, (2, 3, 4), seed=seed)
    assert data.players() == (2, 3, 4)
    for players in (2, 3, 4):
        zones = data.start_zones[players]
        assert sorted(zones) == list(range(1, players + 1))
        assert fairness(data, players) <= 1.25
        seen: set[int] = set()
        for zone in zones.values():
            assert len(zone) >= 9 and all(is_land(data.terrain[c]) for c in zone)  # R1.3
            assert not seen & set(zone)
            seen |= set(zone)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_single_player_count_is_fair_too(players: int) -> None:
    """R1.2: a map made for one player count declares only that count, fairly."""
    data = generate_map(28, 28, players, seed=players * 13)
    assert data.players() == (players,)
    assert fairness(data, players) <= 1.25


@pytest.mark.parametrize(("width", "height", "seed"), CASES[:4])
def test_start_zones_are_far_apart_and_connected_without_deep_water(width: int, height: int, seed: int) -> None:
    """R1.2, R5.3: zones sit apart, and soldiers can walk from each to the others (no deep water)."""
    data = generate_map(width, height, (2, 3, 4), seed=seed)
    for zones in data.start_zones.values():
        first = zones[1]
        reached = set(first)
        queue = deque(first)
        while queue:
            for n in neighbours(data, queue.popleft()):
                if n not in reached and data.terrain[n] != "deep_water":
                    reached.add(n)
                    queue.append(n)
        for zone in zones.values():
            assert set(zone) <= reached
        centres = [(sum(c % width for c in z) / len(z), sum(c // width for c in z) / len(z)) for z in zones.values()]
        for i, (ax, ay) in enumerate(centres):
            for bx, by in centres[i + 1:]:
                assert abs(ax - bx) + abs(ay - by) >= min(width, height) / 2


def test_terrain_uses_every_terrain_id_and_keeps_deep_water_off_the_coast() -> None:
    """R2.1: natural-looking terrain: all terrains appear, shallow water lies between land and deep water."""
    data = generate_map(40, 40, seed=4)
    assert set(data.terrain) == set(DEFAULT_TERRAIN_IDS)
    for cell, terrain in enumerate(data.terrain):
        if terrain == "deep_water":
            assert not any(is_land(data.terrain[n]) for n in neighbours(data, cell))


def test_every_start_zone_has_a_mine_within_reach() -> None:
    """R2.2: each seat can produce metal near its start."""
    data = generate_map(32, 32, seed=8)
    for players in data.players():
        for seat in data.start_zones[players]:
            assert zone_production(data, players, seat)["metal"] > 0


def test_zone_production_sums_the_r2_2_midpoints_within_reach() -> None:
    """R2.2: expected production uses the range midpoints and Manhattan reach from the zone."""
    terrain = ("plain", "forest", "mountain", "mine", "shallow_water", "deep_water", "barren") * 7
    data = MapData("strip", 7, 7, terrain, {2: {1: (0,), 2: (48,)}}, "test")
    near = zone_production(data, 2, 1, radius=1)  # cells 0 (plain), 1 (forest), 7 (plain)
    assert near == {"food": 5.5, "wood": 2.5, "stone": 0.0, "metal": 0.0}
    everything = zone_production(data, 2, 1, radius=12)
    for resource in ("food", "wood", "stone", "metal"):
        assert everything[resource] == pytest.approx(7 * sum(p.get(resource, 0.0) for p in EXPECTED_PRODUCTION.values()))


def test_a_generated_map_survives_a_round_trip_through_a_tiled_file(tmp_path: Path) -> None:
    """R2.1: generated maps are written and read back unchanged."""
    data = generate_map(20, 24, (2, 4), seed=3, name="Round Trip")
    path = tmp_path / "round_trip.tmj"
    write_map(data, path)
    loaded = load_map(path)
    assert loaded.name == "Round Trip"
    assert (loaded.terrain, loaded.start_zones, loaded.width, loaded.height) == (
        data.terrain, data.start_zones, data.width, data.height)


def test_a_large_map_can_be_generated() -> None:
    """Benchmarks need 128x128 boards with zones for 2, 3 and 4 players (not a timing test)."""
    data = generate_map(128, 128, seed=1)
    assert len(data.terrain) == 128 * 128
    assert all(fairness(data, p) <= 1.25 for p in (2, 3, 4))


def test_bad_arguments_are_refused() -> None:
    """R1.1: 2 to 4 players; boards too small for start zones are refused."""
    with pytest.raises(ValueError):
        generate_map(24, 24, players=5)
    with pytest.raises(ValueError):
        generate_map(24, 24, players=())
    with pytest.raises(ValueError):
        generate_map(8, 8)


def test_zone_production_reads_the_loaded_rules_terrain_with_mods(tmp_path: Path) -> None:
    """R2.2 from data: a mod's terrain produces what its terrain table says (the editor's figures, E8.4)."""
    from game.mapgen import expected_production

    mod = tmp_path / "swamp"
    mod.mkdir()
    (mod / "mod.toml").write_text('id = "swamp"\nname = "Swamp"\nversion = "1.0.0"\ndescription = "Wet land"\n'
                                  'extends = { base = ">=1.0.0,<2" }\nfiles = ["terrain.toml"]\n')
    (mod / "terrain.toml").write_text('[terrain.swamp]\nname = "Swamp"\nproduction = { wood = [2, 4] }\n')
    data = MapData("bog", 3, 1, ("swamp", "swamp", "plain"), {2: {1: (0,), 2: (2,)}}, "test")
    assert zone_production(data, 2, 1, radius=0)["wood"] == 0.0  # the base rules do not know swamp
    production = expected_production("base", [str(mod)])
    assert production["swamp"] == {"wood": 3.0} and production["plain"] == EXPECTED_PRODUCTION["plain"]
    assert zone_production(data, 2, 1, radius=1, production=production)["wood"] == 6.0
