"""Breakthrough (test-only ruleset): BT1 two rows of pawns each on 8x8; BT2 a pawn steps one square forward
(straight onto an empty square, diagonally onto an empty or enemy square, capturing it); BT3 a pawn on the far
row, or no enemy pawn left, wins; BT4.2 a draw after the round limit. No client code: the client's default
board screen plays it from the presentation data below."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

import esper
from pydantic import BaseModel, ConfigDict, Field

from components.board import Ownership, Territory
from components.commands import Command
from components.players import Player
from components.rules import RulesetCore
from game.presentation import PieceLook
from systems import events as ev
from systems.hooks import DRAW, LOST, WON
from systems.outcome import check_victory


class Numbers(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    rows: int = Field(ge=1, le=3)
    round_limit: int = Field(ge=1)


class BreakthroughRules(RulesetCore):
    """The rules: RulesetCore plus `[extra.breakthrough]`."""

    @property
    def numbers(self) -> Numbers:
        found = self.extra["breakthrough"]
        return found if isinstance(found, Numbers) else Numbers(**found)


@dataclass(slots=True)
class Pawn:
    """A pawn: its owner and the square (territory index) it stands on."""

    owner: int
    square: int


@dataclass(frozen=True, slots=True)
class Step(Command):
    """BT2: move the pawn on `source` one square forward to `target`."""

    source: int
    target: int


@dataclass(frozen=True, slots=True)
class PawnStepped(ev.Event):
    seat: int
    source: int
    target: int
    captured: bool


def _width(world: Any) -> int:
    return int(world.rules.board.width)


def pawns(world: Any) -> dict[int, tuple[int, Pawn]]:
    """Square -> (entity, pawn)."""
    world.activate()
    return {p.square: (e, p) for e, p in esper.get_component(Pawn)}


def forward(seat: int) -> int:
    return 1 if seat == 1 else -1


def step_reason(world: Any, seat: int, source: int, target: int,
                here: dict[int, tuple[int, Pawn]] | None = None) -> str | None:
    """BT2: why `seat` may not step from `source` to `target` (None: it may); `here`: `pawns(world)` when the
    caller has just read it (the listing asks for every pawn's three steps)."""
    if world.clock.stage != "move":
        return "not the time to move"
    here = pawns(world) if here is None else here
    if source not in here or here[source][1].owner != seat:
        return "no pawn of yours there"
    width, height = _width(world), int(world.rules.board.height)
    if not 0 <= target < width * height:
        return "off the board"
    sx, sy, tx, ty = source % width, source // width, target % width, target // width
    if ty - sy != forward(seat) or abs(tx - sx) > 1:
        return "a pawn steps one square forward"
    there = here.get(target)
    if there is not None and (there[1].owner == seat or tx == sx):
        return "that square is taken" if there[1].owner == seat else "a pawn captures only diagonally"
    return None


def check_step(world: Any, cmd: Step) -> str | None:
    return step_reason(world, world.issuer, cmd.source, cmd.target)


def apply_step(world: Any, cmd: Step) -> None:
    here = pawns(world)
    captured = cmd.target in here
    if captured:
        esper.delete_entity(here[cmd.target][0], immediate=True)
    here[cmd.source][1].square = cmd.target
    world.emit(PawnStepped(world.issuer, cmd.source, cmd.target, captured))


def legal_commands(game: Any) -> list[Command]:
    world = game.world
    if game.over or world.clock.stage != "move":
        return []
    seat, width = world.clock.seat, _width(world)
    out: list[Command] = []
    here = pawns(world)
    for square, (_, pawn) in sorted(here.items()):
        if pawn.owner != seat:
            continue
        ahead = square + forward(seat) * width
        for target in (ahead - 1, ahead, ahead + 1):
            if abs(target % width - square % width) <= 1 and step_reason(world, seat, square, target, here) is None:
                out.append(Step(square, target))
    return out


def outcome(world: Any) -> dict[int, str] | None:
    """BT3 / BT4.2: a pawn on its far row or the other side without pawns wins; the round limit draws."""
    width, height = _width(world), int(world.rules.board.height)
    left = {1: 0, 2: 0}
    for square, (_, pawn) in pawns(world).items():
        left[pawn.owner] += 1
        if square // width == (height - 1 if pawn.owner == 1 else 0):
            return {pawn.owner: WON, 3 - pawn.owner: LOST}
    for seat in (1, 2):
        if left[seat] == 0:
            return {seat: LOST, 3 - seat: WON}
    if world.clock.round > world.rules.numbers.round_limit:
        return {1: DRAW, 2: DRAW}
    return None


def position_value(game: Any, seat: int) -> float:
    """How well `seat` stands, 0..1, for the engine's search player (app.set_position_value): its share of the
    pawns left, each worth more the nearer it stands to the far row it wins on (BT3)."""
    world = game.world
    width, height = _width(world), int(world.rules.board.height)
    worth = {1: 0.0, 2: 0.0}
    for square, (_, pawn) in pawns(world).items():
        advanced = square // width if pawn.owner == 1 else height - 1 - square // width
        worth[pawn.owner] += 1 + (advanced / (height - 1)) ** 2
    total = worth[1] + worth[2]
    return 0.5 if total == 0 else worth.get(seat, 0.0) / total


def set_up(world: Any, seat: int, entity: int) -> None:
    """BT1: the seat's rows of pawns (seat 1 at the bottom rows, seat 2 at the top)."""
    width, height, rows = _width(world), int(world.rules.board.height), world.rules.numbers.rows
    ys = range(rows) if seat == 1 else range(height - rows, height)
    for y in ys:
        for x in range(width):
            esper.create_entity(Pawn(seat, y * width + x))


class Computer:
    """A computer player: a capture or a winning step when there is one, else a step drawn by its own seeded
    generator (never the game's)."""

    def __init__(self, difficulty: str = "normal") -> None:
        self.difficulty = difficulty

    def play_turn(self, game: Any) -> list[Any]:
        world = game.world
        moves = legal_commands(game)
        if not moves:
            return []
        rng = random.Random(f"breakthrough:{world.seed}:{world.clock.round}:{world.clock.seat}")
        here = pawns(world)
        far = (int(world.rules.board.height) - 1) if world.clock.seat == 1 else 0
        best = [m for m in moves if isinstance(m, Step) and m.target // _width(world) == far]
        best = best or [m for m in moves if isinstance(m, Step) and m.target in here]
        return [game.submit(rng.choice(best or moves))]


def _pieces(world: Any) -> list[PieceLook]:
    return [PieceLook(square, pawn.owner, glyph="P", label="") for square, (_, pawn) in sorted(pawns(world).items())]


def _place_name(world: Any, square: int) -> str:
    """A square as players name it: file letter and rank, rank 1 at the bottom of the board as drawn."""
    width, height = _width(world), int(world.rules.board.height)
    return f"{'abcdefghijklmnopqrstuvwxyz'[square % width]}{height - square // width}"


def _places(cmd: Command) -> tuple[int, ...]:
    return (cmd.source, cmd.target) if isinstance(cmd, Step) else ()


def _words(event: PawnStepped, place: Any) -> str:
    verb = "captures on" if event.captured else "steps to"
    return f"A pawn from {place(event.source)} {verb} {place(event.target)}"


def _how(world: Any) -> str:
    """The victory screen's line: BT3 by the far row or by taking every pawn; BT4.2 the round limit."""
    winner = world.clock.winner
    if winner not in (1, 2):
        return f"Neither side broke through in {world.rules.numbers.round_limit} rounds"
    left = sum(1 for _, p in pawns(world).values() if p.owner == 3 - winner)
    how = "took every enemy pawn" if left == 0 else "reached the far row"
    return f"Broke through: {how} in round {world.clock.round}"


def register(app: Any) -> None:
    app.set_rules_model(BreakthroughRules)
    app.add_rules_section("breakthrough", Numbers)
    for component in (Territory, Ownership, Player, Pawn):
        app.add_component(component)
    app.add_command(Step, check_step, apply_step)
    app.add_event(PawnStepped)
    app.add_system("judge", "victory", check_victory)
    app.set_hook("victory", outcome)
    app.set_hook("new_seat", set_up)
    app.add_computer_player("normal", Computer)
    app.set_legal_commands(legal_commands)
    app.set_position_value(position_value)  # how the engine's search player scores a position
    app.set_rollout_policy("normal")  # its turns take a millisecond: the search's rollouts play them
    look = app.presentation
    look.pieces = _pieces
    look.victory_words = _how
    look.place_name = _place_name
    look.command_places = _places
    look.on_event("PawnStepped", words=_words, sound="move")
    look.statistics.append(("pawns", "Pawns left",
                            lambda world, seat: sum(1 for _, p in pawns(world).values() if p.owner == seat)))
