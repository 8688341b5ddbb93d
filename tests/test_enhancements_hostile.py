"""Hostile or nonsense commands of the enhancement mods and engine rules (E0.3, E0.4, E1-E3) are refused with
a reason, never a traceback, and change nothing."""

from __future__ import annotations

import pytest

from components.commands import ChooseBase, ClimbWall, VolleyAt
from game.setup import PlayerSpec, create_game
from game.snapshot import state_hash
from tests.builders import tiny_map

BAD_IDS = (-1, 0, 3, 10**9)


def game():
    g = create_game(tiny_map(["ppppp", "ppbpp"], 2), [PlayerSpec("P1"), PlayerSpec("P2")], 1,
                    mods=["accessories", "castle-works", "siege"])
    assert g.submit(ChooseBase(0)).ok and g.submit(ChooseBase(4)).ok
    return g


def commands(g):
    acc, castle = g.app.plugin("accessories"), g.app.plugin("castle-works")
    for bad in BAD_IDS:
        yield ClimbWall(bad, bad)
        yield ClimbWall(bad, 1, (bad, bad))
        yield VolleyAt(bad, bad)
        yield acc.Equip(bad, "bow")
        yield acc.Equip(bad, "no such thing")
        yield castle.BuildGate(bad, "portcullis")
        yield castle.ToggleGate(bad)
        yield castle.AttackGate(bad, bad)
        yield castle.RepairGate(bad, 10**9)
        yield castle.DigMoat(bad)


@pytest.mark.parametrize("index", range(40))
def test_nonsense_commands_are_refused_with_a_reason_and_change_nothing(index):
    g = game()
    command = list(commands(g))[index]
    before = state_hash(g.world)
    result = g.submit(command)
    assert not result.ok and result.reason
    assert state_hash(g.world) == before


@pytest.mark.parametrize("part", ["gate", "", "no such part", "x" * 300, 5, True])
def test_a_bombardment_naming_a_nonsense_part_or_a_part_of_a_unit_is_refused_e2_5(part):
    from components.commands import Bombard
    from tests.builders import army, spawn_army, spawn_structure

    g = game()
    catapult = spawn_structure(g, 1, "catapult", 2)
    foe = spawn_army(g, 2, 3, ["soldier"])
    unit = army(g, foe).units[0]
    wall = spawn_structure(g, 2, "stone_wall", 3, 8)  # a hostile wall without a gate
    before = state_hash(g.world)
    for target in (unit, wall):
        result = g.submit(Bombard(catapult, 3, "stone", target, part=part))  # type: ignore[arg-type]
        assert not result.ok and result.reason and "stone" not in result.reason  # refused for the part
        assert state_hash(g.world) == before
