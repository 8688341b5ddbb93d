"""The `ruleset` skeleton: a whole small game on the engine (claim squares; the biggest group wins), with its rules
model, command, end of game, computer players over its legal commands, a second board in maps/, and tests."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.mod_kit import Names

PLUGIN = '''\
"""$title: a whole game on the Forces of Conquest engine (a ruleset).

Made with `foc new-mod $id --kind ruleset`.

The rules (ids C1-C4, cite them in tests and docstrings):
- C1 On their turn a player claims one free square of the board; that ends their turn.
- C2 Once every square is claimed, the player whose largest group of joined squares (side by side) is the
  biggest wins; if several have the biggest, they draw.
- C3 After `game.round_limit` rounds the game ends as in C2 with the squares claimed so far.
- C4 The computer players choose among the legal commands (`legal_commands`): "random" uniformly, "normal"
  next to its own squares when it can.
Every number is in rules.toml. The engine gives every game the board's squares (Territory, Ownership) and a
Player per seat; this plugin adds the rules model, the Claim command, the end of the game and the players.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from pydantic import Field, StrictInt

from components.board import Ownership, Territory
from components.commands import Command
from components.players import Player
from components.rules import RulesetCore, Strict
from game.presentation import PieceLook
from systems.events import Event
from systems.hooks import DRAW, LOST, WON
from systems.outcome import check_victory
from systems.world import World

CLAIM, SCORE = "claim", "score"  # the turn's phases (mod.toml [flow])


class GameRules(Strict):
    """C3: how many rounds a game lasts at most."""

    round_limit: StrictInt = Field(ge=1, le=10_000)


class Rules(RulesetCore):
    """The whole ruleset: the engine's core (setup, terrain, units, board) and this game's `[game]` section."""

    game: GameRules


@dataclass(frozen=True, slots=True)
class Claim(Command):
    """C1: `seat` claims the free square `territory` (index y * width + x); its turn ends."""

    seat: int
    territory: int


@dataclass(frozen=True, slots=True)
class SquareClaimed(Event):
    """C1: a square changed hands (the client and the log show it)."""

    seat: int
    territory: int


def check_claim(world: World, command: Claim) -> str | None:
    """Why the claim is refused (a sentence for the player), or None: C1's conditions, checked on every command."""
    if world.clock.stage != CLAIM:
        return "it is not the time to claim"
    if command.seat != world.clock.seat:
        return f"it is player {world.clock.seat}'s turn, not player {command.seat}'s"
    if not 0 <= command.territory < len(world.tiles):
        return f"there is no square {command.territory} on this board"
    if world.owner_of(command.territory) is not None:
        return f"square {command.territory} is already claimed"
    return None


def apply_claim(world: World, command: Claim) -> None:
    """C1: the square becomes the seat's."""
    world.set_owner(command.territory, command.seat)
    world.emit(SquareClaimed(command.seat, command.territory))


def outcome(world: World) -> dict[int, str] | None:
    """The engine's victory hook: C2 and C3, per seat won, lost or draw; None while the game goes on."""
    if world.clock.stage != SCORE:
        return None
    board_full = all(world.owner_of(t) is not None for t in range(len(world.tiles)))
    last_turn = world.clock.round >= rules_of(world).game.round_limit and world.clock.seat == world.seats[-1]
    if not (board_full or last_turn):
        return None
    groups = {seat: largest_group(world, seat) for seat in world.seats}
    leaders = [seat for seat, size in groups.items() if size == max(groups.values())]
    if len(leaders) == 1:
        return {seat: WON if seat in leaders else LOST for seat in world.seats}
    return {seat: DRAW if seat in leaders else LOST for seat in world.seats}


def _group(world: World, squares: set[int], start: int, seen: set[int]) -> int:
    """The size of the group of `squares` joined side by side (the board's neighbours) that holds `start`."""
    seen.add(start)
    size, stack = 0, [start]
    while stack:
        square = stack.pop()
        size += 1
        for near in world.board.neighbours(square):
            if near in squares and near not in seen:
                seen.add(near)
                stack.append(near)
    return size


def largest_group(world: World, seat: int) -> int:
    """C2: the size of the seat's largest group of joined squares."""
    mine: set[int] = world.owned.get(seat, set())
    seen: set[int] = set()
    return max((_group(world, mine, s, seen) for s in sorted(mine) if s not in seen), default=0)


def group_with(world: World, seat: int, square: int) -> int:
    """The size of the group `square` would join if `seat` claimed it (C4's measure)."""
    return _group(world, world.owned.get(seat, set()) | {square}, square, set())


def rules_of(world: World) -> Rules:
    return world.rules  # type: ignore[return-value]


def legal_commands(game: Any) -> list[Command]:
    """Every command the seat to play may submit now (C1): a Claim of each free square."""
    world = game.world
    world.activate()
    if game.over or world.clock.stage != CLAIM:
        return []
    return [Claim(world.clock.seat, t) for t in range(len(world.tiles)) if world.owner_of(t) is None]


def _generator(game: Any, salt: str) -> random.Random:
    """A computer player's own choices: a function of (seed, round, seat), never the game's generator, so a
    replay (seed + commands) gives the same game."""
    world = game.world
    return random.Random(f"$id:{salt}:{world.seed}:{world.clock.round}:{world.clock.seat}")


class RandomPlayer:
    """C4: a uniformly random legal command; the yardstick other players are measured against."""

    def play_turn(self, game: Any) -> list[Any]:
        """Play the turn through Game.submit; the results of the commands submitted."""
        options = legal_commands(game)
        return [game.submit(_generator(game, "random").choice(options))] if options else []


class ComputerPlayer:
    """C4: claims the square that makes its groups join into the biggest one, with the most free squares around
    it to grow into (ties: at random)."""

    def play_turn(self, game: Any) -> list[Any]:
        options = legal_commands(game)
        if not options:
            return []
        world = game.world
        free = {c.territory for c in options}

        def value(square: int) -> tuple[int, int]:
            room = sum(1 for near in world.board.neighbours(square) if near in free)
            return group_with(world, world.clock.seat, square), room

        values = {c.territory: value(c.territory) for c in options}
        best = max(values.values())
        return [game.submit(_generator(game, "normal").choice([c for c in options if values[c.territory] == best]))]


def claimed_squares(world: World) -> list[PieceLook]:
    """What the client's default board screen draws: a token in its owner's colour on every claimed square."""
    return [PieceLook(square, world.owner_of(square), glyph="#")
            for square in range(len(world.tiles)) if world.owner_of(square) is not None]


def square_name(world: World, square: int) -> str:
    """A square as players name it: its column letter and row number, row 1 at the bottom of the board."""
    width, height = world.board.width, world.board.height
    return f"{'abcdefghijklmnopqrstuvwxyz'[square % width % 26]}{height - square // width}"


def register(app: Any) -> None:
    """Put the whole game on the App the engine builds for each game of this ruleset."""
    app.set_rules_model(Rules)
    for component in (Territory, Ownership, Player):
        app.add_component(component)  # saves and state hashes include them
    app.add_command(Claim, check_claim, apply_claim)
    app.add_event(SquareClaimed)
    app.add_system(SCORE, "score", check_victory)  # asks the victory hook (outcome) after every claim
    app.set_hook("victory", outcome)
    app.add_computer_player("normal", ComputerPlayer)
    app.add_computer_player("random", RandomPlayer)
    app.set_legal_commands(legal_commands)  # what learning agents and random players choose among
    app.presentation.pieces = claimed_squares  # the default board screen draws these; a click claims a square
    app.presentation.place_name = square_name  # how the log and messages name a square
'''

MANIFEST = '''\
# $title: a whole game (a ruleset), made with `foc new-mod $id --kind ruleset`.
id = "$id"
name = "$title"
version = "0.1.0"                      # keep it equal to pyproject.toml's version
kind = "ruleset"                       # a whole game: mods may extend it (extends = { $id = ">=0.1,<1" })
description = "Claim the squares of the board one a turn; the biggest joined group wins."
files = ["rules.toml"]
maps = "maps"                          # boards besides the fixed [board]: foc simulate --ruleset $id --map NAME
# no `plugin` key: an installed package's plugin is the module its entry point names (pyproject.toml)

# The turn of each seat: it claims (a seat phase that its Claim ends), then the score phase runs the
# systems registered for it (the victory check). Nothing to choose before round 1.
[flow]
setup = []
turn = [
  { name = "claim", acts = "seat", ends_with = ["Claim"] },
  { name = "score" },
]
'''

RULES = '''\
# $title's numbers: every one is data (rule ids C1-C4 are in __init__.py).
[setup]
min_players = 2
max_players = 4

[board]                                # the board a game gets when no map is chosen
width = 6
height = 6
terrain = "field"

[terrain.field]
name = "Field"
description = "A square to claim."

[units]                                # this game has no units (the engine's core asks for the table)

[game]
round_limit = 30                       # C3
'''

TEST = '''\
"""$title's own tests (rule ids C1-C4 of __init__.py): the ruleset loads, claims are checked, and computer
players play games to their end on the board and on the map in maps/."""

import pytest

from game.content import load_app
from game.setup import PlayerSpec, create_game
from game.simulate import map_for, play_game

import $package


def new_game(players: int = 2):
    return create_game(None, [PlayerSpec(f"P{n}", computer=True) for n in range(players)], seed=1, ruleset="$id")


def test_the_ruleset_loads_with_its_rules() -> None:
    assert load_app("$id").rules.game.round_limit == 30


def test_c1_a_claim_takes_a_free_square_and_ends_the_turn() -> None:
    game = new_game()
    assert game.submit($package.Claim(1, 0)).ok
    assert game.world.owner_of(0) == 1 and game.world.clock.seat == 2


@pytest.mark.parametrize("seat, square, reason", [(2, 1, "player 1's turn"), (1, 99, "no square 99")])
def test_c1_a_claim_out_of_turn_or_off_the_board_is_refused(seat: int, square: int, reason: str) -> None:
    result = new_game().submit($package.Claim(seat, square))
    assert not result.ok and reason in result.reason


def test_c1_a_claimed_square_cannot_be_claimed_again() -> None:
    game = new_game()
    game.submit($package.Claim(1, 0))
    result = game.submit($package.Claim(2, 0))
    assert not result.ok and "already claimed" in result.reason


def test_c2_the_biggest_joined_group_counts_not_the_most_squares() -> None:
    game = new_game()
    world = game.world
    for square, seat in ((0, 1), (1, 1), (2, 1), (6, 2), (12, 2), (20, 2), (34, 2)):  # 3 joined; 4 apart
        world.set_owner(square, seat)
    assert ($package.largest_group(world, 1), $package.largest_group(world, 2)) == (3, 2)


def test_c4_the_normal_player_beats_the_random_one_in_most_games() -> None:
    rules = load_app("$id").rules
    winners = [play_game(rules, None, ["normal", "random"], seed=s, max_rounds=100)[1].winner for s in range(10)]
    assert winners.count(1) >= 8, winners


@pytest.mark.parametrize("kinds", [["normal", "random"], ["random", "random", "random"]])
def test_c2_computer_players_fill_the_board_and_the_game_ends(kinds: list[str]) -> None:
    rules = load_app("$id").rules
    game, result = play_game(rules, None, kinds, seed=3, max_rounds=100)
    assert game.over and result.rounds <= 36 // len(kinds) + 1
    assert sum(len(game.world.owned.get(s, ())) for s in game.world.seats) == 36


def test_the_map_in_maps_is_playable() -> None:
    rules = load_app("$id").rules
    game, _ = play_game(rules, map_for("long_field", "$id", 2), ["normal", "normal"], seed=1, max_rounds=100)
    assert game.over and game.world.map_name == "Long Field" and len(game.world.tiles) == 40
'''


def _map_text() -> str:
    """maps/long_field.tmj: an 8x5 board of fields, written by the game's own map writer (start zones: a corner
    per seat, which Tiled maps need; this game ignores them). Open and edit it in Tiled."""
    from game.maps import MapData, write_map

    width, height = 8, 5
    corners = (0, width * height - 1, width - 1, width * (height - 1))
    zones: dict[int, dict[int, tuple[int, ...]]] = {
        n: {seat: (corners[seat - 1],) for seat in range(1, n + 1)} for n in (2, 3, 4)}
    data = MapData("Long Field", width, height, ("field",) * (width * height), zones, "long_field.tmj")
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "long_field.tmj"
        write_map(data, path)
        doc = json.loads(path.read_text(encoding="utf-8"))
    for tile in doc["tilesets"][0]["tiles"]:  # the mod's own pictures (add them): paths inside the package
        tile["image"] = f"../images/{tile['properties'][0]['value']}.png"
    return json.dumps(doc, indent=1) + "\n"


def files(names: Names) -> dict[str, str]:
    return {
        "$package/__init__.py": PLUGIN,
        "$package/mod.toml": MANIFEST,
        "$package/rules.toml": RULES,
        "$package/maps/long_field.tmj": _map_text(),
        "tests/test_$safe.py": TEST,
    }
