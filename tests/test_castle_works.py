"""The castle works mod (E2, `castle-works`): walls stop every army but through gates; drawbridge, portcullis, moat."""

from __future__ import annotations

import esper

from components.commands import ChooseBase, ClimbWall, EndTurn, Move
from components.structures import Structure
from game.content import plugin_army_options, plugin_structure_options
from game.setup import PlayerSpec, create_game
from systems import queries as q
from systems.combat import protection
from tests.builders import army, spawn_army, spawn_structure, tiny_map

# row 0: p p p p p (bases at 0 and 4); row 1: s p b p p
ROWS = ["ppppp", "spbpp"]


def castle_game(seed: int = 1):
    game = create_game(tiny_map(ROWS, 2), [PlayerSpec("P1"), PlayerSpec("P2")], seed, mods=["castle-works"])
    assert game.submit(ChooseBase(0)).ok and game.submit(ChooseBase(4)).ok
    for t in (1, 2, 5, 6, 7):
        game.world.set_owner(t, 1)
    for seat in game.world.seats:
        q.stockpile(game.world, seat).update({"food": 100, "wood": 100, "metal": 100, "stone": 100})
    return game


def castle(game):
    found = game.app.plugin("castle-works")
    assert found is not None
    return found


def gate(game, wall):
    game.world.activate()
    return esper.component_for_entity(wall, castle(game).Gate)


def test_e2_1_an_own_wall_stops_its_owners_army_too_and_climbing_it_is_allowed_with_a_means():
    game = castle_game()
    spawn_structure(game, 1, "stone_wall", 1, 2)
    band = spawn_army(game, 1, 1, ["soldier"])
    assert "own wall" in game.submit(Move(band, (2,))).reason
    assert "climbing means" in game.submit(ClimbWall(band, 2)).reason  # E0.3 applies: no means here


def test_e2_1_own_walls_block_false_restores_r5_4_for_own_walls():
    game = castle_game()
    world = game.world
    extra = {**world.rules.extra, "castle_works": {**world.rules.extra["castle_works"], "own_walls_block": False}}
    world.rules = world.rules.model_copy(update={"extra": extra})
    spawn_structure(game, 1, "stone_wall", 1, 2)
    band = spawn_army(game, 1, 1, ["soldier"])
    assert game.submit(Move(band, (2,))).ok
    assert army(game, band).mp == 4 - (1 + 1)  # plain 1 + own_wall_extra 1 (R5.4)


def test_e2_2_a_gate_goes_in_an_own_wall_one_per_wall_starting_closed_for_its_cost():
    game = castle_game()
    c = castle(game)
    wall = spawn_structure(game, 1, "stone_wall", 1, 2)
    enemy_wall = spawn_structure(game, 2, "stone_wall", 3, 4)
    assert "not yours" in game.submit(c.BuildGate(enemy_wall, "portcullis")).reason
    assert "shallow_water" in game.submit(c.BuildGate(wall, "drawbridge")).reason  # land | land
    assert game.submit(c.BuildGate(wall, "portcullis")).ok
    assert q.stockpile(game.world, 1)["metal"] == 100 - 10
    g = gate(game, wall)
    assert (g.open, g.health, g.max_health) == (False, 25, 25)
    assert "at most one gate" in game.submit(c.BuildGate(wall, "portcullis")).reason
    shore = spawn_structure(game, 1, "wooden_wall", 0, 5)  # (0,0) plain | (0,1) shallow water
    assert game.submit(c.BuildGate(shore, "drawbridge")).ok
    assert q.stockpile(game.world, 1)["wood"] == 100 - 15 and gate(game, shore).max_health == 15


def test_e2_3_e2_4_an_open_gate_lets_every_army_through_for_1_more_mp_toggled_once_a_turn_and_stays_so():
    game = castle_game()
    c = castle(game)
    wall = spawn_structure(game, 1, "stone_wall", 1, 2)
    assert game.submit(c.BuildGate(wall, "portcullis")).ok
    assert game.submit(c.ToggleGate(wall)).ok and gate(game, wall).open
    assert "1 time a turn" in game.submit(c.ToggleGate(wall)).reason
    mine = spawn_army(game, 1, 1, ["soldier"])
    assert game.submit(Move(mine, (2,))).ok and army(game, mine).mp == 4 - 2
    assert game.submit(EndTurn()).ok  # seat 2's turn: the gate stays open, hostile armies pass it too
    foe = spawn_army(game, 2, 1, ["soldier"])
    assert gate(game, wall).open
    result = game.submit(Move(foe, (2,)))  # into seat 1's army: an attack through the open gate
    assert result.ok, result.reason


def test_e2_4_an_open_drawbridge_bridges_its_water_and_its_wall_protects_nothing_a_portcullis_keeps_it():
    game = castle_game()
    c = castle(game)
    shore = spawn_structure(game, 1, "stone_wall", 0, 5)
    assert game.submit(c.BuildGate(shore, "drawbridge")).ok
    wall = esper.component_for_entity(shore, Structure)
    guard = spawn_army(game, 1, 0, ["defender"])
    assert game.submit(Move(guard, (5,))).reason is not None  # closed: walls block, defenders can't swim
    assert protection(game.world, wall) == 50
    assert game.submit(c.ToggleGate(shore)).ok
    assert protection(game.world, wall) == 0  # "the wall is ineffective"
    result = game.submit(Move(guard, (5,)))  # the water counts as bridged: a defender enters it
    assert result.ok, result.reason
    inner = spawn_structure(game, 1, "stone_wall", 1, 2)
    assert game.submit(c.BuildGate(inner, "portcullis")).ok and game.submit(c.ToggleGate(inner)).ok
    assert protection(game.world, esper.component_for_entity(inner, Structure)) == 50


def test_e2_5_an_attack_names_the_closed_gate_stationed_units_first_at_0_it_is_broken_open_until_repaired():
    game = castle_game(seed=2)
    c = castle(game)
    game.world.set_owner(3, 2)
    wall = spawn_structure(game, 2, "stone_wall", 3, 2)
    game.world.clock.seat = 2
    assert game.submit(c.BuildGate(wall, "drawbridge")).reason is not None  # land | land
    assert game.submit(c.BuildGate(wall, "portcullis")).ok
    game.world.clock.seat = 1
    gate(game, wall).health = 3
    band = spawn_army(game, 1, 2, ["soldier", "soldier"])
    options = [o for o in plugin_army_options(game, band) if o.kind == "attack_gate"]
    assert [o.command for o in options] == [c.AttackGate(band, wall)]
    result = game.submit(c.AttackGate(band, wall))
    assert result.ok, result.reason
    g = gate(game, wall)
    assert g.broken and g.open and g.health == 0
    assert esper.component_for_entity(wall, Structure).health == 30  # the named gate took the strikes
    assert game.submit(EndTurn()).ok
    assert "repaired to full" in game.submit(c.ToggleGate(wall)).reason
    assert game.submit(c.RepairGate(wall, 25)).ok
    assert not gate(game, wall).broken and game.submit(c.ToggleGate(wall)).ok and not gate(game, wall).open
    game.world.clock.seat = 1
    other = spawn_army(game, 1, 2, ["soldier"])
    gate(game, wall).open = True
    assert "open gate cannot be attacked" in game.submit(c.AttackGate(other, wall)).reason


def test_e2_5_strikes_go_at_stationed_units_before_the_gate():
    game = castle_game(seed=4)
    c = castle(game)
    game.world.set_owner(3, 2)
    wall = spawn_structure(game, 2, "stone_wall", 3, 2, garrison=["defender"])
    game.world.clock.seat = 2
    assert game.submit(c.BuildGate(wall, "portcullis")).ok
    game.world.clock.seat = 1
    band = spawn_army(game, 1, 2, ["soldier"])
    result = game.submit(c.AttackGate(band, wall))
    attacked = next(e for e in result.events if type(e).__name__ == "GateAttacked")
    stationed = esper.component_for_entity(wall, Structure).garrison
    assert [s.target for s in attacked.strikes if s.striker == army(game, band).units[0]] == stationed


def test_e2_6_a_moat_turns_barren_land_beside_an_own_wall_into_shallow_water_for_good():
    game = castle_game()
    c = castle(game)
    barren = 7  # (2,1)
    assert "walls on a border" in game.submit(c.DigMoat(barren)).reason or "your walls" in game.submit(
        c.DigMoat(barren)).reason
    spawn_structure(game, 1, "stone_wall", 2, barren)
    assert "barren or disrupted" in game.submit(c.DigMoat(6)).reason  # plain, not disrupted
    squatter = spawn_army(game, 1, barren, ["soldier"])
    assert "no army" in game.submit(c.DigMoat(barren)).reason
    game.world.activate()
    esper.delete_entity(squatter, immediate=True)
    assert game.submit(c.DigMoat(barren)).ok
    assert game.world.terrain[barren] == "shallow_water" and q.stockpile(game.world, 1)["food"] == 100 - 20
    guard = spawn_army(game, 1, 6, ["defender"])
    assert game.submit(Move(guard, (barren,))).reason is not None  # defenders cannot enter it (R5.3)


def test_a_gate_is_part_of_its_wall_captured_and_destroyed_with_it_and_the_panel_offers_it():
    game = castle_game()
    c = castle(game)
    wall = spawn_structure(game, 1, "stone_wall", 1, 2)
    kinds = {o.command.kind for o in plugin_structure_options(game, wall) if o.kind == "build_gate"}
    assert kinds == {"drawbridge", "portcullis"}
    assert game.submit(c.BuildGate(wall, "portcullis")).ok
    labels = [o.label for o in plugin_structure_options(game, wall)]
    assert labels == ["Open the portcullis"]
    from systems.combat import destroy_structure

    destroy_structure(game.world, wall)
    game.world.activate()
    assert c.gate_of(wall) is None


def test_e2_1_a_lone_unit_stations_in_its_own_wall_and_leaves_on_the_far_side():
    from components.commands import Station, Unstation

    game = castle_game()
    wall = spawn_structure(game, 1, "stone_wall", 1, 2)
    lone = spawn_army(game, 1, 1, ["soldier"])
    unit = army(game, lone).units[0]
    assert game.submit(Station(lone, wall)).ok
    assert game.submit(Unstation(wall, unit, 2)).ok
    assert q.army_of(1, 2) is not None


def foe_gate(game, kind: str = "portcullis"):
    """P2's wall between 4 (P2's base) and 3, with a closed gate; P1's catapult at 2, in range of 3."""
    c = castle(game)
    wall = spawn_structure(game, 2, "stone_wall", 4, 3)
    game.world.clock.seat = 2
    assert game.submit(c.BuildGate(wall, kind)).ok
    game.world.clock.seat = 1
    catapult = spawn_structure(game, 1, "catapult", 2)
    return wall, catapult


def test_e2_5_a_catapult_targets_the_closed_gate_which_takes_the_shot_and_the_wall_keeps_its_health():
    from components.commands import Bombard
    from systems.events import CatapultFired

    game = castle_game()
    wall, catapult = foe_gate(game)
    wall_health = esper.component_for_entity(wall, Structure).health
    result = game.submit(Bombard(catapult, 3, "metal", wall, part="gate"))
    assert result.ok, result.reason
    stone = game.world.rules.catapult.ammo["metal"]
    assert gate(game, wall).health == 25 - stone and not gate(game, wall).broken
    assert esper.component_for_entity(wall, Structure).health == wall_health
    fired = next(e for e in result.events if isinstance(e, CatapultFired))
    assert fired.part == "gate" and fired.hit == wall and fired.absorbed_by is None
    bombarded = next(e for e in result.events if type(e).__name__ == "GateBombarded")
    assert bombarded.health == 25 - stone


def test_e2_5_a_gate_bombarded_to_0_is_broken_open_and_an_open_gate_cannot_be_targeted():
    from components.commands import Bombard
    from components.structures import Catapult

    game = castle_game()
    wall, catapult = foe_gate(game)
    gate(game, wall).health = 3
    assert game.submit(Bombard(catapult, 3, "metal", wall, part="gate")).ok
    assert gate(game, wall).broken and gate(game, wall).open and gate(game, wall).health == 0
    esper.component_for_entity(catapult, Catapult).fired_round = -1
    reason = game.submit(Bombard(catapult, 3, "metal", wall, part="gate")).reason
    assert reason is not None and "open gate cannot be attacked" in reason


def test_e2_5_only_a_hostile_gate_and_a_registered_part_the_line_of_fire_still_applies():
    from components.commands import Bombard

    game = castle_game()
    wall, catapult = foe_gate(game)
    assert "no 'tower'" in game.submit(Bombard(catapult, 3, "metal", wall, part="tower")).reason
    bare = spawn_structure(game, 2, "stone_wall", 8, 3)  # a hostile wall without a gate
    assert "no gate" in game.submit(Bombard(catapult, 3, "metal", bare, part="gate")).reason
    own = spawn_structure(game, 1, "stone_wall", 1, 6)
    assert game.submit(castle(game).BuildGate(own, "portcullis")).ok
    assert "hostile" in game.submit(Bombard(catapult, 1, "metal", own, part="gate")).reason
    # R8.8: a hostile wall on the border crossed (2 -> 3) may absorb the shot before it reaches the gate
    screen = spawn_structure(game, 2, "stone_wall", 3, 2)
    esper.component_for_entity(screen, Structure).health = 1000
    absorbed = 0
    for _ in range(20):
        from components.structures import Catapult

        esper.component_for_entity(catapult, Catapult).fired_round = -1
        gate(game, wall).health = 25
        result = game.submit(Bombard(catapult, 3, "wood", wall, part="gate"))
        assert result.ok, result.reason
        absorbed += gate(game, wall).health == 25
    assert 0 < absorbed < 20


def test_e2_5_the_panel_offers_a_catapult_the_closed_gate_in_range():
    game = castle_game()
    wall, catapult = foe_gate(game)
    options = [o for o in plugin_structure_options(game, catapult) if o.kind == "bombard_gate"]
    assert [(o.command.target, o.command.part, o.command.territory) for o in options] == [(wall, "gate", 3)]
    assert options[0].reason is None
    assert game.submit(options[0].command).ok


def test_e2_6_a_moat_cannot_be_attacked_natural_shallow_water_can():
    from components.commands import Disrupt

    game = castle_game()
    c = castle(game)
    spawn_structure(game, 1, "stone_wall", 2, 7)
    assert game.submit(c.DigMoat(7)).ok
    game.world.clock.seat = 2
    raider = spawn_army(game, 2, 7, ["soldier"])
    assert game.submit(Disrupt(raider)).reason == "a moat cannot be attacked (E2.6)"
    assert not q.is_disrupted(game.world, 7)
    wader = spawn_army(game, 2, 5, ["soldier"])  # 5 is shallow water by nature, not a moat
    assert game.submit(Disrupt(wader)).ok


def computer_turn(game, off: frozenset[str] = frozenset()):
    """A `hard` computer turn of the current seat with the game's behaviours (none run yet)."""
    import dataclasses

    from game.ai.behaviours import mod_behaviours
    from game.ai.hard import HARD
    from game.ai.turn import Turn

    return Turn(game, dataclasses.replace(HARD, off=off), mod_behaviours(game))


def part_named(turn, cls_name: str):
    return next(p for p in turn.parts if type(p).__name__ == cls_name)


def test_computer_play_digs_a_moat_beside_its_wall_facing_a_foe_and_none_without_one():
    """E2.6 in computer play: barren land beside an own wall becomes a moat when a foe is near."""
    game = castle_game()
    spawn_structure(game, 1, "stone_wall", 2, 7)
    part_named(computer_turn(game), "WorksPart").act()
    assert game.world.terrain[7] == "barren"  # no foe anywhere: the food is kept
    spawn_army(game, 2, 9, ["soldier", "soldier"])
    part_named(computer_turn(game), "WorksPart").act()
    assert game.world.terrain[7] == "shallow_water"
    assert q.stockpile(game.world, 1)["food"] == 100 - 20


def test_computer_play_bombards_a_closed_hostile_gate_with_its_catapult_e2_5():
    game = castle_game()
    wall, _ = foe_gate(game)
    part_named(computer_turn(game), "WorksPart").act()
    assert gate(game, wall).health < 25


def test_a_seat_with_the_mods_play_switched_off_still_keeps_gates_so_its_walls_never_shut_it_in():
    """E2.1: the gate keeping (`castle_gates`) stays on when comparisons switch `castle_works` off."""
    from bench.bench_enhancements import BEHAVIOURS

    assert "castle_works" in BEHAVIOURS and "castle_gates" not in BEHAVIOURS
    game = castle_game()
    wall = spawn_structure(game, 1, "stone_wall", 0, 1)
    turn = computer_turn(game, off=BEHAVIOURS)
    assert [type(p).__name__ for p in turn.parts] == ["GatesPart"]
    turn.parts[0].act()
    assert gate(game, wall).open  # built and opened: no foe near
    band = spawn_army(game, 1, 0, ["soldier"])
    assert game.submit(Move(band, (1,))).ok


def test_computer_play_attacks_the_closed_gate_before_the_flag_rather_than_the_sturdier_wall_e2_5():
    game = castle_game()
    wall = spawn_structure(game, 2, "stone_wall", 4, 3)
    game.world.clock.seat = 2
    assert game.submit(castle(game).BuildGate(wall, "drawbridge")).ok or game.submit(
        castle(game).BuildGate(wall, "portcullis")).ok
    game.world.clock.seat = 1
    band = spawn_army(game, 1, 3, ["soldier"] * 4)
    turn = computer_turn(game)
    assert part_named(turn, "WorksPart").lead(band, army(game, band))
    assert gate(game, wall).health < gate(game, wall).max_health
    assert esper.component_for_entity(wall, Structure).health == esper.component_for_entity(wall, Structure).max_health


def test_e2_5_e4_2_an_attack_on_a_wooden_walls_gate_is_an_attack_on_the_wall_that_fire_may_set_alight():
    """With fire on too: the gate attack ends as every attack on a structure does (the engine's
    after_structure_attack rules), so E4.2's draw follows it; at a sure draw the wooden wall catches fire."""
    game = create_game(tiny_map(ROWS, 2), [PlayerSpec("P1"), PlayerSpec("P2")], 2, mods=["castle-works", "fire"])
    assert game.submit(ChooseBase(0)).ok and game.submit(ChooseBase(4)).ok
    for seat in game.world.seats:
        q.stockpile(game.world, seat).update({"food": 100, "wood": 100, "metal": 100, "stone": 100})
    c, fire = castle(game), game.app.plugin("fire")
    game.world.set_owner(3, 2)
    wall = spawn_structure(game, 2, "wooden_wall", 3, 2)
    game.world.clock.seat = 2
    assert game.submit(c.BuildGate(wall, "portcullis")).ok
    game.world.clock.seat = 1
    band = spawn_army(game, 1, 2, ["soldier"])
    game.world.rng.random = lambda: 0.0  # type: ignore[method-assign]  # every draw succeeds
    assert game.submit(c.AttackGate(band, wall)).ok
    game.world.activate()
    assert fire.is_burning(wall)


def _wall_protection(game, value: int) -> None:
    world = game.world
    walls = {**world.rules.structures,
             "stone_wall": world.rules.structures["stone_wall"].model_copy(update={"protection": value})}
    world.rules = world.rules.model_copy(update={"structures": walls})


def _gate_attack(protection_value: int):
    """Two soldiers (attack 2 each) attack the portcullis (25) of a stone wall (30) held by one defender
    (stationed defense 4); the wall's protection roll decides every strike (100: all absorbed, 0: none)."""
    game = castle_game(seed=5)
    c = castle(game)
    game.world.set_owner(3, 2)
    wall = spawn_structure(game, 2, "stone_wall", 3, 2, garrison=["defender"])
    game.world.clock.seat = 2
    assert game.submit(c.BuildGate(wall, "portcullis")).ok
    game.world.clock.seat = 1
    _wall_protection(game, protection_value)
    band = spawn_army(game, 1, 2, ["soldier", "soldier"])
    result = game.submit(c.AttackGate(band, wall))
    assert result.ok, result.reason
    game.world.activate()
    return game, wall, next(e for e in result.events if type(e).__name__ == "GateAttacked")


def test_r8_6_e2_5_a_strike_the_wall_absorbs_in_a_gate_attack_never_wears_the_gate_down():
    """R8.6: a strike at a stationed unit is absorbed by the structure; E2.5: only strikes that reach the named
    gate damage it. Both strikes (2 + 2) absorbed: the gate keeps 25, the wall (the absorbing structure) 30 - 4."""
    game, wall, attacked = _gate_attack(100)
    ours = [s for s in attacked.strikes if s.absorbed_by is not None]
    assert len(ours) == 2 and all(s.absorbed_by == wall for s in ours)
    assert gate(game, wall).health == 25 and not gate(game, wall).broken
    assert esper.component_for_entity(wall, Structure).health == 30 - 4


def test_r8_6_e2_5_unabsorbed_strikes_in_a_gate_attack_hit_the_stationed_unit_not_the_gate_or_wall():
    """The other side of the roll: nothing absorbed, both strikes land on the defender (4 - 4 = 0: removed),
    and neither the gate nor the wall loses anything."""
    game, wall, attacked = _gate_attack(0)
    assert all(s.absorbed_by is None for s in attacked.strikes)
    assert gate(game, wall).health == 25
    structure = esper.component_for_entity(wall, Structure)
    assert structure.health == 30 and structure.garrison == []
