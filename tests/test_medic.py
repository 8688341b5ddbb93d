"""The medic mod (a plugin, seed 4.5): no attack, low defense, heals one unit a turn, targeted last (R8.2)."""

from __future__ import annotations

import esper

from components.armies import Army
from components.commands import Attack, BuildUnit, ChooseBase, EndTurn
from game.content import plugin_module
from game.queries import build_options
from game.setup import PlayerSpec, create_game
from systems import queries as q
from systems.combat import pairings
from systems.events import BattleRoundFought
from tests.builders import army, at, spawn_army, tiny_map


def medic_game(rows: list[str], bases: dict[int, tuple[int, int]], resources: dict | None = None, seed: int = 1):
    game = create_game(tiny_map(rows, len(bases)), [PlayerSpec(f"P{s}") for s in sorted(bases)], seed, mods=["medic"])
    width = len(rows[0])
    for seat in sorted(bases):
        x, y = bases[seat]
        assert game.submit(ChooseBase(y * width + x)).ok
    for seat in game.world.seats:
        q.stockpile(game.world, seat).update(resources or {})
    return game


def units_of(game, entity: int) -> list[int]:
    return list(army(game, entity).units)


def of_type(game, entity: int, unit_type: str) -> list[int]:
    return [u for u in units_of(game, entity) if q.unit(u).unit_type == unit_type]


def test_the_medic_has_no_attack_low_defense_and_is_buildable():
    game = medic_game(["ppppp"], {1: (0, 0), 2: (4, 0)}, {"food": 100})
    medic = game.world.rules.units["medic"]
    assert medic.combat.attack == 0 and medic.combat.defense <= 2
    assert medic.has("heal") and medic.has("rearguard") and medic.name and medic.description
    assert any(o.command == BuildUnit("medic") and o.available for o in build_options(game))
    assert game.submit(BuildUnit("medic")).ok


def test_medics_heal_the_most_wounded_unit_of_their_army_once_per_turn():
    game = medic_game(["ppppp"], {1: (0, 0), 2: (4, 0)}, {"food": 100})
    band = spawn_army(game, 1, at(game, 1, 0), ["defender", "defender", "medic"])
    first, second = of_type(game, band, "defender")
    q.unit(first).damage = 1
    q.unit(second).damage = 2
    assert game.submit(EndTurn()).ok
    result = game.submit(EndTurn())  # seat 2 ends; seat 1's upkeep runs the medic
    healed = [e for e in result.events if type(e).__name__ == "UnitHealed"]
    assert [(e.unit, e.amount) for e in healed] == [(second, 2)]
    assert (q.unit(first).damage, q.unit(second).damage) == (1, 0)


def test_healing_runs_right_after_upkeep():
    game = medic_game(["ppppp"], {1: (0, 0), 2: (4, 0)})
    assert game.schedule.order("upkeep") == ["upkeep", "medic.heal"]


def test_ai_queries_report_wounds_and_healing():
    game = medic_game(["ppppp"], {1: (0, 0), 2: (4, 0)})
    band = spawn_army(game, 1, at(game, 1, 0), ["soldier", "medic", "medic"])
    soldier = of_type(game, band, "soldier")[0]
    q.unit(soldier).damage = 1
    medic = plugin_module("medic")
    assert medic is not None
    assert medic.wounded_units(game.world, band) == [soldier]
    assert medic.healing_per_turn(game.world, band) == 4
    assert medic.is_healer(game.world.rules, "medic") and not medic.is_healer(game.world.rules, "soldier")


def test_r8_2_a_medic_is_targeted_only_when_no_other_unit_of_its_side_is_left():
    game = medic_game(["ppppp"], {1: (0, 0), 2: (4, 0)})
    world = game.world
    healers = spawn_army(game, 1, at(game, 1, 0), ["soldier", "medic"])
    raiders = spawn_army(game, 2, at(game, 2, 0), ["soldier", "soldier", "soldier"])
    medic = of_type(game, healers, "medic")[0]
    for _ in range(30):
        strikes = pairings(world, units_of(game, raiders), units_of(game, healers))
        assert all(target != medic for _, target in strikes)
    # the medic among the larger side: strikes back never hit it either
    for _ in range(30):
        strikes = pairings(world, units_of(game, healers), units_of(game, raiders)[:1])
        assert all(target != medic for striker, target in strikes if striker in units_of(game, raiders))
    alone = spawn_army(game, 1, at(game, 3, 0), ["medic"])
    strikes = pairings(world, units_of(game, raiders), units_of(game, alone))
    assert {target for _, target in strikes if target in units_of(game, alone)} == set(units_of(game, alone))


def test_a_medic_strikes_for_nothing_and_survives_while_its_comrade_stands():
    game = medic_game(["ppppp"], {1: (0, 0), 2: (4, 0)}, seed=3)
    healers = spawn_army(game, 2, at(game, 2, 0), ["defender", "medic"])
    raiders = spawn_army(game, 1, at(game, 1, 0), ["soldier", "soldier"])
    medic = of_type(game, healers, "medic")[0]
    result = game.submit(Attack(raiders, at(game, 2, 0)))
    assert result.ok
    fought = [e for e in result.events if isinstance(e, BattleRoundFought)]
    assert fought and all(s.target != medic for s in fought[0].strikes)
    assert all(s.damage == 0 for s in fought[0].strikes if s.striker == medic)
    assert esper.entity_exists(medic) and q.unit(medic).damage == 0
    assert esper.component_for_entity(healers, Army).units
