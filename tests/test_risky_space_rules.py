"""Risky Space rules as functions (RS2-RS7), with the reference's examples E1-E4 and the exact RS5.5 odds."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from game.maps import load_map
from game.setup import PlayerSpec, create_game
from tests.risky_space import module

R = module("rules")
D = module("data")


def rules(**overrides):
    return D.load_rules(**overrides)


def line_state(owners, troops, clusters=None, bonus=None, players=2, **over):
    """A chain of regions 0-1-2-...; the game already in seat 1's attack stage unless told otherwise."""
    n = len(owners)
    neighbours = [tuple(x for x in (i - 1, i + 1) if 0 <= x < n) for i in range(n)]
    clusters = clusters or {"all": tuple(range(n))}
    bonus = bonus or dict.fromkeys(clusters, 0)
    state = R.new_state(rules(**over), neighbours, clusters, bonus, players, seed=1)
    state.owners, state.troops = list(owners), list(troops)
    state.phase, state.seat, state.round = R.ATTACK, 1, 1
    state.start_owned = frozenset(state.owned(1))
    return state


def test_rs5_5_exact_odds_of_one_roll():
    six = 6
    odds = {(a, d): R.roll_odds(a, d, six) for a in (1, 2, 3) for d in (1, 2)}
    assert odds[(1, 1)] == {(0, 1): Fraction(15, 36), (1, 0): Fraction(21, 36)}
    assert odds[(2, 1)] == {(0, 1): Fraction(125, 216), (1, 0): Fraction(91, 216)}
    assert odds[(3, 1)] == {(0, 1): Fraction(855, 1296), (1, 0): Fraction(441, 1296)}
    assert odds[(1, 2)] == {(0, 1): Fraction(55, 216), (1, 0): Fraction(161, 216)}
    assert odds[(2, 2)] == {(0, 2): Fraction(295, 1296), (1, 1): Fraction(420, 1296), (2, 0): Fraction(581, 1296)}
    assert odds[(3, 2)] == {(0, 2): Fraction(2890, 7776), (1, 1): Fraction(2611, 7776), (2, 0): Fraction(2275, 7776)}


def test_e2_a_roll_pairs_sorted_dice_and_ties_go_to_the_defender():
    assert R.compare([3, 6, 3], [3, 5]) == (1, 1, (6, 3, 3), (5, 3))


def test_e1_reinforcements_and_bonus_only_in_its_cluster():
    # 14 regions owned: all 4 of Orion (bonus 2), 5 of Lyra's 6 (bonus 3), 5 others; 2 players
    orion, lyra, rest = tuple(range(0, 4)), tuple(range(4, 10)), tuple(range(10, 20))
    owners = [1] * 4 + [1] * 5 + [2] + [1] * 5 + [2] * 5
    state = line_state(owners, [2] * 20, {"orion": orion, "lyra": lyra, "rest": rest},
                       {"orion": 2, "lyra": 3, "rest": 0})
    assert R.reinforcements(state, 1) == (3, {"orion": 2})
    state.phase = R.REINFORCE
    state.general, state.bonus_left = R.reinforcements(state, 1)
    assert "only 3 troops" in R.check(state, R.Reinforce(10, 4))  # 4 outside Orion: refused
    assert R.submit(state, R.Reinforce(10, 3))[0] == ""
    assert R.submit(state, R.Reinforce(0, 2))[0] == ""
    assert state.phase == R.ATTACK
    state2 = line_state(owners, [2] * 20, {"orion": orion, "lyra": lyra, "rest": rest},
                        {"orion": 2, "lyra": 3, "rest": 0})
    state2.phase = R.REINFORCE
    state2.general, state2.bonus_left = R.reinforcements(state2, 1)
    assert R.submit(state2, R.Reinforce(1, 5))[0] == ""  # 5 in Orion: done
    assert state2.phase == R.ATTACK


def test_rs4_1_minimum_and_floor():
    state = line_state([1] * 2 + [2] * 19, [1] * 21)
    assert R.reinforcements(state, 1) == (3, {})
    assert R.reinforcements(state, 2) == (4, {})  # floor(19 / 4)


def test_e3_conquest_moves_the_survivors_and_neither_region_attacks_again():
    # Vega (0) 6 attacks Rigel (1) 2 with force 5
    state = line_state([1, 2, 2], [6, 2, 1])
    rolls = iter([[5, 4, 1], [4, 4], [2, 2, 1], [6], [6, 1, 1], [6], [4, 3], [2]])
    state.dice = lambda n: next(rolls)
    reason, events = R.submit(state, R.Attack(0, 1, 5))
    assert reason == "" and events[0].target_left == 1 and events[0].force_left == 4
    assert R.submit(state, R.Roll())[1][0].force_left == 3
    assert R.submit(state, R.Roll())[1][0].force_left == 2
    _, events = R.submit(state, R.Roll())
    assert events[0].attacker_dice == (4, 3) and events[0].defender_dice == (2,)
    assert any(getattr(e, "kind", "") == "conquered" for e in events)
    assert (state.owners[1], state.troops[0], state.troops[1]) == (1, 1, 2)
    assert "taken this turn" in R.check(state, R.Attack(1, 2, 1))
    assert R.check(state, R.Attack(0, 1, 1))  # Vega attacked already (and has 1 troop)


def test_rs5_1_limits_on_attacks():
    state = line_state([1, 2, 1, 2], [5, 3, 5, 3])
    assert "one troop stays home" in R.check(state, R.Attack(0, 1, 5))
    assert "linked" in R.check(state, R.Attack(0, 3, 2))
    state.dice = lambda n: [1] * n  # the defender wins every pair
    assert R.submit(state, R.Attack(0, 1, 1))[0] == ""
    assert state.battle is None and state.troops[0] == 4  # the force was spent
    assert "already attacked" in R.check(state, R.Attack(0, 1, 1)) or "already" in R.check(state, R.Attack(0, 1, 1))
    assert "was already attacked" in R.check(state, R.Attack(2, 1, 1))
    over = line_state([1, 2, 1, 2, 1, 2, 1, 2, 1, 2, 1], [3] * 11)
    over.dice = lambda n: [1] * n
    for source in (0, 2, 4, 6):
        assert R.submit(over, R.Attack(source, source + 1, 1))[0] == ""
    assert "at most 4 attacks" in R.check(over, R.Attack(8, 9, 1))


def test_stop_brings_the_survivors_home():
    state = line_state([1, 2], [6, 4])
    state.dice = lambda n: [6] * n if n == 3 else [6] * n
    R.submit(state, R.Attack(0, 1, 5))  # ties: the defender wins both pairs
    assert state.battle is not None and state.battle.force == 3
    assert R.check(state, R.EndTurn())  # roll on or stop first
    R.submit(state, R.Stop())
    assert state.battle is None and state.troops[0] == 4


def test_e4_one_fortify_between_regions_held_since_the_turn_start():
    # Deneb 0 - Altair 1 - Mira 2 - Sol 3
    state = line_state([1, 1, 1, 1], [5, 1, 3, 4], players=2)
    state.start_owned = frozenset({0, 1, 3})  # Mira taken this turn
    assert "one stays" in R.check(state, R.Fortify(0, 1, 5))
    assert "linked" in R.check(state, R.Fortify(0, 3, 1))
    assert "start of the turn" in R.check(state, R.Fortify(3, 2, 1))
    seat = state.seat
    assert R.submit(state, R.Fortify(0, 1, 4))[0] == ""
    assert (state.troops[0], state.troops[1]) == (1, 5)
    assert state.seat != seat  # the turn is over


def test_rs2_claims_placement_rounds_and_rotation():
    # T 5, N 2: seat 1 claims 3, seat 2 places first; n = ceil(5 / 6) = 1 round
    neighbours = [(1,), (0, 2), (1, 3), (2, 4), (3,)]
    state = R.new_state(rules(), neighbours, {"a": (0, 1, 2, 3, 4)}, {"a": 1}, 2, seed=3)
    for territory, seat in zip(range(5), [1, 2, 1, 2, 1], strict=True):
        assert state.seat == seat
        assert "already claimed" not in R.check(state, R.Claim(territory))
        assert R.submit(state, R.Claim(territory))[0] == ""
    assert "already claimed" in R.check(rules_state := state, R.Claim(0)) or rules_state.phase == R.PLACE
    assert state.phase == R.PLACE and state.seat == 2
    assert "exactly 3" in R.check(state, R.Place((1,), (2,)))
    assert "own regions" in R.check(state, R.Place((0,), (3,)))
    assert R.submit(state, R.Place((1, 3), (2, 1)))[0] == ""
    assert state.seat == 1 and state.phase == R.PLACE
    assert R.submit(state, R.Place((0,), (3,)))[0] == ""
    assert state.phase == R.REINFORCE and state.seat == 2  # the rotation goes on: seat 2 plays first
    assert state.round == 1


def test_rs2_3_auto_rounds():
    assert R.placement_rounds(rules(), 42, 2) == 7
    assert R.placement_rounds(rules(), 42, 6) == 3
    assert R.placement_rounds(rules(setup={"placement_rounds": 2}), 42, 2) == 2
    with pytest.raises(D.RulesError, match="placement_rounds"):
        rules(setup={"placement_rounds": 31})


def test_rs7_elimination_and_victory():
    state = line_state([1, 2, 3], [5, 1, 1], players=3)
    state.dice = lambda n: [6] * n if n >= 2 else [1]
    events = R.submit(state, R.Attack(0, 1, 4))[1]
    kinds = [getattr(e, "kind", "") for e in events]
    assert "eliminated" in kinds and 2 in state.eliminated
    assert state.phase == R.ATTACK and state.winner is None


def test_rs7_2_forfeit_with_three_players_leaves_neutral_regions():
    state = line_state([1, 2, 3], [3, 2, 2], players=3)
    R.submit(state, R.Forfeit())
    assert state.owners[0] is None and state.troops[0] == 3
    assert state.seat == 2
    assert R.owned_clusters(state, 2) == []


def test_the_last_player_wins_at_once():
    state = line_state([1, 2], [5, 1])
    state.dice = lambda n: [6] * n if n == 3 else [1] * n
    events = R.submit(state, R.Attack(0, 1, 4))[1]
    assert state.winner == 1 and state.phase == R.OVER
    assert getattr(events[-1], "kind", "") == "won"
    assert R.check(state, R.EndTurn()) == "the game is over"


def test_conquest_chance_matches_the_one_roll_odds():
    r = rules()
    assert R.conquest_chance(r, 1, 1) == pytest.approx(15 / 36)
    assert R.conquest_chance(r, 3, 1) > R.conquest_chance(r, 2, 1) > R.conquest_chance(r, 1, 1)
    assert 0.0 < R.conquest_chance(r, 5, 5) < 1.0


@pytest.mark.parametrize(("region", "ok"), [(-1, False), (0, True), (3, True), (4, False)])
def test_rs2_2_placement_only_onto_own_regions_on_both_ends_of_the_region_range(region, ok):
    """RS2.2: troops go onto the placing seat's own regions; -1 and 4 (past either end of 0..3) are none."""
    state = line_state([1, 2, 2, 1], [1, 1, 1, 1])
    state.phase, state.seat = R.PLACE, 1
    troops = state.rules.setup.placement_troops
    found = R.check(state, R.Place((region,), (troops,)))
    assert (found == "") if ok else ("your own regions" in found)


@pytest.mark.parametrize(("source", "target", "ok"), [(1, 0, True), (2, 3, True), (0, -1, False), (3, 4, False),
                                                       (-1, 0, False), (4, 3, False)])
def test_rs6_1_fortify_regions_on_both_ends_of_the_region_range(source, target, ok):
    state = line_state([1, 1, 1, 1], [3, 3, 3, 3])
    found = R.check(state, R.Fortify(source, target, 1))
    assert (found == "") if ok else (found == "no such region")


def test_rs6_1_a_fortify_of_too_many_names_the_most_that_may_move():
    state = line_state([1, 1, 1, 1], [5, 1, 3, 4])
    assert R.check(state, R.Fortify(0, 1, 5)) == "move 1 to 4 troops: one stays (RS6.1)"
    assert R.check(state, R.Fortify(0, 1, 0)) == "move 1 to 4 troops: one stays (RS6.1)"
    assert R.check(state, R.Fortify(0, 1, 4)) == R.check(state, R.Fortify(0, 1, 1)) == ""


def test_rs9_3_no_defenders_is_a_sure_conquest_and_no_force_a_sure_failure():
    r = rules()
    assert R.conquest_chance(r, 1, 0) == 1.0 == R.conquest_chance(r, 0, 0)
    assert R.conquest_chance(r, 0, 1) == 0.0
    assert R.expected_survivors(r, 4, 0) == 4.0 and R.expected_survivors(r, 0, 3) == 0.0
    assert 0.0 < R.expected_survivors(r, 4, 1) < 4.0            # one defender may still cost troops


def test_rs5_1_the_attack_count_starts_again_each_turn():
    over = line_state([1, 2, 1, 2, 1, 2, 1, 2, 1, 2, 1], [3] * 11)
    over.dice = lambda n: [1] * n
    for source in (0, 2, 4, 6):
        assert R.submit(over, R.Attack(source, source + 1, 1))[0] == ""
    assert over.attacks == 4
    assert R.submit(over, R.EndTurn())[0] == ""
    assert over.seat == 2 and over.attacks == 0


def test_rs5_3_a_battle_rolls_on_while_one_attacker_is_left_and_ends_at_none():
    """RS5: each roll costs losses; with 1 troop left the force may roll again; at 0 the battle is over."""
    state = line_state([1, 2], [6, 4])
    rolls = iter([[6, 1], [5, 5], [1], [6]])
    state.dice = lambda n: next(rolls)[:n]
    assert R.submit(state, R.Attack(0, 1, 2))[0] == ""
    assert state.battle is not None and state.battle.force == 1 and state.troops[1] == 3
    assert R.submit(state, R.Roll())[0] == ""                      # 1 against 1 die: the defender wins
    assert state.battle is None and state.troops[0] == 4 and state.troops[1] == 3


def test_rs4_1_and_rs7_3_the_claiming_brings_no_reinforcements_and_counts_no_round():
    """Reinforcements are gained when a turn starts (RS4.1) and rounds count turns only (RS7.3): through the
    claiming a game holds none and is in round 0, in the engine and in the rules' own state."""
    board = load_map(Path(__file__).resolve().parent.parent / "mods" / "risky-space" / "maps" / "lantern_lanes.tmj")
    game = create_game(board, [PlayerSpec("Ann"), PlayerSpec("Bob")], 4, ruleset="risky-space")
    state = module("ecs").load_state(game.world)
    assert state.phase == R.CLAIM
    assert (state.general, state.bonus_left, state.round) == (0, {}, 0)
    assert game.app.hooks.round_of(game.world) == 0
    pure = R.new_state(state.rules, state.neighbours, state.clusters, state.bonus, 2, seed=1)
    assert (pure.phase, pure.general, pure.round) == (R.CLAIM, 0, 0)
