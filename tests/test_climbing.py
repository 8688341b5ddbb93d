"""E0.3 climbing, the engine rule: units with a climbing means cross a wall border walls forbid, and may fall."""

from __future__ import annotations

import esper

from components.abilities import Climb
from components.armies import Army
from components.commands import ClimbWall, Move
from game.queries import army_options
from systems import queries as q
from systems.climbing import ClimbMeans, climbing_means, fall_odds
from tests.builders import army, at, base_rules, spawn_army, spawn_structure, tiny_game

LADDER = Climb(kind="climb", knock_chance=25, extra_mp=1, fall_damage=1)


def climbing_rules(unit_type: str = "soldier", means: Climb = LADDER):
    """The base rules with one unit type given the engine's `climb` ability (as a mod's data would)."""
    rules = base_rules()
    spec = rules.units[unit_type].model_copy(update={"abilities": (means,)})
    return rules.model_copy(update={"units": {**rules.units, unit_type: spec}})


def walled_game(rows=("ppppp",), garrison: int = 0, rules=None):
    """Seat 1 at (0,0), seat 2 at (4,0); seat 2's stone wall on the border (1,0)|(2,0) with `garrison` soldiers."""
    game = tiny_game(list(rows), {1: (0, 0), 2: (4, 0)}, rules=rules or climbing_rules())
    wall = spawn_structure(game, 2, "stone_wall", at(game, 2, 0), at(game, 1, 0), garrison=["soldier"] * garrison)
    return game, wall


def test_e0_3_without_a_climbing_means_a_hostile_wall_blocks_and_climbing_is_refused():
    game, _ = walled_game(rules=base_rules())
    band = spawn_army(game, 1, at(game, 1, 0), ["soldier", "soldier"])
    assert "wall" in game.submit(Move(band, (at(game, 2, 0),))).reason
    result = game.submit(ClimbWall(band, at(game, 2, 0)))
    assert not result.ok and "climbing means" in result.reason


def test_e0_3_climbing_an_unguarded_wall_costs_terrain_plus_climb_extra_and_ends_the_actions():
    game, _ = walled_game()
    band = spawn_army(game, 1, at(game, 1, 0), ["soldier", "soldier"])
    draws = game.world.rng.getstate()
    result = game.submit(ClimbWall(band, at(game, 2, 0)))
    assert result.ok, result.reason
    assert game.world.rng.getstate() == draws  # g = 0: chance 0, no draw (E0.2)
    moved = army(game, band)
    assert moved.territory == at(game, 2, 0)
    assert moved.mp == 4 - (1 + 1)  # plain 1 + climb_extra 1
    assert moved.done
    climbed = [e for e in result.events if type(e).__name__ == "WallClimbed"]
    assert climbed and climbed[0].fallen == ()


def test_e0_3_a_guard_of_four_knocks_every_ladder_climber_down_each_takes_fall_damage_and_stays():
    game, wall = walled_game(garrison=4)  # 25% x 4 = 100%: certain, no draw
    band = spawn_army(game, 1, at(game, 1, 0), ["soldier", "soldier"])
    units = list(army(game, band).units)
    assert fall_odds(game.world, ClimbWall(band, at(game, 2, 0))) == {u: 100 for u in units}
    result = game.submit(ClimbWall(band, at(game, 2, 0)))
    assert result.ok, result.reason
    still = army(game, band)
    assert still.territory == at(game, 1, 0) and still.done
    assert [q.unit(u).damage for u in units] == [1, 1]


def test_e0_3_one_guard_gives_each_climber_a_25_percent_fall_chance_drawn_in_army_order():
    game, _ = walled_game(garrison=1)
    band = spawn_army(game, 1, at(game, 1, 0), ["soldier", "soldier", "soldier"])
    units = list(army(game, band).units)
    assert set(fall_odds(game.world, ClimbWall(band, at(game, 2, 0))).values()) == {25}
    import random

    expected = random.Random()
    expected.setstate(game.world.rng.getstate())
    falls = [expected.random() * 100 < 25 for _ in units]
    result = game.submit(ClimbWall(band, at(game, 2, 0)))
    assert result.ok
    climbed = next(e for e in result.events if type(e).__name__ == "WallClimbed")
    assert list(climbed.fallen) == [u for u, fell in zip(units, falls, strict=True) if fell]


def test_e0_3_climbing_into_a_hostile_army_is_an_attack():
    game, _ = walled_game()
    band = spawn_army(game, 1, at(game, 1, 0), ["soldier", "soldier"])
    spawn_army(game, 2, at(game, 2, 0), ["defender"] * 4)
    result = game.submit(ClimbWall(band, at(game, 2, 0)))
    assert result.ok, result.reason
    assert any(type(e).__name__ == "BattleStarted" for e in result.events)
    moved = next(e for e in result.events if type(e).__name__ == "ArmyMoved")
    assert moved.mp_left == 4 - (1 + 1 + 1)  # + R5.5's attack_extra


def test_e0_3_a_split_of_the_climbers_goes_the_rest_stays():
    game, _ = walled_game(rules=climbing_rules("ranger", Climb(kind="climb", knock_chance=15, extra_mp=1, fall_damage=1)))
    band = spawn_army(game, 1, at(game, 1, 0), ["ranger", "soldier"])
    ranger, soldier = army(game, band).units
    assert not game.submit(ClimbWall(band, at(game, 2, 0))).ok  # the soldier has no means
    result = game.submit(ClimbWall(band, at(game, 2, 0), (ranger,)))
    assert result.ok, result.reason
    assert army(game, band).units == [soldier] and army(game, band).territory == at(game, 1, 0)
    assert [a.units for _, a in q.armies_at(at(game, 2, 0))] == [[ranger]]


def test_e0_3_never_from_water_unless_the_means_says_so():
    game, _ = walled_game(rows=("pspppp",))
    wall_game = game
    band = spawn_army(wall_game, 1, at(game, 1, 0), ["soldier"])
    assert "water" in game.submit(ClimbWall(band, at(game, 2, 0))).reason
    swimmer = Climb(kind="climb", knock_chance=15, extra_mp=1, fall_damage=1, from_water=True)
    game, _ = walled_game(rows=("pspppp",), rules=climbing_rules("soldier", swimmer))
    band = spawn_army(game, 1, at(game, 1, 0), ["soldier"])
    assert game.submit(ClimbWall(band, at(game, 2, 0))).ok


def test_e0_3_an_open_border_is_moved_over_not_climbed():
    game = tiny_game(["ppppp"], {1: (0, 0), 2: (4, 0)}, rules=climbing_rules())
    band = spawn_army(game, 1, at(game, 1, 0), ["soldier"])
    assert "move there instead" in game.submit(ClimbWall(band, at(game, 2, 0))).reason


def test_e0_3_a_mods_means_provider_with_a_capacity_lifts_that_many_units_a_turn():
    """A shared means (as a structure would lend): capacity 1 a turn, counted on its source entity."""
    game, _ = walled_game(rules=base_rules())
    source = esper.create_entity()
    shared = Climb(kind="climb", knock_chance=10, extra_mp=1, fall_damage=1, capacity=1)

    def provider(world, army_entity, units, here, there):
        return {u: ClimbMeans(shared, source) for u in units}

    game.world.app.climb_means.append(provider)
    try:
        band = spawn_army(game, 1, at(game, 1, 0), ["soldier", "soldier", "soldier"])
        first, second, third = army(game, band).units
        assert set(climbing_means(game.world, band, (first, second), at(game, 1, 0), at(game, 2, 0))) == {first}
        assert not game.submit(ClimbWall(band, at(game, 2, 0), (first, second))).ok
        assert game.submit(ClimbWall(band, at(game, 2, 0), (first,))).ok
        assert not game.submit(ClimbWall(band, at(game, 2, 0), (second,))).ok  # used up this turn
    finally:
        game.world.app.climb_means.remove(provider)


def test_e0_3_the_guard_weight_hook_weighs_stationed_units_and_an_own_wall_blocked_by_a_mod_has_no_guard():
    game, wall = walled_game(garrison=1)
    hooks = game.world.app.hooks
    band = spawn_army(game, 1, at(game, 1, 0), ["soldier"])
    hooks.guard_weight = lambda world, unit: 2
    try:
        assert set(fall_odds(game.world, ClimbWall(band, at(game, 2, 0))).values()) == {50}
    finally:
        hooks.guard_weight = None
    own_wall = spawn_structure(game, 1, "stone_wall", at(game, 0, 0), at(game, 1, 0), garrison=["soldier"])
    assert own_wall
    hooks.wall_crossing = lambda world, wall, owner, here, there: None  # every wall blocks (as E2.1 would)
    try:
        assert set(fall_odds(game.world, ClimbWall(band, at(game, 0, 0))).values()) == {0}
        assert game.submit(ClimbWall(band, at(game, 0, 0))).ok
    finally:
        hooks.wall_crossing = None


def test_e0_3_the_panel_offers_the_climb_with_its_cost_and_odds():
    game, _ = walled_game(garrison=1)
    band = spawn_army(game, 1, at(game, 1, 0), ["soldier"])
    climbs = [o for o in army_options(game, band) if o.kind == "climb"]
    assert [(o.command, o.mp_cost, o.available) for o in climbs] == [(ClimbWall(band, at(game, 2, 0)), 2, True)]
    assert "25%" in climbs[0].label
    assert isinstance(army(game, band), Army)


def test_e0_2_rogue_armies_never_climb():
    from systems.world import ROGUE

    game, _ = walled_game()
    rogue = spawn_army(game, None, at(game, 1, 0), ["soldier"])
    game.world.clock.stage = ROGUE
    assert "rogue" in game.submit(ClimbWall(rogue, at(game, 2, 0))).reason


def test_e0_3_a_climber_falls_below_its_chance_and_not_at_it():
    """E0.3: a climber falls when its draw (0-100) is below the fall chance: 24.99 of 25 falls, 25.0 does not."""
    import random

    class Draws(random.Random):
        def __init__(self, *values: float) -> None:
            super().__init__(0)
            self.values = list(values)

        def random(self) -> float:
            return self.values.pop(0)

    game, _ = walled_game(garrison=1)
    band = spawn_army(game, 1, at(game, 1, 0), ["soldier", "soldier", "soldier"])
    units = list(army(game, band).units)
    game.world.rng = Draws(0.2499, 0.25, 0.0)
    result = game.submit(ClimbWall(band, at(game, 2, 0)))
    assert result.ok, result.reason
    climbed = next(e for e in result.events if type(e).__name__ == "WallClimbed")
    assert list(climbed.fallen) == [units[0], units[2]]
