"""Turn summaries and the event journal: what a seat missed since its last turn, in plain words (issue 5)."""

from __future__ import annotations

from components.commands import EndTurn, Move, TakeOver
from game.summary import EventJournal, describe, event_territory, log_lines, summarize
from systems import events as ev
from systems import queries as q
from tests.builders import at, spawn_army, tiny_game

ROWS = ["pppp", "pppp", "pppp", "pppp"]
BARREN = ["bppp", "pppp", "pppp", "pppp"]


def play(game, journal, command):
    result = game.submit(command)
    assert result.ok, result
    journal.record(game, result)
    return result


def test_the_journal_tags_each_event_with_round_seat_and_stage():
    game = tiny_game(ROWS, {1: (0, 0), 2: (3, 3)})
    journal = EventJournal(game)
    play(game, journal, EndTurn())
    stages = [(e.round, e.seat, e.stage) for e in journal.entries if isinstance(e.event, ev.StageStarted)]
    assert stages == [(1, 1, "rogue"), (1, 2, "resource"), (1, 2, "upkeep"), (1, 2, "main")]
    produced = next(e for e in journal.entries if isinstance(e.event, ev.ResourcesProduced))
    assert (produced.round, produced.seat, produced.stage) == (1, 2, "resource")


def test_since_last_turn_starts_at_the_seats_own_rogue_stage_and_covers_the_other_turns():
    game = tiny_game(ROWS, {1: (0, 0), 2: (3, 3)})
    journal = EventJournal(game)
    play(game, journal, EndTurn())  # seat 1 ends; seat 2 plays
    play(game, journal, EndTurn())  # seat 2 ends; round 2, seat 1
    missed = journal.since_last_turn(1)
    assert isinstance(missed[0].event, ev.StageStarted) and missed[0].event.stage == "rogue"
    assert {e.seat for e in missed} == {1, 2}
    assert any(isinstance(e.event, ev.ResourcesProduced) and e.event.seat == 1 for e in missed)
    assert all(e.round == 2 for e in journal.this_round())


def test_r4_4_the_summary_lists_an_army_that_went_rogue_with_its_probability_and_roll():
    # a barren base produces nothing and soldiers paid nothing go rogue with P = 100% (R4.4)
    game = tiny_game(BARREN, {1: (0, 0), 2: (3, 3)}, resources={"food": 0})
    journal = EventJournal(game)
    army = spawn_army(game, 1, at(game, 1, 0), ["soldier", "soldier", "soldier"])
    play(game, journal, EndTurn())
    play(game, journal, EndTurn())
    summary = journal.summary_for(game, 1)
    rogue = summary.of_kind("went_rogue")
    assert len(rogue) == 1
    line = rogue[0]
    assert line.chance == 100.0 and line.roll is not None and line.entity == army
    assert "WENT ROGUE" in line.text and "chance 100%" in line.text and "rolled" in line.text
    assert line.territory == at(game, 1, 0) and line.tone == "bad"
    assert summary.upkeep_owed == 3 and summary.upkeep_paid == 0
    assert any("paid only 0 of 3 food" in line.text for line in summary.of_kind("upkeep"))


def test_r4_3_an_unpaid_army_that_stayed_loyal_is_listed_as_unable_to_act():
    game = tiny_game(BARREN, {1: (0, 0), 2: (3, 3)}, resources={"food": 0})
    journal = EventJournal(game)
    # 2 soldiers + 2 rangers paid nothing: P = (100/4) x 1 x (4 - 3x2) < 0 -> 0%: never rogue (R4.4)
    spawn_army(game, 1, at(game, 1, 0), ["soldier", "soldier", "ranger", "ranger"])
    play(game, journal, EndTurn())
    play(game, journal, EndTurn())
    line = journal.summary_for(game, 1).of_kind("unpaid")[0]
    assert "cannot act this turn" in line.text and "rogue chance 0%" in line.text and line.chance == 0.0


def test_production_is_summed_per_resource_and_points_at_the_best_territory():
    game = tiny_game(ROWS, {1: (0, 0), 2: (3, 3)})
    journal = EventJournal(game)
    play(game, journal, EndTurn())
    play(game, journal, EndTurn())
    summary = journal.summary_for(game, 1)
    made = next(e.event for e in journal.since_last_turn(1)
                if isinstance(e.event, ev.ResourcesProduced) and e.event.seat == 1)
    assert summary.production["food"] == made.totals["food"] > 0
    food = summary.of_kind("production")[0]
    assert food.text.startswith(f"Food +{made.totals['food']} from 1 territory")
    assert food.territory == at(game, 0, 0)


def test_battles_and_lost_territory_in_the_other_players_turn_are_listed_from_the_victims_view():
    game = tiny_game(ROWS, {1: (0, 0), 2: (3, 3)}, resources={"food": 50})
    journal = EventJournal(game)
    spawn_army(game, 1, at(game, 2, 2), ["soldier"])
    game.world.set_owner(at(game, 0, 2), 1)
    theirs = spawn_army(game, 2, at(game, 3, 2), ["defender", "defender", "defender"])
    raider = spawn_army(game, 2, at(game, 0, 3), ["soldier"])
    play(game, journal, EndTurn())
    play(game, journal, Move(theirs, (at(game, 2, 2),)))  # seat 2 attacks seat 1's army
    play(game, journal, Move(raider, (at(game, 0, 2),)))
    play(game, journal, TakeOver(raider))
    play(game, journal, EndTurn())
    summary = journal.summary_for(game, 1)
    battle = summary.of_kind("battle")[0]
    assert battle.territory == at(game, 2, 2)
    assert "P2 attacked you" in battle.text and "round" in battle.text
    lost = summary.of_kind("territory_lost")
    assert [line.territory for line in lost] == [at(game, 0, 2)]
    assert lost[0].text == "P2 took the plain 2 south of your base from you"


def test_synthetic_rogue_sightings_and_lost_structures_become_lines():
    game = tiny_game(ROWS, {1: (0, 0), 2: (3, 3)})
    journal = EventJournal(game)
    journal.record_events(game, [
        ev.RogueAppeared(2, 99, at(game, 2, 1), ("soldier", "ranger")),
        ev.StructureDestroyed(98, "wooden_tower", at(game, 0, 1), None, 1),
        ev.TerritoryTakenOver(at(game, 1, 0), 97, 1, 2),
        ev.ArmyWentRogue(2, 96, at(game, 3, 2), 40.0, 12.5),
    ])
    summary = summarize(game.world, journal.entries, 1, journal)
    kinds = [line.kind for line in summary.lines]
    assert kinds == ["rogue_sighting", "structure_lost", "territory_lost", "rogue_sighting"]
    assert "soldier, ranger" in summary.lines[0].text
    assert summary.lines[3].text == "P2's army at the plain 2 south, 3 east of your base went rogue (chance 40%, rolled 12.5)"


def test_describe_words_every_event_of_a_played_round_and_the_log_can_jump_to_them():
    game = tiny_game(ROWS, {1: (0, 0), 2: (3, 3)})
    journal = EventJournal(game)
    army = spawn_army(game, 1, at(game, 1, 0), ["soldier"])
    play(game, journal, Move(army, (at(game, 1, 1),)))
    play(game, journal, TakeOver(army))
    moved = journal.entries[0].event
    # places in words relative to the reader's base, never raw coordinates (the map shows none)
    assert describe(moved, game, you=1) == "Your army moved 1 step to the plain 1 south, 1 east of your base"
    assert describe(journal.entries[1].event, game, you=1) == "You took over the plain 1 south, 1 east of your base"
    assert describe(journal.entries[1].event, game, you=2) == "P1 took over the plain 2 north, 2 west of your base"
    assert describe(journal.entries[1].event, game) == "P1 took over the plain in the north-west"
    assert event_territory(moved) == at(game, 1, 1)
    lines = log_lines(journal, game, 1)
    assert [t for _, t in lines] == [at(game, 1, 1), at(game, 1, 1)]


def test_describe_never_fails_on_any_event_type():
    game = tiny_game(ROWS, {1: (0, 0), 2: (3, 3)})
    samples = [
        ev.BaseChosen(1, 0), ev.TurnStarted(1, 1), ev.ResourcesProduced(1, {"food": 2}),
        ev.UpkeepPaid(1, "food", 3, 2), ev.ArmiesCombined(1, 2, (3,)), ev.ArmySplit(1, 2, (3,)),
        ev.BattleStarted(5, 1, 2, 3, 1, None), ev.BattleRoundFought(5, 1, 1, (), ()),
        ev.BattleEnded(5, 1, 1, 2, None, 2), ev.BattleEnded(5, 1, None, None, None, 1),
        ev.UnitsDestroyed(1, (4,)), ev.ArmyDestroyed(2, 1, None), ev.UnitBuilt(1, 4, "soldier", 2, 0),
        ev.StructureBuilt(1, 6, "wooden_tower", 0, None), ev.StructureUpgraded(1, 6, "defense_upgrade"),
        ev.StructureRepaired(1, 6, 3), ev.StructureAttacked(6, 0, 2, (), ()),
        ev.StructureCaptured(6, 1, 2), ev.UnitStationed(4, 6), ev.UnitUnstationed(4, 6, 7, 0),
        ev.StationedFired(6, 2, 1, (), ()), ev.CatapultCrewed(8, 2, 4),
        ev.CatapultFired(8, 0, 1, "stone", 2, 5, 2, None, True), ev.TerritoryDisrupted(1, 2, 4),
        ev.RogueDisbanded(2, 1), ev.PlayerDefeated(2, 1, 15), ev.GameWon(1, 9), ev.TurnEnded(1, 1),
    ]
    for event in samples:
        text = describe(event, game, 1)
        assert text and (text[0].isupper() or text[0].isdigit()), (event, text)
    assert q.player(game.world, 1).name == "P1"


def test_a_plugin_event_words_itself_in_the_event_log():
    """Mods' events (ships, medics) carry `log_text`; the log uses it instead of the class name."""
    from dataclasses import dataclass

    from game.summary import describe
    from systems.events import Event
    from tests.builders import tiny_game

    @dataclass(frozen=True, slots=True)
    class BannerRaised(Event):
        territory: int

        def log_text(self, place):
            return f"A banner was raised at {place(self.territory)}"

    game = tiny_game(["pp", "pp"], {1: (0, 0), 2: (1, 1)})
    assert describe(BannerRaised(3), game).startswith("A banner was raised at ")
