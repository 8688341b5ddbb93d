"""One engine, many games: every game has its own App (commands, components, abilities, systems, flow)."""

from __future__ import annotations

from components.commands import EndTurn, Resign
from game.content import load_app
from game.engine import Game
from game.setup import PlayerSpec, create_game
from game.snapshot import state_hash
from systems.events import GameWon, PlayerResigned
from tests.builders import tiny_map

PLAYERS = [PlayerSpec("A"), PlayerSpec("B")]


def started(mods: list[str]) -> Game:
    game = create_game(tiny_map(["pppss", "pppss"]), PLAYERS, 5, mods=mods)
    from components.commands import ChooseBase

    assert game.submit(ChooseBase(0)).ok and game.submit(ChooseBase(2)).ok
    return game


def sail_command(game: Game):  # the ships mod's command class, taken from the game that has it
    return game.app.command_types()["Sail"]


def test_a_base_game_after_a_ships_game_rejects_sail_with_a_reason_and_no_change():
    ships = started(["ships"])
    sail = sail_command(ships)
    assert ships.submit(sail(123, (4,))).reason == "there is no ship 123"  # the ships game knows Sail
    base = started([])
    before, history = state_hash(base.world), list(base.history)
    result = base.submit(sail(123, (4,)))
    assert not result.ok
    assert result.reason.startswith("unknown command Sail")
    assert state_hash(base.world) == before
    assert base.history == history


def test_base_then_ships_then_base_each_game_sees_only_its_own_commands_and_components():
    first = started([])
    ships = started(["ships"])
    again = started([])
    sail = sail_command(ships)
    for game in (first, again):
        assert "Sail" not in game.app.command_types()
        assert "ShipMoves" not in game.app.components
        assert "vessel" not in game.app.ability_kinds
        assert "ships.ready" not in game.schedule.order("upkeep")
        before = state_hash(game.world)
        assert game.submit(sail(1, (2,))).reason.startswith("unknown command Sail")
        assert state_hash(game.world) == before
    assert {"Sail", "Embark", "Disembark", "ShipFire"} <= set(ships.app.command_types())
    assert "ShipMoves" in ships.app.components
    assert ships.schedule.order("upkeep") == ["upkeep", "ships.ready"]
    # the three games play on independently
    for game in (first, ships, again):
        assert game.submit(EndTurn()).ok


def test_each_game_gets_a_fresh_app_even_from_the_same_rules():
    app = load_app(mods=["medic"])
    one = create_game(tiny_map(["ppp"]), PLAYERS, 1, mods=["medic"])
    two = create_game(tiny_map(["ppp"]), PLAYERS, 1, mods=["medic"])
    assert one.app is not two.app and one.app is not app
    assert one.app.schedule is not two.app.schedule
    assert one.schedule.order("upkeep") == two.schedule.order("upkeep") == ["upkeep", "medic.heal"]


def test_abilities_load_as_their_typed_parameters():
    from components.abilities import Pathfinder

    rules = load_app().rules
    scouts = [u for u in rules.units.values() if u.has("pathfinder")]
    assert scouts and all(isinstance(u.ability("pathfinder"), Pathfinder) for u in scouts)
    assert all(isinstance(u.ability("pathfinder", Pathfinder).mp_bonus, int) for u in scouts)


def test_resign_ends_the_game_for_the_resigning_seat_and_the_other_wins():
    game = started([])
    result = game.submit(Resign())
    assert result.ok
    assert any(isinstance(e, PlayerResigned) and e.seat == 1 for e in result.events)
    assert any(isinstance(e, GameWon) and e.seat == 2 for e in result.events)
    assert game.over and game.world.clock.winner == 2
    assert game.submit(EndTurn()).reason == "the game is over"
