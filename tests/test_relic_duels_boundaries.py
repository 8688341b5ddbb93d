"""Relic Duels' rules at their boundaries (shared/rulesets/relic-duels.md): the roster's checks, the table set
once, the spotting bonus, the answers offered, the characters counted per side; each found loose by mutation
testing (docs/testing.md)."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from components.seats import Answer
from tests.relic_support import Dice, chars, end_moves, hex_at, new, place, plugin, prompt, remove, rules, sub
from tests.relic_support import quest as quest_of

P = sub("play")


@pytest.mark.parametrize("side", ["company", "dominion", "neutral"])
def test_du1_3_a_roster_without_a_character_of_a_side_is_refused_naming_it(side):
    raw = rules().model_dump(by_alias=True)
    raw["units"] = {key: unit for key, unit in raw["units"].items() if unit["side"] != side}
    with pytest.raises(ValidationError, match=f"no character of side '{side}'"):
        type(rules()).model_validate(raw)


def test_du1_3_the_table_is_set_once_when_the_last_seat_sits_not_for_the_first():
    """DU1.3: the new_seat hook sets every character out once both seats sit (seat 2's call); seat 1's sets none.
    The roster's 12 less the guardian (only with its option, DU9.2): 11."""
    import esper

    Character = sub("components").Character

    def on_table(game) -> int:
        game.world.activate()
        return len(esper.get_component(Character))  # entities, not keys: a second table would double them

    game = new()
    assert on_table(game) == 11
    P.set_table(game.world, 1, game.world.players[1])
    assert on_table(game) == 11


def test_du4_1_without_a_wraith_in_the_hex_there_is_no_spotting_bonus():
    """DU4.1: Pell meets Grisk (no Wraith) on (0,3), spot target 3: bonus 0, so a 3 spots and a 2 does not."""
    game = new()
    remove(game, "lurker")
    place(game, hex_at(0, 3), "pell", "hobb")
    place(game, hex_at(0, 3), "grisk")
    game.world.rng = Dice(3, 2, then_random=True)
    game.submit(sub("commands").EndMoves())
    result = game.submit(sub("commands").EndMoves())
    spots = [e for e in result.events if type(e).__name__ == "SpotRolled"]
    assert [(e.character, e.die, e.bonus, e.target, e.spotted) for e in spots] == [
        ("pell", 3, 0, 3, True), ("hobb", 2, 0, 3, False)]


def pell_and_hobb_meet_grisk():  # noqa: ANN201
    """DU12.4's scene: Pell (2 wounds) and Hobb with Grisk on one hex, the lurker gone, the moves ended; the dice
    6, 1, 1, 6 are next."""
    game = new()
    remove(game, "lurker")
    place(game, hex_at(0, 3), "pell", wounds=2)
    place(game, hex_at(0, 3), "hobb", "grisk")
    game.world.rng = Dice(6, 1, 1, 6)
    end_moves(game)
    return game


def test_du4_2_du5_1_a_seat_asked_is_offered_every_answer_until_it_gives_one():
    """DU4.2: the attack declaration is asked of the Company alone: hold or attack, nothing for the Dominion.
    DU5.1: a duel round asks both seats at once; a seat that answered is offered nothing more, the other still is."""
    legal = sub("legal")
    game = pell_and_hobb_meet_grisk()
    entity, _ = prompt(game)
    assert legal.legal_commands(game, 1) == [Answer(entity, "hold"), Answer(entity, "attack")]
    assert legal.legal_commands(game, 2) == []
    assert game.submit(Answer(entity, "hold"), seat=1).ok
    entity, asked = prompt(game)
    assert asked.seats == [1, 2]
    for seat in (1, 2):
        offered = legal.legal_commands(game, seat)
        assert offered and all(c.prompt == entity and c.answer in asked.answers for c in offered)
    assert game.submit(legal.legal_commands(game, 1)[0], seat=1).ok
    assert legal.legal_commands(game, 1) == []
    assert legal.legal_commands(game, 2)


def test_the_victory_chart_counts_each_sides_characters_on_the_land():
    """The victory screen's "Characters standing" (DU1.1: seat 1 the Company, seat 2 the Dominion): the Company's
    five start on the land; a character off the land (hex -1) is not counted."""
    game = new()
    standing = plugin()._standing
    dominion = sum(1 for c in chars(game).values() if c.side == "dominion" and c.hex >= 0)
    assert standing(game.world, 1) == 5
    assert standing(game.world, 2) == dominion
    chars(game)["pell"].hex = -1
    assert standing(game.world, 1) == 4
    assert standing(game.world, 3) == 0


def test_du9_1_the_seize_combat_is_queued_only_where_the_lurker_stands_with_the_bearer():
    """DU9.1 (seize_relic on): the Lurker seizes in the bearer's hex; elsewhere on the land it starts no combat."""
    game = new(seize_relic=True)
    place(game, hex_at(0, 3), "pell")
    P._queue_combats(game.world)
    assert all(kind != "seize" for kind, _ in quest_of(game).combats)
    place(game, hex_at(0, 3), "lurker")
    P._queue_combats(game.world)
    assert quest_of(game).combats[0] == ["seize", hex_at(0, 3)]


def test_du5_the_first_round_of_a_combat_is_round_1():
    """DU5/DU6: DU12.4's round (Pell against Grisk) is reported as round 1 of its combat."""
    from tests.relic_support import answer

    game = pell_and_hobb_meet_grisk()
    assert answer(game, 1, "hold").ok
    assert answer(game, 1, "continue:pell").ok
    result = answer(game, 2, "continue:grisk")
    fought = next(e for e in result.events if type(e).__name__ == "RoundFought")
    assert fought.round == 1


def test_du5_1_a_bare_continue_keeps_the_fighter_or_takes_the_first_participant_in_roster_order():
    """DU5.1: "continue" with no fighter named keeps the side's fighter; with none kept, the first participant in
    roster order fights (Hobb before Pell; Grisk for the Dominion, and for a side not asked, DU9)."""
    from components.seats import Prompt

    Duel = sub("components").Duel
    game = new()
    asked = Prompt("relic_round", "?", [1, 2], ["continue"], "continue", ["continue", "continue"])
    fresh = Duel("normal", 0, ["hobb", "pell"], ["grisk", "vorn"])
    assert P._choice(game.world, fresh, asked, "company") == ("continue", "hobb")
    assert P._choice(game.world, fresh, asked, "dominion") == ("continue", "grisk")
    kept = Duel("normal", 0, ["hobb", "pell"], ["grisk", "vorn"], ["pell", "vorn"])
    assert P._choice(game.world, kept, asked, "company") == ("continue", "pell")
    only_company = Prompt("relic_round", "?", [1], ["continue"], "continue", ["continue"])
    assert P._choice(game.world, fresh, only_company, "dominion") == ("continue", "grisk")


def test_du8_2_a_combat_ending_away_from_the_lying_relic_passes_it_to_no_one():
    """DU8.2: the Relic lying with no bearer finds a new holder only at the end of a combat in its own hex; a
    combat ending elsewhere (Hobb's hex) leaves it lying."""
    import esper

    Duel = sub("components").Duel
    game = new()
    place(game, hex_at(0, 3), "hobb")
    relic = quest_of(game)
    relic.bearer, relic.lying = "", hex_at(0, 5)
    game.world.activate()
    fought = Duel("normal", hex_at(0, 3), ["hobb"], ["grisk"])
    entity = esper.create_entity(fought)
    P._end(game.world, entity, fought, "test")
    assert (quest_of(game).bearer, quest_of(game).lying) == ("", hex_at(0, 5))
