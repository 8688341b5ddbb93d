"""End-game statistics per round and player, for the victory charts (issue 5)."""

from __future__ import annotations

from components.commands import EndTurn, Move, TakeOver
from game.stats import ARMY_UNITS, BATTLES_WON, TERRITORIES, StatsTracker
from game.summary import EventJournal
from tests.builders import at, spawn_army, tiny_game

ROWS = ["pppp", "pppp", "pppp", "pppp"]


def tracked_game():
    game = tiny_game(ROWS, {1: (0, 0), 2: (3, 3)}, resources={"food": 50})
    journal, stats = EventJournal(game), StatsTracker(game)

    def play(command):
        result = game.submit(command)
        assert result.ok, result
        stats.observe(game, journal.record(game, result))
        return result

    return game, stats, play


def test_territories_and_army_units_are_sampled_per_round_and_seat():
    game, stats, play = tracked_game()
    a = spawn_army(game, 1, at(game, 1, 0), ["soldier", "soldier"])
    play(TakeOver(a))
    assert stats.rounds[1][1].territories == 2 and stats.rounds[1][1].army_units == 2
    play(EndTurn())
    play(EndTurn())
    assert game.world.clock.round == 2
    assert stats.rounds[2][1].territories == 2 and stats.rounds[2][2].territories == 1
    charts = {s.key: s for s in stats.series()}
    assert charts[TERRITORIES].rounds == [1, 2]
    assert charts[TERRITORIES].values[1] == [2.0, 2.0]
    assert charts[ARMY_UNITS].values[2] == [0.0, 0.0]


def test_production_per_resource_comes_from_the_resource_stage_events():
    game, stats, play = tracked_game()
    result = play(EndTurn())
    made = next(e for e in result.events if type(e).__name__ == "ResourcesProduced")
    assert stats.rounds[1][2].production["food"] == made.totals["food"]
    keys = [s.key for s in stats.series()]
    assert keys == [TERRITORIES, ARMY_UNITS, "production_food", "production_wood", "production_stone",
                    "production_metal", BATTLES_WON]


def test_battles_won_are_counted_cumulatively_for_the_winner():
    game, stats, play = tracked_game()
    mine = spawn_army(game, 1, at(game, 1, 1), ["defender"] * 4)
    spawn_army(game, 2, at(game, 2, 1), ["soldier"])
    play(Move(mine, (at(game, 2, 1),)))
    assert stats.rounds[1][1].battles_won == 1
    play(EndTurn())
    play(EndTurn())
    assert [v for v in {s.key: s for s in stats.series()}[BATTLES_WON].values[1]] == [1.0, 1.0]


def test_every_chart_has_one_line_per_player_and_the_data_survives_a_round_trip():
    game, stats, play = tracked_game()
    play(EndTurn())
    play(EndTurn())
    for chart in stats.series():
        assert sorted(chart.values) == [1, 2]
        assert all(len(v) == len(chart.rounds) for v in chart.values.values())
    copy = StatsTracker.from_dict(stats.to_dict())
    assert [s.values for s in copy.series()] == [s.values for s in stats.series()]
    assert copy.names == {1: "P1", 2: "P2"}
