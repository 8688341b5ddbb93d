"""Total War's rules at their boundaries (shared/rulesets/total-war.md): each test pins a value one step either side
of a rule's limit, or a word the log must say, found by mutation testing (docs/testing.md)."""

from __future__ import annotations

import random

from tests.tw_support import Scripted, h, plugin, reg, rules, sub

hexes = sub("hexes")
orders = sub("orders")
movement = sub("movement")
combat = sub("combat")
morale = sub("morale")
events = sub("events")
R = rules()



def test_tw1_1_the_field_starts_at_row_1_and_column_a_and_ends_at_its_size():
    """TW1.1: rows are numbered from 1 and columns lettered from A, `width` columns by `height` rows."""
    assert hexes.on_field(h("A1"), 10, 12)
    assert not hexes.on_field(hexes.from_offset(0, 0), 10, 12)      # row 0: off the top
    assert hexes.on_field(h("A12"), 10, 12)
    assert not hexes.on_field(h("A13"), 10, 12)
    assert hexes.on_field(h("J1"), 10, 12)                           # column 10 of 10
    assert not hexes.on_field(h("K1"), 10, 12)
    assert not hexes.on_field(hexes.from_offset(-1, 1), 10, 12)


def test_tw6_2b_a_roll_off_rolls_a_d6_for_each_contender():
    """TW6.2(b): each contender rolls d6 (1 to 6) in processing order; the highest wins."""
    a, b = reg(1, "infantry", 1, "K20"), reg(2, "infantry", 1, "K22")
    rng, rolls = Scripted(3, 5), []
    assert movement.roll_off([a, b], rng, rolls) is b
    assert rng.asked == [(1, 6), (1, 6)]
    assert rolls == [(a.name, 3), (b.name, 5)]


def test_tw6_an_order_with_no_hexes_to_enter_or_for_a_regiment_not_on_the_field_moves_nothing():
    """TW6.1: only regiments on the field with hexes to enter move; a move order naming no hex is a stand."""
    mover = reg(1, "infantry", 1, "K20", "S")
    still = reg(1, "infantry", 2, "M20", "S")
    gone = reg(2, "infantry", 1, "P20", "N")                        # dispersed: not among the regiments
    plan = {mover.name: orders.MoveOrder("move", (h("K21"),), "S"),
            still.name: orders.MoveOrder("move", (), "S"),
            gone.name: orders.MoveOrder("move", (h("P19"),), "N")}
    result = movement.resolve_movement([mover, still], plan, R, random.Random(0))
    assert mover.hex == h("K21") and still.hex == h("M20")
    assert len(result.ticks) == 1
    assert [name for name, _frm, _to in result.ticks[0]["made"]] == [mover.name]


def test_tw8_5_an_area_die_hits_on_exactly_area_hit_and_misses_one_below():
    """TW8.5: each regiment next to a bombarded hex is hit on d6 >= area_hit (4 in the rules), missed below."""
    art = reg(1, "artillery", 1, "P5", "S")
    target = reg(2, "infantry", 4, "P13", "N")
    friend = reg(1, "infantry", 5, "P12", "S")                      # the target's N neighbour, alone next to it
    regs = [art, target, friend]
    low = art.men // R.fire.area_low_div
    hits = combat.shoot(art, target.hex, regs, {}, R, Scripted(31, R.fire.area_hit, low), 100)
    assert [x.target for x in hits] == [target.name, friend.name]
    hits = combat.shoot(art, target.hex, regs, {}, R, Scripted(31, R.fire.area_hit - 1), 100)
    assert [x.target for x in hits] == [target.name]


def test_tw11_5_an_effective_morale_below_every_band_is_the_lowest_state():
    """TW11.5: the bands run down to 0; an uncontrolled regiment's effective morale below 0 (auras) is the last."""
    assert morale.state_of(-1, R, controlled=False) == R.morale.states[-1]
    assert morale.state_of(0, R, controlled=False) == R.morale.states[-1]


def test_tw4_2_a_hit_is_worded_as_reaction_fire_a_bombardment_or_a_volley():
    """TW4.2 (the log): a shot's hit says whether it was reaction fire (TW7), artillery (TW8.4) or rifles."""
    def how(reaction: bool, artillery: bool) -> str:
        return events.ShotFired(1, "1:infantry:1", "2:infantry:3", 12, reaction, artillery).log_text()

    assert how(True, False) == "Player 1's Infantry 1 hits player 2's Infantry 3 with reaction fire: 12 men"
    assert how(False, True).endswith("with a bombardment: 12 men")
    assert how(False, False).endswith("with a volley: 12 men")


def test_tw4_2_a_melee_draw_and_an_artillery_draw_are_worded_as_such():
    """TW4.2: a melee draw (TW9.2) reads as melee, an artillery draw (TW8.4) as a bombardment."""
    melee = events.DiceRolled(1, "1:infantry:1", "melee", 30, 20, 50, 0, "2:infantry:3")
    assert melee.log_text() == "player 1's Infantry 1's melee against player 2's Infantry 3: 30 drawn from 20-50"
    shell = events.DiceRolled(1, "1:artillery:1", "artillery", 31, 20, 40, 0, "2:infantry:3")
    assert shell.log_text() == \
        "player 1's Artillery 1's bombardment against player 2's Infantry 3: 31 drawn from 20-40"


def test_every_total_war_event_is_registered_with_the_game():
    """The plugin declares each of its events to the game (saves and the network name events by their type)."""
    from game.content import load_app

    assert plugin() is not None
    registered = load_app("total-war").events
    for cls in events.TOTAL_WAR_EVENTS:
        assert registered.get(cls.__name__) is cls, cls.__name__


def test_tw11_6_a_routing_regiment_skips_a_closer_or_taken_neighbour_and_tries_the_next():
    """TW11.6: seat 2's cavalry on K20 routs from an enemy on K16: N (K19) is closer to it, so it is passed over
    (and so it is when a friend holds it); S is as far as SE and SW but nearest seat 2's edge (the last row), so
    it runs straight south, 4 MP: K21 to K24."""
    runner = reg(2, "cavalry", 1, "K20", rout_turns=3)
    enemy = reg(1, "infantry", 1, "K16")
    south = ["K21", "K22", "K23", "K24"]
    assert [hexes.hex_name(x) for x in orders.rout_path(runner, [runner, enemy], {}, R, 50, 50)] == south
    friend = reg(2, "infantry", 1, "K19")
    path = orders.rout_path(runner, [runner, enemy, friend], {}, R, 50, 50)
    assert [hexes.hex_name(x) for x in path] == south


def test_tw8_6_each_artillery_hit_is_counted_and_tw11_4_only_enemies_count_as_damaged():
    """TW8.6: every artillery hit (the target's and the area's) counts once towards the morale cost; TW11.4's
    credits follow damage done to enemies, never to the shooter's own side (TW8.5's friendly fire)."""
    play, components = sub("play"), sub("components")
    art = reg(1, "artillery", 1, "P5", "S")
    target = reg(2, "infantry", 4, "P13", "N")
    friend = reg(1, "infantry", 5, "P12", "S")
    names = {r.name: r for r in (art, target, friend)}
    battle = components.Battle()
    hits = [combat.Hit(art.name, target.name, 31, True), combat.Hit(art.name, friend.name, 3, True),
            combat.Hit(art.name, target.name, 5, True)]
    play._record(battle, hits, names)
    assert battle.artillery_hits == {target.name: 2, friend.name: 1}
    assert battle.damaged == {art.name: [target.name]}


def test_tw11_6_a_routing_regiment_passes_over_a_step_it_cannot_afford_to_the_next():
    """TW11.6: seat 2's infantry (2 MP) on K20 routs from K16: K21 first; from there SE (L21) is a hill, 1 + 1.5
    rounds up to 3 MP, too dear, so S (K22, plain: 2 MP in all) is taken."""
    runner = reg(2, "infantry", 1, "K20", rout_turns=3)
    enemy = reg(1, "infantry", 1, "K16")
    terrain = {h("L21"): "hill"}
    path = orders.rout_path(runner, [runner, enemy], terrain, R, 50, 50)
    assert [hexes.hex_name(x) for x in path] == ["K21", "K22"]
    assert hexes.hex_name(hexes.add(h("K21"), hexes.VECTORS["SE"])) == "L21"


def test_tw13_1_a_terrain_patch_may_spread_into_the_first_column():
    """TW13.1: each patch starts on a drawn hex and steps to drawn neighbours while they stay on the field's rows
    and columns. Steered draws: every patch starts on B21 (column 1, row first_row + 10) and steps NW: into A21
    (column 0, on the field), then off the left edge (refused, it stays). Kinds in name order, hill last."""
    import esper

    from game.setup import PlayerSpec, create_game

    class Steered(random.Random):
        def randrange(self, n: int) -> int:  # type: ignore[override]
            return hexes.DIRECTIONS.index("NW") if n == 6 else 1

        def randint(self, a: int, b: int) -> int:
            return a + 10

    game = create_game(None, [PlayerSpec("Red"), PlayerSpec("Blue")], seed=1, ruleset="total-war")
    play, components = sub("play"), sub("components")
    game.world.activate()
    for entity, _ in list(esper.get_component(components.Field)):
        esper.delete_entity(entity, immediate=True)
    game.world.rng = Steered(0)
    assert R.field.first_row + 10 == 21
    play.draw_field(game.world)
    [(_, drawn)] = esper.get_component(components.Field)
    assert drawn.terrain == {"B21": "hill", "A21": "hill"}
