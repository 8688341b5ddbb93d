"""Risky Space on the engine (a ruleset of its own): plays through Game.submit, saves, loads and replays exactly."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.ai import make_controller, run_computer_turn
from game.maps import load_map
from game.replay import load_replay, save_replay, verify
from game.saves import load_game, save_game
from game.setup import PlayerSpec, create_game
from game.snapshot import state_hash
from tests.risky_space import module

R = module("rules")
MAP = Path(__file__).resolve().parent.parent / "mods" / "risky-space" / "maps" / "lantern_lanes.tmj"
RULESET = "risky-space"


def new(players: int = 2, seed: int = 4):
    specs = [PlayerSpec(f"C{s}", True, "normal" if s % 2 else "hard") for s in range(1, players + 1)]
    return create_game(load_map(MAP), specs, seed, ruleset=RULESET)


def play(game, turns: int) -> None:
    for _ in range(turns):
        if game.over:
            break
        run_computer_turn(game, make_controller(game.app and "normal", game.app))


def test_rs2_1_a_new_game_starts_with_no_troops_on_unclaimed_regions_and_the_claim_on_claimed_ones():
    game = new()
    state = module("ecs").load_state(game.world)
    claim = state.rules.setup.claim_troops
    assert state.phase == R.CLAIM and any(o is None for o in state.owners)
    assert all(t == (0 if o is None else claim) for o, t in zip(state.owners, state.troops, strict=True))


def test_a_claim_is_a_tick_and_illegal_commands_are_refused_untouched():
    game = new()
    before = state_hash(game.world)
    result = game.submit(R.Attack(0, 1, 1))
    assert not result.ok and "not during setup" in result.reason
    assert state_hash(game.world) == before
    assert game.world.clock.seat == 1
    assert game.submit(R.Claim(0)).ok
    assert game.world.clock.seat == 2 and game.world.owner_of(0) == 1
    assert not game.submit(R.Claim(0)).ok


@pytest.mark.parametrize("players", [2, 4])
def test_computer_players_finish_a_game_on_the_engine(players):
    game = new(players)
    play(game, 3000)
    assert game.over
    winner = game.world.clock.winner
    assert all(game.world.owner_of(t) in (winner, None) for t in range(game.world.board.size))


def test_save_load_and_replay_give_identical_hashes(tmp_path):
    game = new(3, seed=9)
    play(game, 150)
    loaded = load_game(save_game(game, tmp_path / "rs.foc.json.gz"))
    assert state_hash(loaded.world) == state_hash(game.world)
    assert loaded.world.board.kind == "regions"
    play(loaded, 20)
    play(game, 20)
    assert state_hash(loaded.world) == state_hash(game.world)
    replay = load_replay(save_replay(game, tmp_path / "rs.focreplay.json.gz"))
    assert verify(replay).ok
