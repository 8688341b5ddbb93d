"""The upkeep forecast (R4.2-R4.4): next turn's shortfall, who goes unpaid, and the rogue chance (issue 5)."""

from __future__ import annotations

from components.commands import BuildUnit, EndTurn
from game.forecast import next_upkeep_round, upkeep_forecast
from game.snapshot import state_hash
from systems import events as ev
from tests.builders import at, spawn_army, tiny_game

ROWS = ["pppp", "pppp", "pppp", "pppp"]
BARREN = ["bppp", "pppp", "pppp", "pppp"]


def test_enough_food_means_a_safe_forecast():
    game = tiny_game(ROWS, {1: (0, 0), 2: (3, 3)}, resources={"food": 20})
    spawn_army(game, 1, at(game, 1, 0), ["soldier", "soldier"])
    forecast = upkeep_forecast(game, 1)
    assert forecast.safe and forecast.owed == 2 and forecast.food_now == 20
    assert (forecast.production_min, forecast.production_max) == (1, 4)  # one plain: 1-4 food (R2.2)
    assert forecast.lines()[-1] == "Every army will be paid."


def test_r4_4_a_shortfall_names_the_unpaid_army_and_its_rogue_chance():
    game = tiny_game(BARREN, {1: (0, 0), 2: (3, 3)}, resources={"food": 0})
    far = spawn_army(game, 1, at(game, 3, 0), ["soldier"] * 8 + ["ranger"] * 2)
    forecast = upkeep_forecast(game, 1)
    assert not forecast.safe and not forecast.expected.covered
    (group,) = forecast.worst.unpaid
    assert group.entity == far and group.owed == 8 and group.paid == 0
    assert group.rogue_chance == 40.0  # R4.4's check: 8 soldiers and 2 rangers paid nothing -> 40%
    text = "\n".join(forecast.lines(lambda t: f"({t % 4}, {t // 4})"))
    assert "army of 10 at (3, 0): paid 0 of 8, 40% rogue chance" in text


def test_the_forecast_agrees_with_what_the_upkeep_stage_then_does():
    game = tiny_game(BARREN, {1: (0, 0), 2: (3, 3)}, resources={"food": 3})
    near = spawn_army(game, 1, at(game, 1, 0), ["soldier", "soldier"])
    far = spawn_army(game, 1, at(game, 3, 0), ["defender", "defender"])
    forecast = upkeep_forecast(game, 1)
    assert [(g.entity, g.paid, g.owed) for g in forecast.worst.unpaid] == [(far, 1, 4)]
    game.submit(EndTurn())
    result = game.submit(EndTurn())
    paid = next(e for e in result.events if isinstance(e, ev.UpkeepPaid) and e.seat == 1)
    actual = {g.entity: (g.paid, g.owed, g.rogue_chance) for g in paid.groups}
    assert actual[near] == (2, 2, 0.0)
    assert actual[far] == (1, 4, forecast.worst.unpaid[0].rogue_chance)


def test_r4_1_a_unit_built_this_turn_is_free_now_but_owed_next_turn():
    game = tiny_game(BARREN, {1: (0, 0), 2: (3, 3)}, resources={"food": 10})
    assert game.submit(BuildUnit("soldier")).ok
    forecast = upkeep_forecast(game, 1)
    assert forecast.owed == 1 and forecast.food_now == 0 and not forecast.safe


def test_asking_for_a_forecast_changes_nothing():
    game = tiny_game(ROWS, {1: (0, 0), 2: (3, 3)}, resources={"food": 1})
    spawn_army(game, 1, at(game, 2, 0), ["defender"] * 3)
    before = state_hash(game.world)
    upkeep_forecast(game, 1)
    upkeep_forecast(game, 2)
    assert state_hash(game.world) == before


def test_the_next_upkeep_is_this_round_for_a_later_seat_and_next_round_for_the_current_one():
    game = tiny_game(ROWS, {1: (0, 0), 2: (3, 3)})
    assert next_upkeep_round(game.world, 1) == 2
    assert next_upkeep_round(game.world, 2) == 1


def test_r2_3_territories_under_a_rogue_army_are_not_counted_as_producing():
    game = tiny_game(ROWS, {1: (0, 0), 2: (3, 3)}, resources={"food": 0})
    game.world.set_owner(at(game, 1, 0), 1)
    assert upkeep_forecast(game, 1).production_min == 2
    spawn_army(game, None, at(game, 1, 0), ["soldier"])
    assert upkeep_forecast(game, 1).production_min == 1


def test_the_food_outlook_gives_the_forecasts_numbers_with_armies_and_stationed_units():
    """R4.1/R4.2: `food_outlook` (what computer players ask before each unit) sums the upkeep without building
    the groups; it must give the forecast's expected production and owed upkeep at every point of a game."""
    from game.content import load_ruleset
    from game.forecast import food_outlook
    from game.simulate import play_game, resolve_map

    rules, checked = load_ruleset(), 0
    for rounds in (3, 12, 25):
        game, _ = play_game(rules, resolve_map("twin_valleys"), ["normal", "hard"], seed=2, max_rounds=rounds)
        for seat in game.world.alive_seats():
            forecast = upkeep_forecast(game, seat)
            assert food_outlook(game, seat) == (forecast.production_expected, forecast.owed)
            checked += forecast.owed > 0
    assert checked  # some upkeep was owed on the way
