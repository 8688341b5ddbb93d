"""Risky Space's rule boundaries, each on both sides and computed by hand: the force of an attack (RS5.1), where
reinforcements may go (RS4.2), the faces of the dice (RS5.2), the first turn's round (RS7.3) and the engine
search player's position value. (The claiming's defaults, RS4.1 and RS7.3, are with the rules' tests.)"""

from __future__ import annotations

from pathlib import Path

from game.maps import load_map
from game.setup import PlayerSpec, create_game
from tests.risky_space import module
from tests.test_risky_space_rules import line_state

R = module("rules")
MAP = Path(__file__).resolve().parent.parent / "mods" / "risky-space" / "maps" / "lantern_lanes.tmj"


def new_game():
    return create_game(load_map(MAP), [PlayerSpec("Ann"), PlayerSpec("Bob")], 4, ruleset="risky-space")


def test_rs5_1_the_force_is_1_to_all_troops_but_one():
    state = line_state([1, 2], [5, 3])  # 5 troops on the source: a force of 1 to 4
    assert R.attack_problem(state, 0, 1, 4) == ""
    assert R.attack_problem(state, 0, 1, 1) == ""
    assert "one troop stays home" in R.attack_problem(state, 0, 1, 5)
    assert "one troop stays home" in R.attack_problem(state, 0, 1, 0)


def test_rs4_2_reinforcements_go_onto_the_first_and_last_regions_and_nowhere_past_them():
    state = line_state([1, 2, 1], [1, 1, 1])
    state.phase, state.general, state.bonus_left = R.REINFORCE, 3, {}
    assert R.check(state, R.Reinforce(0, 1)) == ""  # region 0, the first on the board
    assert R.check(state, R.Reinforce(2, 1)) == ""  # the last
    for outside in (-1, 3):  # region -1 would be the last one again, were it only an index
        assert "your own regions" in R.check(state, R.Reinforce(outside, 1))


def test_rs5_2_the_generators_dice_show_every_face_from_1_to_die_sides():
    state = line_state([1, 2], [1000, 1000])
    sides = state.rules.attack.die_sides
    assert R.submit(state, R.Attack(0, 1, 999))[0] == ""
    faces: set[int] = set()
    for _ in range(100):  # 3 attacker and 2 defender dice a roll: 500 dice, seeded
        reason, events = R.submit(state, R.Roll())
        assert reason == ""
        rolled = [e for e in events if isinstance(e, R.Rolled)]
        faces.update(*(e.attacker_dice + e.defender_dice for e in rolled))
    assert faces == set(range(1, sides + 1))


def test_rs7_3_the_first_turn_is_round_1():
    pure = line_state([None, None], [0, 0])
    pure.phase, pure.round, pure.seat, pure.tick = R.CLAIM, 0, 1, 0
    for territory in (0, 1):  # seat 1 claims 0, seat 2 claims 1: the placement begins
        assert R.submit(pure, R.Claim(territory))[0] == ""
    assert pure.phase == R.PLACE and pure.round == 0
    while pure.phase == R.PLACE:
        mine = pure.owned(pure.seat)[0]
        assert R.submit(pure, R.Place((mine,), (pure.rules.setup.placement_troops,)))[0] == ""
    assert pure.phase in (R.REINFORCE, R.ATTACK) and pure.round == 1


def test_the_position_value_weighs_regions_troops_whole_clusters_and_the_front():
    """0.4 × share of regions + 0.35 × share of troops + 0.2 × share of cluster bonuses held whole + 0.05 × the
    front (per rival region linked to the seat's own, its largest linked force, all troops but one (RS5.1), as a
    share of that force and the region's troops) over the regions; seat 1 holds one region with 9 troops, seat 2
    the other 39 regions with 1 troop each (lantern_lanes: 40 regions): seat 2 has no force to face region 0."""
    ecs = module("ecs")
    game = new_game()
    state = ecs.load_state(game.world)
    assert state.size == 40
    state.owners = [1] + [2] * 39
    state.troops = [9] + [1] * 39
    ecs.store_state(game.world, state)
    held_by_2 = sum(b for cid, b in state.bonus.items() if 0 not in state.clusters[cid]) / sum(state.bonus.values())
    front_1 = len(state.neighbours[0]) * 8 / (8 + 1)
    assert abs(ecs.position_value(game, 1) - (0.4 * 1 / 40 + 0.35 * 9 / 48 + 0.05 * front_1 / 40)) < 1e-9
    assert abs(ecs.position_value(game, 2) - (0.4 * 39 / 40 + 0.35 * 39 / 48 + 0.2 * held_by_2)) < 1e-9


def test_the_position_value_counts_a_running_battle_by_its_odds_and_the_last_region_as_the_game():
    """RS5.3, RS5.5: an attack of 5 on a region of 2 counts the target as the attacker's by the exact chance that
    the force takes it, the force among its troops; RS7.1: for the last rival's last region, that chance of the
    game won. Seat 1 attacks seat 2's only region."""
    ecs = module("ecs")
    game = new_game()
    state = ecs.load_state(game.world)
    target = state.size - 1
    source = state.neighbours[target][0]
    state.owners = [1] * state.size
    state.owners[target] = 2
    state.troops = [1] * state.size
    state.troops[target], state.troops[source] = 2, 1
    state.phase, state.seat, state.round, state.general, state.bonus_left = R.ATTACK, 1, 30, 0, {}
    state.start_owned = frozenset(state.owned(1))
    state.battle = R.Battle(source, target, 5)
    ecs.store_state(game.world, state)
    game.world.clock.seat = 1
    chance = R.conquest_chance(state.rules, 5, 2)
    assert 0.5 < chance < 1
    total = sum(state.bonus.values())
    whole = sum(b for cid, b in state.bonus.items() if target not in state.clusters[cid]) / total
    regions, troops = (39 + chance) / 40, (39 + 5) / (39 + 5 + 2)
    value_1 = 0.4 * regions + 0.35 * troops + 0.2 * whole  # no force of seat 1 faces the target: 1 troop each
    assert abs(ecs.position_value(game, 1) - (chance + (1 - chance) * value_1)) < 1e-9
    assert ecs.position_value(game, 2) < 1 - chance
