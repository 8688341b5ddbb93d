"""Sound effects: loaded lazily from the manifest, volume and mute, silent and safe without audio."""

from __future__ import annotations

import os

os.environ.setdefault("ARCADE_HEADLESS", "1")

from game.ui.sound import SoundBoard, sound_for_events
from systems import events as ev


def test_the_manifest_names_every_effect_the_game_uses():
    board = SoundBoard()
    assert {"select", "move", "battle", "build", "destroy", "victory"} <= set(board.names)
    assert board.errors == []


def test_playing_is_harmless_without_an_audio_device_and_loads_each_file_once():
    board = SoundBoard(volume=0.5)
    for _ in range(3):
        board.play("select")
    assert list(board.played) == ["select"] * 3
    assert list(board._sounds) == ["select"]  # loaded once, on first use


def test_mute_and_zero_volume_play_nothing():
    board = SoundBoard(volume=0.7, muted=True)
    assert board.play("battle") is False
    board.set_volume(0.0, muted=False)
    assert board.play("battle") is False
    assert board._sounds == {}  # nothing was even loaded


def test_a_broken_manifest_or_an_unknown_name_means_silence_not_a_crash(tmp_path):
    bad = tmp_path / "manifest.toml"
    bad.write_text("[sounds\nselect = ", encoding="utf-8")
    board = SoundBoard(manifest=bad)
    assert board.names == [] and board.errors
    assert board.play("select") is False
    (tmp_path / "ok.toml").write_text('[sounds]\nselect = "missing.wav"\n', encoding="utf-8")
    assert SoundBoard(manifest=tmp_path / "ok.toml").play("select") is False


def test_the_most_important_event_of_a_batch_picks_the_sound():
    assert sound_for_events([ev.ArmyMoved(1, 1, (2,), 0), ev.BattleStarted(3, 2, 1, 4, 1, 2)]) == "battle"
    assert sound_for_events([ev.ArmyMoved(1, 1, (2,), 0), ev.GameWon(1, 5)]) == "victory"
    assert sound_for_events([ev.StructureBuilt(1, 2, "wooden_tower", 3, None)]) == "build"
    assert sound_for_events([ev.ArmyDestroyed(1, 2, 1)]) == "destroy"
    assert sound_for_events([ev.TurnEnded(1, 1)]) is None


def test_a_long_game_keeps_only_a_few_media_players():
    """Watch mode plays thousands of effects: finished players are deleted (memory stays flat)."""
    from pyglet import media

    from game.ui.sound import MAX_PLAYERS

    before = len(media.Source._players)  # other tests' boards may still hold a few
    board = SoundBoard(volume=0.5)
    for _ in range(50):
        board.play("battle")
    assert len(board._players) <= MAX_PLAYERS and len(board.played) <= 64
    assert len(media.Source._players) <= before + MAX_PLAYERS  # nobody else keeps them alive


def test_a_released_media_player_is_freed_at_once_not_at_a_full_collection():
    """A deleted player's end-of-stream handler (arcade's, which holds the player) is dropped with it, so nothing
    of it waits in a reference cycle for the collector's rare full pass (watch mode plays hundreds a round)."""
    import gc
    import weakref

    from game.ui.sound import MAX_PLAYERS

    board = SoundBoard(volume=0.5)
    gc.collect()
    gc.disable()
    try:
        board.play("battle")
        first = weakref.ref(board._players[0][0])
        for _ in range(MAX_PLAYERS):  # the oldest is released when the board is full
            board.play("battle")
        assert first() is None
    finally:
        gc.enable()


def test_a_games_mods_own_effects_join_the_board_and_load_on_first_use():
    from pathlib import Path

    wav = Path(__file__).resolve().parents[2] / "mods" / "fire" / "sounds" / "ignite.wav"
    board = SoundBoard(volume=0.5)
    board.add_files({"fire/ignite": wav})
    assert "fire/ignite" in board.names and "fire/ignite" not in board._sounds
    assert board.play("fire/ignite") is True and board._sounds["fire/ignite"] is not None
    assert sound_for_events([ev.TurnEnded(1, 1)], {"TurnEnded": "fire/ignite"}) == "fire/ignite"
