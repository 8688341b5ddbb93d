"""R5 Armies and movement: MP, limits, terrain costs, walls, bridges, attacks, combining and splitting."""

from __future__ import annotations

import esper

from components.armies import Battle
from components.board import Disrupted
from components.commands import BuildUnit, Combine, Move, Split, TakeOver
from game.queries import where_can_it_go
from game.snapshot import state_hash
from systems import queries as q
from tests.builders import army, at, spawn_army, spawn_structure, tiny_game

OPEN = ["ppppp", "ppppp", "ppppp"]


def mp_of(game, units):
    return q.army_max_mp(game.world, units)


def test_r5_1_an_armys_mp_is_its_slowest_unit_plus_one_for_a_ranger_with_slower_units():
    game = tiny_game(OPEN, {1: (0, 0), 2: (4, 2)})
    assert mp_of(game, ["soldier"]) == 4
    assert mp_of(game, ["soldier", "ranger"]) == 5
    assert mp_of(game, ["defender", "ranger", "soldier"]) == 3
    assert mp_of(game, ["ranger", "ranger"]) == 6


def test_r5_2_an_army_holds_at_most_ten_units_and_two_rangers():
    game = tiny_game(OPEN, {1: (0, 0), 2: (4, 2)}, resources={"food": 500})
    base_army = spawn_army(game, 1, 0, ["soldier"] * 8 + ["ranger"] * 1)
    assert game.submit(BuildUnit("ranger")).ok
    refused = game.submit(BuildUnit("soldier"))
    assert not refused.ok and "at most 10 units" in refused.reason
    assert len(army(game, base_army).units) == 10
    game2 = tiny_game(OPEN, {1: (0, 0), 2: (4, 2)}, resources={"food": 500})
    spawn_army(game2, 1, 0, ["ranger", "ranger"])
    refused = game2.submit(BuildUnit("ranger"))
    assert not refused.ok and "at most 2 rangers" in refused.reason


def test_r5_2_a_player_has_at_most_ten_armies():
    game = tiny_game(["pppppppppppp", "pppppppppppp"], {1: (0, 0), 2: (11, 1)}, resources={"food": 500})
    for x in range(1, 11):
        spawn_army(game, 1, at(game, x, 0), ["soldier"])
    before = state_hash(game.world)
    refused = game.submit(BuildUnit("soldier"))
    assert not refused.ok and "10 armies" in refused.reason
    assert state_hash(game.world) == before


def test_r5_3_entering_costs_the_highest_unit_cost_and_impassable_terrain_is_refused():
    game = tiny_game(["pfmds", "ppppp"], {1: (0, 1), 2: (4, 1)})
    soldiers = spawn_army(game, 1, 0, ["soldier", "ranger"])
    reach = where_can_it_go(game, soldiers)
    assert reach[1].cost == 2  # forest: soldier 2, ranger 1
    assert 2 not in reach  # then the mountain: soldier 4, 6 MP in all, more than the army's 5
    assert game.submit(Move(soldiers, (1, 2))).reason == "that needs 6 MP and the army has 5"
    refused = game.submit(Move(soldiers, (1, 2, 3)))
    assert not refused.ok and "cannot enter deep water" in refused.reason


def test_r5_3_a_bridge_makes_every_unit_enter_for_one_mp():
    game = tiny_game(["psp", "ppp"], {1: (0, 1), 2: (2, 1)})
    defender = spawn_army(game, 1, 0, ["defender"])
    assert 1 not in where_can_it_go(game, defender)
    spawn_structure(game, 1, "bridge", 1)
    assert where_can_it_go(game, defender)[1].cost == 1
    assert game.submit(Move(defender, (1,))).ok
    assert army(game, defender).territory == 1 and army(game, defender).mp == 1


def test_r5_3_a_disrupted_forest_costs_one_mp_less():
    game = tiny_game(["pfp", "ppp"], {1: (0, 1), 2: (2, 1)})
    soldier = spawn_army(game, 1, 0, ["soldier"])
    assert where_can_it_go(game, soldier)[1].cost == 2
    esper.add_component(game.world.tiles[1], Disrupted(until_round=9, seat=1))
    assert where_can_it_go(game, soldier)[1].cost == 1


def test_r5_4_a_hostile_wall_blocks_and_an_own_wall_costs_one_more():
    game = tiny_game(["ppp", "ppp"], {1: (0, 1), 2: (2, 1)})
    soldier = spawn_army(game, 1, 0, ["soldier"])
    spawn_structure(game, 2, "wooden_wall", 1, border=0)
    refused = game.submit(Move(soldier, (1,)))
    assert not refused.ok and "hostile wall" in refused.reason
    spawn_structure(game, 1, "stone_wall", 3, border=0)
    assert where_can_it_go(game, soldier)[3].cost == 2


def test_r5_5_moving_passes_through_territory_without_capturing_it():
    game = tiny_game(OPEN, {1: (0, 0), 2: (4, 2)})
    soldier = spawn_army(game, 1, 0, ["soldier"])
    assert game.submit(Move(soldier, (1, 2, 3))).ok
    assert game.world.owner_of(2) is None and army(game, soldier).mp == 1


def test_r5_5_entering_a_hostile_army_attacks_for_one_more_mp_and_ends_the_armys_actions():
    game = tiny_game(OPEN, {1: (0, 0), 2: (4, 2)})
    attacker = spawn_army(game, 1, 1, ["soldier"] * 3)
    spawn_army(game, 2, 3, ["defender"] * 3)
    reach = where_can_it_go(game, attacker)
    assert reach[3].kind == "attack" and reach[3].cost == 3
    result = game.submit(Move(attacker, (2, 3)))
    assert result.ok
    assert esper.get_component(Battle) or not esper.entity_exists(attacker)
    if esper.entity_exists(attacker):
        assert army(game, attacker).done and army(game, attacker).mp == 1
        refused = game.submit(Move(attacker, (2,)))
        assert not refused.ok


def test_r5_5_a_path_cannot_pass_through_a_territory_holding_an_army():
    game = tiny_game(OPEN, {1: (0, 0), 2: (4, 2)})
    soldier = spawn_army(game, 1, 1, ["soldier"])
    spawn_army(game, 2, 2, ["soldier"])
    refused = game.submit(Move(soldier, (2, 3)))
    assert not refused.ok and "passes through" in refused.reason


def test_r5_6_combining_merges_with_the_lower_mp_and_units_that_do_not_fit_stay():
    game = tiny_game(OPEN, {1: (0, 0), 2: (4, 2)})
    mover = spawn_army(game, 1, 1, ["soldier"] * 4)
    resident = spawn_army(game, 1, 2, ["soldier"] * 8, mp=1)
    assert game.submit(Combine(mover, resident)).ok
    assert len(army(game, resident).units) == 10 and army(game, resident).mp == 1
    assert len(army(game, mover).units) == 2 and army(game, mover).territory == 1 and army(game, mover).mp == 4


def test_r5_7_a_split_pays_from_the_armys_mp_and_the_part_that_stays_keeps_its_mp():
    game = tiny_game(["pfp", "ppp"], {1: (0, 1), 2: (2, 1)})
    whole = spawn_army(game, 1, 0, ["soldier", "soldier", "soldier"])
    sent = army(game, whole).units[:2]
    assert game.submit(Split(whole, tuple(sent), 1)).ok
    assert len(army(game, whole).units) == 1 and army(game, whole).mp == 4
    (new_entity,) = [e for e, a in q.player_armies(1) if e != whole]
    assert army(game, new_entity).territory == 1 and army(game, new_entity).mp == 2


def test_r5_7_a_split_must_leave_one_unit_and_may_not_make_an_eleventh_army():
    game = tiny_game(["pppppppppppp", "pppppppppppp"], {1: (0, 0), 2: (11, 1)})
    whole = spawn_army(game, 1, at(game, 0, 1), ["soldier", "soldier"])
    units = tuple(army(game, whole).units)
    assert "at least one unit must stay" in game.submit(Split(whole, units, at(game, 1, 1))).reason
    for x in range(1, 10):
        spawn_army(game, 1, at(game, x, 0), ["soldier"])
    assert "10 armies" in game.submit(Split(whole, units[:1], at(game, 1, 1))).reason


def test_r5_8_taking_over_ends_the_armys_actions():
    game = tiny_game(OPEN, {1: (0, 0), 2: (4, 2)})
    soldier = spawn_army(game, 1, 1, ["soldier"])
    assert game.submit(TakeOver(soldier)).ok
    refused = game.submit(Move(soldier, (2,)))
    assert not refused.ok and "ended its actions" in refused.reason


def test_a_move_needing_more_mp_than_the_army_has_is_refused_with_the_numbers():
    game = tiny_game(OPEN, {1: (0, 0), 2: (4, 2)})
    defender = spawn_army(game, 1, 1, ["defender"])
    refused = game.submit(Move(defender, (2, 3, 4)))
    assert refused.reason == "that needs 3 MP and the army has 2"


def _plain_reach(world, entity: int, budget: int) -> list[tuple[int, int, tuple[int, ...], str]]:
    """`reachable` written as `systems.board.cheapest_paths` with the movement step costs (the reference)."""
    import esper

    from components.armies import Army
    from systems import queries as q
    from systems.board import cheapest_paths, path_to
    from systems.movement import mover_of, step_cost, step_tables

    mover_army = esper.component_for_entity(entity, Army)
    mover = mover_of(world, mover_army)
    tables = step_tables(world, mover)
    occupied: dict[int, str] = {}
    for other_entity, other in q.armies():
        if other_entity == entity:
            continue
        if other.battle is not None:
            occupied[other.territory] = "battle"
        else:
            occupied.setdefault(other.territory, "attack" if q.hostile(other.owner, mover_army.owner) else "combine")

    def cost(here: int, there: int) -> int | None:
        kind = occupied.get(there)
        if kind == "battle":
            return None
        step, _ = step_cost(world, mover, here, there, tables)
        if step is None:
            return None
        return step + world.rules.costs.attack_extra if kind == "attack" else step

    tree = cheapest_paths(world.board, mover_army.territory, cost, budget, lambda t: t in occupied)
    return [(t, c, path_to(tree, t), occupied.get(t, "move")) for t, (c, _) in tree.items()
            if t != mover_army.territory]


def test_reachable_is_the_plain_cheapest_paths_search():
    """R5.3-R5.6: `reachable` (a bucketed search, step costs worked out inline) gives exactly what
    `systems.board.cheapest_paths` gives with the movement step costs: the same territories in the same
    order, the same MP, paths and kinds, for every army of a game under way (ties between equally cheap
    paths included: computer players follow these paths)."""
    from game.content import load_ruleset
    from game.simulate import play_game, resolve_map
    from systems import queries as q
    from systems.movement import occupancy, reachable

    game, _ = play_game(load_ruleset(), resolve_map("wide_world"), ["normal"] * 4, seed=3, max_rounds=14)
    world = game.world
    world.activate()
    checked = 0
    for entity, moving in sorted(q.armies()):
        if moving.open_mp > 0:
            continue
        for budget in (moving.mp, moving.mp + 3):
            got = [(t, r.cost, r.path, r.kind) for t, r in reachable(world, entity, budget=budget).items()]
            assert got == _plain_reach(world, entity, budget)
            # the occupancy read once for several searches (the army itself included) changes nothing
            shared = reachable(world, entity, budget=budget, occupied=occupancy(world, moving.owner))
            assert [(t, r.cost, r.path, r.kind) for t, r in shared.items()] == got
            checked += 1
    assert checked >= 10


def test_r5_5_a_battle_territory_cannot_be_entered_and_the_armies_after_it_still_count():
    """R5.5: a territory with a battle in it is closed ("battle"); armies found after it are still read (a
    hostile one is attacked, an own one joined)."""
    from systems.movement import occupancy

    game = tiny_game(["ppppp"], {1: (0, 0), 2: (4, 0)})
    fighting = spawn_army(game, 2, 1, ["soldier"])
    spawn_army(game, 2, 2, ["soldier"])
    spawn_army(game, 1, 3, ["soldier"])
    army(game, fighting).battle = fighting
    assert occupancy(game.world, 1) == {1: "battle", 2: "attack", 3: "combine"}
