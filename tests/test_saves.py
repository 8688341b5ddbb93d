"""Saves: complete, atomic, versioned (v1 fixtures migrate), strict on load, and invisible to the game."""

from __future__ import annotations

import gzip
import json
import shutil
from pathlib import Path

import esper
import pytest

from components.armies import Army, Battle
from components.commands import BuildUnit, EndTurn, Move
from game.ai import run_computer_turn
from game.errors import DataError
from game.mapgen import generate_map
from game.saves import (
    SAVE_VERSION,
    Autosaver,
    autosave,
    encode,
    load_game,
    read_raw,
    save_data,
    save_game,
)
from game.simulate import new_computer_game, play_game
from game.snapshot import state_hash
from systems import queries as q
from tests.builders import at, base_rules, spawn_army, tiny_game

FIXTURES = Path(__file__).parent / "fixtures" / "saves"
EXPECTED = json.loads((FIXTURES / "expected.json").read_text())


def small_map():
    return generate_map(16, 16, players=2, seed=5, name="Test 16x16")


def played(rounds: int, seed: int = 3, kinds=("normal", "hard")):
    game, _ = play_game(base_rules(), small_map(), list(kinds), seed, max_rounds=rounds)
    return game


def write_raw(path: Path, data: dict) -> None:
    path.write_bytes(encode(data))


# --- round trips -------------------------------------------------------------------------------------


def test_save_and_load_give_the_same_state(tmp_path):
    game = played(12)
    path = save_game(game, tmp_path / "a.foc.json.gz")
    loaded = load_game(path)
    assert state_hash(loaded.world) == state_hash(game.world)
    assert loaded.history == game.history
    assert loaded.world.seed == game.world.seed
    assert loaded.world.rules == game.world.rules
    assert loaded.world.owned == game.world.owned
    assert loaded.world.tiles == game.world.tiles
    assert loaded.world.players == game.world.players
    assert loaded.world.start_zones == game.world.start_zones


def test_a_save_is_gzip_json_with_a_version_and_the_mods(tmp_path):
    path = save_game(played(3), tmp_path / "a.foc.json.gz")
    header_line, body_line = gzip.decompress(path.read_bytes()).split(b"\n", 1)  # v4: header, then body
    header, data = json.loads(header_line), json.loads(body_line)
    assert header["format"] == "forces-of-conquest-save" and header["version"] == SAVE_VERSION
    assert header["mods"] == [{"id": "base", "version": "1.0.0"}] and header["ruleset_id"] == "base"
    assert data["ruleset"]["units"]["soldier"]["cost"] == {"food": 10}
    assert len(data["state"]["rng"][1]) == 625


def test_save_load_continue_equals_the_uninterrupted_game(tmp_path):
    game = played(10, seed=4)
    loaded = load_game(save_game(game, tmp_path / "mid.foc.json.gz"))
    for _ in range(30):
        if game.over:
            break
        run_computer_turn(game)
        run_computer_turn(loaded)
        assert state_hash(loaded.world) == state_hash(game.world)
    assert loaded.history == game.history


def test_saving_mid_turn_keeps_the_turn_where_it_was(tmp_path):
    game = tiny_game(["pppp", "pppp"], {1: (0, 0), 2: (3, 1)}, resources={"food": 100})
    assert game.submit(BuildUnit("soldier")).ok
    loaded = load_game(save_game(game, tmp_path / "turn.foc.json.gz"))
    assert (loaded.world.clock.round, loaded.world.clock.seat, loaded.world.clock.stage) == (1, 1, "main")
    for g in (game, loaded):
        assert g.submit(BuildUnit("soldier")).ok
        assert g.submit(EndTurn()).ok
    assert state_hash(loaded.world) == state_hash(game.world)


def test_saving_mid_battle_and_fighting_on(tmp_path):
    game = tiny_game(["pppp", "pppp"], {1: (0, 0), 2: (3, 1)})
    mine = spawn_army(game, 1, at(game, 1, 0), ["defender"] * 3)
    spawn_army(game, 2, at(game, 2, 0), ["defender"] * 3)
    assert game.submit(Move(mine, (at(game, 2, 0),))).ok
    game.world.activate()
    assert esper.get_component(Battle)
    loaded = load_game(save_game(game, tmp_path / "battle.foc.json.gz"))
    loaded.world.activate()
    assert esper.get_component(Battle)
    for g in (game, loaded):
        for _ in range(4):
            g.submit(EndTurn())
    assert state_hash(loaded.world) == state_hash(game.world)


def test_saving_changes_nothing(tmp_path):
    game = played(8)
    before = state_hash(game.world)
    rng_before = game.world.rng.getstate()
    history = list(game.history)
    save_game(game, tmp_path / "x.foc.json.gz")
    save_data(game)
    assert state_hash(game.world) == before
    assert game.world.rng.getstate() == rng_before
    assert game.history == history
    # and it plays on exactly like a copy that was never saved
    twin = played(8)
    for _ in range(6):
        run_computer_turn(game)
        run_computer_turn(twin)
    assert state_hash(game.world) == state_hash(twin.world)


def test_new_entities_after_a_load_get_the_ids_the_original_would_give(tmp_path):
    game = tiny_game(["pppp", "pppp"], {1: (0, 0), 2: (3, 1)}, resources={"food": 100})
    spawn_army(game, 1, at(game, 2, 0), ["soldier"])
    game.world.activate()
    doomed = spawn_army(game, 1, at(game, 3, 0), ["soldier"])
    for unit in esper.component_for_entity(doomed, Army).units:
        esper.delete_entity(unit, immediate=True)
    esper.delete_entity(doomed, immediate=True)  # a gap in the ids, and the counter past it
    loaded = load_game(save_game(game, tmp_path / "ids.foc.json.gz"))
    first = game.submit(BuildUnit("soldier")).events[0]
    second = loaded.submit(BuildUnit("soldier")).events[0]
    assert first == second


# --- writing -----------------------------------------------------------------------------------------


def test_writes_are_atomic_and_leave_no_temporary_files(tmp_path, monkeypatch):
    game = played(3)
    path = save_game(game, tmp_path / "a.foc.json.gz")
    original = path.read_bytes()

    def boom(*_args, **_kwargs):
        raise OSError("disk full")

    monkeypatch.setattr("game.saves.os.replace", boom)
    with pytest.raises(OSError):
        save_game(played(5), path)
    assert path.read_bytes() == original
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.foc.json.gz"]


def test_autosave_keeps_the_last_few(tmp_path):
    game = played(2)
    saver = Autosaver(game, tmp_path, keep=3)
    written = []
    for _ in range(12):
        run_computer_turn(game)
        path = saver.after_submit()
        if path is not None:
            written.append(path.name)
    files = sorted(p.name for p in tmp_path.iterdir())
    assert len(files) == 3
    assert files == sorted(written)[-3:]
    assert load_game(tmp_path / files[-1]).world.clock.round == game.world.clock.round


def test_autosave_goes_to_the_user_data_folder_by_default(tmp_path, monkeypatch):
    monkeypatch.setattr("game.saves.platformdirs.user_data_dir", lambda app: str(tmp_path / app))
    path = autosave(played(2))
    assert path.parent == tmp_path / "forces-of-conquest" / "saves"


# --- versions ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_fixture_saves_of_every_version_load_and_play_on(name, tmp_path):
    game = load_game(FIXTURES / name)
    assert state_hash(game.world) == EXPECTED[name]
    game.world.activate()
    assert esper.get_component(Battle)  # caught mid-battle
    for _ in range(4):
        run_computer_turn(game)
    again = load_game(save_game(game, tmp_path / "again.foc.json.gz"))
    assert state_hash(again.world) == state_hash(game.world)


def test_every_version_has_a_fixture():
    versions = {int(name.split("_")[0][1:]) for name in EXPECTED}
    assert versions == set(range(1, SAVE_VERSION + 1))


def test_the_v1_migration_adds_versions_and_the_ruleset():
    from game.saves import MIGRATIONS, migrate

    data = read_raw(FIXTURES / "v1_mid_battle.foc.json.gz")
    assert data["version"] == 1 and "ruleset" not in data and "next_id" in data["state"]
    migrated = MIGRATIONS[1](data, "v1")
    assert migrated["version"] == 2
    assert migrated["mods"] == [{"id": "base", "version": "1.0.0"}]
    assert "next_entity" in migrated["state"] and "next_id" not in migrated["state"]
    assert migrated["ruleset"]["units"]["soldier"]["combat"] == {"attack": 2, "defense": 2}
    assert migrate(data, "v1")["version"] == SAVE_VERSION


def test_the_v2_migration_adds_an_empty_stats_block():
    from game.saves import MIGRATIONS, checksum

    data = read_raw(FIXTURES / "v2_mid_battle.foc.json.gz")
    assert data["version"] == 2 and "stats" not in data
    migrated = MIGRATIONS[2](data, "v2")
    assert migrated["version"] == 3 and migrated["stats"] == {}
    assert migrated["checksum"] == checksum(migrated)
    assert {k: v for k, v in migrated.items() if k not in ("version", "stats", "checksum")} == {
        k: v for k, v in data.items() if k not in ("version", "checksum")}


def test_a_newer_version_is_refused_with_a_clear_message(tmp_path):
    data = read_raw(FIXTURES / "v2_mid_battle.foc.json.gz")
    data["version"] = SAVE_VERSION + 1
    data["game_version"] = "9.0.0"
    write_raw(tmp_path / "new.foc.json.gz", data)
    with pytest.raises(DataError) as err:
        load_game(tmp_path / "new.foc.json.gz")
    message = str(err.value)
    assert "new.foc.json.gz" in message and "version" in message and "9.0.0" in message and "Update" in message


# --- corrupt saves -----------------------------------------------------------------------------------


def corrupt_and_load(tmp_path: Path, blob: bytes) -> DataError:
    path = tmp_path / "bad.foc.json.gz"
    path.write_bytes(blob)
    worlds = set(esper.list_worlds())
    current = esper.current_world
    with pytest.raises(DataError) as err:
        load_game(path)
    assert set(esper.list_worlds()) == worlds and esper.current_world == current  # nothing else changed
    assert str(path) in str(err.value)
    return err.value


def test_a_truncated_save(tmp_path):
    blob = (FIXTURES / "v2_mid_battle.foc.json.gz").read_bytes()
    error = corrupt_and_load(tmp_path, blob[: len(blob) // 2])
    assert "truncated" in str(error) or "corrupt" in str(error)


def test_a_bit_flipped_save(tmp_path):
    blob = bytearray((FIXTURES / "v2_mid_battle.foc.json.gz").read_bytes())
    blob[len(blob) // 2] ^= 0x10
    corrupt_and_load(tmp_path, bytes(blob))


def test_a_changed_value_inside_the_json(tmp_path):
    data = read_raw(FIXTURES / "v2_mid_battle.foc.json.gz")
    text = json.dumps(data).replace('"food": ', '"food": 1', 1)  # more food by magic
    error = corrupt_and_load(tmp_path, gzip.compress(text.encode()))
    assert "checksum" in str(error)


def test_a_changed_state_with_a_fixed_checksum_is_still_caught(tmp_path):
    from game.saves import checksum

    data = read_raw(FIXTURES / "v2_mid_battle.foc.json.gz")
    stock = next(c["Stockpile"] for c in data["state"]["entities"].values() if "Stockpile" in c)
    stock["amounts"]["food"] += 1000
    data["checksum"] = checksum(data)
    error = corrupt_and_load(tmp_path, encode(data))
    assert "state.hash" in str(error)


@pytest.mark.parametrize(
    ("path", "value", "field"),
    [
        (("state", "clock", "round"), "three", "state.clock.round"),
        (("state", "next_entity"), -4, "state.next_entity"),
        (("seed",), 1.5, "seed"),
        (("board", "width"), None, "board.width"),
        (("history",), {"not": "a list"}, "history"),
    ],
)
def test_wrong_types_name_the_field(tmp_path, path, value, field):
    data = read_raw(FIXTURES / "v2_mid_battle.foc.json.gz")
    node = data
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    from game.saves import checksum

    data["checksum"] = checksum(data)
    error = corrupt_and_load(tmp_path, encode(data))
    assert field in str(error)


def test_a_component_of_the_wrong_type_names_entity_and_field(tmp_path):
    data = read_raw(FIXTURES / "v2_mid_battle.foc.json.gz")
    entity, comps = next((e, c) for e, c in data["state"]["entities"].items() if "Army" in c)
    comps["Army"]["units"] = "many"
    from game.saves import canonical_hash, checksum

    state = data["state"]
    state["hash"] = canonical_hash({k: state[k] for k in ("clock", "seats", "rng", "entities")})
    data["checksum"] = checksum(data)
    error = corrupt_and_load(tmp_path, encode(data))
    assert f"state.entities.{entity}.Army.units" in str(error)


def test_a_broken_reference_is_refused(tmp_path):
    data = read_raw(FIXTURES / "v2_mid_battle.foc.json.gz")
    entity, comps = next((e, c) for e, c in data["state"]["entities"].items() if "Army" in c)
    comps["Army"]["units"] = [999999]
    from game.saves import canonical_hash, checksum

    state = data["state"]
    state["hash"] = canonical_hash({k: state[k] for k in ("clock", "seats", "rng", "entities")})
    data["checksum"] = checksum(data)
    error = corrupt_and_load(tmp_path, encode(data))
    assert f"state.entities.{entity}.Army.units" in str(error)


def test_unknown_commands_and_components_are_refused(tmp_path):
    data = read_raw(FIXTURES / "v2_mid_battle.foc.json.gz")
    data["history"][0][2] = {"type": "os.system", "command": "rm -rf /"}
    from game.saves import checksum

    data["checksum"] = checksum(data)
    error = corrupt_and_load(tmp_path, encode(data))
    assert "history.0.2.type" in str(error) and "unknown command" in str(error)


def test_not_a_save_at_all(tmp_path):
    corrupt_and_load(tmp_path, b"PK\x03\x04 definitely a zip")
    error = corrupt_and_load(tmp_path, gzip.compress(b'{"format": "something-else"}'))
    assert "format" in str(error)


def test_a_missing_file(tmp_path):
    with pytest.raises(DataError) as err:
        load_game(tmp_path / "nope.foc.json.gz")
    assert "nope.foc.json.gz" in str(err.value)


def test_loading_a_save_leaves_other_games_alone(tmp_path):
    game = played(4)
    other = new_computer_game(base_rules(), small_map(), ["normal", "normal"], 9)
    before = state_hash(other.world)
    shutil.copy(FIXTURES / "v2_mid_battle.foc.json.gz", tmp_path / "f.foc.json.gz")
    load_game(tmp_path / "f.foc.json.gz")
    load_game(save_game(game, tmp_path / "g.foc.json.gz"))
    assert state_hash(other.world) == before
    other.world.activate()
    assert all(q.home_base(other.world, s) is None for s in other.world.seats)


# --- statistics (format v3): the end-game charts cover the whole game after a load ---------------------


def tracked_turns(game, journal, stats, turns: int) -> None:
    """Play computer turns, feeding every accepted result to the journal and the statistics like the client."""
    for _ in range(turns):
        if game.over:
            return
        for result in run_computer_turn(game):
            stats.observe(game, journal.record(game, result))


def test_statistics_saved_with_the_game_cover_the_whole_game_after_a_load(tmp_path):
    from game.saves import load_game_with_extras
    from game.stats import StatsTracker
    from game.summary import EventJournal

    game = new_computer_game(base_rules(), small_map(), ["normal", "hard"], 6)
    journal, stats = EventJournal(game), StatsTracker(game)
    tracked_turns(game, journal, stats, 2 + 2 * 8)
    path = save_game(game, tmp_path / "stats.foc.json.gz", stats=stats)
    loaded, extras = load_game_with_extras(path)
    assert extras.stats is not None and extras.stats.to_dict() == stats.to_dict()
    assert extras.saved_at and extras.game_version
    loaded_journal, loaded_stats = EventJournal(loaded), extras.stats
    tracked_turns(game, journal, stats, 2 * 6)
    tracked_turns(loaded, loaded_journal, loaded_stats, 2 * 6)
    assert state_hash(loaded.world) == state_hash(game.world)
    assert loaded_stats.to_dict() == stats.to_dict()
    assert loaded_stats.series() == stats.series()
    assert loaded_stats.series()[0].rounds[0] == 1  # from the first round, not from the load


def test_a_save_without_statistics_gives_none_and_they_can_be_rebuilt(tmp_path):
    from game.replay import rebuild_stats
    from game.saves import load_game_with_extras

    for name in ("v1_mid_battle.foc.json.gz", "v2_mid_battle.foc.json.gz"):
        game, extras = load_game_with_extras(FIXTURES / name)
        assert extras.stats is None
    _, v3 = load_game_with_extras(FIXTURES / "v3_mid_battle.foc.json.gz")
    assert v3.stats is not None and sorted(v3.stats.rounds) == list(range(1, game.world.clock.round + 1))
    before = state_hash(game.world)
    assert rebuild_stats(game).to_dict() == v3.stats.to_dict()  # what the client would have collected
    assert state_hash(game.world) == before
    assert load_game_with_extras(save_game(game, tmp_path / "plain.foc.json.gz"))[1].stats is None


def test_autosaves_carry_the_current_statistics(tmp_path):
    from game.saves import load_game_with_extras
    from game.stats import StatsTracker
    from game.summary import EventJournal

    game = played(2)
    holder = {"stats": StatsTracker(game)}
    journal = EventJournal(game)
    saver = Autosaver(game, tmp_path, stats=lambda: holder["stats"])
    written = {}
    for _ in range(4):
        for result in run_computer_turn(game):
            holder["stats"].observe(game, journal.record(game, result))
            path = saver.after_submit()
            if path is not None:
                written[path] = holder["stats"].to_dict()
    assert written
    for path, expected in written.items():
        _, extras = load_game_with_extras(path)
        assert extras.stats is not None and extras.stats.to_dict() == expected


def test_broken_statistics_name_the_field(tmp_path):
    from game.saves import checksum

    data = read_raw(FIXTURES / "v3_mid_battle.foc.json.gz")
    data["stats"]["rounds"]["1"]["1"]["territories"] = "many"
    data["checksum"] = checksum(data)
    assert "stats.rounds.1.1.territories" in str(corrupt_and_load(tmp_path, encode(data)))
    data = read_raw(FIXTURES / "v3_mid_battle.foc.json.gz")
    data["stats"]["rounds"]["first"] = data["stats"]["rounds"].pop("1")
    data["checksum"] = checksum(data)
    assert "stats.rounds.first" in str(corrupt_and_load(tmp_path, encode(data)))


def test_saving_statistics_that_are_not_a_trackers_data_is_refused(tmp_path):
    with pytest.raises(ValueError):
        save_game(played(2), tmp_path / "s.foc.json.gz", stats={"rounds": {"1": {"1": {"territories": -1}}}})
