"""MonsterCrasher's computer player (MC9): legal choices, the MC9.4 example, its priorities, its strength."""

from __future__ import annotations

import random

from tests.mc_support import pieces, rules, square, sub

position_mod = sub("position")
computer = sub("computer")
RULES = rules()


def test_mc9_4_a_lone_p2_basic_on_c3_is_met_on_c1():
    start = position_mod.Position(tuple(pieces("P2 basic 1/1 C3")), (10, 10))
    for seed in range(5):
        choice = computer.choose(start, RULES, random.Random(seed))
        assert square("C1") in [where for _, where in choice]


def test_mc9_3_it_loses_no_life_when_it_can_help_it():
    # two P2 basics coming: one basic on each of their files meets both (MC9.3 (1))
    start = position_mod.Position(tuple(pieces("P2 basic 1/1 A4, P2 basic 1/1 D5")), (10, 10))
    choice = computer.choose(start, RULES, random.Random(1))
    value = computer.score(start, RULES, choice)
    assert value.life_kept == 0
    assert sorted(where for _, where in choice) == [square("A1"), square("D1")]


def test_mc9_3_it_attacks_open_files_when_nothing_threatens():
    start = position_mod.start_position(RULES)
    choice = computer.choose(start, RULES, random.Random(3))
    assert sum(RULES.units[kind].cost for kind, _ in choice) == RULES.players.spawn_points
    assert computer.score(start, RULES, choice).damage > 0


def test_mc9_1_every_choice_it_makes_is_legal_and_ties_follow_its_generator():
    start = position_mod.Position(tuple(pieces("P2 basic 1/1 C3")), (10, 10))
    choices = position_mod.spawn_choices(start, RULES)
    made = [computer.choose(start, RULES, random.Random(seed)) for seed in range(6)]
    assert all(choice in choices for choice in made)
    assert made == [computer.choose(start, RULES, random.Random(seed)) for seed in range(6)]


def _game(seed: int, ai_seat: int) -> int | None:
    chance = random.Random(seed)
    ai_rng = random.Random(seed * 1000 + ai_seat)
    pos = position_mod.start_position(RULES)
    next_id = 1
    while True:
        if pos.active == ai_seat:
            choice = computer.choose(pos, RULES, ai_rng)
        else:
            choice = chance.choice(position_mod.spawn_choices(pos, RULES))
        for kind, where in choice:
            pos = position_mod.spawned(pos, RULES, kind, where, next_id)
            next_id += 1
        before = pos
        pos, _ = position_mod.press_turn_button(pos, RULES, record=False)
        ending = position_mod.outcome(pos.life, before.round, before.active, RULES)
        if ending is not None:
            return ending.winner


def test_mc9_4_it_beats_a_random_player_from_either_seat():
    # a small sample here; bench/bench_monstercrasher.py plays the full 200 games through Game.submit
    results = [_game(seed, seat) == seat for seed in range(1, 3) for seat in (1, 2)]
    assert all(results)


def test_mc9_it_presses_for_a_decision_from_press_round_while_not_behind():
    """From `ai.press_round` on, a computer whose life is not below its opponent's ranks damage before life kept;
    before that round, or when behind, MC9.3's order holds."""
    press = RULES.ai.press_round
    assert press > 1
    threatened = "P2 basic 1/1 A4"
    for round_, life, expected in ((press - 1, (10, 10), False), (press, (10, 10), True), (press, (9, 10), False),
                                   (press + 5, (10, 9), True)):
        start = position_mod.Position(tuple(pieces(threatened)), life, 1, round_)
        assert computer.pressing(start, RULES) is expected, (round_, life)
    start = position_mod.Position(tuple(pieces(threatened)), (10, 10), 1, press)
    value = computer.score(start, RULES, computer.choose(start, RULES, random.Random(1)))
    assert value.damage == max(computer.score(start, RULES, c).damage for c in position_mod.spawn_choices(start, RULES))


def test_level_normal_players_decide_their_games_before_the_round_limit():
    """Issue: normal against normal ended every game at the round limit, both players at full life."""
    from game.simulate import run_games

    results = run_games(None, ["normal", "normal"], 1, 3, 50, ruleset="monstercrasher")
    assert all(r.winner not in (None, 0) and r.rounds < 50 for r in results)
