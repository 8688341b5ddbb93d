"""Computer players use the mods (issue 6): ships across the sea, cavalry where it pays, medics for big armies."""

from __future__ import annotations

import esper
import pytest

from components.commands import BuildStructure, BuildUnit, ChooseBase, EndTurn
from components.structures import Structure
from game.ai import make_controller, run_computer_turn
from game.ai.base import TurnLog
from game.content import plugin_module
from game.engine import Game, Rejected
from game.mapgen import generate_map
from game.setup import PlayerSpec, create_game
from game.simulate import new_modded_game, play_game
from game.snapshot import state_hash
from systems import queries as q
from tests.builders import at, spawn_army, spawn_structure, tiny_map
from tests.fixtures.maps import east_island, islands, west_island

OPEN_MAP = generate_map(16, 16, players=2, seed=5, name="AI mods 16x16")


def ships():
    module = plugin_module("ships")
    assert module is not None
    return module


def count_rejections(monkeypatch) -> list[tuple[object, str]]:
    rejected: list[tuple[object, str]] = []
    original = TurnLog.submit

    def counting(self, command):
        result = original(self, command)
        if isinstance(result, Rejected):
            rejected.append((command, result.reason))
        return result

    monkeypatch.setattr(TurnLog, "submit", counting)
    return rejected


# --- ships -------------------------------------------------------------------------------------------


def test_a_hard_computer_crosses_the_sea_and_lands_on_the_enemy_island(monkeypatch):
    rejected = count_rejections(monkeypatch)
    game = new_modded_game(islands(), ["hard", "normal"], 2, ["ships"])
    game, result = play_game(game.world.rules, islands(), ["hard", "normal"], 2, 30, game=game)
    mine = [(r, type(c).__name__, c) for r, s, c in game.history if s == 1]
    kinds = {name for _, name, _ in mine}
    assert {"Embark", "Sail", "Disembark"} <= kinds
    built = {c.structure_type for _, name, c in mine if name == "BuildStructure"}
    assert "dock" in built and built & {"small_transport", "large_transport", "battleship"}
    landed = [r for r, name, c in mine if name == "Disembark" and east_island(c.territory)]
    assert landed, "seat 1 never landed on the east island"
    assert result.winner == 1 or landed[0] <= 25
    assert rejected == []


def test_the_other_side_comes_by_sea_too():
    """A normal computer in seat 2 also sails west; nobody stays stuck on an island."""
    game = new_modded_game(islands(), ["hard", "normal"], 1, ["ships"])
    game, _ = play_game(game.world.rules, islands(), ["hard", "normal"], 1, 24, game=game)
    assert any(s == 2 and type(c).__name__ == "Disembark" and west_island(c.territory) for _, s, c in game.history)


def test_computers_with_ships_change_the_game_only_through_submit(monkeypatch):
    game = new_modded_game(islands(), ["hard", "normal"], 3, ["ships"])
    game, _ = play_game(game.world.rules, islands(), ["hard", "normal"], 3, 16, game=game)
    last: dict[str, object] = {}
    original = Game.submit

    def watched(self, command):
        if last:
            assert state_hash(self.world) == last["hash"], f"state changed before {command}"
        result = original(self, command)
        last["hash"] = state_hash(self.world)
        return result

    monkeypatch.setattr(Game, "submit", watched)
    for _ in range(2 * 4):
        if game.over:
            break
        run_computer_turn(game)


def test_without_the_ships_mod_the_islands_stay_apart():
    """The base game's computers cannot cross deep water with soldiers: no winner, and no crash."""
    game, result = play_game(islands_rules(), islands(), ["hard", "normal"], 2, 20)
    assert result.winner is None
    assert not any(type(c).__name__ in ("Embark", "Disembark") for _, _, c in game.history)


def islands_rules():
    from tests.builders import base_rules

    return base_rules()


def test_a_battleship_shells_a_tower_in_range():
    rows = ["ppsddspp", "ppsddspp", "ppsddspp"]
    game = create_game(tiny_map(rows, 2), [PlayerSpec("P1", True, "hard"), PlayerSpec("P2", True, "normal")], 1,
                       mods=["ships"])
    for x, y in ((0, 1), (7, 1)):
        assert game.submit(ChooseBase(at(game, x, y))).ok
    tower = spawn_structure(game, 2, "wooden_tower", at(game, 6, 1), garrison=["soldier"])
    ship = spawn_structure(game, 1, "battleship", at(game, 5, 1), garrison=["soldier"])
    ships().ready_ships(game.world)
    before = esper.component_for_entity(tower, Structure).health
    results = run_computer_turn(game)
    fired = [e for r in results for e in r.events if type(e).__name__ == "ShipFired"]
    assert [(e.ship, e.target) for e in fired] == [(ship, tower)]
    game.world.activate()
    assert esper.component_for_entity(tower, Structure).health == before - 5


def test_a_loaded_transport_lands_its_units_beside_an_undefended_flag():
    rows = ["ppsddspp", "ppsddspp", "ppsddspp"]
    game = create_game(tiny_map(rows, 2), [PlayerSpec("P1", True, "hard"), PlayerSpec("P2", True, "normal")], 1,
                       mods=["ships"])
    for x, y in ((0, 1), (7, 1)):
        assert game.submit(ChooseBase(at(game, x, y))).ok
    ship = spawn_structure(game, 1, "small_transport", at(game, 5, 1), garrison=["soldier"] * 4)
    ships().ready_ships(game.world)
    run_computer_turn(game)
    landed = [c for _, s, c in game.history if s == 1 and type(c).__name__ == "Disembark"]
    assert landed and landed[0].ship == ship and landed[0].territory == at(game, 6, 1)


def test_a_computer_builds_a_dock_on_its_shore_and_launches_a_ship():
    rows = ["pfpsddspp", "pfpsddspp", "pfpsddspp"]
    game = create_game(tiny_map(rows, 2), [PlayerSpec("P1", True, "hard"), PlayerSpec("P2", True, "normal")], 1,
                       mods=["ships"])
    for x, y in ((1, 1), (8, 1)):
        assert game.submit(ChooseBase(at(game, x, y))).ok
    game.world.set_owner(at(game, 2, 1), 1)
    q.stockpile(game.world, 1).update({"wood": 100, "food": 50})
    run_computer_turn(game)
    built = [c for _, s, c in game.history if s == 1 and isinstance(c, BuildStructure)]
    assert built[0] == BuildStructure("dock", at(game, 2, 1))
    assert any(c.structure_type in ("small_transport", "large_transport", "battleship") for c in built)


# --- cavalry and medics ------------------------------------------------------------------------------


def cavalry_choice(enemy: list[str], food: int = 300, round_: int = 20) -> list[str]:
    """What a hard computer builds in one turn when the enemy's flag holds `enemy` (cavalry mod on)."""
    game = create_game(tiny_map(["pppppppp", "pppppppp"], 2), [PlayerSpec("P1", True, "hard"),
                                                               PlayerSpec("P2", True, "normal")], 1, mods=["cavalry"])
    for x, y in ((0, 0), (7, 1)):
        assert game.submit(ChooseBase(at(game, x, y))).ok
    game.world.clock.round = round_
    for territory in range(game.world.board.size // 2):
        game.world.set_owner(territory, 1)  # nothing left to claim: units go to the strike forces
    spawn_army(game, 1, at(game, 0, 0), ["soldier"] * 2)
    spawn_army(game, 2, at(game, 7, 1), enemy)
    q.stockpile(game.world, 1)["food"] = food
    run_computer_turn(game)
    return [c.unit_type for _, s, c in game.history if s == 1 and isinstance(c, BuildUnit)]


def test_a_computer_with_cavalry_builds_it_against_sturdy_defenders():
    """Cavalry (4/4) kills a defender (1/3) with one strike; two soldiers only wound two of them."""
    built = cavalry_choice(["defender"] * 10)
    assert "cavalry" in built


def test_against_swarms_of_soldiers_it_builds_soldiers():
    """Per army slot cavalry has a soldier's numbers at a higher price, and fewer strikes lose to many."""
    built = cavalry_choice(["soldier"] * 10)
    assert built and "cavalry" not in built


def test_cavalry_is_not_bought_while_food_is_short_or_early():
    assert "cavalry" not in cavalry_choice(["defender"] * 10, food=30)
    assert "cavalry" not in cavalry_choice(["defender"] * 10, round_=3)


def test_cavalry_is_worth_it_by_simulation():
    import random

    from game.ai.mounted import win_rate

    rng = random.Random(1)
    cavalry, soldiers = [(4, 4)] * 5, [(2, 2)] * 10
    assert win_rate(rng, cavalry, [(1, 3)] * 10, 40) > win_rate(rng, soldiers, [(1, 3)] * 10, 40) + 0.5
    assert win_rate(rng, cavalry, [(2, 2)] * 8, 40) < win_rate(rng, soldiers, [(2, 2)] * 8, 40)


def test_a_computer_with_medics_adds_one_to_a_big_army(monkeypatch):
    rejected = count_rejections(monkeypatch)
    seen: list[bool] = []

    def medic_in_big_army(game) -> None:
        game.world.activate()
        for _, army in q.player_armies(1):
            types = q.unit_types(army)
            if "medic" in types and q.slots_of(game.world, types) >= 6:
                seen.append(True)

    game = new_modded_game(OPEN_MAP, ["hard", "normal"], 2, ["medic"])
    game, _ = play_game(game.world.rules, OPEN_MAP, ["hard", "normal"], 2, 30, game=game, on_round=medic_in_big_army)
    assert any(s == 1 and isinstance(c, BuildUnit) and c.unit_type == "medic" for _, s, c in game.history)
    assert seen
    assert rejected == []


@pytest.mark.parametrize("kind", ["normal", "hard", "random"])
def test_every_difficulty_plays_with_all_mods_on(kind, monkeypatch):
    rejected = count_rejections(monkeypatch)
    mods = ["cavalry", "medic", "ships"]
    game = new_modded_game(islands(), [kind, "normal"], 4, mods)
    game, _ = play_game(game.world.rules, islands(), [kind, "normal"], 4, 12, game=game)
    assert game.world.clock.round >= 12 or game.over
    assert kind == "random" or rejected == []
    assert make_controller(kind).name == kind


def test_the_random_player_uses_plugin_actions():
    from game.legal import main_stage_commands as legal_commands

    rows = ["ppsddspp", "ppsddspp", "ppsddspp"]
    game = create_game(tiny_map(rows, 2), [PlayerSpec("P1", True, "random"), PlayerSpec("P2", True)], 1,
                       mods=["ships"])
    for x, y in ((0, 1), (7, 1)):
        assert game.submit(ChooseBase(at(game, x, y))).ok
    spawn_structure(game, 1, "small_transport", at(game, 2, 1), garrison=["soldier"])
    ships().ready_ships(game.world)
    names = {type(c).__name__ for c in legal_commands(game)}
    assert {"Sail", "Disembark"} <= names and EndTurn() in legal_commands(game)
