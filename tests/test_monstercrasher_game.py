"""MonsterCrasher played on the engine: commands through Game.submit with reasons, typed events, game end."""

from __future__ import annotations

import random

import esper
import pytest

from game.setup import PlayerSpec, create_game
from game.snapshot import state_hash
from tests.mc_support import RULESET


class SpawnChoicePicker:
    """MC9.4's yardstick: uniform among the legal spawn choices (nothing included), from its own generator."""

    def __init__(self, module, seed: int) -> None:
        self.module, self.rng = module, random.Random(seed)

    def play_turn(self, game):
        return [game.submit(command) for command in self.rng.choice(self.module.player.legal_turns(game))]


def new(seed: int = 1, computer: tuple[bool, bool] = (False, False)):
    players = [PlayerSpec(f"P{seat}", computer=computer[seat - 1]) for seat in (1, 2)]
    return create_game(None, players, seed=seed, ruleset=RULESET)


@pytest.fixture
def game():
    return new()


def mc(game):
    return game.app.plugin(RULESET)


def spawn(game, seat, kind, square):
    module = mc(game)
    return game.submit(module.commands.Spawn(seat, kind, ord(square[0]) - 64, int(square[1:])))


def press(game, seat):
    return game.submit(mc(game).commands.PressTurnButton(seat))


def names(result):
    return [type(e).__name__ for e in result.events]


def place(game, seat, kind, square):
    """Put a creature on the board directly (for positions no sequence of turns reaches quickly)."""
    module = mc(game)
    game.world.activate()
    creature = game.world.rules.units[kind]
    return esper.create_entity(module.components.Creature(
        kind, seat, creature.power, creature.defense, ord(square[0]) - 64, int(square[1:])))


@pytest.mark.parametrize("computer", [(False, False), (True, False), (False, True), (True, True)])
def test_mc2_1_each_seat_is_played_by_a_human_or_the_computer_as_set_up(computer):
    game = new(computer=computer)
    assert tuple(mc(game).play.is_computer(game.world, seat) for seat in (1, 2)) == computer
    assert mc(game).play.is_computer(game.world, 3) is False   # no such seat


def test_mc3_a_new_game_waits_for_player_1_to_spawn(game):
    position = mc(game).play.position_of(game.world)
    assert (game.world.clock.round, game.world.clock.seat, game.world.clock.stage) == (1, 1, "spawn")
    assert position.life == (10, 10) and position.pieces == ()


def test_mc3_2_illegal_spawns_are_rejected_with_a_reason_and_change_nothing(game):
    assert spawn(game, 1, "basic", "C1").ok
    before = state_hash(game.world)
    cases = [
        ((1, "basic", "C1"), "C1 is occupied"),
        ((1, "basic", "D2"), "D2 is not on your back row (rank 1)"),
        ((1, "guard", "D1"), "a Guard costs 2 spawn points and 1 are left this turn"),
        ((2, "basic", "D8"), "it is player 1's turn, not player 2's"),
        ((1, "runner", "D1"), "'runner' is not a creature players may spawn"),
        ((1, "dragon", "D1"), "'dragon' is not a creature players may spawn"),
        ((1, "basic", "Z1"), "is not a square of the board"),
    ]
    for (seat, kind, square), reason in cases:
        result = spawn(game, seat, kind, square)
        assert not result.ok and reason in result.reason, (square, result)
    assert state_hash(game.world) == before
    result = press(game, 2)
    assert not result.ok and "player 1's turn" in result.reason


def test_mc3_3_the_turn_button_marches_and_hands_over(game):
    assert spawn(game, 1, "basic", "C1").ok
    result = press(game, 1)
    assert result.ok
    assert "MarchStarted" in names(result) and "CreatureStepped" in names(result)
    stepped = next(e for e in result.events if type(e).__name__ == "CreatureStepped")
    assert (stepped.origin, stepped.target) == ((3, 1), (3, 2))
    assert (game.world.clock.seat, game.world.clock.stage) == (2, "spawn")
    assert spawn(game, 2, "guard", "C8").ok   # the spawn points are player 2's own, fresh
    press(game, 2)
    assert spawn(game, 1, "basic", "A1").ok and spawn(game, 1, "basic", "B1").ok  # lost points do not carry


def test_mc10_3_crossing_on_the_engine_costs_life_and_ends_the_game(game):
    module = mc(game)
    place(game, 1, "basic", "E7")
    place(game, 1, "basic", "E8")
    place(game, 2, "basic", "A2")
    module.play.contenders(game.world)[2].life = 1
    result = press(game, 1)
    kinds = names(result)
    assert {"CreatureCrossed", "LifeLost", "CreatureStepped", "GameWon"} <= set(kinds)
    lost = next(e for e in result.events if type(e).__name__ == "LifeLost")
    assert (lost.player, lost.amount, lost.life) == (2, 1, 0)
    assert game.over and game.world.clock.winner == 1
    assert not press(game, 2).ok


def test_mc10_1_head_on_on_the_engine_fights_and_destroys(game):
    guard = place(game, 1, "guard", "C4")
    place(game, 2, "basic", "C5")
    result = press(game, 1)
    assert {"CreaturesFought", "CreatureDestroyed"} <= set(names(result))
    fought = next(e for e in result.events if type(e).__name__ == "CreaturesFought")
    assert fought.how == "head-on"
    pieces = mc(game).play.position_of(game.world).pieces
    assert [(p.id, p.defense, p.square) for p in pieces] == [(guard, 1, (3, 5))]


def test_mc7_1_both_at_zero_in_one_march_is_a_draw(game):
    from systems.world import DRAW

    module = mc(game)
    place(game, 1, "basic", "A8")
    place(game, 2, "basic", "H1")
    for seat in (1, 2):
        module.play.contenders(game.world)[seat].life = 1
    result = press(game, 1)
    assert "GameDrawn" in names(result)
    assert game.over and game.world.clock.winner == DRAW


def test_mc7_2_after_the_round_limit_equal_life_is_a_draw(game):
    from systems.world import DRAW

    limit = game.world.rules.turns.round_limit
    for _ in range(limit):
        assert press(game, 1).ok
        assert not game.over
        assert press(game, 2).ok
    assert game.over and game.world.clock.winner == DRAW
    assert game.world.clock.round == limit


def test_mc9_legal_turns_and_commands_are_what_the_engine_accepts(game):
    module = mc(game)
    turns = module.player.legal_turns(game)
    assert len(turns) == 1 + 8 + 8 + 28
    singles = module.player.legal_commands(game)
    assert len(singles) == 8 * 2 + 1
    assert all(game.check(command) is None for command in singles)
    for command in turns[-1]:
        assert game.submit(command).ok


def test_mc9_4_the_computer_meets_a_lone_basic_on_c3(game):
    module = mc(game)
    place(game, 2, "basic", "C3")
    turn = module.player.ComputerPlayer().choose_turn(game)
    spawned = [(c.file, c.rank) for c in turn if type(c).__name__ == "Spawn"]
    assert (3, 1) in spawned
    assert type(turn[-1]).__name__ == "PressTurnButton"


def test_mc9_1_computer_against_random_plays_only_legal_commands_to_the_end():
    game = new(seed=4, computer=(True, False))
    module = mc(game)
    computer, chance = module.player.ComputerPlayer(), SpawnChoicePicker(module, 4)
    while not game.over:
        (computer if game.world.clock.seat == 1 else chance).play_turn(game)
    assert game.world.clock.winner == 1


def test_one_process_base_ships_monstercrasher_base_each_rejects_the_others_commands():
    """Issue: one engine, many games. Four games in one process; each knows only its own commands."""
    from components.commands import ChooseBase, EndTurn
    from tests.builders import tiny_map

    def base_game(mods: list[str]):
        made = create_game(tiny_map(["pppss", "pppss"]), [PlayerSpec("A"), PlayerSpec("B")], seed=5, mods=mods)
        assert made.submit(ChooseBase(0)).ok and made.submit(ChooseBase(2)).ok
        return made

    first = base_game([])
    ships = base_game(["ships"])
    monsters = new(seed=2)
    last = base_game([])
    module = mc(monsters)
    sail = ships.app.command_types()["Sail"]
    foreign = {
        "base": [module.commands.Spawn(1, "basic", 1, 1), module.commands.PressTurnButton(1), sail(1, (2,))],
        "monstercrasher": [EndTurn(), ChooseBase(0), sail(1, (2,))],
    }
    for game, kind in ((first, "base"), (ships, "base"), (monsters, "monstercrasher"), (last, "base")):
        before, history = state_hash(game.world), list(game.history)
        for command in foreign[kind]:
            if game is ships and type(command).__name__ == "Sail":
                continue
            result = game.submit(command)
            assert not result.ok and result.reason.startswith(f"unknown command {type(command).__name__}")
        assert state_hash(game.world) == before and game.history == history
    assert "Creature" not in first.app.components and "Creature" in monsters.app.components
    # and every game plays on
    for game in (first, ships, last):
        assert game.submit(EndTurn()).ok
    assert spawn(monsters, 1, "basic", "A1").ok and press(monsters, 1).ok


def test_saves_and_replays_record_the_ruleset_and_round_trip_with_identical_hashes(tmp_path):
    from game.replay import load_replay, save_replay, verify
    from game.saves import load_game, read_raw, save_game

    game = new(seed=7, computer=(True, False))
    module = mc(game)
    computer, chance = module.player.ComputerPlayer(), SpawnChoicePicker(module, 7)
    for _ in range(12):
        (computer if game.world.clock.seat == 1 else chance).play_turn(game)
    before = state_hash(game.world)
    path = save_game(game, tmp_path / "mc.foc")
    assert read_raw(path)["mods"][0]["id"] == RULESET
    loaded = load_game(path)
    assert state_hash(loaded.world) == before
    assert loaded.world.rules.ruleset_id == RULESET
    assert module.play.position_of(loaded.world) == module.play.position_of(game.world)
    assert loaded.submit(module.commands.PressTurnButton(loaded.world.clock.seat)).ok  # it plays on
    while not game.over:
        (computer if game.world.clock.seat == 1 else chance).play_turn(game)
    verdict = verify(load_replay(save_replay(game, tmp_path / "mc.replay")))
    assert verdict.ok, verdict.message
