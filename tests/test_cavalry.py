"""The cavalry mod (data only, seed 4.5): +2/+2 over a soldier, +2 MP on open terrain, two slots, double upkeep."""

from __future__ import annotations

import pytest

from components.commands import BuildUnit, ChooseBase, Move, TakeOver
from game.queries import build_options, where_can_it_go
from game.setup import PlayerSpec, create_game
from systems import queries as q
from systems.upkeep import Group, rogue_chance
from tests.builders import army, at, spawn_army, tiny_map


def cavalry_game(rows: list[str], bases: dict[int, tuple[int, int]], resources: dict | None = None):
    game = create_game(tiny_map(rows, len(bases)), [PlayerSpec(f"P{s}") for s in sorted(bases)], 1, mods=["cavalry"])
    width = len(rows[0])
    for seat in sorted(bases):
        x, y = bases[seat]
        assert game.submit(ChooseBase(y * width + x)).ok
    for seat in game.world.seats:
        q.stockpile(game.world, seat).update(resources or {})
    return game


def full_mp(game, entity: int) -> None:
    q.restore_mp(game.world, army(game, entity))


def test_cavalry_has_the_soldiers_numbers_plus_two_and_costs_two_slots_and_double_upkeep():
    game = cavalry_game(["ppppp"], {1: (0, 0), 2: (4, 0)})
    rules = game.world.rules
    soldier, cavalry = rules.units["soldier"], rules.units["cavalry"]
    assert cavalry.combat.attack == soldier.combat.attack + 2
    assert cavalry.combat.defense == soldier.combat.defense + 2
    assert cavalry.movement.mp == soldier.movement.mp and cavalry.movement.open_terrain_bonus == 2
    assert cavalry.army.slots == 2
    assert cavalry.upkeep["food"] == 2 * soldier.upkeep["food"]
    assert cavalry.name and cavalry.description
    assert rules.terrain["plain"].open and rules.terrain["barren"].open and not rules.terrain["forest"].open


def test_cavalry_is_buildable_at_the_base():
    game = cavalry_game(["ppppp"], {1: (0, 0), 2: (4, 0)}, {"food": 100})
    assert any(o.command == BuildUnit("cavalry") and o.available for o in build_options(game))
    assert game.submit(BuildUnit("cavalry")).ok


def test_an_all_cavalry_army_spends_its_bonus_only_entering_open_terrain():
    game = cavalry_game(["pppppppp", "pfffffff"], {1: (0, 1), 2: (7, 1)})
    riders = spawn_army(game, 1, at(game, 0, 0), ["cavalry", "cavalry"])
    full_mp(game, riders)
    assert (army(game, riders).mp, army(game, riders).open_mp) == (4, 2)
    reach = where_can_it_go(game, riders)
    assert at(game, 6, 0) in reach and at(game, 7, 0) not in reach  # 6 plains: 2 open MP + 4 MP
    assert reach[at(game, 6, 0)].cost == 4
    # 4 plains (2 of them on open MP) then a forest, which only general MP can pay: 2 + 2
    assert reach[at(game, 4, 1)].cost == 4 and at(game, 5, 1) not in reach
    soldiers = spawn_army(game, 1, at(game, 0, 0), ["soldier"])
    reach = where_can_it_go(game, soldiers)
    assert at(game, 2, 1) in reach and at(game, 3, 1) not in reach


def test_a_mixed_army_gets_no_open_terrain_bonus():
    game = cavalry_game(["pppppppp", "pppppppp"], {1: (0, 1), 2: (7, 1)})
    mixed = spawn_army(game, 1, at(game, 0, 0), ["cavalry", "soldier"])
    full_mp(game, mixed)
    assert (army(game, mixed).mp, army(game, mixed).open_mp) == (4, 0)
    reach = where_can_it_go(game, mixed)
    assert at(game, 4, 0) in reach and at(game, 5, 0) not in reach


def test_open_mp_is_spent_first_and_what_is_left_buys_forest_steps():
    game = cavalry_game(["ppfff", "ppppp"], {1: (0, 1), 2: (4, 1)})
    riders = spawn_army(game, 1, at(game, 0, 0), ["cavalry"])
    full_mp(game, riders)
    assert game.submit(Move(riders, (at(game, 1, 0),))).ok  # a plain step paid from open MP
    assert (army(game, riders).mp, army(game, riders).open_mp) == (4, 1)
    assert game.submit(Move(riders, (at(game, 2, 0), at(game, 3, 0)))).ok  # two forests: 4 MP
    assert (army(game, riders).mp, army(game, riders).open_mp) == (0, 1)
    assert not army(game, riders).done  # it still has open MP
    refused = game.submit(Move(riders, (at(game, 4, 0),)))
    assert not refused.ok and "needs 2 MP and the army has 0" in refused.reason
    refused = game.submit(TakeOver(riders))
    assert not refused.ok and "taking over needs 1 MP" in refused.reason  # open MP is for moving only
    assert game.submit(Move(riders, (at(game, 3, 1),))).ok  # a plain: the last open MP
    assert army(game, riders).done


def test_a_path_check_counts_open_mp_only_on_open_steps():
    game = cavalry_game(["pfffp", "ppppp"], {1: (0, 1), 2: (4, 1)})
    riders = spawn_army(game, 1, at(game, 0, 0), ["cavalry"])
    full_mp(game, riders)
    refused = game.submit(Move(riders, (at(game, 1, 0), at(game, 2, 0), at(game, 3, 0))))
    assert refused.reason == "that needs 6 MP and the army has 4"  # 6 MP of forest; open MP cannot help
    assert game.submit(Move(riders, (at(game, 1, 0), at(game, 2, 0)))).ok


def test_two_slots_each_fill_an_army_of_ten_with_five_cavalry():
    game = cavalry_game(["ppppp"], {1: (0, 0), 2: (4, 0)}, {"food": 500})
    spawn_army(game, 1, at(game, 0, 0), ["cavalry"] * 5)
    refused = game.submit(BuildUnit("soldier"))
    assert not refused.ok and "at most 10 units" in refused.reason
    assert q.fit_reason(game.world, ["cavalry"] * 4 + ["soldier"] * 2) is None


def test_r4_4_group_size_s_counts_army_slots():
    game = cavalry_game(["ppppp"], {1: (0, 0), 2: (4, 0)})
    group_army = spawn_army(game, 1, at(game, 1, 0), ["cavalry", "cavalry", "ranger"])
    group = Group(group_army, "army", at(game, 1, 0), list(army(game, group_army).units), owed=4, distance=1, paid=0)
    # S = 2 + 2 + 1 = 5 slots, the ranger weighs 3: P = (100 / 5) x 1 x (5 - 3) = 40
    assert rogue_chance(game.world, group, stationed=False) == pytest.approx(40.0)


def test_upkeep_refreshes_open_mp_and_charges_double():
    from components.commands import EndTurn
    from systems.events import UpkeepPaid

    game = cavalry_game(["ppppp"], {1: (0, 0), 2: (4, 0)}, {"food": 50})
    riders = spawn_army(game, 1, at(game, 1, 0), ["cavalry"], mp=0)
    assert game.submit(EndTurn()).ok
    result = game.submit(EndTurn())
    paid = [e for e in result.events if isinstance(e, UpkeepPaid) and e.seat == 1]
    assert paid and paid[0].owed == 2
    assert (army(game, riders).mp, army(game, riders).open_mp) == (4, 2)
