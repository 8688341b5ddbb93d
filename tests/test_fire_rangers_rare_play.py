"""Issue 17's fire, ranger-skills and rare-units mods together: computer-only games play to a victory headless,
use each mod, replay exactly and survive a save."""

from __future__ import annotations

from collections import Counter

from game.replay import load_replay, save_replay, verify
from game.saves import load_game, save_game
from game.simulate import new_modded_game, play_game, resolve_map
from game.snapshot import state_hash

MODS = ["fire", "ranger-skills", "rare-units"]


def played(seed: int = 3, rounds: int = 200):
    game_map = resolve_map("twin_valleys")
    game = new_modded_game(game_map, ["hard", "hard"], seed, MODS)
    return play_game(game.world.rules, game_map, ["hard", "hard"], seed, rounds, game=game)


def test_a_computer_only_game_with_the_three_mods_plays_to_a_victory():
    game, result = played()
    assert result.winner is not None and result.rounds < 200
    commands = Counter(type(c).__name__ for _, _, c in game.history)
    assert commands["VolleyAt"] > 0  # ranger skills in use
    built = Counter(c.unit_type for _, _, c in game.history if type(c).__name__ == "BuildUnit")
    assert built["marshal"] + built["huntmaster"] > 0  # rare units in use
    assert [m.id for m in game.world.rules.mods] == ["base", *MODS]


def test_a_game_with_the_three_mods_replays_exactly_and_plays_on_alike_after_a_save(tmp_path):
    game, _ = played(seed=5, rounds=25)
    replay = load_replay(save_replay(game, tmp_path / "enh.focreplay.json.gz"))
    verdict = verify(replay)
    assert verdict.ok, verdict.message
    assert replay.final_hash == state_hash(game.world)
    loaded = load_game(save_game(game, tmp_path / "enh.foc.json.gz"))
    assert state_hash(loaded.world) == state_hash(game.world)
