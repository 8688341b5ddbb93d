"""Saves with mods (issue 6): a save names its mods and versions, a load without them says which are missing,
and a loaded game runs its plugins (ships keep sailing, medics keep healing) exactly like the original."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import esper
import pytest

from components.commands import BuildStructure, ChooseBase, EndTurn
from game.ai import run_computer_turn
from game.content import plugin_module
from game.content.manifest import BUNDLED_MODS
from game.errors import DataError
from game.saves import checksum, encode, load_game, read_raw, save_game
from game.setup import PlayerSpec, create_game
from game.snapshot import state_hash
from systems import queries as q
from tests.builders import at, spawn_army, tiny_map
from tests.patience import scaled

SEA = ["ppsddspp", "pfsddspf", "ppsddspp"]
RICH = {"food": 200, "wood": 200, "stone": 50, "metal": 50}
ROOT = Path(__file__).resolve().parents[1]


def ships():
    module = plugin_module("ships")
    assert module is not None
    return module


def voyage_game():
    """Seat 1's transport at sea, three soldiers aboard, one step into its voyage (round 2, seat 1's Main)."""
    players = [PlayerSpec("P1", True, "hard"), PlayerSpec("P2", True, "normal")]
    game = create_game(tiny_map(SEA, 2), players, 1, mods=["ships"])
    for x, y in ((0, 1), (7, 1)):
        assert game.submit(ChooseBase(at(game, x, y))).ok
    for seat in game.world.seats:
        q.stockpile(game.world, seat).update(RICH)
    game.world.set_owner(at(game, 1, 1), 1)
    assert game.submit(BuildStructure("dock", at(game, 1, 1))).ok
    ship = next(e.structure for e in game.submit(BuildStructure("small_transport", at(game, 2, 1))).events
                if type(e).__name__ == "StructureBuilt")
    troops = spawn_army(game, 1, at(game, 1, 1), ["soldier"] * 3)
    assert game.submit(ships().Embark(troops, ship)).ok
    assert game.submit(EndTurn()).ok and game.submit(EndTurn()).ok
    assert game.submit(ships().Sail(ship, (at(game, 3, 1),))).ok
    return game, ship


def test_a_save_names_its_mods_with_versions(tmp_path):
    game, _ = voyage_game()
    data = read_raw(save_game(game, tmp_path / "v.foc.json.gz"))
    assert data["mods"] == [{"id": "base", "version": "1.0.0"}, {"id": "ships", "version": "1.0.0"}]
    assert any("ShipMoves" in comps for comps in data["state"]["entities"].values())


def test_a_ships_game_saved_mid_voyage_plays_on_exactly_like_the_uninterrupted_one(tmp_path):
    game, ship = voyage_game()
    loaded = load_game(save_game(game, tmp_path / "voyage.foc.json.gz"))
    assert state_hash(loaded.world) == state_hash(game.world)
    assert "ships.ready" in loaded.schedule.order("upkeep")
    for g in (game, loaded):  # sail on and land on the far shore, then let the computers play
        assert g.submit(ships().Sail(ship, (at(g, 4, 1), at(g, 5, 1)))).ok
        assert g.submit(ships().Disembark(ship, at(g, 6, 1))).ok
    assert state_hash(loaded.world) == state_hash(game.world)
    for _ in range(12):
        if game.over:
            break
        run_computer_turn(game)
        run_computer_turn(loaded)
        assert state_hash(loaded.world) == state_hash(game.world)
    assert loaded.history == game.history


def test_a_loaded_ships_game_gets_its_ship_mp_in_the_next_upkeep(tmp_path):
    game, ship = voyage_game()
    loaded = load_game(save_game(game, tmp_path / "mp.foc.json.gz"))
    assert loaded.submit(EndTurn()).ok and loaded.submit(EndTurn()).ok
    loaded.world.activate()
    assert esper.component_for_entity(ship, ships().ShipMoves).mp == 4


def test_medics_keep_healing_after_a_load(tmp_path):
    game = create_game(tiny_map(["ppppp"], 2), [PlayerSpec("P1"), PlayerSpec("P2")], 2, mods=["medic"])
    for x in (0, 4):
        assert game.submit(ChooseBase(at(game, x, 0))).ok
    band = spawn_army(game, 1, at(game, 1, 0), ["soldier", "medic"])
    wounded = esper.component_for_entity(band, type(q.armies()[0][1])).units[0]
    q.unit(wounded).damage = 1
    loaded = load_game(save_game(game, tmp_path / "medic.foc.json.gz"))
    for g in (game, loaded):
        assert g.submit(EndTurn()).ok and g.submit(EndTurn()).ok
    loaded.world.activate()
    assert q.unit(wounded).damage == 0
    assert state_hash(loaded.world) == state_hash(game.world)


def test_a_fresh_process_loads_a_ships_save_and_plays_on_identically(tmp_path):
    """In a new process no plugin is registered yet: loading must register them before decoding."""
    game, _ = voyage_game()
    path = save_game(game, tmp_path / "fresh.foc.json.gz")
    script = (
        "import sys, json\n"
        "from game.saves import load_game\n"
        "from game.ai import run_computer_turn\n"
        "from game.snapshot import state_hash\n"
        "g = load_game(sys.argv[1])\n"
        "hashes = [state_hash(g.world)]\n"
        "for _ in range(4):\n"
        "    run_computer_turn(g); hashes.append(state_hash(g.world))\n"
        "print(json.dumps({'order': g.schedule.order('upkeep'), 'hashes': hashes}))\n"
    )
    out = subprocess.run([sys.executable, "-c", script, str(path)], cwd=ROOT, capture_output=True, text=True,
                         timeout=scaled(120), check=True)
    report = json.loads(out.stdout.strip().splitlines()[-1])
    assert "ships.ready" in report["order"]
    hashes = [state_hash(game.world)]
    for _ in range(4):
        run_computer_turn(game)
        hashes.append(state_hash(game.world))
    assert report["hashes"] == hashes


# --- missing and mismatched mods ---------------------------------------------------------------------


def refused(path: Path, search=None) -> str:
    worlds, current = set(esper.list_worlds()), esper.current_world
    with pytest.raises(DataError) as err:
        load_game(path, search=search)
    assert set(esper.list_worlds()) == worlds and esper.current_world == current
    return "\n".join(err.value.errors)


def test_a_save_needing_a_mod_that_is_not_installed_says_which(tmp_path):
    game, _ = voyage_game()
    path = save_game(game, tmp_path / "x.foc.json.gz")
    only_base = tmp_path / "mods"
    only_base.mkdir()
    (only_base / "base").symlink_to(BUNDLED_MODS / "base", target_is_directory=True)
    message = refused(path, search=[only_base])
    assert message == f"{path}: mods: mod 'ships' 1.0.0 is not installed"


def rewrite_mods(path: Path, change) -> None:
    data = read_raw(path)
    change(data["mods"])
    change(data["ruleset"]["mods"])
    for info in data["ruleset"]["mods"]:
        info.setdefault("name", info["id"].title())
    data["checksum"] = checksum(data)
    path.write_bytes(encode(data))


def test_a_save_made_with_another_version_of_a_mod_names_both_versions(tmp_path):
    game, _ = voyage_game()
    path = save_game(game, tmp_path / "old.foc.json.gz")
    rewrite_mods(path, lambda mods: mods[1].update(version="0.9.0"))
    message = refused(path)
    assert f"{path}: mods: mod 'ships' is installed at version 1.0.0, but 0.9.0 is needed" in message


def test_every_missing_mod_is_listed(tmp_path):
    game, _ = voyage_game()
    path = save_game(game, tmp_path / "many.foc.json.gz")
    rewrite_mods(path, lambda mods: mods.extend([{"id": "zeppelins", "version": "2.0.0"},
                                                 {"id": "dragons", "version": "1.0.0"}]))
    message = refused(path)
    assert f"{path}: mods: mod 'zeppelins' 2.0.0 is not installed" in message
    assert f"{path}: mods: mod 'dragons' 1.0.0 is not installed" in message


def test_mods_that_disagree_with_the_embedded_ruleset_are_refused(tmp_path):
    game, _ = voyage_game()
    path = save_game(game, tmp_path / "odd.foc.json.gz")
    data = read_raw(path)
    data["mods"] = data["mods"][:1]
    data["checksum"] = checksum(data)
    path.write_bytes(encode(data))
    assert "mods: the recorded mods do not match" in refused(path)
