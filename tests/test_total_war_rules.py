"""Forum: Total War's rules as pure functions (shared/rulesets/total-war.md, TW1..TW15): the hex field, arcs,
orders, simultaneous movement, reaction triggers, fire, melee and charges, damage, morale and victory.
Every number comes from mods/total-war/rules.toml."""

from __future__ import annotations

import random

import pytest

from tests.tw_support import Scripted, h, reg, rules, sub

hexes = sub("hexes")
orders = sub("orders")
movement = sub("movement")
combat = sub("combat")
morale = sub("morale")
victory = sub("victory")
R = rules()



def factor(regiment) -> int:
    return morale.damage_factor(regiment.morale, R)


# --- TW1 map ----------------------------------------------------------------------------------------

def test_tw1_1_tw1_2_hex_names_and_cube_coordinates():
    assert h("A1") == (0, 0)
    assert h("U7") == (20, 6 - 10)           # r = (n-1) - (c - c mod 2)/2
    assert h("B1") == (1, 0)                 # odd columns sit half a hex lower
    assert h("AE17") == (30, 16 - 15)
    assert hexes.hex_name(h("AX50")) == "AX50"
    for c in range(50):
        for n in range(1, 51):
            assert hexes.to_offset(hexes.from_offset(c, n)) == (c, n)
    with pytest.raises(ValueError, match="not a hex name"):
        hexes.parse_hex("7U")


def test_tw1_2_directions_clockwise_and_distance():
    assert hexes.DIRECTIONS == ("N", "NE", "SE", "S", "SW", "NW")
    assert [hexes.hex_name(n) for n in hexes.neighbours(h("B2"))] == ["B1", "C2", "C3", "B3", "A3", "A2"]
    assert [hexes.hex_name(n) for n in hexes.neighbours(h("C2"))] == ["C1", "D1", "D2", "C3", "B2", "B1"]
    assert hexes.distance(h("H30"), h("E30")) == 3
    assert hexes.distance(h("P5"), h("P13")) == 8
    assert hexes.distance(h("A1"), h("AX50")) == 49 + 50 - 1 - 24


def test_tw1_3_hexes_between():
    assert [hexes.hex_name(x) for x in hexes.between(h("T10"), h("T14"))] == ["T11", "T12", "T13"]
    assert hexes.between(h("A1"), h("A2")) == []
    line = hexes.between(h("A1"), h("G4"))
    assert len(line) == hexes.distance(h("A1"), h("G4")) - 1
    here = h("A1")
    for step in [*line, h("G4")]:             # a line of adjacent hexes
        assert hexes.distance(here, step) == 1
        here = step


@pytest.mark.parametrize(("a", "b", "line"), [
    ("K20", "H17", ["J19", "I19", "I18"]),                    # the line runs along hex edges: the nudge decides
    ("K20", "G14", ["J19", "J18", "I18", "I17", "H16", "H15", "G15"]),
    ("K20", "G16", ["J19", "J18", "I18", "H17", "H16"]),
])
def test_tw1_3_a_line_along_hex_edges_is_settled_by_the_nudge(a, b, line):
    """TW1.3: the line is nudged by (1e-6, 2e-6, -3e-6) before rounding, so a tie always falls the same way."""
    assert [hexes.hex_name(x) for x in hexes.between(h(a), h(b))] == line


def test_tw1_4_terrain_costs_and_cover_are_data():
    assert R.ground["hill"].move_cost == 1.5 and R.ground["hill"].cover == 90
    assert R.ground["forest"].cover == 95
    assert R.ground["buildings"].cover_from(False) == 50 and R.ground["buildings"].cover_from(True) == 125


# --- TW2 regiments ----------------------------------------------------------------------------------

def test_tw2_1_regiment_types():
    inf, cav, art = R.units["infantry"], R.units["cavalry"], R.units["artillery"]
    assert (inf.men, inf.mp, inf.fire_min, inf.fire_max, inf.arc) == (100, 2, 2, 6, "narrow")
    assert (cav.men, cav.mp, cav.fires, cav.melees) == (50, 4, False, True)
    assert (art.men, art.mp, art.fire_max, art.arc, art.melees) == (10, 1, 15, "wide", False)


@pytest.mark.parametrize(("target", "wide", "narrow"), [
    ("P13", True, True),    # straight ahead (S)
    ("Q6", True, False),    # SE neighbour: in the wide arc only
    ("O6", True, False),    # SW neighbour
    ("R7", True, False),    # 2 steps SE: the wide arc's edge
    ("Q8", True, True),     # narrow: |v_k| <= min(|v_i|, |v_j|)
    ("P4", False, False),   # behind
    ("Q5", False, False),   # NE: beside, not in front
])
def test_tw2_2_arcs_facing_south(target, wide, narrow):
    assert hexes.in_arc(h("P5"), "S", h(target), "wide") is wide
    assert hexes.in_arc(h("P5"), "S", h(target), "narrow") is narrow
    assert hexes.in_arc(h("P5"), "S", h(target), "none") is False


def test_tw2_2_narrow_arc_lies_inside_the_wide_arc_for_every_facing():
    centre = h("Z25")
    for facing in hexes.DIRECTIONS:
        for c in range(15, 36):
            for n in range(15, 36):
                t = hexes.from_offset(c, n)
                if hexes.in_arc(centre, facing, t, "narrow"):
                    assert hexes.in_arc(centre, facing, t, "wide")


def test_tw2_3_front_side_back():
    centre = h("H30")
    sides = {d: hexes.side_of(centre, "S", hexes.add(centre, hexes.VECTORS[d])) for d in hexes.DIRECTIONS}
    assert sides == {"S": "front", "SE": "front", "SW": "front", "NE": "side", "NW": "side", "N": "back"}
    assert hexes.side_of(centre, "S", h("I30")) == "side"   # E3: I30 is NE of H30


def test_tw2_5_processing_order():
    regs = [reg(2, "infantry", 1, "A1"), reg(1, "artillery", 1, "A2"), reg(1, "infantry", 2, "A3"),
            reg(1, "cavalry", 1, "A4"), reg(1, "infantry", 1, "A5")]
    assert [r.name for r in sub("regiments").in_order(regs)] == [
        "1:infantry:1", "1:infantry:2", "1:cavalry:1", "1:artillery:1", "2:infantry:1"]


def test_tw3_1_default_army_fits_the_points():
    assert sum(R.units[t].cost for t in R.army.default) <= R.army.points == 100
    assert R.army.default.count("infantry") == 5   # the general and 4 infantry


@pytest.mark.parametrize(("seat", "line_row", "gun_row"), [(1, 8, 6), (2, 43, 45)])
def test_tw3_2_the_default_deployment_puts_the_line_on_the_zones_front_row_facing_the_enemy(seat, line_row, gun_row):
    """TW3.2: seat 1's zone is rows 1-8 and faces S, seat 2's rows 43-50 and faces N: the line stands on the row
    nearest the enemy (8, 43), the guns two rows behind it."""
    import re

    play = sub("play")
    rows = {}
    for kind, _number, cube in play.default_positions(R, seat, R.board.width):
        rows.setdefault(kind, set()).add(int(re.sub("[A-Z]", "", hexes.hex_name(cube))))
    assert rows == {"infantry": {line_row}, "cavalry": {line_row}, "artillery": {gun_row}}


# --- TW5 orders ----------------------------------------------------------------------------------------

def test_tw5_2_movement_points_and_path_cost():
    steady, keen, proud = reg(1, "infantry", 1, "K20"), 85, 105
    assert orders.movement_points(steady, R, 70, False) == 2
    assert orders.movement_points(steady, R, keen, False) == 3
    assert orders.movement_points(steady, R, proud, False) == 4
    assert orders.movement_points(reg(1, "artillery", 1, "K20"), R, proud, False) == 1   # artillery never
    assert orders.movement_points(reg(1, "cavalry", 1, "K20"), R, proud, True) == 3      # TW5.4 halved
    assert orders.movement_points(steady, R, 70, True) == 1
    terrain = {h("L21"): "forest", h("K21"): "hill", h("K22"): "hill"}
    assert orders.path_cost((h("L21"), h("K21")), terrain, R) == 3
    assert orders.path_cost((h("K21"),), terrain, R) == 2       # 1 hill = 2
    assert orders.path_cost((h("K21"), h("K22")), terrain, R) == 3   # 2 hills = 3


def check(regiment, order, others=(), terrain=None, eff=70):
    return orders.check_order(regiment, order, [regiment, *others], terrain or {}, R, eff, 50, 50)


def test_tw5_1_to_tw5_4_order_legality():
    MoveOrder = orders.MoveOrder
    art = reg(1, "artillery", 1, "K20")
    assert check(art, MoveOrder("move", (h("K21"),)), terrain={h("K21"): "hill"}) is None  # one step always
    inf = reg(1, "infantry", 1, "K20")
    assert "more than 2" in check(inf, MoveOrder("move", (h("K21"), h("K22"), h("K23"))))
    assert check(inf, MoveOrder("move", (h("K21"), h("K22")), "SE")) is None
    assert "not adjacent" in check(inf, MoveOrder("move", (h("K22"),)))
    assert "held by an enemy" in check(inf, MoveOrder("move", (h("K21"), h("K22"))), [reg(2, "infantry", 1, "K22")])
    engaged = [reg(2, "cavalry", 1, "K19")]
    assert "only hold or withdraw" in check(inf, MoveOrder("move", (h("K21"),)), engaged)
    assert check(inf, MoveOrder("withdraw", (h("K21"),)), engaged) is None
    assert "more than 1" in check(inf, MoveOrder("withdraw", (h("K21"), h("K22"))), engaged)
    assert check(inf, MoveOrder("hold", (), "N")) is None
    assert "off the field" in check(reg(1, "infantry", 2, "K1"), MoveOrder("move", (hexes.add(h("K1"), (0, -1)),)))
    assert "facing" in check(inf, MoveOrder("hold", (), "E"))


# --- TW6 simultaneous movement ---------------------------------------------------------------------------

def move(path, facing=None, kind="move"):
    return orders.MoveOrder(kind, tuple(h(x) for x in path), facing)


def test_tw15_e1_chain_then_bounce():
    """E1 (TW5.2, TW6): the chain succeeds in tick 1; Infantry 2 bounces in tick 2 and faces NW."""
    i1, i2, i3 = reg(1, "infantry", 1, "K20"), reg(1, "infantry", 2, "M21", morale=85), reg(1, "infantry", 3, "N21")
    terrain = {h("L21"): "forest"}
    for r, o in ((i2, move(["L21", "K21"])),):
        assert check(r, o, [i1, i3], terrain, eff=85) is None
    result = movement.resolve_movement([i1, i2, i3], {i1.name: move(["K21"]), i2.name: move(["L21", "K21"]),
                                                      i3.name: move(["M21"])}, R, Scripted())
    assert [n for n, _, _ in result.ticks[0]["made"]] == [i1.name, i2.name, i3.name]
    assert [n for n, _, _ in result.ticks[1]["bounced"]] == [i2.name]
    assert (hexes.hex_name(i1.hex), hexes.hex_name(i2.hex), hexes.hex_name(i3.hex)) == ("K21", "L21", "M21")
    assert i2.facing == "NW"


def test_tw6_2b_same_tick_contest_the_nearer_start_wins():
    """E1's aside: in a same-tick contest for K21 Infantry 1 (start distance 1) beats Infantry 2 (2)."""
    far, near = reg(1, "infantry", 1, "K19"), reg(1, "infantry", 2, "L21")
    # tick 2: both propose K21; `near` started 1 hex from it, `far` 2
    result = movement.resolve_movement([far, near], {far.name: move(["K20", "K21"]), near.name: move(["L20", "K21"])},
                                       R, Scripted())
    assert hexes.hex_name(near.hex) == "K21" and hexes.hex_name(far.hex) == "K20"
    assert result.rolls == []


def test_tw6_2b_ties_go_to_a_roll_off_with_rerolls():
    a, b = reg(1, "infantry", 1, "K20"), reg(2, "infantry", 1, "K22")
    rng = Scripted(3, 3, 2, 5)   # a 3 b 3 tie, then a 2 b 5
    movement.resolve_movement([a, b], {a.name: move(["K21"]), b.name: move(["K21"])}, R, rng)
    assert hexes.hex_name(b.hex) == "K21" and hexes.hex_name(a.hex) == "K20"


def test_tw6_2a_swaps_fail_and_tw6_2d_rings_succeed():
    a, b = reg(1, "infantry", 1, "K20"), reg(1, "infantry", 2, "K21")
    movement.resolve_movement([a, b], {a.name: move(["K21"]), b.name: move(["K20"])}, R, Scripted())
    assert (hexes.hex_name(a.hex), hexes.hex_name(b.hex)) == ("K20", "K21")
    # a ring of three around K20-L19-L20 (pairwise adjacent): each moves into the next one's hex
    x, y, z = reg(1, "infantry", 1, "K20"), reg(1, "infantry", 2, "L19"), reg(1, "infantry", 3, "L20")
    assert all(hexes.distance(p.hex, q.hex) == 1 for p, q in ((x, y), (y, z), (z, x)))
    movement.resolve_movement([x, y, z], {x.name: move(["L19"]), y.name: move(["L20"]), z.name: move(["K20"])},
                              R, Scripted())
    assert (hexes.hex_name(x.hex), hexes.hex_name(y.hex), hexes.hex_name(z.hex)) == ("L19", "L20", "K20")


def test_tw6_2c_a_held_hex_blocks_and_tw6_5_facings():
    a, b = reg(1, "infantry", 1, "K20"), reg(1, "infantry", 2, "K21")
    movement.resolve_movement([a, b], {a.name: move(["K21"], "N"), b.name: orders.MoveOrder("hold", (), "SE")},
                              R, Scripted())
    assert hexes.hex_name(a.hex) == "K20" and a.facing == "S"   # bounced: faces its proposed step
    assert b.facing == "SE"                                       # a hold's facing applies before tick 1
    c = reg(1, "infantry", 3, "A1")
    movement.resolve_movement([c], {c.name: move(["A2", "A3"], "NE")}, R, Scripted())
    assert hexes.hex_name(c.hex) == "A3" and c.facing == "NE"     # completed: its ordered facing


def test_tw15_e3_contact_stops_and_the_mover_charges():
    """E3 (TW6.4): Blue Cavalry 1 reaches I30 in tick 3, next to Red Infantry 2, and charges it; Red holds."""
    red = reg(1, "infantry", 2, "H30", "S", morale=70)
    general = reg(1, "infantry", 1, "E30", "S", general=True)
    blue = reg(2, "cavalry", 1, "L29", "N", morale=85)
    result = movement.resolve_movement([red, general, blue], {blue.name: move(["K29", "J29", "I30"])}, R, Scripted())
    assert len(result.ticks) == 3 and hexes.hex_name(blue.hex) == "I30"
    assert result.charges == [(blue.name, red.name)]
    assert result.triggers == {}                                  # out of all Red arcs


def test_tw6_4_contact_stops_the_path_and_withdrawing_never_charges():
    red = reg(1, "infantry", 1, "K20", "S")
    blue = reg(2, "cavalry", 1, "K24", "N")
    movement.resolve_movement([red, blue], {blue.name: move(["K23", "K22", "K21", "J22"])}, R, Scripted())
    assert hexes.hex_name(blue.hex) == "K21"                       # stopped by the new contact
    red2, blue2 = reg(1, "infantry", 1, "K20", "S"), reg(2, "cavalry", 1, "K24", "N")
    result = movement.resolve_movement([red2, blue2], {blue2.name: move(["K23", "K22", "K21"], kind="withdraw")},
                                       R, Scripted())
    assert result.charges == []                                    # withdrawing: contact, no charge
    assert hexes.hex_name(blue2.hex) == "K21"


def test_tw6_4_both_movers_charge_each_other_unless_wavering_infantry():
    a, b = reg(1, "infantry", 1, "K20"), reg(2, "infantry", 1, "K23")
    result = movement.resolve_movement([a, b], {a.name: move(["K21"]), b.name: move(["K22"])}, R, Scripted())
    assert sorted(result.charges) == sorted([(a.name, b.name), (b.name, a.name)])
    a, b = reg(1, "infantry", 1, "K20"), reg(2, "infantry", 1, "K23")
    result = movement.resolve_movement([a, b], {a.name: move(["K21"]), b.name: move(["K22"])}, R, Scripted(),
                                       charge_barred={b.name})
    assert result.charges == [(a.name, b.name)]


# --- TW7 reaction fire triggers -------------------------------------------------------------------------

def test_tw7_1_tw7_2_reaction_triggers_the_last_hex_in_arc():
    red = reg(1, "infantry", 1, "K10", "S")
    blue = reg(2, "cavalry", 1, "K20", "N")
    result = movement.resolve_movement([red, blue], {blue.name: move(["K19", "K18", "K17", "K16"])}, R, Scripted())
    assert result.triggers == {red.name: {blue.name: h("K16")}}     # distance 6 only after tick 4
    mover = reg(1, "infantry", 1, "K10", "S")
    blue = reg(2, "cavalry", 1, "K20", "N")
    result = movement.resolve_movement([mover, blue], {mover.name: move(["K9"]), blue.name: move(["K19", "K18", "K17", "K16"])},
                                       R, Scripted())
    assert result.triggers == {}                                    # a regiment with a move order never reacts


@pytest.mark.parametrize(("standing", "reacts"), [("K9", False), ("K8", True)])
def test_tw7_2_a_reactor_adjacent_to_an_enemy_never_reacts_one_two_hexes_off_does(standing, reacts):
    """TW7.2: "the reactor is adjacent to no enemy": an enemy behind it at distance 1 stops it, at 2 does not."""
    red = reg(1, "infantry", 1, "K10", "S")
    behind = reg(2, "infantry", 2, standing, "S")
    blue = reg(2, "cavalry", 1, "K20", "N")
    result = movement.resolve_movement([red, behind, blue], {blue.name: move(["K19", "K18", "K17", "K16"])}, R,
                                       Scripted())
    assert result.triggers == ({red.name: {blue.name: h("K16")}} if reacts else {})


def test_tw7_2_no_trigger_through_a_regiment():
    red, screen = reg(1, "infantry", 1, "K10", "S"), reg(1, "cavalry", 1, "K13")
    blue = reg(2, "cavalry", 1, "K20", "N")
    result = movement.resolve_movement([red, screen, blue], {blue.name: move(["K19", "K18", "K17", "K16"])}, R, Scripted())
    assert result.triggers == {}


# --- TW8 fire, TW10 damage ----------------------------------------------------------------------------

def test_tw15_e2_rifle_fire_with_range_morale_and_cover():
    red = reg(1, "infantry", 4, "T10", "S", morale=50)             # Unsteady: 90%
    blue = reg(2, "cavalry", 2, "T14", "N")
    terrain = {h("T14"): "hill"}
    assert combat.fire_problem(red, blue.hex, [red, blue], R) is None
    hits = combat.shoot(red, blue.hex, [red, blue], terrain, R, Scripted(), factor(red))
    assert [(x.target, x.men) for x in hits] == [(blue.name, 21)]
    lost = combat.apply_damage([red, blue], hits)
    assert blue.men == 29 and morale.loss_event(lost[blue.name], 50, R) == -20
    friend = reg(1, "infantry", 6, "T12")
    red.men, blue.men = 100, 50
    hits = combat.shoot(red, blue.hex, [red, blue, friend], terrain, R, Scripted(), factor(red))
    assert sorted((x.target, x.men) for x in hits) == sorted([(blue.name, 10), (friend.name, 10)])


def test_tw8_1_tw8_3_fire_legality():
    red, blue = reg(1, "infantry", 1, "T10", "S"), reg(2, "infantry", 1, "T14", "N")
    assert combat.fire_problem(red, blue.hex, [red, blue, reg(2, "cavalry", 1, "T12")], R).endswith("(TW8.3)")
    assert "arc" in combat.fire_problem(red, h("T7"), [red], R)
    assert "range" in combat.fire_problem(red, h("T17"), [red], R)
    assert "range" in combat.fire_problem(red, h("T11"), [red], R)           # distance 1 is melee
    assert "melee" in combat.fire_problem(red, blue.hex, [red, blue, reg(2, "cavalry", 2, "T9")], R)
    assert "does not fire" in combat.fire_problem(reg(1, "cavalry", 1, "T10"), blue.hex, [blue], R)
    art = reg(1, "artillery", 1, "T10", deployed=False)
    assert "undeployed" in combat.fire_problem(art, blue.hex, [art, blue], R)
    routing = reg(1, "infantry", 2, "T10", rout_turns=2)
    assert "routing" in combat.fire_problem(routing, blue.hex, [routing, blue], R)
    assert [combat.range_factor(d, R) for d in range(2, 7)] == [100, 90, 80, 70, 60]


def test_tw15_e4_artillery_area_effect_and_friendly_fire():
    """E4 (TW8.4-TW8.6): draws U[20,40]=31; N: d6 5, U[2,5]=4 x 95% -> 3; SE: d6 6, U[2,5]=5 x 125% -> 6."""
    art = reg(1, "artillery", 1, "P5", "S")
    target = reg(2, "infantry", 4, "P13", "N")
    friend = reg(1, "infantry", 5, "P12", "S")
    other = reg(2, "infantry", 6, "Q14", "N")
    terrain = {h("P12"): "forest", h("Q14"): "buildings"}
    regs = [art, target, friend, other]
    assert combat.fire_problem(art, target.hex, regs, R) is None               # passes over P12
    hits = combat.shoot(art, target.hex, regs, terrain, R, Scripted(31, 5, 4, 6, 5), factor(art))
    assert [(x.target, x.men, x.artillery) for x in hits] == [
        (target.name, 31, True), (friend.name, 3, True), (other.name, 6, True)]
    for r in (target, friend, other):
        assert morale.turn_changes(r, 0, 1, [], True, True, False, R) == -3 + R.morale.end_of_turn
    assert morale.turn_changes(target, 0, 5, [], True, True, False, R) == -9 + R.morale.end_of_turn  # at most 9


def test_tw7_4_a_reaction_shot_has_no_area_and_no_friendly_fire():
    art = reg(1, "artillery", 1, "P5", "S")
    target = reg(2, "infantry", 4, "P13", "N")
    friend = reg(1, "infantry", 5, "P12", "S")
    hits = combat.shoot(art, target.hex, [art, target, friend], {}, R, Scripted(31), 100, reaction=True)
    assert [(x.target, x.men) for x in hits] == [(target.name, 31)]


def test_tw10_1_damage_drops_fractions_once():
    assert combat.damage(33, 80, 90, 90) == 21
    assert combat.damage(25, 95) == 23


def test_tw4_3_damage_is_summed_capped_and_applied_together():
    a = reg(2, "cavalry", 1, "A1", men=20)
    lost = combat.apply_damage([a], [combat.Hit("x", a.name, 15), combat.Hit("y", a.name, 15)])
    assert lost == {a.name: 20} and a.men == 0


# --- TW9 melee and charges ----------------------------------------------------------------------------

def test_tw1_4_melee_takes_the_grounds_cover_not_its_artillery_cover():
    """TW1.4/TW9.2: buildings cover 50% against melee (125% is against artillery only)."""
    attacker = reg(1, "infantry", 1, "K20", men=100)
    dealt, lost = combat.melee_attack(attacker, h("K21"), False, {h("K21"): "buildings"}, R, Scripted(20), 100)
    assert (dealt, lost) == (10, 0)                                   # 20 rolled x 50%
    dealt, _ = combat.melee_attack(attacker, h("K21"), False, {}, R, Scripted(20), 100)
    assert dealt == 20


def test_tw9_a_routing_regiment_makes_no_melee_attack_and_one_without_enemies_does_not_stop_the_others():
    """TW9.1/TW11.6: a routing regiment never attacks; every other regiment next to an enemy does, whatever the
    regiments before it in processing order (TW2.5) did."""
    far = reg(1, "infantry", 1, "A1")                                     # first in processing order, no enemy near
    near = reg(1, "infantry", 2, "K20")
    routing = reg(1, "cavalry", 1, "L21", rout_turns=2)
    enemy = reg(2, "infantry", 1, "K21", facing="N")
    result = combat.resolve_combat([far, near, routing, enemy], {}, {}, [], {}, R, Scripted(20, 20), factor)
    attackers = [a for a, _, _ in result.attacks]
    assert near.name in attackers and enemy.name in attackers
    assert routing.name not in attackers and far.name not in attackers


@pytest.mark.parametrize(("low_div", "high_div", "melees"), [(1, 1, True), (0, 1, False), (1, 0, False), (5, 4, True)])
def test_tw2_1_a_type_melees_only_with_both_divisors_at_least_1(low_div, high_div, melees):
    kind = R.units["infantry"].model_copy(update={"melee_low_div": low_div, "melee_high_div": high_div})
    assert kind.melees is melees


def test_tw15_e3_cavalry_charge_and_the_charged_regiment_makes_no_attack():
    red = reg(1, "infantry", 2, "H30", "S", morale=70)
    blue = reg(2, "cavalry", 1, "I30", "SW", morale=85)
    terrain = {h("H30"): "forest"}
    result = combat.resolve_combat([red, blue], {}, {}, [(blue.name, red.name)], terrain, R, Scripted(), factor)
    assert result.attacks == [(blue.name, red.name, True)]          # TW9.4: Red makes no attack
    lost = combat.apply_damage([red, blue], result.hits)
    assert (red.men, blue.men) == (77, 38)
    # TW11: Red: side charge by cavalry -11, loss >= 1/8 -5, +4 -> 58; general aura +10 -> 68 Steady
    side = combat.charge_side(red, blue)
    red_change = morale.turn_changes(red, lost[red.name], 0, [("cavalry", side)], False, False, True, R)
    blue_change = morale.turn_changes(blue, lost[blue.name], 0, [], True, False, True, R)
    general = reg(1, "infantry", 1, "E30", "S", general=True)
    regs = [red, blue, general]
    morale.morale_step(regs, {red.name: red_change, blue.name: blue_change}, {}, set(), {1: 2, 2: 1}, R)
    assert red.morale == 58 and blue.morale == 84
    assert morale.effective(red.morale, morale.auras(red, regs, R, False, False), R) == 68
    assert morale.state_of(68, R).name == "steady" and morale.state_of(84, R).name == "enthusiastic"


@pytest.mark.parametrize(("roll", "dealt", "lost"), [(3, 25, 33), (4, 33, 25)])
def test_tw9_3_infantry_charge_succeeds_on_4_to_6(roll, dealt, lost):
    a, d = reg(1, "infantry", 1, "K20"), reg(2, "infantry", 1, "K21")
    assert combat.melee_attack(a, d.hex, True, {}, R, Scripted(roll), 100) == (dealt, lost)


def test_tw2_1_normal_melee_and_morale_factor():
    a, d = reg(1, "infantry", 1, "K20", morale=30), reg(2, "infantry", 1, "K21")   # Waver: 75%
    assert combat.melee_attack(a, d.hex, False, {}, R, Scripted(24), factor(a)) == (18, 0)
    cav = reg(1, "cavalry", 1, "K20")
    assert combat.melee_attack(cav, d.hex, False, {}, R, Scripted(20), 100) == (20, 0)   # U[16, 25]


def test_tw9_1_default_target_fewest_men_then_clockwise():
    a = reg(1, "infantry", 1, "K20", "S")
    s, se, n = reg(2, "infantry", 1, "K21", men=40), reg(2, "infantry", 2, "L21", men=40), reg(2, "cavalry", 1, "K19", men=30)
    assert combat.default_melee_target(a, [s, se, n], []) is n
    assert combat.default_melee_target(a, [s, se], []) is s
    assert combat.default_melee_target(a, [s, se, n], [se.name]) is se   # among those it charged


def test_tw9_5_attacks_on_artillery_go_to_its_guard_or_destroy_it():
    art, guard = reg(2, "artillery", 1, "K21"), reg(2, "infantry", 1, "K22", men=60)
    a = reg(1, "cavalry", 1, "K20", "S")
    result = combat.resolve_combat([a, art, guard], {}, {}, [(a.name, art.name)], {}, R, Scripted(), lambda r: 100)
    assert [(x.target, x.men) for x in result.hits if x.source == a.name and x.target != a.name] == [(guard.name, 25)]
    art2 = reg(2, "artillery", 1, "K21")
    result = combat.resolve_combat([a, art2], {}, {}, [], {}, R, Scripted(20), lambda r: 100)
    assert result.destroyed_artillery == [art2.name]


# --- TW11 morale ----------------------------------------------------------------------------------------

@pytest.mark.parametrize(("value", "state"), [
    (110, "triumphant"), (100, "triumphant"), (99, "enthusiastic"), (80, "enthusiastic"), (79, "steady"),
    (60, "steady"), (59, "unsteady"), (40, "unsteady"), (39, "waver"), (20, "waver"),
])
def test_tw11_5_states(value, state):
    assert morale.state_of(value, R).name == state


def test_tw11_5_rout_and_disperse_bands_and_controlled_counts_as_waver():
    assert morale.state_of(10, R, controlled=False).name == "rout"     # settled: 10 routs
    assert morale.state_of(9, R, controlled=False).name == "disperse"
    assert morale.state_of(12, R).name == "waver"
    assert [morale.damage_factor(v, R) for v in (70, 50, 30)] == [100, 90, 75]


@pytest.mark.parametrize(("lost", "change"), [(50, -45), (49, -20), (25, -20), (24, -5), (13, -5), (12, 0), (0, 0)])
def test_tw11_2_loss_events(lost, change):
    assert morale.loss_event(lost, 100, R) == change


def test_tw11_2_charge_penalties():
    assert [morale.charge_penalty("infantry", s, R) for s in ("front", "side", "back")] == [-4, -9, -11]
    assert [morale.charge_penalty("cavalry", s, R) for s in ("front", "side", "back")] == [-9, -11, -16]


def test_tw11_4_routs_spread_in_rounds_and_credits_follow():
    a = reg(1, "infantry", 1, "K20", morale=30)
    b = reg(1, "infantry", 2, "K22", morale=22)
    enemy = reg(2, "cavalry", 1, "K30", morale=60)
    general = reg(1, "infantry", 3, "K1", general=True)            # far away: no aura, not lost
    regs = [a, b, enemy, general]
    dispersed, routed, credits = morale.morale_step(regs, {a.name: -15}, {enemy.name: {a.name}}, set(), {1: 3, 2: 1}, R)
    # a falls to 15 and routs; in the next round b (22, a routing friend within 3: -5 -> 17) routs too;
    # a (15 - 5 = 10) does not disperse
    assert [r.name for r in routed] == [a.name, b.name] and dispersed == []
    assert credits == {enemy.name: 10} and enemy.morale == 70
    assert a.rout_turns == R.morale.rout_turns


def test_tw11_4_dispersal_removes_and_tw11_6_rout_countdown():
    a = reg(1, "infantry", 1, "K20", morale=12)
    regs = [a, reg(2, "cavalry", 1, "K40")]
    dispersed, _, _ = morale.morale_step(regs, {a.name: -5}, {}, set(), {1: 5, 2: 1}, R)
    assert dispersed == [a] and a not in regs
    r = reg(1, "infantry", 2, "K20", morale=15, rout_turns=1)
    morale.morale_step([r, reg(2, "cavalry", 1, "K40")], {}, {}, set(), {1: 1, 2: 1}, R)
    assert r.rout_turns == 0 and r.morale == R.morale.rout_reset


@pytest.mark.parametrize(("effective_morale", "routs", "disperses"), [
    (20, False, False), (19, True, False), (10, True, False), (9, False, True),
])
def test_tw11_4_a_regiment_routs_at_10_to_19_and_disperses_below_10_on_both_sides_of_each_boundary(
        effective_morale, routs, disperses):
    """TW11.4/TW11.5: effective < 10 disperses, a non-routing one at 10-19 starts to rout; 20 holds (Waver)."""
    a = reg(1, "infantry", 1, "K20", morale=effective_morale)
    regs = [a, reg(2, "cavalry", 1, "K40"), reg(1, "infantry", 2, "K1", general=True)]   # no aura reaches K20
    dispersed, routed, _ = morale.morale_step(regs, {}, {}, set(), {1: 3, 2: 1}, R)
    assert (a in routed, a in dispersed) == (routs, disperses)
    assert a.routing == routs


def test_tw11_4_the_boundary_is_on_effective_morale_auras_included():
    """TW11.1/TW11.4: stored 15 with the general's +10 aura is effective 25 and holds; stored 25 beside a routing
    friend (-5) is effective 20 and holds; stored 24 beside it is 19 and routs."""
    for stored, general, routs in ((15, True, False), (25, False, False), (24, False, True)):
        a = reg(1, "infantry", 1, "K20", morale=stored)
        near = reg(1, "infantry", 3, "K22", general=True) if general else reg(1, "infantry", 3, "K22", rout_turns=2)
        regs = [a, near, reg(2, "cavalry", 1, "K40"), reg(1, "infantry", 4, "K1", general=True)]
        _, routed, _ = morale.morale_step(regs, {}, {}, set(), {1: 3, 2: 1}, R)
        assert (a in routed) == routs, (stored, general)


def test_tw11_1_morale_is_clamped_to_0_and_max_on_both_sides():
    top = R.morale.max
    assert [morale.clamp(v, R) for v in (-5, -1, 0, 1, top - 1, top, top + 1)] == [0, 0, 0, 1, top - 1, top, top]
    assert morale.effective(5, -10, R) == 0 and morale.effective(top, 10, R) == top


def test_tw10_1_a_controlled_regiment_below_20_fights_as_waver_by_default():
    """TW11.5: a controlled regiment below 20 counts as Waver (75%); only an uncontrolled one is in the rout band."""
    assert morale.damage_factor(15, R) == 75 == morale.damage_factor(20, R)
    assert morale.state_of(15, R, controlled=False).name == "rout"
    data = R.model_dump()   # a ruleset whose rout band hits harder than Waver tells the two apart
    data["morale"]["states"] = [{**band, "damage": 50 if band["name"] == "rout" else band["damage"]}
                                for band in data["morale"]["states"]]
    harsher = type(R).model_validate(data)
    assert morale.damage_factor(15, harsher) == 75 and morale.damage_factor(15, harsher, controlled=False) == 50


def test_tw11_4_credits_count_enemies_destroyed_by_damage_too():
    """TW11.2/TW11.4 step 3: +10 per enemy it damaged this turn that was destroyed, started to rout or dispersed."""
    shooter = reg(1, "infantry", 1, "K20", morale=60)
    hurt = reg(2, "infantry", 2, "K24", morale=80)
    regs = [shooter, hurt, reg(1, "infantry", 3, "K1", general=True), reg(2, "infantry", 1, "A50", general=True)]
    _, _, credits = morale.morale_step(regs, {}, {shooter.name: {"2:infantry:9", hurt.name}}, {"2:infantry:9"},
                                       {1: 2, 2: 3}, R)
    assert credits == {shooter.name: R.morale.credit} and shooter.morale == 60 + R.morale.credit


@pytest.mark.parametrize(("lows", "ok"), [
    ([100, 80, 60, 40, 20, 10, 0], True), ([100, 80, 60, 40, 20, 10, 5], False), ([100, 60, 80, 40, 20, 10, 0], False),
])
def test_tw11_5_morale_bands_must_descend_to_0(lows, ok):
    from pydantic import ValidationError

    data = R.model_dump()
    data["morale"]["states"] = [{**band, "low": low} for band, low in zip(data["morale"]["states"], lows, strict=True)]
    if ok:
        type(R).model_validate(data)
    else:
        with pytest.raises(ValidationError, match="bands must be listed from the highest 'low' down to 0"):
            type(R).model_validate(data)


def test_tw11_3_auras():
    me = reg(1, "infantry", 2, "K20")
    others = [reg(1, "infantry", 1, "K22", general=True), reg(2, "cavalry", 1, "K23", rout_turns=2),
              reg(1, "cavalry", 1, "K21", rout_turns=1), reg(1, "cavalry", 2, "L21", rout_turns=1)]
    assert morale.auras(me, [me, *others], R, False, False) == 10 + 5 - 5
    assert morale.auras(me, [me], R, True, True) == -15


# --- TW12 victory ----------------------------------------------------------------------------------------

def test_tw12_1_all_gone_or_routing_loses_and_both_draw():
    a, b = reg(1, "infantry", 1, "A1"), reg(2, "infantry", 1, "A9", rout_turns=2)
    assert victory.outcome([a, b], (1, 2), 3, R) == {1: "won", 2: "lost"}
    assert victory.outcome([b], (1, 2), 3, R) == {1: "draw", 2: "draw"}
    assert victory.outcome([a, reg(2, "cavalry", 1, "A9")], (1, 2), 3, R) is None


def test_tw12_2_turn_limit_strength():
    a, b = reg(1, "infantry", 1, "A1", men=50), reg(2, "cavalry", 1, "A9", men=26)
    assert victory.strength([a, b], 1, R) == 5 and victory.strength([a, b], 2, R) == pytest.approx(5.2)
    assert victory.outcome([a, b], (1, 2), R.turns.limit, R) == {1: "lost", 2: "won"}
    b.men = 25
    assert victory.outcome([a, b], (1, 2), R.turns.limit, R) == {1: "draw", 2: "draw"}


def test_tw11_6_rout_path_runs_from_the_nearest_enemy_towards_its_edge():
    runner = reg(1, "cavalry", 1, "K20", rout_turns=3)
    enemy = reg(2, "infantry", 1, "K24")
    path = orders.rout_path(runner, [runner, enemy], {}, R, 50, 50)
    assert [hexes.hex_name(x) for x in path] == ["K19", "K18", "K17", "K16"]   # cavalry MP 4, straight back north
    engaged = reg(2, "infantry", 2, "K21")
    assert len(orders.rout_path(runner, [runner, engaged], {}, R, 50, 50)) == 2  # halved when engaged
    edge = reg(1, "infantry", 1, "K1", rout_turns=3)
    assert orders.rout_path(edge, [edge, reg(2, "infantry", 1, "K3")], {}, R, 50, 50) == ()  # trapped at its edge


def test_tw6_movement_never_stacks_two_regiments_in_a_hex_and_follows_the_paths():
    """TW6.2/TW6.3 as an invariant over random armies and random paths: one regiment per hex after every
    movement, and each regiment ends on its start hex or on a hex of its own path."""
    for seed in range(60):
        rng = random.Random(seed)
        cells = rng.sample([(c, n) for c in range(8) for n in range(1, 9)], 12)
        regs = [reg(1 + i % 2, rng.choice(["infantry", "cavalry"]), i, f"{hexes.column_letters(c)}{n}")
                for i, (c, n) in enumerate(cells)]
        paths = {}
        for r in regs:
            here, path = r.hex, []
            for _ in range(rng.randint(0, 4)):
                here = rng.choice(hexes.neighbours(here))
                path.append(here)
            if path:
                paths[r.name] = orders.MoveOrder("move", tuple(path))
        start = {r.name: r.hex for r in regs}
        movement.resolve_movement(regs, paths, R, random.Random(seed))
        assert len({r.hex for r in regs}) == len(regs)
        for r in regs:
            assert r.hex == start[r.name] or r.hex in paths[r.name].path


# --- TW4.2 every roll is shown --------------------------------------------------------------------------------

def test_tw4_2_artillery_draw_and_every_area_die_are_recorded_a_miss_too():
    """E4's shot with the SE die a miss (3 < 5): the draw, both area dice (hit and miss) are rolls."""
    art = reg(1, "artillery", 1, "P5", "S")
    target = reg(2, "infantry", 4, "P13", "N")
    friend = reg(1, "infantry", 5, "P12", "S")
    other = reg(2, "infantry", 6, "Q14", "N")
    rolls: list = []
    hits = combat.shoot(art, target.hex, [art, target, friend, other], {}, R, Scripted(31, 5, 4, 3), factor(art),
                        rolls=rolls)
    assert [x.target for x in hits] == [target.name, friend.name]                 # Q14's die missed: no hit
    assert [(r.purpose, r.value, r.need, r.target) for r in rolls] == [
        ("artillery", 31, 0, target.name), ("area", 5, R.fire.area_hit, friend.name),
        ("area", 3, R.fire.area_hit, other.name)]
    assert (rolls[0].low, rolls[0].high) == (R.fire.artillery_low * art.men, R.fire.artillery_high * art.men)


@pytest.mark.parametrize("roll", [3, 4])
def test_tw4_2_the_charge_die_and_the_melee_draw_are_recorded(roll):
    a, d = reg(1, "infantry", 1, "K20"), reg(2, "infantry", 1, "K21")
    rolls: list = []
    combat.melee_attack(a, d.hex, True, {}, R, Scripted(roll), 100, rolls=rolls, against=d.name)
    assert [(r.purpose, r.value, r.need, r.target) for r in rolls] == [("charge", roll, R.charge.infantry_success,
                                                                       d.name)]
    rolls.clear()
    low, high = a.men // R.units["infantry"].melee_low_div, a.men // R.units["infantry"].melee_high_div
    combat.melee_attack(a, d.hex, False, {}, R, Scripted(low), 100, rolls=rolls, against=d.name)
    assert [(r.purpose, r.value, r.low, r.high) for r in rolls] == [("melee", low, low, high)]


def test_tw4_2_roll_words_name_the_roll_its_need_and_its_result():
    events = sub("events")
    miss = events.DiceRolled(1, "1:artillery:1", "area", 3, 1, 6, 5, "2:infantry:6")
    assert not miss.success
    assert miss.log_text() == "player 1's Artillery 1's shell rolls 3 (needs 5+): misses player 2's Infantry 6"
    charge = events.DiceRolled(1, "1:infantry:1", "charge", 4, 1, 6, 4, "2:infantry:1")
    assert charge.success and "goes home" in charge.log_text()
    off = events.DiceRolled(2, "2:cavalry:1", "roll-off", 6, 1, 6)
    assert off.log_text() == "player 2's Cavalry 1 rolls 6 in a roll-off for a hex"


def test_tw4_2_every_event_words_itself_for_the_log_without_rule_ids():
    """The log's line for each Total War event (game.summary.describe asks `log_text`): plain words."""
    import dataclasses
    import re

    events = sub("events")
    samples = {"seat": 1, "regiment": "1:infantry:2", "target": "2:cavalry:1", "tick": 1, "origin": "K20",
               "destination": "K21", "at": "K20", "wanted": "K21", "men": 12, "reaction": False, "artillery": False,
               "charge": True, "dealt": 25, "lost": 12, "morale": 60, "effective": 62, "state": "steady",
               "infantry": 5, "cavalry": 3, "points": 100, "regiments": 10, "purpose": "melee", "value": 30,
               "low": 20, "high": 50}
    for cls in events.TOTAL_WAR_EVENTS:
        fields = {f.name: samples[f.name] for f in dataclasses.fields(cls) if f.name in samples}
        if cls.__name__ == "ArmyBought":
            fields["artillery"] = 2
        text = cls(**fields).log_text(lambda t: str(t))
        assert text and not re.search(r"\(TW\d|\d+:\w+:\d+", text), (cls.__name__, text)
