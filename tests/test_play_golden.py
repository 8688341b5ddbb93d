"""Golden games: computer play is unchanged by speed work (same commands, same final state, R10.1).

The hashes were recorded before the path-search speed-ups and still hold after them. A change that is
MEANT to alter play (AI tuning, a rule change) updates them in the same commit and says so.
"""

from __future__ import annotations

import hashlib

import pytest

from game.content import load_ruleset
from game.simulate import play_game, resolve_map
from game.snapshot import state_hash

GOLDEN = {
    ("wide_world", ("normal",) * 4): (
        "4fbb21321cadd4b7922d1e7ca83bddd20447dd02152dcf384cb5c3f509290ab6",
        "593683a62ad4b060aeb7d2522ddbb83ed25473a3ee1c060c3358f45f60cbbeb2",
    ),
    ("twin_valleys", ("normal", "hard")): (
        "934456fd871bbb92417ee5d88072c26cdd21d948417315ed091e585f2b5f724b",
        "58e08b1762c37e92c846027241e44c8699ff9b7c84f8203e640416b17e60b981",
    ),
}


@pytest.mark.parametrize("map_name,kinds", list(GOLDEN))
def test_twelve_rounds_play_exactly_as_recorded(map_name: str, kinds: tuple[str, ...]) -> None:
    game, _ = play_game(load_ruleset(), resolve_map(map_name), list(kinds), seed=1, max_rounds=12)
    commands = hashlib.sha256(repr(game.history).encode()).hexdigest()
    assert (commands, state_hash(game.world)) == GOLDEN[(map_name, kinds)]
