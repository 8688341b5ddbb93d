"""R4 Upkeep: costs per unit, payment order with ties, unpaid armies stand still, the rogue chance."""

from __future__ import annotations

import esper
import pytest

from components.armies import Army, Rogue
from systems import queries as q
from systems.events import ArmyWentRogue, UpkeepPaid
from systems.upkeep import Group, allocate, pay_upkeep, rogue_chance, upkeep_bound, upkeep_groups, upkeep_owed
from tests.builders import army, at, spawn_army, spawn_structure, tiny_game

ROWS = ["pppp", "pppp", "pppp", "pppp"]


def run_upkeep(game):
    game.world.activate()
    game.world.events = []
    pay_upkeep(game.world)
    return next(e for e in game.world.events if isinstance(e, UpkeepPaid))


def test_r4_1_upkeep_per_unit_and_one_food_for_a_stationed_unit():
    game = tiny_game(ROWS, {1: (0, 0), 2: (3, 3)})
    spawn_army(game, 1, at(game, 1, 0), ["soldier", "ranger", "defender"])
    spawn_structure(game, 1, "wooden_tower", at(game, 0, 1), garrison=["defender"])
    groups = upkeep_groups(game.world, 1)
    assert sorted((g.kind, g.owed) for g in groups) == [("army", 3), ("stationed", 1)]


def test_r4_1_a_unit_costs_nothing_in_the_turn_it_was_built():
    game = tiny_game(ROWS, {1: (0, 0), 2: (3, 3)})
    entity = spawn_army(game, 1, at(game, 1, 0), ["soldier", "soldier"])
    q.unit(army(game, entity).units[0]).built_round = game.world.clock.round
    assert upkeep_groups(game.world, 1)[0].owed == 1


def test_r4_1_the_upkeep_bound_is_the_sum_owed_by_the_dearest_units_and_never_below_what_is_owed():
    """The search's shortcut (systems.upkeep.upkeep_bound): unit counts times the dearest type's upkeep, plus the
    stationed units' upkeep; equal to the sum owed when every unit is of the dearest type and none is new."""
    game = tiny_game(ROWS, {1: (0, 0), 2: (3, 3)})
    world = game.world
    food = world.rules.resources.upkeep
    dearest = max(world.rules.units, key=lambda t: world.rules.units[t].upkeep.get(food, 0))
    entity = spawn_army(game, 1, at(game, 1, 0), [dearest, dearest])
    spawn_structure(game, 1, "wooden_tower", at(game, 0, 1), garrison=["soldier"])
    world.activate()
    assert upkeep_bound(world, 1) == upkeep_owed(world, 1) > 0
    q.unit(army(game, entity).units[0]).built_round = world.clock.round  # owes nothing this round
    assert upkeep_bound(world, 1) > upkeep_owed(world, 1)
    assert upkeep_bound(world, 2) == upkeep_owed(world, 2) == 0


def test_r4_2_groups_are_paid_nearest_first_ties_smaller_first_then_the_rest_split_evenly():
    game = tiny_game(ROWS, {1: (0, 0), 2: (3, 3)})
    x = spawn_army(game, 1, at(game, 2, 0), ["soldier"] * 3)  # distance 2, owes 3
    y = spawn_army(game, 1, at(game, 1, 1), ["defender"])  # distance 2, owes 2, smaller: before x
    z = spawn_army(game, 1, at(game, 1, 0), ["soldier"] * 2)  # distance 1, owes 2
    w = spawn_army(game, 1, at(game, 3, 0), ["soldier"] * 4)  # distance 3, owes 4
    groups = upkeep_groups(game.world, 1)
    assert [g.entity for g in groups] == [z, y, x, w]
    left = allocate(5, groups)
    assert [g.paid for g in groups] == [2, 2, 1, 0]  # 1 food left over for x and w: remainder to the nearer
    assert left == 0


def test_r4_2_an_even_split_gives_the_remainder_to_the_nearer_groups():
    groups = [Group(i, "army", 0, [], owed=6, distance=i) for i in range(3)]
    allocate(5, groups)
    assert [g.paid for g in groups] == [2, 2, 1]


def test_r4_2_food_never_goes_below_zero_and_full_payment_when_food_suffices():
    game = tiny_game(ROWS, {1: (0, 0), 2: (3, 3)})
    spawn_army(game, 1, at(game, 1, 0), ["soldier"] * 2)
    q.stockpile(game.world, 1)["food"] = 1
    report = run_upkeep(game)
    assert report.owed == 2 and report.paid == 1 and q.stockpile(game.world, 1)["food"] == 0
    q.stockpile(game.world, 1)["food"] = 10
    report = run_upkeep(game)
    assert report.paid == 2 and q.stockpile(game.world, 1)["food"] == 8


def test_r4_3_an_unpaid_army_cannot_act_this_turn_and_a_paid_one_gets_its_mp_back():
    game = tiny_game(ROWS, {1: (0, 0), 2: (3, 3)})
    paid = spawn_army(game, 1, at(game, 1, 0), ["soldier"], mp=0)
    unpaid = spawn_army(game, 1, at(game, 3, 0), ["ranger", "ranger", "soldier", "soldier"], mp=5)
    q.stockpile(game.world, 1)["food"] = 1
    run_upkeep(game)
    assert army(game, paid).mp == 4 and not army(game, paid).done
    if esper.entity_exists(unpaid):
        assert army(game, unpaid).mp == 0


@pytest.mark.parametrize(
    ("units", "owed", "paid", "chance"),
    [
        (["defender", "defender"], 4, 2, 50.0),
        (["defender", "defender", "ranger"], 4, 2, 0.0),
        (["soldier"] * 8 + ["ranger"] * 2, 8, 0, 40.0),
    ],
)
def test_r4_4_the_three_rogue_chance_checks(units, owed, paid, chance):
    game = tiny_game(ROWS, {1: (0, 0), 2: (3, 3)})
    entity = spawn_army(game, 1, at(game, 1, 0), units)
    group = Group(entity, "army", 1, army(game, entity).units, owed=owed, distance=1, paid=paid)
    assert rogue_chance(game.world, group, stationed=False) == pytest.approx(chance)


def test_r4_4_an_unfed_lone_soldier_goes_rogue_and_the_roll_is_reported():
    game = tiny_game(ROWS, {1: (0, 0), 2: (3, 3)})
    entity = spawn_army(game, 1, at(game, 2, 2), ["soldier"])
    q.stockpile(game.world, 1)["food"] = 0
    report = run_upkeep(game)
    (group,) = report.groups
    assert group.rogue_chance == 100.0 and group.went_rogue and group.roll is not None
    assert army(game, entity).owner is None
    assert esper.component_for_entity(entity, Rogue).tied_seat == 1
    assert any(isinstance(e, ArmyWentRogue) and e.chance == 100.0 for e in game.world.events)


def test_r4_4_a_ranger_in_a_structure_does_not_forage():
    game = tiny_game(ROWS, {1: (0, 0), 2: (3, 3)})
    spawn_structure(game, 1, "wooden_tower", at(game, 1, 0), garrison=["ranger"])
    (group,) = upkeep_groups(game.world, 1)
    assert group.owed == 1
    assert rogue_chance(game.world, group, stationed=True) == 100.0


def test_r4_4_a_stationed_unit_that_goes_rogue_walks_out_as_a_rogue_army():
    game = tiny_game(ROWS, {1: (0, 0), 2: (3, 3)})
    tower = spawn_structure(game, 1, "wooden_tower", at(game, 1, 0), garrison=["soldier"])
    q.stockpile(game.world, 1)["food"] = 0
    run_upkeep(game)
    from components.structures import Structure

    assert esper.component_for_entity(tower, Structure).garrison == []
    rogues = [a for _, a in esper.get_component(Army) if a.owner is None]
    assert len(rogues) == 1 and rogues[0].territory == at(game, 1, 0)


def test_r4_4_a_roll_of_exactly_0_is_reported_as_0_by_the_army_gone_rogue():
    """R4.4: the rogue roll is a draw in 0..100 below the chance; a draw of 0.0 is reported as 0, both in the
    upkeep report and in the army's going rogue."""
    import random

    class Zero(random.Random):
        def random(self) -> float:
            return 0.0

    game = tiny_game(ROWS, {1: (0, 0), 2: (3, 3)})
    spawn_army(game, 1, at(game, 2, 2), ["soldier"])
    q.stockpile(game.world, 1)["food"] = 0
    game.world.rng = Zero(0)
    report = run_upkeep(game)
    (group,) = report.groups
    assert group.went_rogue and group.roll == 0.0
    (gone,) = [e for e in game.world.events if isinstance(e, ArmyWentRogue)]
    assert gone.roll == 0.0
