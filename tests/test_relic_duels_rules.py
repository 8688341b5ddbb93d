"""Relic Duels' rules as pure functions (shared/rulesets/relic-duels.md): the data (DU1.2, DU1.3, DU6.3, DU6.4),
the worked examples of DU12 on the duel resolver, DU5.2's settling order, the Lurker's path (DU2.3)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from pydantic import ValidationError

from tests.relic_support import rules, sub

D = sub("duel")


def fighter(key: str, action: str = "continue", wounds: int = 0, real: int = 0):
    unit = rules().units[key]
    return D.Fighter(unit, wounds, real, unit.morale, action)


def test_du1_3_both_rosters_are_data():
    units = rules().units
    company = [k for k, u in units.items() if u.side == "company"]
    dominion = [k for k, u in units.items() if u.side == "dominion" and not u.has("guardian")]
    assert company == ["pell", "hobb", "maelis", "corran", "dairen"]
    assert dominion == ["pale_king", "ash_rider", "hollow_rider", "vorn", "grisk"]
    king = units["pale_king"]
    assert (king.morale, king.combat, king.endurance, king.move, king.sorcery) == (6, 4, 6, 4, 2)
    assert king.has("wraith") and units["pell"].has("bearer") and units["corran"].has("ancient_blade")


def test_du6_3_the_wounds_table_bands_cover_every_differential():
    r = rules()
    assert r.wounds_row(-9).keys[0] == (3, 0) and r.wounds_row(-6).label() == "<= -6"
    assert r.wounds_row(-4).label() == "-5 to -4" and r.wounds_row(0).keys[1] == (1, 1)
    assert r.wounds_row(7).keys[5] == (0, 3) and r.sorcery_row(2).keys[5] == (0, 3)


def test_du12_1_corran_against_grisk():
    """Corran (V 9) vs Grisk (V 6): +3 / −3; keys 4, 2 → 0/1, 1/0: Corran takes 0, Grisk 2."""
    result = D.fight(rules(), fighter("corran"), fighter("grisk"), (4, 2))
    assert result.values == (9, 6) and result.differential == 3
    assert result.entries == ((0, 1), (1, 0))
    assert result.taken == (0, 2) and result.real == (False, False)
    assert result.rows == ("wounds +2 to +3", "wounds -3 to -2")


def test_du12_2_maelis_sorcery_against_the_ash_rider():
    """Maelis (V 9, Sorcery) vs the Ash Rider (V 7); keys 5, 3 → rating 3: 0/3, table −2: 1/1. Maelis takes 1,
    the Rider 4, all real: 1 endurance left."""
    rider = fighter("ash_rider")
    result = D.fight(rules(), fighter("maelis", "sorcery"), rider, (5, 3))
    assert result.values == (9, 7) and result.rows[0] == "sorcery 3"
    assert result.entries == ((0, 3), (1, 1))
    assert result.taken == (1, 4) and result.real == (False, True)
    assert D.fate(rider.kind, 4, 4) == D.ALIVE and rider.kind.endurance - 4 == 1


def test_du12_3_corran_destroys_the_hollow_rider_with_an_ancient_blade():
    """Corran (V 9) vs the Hollow Rider (wounds 2, real 1, V 5): +4; keys 6, 3 → 0/3, 1/0: the Rider takes 4, real:
    wounds 6, real 5, both ≥ 5 → destroyed."""
    rider = fighter("hollow_rider", wounds=2, real=1)
    result = D.fight(rules(), fighter("corran"), rider, (6, 3))
    assert result.values == (9, 5) and result.entries == ((0, 3), (1, 0))
    assert result.taken == (0, 4) and result.real[1]
    assert D.fate(rider.kind, 2 + 4, 1 + 4) == D.DESTROYED


def test_du7_3_ordinary_wounds_only_disperse_a_wraith():
    """Without an ancient blade or sorcery a Wraith's wounds are not real: at its endurance it is dispersed."""
    result = D.fight(rules(), fighter("dairen"), fighter("ash_rider"), (6, 1))
    assert result.real == (False, False)
    kind = rules().units["ash_rider"]
    assert D.fate(kind, 5, 0) == D.DISPERSED and D.fate(kind, 5, 5) == D.DESTROYED
    assert D.fate(rules().units["grisk"], 5, 0) == D.KILLED


def test_du12_4_keys_on_the_bearers_rows():
    """Pell (wounds 2, V 4) vs Grisk (V 6): −2 / +2; keys 1, 6 → 2/0, 0/2: Pell takes 4 (killed), Grisk 0."""
    pell = fighter("pell", wounds=2)
    result = D.fight(rules(), pell, fighter("grisk"), (1, 6))
    assert result.values == (4, 6) and result.entries == ((2, 0), (0, 2)) and result.taken == (4, 0)
    assert D.fate(pell.kind, 6, 0) == D.KILLED


@pytest.mark.parametrize(("company", "dominion", "wraith", "wraiths", "rounds", "expected"), [
    ("relic", "continue", False, False, 3, "relic"),       # DU5.2.1 no Wraith: the combat ends
    ("relic", "continue", False, True, 0, "fight"),        # with Wraiths it counts as Retreat: a lone one fights
    ("relic", "retreat", False, True, 2, "mutual"),        # ... and with the Dominion's Retreat it ends
    ("continue", "retreat", True, True, 0, "fled"),        # DU5.2.2 a Wraith flees before any round
    ("continue", "retreat", True, True, 1, "fight"),       # ... but not once a round was fought
    ("retreat", "retreat", False, False, 4, "mutual"),     # DU5.2.3
    ("retreat", "continue", False, False, 0, "fight"),     # DU5.2.4 one player wanting combat forces it
])
def test_du5_2_the_order_of_resolution(company, dominion, wraith, wraiths, rounds, expected):
    assert D.decide(company, dominion, wraith, wraiths, rounds) == expected


def test_du11_expectation_is_exact():
    """Each key 1/6: Corran against Grisk at +3 deals (0+1+1+1+2+2)/6 + (1+1+0+0+0+0)/6... exactly."""
    value = D.expectation(rules(), fighter("corran"), fighter("grisk"))
    assert isinstance(value, Fraction)
    # Corran's row +2,+3: s = 1,1,0,0,0,0 (2), o = 0,1,1,1,2,2 (7); Grisk's row −3,−2: s = 2,1,1,0,0,0 (4), o = 0,0,1,1,1,2 (5)
    assert value == Fraction(7 + 4, 6) - Fraction(2 + 5, 6)


def test_du2_3_the_lurker_walks_a_shortest_land_path_first_in_hex_order():
    land = sub("land").land_of(rules())
    start, target = land.lair, land.start
    path = land.lurker_path(start, target, 2)
    away = land.land_steps(target)
    assert len(path) == 2 and [away[h] for h in path] == [away[start] - 1, away[start] - 2]
    first = min(n for n in land.neighbours(start) if away.get(n) == away[start] - 1)
    assert path[0] == first
    assert land.lurker_path(target, target, 2) == []                # on the Relic: it stays


def test_du1_2_the_map_is_12_by_12_with_water_impassable():
    land = sub("land").land_of(rules())
    assert (land.width, land.height) == (12, 12) and land.coords(land.goal) == (11, 11)
    assert land.coords(land.muster) == (11, 0) and land.coords(land.lair) == (5, 6)
    water = land.terrain.index("water")
    assert land.move_cost(water) is None and land.spot_target(land.index(0, 0)) == 3


def test_bad_roster_data_names_the_field():
    data = rules().model_dump(by_alias=True)
    data["units"]["grisk"]["abilities"] = [{"kind": "sorcery", "rating": 9}]
    with pytest.raises(ValidationError, match="sorcery 9 has no row"):
        type(rules()).model_validate(data)
    data["units"]["grisk"]["abilities"] = [{"kind": "sorcery"}]
    with pytest.raises(ValidationError, match="sorcery needs a rating"):
        type(rules()).model_validate(data)
    data = rules().model_dump(by_alias=True)
    data["wounds"][1]["from"] = -4
    with pytest.raises(ValidationError, match="not followed"):
        type(rules()).model_validate(data)


def test_du1_2_a_ground_entry_for_an_unknown_terrain_is_refused_naming_it():
    data = rules().model_dump()
    data["ground"]["swamp"] = data["ground"]["plain"]
    with pytest.raises(ValidationError, match="ground.swamp: unknown terrain 'swamp'"):
        type(rules()).model_validate(data)


def test_du5_1_an_action_needing_a_fighter_names_one_of_the_sides_participants():
    """DU5.1: sorcery, retreat and the Relic name the fighter; the refusal suggests the side's first one."""
    choices, Duel = sub("choices"), sub("components").Duel
    duel = Duel("normal", 0, ["hobb", "pell"], ["grisk"])
    for side, first in (("company", "hobb"), ("dominion", "grisk")):
        assert f"name a fighter, e.g. sorcery:{first}" in choices.problem(rules(), {}, duel, side, "pell", "sorcery")
    assert choices.problem(rules(), {}, duel, "company", "pell", "continue") is None


def test_du1_3_an_ability_rating_is_0_or_more():
    """DU1.3: the engine's ability parameters (saves write rating 0 for the kinds without one); below 0 refused."""
    params = sub("data").ABILITY_KINDS["sorcery"]
    assert params.model_validate({"kind": "sorcery", "rating": 0}).rating == 0
    assert params.model_validate({"kind": "sorcery", "rating": 3}).rating == 3
    with pytest.raises(ValidationError):
        params.model_validate({"kind": "sorcery", "rating": -1})
