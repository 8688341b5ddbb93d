"""bench.combine_balance: one pair's games from several `foc balance --json` chunks, tallied per kind."""

from __future__ import annotations

import pytest

from bench.combine_balance import combine, row


def report(seeds: range, winners: list[int | None], players=("random", "search"), rounds=150) -> dict:
    games = [{"seed": s, "kinds": list(players) if i % 2 == 0 else list(reversed(players)), "winner": w}
             for i, (s, w) in enumerate(zip(seeds, winners, strict=True))]
    return {"config": {"ruleset": "base", "players": list(players), "rounds": rounds}, "games": games,
            "timing": {"seconds": 10.0}}


def test_chunks_tally_each_kinds_wins_by_seat_and_count_draws_and_capped_games_as_no_winner():
    # seats alternate: seed 1 random,search; seed 2 search,random ... winner is a seat (0: draw, None: capped)
    one = report(range(1, 5), [2, 1, 2, None])  # search, search, search, capped
    two = report(range(5, 9), [1, 2, 0, 2])  # random, random, draw, random
    tally = combine([one, two])
    assert tally["games"] == 8 and tally["wins"] == {"random": 3, "search": 3} and tally["no_winner"] == 2
    assert tally["seeds"] == (1, 8) and tally["seconds"] == 20.0
    assert "search 3/8 = 38% [" in row(tally)


def test_other_pairs_round_caps_or_a_seed_twice_are_refused():
    with pytest.raises(ValueError, match="different pairs"):
        combine([report(range(1, 3), [1, 2]), report(range(3, 5), [1, 2], players=("hard", "search"))])
    with pytest.raises(ValueError, match="different pairs or round caps"):
        combine([report(range(1, 3), [1, 2]), report(range(3, 5), [1, 2], rounds=60)])
    with pytest.raises(ValueError, match="seed"):
        combine([report(range(1, 3), [1, 2]), report(range(2, 4), [1, 2])])
