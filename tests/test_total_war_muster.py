"""TW3.1 buying the armies: a secret simultaneous setup phase (`muster`) before deployment; points, a general and
room in the line are checked; a side that buys nothing keeps the default army; computers buy too."""

from __future__ import annotations

from components.seats import Ready
from game.computer_seats import give_orders
from game.setup import PlayerSpec, create_game
from game.views import view_for
from tests.tw_support import RULESET


def new(players=None, seed: int = 1):
    return create_game(None, players or [PlayerSpec("Red"), PlayerSpec("Blue")], seed=seed, ruleset=RULESET)


def tw(game):
    return game.app.plugin(RULESET)


def army(game, seat):
    regs = [r for r in tw(game).play.regiments(game.world).values() if r.seat == seat]
    return sorted(r.kind for r in regs), regs


def test_tw3_1_the_game_opens_on_buying_the_armies_before_deployment():
    game = new()
    assert game.in_setup and game.awaiting_orders and game.world.clock.stage == "muster"
    kinds, _ = army(game, 1)
    assert kinds == sorted(game.world.rules.army.default)                 # the default army until bought


def test_tw3_1_points_a_general_and_known_types_are_checked_with_a_reason():
    game = new()
    Buy = tw(game).commands.Buy
    over = game.submit(Buy(("infantry",) * 11), seat=1)
    assert not over.ok and "110 points" in over.reason and "TW3.1" in over.reason
    nogeneral = game.submit(Buy(("cavalry", "cavalry")), seat=1)
    assert not nogeneral.ok and "TW2.4" in nogeneral.reason
    typo = game.submit(Buy(("infantry", "dragoons")), seat=1)
    assert not typo.ok and "dragoons" in typo.reason
    late = new()
    for seat in (1, 2):
        assert late.submit(Ready(), seat=seat).ok
    refused = late.submit(Buy(("infantry",)), seat=1)
    assert not refused.ok and "before deployment" in refused.reason
    assert game.world.clock.stage == tw(game).play.MUSTER                   # nothing applied, still buying


def test_tw3_1_a_bought_army_is_hidden_until_both_are_ready_then_replaces_the_default():
    game = new()
    Buy = tw(game).commands.Buy
    bought = ("infantry",) * 4 + ("cavalry",) * 6
    assert game.submit(Buy(("infantry",) * 10), seat=1).ok
    assert game.submit(Buy(bought), seat=1).ok                            # revisable: the last one counts
    assert "Buy" not in str(view_for(game, 2)) and "Buy" in str(view_for(game, 1))   # TW4.2: hidden
    assert army(game, 1)[0] == sorted(game.world.rules.army.default)       # buffered, not applied
    assert game.submit(Ready(), seat=1).ok
    result = game.submit(Ready(), seat=2)
    assert [type(e).__name__ for e in result.events].count("ArmyBought") == 2
    kinds, regs = army(game, 1)
    assert kinds == sorted(bought)
    generals = [r for r in regs if r.general]
    assert len(generals) == 1 and generals[0].kind == "infantry" and generals[0].number == 1   # TW2.4
    assert {r.facing for r in regs} == {"S"}                                # TW3.2
    assert army(game, 2)[0] == sorted(game.world.rules.army.default)       # seat 2 bought nothing: the default
    assert tw(game).play.battle(game.world).start_counts == [10, 10]
    assert game.world.clock.stage == "deploy"


def test_tw3_1_computers_buy_and_play_on():
    players = [PlayerSpec("Hard", computer=True, difficulty="hard"),
               PlayerSpec("Normal", computer=True, difficulty="normal")]
    game = new(players, seed=2)
    plugin = tw(game)
    controllers = [plugin.hard.HardPlayer(), plugin.computer.NormalPlayer()]
    for seat in game.acting_seats():
        give_orders(game, seat, controllers[seat - 1])
    assert game.world.clock.stage == "deploy"
    assert len(army(game, 1)[1]) == len(game.world.rules.army.default)
