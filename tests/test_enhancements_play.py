"""Computer-only games with the enhancement mods accessories, castle-works and siege on (E0-E3): they play to a
victory headless, using each mod; a save mid-game plays on exactly like the original, and the game replays."""

from __future__ import annotations

from collections import Counter

from game.ai import run_computer_turn
from game.mapgen import generate_map
from game.replay import load_replay, save_replay, verify
from game.saves import load_game, save_game
from game.simulate import new_modded_game, play_game
from game.snapshot import state_hash

MODS = ["accessories", "castle-works", "siege"]
MAP = generate_map(16, 16, players=2, seed=5, name="enhancements 16x16")
KINDS = ["hard", "hard"]


def test_a_computer_only_game_with_the_three_mods_plays_to_a_victory_using_them(tmp_path):
    game = new_modded_game(MAP, KINDS, 2, MODS)
    game, result = play_game(game.world.rules, MAP, KINDS, 2, 200, game=game)
    assert result.winner in (1, 2), result
    used = Counter(type(c).__name__ for _, _, c in game.history)
    assert used["Equip"] > 0 and used["VolleyAt"] > 0 and used["ClimbWall"] > 0  # E1, E0.4, E0.3
    assert used["BuildGate"] > 0 and used["ToggleGate"] > 0  # E2
    built = {c.structure_type for _, _, c in game.history if type(c).__name__ == "BuildStructure"}
    assert "siege_engine" in built and used["CrewCatapult"] > 0  # E3
    path = save_replay(game, tmp_path / "enhancements.focreplay.json.gz")
    replay = load_replay(path)
    verdict = verify(replay)
    assert verdict.ok, verdict.message
    assert replay.final_hash == state_hash(game.world)


def test_a_game_with_the_three_mods_saved_mid_game_plays_on_exactly_like_the_uninterrupted_one(tmp_path):
    game = new_modded_game(MAP, KINDS, 2, MODS)
    game, _ = play_game(game.world.rules, MAP, KINDS, 2, 40, game=game)
    loaded = load_game(save_game(game, tmp_path / "mid.foc.json.gz"))
    assert state_hash(loaded.world) == state_hash(game.world)
    for _ in range(16):
        if game.over:
            break
        run_computer_turn(game)
        run_computer_turn(loaded)
        assert state_hash(loaded.world) == state_hash(game.world)
    assert loaded.history == game.history
