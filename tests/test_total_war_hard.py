"""Total War's `hard` computer player (TW14): registered with the ruleset, reads only its seat's view, gives the
same commands as a human, and does what TW14 expects: the general amid the line, a line that holds where the
enemy comes through its arcs, cavalry charging sides and backs from outside enemy arcs, withdrawal when losing
in melee, targets by expected damage with loss thresholds and routs."""

from __future__ import annotations

import random

import pytest

from components.seats import Ready
from game.ai import RandomPlayer
from game.ai.one_by_one import OneByOne
from game.computer_seats import give_orders
from game.setup import PlayerSpec, create_game
from tests.tw_support import RULESET, reg, sub


def new(seed: int = 1, players=None):
    players = players or [PlayerSpec("Red", computer=True, difficulty="hard"),
                          PlayerSpec("Blue", computer=True, difficulty="normal")]
    game = create_game(None, players, seed=seed, ruleset=RULESET)
    for seat in game.acting_seats():  # TW3.1: both keep the default army
        assert game.submit(Ready(), seat=seat).ok
    assert str(game.world.clock.stage) == "deploy"
    return game


def place(game, regiments):
    """A test position: the battle's regiments replaced by `regiments` (TW rules-reference notation)."""
    import esper

    play = sub("play")
    game.world.activate()
    for entity in list(play.regiments(game.world)):
        esper.delete_entity(entity, immediate=True)
    for r in regiments:
        r.effective = r.effective or r.morale
        esper.create_entity(r)


def to_movement(game):
    for seat in game.acting_seats():
        assert game.submit(Ready(), seat=seat).ok
    assert str(game.world.clock.stage) == "movement"


def orders_of(game, seat):
    from game.orders import all_orders

    return {o.regiment: o for o in all_orders(game.world).get(seat, [])}


def test_tw14_hard_is_registered_with_the_ruleset():
    game = new()
    assert "hard" in game.app.computer_players


class SeededRandom(OneByOne):
    """Seat 2's orders: random legal commands from a generator of the test's own, so two copies differ."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, game, seat, commands):  # noqa: ANN001, ANN201
        return self.rng.choice(commands)


def _seat_1_orders_against(kind: str, enemy_seed: int, stage: str):
    """Seat 2 (a random player seeded `enemy_seed`) gives its orders first, then seat 1's computer of `kind`
    gives its own; the commands seat 1 gave (its orders, its Ready), and seat 2's orders by regiment."""
    game = new()
    to_movement(game)
    if stage == "combat":
        place(game, [reg(1, "infantry", 1, "K10", general=True), reg(1, "infantry", 2, "M10"),
                     reg(2, "infantry", 1, "K13", facing="N"), reg(2, "infantry", 2, "M13", facing="N"),
                     reg(2, "artillery", 1, "L14", facing="N")])
        for seat in (1, 2):
            assert game.submit(Ready(), seat=seat).ok
        assert str(game.world.clock.stage) == "combat"
    SeededRandom(enemy_seed).give_orders(game, 2)
    theirs = {k: repr(v) for k, v in orders_of(game, 2).items()}  # hidden from seat 1 (read before it resolves)
    player = sub("hard").HardPlayer() if kind == "hard" else sub("computer").NormalPlayer(kind) \
        if kind == "normal" else RandomPlayer()
    before = len(game.history)
    player.give_orders(game, 1)
    given = [repr(command) for _, issuer, command in list(game.history)[before:] if issuer == 1]  # Ready too
    return given, theirs


@pytest.mark.parametrize("stage", ["movement", "combat"])
@pytest.mark.parametrize("kind", ["hard", "normal", "random"])
def test_tw4_2_a_computer_reads_only_its_view_so_the_enemys_hidden_orders_change_nothing(kind, stage):
    """TW4.2/TW14: orders stay hidden until both sides have submitted, and a computer reads only its seat's
    view; so two copies of one game that differ only in seat 2's pending orders get the same orders from seat
    1's computer. (The enemy's orders do differ between the copies: a computer that read them could differ.)"""
    mine_a, theirs_a = _seat_1_orders_against(kind, 1, stage)
    mine_b, theirs_b = _seat_1_orders_against(kind, 2, stage)
    assert theirs_a and theirs_b and theirs_a != theirs_b
    assert mine_a and mine_a == mine_b


def test_tw9_1_the_legal_commands_offer_an_attack_on_each_adjacent_enemy_and_none_further():
    """TW9.1 in the enumeration learning agents use (legal.py): in combat, Attack only enemies next to the regiment."""
    game = new(players=[PlayerSpec("Red"), PlayerSpec("Blue")])
    to_movement(game)
    place(game, [reg(1, "infantry", 1, "K10", general=True), reg(2, "infantry", 1, "K11", facing="N"),
                 reg(2, "infantry", 2, "M13", facing="N")])
    for seat in (1, 2):
        assert game.submit(Ready(), seat=seat).ok
    assert str(game.world.clock.stage) == "combat"
    attacks = [(c.regiment, c.target) for c in game.app.legal_commands(game) if type(c).__name__ == "Attack"]
    assert attacks == [("1:infantry:1", "2:infantry:1")]


def test_tw4_3_a_regiment_is_destroyed_at_0_men_and_stays_with_1():
    play = sub("play")
    game = new(players=[PlayerSpec("Red"), PlayerSpec("Blue")])
    to_movement(game)
    place(game, [reg(1, "infantry", 1, "K10", men=1, general=True), reg(2, "infantry", 1, "K14", men=0),
                 reg(2, "infantry", 2, "M14")])
    battle = play.battle(game.world)
    play._remove_destroyed(game.world, battle)
    assert sorted(play.by_name(game.world)) == ["1:infantry:1", "2:infantry:2"]
    assert battle.destroyed == ["2:infantry:1"]


def test_tw14_hard_deploys_its_general_where_most_regiments_are_within_its_aura():
    game = new()
    hard, hexes = sub("hard"), sub("hexes")
    player = hard.HardPlayer()
    player.give_orders(game, 1)
    to_movement(game)
    regs = [r for r in sub("play").regiments(game.world).values() if r.seat == 1]
    general = next(r for r in regs if r.general)
    radius = game.world.rules.morale.aura_radius
    near = sum(hexes.distance(r.hex, general.hex) <= radius for r in regs)
    assert all(near >= sum(hexes.distance(r.hex, o.hex) <= radius for r in regs) for o in regs if o.kind == "infantry")


def test_tw14_hard_holds_its_line_facing_an_enemy_that_comes_to_it():
    """An enemy line 8 hexes off: the infantry holds (it will cross the arcs), facing it; the guns hold."""
    game = new()
    to_movement(game)
    place(game, [reg(1, "infantry", 1, "K10", general=True), reg(1, "infantry", 2, "M10"),
                 reg(1, "artillery", 1, "L8"), reg(2, "infantry", 1, "K18", facing="N"),
                 reg(2, "infantry", 2, "M18", facing="N")])
    sub("hard").HardPlayer().give_orders(game, 1)
    given = orders_of(game, 1)
    assert given["1:infantry:1"].kind == "hold" and given["1:infantry:1"].facing in ("S", "SE", "SW")
    assert given["1:infantry:2"].kind == "hold" and given["1:artillery:1"].kind == "hold"


def test_tw14_hard_cavalry_charges_a_pinned_enemy_in_the_side_from_outside_its_arcs():
    """Blue Infantry 1 is engaged with Red Infantry 1 (in front of it); Red Cavalry 1 rides to a side or back
    hex of it that no Blue shooter covers, and charges (TW6.4 contact)."""
    hexes = sub("hexes")
    game = new()
    to_movement(game)
    place(game, [reg(1, "infantry", 1, "K10", general=True), reg(1, "cavalry", 1, "G10"),
                 reg(2, "infantry", 1, "K11", facing="N"), reg(2, "infantry", 2, "S20", facing="N")])
    sub("hard").HardPlayer().give_orders(game, 1)
    order = orders_of(game, 1)["1:cavalry:1"]
    assert order.kind == "move" and order.path
    end = hexes.parse_hex(order.path[-1])
    target = hexes.parse_hex("K11")
    assert hexes.distance(end, target) == 1
    assert hexes.side_of(target, "N", end) in ("side", "back")
    rules = game.world.rules
    blue2 = reg(2, "infantry", 2, "S20", facing="N")
    assert not sub("hard").exposed(end, [blue2], rules)


def test_tw14_hard_withdraws_an_engaged_regiment_that_loses_more_than_it_inflicts():
    game = new()
    to_movement(game)
    place(game, [reg(1, "infantry", 1, "K10", general=True, men=30), reg(2, "infantry", 1, "K11", facing="N"),
                 reg(2, "infantry", 2, "L11", facing="N")])
    sub("hard").HardPlayer().give_orders(game, 1)
    order = orders_of(game, 1)["1:infantry:1"]
    assert order.kind == "withdraw" and len(order.path) == 1


def test_tw14_hard_targets_the_shot_that_routs_rather_than_the_bigger_scratch():
    """Two enemies in the arc: a fresh one (100 men, morale 100) and a shaken one (80 of 100 men, effective 25):
    the expected volley pushes the shaken one past a loss threshold into a rout (TW11.2, TW11.4), so it is the
    target even though the fresh one is nearer."""
    play = sub("play")
    game = new()
    to_movement(game)
    place(game, [reg(1, "infantry", 1, "K10", general=True), reg(2, "infantry", 1, "K13", facing="N"),
                 reg(2, "infantry", 2, "L14", facing="N", men=80, morale=25)])
    for seat in (1, 2):
        assert game.submit(Ready(), seat=seat).ok
    assert str(game.world.clock.stage) == "combat"
    names = play.by_name(game.world)
    names["2:infantry:2"].start_men = 100  # 20 lost already this turn
    names["2:infantry:2"].effective = 25
    sub("hard").HardPlayer().give_orders(game, 1)
    assert orders_of(game, 1)["1:infantry:1"].hex == "L14"
    sub("computer").NormalPlayer().give_orders(game, 1)               # normal: the bigger expected share
    assert orders_of(game, 1)["1:infantry:1"].hex == "K13"


def test_tw14_hard_plays_normal_to_a_victory_on_the_engine():
    game = new(2)
    plugin = game.app.plugin(RULESET)
    controllers = [plugin.hard.HardPlayer(), plugin.computer.NormalPlayer()]
    while not game.over and game.world.clock.round <= 60:
        for seat in game.acting_seats():
            give_orders(game, seat, controllers[seat - 1])
    assert game.over and game.world.clock.winner == 1   # TW12: hard (seat 1) wins; a draw (DRAW = 0) fails


def test_tw4_2_a_narrowed_view_holds_only_the_asked_components_and_still_hides_orders():
    """game.views.view_for(..., only=...) (what the computers read on the 2,500-hex field): only those
    components, filtered as the full view is (seat 1's pending orders are not in seat 2's)."""
    from game.views import view_for

    game = new()
    to_movement(game)
    sub("hard").HardPlayer().give_orders(game, 1)
    narrow = view_for(game, 2, only=("Regiment", "SeatOrders"))
    kinds = {name for comps in narrow["entities"].values() for name in comps}
    assert kinds == {"Regiment", "SeatOrders"}
    for comps in narrow["entities"].values():
        if "SeatOrders" in comps and comps["SeatOrders"]["seat"] == 1:
            assert set(comps["SeatOrders"]) == {"seat", "ready"}
    full = view_for(game, 2)
    regs = [c["Regiment"] for c in full["entities"].values() if "Regiment" in c]
    assert regs == [c["Regiment"] for c in narrow["entities"].values() if "Regiment" in c]


def test_tw14_hard_keeps_friends_off_its_own_rifle_lines():
    """TW8.3/TW14: the hexes between Red Infantry 1 and the enemy in its arc and range are a rifle line; a
    regiment advancing never ends its move there."""
    hard, hexes = sub("hard"), sub("hexes")
    shooter = reg(1, "infantry", 1, "K10")
    enemy = reg(2, "infantry", 1, "K14", facing="N")
    from tests.tw_support import rules as tw_rules

    lines = hard.rifle_lines([shooter], [enemy], tw_rules())
    assert lines == set(hexes.between(shooter.hex, enemy.hex)) and hexes.parse_hex("K12") in lines
    assert hard.rifle_lines([reg(1, "cavalry", 1, "K10")], [enemy], tw_rules()) == set()


def test_tw14_level_normal_players_decide_their_battles_before_the_turn_limit():
    """Issue: equal-level games ran to the turn limit. From `computer.press_turn` on `normal` closes to melee, and
    the guns of the side behind on strength come forward, so battles end in a victory (TW12.1) before turn 50."""
    from game.simulate import run_games

    results = run_games(None, ["normal", "normal"], 1, 3, 50, ruleset=RULESET)
    assert all(r.winner not in (None, 0) and r.rounds < 50 for r in results)


def test_tw14_normal_infantry_holds_at_rifle_range_before_the_press_turn_and_closes_after():
    normal = [PlayerSpec("Red", computer=True, difficulty="normal"), PlayerSpec("Blue", computer=True)]
    press = new(3, normal).world.rules.computer.press_turn
    assert press > 1
    for turn, closes in ((press - 1, False), (press, True)):
        game = new(3, normal)
        to_movement(game)
        place(game, [reg(1, "infantry", 1, "K20", general=True), reg(2, "infantry", 1, "K16", facing="N")])
        game.world.clock.round = turn
        sub("computer").NormalPlayer().give_orders(game, 1)
        assert (orders_of(game, 1)["1:infantry:1"].kind == "move") is closes, turn
