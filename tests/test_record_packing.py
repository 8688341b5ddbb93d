"""The game's record (event journal, command history) packs its old rounds: the same record as plain lists, the
same saves and replays, the same log, and far less memory retained over a long game (issue 15, item 17)."""

from __future__ import annotations

import gc
import tracemalloc
from datetime import UTC, datetime

import pytest

from game import saves
from game.content import load_ruleset
from game.packed_log import PackedLog
from game.replay import replay_data
from game.simulate import new_computer_game, play_game, resolve_map
from game.snapshot import state_hash
from game.summary import COMPACT_AFTER_ROUNDS, describe, event_territory
from game.ui.chronicle import Chronicle

ROUNDS = 60


def _watched(rounds: int = ROUNDS, read_like_the_log: bool = True):
    """Four computers on wide_world with the client's Chronicle fed as in watch mode; every round the record is
    read as the log panel and the summaries read it (new entries, since each seat's last turn, this round)."""
    game = new_computer_game(load_ruleset(), resolve_map("wide_world"), ["normal"] * 4, 3)
    chronicle = Chronicle(game)
    seen: list[tuple[int, list, list]] = []
    done = [0]

    def observe(g, results):
        for result in results:
            if result.ok:
                chronicle.observe(g, result.events)

    def on_round(g):
        if not read_like_the_log:
            return
        journal = chronicle.journal
        fresh = journal.entries[done[0]:]
        done[0] = len(journal.entries)
        seen.append((g.world.clock.round, fresh, [journal.since_last_turn(s) for s in g.world.seats]
                     + [journal.this_round()]))

    play_game(game.world.rules, None, ["normal"] * 4, 3, max_rounds=rounds, game=game, on_round=on_round,
              observe=observe)
    return game, chronicle, seen


def _packed_and_plain():
    packed = _watched()
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(PackedLog, "close_block", lambda self: None)  # nothing ever packed: plain lists, as before
        plain = _watched()
    return packed, plain


def test_a_long_game_keeps_the_same_record_saves_and_replays_as_plain_lists(monkeypatch, tmp_path):
    (game, chronicle, seen), (game2, chronicle2, seen2) = _packed_and_plain()
    journal, history = chronicle.journal.entries, game.history
    assert history.packed_items > len(history) - 200 and journal.packed_items > len(journal) - 1000  # packed
    assert journal[journal.packed_items].round >= game.world.clock.round - COMPACT_AFTER_ROUNDS
    assert state_hash(game.world) == state_hash(game2.world)
    assert history == game2.history and list(history) == list(game2.history) and repr(history) == repr(game2.history)
    assert journal == chronicle2.journal.entries and [e.index for e in journal] == list(range(len(journal)))
    assert seen == seen2  # what the log and the summaries read each round
    for round_ in (1, 7, ROUNDS // 2, ROUNDS):  # an old round read back, as the log's scrolling does
        assert chronicle.journal.this_round(round_) == chronicle2.journal.this_round(round_)
    assert chronicle.journal.this_round(7) and all(e.round == 7 for e in chronicle.journal.this_round(7))
    game.world.activate()
    assert ([(describe(e.event, game, 1), event_territory(e.event)) for e in journal]
            == [(describe(e.event, game, 1), event_territory(e.event)) for e in chronicle2.journal.entries])

    # saves and replays: byte for byte what the plain list of before gives
    class Fixed(datetime):
        @classmethod
        def now(cls, tz=None):
            return datetime(2026, 1, 2, 3, 4, 5, tzinfo=UTC)

    monkeypatch.setattr(saves, "datetime", Fixed)
    packed_save = saves.encode(saves.save_data(game))
    packed_replay = saves.encode(replay_data(game))
    game.history = list(history)  # type: ignore[assignment]  # the plain list of before
    assert saves.encode(saves.save_data(game)) == packed_save
    assert saves.encode(replay_data(game)) == packed_replay
    game.history = history

    # a loaded game packs its history by round again
    loaded = saves.load_game(saves.save_game(game, tmp_path / "long.foc.json.gz"))
    assert isinstance(loaded.history, PackedLog) and loaded.history == history
    assert loaded.history.packed_items == len([c for c in history if c[0] < history[-1][0]])

    # taking back commands: the current turn's (plain), or deep into packed rounds (unpacked as needed)
    before = list(history)
    del history[len(before) - 3:]
    assert history == before[:-3] and history.packed_items == loaded.history.packed_items
    del history[5:]
    assert history == before[:5]


def _retained_by_the_record(rounds: int) -> float:
    """KiB that dropping the journal's entries and the command history gives back after `rounds` rounds."""
    gc.collect()
    tracemalloc.start()
    try:
        game, chronicle, _ = _watched(rounds, read_like_the_log=False)
        gc.collect()
        with_record = tracemalloc.get_traced_memory()[0]
        chronicle.journal.entries = type(chronicle.journal.entries)()
        game.history = type(game.history)()
        gc.collect()
        return (with_record - tracemalloc.get_traced_memory()[0]) / 1024
    finally:
        tracemalloc.stop()


def test_the_record_of_a_long_game_stays_small_in_memory():
    """Plain lists held ~1.5 MB after 60 rounds of four computers on wide_world (~25 KiB a round, growing with
    the game); packed, the old rounds take a few KiB each. The bound is generous (a third of before)."""
    retained = _retained_by_the_record(ROUNDS)
    assert retained < 500, f"the record retains {retained:.0f} KiB after {ROUNDS} rounds"
