"""Risky Space: random universes (planar, fair for 2-6 seats), the shipped map, computer players, determinism."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from game.maps import load_map
from game.region_maps import region_map_document
from systems.board import make_board
from tests.risky_space import module

U = module("universe")
M = module("match")
R = module("rules")
A = module("ai")
MAP = Path(__file__).resolve().parent.parent / "mods" / "risky-space" / "maps" / "lantern_lanes.tmj"


def _crosses(p, q, r, s) -> bool:
    def orient(a, b, c):
        return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
    return orient(p, q, r) * orient(p, q, s) < 0 and orient(r, s, p) * orient(r, s, q) < 0


@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_a_universe_is_planar_connected_and_fair_for_2_to_6_seats(seed, tmp_path):
    universe = U.generate_universe(seed)
    spec = universe.spec
    points = [(r["x"], r["y"]) for r in spec["regions"]]
    links = spec["links"]
    for i, (a, b) in enumerate(links):
        for c, d in links[i + 1:]:
            if len({a, b, c, d}) == 4:
                assert not _crosses(points[a], points[b], points[c], points[d])
    board = make_board(len(points), 1, spec)
    around = [board.neighbours(i) for i in range(board.size)]
    assert len(U.hops_from(0, around)) == board.size
    assert len(spec["clusters"]) == 6 and len(points) == 40
    for seats in range(2, 7):
        homes = universe.homes[seats]
        assert len(set(homes)) == seats
        reach = [U.reach(around, h, 3) for h in homes]
        assert max(reach) <= 1.15 * min(reach)  # each seat's regions within 3 links differ by <= 15%
    path = tmp_path / "u.tmj"
    path.write_text(json.dumps(region_map_document("U", spec)))
    assert load_map(path).topology["links"] == sorted(spec["links"])  # passes RS1.3


def test_the_shipped_map_has_40_named_regions_in_6_clusters():
    data = load_map(MAP)
    board = make_board(data.width, data.height, data.topology)
    assert board.size == 40 and len(board.clusters) == 6
    names = [r.name for r in board.regions]
    assert len(set(names)) == 40
    assert all(c.bonus >= 1 for c in board.clusters)
    assert data.players() == (2, 3, 4, 5, 6)


def _board():
    data = load_map(MAP)
    return make_board(data.width, data.height, data.topology)


def test_same_seed_same_game():
    board = _board()
    a, b = M.state_for_board(board, 3, 7), M.state_for_board(board, 3, 7)
    M.play(a, ["normal", "hard", "random"], 7)
    M.play(b, ["normal", "hard", "random"], 7)
    assert R.snapshot(a) == R.snapshot(b)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_computer_games_end_with_a_winner_for_2_to_6_players(players):
    board = _board()
    kinds = ["hard", "normal", "random", "normal", "hard", "random"][:players]
    state = M.state_for_board(board, players, 11)
    result = M.play(state, kinds, 11, max_rounds=400)
    assert result.winner is not None and state.phase == R.OVER
    assert state.owners.count(result.winner) == board.size - state.owners.count(None)


def test_normal_beats_random_and_hard_beats_normal_on_the_shipped_map():
    """RS9.5 in small (the bench plays 200 games): 10 seeded 2-player games each, seats alternating."""
    board = _board()

    def wins(a: str, b: str, games: int = 10) -> int:
        won = 0
        for seed in range(games):
            kinds = [a, b] if seed % 2 == 0 else [b, a]
            result = M.play(M.state_for_board(board, 2, seed), kinds, seed)
            won += result.winner is not None and kinds[result.winner - 1] == a
        return won

    assert wins("normal", "random") == 10
    assert wins("hard", "normal") >= 6


def test_claiming_blocks_and_bonus_troops_stay_in_their_cluster():
    board = _board()
    state = M.state_for_board(board, 2, 3)
    player = A.Player(1)
    for _ in range(board.size):
        cmd = player.act(state)
        assert isinstance(cmd, R.Claim) and R.submit(state, cmd)[0] == ""
    assert state.phase == R.PLACE
    while state.phase == R.PLACE:
        assert R.submit(state, player.act(state))[0] == ""
    # give seat to act a whole cluster and check the bonus step lands inside it
    cid = board.clusters[0].id
    for t in board.members(cid):
        state.owners[t] = state.seat
    state.general, state.bonus_left = R.reinforcements(state, state.seat)
    state.phase = R.REINFORCE
    cmd = A.HardPlayer(1).act(state)
    assert isinstance(cmd, R.Reinforce) and cmd.territory in board.members(cid)


def test_a_random_player_never_gets_stuck():
    """RS2-RS6: a random player's every command is legal (play_turn would otherwise end its turn for it and
    hide the mistake), each of its turns hands the seat on within play_turn's 500 commands, and every game
    reaches a winner or the 60-round cap in a bounded number of turns."""
    board = _board()
    rng = random.Random(5)
    for seed in range(3):
        state = M.state_for_board(board, 4, seed + rng.randrange(100))
        players = {s: A.PLAYERS["random"](seed * 31 + s) for s in range(1, 5)}
        turns = 0
        while state.phase != R.OVER and state.round <= 60:
            seat = state.seat
            for _ in range(500):
                if state.phase == R.OVER or state.seat != seat:
                    break
                command = players[seat].act(state)
                reason, _ = R.submit(state, command)
                assert not reason, (seed, seat, command, reason)
            else:
                pytest.fail(f"seat {seat} still had the turn after 500 commands (seed {seed})")
            turns += 1
            # the claims (RS2.1), the placement rounds (RS2.3), then at most one turn per seat a round
            assert turns <= board.size + 4 * (R.placement_rounds(state.rules, board.size, 4) + 61)
        assert state.phase == R.OVER or state.round > 60
        if state.phase == R.OVER:
            assert state.winner in range(1, 5)


@pytest.mark.parametrize(("seed", "digest"), [(0, "cd37b7cdd4fdf7d6"), (1, "dbb1ff30196e412b"), (7, "c3f503cd1c62187f")])
def test_rs10_a_seed_names_the_same_universe_in_every_version(seed, digest):
    """RS10: players share a universe by its seed, so a seed's universe (regions, links, outlines, homes) never
    changes unnoticed; if the generator is changed on purpose, update these digests in the same commit."""
    import hashlib

    universe = U.generate_universe(seed)
    drawn = {"spec": universe.spec, "homes": universe.homes}  # the homes too: each seat count's fair homes
    assert hashlib.sha256(json.dumps(drawn, sort_keys=True).encode()).hexdigest()[:16] == digest
