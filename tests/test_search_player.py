"""The engine's search player (game.ai.search): any ruleset that lists its legal commands, deterministic for a seed,
a budget in iterations or on a clock the caller controls, whole turns of several commands, blind to what its
seat may not see, and stronger than the random player."""

from __future__ import annotations

import pytest

from components.seats import Ready
from game.ai import SearchPlayer
from game.ai import search as search_module
from game.lab.rulesets import available
from game.legal import legal_commands, seat_to_act
from game.simulate import map_for, new_modded_game, play_game


def new(ruleset: str, kinds: list[str], seed: int = 1):
    return new_modded_game(map_for(None, ruleset, len(kinds), seed), kinds, seed, (), ruleset)


@pytest.mark.parametrize("ruleset", available())
def test_search_plays_every_ruleset_with_legal_commands_only_and_is_deterministic(ruleset):
    def game_of(seed):
        game = new(ruleset, ["search", "random"], seed)
        play_game(game.world.rules, None, ["search", "random"], seed, 2, game=game)
        return game

    one, two = game_of(4), game_of(4)
    assert len(one.history) > 0 and list(one.history) == list(two.history)


def test_a_decision_is_the_same_for_the_same_seed_and_may_differ_for_another():
    game = new("monstercrasher", ["search", "search"])
    seat = seat_to_act(game)
    commands = legal_commands(game, seat)
    first = SearchPlayer(iterations=24, seed=1).choose(game, seat, commands)
    assert SearchPlayer(iterations=24, seed=1).choose(game, seat, commands) == first
    assert first in commands


def test_the_budget_is_iterations_or_a_clock_the_caller_controls(monkeypatch):
    forks: list[int] = []
    real = search_module.fork

    def counted(*args, **kwargs):
        forks.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(search_module, "fork", counted)
    game = new("monstercrasher", ["search", "search"])
    seat = seat_to_act(game)
    commands = legal_commands(game, seat)
    SearchPlayer(iterations=10).choose(game, seat, commands)
    assert len(forks) == len(commands) + 10  # one a command for the root's prior, then one an iteration
    forks.clear()
    ticks = iter(range(1000))
    SearchPlayer(iterations=1000, time_limit=5, clock=lambda: next(ticks)).choose(game, seat, commands)
    assert len(forks) == len(commands) + 4  # the clock reads 0 at the start, then 1, 2, 3, 4 before each iteration; 5 stops it


def test_a_wide_root_scores_the_rulesets_prior_width_of_commands_and_tries_the_rest_after(monkeypatch):
    """The prior scores at most the ruleset's `prior_width` root commands (what bounds a decision's cost); the
    budget then tries those first, in the prior's order, and only then the ones left out."""
    scored: list[object] = []
    real = search_module._one_step

    def counted(game, seat, command, rng):
        scored.append(command)
        return real(game, seat, command, rng)

    monkeypatch.setattr(search_module, "_one_step", counted)
    game = new("monstercrasher", ["search", "search"])
    seat = seat_to_act(game)
    commands = legal_commands(game, seat)
    game.app.prior_width = 5
    try:
        tried: list[object] = []
        real_expand = search_module.Node.expand
        monkeypatch.setattr(search_module.Node, "expand", lambda node, c: tried.append(c) or real_expand(node, c))
        SearchPlayer(iterations=len(commands), seed=1).choose(game, seat, commands)
    finally:
        game.app.prior_width = None
    assert len(commands) > 5 and len(scored) == 5
    assert tried[:5] and set(tried[:5]) == set(scored) and set(tried) == set(commands)


def test_the_prior_sample_spreads_over_kinds_and_actors_and_is_seeded():
    """Where more commands are legal than the width, every kind of command and every actor (its first field) is
    sampled before any gets a second; the sample is the same for the same seed; a narrow root is scored whole."""
    import random

    from components.commands import BuildStructure, EndTurn, Move

    moves = [Move(army=a, path=(1, t)) for a in (7, 8, 9) for t in range(2, 30)]
    builds = [BuildStructure("wooden_wall", t, t + 1) for t in range(40)]
    commands = [*moves, *builds, EndTurn()]
    sample = search_module.prior_sample(list(commands), 5, random.Random(3))
    assert len(sample) == 5 and len(set(sample)) == 5
    assert {c.army for c in sample if isinstance(c, Move)} == {7, 8, 9}
    assert EndTurn() in sample and any(isinstance(c, BuildStructure) for c in sample)
    assert search_module.prior_sample(list(commands), 5, random.Random(3)) == sample
    assert search_module.prior_sample(list(commands), 5, random.Random(4)) != sample
    assert search_module.prior_sample(list(commands), len(commands), random.Random(3)) == commands


def test_search_plays_a_whole_turn_of_several_commands_ending_it():
    game = new("base", ["search", "search"], 2)
    while game.in_setup:
        assert game.submit(SearchPlayer(iterations=4).choose_base(game)).ok
    seat = game.world.clock.seat
    several = False
    for _ in range(6):
        results = SearchPlayer(iterations=6).play_turn(game)
        assert all(r.ok for r in results)
        several = several or len(results) > 1
        if game.over:
            break
        assert game.world.clock.seat != seat or game.world.clock.round > 1
        seat = game.world.clock.seat
    assert several


def test_search_never_reads_the_other_seats_hidden_orders():
    """TW4.2: the same position with different secret orders pending for seat 2 gives seat 1 the same decision."""
    from game.setup import PlayerSpec, create_game

    decisions = []
    for pick in (0, -1):
        game = create_game(None, [PlayerSpec("A", True), PlayerSpec("B", True)], 5, ruleset="total-war")
        for seat in game.world.seats:
            assert game.submit(Ready(), seat=seat).ok
        first, second = game.world.seats
        orders = [c for c in legal_commands(game, second) if not isinstance(c, Ready)]
        assert game.submit(orders[pick], seat=second).ok
        decisions.append(SearchPlayer(iterations=6).choose(game, first, legal_commands(game, first)))
    assert decisions[0] == decisions[1]


def test_search_beats_random_in_monstercrasher():
    wins = 0
    for seed, kinds in ((1, ["search", "random"]), (2, ["random", "search"])):
        game = new("monstercrasher", kinds, seed)
        _, result = play_game(game.world.rules, None, kinds, seed, 50, game=game)
        wins += result.winner_kind == "search"
    assert wins == 2


def test_the_default_value_is_the_share_of_territories_and_outcomes_are_exact():
    game = new("base", ["search", "search"], 3)
    while game.in_setup:
        assert game.submit(SearchPlayer(iterations=2).choose_base(game)).ok
    values = [search_module.territory_share(game, s) for s in game.world.seats]
    assert abs(sum(values) - 1) < 1e-9 and all(0 < v < 1 for v in values)
    game.world.clock.winner = game.world.seats[0]
    assert search_module.outcome(game, game.world.seats[0]) == 1.0
    assert search_module.outcome(game, game.world.seats[1]) == 0.0
    game.world.clock.winner = 0
    assert search_module.outcome(game, game.world.seats[1]) == 0.5


def test_a_rollout_policy_the_ruleset_names_plays_the_rollouts(monkeypatch):
    # app.set_rollout_policy(kind): that kind of the ruleset's own plays past the tree; "random" turns it off
    game = new("monstercrasher", ["search", "normal"], 2)
    played: list[int] = []
    factory = game.app.computer_players["normal"]

    class Counting(factory):  # type: ignore[misc, valid-type]
        def play_turn(self, game):  # noqa: ANN001, ANN202
            played.append(game.world.clock.seat)
            return super().play_turn(game)

    monkeypatch.setitem(game.app.computer_players, "normal", Counting)
    game.app.rollout_policy = "normal"
    seat = seat_to_act(game)
    commands = legal_commands(game, seat)
    first = SearchPlayer(iterations=6, seed=3).choose(game, seat, commands)
    assert played and first in commands
    assert SearchPlayer(iterations=6, seed=3).choose(game, seat, commands) == first  # deterministic with a policy
    played.clear()
    SearchPlayer(iterations=6, seed=3, policy="random").choose(game, seat, commands)
    assert not played


def last_region_to_take(seed: int):
    """Risky Space: seat 1 holds every region but one (seat 2's, 3 troops) with 5 troops each and 12 beside it;
    seat 1 is in its attack phase (RS5.1) with every region its own since the turn began."""
    from tests.risky_space import module

    R, ecs = module("rules"), module("ecs")
    game = new("risky-space", ["search", "random"], seed)
    state = ecs.load_state(game.world)
    last = state.size - 3
    state.owners = [1] * state.size
    state.owners[last] = 2
    state.troops = [5] * state.size
    state.troops[last] = 3
    state.troops[state.neighbours[last][0]] = 12
    state.phase, state.seat, state.round, state.general, state.bonus_left = R.ATTACK, 1, 30, 0, {}
    state.start_owned = frozenset(state.owned(1))
    state.sources_used, state.targets_used, state.attacks, state.battle = set(), set(), 0, None
    ecs.store_state(game.world, state)
    game.world.clock.seat = 1
    return game, R


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_search_takes_the_last_rival_region_and_wins_rather_than_fortify_or_end_its_turn(seed):
    """RS7.1: the last player standing wins; RS5.5: 12 troops (a force of 11) take 3 defenders nearly always.
    Among ~200 commands (mostly fortifications, RS6.1, which end the turn) the search must attack, roll on and win
    within its turn (before its commands were sampled one visit each, and it fortified or ended the turn)."""
    game, R = last_region_to_take(seed)
    seat = game.world.clock.seat
    first = SearchPlayer(seed=seed).choose(game, seat, legal_commands(game, seat))
    assert isinstance(first, R.Attack) and first.force == 11
    SearchPlayer(seed=seed).play_turn(game)
    assert game.over and game.world.clock.winner == 1


def all_land_but_the_flag_to_seat_1(game, flag: int):
    """Seat 1 owns every land territory but `flag`; nobody has resources (production still comes, R2)."""
    from systems import queries as q

    world = game.world
    for territory in range(len(world.terrain)):
        if territory != flag and world.rules.is_land(world.terrain[territory]):
            world.set_owner(territory, 1)
    for seat in world.seats:
        q.stockpile(world, seat).clear()
    return game


def search_wins_against_random_by_round(game, seed: int, last_round: int) -> bool:
    """Search (seat 1) against random (seat 2) until the game ends or `last_round` is over: did search win?"""
    from game import computer_seats
    from game.ai import make_controller

    players = [SearchPlayer(seed=seed), make_controller("random", game.app)]
    world = game.world
    while not game.over and world.clock.round <= last_round:
        computer_seats.play_step(game, players)
    return game.over and world.clock.winner == 1


def walled_flag_beside_a_strong_army(seed: int):
    """Base game: seat 1 holds every territory but seat 2's flag, which three wooden walls close on every side
    (R6.2, 10 health each) and nobody guards; seat 1's 4 soldiers (attack 2) stand beside the west wall. Nobody has
    resources (production still comes, R2)."""
    from tests.builders import at, spawn_army, spawn_structure, tiny_game

    game = tiny_game(["pppppp", "pppppp", "pppppp"], {1: (0, 1), 2: (5, 1)}, seed=seed)
    flag = at(game, 5, 1)
    for x, y in ((4, 1), (5, 0), (5, 2)):
        spawn_structure(game, 2, "wooden_wall", flag, border=at(game, x, y))
    spawn_army(game, 1, at(game, 4, 1), ["soldier"] * 4)
    return all_land_but_the_flag_to_seat_1(game, flag)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_search_breaks_a_walled_flag_and_takes_it_against_random(seed):
    """R7.2: an army in a base no unit of its owner holds defeats that player; R5.4: a hostile wall blocks the
    border; R8.6: an army beside a wall strikes it, each unit once, and the wall falls at 0 health. Two strikes of 8
    break the west wall (10), and the army walks in on the third turn: the base game's position value prices the
    wall in the way, so striking it is progress (before, the search disrupted, took over or walked between the
    walls and won late or not at all)."""
    assert search_wins_against_random_by_round(walled_flag_beside_a_strong_army(seed), seed, 3)


def flag_behind_a_lake(seed: int):
    """Base game: seat 2's unguarded flag at the east end of the middle row; seat 1's 4 soldiers (4 MP) stand in a
    bay of deep water (R5.3: foot units cannot enter water) 3 steps west of it, the way out and around the bay
    15 plain steps long. Seat 1 holds every land territory but the flag; nobody has resources."""
    from tests.builders import at, spawn_army, tiny_game

    rows = ["ppppppppp", "ppdddddpp", "ppppppdpp", "ppdddddpp", "ppppppppp"]
    game = tiny_game(rows, {1: (0, 4), 2: (8, 2)}, seed=seed)
    flag = at(game, 8, 2)
    spawn_army(game, 1, at(game, 5, 2), ["soldier"] * 4)
    return all_land_but_the_flag_to_seat_1(game, flag)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_search_marches_around_water_onto_an_open_flag(seed):
    """R7.2 within the four turns the march takes (R5.1: 4 MP a turn, a plain costs 1): the base game's value measures the way
    left over the terrain the army may enter, not the board distance, which the bay's water makes a dead end
    (before, the search stayed in the bay, 3 steps from the flag)."""

    assert search_wins_against_random_by_round(flag_behind_a_lake(seed), seed, 4)
