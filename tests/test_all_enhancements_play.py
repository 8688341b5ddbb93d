"""Issue 17's six enhancement mods on together (E0-E7): hard computer-only games play to a victory headless
using every mod, replay with equal hashes, and a game saved mid-way plays on exactly like the original."""

from __future__ import annotations

from collections import Counter

from game.ai import run_computer_turn
from game.mapgen import generate_map
from game.replay import load_replay, save_replay, verify
from game.saves import load_game, save_game
from game.simulate import new_modded_game, play_game
from game.snapshot import state_hash

MODS = ["accessories", "castle-works", "siege", "fire", "ranger-skills", "rare-units"]
MAP = generate_map(16, 16, players=2, seed=5, name="enhancements 16x16")
KINDS = ["hard", "hard"]
SEEDS = (1, 3, 4)  # seed 4 stalled for 200 rounds before volleys let the strike forces follow up (game.ai.climbing)


def played(seed: int, rounds: int = 200):
    """A finished (or `rounds`-long) game and what happened in it: commands and events by name, units built."""
    events: Counter[str] = Counter()

    def observe(game, results) -> None:
        for result in results:
            events.update(type(e).__name__ for e in result.events)

    game = new_modded_game(MAP, KINDS, seed, MODS)
    game, result = play_game(game.world.rules, MAP, KINDS, seed, rounds, game=game, observe=observe)
    commands = Counter(type(c).__name__ for _, _, c in game.history)
    built = Counter(getattr(c, "unit_type", None) or getattr(c, "structure_type", None) for _, _, c in game.history)
    return game, result, commands, events, built


def test_hard_computers_with_all_six_mods_play_to_a_victory_using_every_mod():
    commands: Counter[str] = Counter()
    events: Counter[str] = Counter()
    built: Counter[str | None] = Counter()
    for seed in SEEDS:
        game, result, c, e, b = played(seed)
        assert result.winner in (1, 2) and result.rounds < 200, (seed, result)
        assert [m.id for m in game.world.rules.mods] == ["base", *MODS]
        commands, events, built = commands + c, events + e, built + b
    assert commands["Equip"] > 0 and events["VolleyLoosed"] > 0 and events["WallClimbed"] > 0  # E1, E0.4, E0.3
    assert commands["BuildGate"] > 0 and commands["ToggleGate"] > 0  # E2
    assert built["siege_engine"] > 0 and commands["CrewCatapult"] > 0  # E3
    assert events["StructureIgnited"] > 0 and events["FireBurned"] > 0  # E4
    assert built["ranger"] > 0  # E5: rangers (lent climb and volley) in the armies
    assert built["marshal"] + built["huntmaster"] > 0  # E7


def test_a_game_with_all_six_mods_replays_with_equal_hashes(tmp_path):
    game, result, *_ = played(1)
    assert result.winner is not None
    replay = load_replay(save_replay(game, tmp_path / "six.focreplay.json.gz"))
    verdict = verify(replay)
    assert verdict.ok, verdict.message
    assert replay.final_hash == state_hash(game.world)


def test_a_game_with_all_six_mods_saved_mid_game_plays_on_exactly_like_the_uninterrupted_one(tmp_path):
    game, *_ = played(4, rounds=30)
    loaded = load_game(save_game(game, tmp_path / "six.foc.json.gz"))
    assert state_hash(loaded.world) == state_hash(game.world)
    for _ in range(20):
        if game.over:
            break
        run_computer_turn(game)
        run_computer_turn(loaded)
        assert state_hash(loaded.world) == state_hash(game.world)
    assert loaded.history == game.history
