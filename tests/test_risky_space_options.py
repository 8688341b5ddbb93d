"""Risky Space's setup options on the engine: `claiming = "deal"` (RS2.1), `random_seats` (RS2.4) and fair homes."""

from __future__ import annotations

from pathlib import Path

from game.ai import make_controller, run_computer_turn
from game.content import load_app
from game.maps import load_map
from game.saves import load_game, save_game
from game.setup import PlayerSpec, new_game
from game.snapshot import state_hash
from tests.every_ruleset import play_randomly
from tests.risky_space import RULESET, module

R = module("rules")
E = module("ecs")
MAP = Path(__file__).resolve().parent.parent / "mods" / "risky-space" / "maps" / "lantern_lanes.tmj"


def game_with(seed: int = 3, players: int = 2, map_data=None, **setup):
    app = load_app(RULESET, options=setup)  # chosen as options, so its saves carry what the mods give
    rules = app.rules
    specs = [PlayerSpec(f"P{s}", s != 1, "normal") for s in range(1, players + 1)]
    return new_game(rules, map_data or load_map(MAP), specs, seed, app=app)


def test_rs2_1_deal_claims_every_region_at_once_and_seat_1_places_first():
    game = game_with(claiming="deal")
    world, state = game.world, E.load_state(game.world)
    size = world.board.size
    assert all(world.owner_of(t) in (1, 2) for t in range(size))
    counts = sorted(len(state.owned(s)) for s in (1, 2))
    assert counts == [size // 2, size - size // 2]  # dealt in rotation order
    assert state.phase == R.PLACE and world.clock.seat == state.seat == 1
    assert game.submit(R.Place((state.owned(1)[0],), (3,))).ok
    assert world.clock.seat == 2


def test_rs2_1_an_odd_deal_counts_back_so_the_seat_with_fewer_regions_places_first():
    game = game_with(claiming="deal", players=3)  # 40 regions, 3 seats: 14, 13, 13
    state = E.load_state(game.world)
    assert len(state.owned(1)) == 13 and game.world.clock.seat == 1


def test_rs2_1_the_deal_is_drawn_from_the_game_seed():
    owners = lambda g: [g.world.owner_of(t) for t in range(g.world.board.size)]  # noqa: E731
    assert owners(game_with(seed=5, claiming="deal")) == owners(game_with(seed=5, claiming="deal"))
    assert owners(game_with(seed=5, claiming="deal")) != owners(game_with(seed=6, claiming="deal"))


def test_rs2_4_random_seats_moves_the_players_not_the_rotation():
    firsts = set()
    for seed in range(12):
        world = game_with(seed=seed, players=3, random_seats=True).world
        names = [E.esper.component_for_entity(world.players[s], E.Player).name for s in world.seats]
        assert sorted(names) == ["P1", "P2", "P3"] and world.clock.seat == 1
        human = [s for s in world.seats if not E.esper.component_for_entity(world.players[s], E.Player).computer]
        assert names[human[0] - 1] == "P1"  # the human travels with its name
        firsts.add(names[0])
    assert firsts == {"P1", "P2", "P3"}


def test_deal_and_random_seats_play_to_a_victory_and_round_trip_a_save(tmp_path):
    game = game_with(seed=8, claiming="deal", random_seats=True)
    for _ in range(40):
        run_computer_turn(game, make_controller("normal", game.app))
    loaded = load_game(save_game(game, tmp_path / "deal.foc.json.gz"))
    assert state_hash(loaded.world) == state_hash(game.world)
    for _ in range(3000):
        if game.over:
            break
        run_computer_turn(game, make_controller("normal", game.app))
    assert game.over and game.world.clock.winner in (1, 2)


def test_map_random_is_a_fair_universe_whose_homes_are_each_seats_first_claim():
    from game.simulate import map_for
    from game.ui.launch import choose_map

    data = map_for("random:7", RULESET, 3)
    assert data is not None and data.topology["kind"] == "regions" and data.source == "generated:universe:7"
    assert choose_map("random:7", 3, 99, RULESET) == data  # the client's --map random is the same universe
    homes = {seat: zone[0] for seat, zone in data.start_zones[3].items()}
    assert len(set(homes.values())) == 3
    game = game_with(seed=7, players=3, map_data=data)
    world = game.world
    assert {seat: E.homes(world)[seat] for seat in (1, 2, 3)} == homes
    assert all(world.owner_of(home) == seat for seat, home in homes.items())  # claimed for them (RS2.1)
    assert sum(world.owner_of(t) is not None for t in range(world.board.size)) == 3
    assert world.clock.seat == 1 and E.load_state(world).phase == R.CLAIM
    module("universe")  # the fairness of homes (RS10, ≤ 15%) is tested with the generator


def test_the_round_reported_is_the_rules_round_not_the_engines_rotations(tmp_path):
    from game.simulate import play_game

    data = module("universe").universe_map(2, 3)
    game = game_with(seed=3, map_data=data)
    assert game.app.hooks.round_of(game.world) == 0  # claiming: no round yet (RS7.3)
    _, result = play_game(game.world.rules, data, ["normal", "normal"], 3, 5000, game=game)
    assert game.over and result.rounds == E.load_state(game.world).round
    assert result.rounds < game.world.clock.round  # the engine also counted the claim and placement ticks


def test_foc_simulate_plays_random_universes(capsys):
    from game.cli import main

    assert main(["simulate", "--ruleset", RULESET, "--map", "random", "--players", "ai,ai", "--games", "2",
                 "--rounds", "3000"]) == 0
    out = capsys.readouterr().out
    assert "2 finished" in out and "Random universe" in out


def test_simulate_follows_the_players_to_their_random_seats():
    from game.simulate import computer_players, play_game

    app = load_app(RULESET)
    risky = app.rules.risky  # type: ignore[attr-defined]
    rules = app.rules.model_copy(update={"risky": risky.model_copy(
        update={"setup": risky.setup.model_copy(update={"random_seats": True})})})
    swapped = 0
    for seed in range(4):
        game = new_game(rules, load_map(MAP), computer_players(["normal", "random"]), seed, app=app)
        names = [E.esper.component_for_entity(game.world.players[s], E.Player).name for s in (1, 2)]
        swapped += names[0] != "Normal 1"
        _, result = play_game(rules, None, ["normal", "random"], seed, 3000, game=game)
        assert result.winner in (1, 2)
        winner_name = names[result.winner - 1]
        assert winner_name.split()[0].lower() == result.winner_kind  # "Normal 1" won as "normal"
    assert swapped  # some seeds did move the players


def test_a_game_ended_by_the_round_limit_says_the_last_round_played():
    """RS7.3: with max_rounds=1 the game ends when round 2 would begin; the victory line names round 1, the last
    one played (it said "after round 2")."""
    import random

    from game.setup import PlayerSpec, create_game
    from game.ui.launch import choose_map

    game = create_game(choose_map(None, 2, 3, "risky-space"), [PlayerSpec("A"), PlayerSpec("B")], 3,
                       ruleset="risky-space", options={"max_rounds": 1, "claiming": "deal"})
    rng = random.Random(3)
    play_randomly(game, 2000, rng)
    assert game.over
    words = game.app.presentation.victory_words(game.world)
    assert words.endswith("after round 1") or words.startswith("Last player standing"), words
