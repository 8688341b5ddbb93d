"""What a long game keeps in memory per turn stays small: the journal's entries are slotted and each
ResourcesProduced event (R3.2, R2.2) points at shared outcome records instead of fresh copies."""

from __future__ import annotations

from game.summary import EventJournal
from systems.events import ResourcesProduced
from systems.production import produce_resources
from tests.builders import tiny_game


def _produce(game):
    game.world.activate()
    game.world.clock.seat = 1
    game.world.events = []
    produce_resources(game.world)
    return next(e for e in game.world.events if isinstance(e, ResourcesProduced))


def test_r2_2_production_events_share_their_outcome_records_across_turns():
    game = tiny_game(["pppp", "pppp"], {1: (0, 0), 2: (3, 1)})
    for t in range(4):
        game.world.set_owner(t, 1)
    seen: dict[tuple[tuple[str, int], ...], int] = {}
    for _ in range(50):
        for _territory, made in _produce(game).by_territory:
            key = tuple(sorted(made.items()))
            assert seen.setdefault(key, id(made)) == id(made)  # the same outcome is the same object every turn


def test_journal_entries_have_no_per_entry_dict_and_the_log_still_covers_the_whole_game():
    game = tiny_game(["pppp", "pppp"], {1: (0, 0), 2: (3, 1)})
    journal = EventJournal(game)
    for _ in range(30):
        journal.record_events(game, [_produce(game)])
    assert len(journal.entries) == 30 and [e.index for e in journal.entries] == list(range(30))
    assert not hasattr(journal.entries[0], "__dict__")


def test_old_production_detail_is_trimmed_but_its_log_line_and_territory_stay():
    from game.summary import COMPACT_AFTER_ROUNDS, describe, event_territory
    from systems.events import TurnStarted

    game = tiny_game(["pppp", "pppp"], {1: (0, 0), 2: (3, 1)})
    for t in range(4):
        game.world.set_owner(t, 1)
    journal = EventJournal(game)
    before = []
    for round_ in range(1, 8):
        event = _produce(game)
        before.append((describe(event, game, 1), event_territory(event)))
        journal.record_events(game, [TurnStarted(1, round_), event])
    produced = [e for e in journal.entries if isinstance(e.event, ResourcesProduced)]
    assert [(describe(e.event, game, 1), event_territory(e.event)) for e in produced] == before
    old = [e for e in produced if e.round < 7 - COMPACT_AFTER_ROUNDS]
    recent = [e for e in produced if e.round >= 7 - COMPACT_AFTER_ROUNDS]
    assert old and all(len(e.event.by_territory) == 1 for e in old)
    assert recent and all(len(e.event.by_territory) == 4 for e in recent)  # summaries still read all of it
