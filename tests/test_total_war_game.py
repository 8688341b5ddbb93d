"""Forum: Total War on the engine: secret orders in simultaneous phases (TW3.2, TW4.1, TW4.2), resolvers in declared
order (movement -> reaction -> combat -> morale -> victory), typed events, computer games to a victory, saves
and replays with identical hashes, `foc simulate --ruleset total-war`."""

from __future__ import annotations

import pytest

from components.seats import Ready
from game.ai import RandomPlayer
from game.computer_seats import give_orders
from game.setup import PlayerSpec, create_game
from game.snapshot import state_hash
from game.views import events_for, view_for
from tests.tw_support import RULESET

PLAYERS = [PlayerSpec("Red"), PlayerSpec("Blue")]


def new_unbought(seed: int = 1, players=None):
    """A new game at its first phase: TW3.1, buying the armies."""
    return create_game(None, players or PLAYERS, seed=seed, ruleset=RULESET)


def new(seed: int = 1, players=None):
    """A new game at deployment: both sides kept the default army (TW3.1) when the players are humans."""
    game = new_unbought(seed, players)
    if not any(p.computer for p in players or PLAYERS):
        assert game.world.clock.stage == "muster"
        ready_both(game)
    return game


def tw(game):
    return game.app.plugin(RULESET)


def regiments(game):
    return tw(game).play.by_name(game.world)


def names(result):
    return [type(e).__name__ for e in result.events]


def ready_both(game):
    assert game.submit(Ready(), seat=1).ok
    return game.submit(Ready(), seat=2)


def test_tw3_a_new_game_draws_the_field_then_waits_for_both_deployments():
    game = new()
    assert game.in_setup and game.awaiting_orders and game.world.clock.stage == "deploy"
    regs = regiments(game)
    assert len(regs) == 20 and sum(r.general for r in regs.values()) == 2          # TW2.4, TW3.1
    assert {r.facing for r in regs.values() if r.seat == 1} == {"S"}                # TW3.2
    rows = {s: {tw(game).hexes.to_offset(r.hex)[1] for r in regs.values() if r.seat == s} for s in (1, 2)}
    assert rows[1] <= set(range(1, 9)) and rows[2] <= set(range(43, 51))
    assert tw(game).play.terrain(game.world)                                         # TW1.4: some non-plain hexes


def test_tw3_2_placement_is_secret_until_both_are_ready_and_bad_placements_are_refused():
    game = new()
    Place = tw(game).commands.Place
    bad = game.submit(Place("1:infantry:2", "K20"), seat=1)
    assert not bad.ok and "outside seat 1's zone" in bad.reason
    assert not game.submit(Place("2:infantry:2", "K45"), seat=1).ok                   # not its regiment
    assert game.submit(Place("1:infantry:2", "K3"), seat=1).ok
    other = view_for(game, 2)
    mine = view_for(game, 1)
    assert "K3" not in str(other) and "K3" in str(mine)                              # TW4.2: orders hidden
    assert regiments(game)["1:infantry:2"].hex != tw(game).hexes.parse_hex("K3")     # buffered, not applied
    result = ready_both(game)
    assert "OrdersRevealed" in names(result) and "RegimentsDeployed" in names(result)
    assert tw(game).hexes.hex_name(regiments(game)["1:infantry:2"].hex) == "K3"
    assert game.world.clock.stage == "movement" and game.awaiting_orders


def deployed(seed: int = 1):
    game = new(seed)
    ready_both(game)
    return game


def test_tw5_illegal_orders_are_rejected_with_a_reason_and_change_nothing():
    game = deployed()
    Move = tw(game).commands.Move
    reg = regiments(game)["1:infantry:2"]
    here = tw(game).hexes.hex_name(reg.hex)
    before = state_hash(game.world)
    far = game.submit(Move("1:infantry:2", "move", ("A1",)), seat=1)
    assert not far.ok and "not adjacent" in far.reason
    assert not game.submit(Move("1:infantry:2", "fly", ()), seat=1).ok
    assert not game.submit(tw(game).commands.Fire("1:infantry:2", "K45"), seat=1).ok   # not the combat phase
    assert state_hash(game.world) == before
    assert tw(game).hexes.hex_name(regiments(game)["1:infantry:2"].hex) == here


def test_tw4_1_movement_then_combat_resolve_in_declared_order_with_typed_events():
    game = deployed()
    Move = tw(game).commands.Move
    reg = regiments(game)["1:infantry:2"]
    hexes = tw(game).hexes
    step = hexes.hex_name(hexes.add(reg.hex, hexes.VECTORS["S"]))
    assert game.submit(Move("1:infantry:2", "move", (step,), "S"), seat=1).ok
    assert "RegimentMoved" not in str(events_for(game, 2, []))
    result = ready_both(game)
    kinds = names(result)
    assert kinds.index("OrdersRevealed") < kinds.index("RegimentMoved")
    assert hexes.hex_name(regiments(game)["1:infantry:2"].hex) == step
    assert game.world.clock.stage == "combat"
    result = ready_both(game)
    assert "MoraleChanged" in names(result)                                          # morale after combat
    assert game.world.clock.stage == "movement" and game.world.clock.round == 2


def play(game, controllers, limit=60):
    while not game.over and game.world.clock.round <= limit:
        for seat in game.acting_seats():
            give_orders(game, seat, controllers[seat - 1])
    return game


def test_tw12_a_computer_game_plays_to_a_victory():
    game = new(3, [PlayerSpec("N", computer=True, difficulty="normal"), PlayerSpec("R", computer=True, difficulty="random")])
    module = tw(game)
    play(game, [module.computer.NormalPlayer(), RandomPlayer()])
    assert game.over and game.world.clock.winner in (1, 2)     # TW12: a side won; a draw (DRAW = 0) fails
    assert game.world.clock.winner == 1                        # and it is the normal player, not the random one


def test_tw14_the_computer_reads_only_its_view():
    import inspect

    source = inspect.getsource(tw(new()).computer)
    assert "view_for" in source and "game.world.entities" not in source and "esper" not in source


def test_saves_and_replays_round_trip_with_identical_hashes(tmp_path):
    from game.replay import load_replay, save_replay, verify
    from game.saves import load_game, save_game

    game = new(5)
    module = tw(game)
    ctrl = [module.computer.NormalPlayer(), RandomPlayer()]
    for _ in range(6):
        for seat in game.acting_seats():
            give_orders(game, seat, ctrl[seat - 1])
    before = state_hash(game.world)
    loaded = load_game(save_game(game, tmp_path / "tw.foc"))
    assert state_hash(loaded.world) == before
    play(loaded, ctrl)
    play(game, ctrl)
    assert state_hash(loaded.world) == state_hash(game.world)
    verdict = verify(load_replay(save_replay(game, tmp_path / "tw.replay")))
    assert verdict.ok, verdict.message


def test_foc_simulate_plays_total_war_to_a_victory(capsys):
    from game.cli import main

    assert main(["simulate", "--ruleset", RULESET, "--players", "normal,random", "--seed", "2", "--rounds", "60"]) == 0
    out = capsys.readouterr().out
    assert "won" in out or "wins" in out or "winner" in out


@pytest.mark.parametrize("seed", [1])
def test_same_seed_same_game(seed):
    a, b = new(seed), new(seed)
    ctrl = [tw(a).computer.NormalPlayer(), RandomPlayer()]
    play(a, ctrl, 5)
    play(b, ctrl, 5)
    assert state_hash(a.world) == state_hash(b.world)


def test_tw4_1_the_resolvers_are_declared_in_order():
    game = new()
    assert game.app.schedule.order("movement") == ["movement", "reaction"]
    assert game.app.schedule.order("combat") == ["combat", "morale", "victory"]


def test_tw7_reaction_fire_on_the_engine_follows_the_moves():
    game = deployed()
    module = tw(game)
    hexes = module.hexes
    regs = regiments(game)
    red, blue = regs["1:infantry:2"], regs["2:cavalry:1"]
    red.hex, red.facing = hexes.parse_hex("K10"), "S"       # a test's scenario: set where they stand
    blue.hex = hexes.parse_hex("K20")
    men = blue.men
    Move = module.commands.Move
    assert game.submit(Move(blue.name, "move", ("K19", "K18", "K17", "K16"), "N"), seat=2).ok
    result = ready_both(game)
    kinds = names(result)
    shots = [e for e in result.events if type(e).__name__ == "ShotFired" and e.regiment == red.name]
    assert shots and shots[0].reaction and shots[0].target == blue.name
    assert kinds.index("RegimentMoved") < kinds.index("ShotFired")
    assert regiments(game)[blue.name].men == men - sum(e.men for e in result.events
                                                       if type(e).__name__ == "ShotFired" and e.target == blue.name)


def _reaction_scenario(path: tuple[str, ...], start: str = "K16", cover_at: dict[str, str] | None = None):
    """Red Infantry 2 (100 men, effective 100: Triumphant, damage 100%) holds at K10 facing S; Blue Cavalry 1
    (50 men) moves from `start` along `path`. The field between them is plain unless `cover_at` says else."""
    import esper

    game = deployed()
    module = tw(game)
    regs = regiments(game)
    red, blue = regs["1:infantry:2"], regs["2:cavalry:1"]
    red.hex, red.facing = module.hexes.parse_hex("K10"), "S"
    blue.hex = module.hexes.parse_hex(start)
    game.world.activate()
    for _, field in esper.get_component(module.components.Field):
        for row in range(9, 22):
            field.terrain.pop(f"K{row}", None)
        field.terrain.update(cover_at or {})
    assert game.submit(module.commands.Move(blue.name, "move", path, "N"), seat=2).ok
    result = ready_both(game)
    shots = [e for e in result.events if type(e).__name__ == "ShotFired" and e.regiment == red.name]
    return game, blue, shots


def test_tw7_4_the_reaction_shot_hits_the_regiment_that_triggered_it_after_it_moved_on():
    """TW7.2: Blue's last step in Red's arc at distance 2..6 with Red adjacent to no enemy is K13 -> K12 (the
    step to K11 leaves Red adjacent), so K12 is the trigger hex. TW7.4: the shot is at Blue, with K12's
    distance (2: 100%) and cover (buildings: 50%): TW8.2 base 100 // 3 = 33, TW10.1 33 x 100 x 100 x 50 /
    100^3 = 16.5 -> 16 men. Before, nobody stood on K12 at the end of movement and the shot hit nothing."""
    game, blue, shots = _reaction_scenario(("K15", "K14", "K13", "K12", "K11"), cover_at={"K12": "buildings"})
    assert [(e.target, e.men, e.reaction) for e in shots] == [(blue.name, 16, True)]
    assert regiments(game)[blue.name].men == 50 - 16
    assert tw(game).hexes.hex_name(regiments(game)[blue.name].hex) == "K11"


def test_tw7_4_a_plain_trigger_hex_gives_the_full_shot_and_no_trigger_gives_none():
    """The same charge over plain ground: 33 men (K12 at distance 2, cover 100). A regiment that stays beyond
    range (distance 7 and more: K17 -> K18) triggers nothing (TW7.2), so no reaction shot."""
    _, blue, shots = _reaction_scenario(("K15", "K14", "K13", "K12", "K11"))
    assert [(e.target, e.men) for e in shots] == [(blue.name, 33)]
    _, _, shots = _reaction_scenario(("K18",), start="K17")
    assert shots == []


def _overrun(guarded: bool):
    """Blue Cavalry 1 (stored morale 60) stands beside Red Artillery 1 at K21, far from every other regiment;
    `guarded`: Red Infantry 3 stands beside the artillery too. Both sides hold through movement; in combat the
    cavalry attacks the artillery by default (TW9.1: its only adjacent enemy, or the fewest men)."""
    game = deployed()
    module = tw(game)
    regs = regiments(game)
    art, cav, guard = regs["1:artillery:1"], regs["2:cavalry:1"], regs["1:infantry:3"]
    art.hex, cav.hex, cav.facing, cav.morale = module.hexes.parse_hex("K21"), module.hexes.parse_hex("K22"), "N", 60
    guard.hex = module.hexes.parse_hex("K20" if guarded else "A25")  # K20: beside the artillery, not the cavalry
    ready_both(game)  # movement: nobody moves
    assert game.world.clock.stage == "combat"
    result = ready_both(game)  # combat, morale
    return game, art, cav, result


def test_tw9_5_tw11_2_overrunning_unguarded_artillery_destroys_it_and_credits_the_attacker():
    """TW9.5: no guard beside it, the attacked artillery is destroyed; TW11.2: the cavalry damaged an enemy that
    was destroyed this turn: +10. Its other events: in melee (not rested), no losses, end of turn +4:
    60 + 4 + 10 = 74."""
    game, art, cav, result = _overrun(guarded=False)
    kinds = [(type(e).__name__, getattr(e, "regiment", None)) for e in result.events]
    assert ("RegimentDestroyed", art.name) in kinds
    melee = [e for e in result.events if type(e).__name__ == "MeleeFought" and e.regiment == cav.name]
    assert [(e.target, e.dealt) for e in melee] == [(art.name, 10)]  # all its men (10): it is destroyed
    assert art.name not in regiments(game) and regiments(game)[cav.name].morale == 60 + 4 + 10


def test_tw9_5_a_guarded_artillery_is_not_destroyed_and_gives_no_credit():
    """The other side: the guard takes the attack (TW9.5), nothing is destroyed, no credit: 60 + 4 = 64 (the
    guard, beside the artillery but not the cavalry, neither attacks nor, without an order, fires)."""
    game, art, cav, _ = _overrun(guarded=True)
    assert art.name in regiments(game) and regiments(game)[cav.name].morale == 60 + 4


def test_tw12_1_a_side_may_resign():
    from components.commands import Resign

    game = deployed()
    result = game.submit(Resign(), seat=2)
    assert result.ok and "PlayerResigned" in names(result)
    assert game.over and game.world.clock.winner == 1


def test_tw2_6_moved_artillery_is_undeployed_until_a_whole_turn_standing():
    game = deployed()
    module = tw(game)
    gun = regiments(game)["1:artillery:1"]
    step = module.hexes.hex_name(module.hexes.add(gun.hex, module.hexes.VECTORS["S"]))
    assert game.submit(module.commands.Move(gun.name, "move", (step,), "S"), seat=1).ok
    ready_both(game)
    assert not regiments(game)[gun.name].deployed
    ready_both(game)                      # combat, then the morale step of the turn it moved: still undeployed
    assert not regiments(game)[gun.name].deployed
    ready_both(game)
    ready_both(game)                      # a whole turn standing: deployed at its morale step
    assert regiments(game)[gun.name].deployed


def test_a_save_with_hidden_orders_pending_keeps_them_and_resolves_alike(tmp_path):
    from game.saves import load_game, save_game

    game = deployed()
    module = tw(game)
    gun = regiments(game)["1:infantry:3"]
    step = module.hexes.hex_name(module.hexes.add(gun.hex, module.hexes.VECTORS["S"]))
    assert game.submit(module.commands.Move(gun.name, "move", (step,), "S"), seat=1).ok
    assert game.submit(Ready(), seat=1).ok
    loaded = load_game(save_game(game, tmp_path / "pending.foc"))
    assert state_hash(loaded.world) == state_hash(game.world)
    assert game.submit(Ready(), seat=2).ok and loaded.submit(Ready(), seat=2).ok
    assert state_hash(loaded.world) == state_hash(game.world)
    assert module.hexes.hex_name(tw(loaded).play.by_name(loaded.world)[gun.name].hex) == step


def test_tw4_2_every_roll_of_a_volley_is_an_event_both_seats_see_before_its_hits():
    """TW4.2: an artillery volley into a regiment with a neighbour: the draw and the area die (hit or miss) are
    DiceRolled events, each before the shot's hits, in both seats' views of the resolution."""
    game = deployed()
    ready_both(game)                                                              # movement: everyone holds
    assert game.world.clock.stage == "combat"
    module = tw(game)
    hexes = module.hexes
    regs = regiments(game)
    art, target, neighbour = regs["1:artillery:1"], regs["2:infantry:2"], regs["2:infantry:3"]
    art.deployed = True
    target.hex = hexes.add(hexes.add(hexes.add(art.hex, hexes.VECTORS["S"]), hexes.VECTORS["S"]), hexes.VECTORS["S"])
    neighbour.hex = hexes.add(target.hex, hexes.VECTORS["S"])                     # a test position
    assert game.submit(module.commands.Fire(art.name, hexes.hex_name(target.hex)), seat=1).ok
    result = ready_both(game)
    for seat in (1, 2):
        seen = events_for(game, seat, result.events)
        rolls = [e for e in seen if type(e).__name__ == "DiceRolled" and e.regiment == art.name]
        assert rolls[0].purpose == "artillery" and rolls[0].target == target.name
        area = [r for r in rolls if r.purpose == "area"]
        assert neighbour.name in [r.target for r in area]                          # rolled for, hit or miss
        assert all(r.need == game.world.rules.fire.area_hit for r in area)
        first_shot = next(i for i, e in enumerate(seen) if type(e).__name__ == "ShotFired" and e.regiment == art.name)
        assert all(seen.index(r) < first_shot for r in rolls)
