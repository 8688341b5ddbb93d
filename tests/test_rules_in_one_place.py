"""Every rule in exactly one place: forecasts and computer players ask the engine (R4, R5.2, R7.1, R8.2, R8.7).

Each test fails if a restated copy of a rule came back and drifted from the engine's.
"""

from __future__ import annotations

import ast
import random
from pathlib import Path

from components.commands import Attack, ChooseBase
from game.ai.params import Params
from game.ai.turn import Turn
from game.ai.view import View
from game.forecast import upkeep_forecast
from game.queries import battle_forecast
from game.setup import PlayerSpec, create_game
from systems import queries as q
from systems.army_actions import takeover_cost
from systems.combat import pair_strikes, simulate_battle
from systems.events import UnitsDestroyed
from tests.builders import at, spawn_army, spawn_structure, tiny_game, tiny_map

ROOT = Path(__file__).resolve().parent.parent


def medic_game():
    game = create_game(tiny_map(["ppppp"], 2), [PlayerSpec("P1"), PlayerSpec("P2")], 3, mods=["medic"])
    assert game.submit(ChooseBase(at(game, 0, 0))).ok
    assert game.submit(ChooseBase(at(game, 4, 0))).ok
    return game


def test_the_forecast_runs_the_real_pairing_with_the_medics_rearguard():
    """Two soldiers attack a soldier and a medic: both strike the soldier (the medic is targeted last, R8.2),
    so one round costs the defender exactly one unit -- in the forecast and in the real battle."""
    game = medic_game()
    attackers = spawn_army(game, 1, at(game, 1, 0), ["soldier", "soldier"])
    defenders = spawn_army(game, 2, at(game, 2, 0), ["soldier", "medic"])
    rng_state = game.world.rng.getstate()
    forecast = battle_forecast(game, attackers, defenders, trials=40, max_rounds=1)
    assert game.world.rng.getstate() == rng_state  # a private generator: the game's rng untouched
    assert (forecast.defender_losses, forecast.attacker_losses) == (1.0, 1.0)
    defending = list(q.player_armies(2)[0][1].units)
    medic = next(u for u in defending if q.unit(u).unit_type == "medic")
    result = game.submit(Attack(attackers, at(game, 2, 0)))
    assert result.ok
    lost = [u for e in result.events if isinstance(e, UnitsDestroyed) for u in e.units]
    assert len([u for u in lost if u in defending]) == 1 and medic not in lost
    assert len([u for u in lost if u not in defending]) == 1


def test_the_simulation_draws_like_the_engines_pairing():
    """The forecast's rounds are the engine's pair_strikes, so the same generator gives the same strikes."""
    side_a, side_d = [(2, 2), (2, 2), (1, 3)], [(2, 2), (0, 2, True)]
    left_a, left_d, _ = simulate_battle(random.Random(7), side_a, side_d, 1)
    strikes = pair_strikes(random.Random(7), [0, 1, 2], [3, 4], {4})
    health = [2, 2, 3, 2, 2]
    attack = [2, 2, 1, 2, 0]
    for striker, target in strikes:
        health[target] -= attack[striker]
    assert sorted(u[1] for u in left_a) == sorted(h for h in health[:3] if h > 0)
    assert sorted(u[1] for u in left_d) == sorted(h for h in health[3:] if h > 0)


def test_the_computers_upkeep_estimate_is_the_engines_forecast():
    game = tiny_game(["ppppp", "ppppp"], {1: (0, 0), 2: (4, 1)})
    spawn_army(game, 1, at(game, 1, 0), ["soldier", "soldier", "defender"])
    spawn_structure(game, 1, "wooden_tower", at(game, 0, 0), garrison=["soldier"])
    game.world.set_owner(at(game, 1, 1), 1)
    income, owed = Turn(game, Params()).fed_next_turn()
    forecast = upkeep_forecast(game, 1)
    assert (income, owed) == (forecast.production_expected, forecast.owed) and owed > 0


def test_the_computer_pays_the_engines_take_over_cost_and_sees_its_stationed_numbers():
    game = tiny_game(["ppppp", "ppppp"], {1: (0, 0), 2: (4, 1)})
    turn = Turn(game, Params())
    world = game.world
    world.set_owner(at(game, 3, 1), 2)
    for territory in (at(game, 2, 0), at(game, 3, 1)):
        assert turn.takeover_cost(territory) == takeover_cost(world, territory)
    spawn_structure(game, 2, "wooden_tower", at(game, 4, 1), garrison=["soldier"])
    view = View(game)
    soldier = world.rules.units["soldier"]
    assert view.stationed_side(2, at(game, 4, 1)) == [(soldier.stationed.attack, soldier.stationed.defense)]


def _calls(folder: str, name: str) -> list[str]:
    out = []
    for path in sorted((ROOT / folder).rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Attribute) and node.attr == name:
                out.append(str(path.relative_to(ROOT)))
    return out


def test_the_army_limit_is_read_in_one_place():
    """R5.2's army limit is checked by systems.placing.army_limit_reason only (the AI reads it for planning)."""
    readers = set(_calls("systems", "armies_per_player")) | set(_calls("mods", "armies_per_player"))
    assert readers == {"systems/placing.py"}


def test_standing_and_merging_have_one_definition():
    """"Can this unit stand here" (terrain or a bridge) and "merge into the army here or make a new one"
    live in systems.placing; commands and mods call them."""
    offenders = []
    for folder in ("systems", "mods", "game"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            if path.name == "placing.py":
                continue
            text = path.read_text()
            if "bridge_at(world" in text and "move_cost(" in text:
                offenders.append(f"{path.relative_to(ROOT)}: can-stand")
            if "Army(owner=seat" in text and "army_of(seat" in text:
                offenders.append(f"{path.relative_to(ROOT)}: merge-or-new")
    assert offenders == []
