"""The victory screen's content is what each ruleset declares, for every installed ruleset (and the test-only
Breakthrough): a game between computer players, its journal and statistics kept as the client keeps them
(game.summary.EventJournal, game.stats.StatsTracker), ends with one chart per declared statistic, a line per seat
in each, and the ruleset's own words for how it was won, with no rule ids in them."""

from __future__ import annotations

import pytest

from game.content import load_app, rulesets
from game.simulate import map_for, play_game
from game.stats import StatsTracker
from game.summary import EventJournal
from game.ui.views.victory import victory_text
from game.ui.wording import RULE_ID
from tests.rulesets import installed

SEEDS = {"base": 2, "monstercrasher": 3, "risky-space": 3, "total-war": 3, "relic-duels": 3, "breakthrough": 3}


@pytest.mark.parametrize("ruleset", [*sorted(rulesets()), "breakthrough"])
def test_every_ruleset_ends_with_its_declared_statistics_and_words(ruleset: str):
    with installed():
        app = load_app(ruleset)
        seed = SEEDS.get(ruleset, 3)
        kinds = ["normal", "normal"]
        journal: list[EventJournal] = []
        stats: list[StatsTracker] = []

        def observe(game, results) -> None:  # noqa: ANN001
            if not journal:
                journal.append(EventJournal(game))
                stats.append(StatsTracker(game))
            for result in results:
                stats[0].observe(game, journal[0].record(game, result))

        game, _ = play_game(app.rules, map_for(None, ruleset, 2, seed), kinds, seed, max_rounds=400, observe=observe)
        if not journal:  # a ruleset whose turns are all simultaneous: sample at the end
            journal.append(EventJournal(game))
            stats.append(StatsTracker(game))
        assert game.over, f"{ruleset}: no end in 400 rounds"
        tracker = stats[0]
        tracker.sample(game)
        declared = [key for key, _, _ in game.app.presentation.statistics]
        charts = [s.key for s in tracker.series()]
        assert charts[:len(declared)] == declared and declared, f"{ruleset}: declares no statistics"
        for chart in tracker.series():
            assert sorted(chart.values) == sorted(game.world.seats)
        title, how = victory_text(game, journal[0])
        assert title and how and not RULE_ID.search(how), (ruleset, how)
