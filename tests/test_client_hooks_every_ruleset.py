"""Shared client code asks a ruleset about the rule sections only some rulesets have (resources, upkeep, structures,
buildable units, upgrades, ammunition, attack costs, type numbers, the forecast) through the hooks its presentation declares (game.client_hooks), and gets the empty
answer where it declares none: for every installed ruleset and the test-only Breakthrough (no screen of its own, no
resources, upkeep or structures: tests/rulesets/breakthrough, BT1-BT4), a game played from the engine's legal
listing keeps a chronicle (journal, statistics, undo), and each seat's turn summary, event log lines, victory charts,
forecast and economy are worked out without an AttributeError."""

from __future__ import annotations

import random

import pytest

from game import client_hooks
from game.legal import legal_commands, seat_to_act
from game.simulate import map_for, new_modded_game
from game.summary import describe
from game.ui.chronicle import Chronicle
from game.ui.info import economy
from tests.every_ruleset import RULESETS
from tests.rulesets import installed

STEPS = 60  # commands played per game: the first rounds of every ruleset (production, upkeep, battles in some)
SOME_SECTIONS = "base"  # the ruleset that answers every hook (R2 resources, R4 upkeep, R6 structures and builds)


@pytest.mark.parametrize("ruleset", [*RULESETS, "breakthrough"])
def test_summary_log_statistics_and_forecast_ask_the_ruleset_and_never_fail(ruleset: str) -> None:
    with installed():
        game = new_modded_game(map_for(None, ruleset, 2, 3), ["random", "random"], 3, ruleset=ruleset)
    chronicle = Chronicle(game)
    rng = random.Random(f"hooks:{ruleset}")
    for _ in range(STEPS):
        if game.over:
            break
        seat = seat_to_act(game)
        listed = legal_commands(game, seat)
        assert listed, f"{ruleset}: nothing listed for seat {seat}"
        result = game.submit(rng.choice(listed), seat=seat)
        assert result.ok
        chronicle.observe(game, result.events)
    world = game.world
    world.activate()
    assert chronicle.journal.entries, f"{ruleset}: the journal saw no events"
    for seat in world.seats:
        summary = chronicle.journal.summary_for(game, seat)
        assert summary.seat == seat
        lines = [describe(entry.event, game, seat) for entry in chronicle.journal.entries]
        assert all(isinstance(line, str) for line in lines)
        outlook = client_hooks.forecast(game, seat)
        held = economy(world, seat)
        if ruleset == SOME_SECTIONS:  # the base game answers: its upkeep forecast and its resources (R2, R4)
            assert outlook is not None and outlook.resource == client_hooks.upkeep_resource(world)
            assert [e.resource for e in held] == list(client_hooks.resource_ids(world))
            unit = client_hooks.buildable_units(world)[0]
            assert client_hooks.type_facts(world, "units", unit).startswith("attack")  # the build button's numbers
        if ruleset == "breakthrough":  # declares none of them: the empty answers (BT1: pawns only)
            assert outlook is None and held == [] and summary.production == {}
            assert client_hooks.structure_types(world) == {} and client_hooks.buildable_units(world) == ()
            assert client_hooks.upgrade_types(world) == {} and client_hooks.ammo(world) == {}
            assert client_hooks.attack_extra(world) == 0 and client_hooks.type_facts(world, "units", "pawn") == ""
    chronicle.stats.sample(game)
    charted = {series.key for series in chronicle.stats.series()}
    assert {key for key, _, _ in world.app.presentation.statistics} <= charted  # the charts the ruleset declares
