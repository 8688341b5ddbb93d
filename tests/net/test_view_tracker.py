"""The server's ViewTracker turns into data only what changed since the last batch (component classes whose
entities and plain values are unchanged are passed over): after every batch its copy of the game equals a
fresh `entity_table`, and each viewer's view equals the engine's filter of it (`game.views.filter_entities`:
another seat's orders hidden, TW4.2), whatever the computers did (units built, moved, killed; stockpiles,
lists and dicts changed in place)."""

from __future__ import annotations

import pytest

from game.net.hosted import create
from game.snapshot import entity_table
from game.views import filter_entities

COMPUTERS = [{"kind": "computer", "difficulty": "normal", "name": ""}] * 2


@pytest.mark.parametrize(("ruleset", "map_name", "batches"), [("base", "random:12x12:3", 60),
                                                              ("total-war", "default", 40)])
def test_the_tracked_views_equal_a_fresh_filter_after_every_batch(ruleset, map_name, batches):
    hosted = create("g", "", map_name, COMPUTERS, [], "live", None, 7, ruleset=ruleset)
    tracker = hosted.tracker
    assert tracker is not None
    changed_entities = 0
    for _ in range(batches):
        records, _ = hosted.play_computer()
        if not records:
            break
        change = records[-1]["change"]
        changed_entities += len(change[None]["changed"]) + len(change[None]["removed"])
        table = {str(e): data for e, data in entity_table(hosted.game.world).items()}
        assert tracker.full == table
        for viewer in (None, 1, 2):
            assert tracker.shown[viewer] == filter_entities(hosted.game, table, viewer)
    assert changed_entities > 0  # the game moved: the check compared changes, not one still picture
