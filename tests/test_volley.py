"""E0.4 volley, the engine rule: `volley` units strike a neighbouring hostile army once each, unanswered."""

from __future__ import annotations

from components.abilities import VolleyAbility
from components.commands import VolleyAt
from game.queries import army_options
from systems import queries as q
from tests.builders import army, at, base_rules, spawn_army, spawn_structure, tiny_game

BOW = VolleyAbility(kind="volley", bonus=-1, mp=1)


def volley_rules(unit_type: str = "soldier", ability: VolleyAbility = BOW):
    rules = base_rules()
    spec = rules.units[unit_type].model_copy(update={"abilities": (ability,)})
    return rules.model_copy(update={"units": {**rules.units, unit_type: spec}})


def game_with(rules=None):
    return tiny_game(["ppppp"], {1: (0, 0), 2: (4, 0)}, rules=rules or volley_rules())


def test_e0_4_each_volleyer_strikes_once_at_attack_plus_bonus_with_no_strike_back_and_no_battle():
    game = game_with()
    archers = spawn_army(game, 1, at(game, 1, 0), ["soldier", "soldier"])
    target = spawn_army(game, 2, at(game, 2, 0), ["defender", "defender"])
    result = game.submit(VolleyAt(archers, at(game, 2, 0)))
    assert result.ok, result.reason
    loosed = next(e for e in result.events if type(e).__name__ == "VolleyLoosed")
    assert sorted(s.damage for s in loosed.strikes) == [1, 1]  # attack 2 + bonus -1 ("less effective")
    assert sorted(s.target for s in loosed.strikes) == sorted(army(game, target).units)  # i mod n: one each
    assert all(q.unit(u).damage == 0 for u in army(game, archers).units)  # no strike back
    assert army(game, archers).battle is None and army(game, target).battle is None
    assert army(game, archers).mp == 4 - 1 and army(game, archers).done  # volley_mp 1, ends its actions


def test_e0_4_units_at_zero_are_removed_at_once():
    game = game_with(volley_rules("soldier", VolleyAbility(kind="volley", bonus=0, mp=1)))
    archers = spawn_army(game, 1, at(game, 1, 0), ["soldier", "soldier"])
    target = spawn_army(game, 2, at(game, 2, 0), ["soldier"])  # defense 2, struck twice at 2
    result = game.submit(VolleyAt(archers, at(game, 2, 0)))
    assert result.ok
    assert not q.armies_at(at(game, 2, 0))
    assert any(type(e).__name__ == "ArmyDestroyed" and e.army == target for e in result.events)


def test_e0_4_a_wall_on_the_border_absorbs_strikes_and_takes_them():
    game = game_with()
    wall = spawn_structure(game, 2, "stone_wall", at(game, 2, 0), at(game, 1, 0))
    archers = spawn_army(game, 1, at(game, 1, 0), ["soldier"] * 6)
    spawn_army(game, 2, at(game, 2, 0), ["defender"] * 2)
    result = game.submit(VolleyAt(archers, at(game, 2, 0)))
    assert result.ok, result.reason
    loosed = next(e for e in result.events if type(e).__name__ == "VolleyLoosed")
    absorbed = [s for s in loosed.strikes if s.absorbed_by is not None]
    assert all(s.absorbed_by == wall for s in absorbed)
    game.world.activate()
    import esper

    from components.structures import Structure

    assert esper.component_for_entity(wall, Structure).health == 30 - sum(s.damage for s in absorbed)


def test_e0_4_the_target_must_be_a_neighbouring_hostile_army_not_in_a_battle_and_the_army_must_have_volleyers():
    game = game_with()
    plain = spawn_army(game, 1, at(game, 1, 0), ["defender"])
    spawn_army(game, 2, at(game, 2, 0), ["soldier"])
    assert "no unit" in game.submit(VolleyAt(plain, at(game, 2, 0))).reason
    archers = spawn_army(game, 1, at(game, 0, 0), ["soldier"])
    assert "neighbouring" in game.submit(VolleyAt(archers, at(game, 2, 0))).reason


def test_e0_4_the_panel_offers_a_volley_at_each_neighbouring_hostile_army():
    game = game_with()
    archers = spawn_army(game, 1, at(game, 1, 0), ["soldier"])
    spawn_army(game, 2, at(game, 2, 0), ["soldier"])
    volleys = [o for o in army_options(game, archers) if o.kind == "volley"]
    assert [(o.command, o.mp_cost, o.available) for o in volleys] == [(VolleyAt(archers, at(game, 2, 0)), 1, True)]


def test_e0_2_rogue_armies_never_volley():
    from systems.world import ROGUE

    game = game_with()
    rogue = spawn_army(game, None, at(game, 1, 0), ["soldier"])
    spawn_army(game, 1, at(game, 2, 0), ["soldier"])
    game.world.clock.stage = ROGUE
    assert "rogue" in game.submit(VolleyAt(rogue, at(game, 2, 0))).reason
