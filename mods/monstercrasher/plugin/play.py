"""MonsterCrasher on the engine: reading a Position from the entities, the command handlers and systems.

The rules themselves are the pure functions of `position` and `march`; this module only moves data
between them and the esper world, and turns their results into components and events.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import esper

from components.players import Player
from systems.hooks import DRAW, LOST, WON
from systems.outcome import check_victory

from .commands import PressTurnButton, Spawn
from .components import Contender, Creature
from .events import CreatureSpawned, LifeLost, MarchStarted
from .march import Piece, march
from .position import SEATS, Outcome, Position, outcome, spawn_reason, spawned

if TYPE_CHECKING:
    from systems.world import World

    from .data import MonsterRules

SPAWN, MARCH = "spawn", "march"  # the flow's turn phases (mod.toml [flow])


def rules_of(world: World) -> MonsterRules:
    return world.rules  # type: ignore[return-value]


def contenders(world: World) -> dict[int, Contender]:
    return {c.seat: c for _, c in esper.get_component(Contender)}


def position_of(world: World) -> Position:
    """The game as the pure rules see it: creatures by entity id, life, whose turn, points spent."""
    world.activate()
    pieces = tuple(
        Piece(entity, c.owner, c.kind, c.power, c.defense, (c.file, c.rank))
        for entity, c in sorted(esper.get_component(Creature), key=lambda pair: pair[0])
    )
    seats = contenders(world)
    life = (seats[1].life, seats[2].life) if seats else (0, 0)
    spent = seats[world.clock.seat].spent if world.clock.seat in seats else 0
    return Position(pieces, life, world.clock.seat, max(world.clock.round, 1), spent)


def add_contender(world: World, seat: int, entity: int) -> None:
    """The engine's new_seat hook: MC2.2, each player starts at full life with no spawn points spent."""
    esper.add_component(entity, Contender(seat, rules_of(world).players.life))


def _turn_reason(world: World, seat: int) -> str | None:
    if world.clock.stage != SPAWN:
        return "the march is under way"
    if seat != world.clock.seat:
        return f"it is player {world.clock.seat}'s turn, not player {seat}'s"
    return None


def check_spawn(world: World, command: Spawn) -> str | None:
    """MC3.2: empty square of the player's own back row, a roster type, enough spawn points, its turn."""
    return _turn_reason(world, command.seat) or spawn_reason(
        position_of(world), rules_of(world), command.seat, command.kind, (command.file, command.rank)
    )


def apply_spawn(world: World, command: Spawn) -> None:
    """MC3.2: the creature appears with its type's power and defense; its cost is spent."""
    rules = rules_of(world)
    entity = esper.create_entity()
    after = spawned(position_of(world), rules, command.kind, (command.file, command.rank), entity)
    piece = next(p for p in after.pieces if p.id == entity)
    esper.add_component(entity, Creature(piece.kind, piece.owner, piece.power, piece.defense, command.file, command.rank))
    contenders(world)[command.seat].spent = after.spent
    world.emit(CreatureSpawned(command.seat, entity, piece.kind, piece.square, piece.power, piece.defense))


def check_press(world: World, command: PressTurnButton) -> str | None:
    return _turn_reason(world, command.seat)


def apply_press(world: World, command: PressTurnButton) -> None:
    """MC3.3: nothing to change; the flow goes on to the march phase (`ends_with` in mod.toml)."""


def refresh_spawn_points(world: World) -> None:
    """MC3.2: a turn starts with no spawn points spent (unspent points of earlier turns are lost)."""
    contender = contenders(world).get(world.clock.seat)
    if contender is not None:
        contender.spent = 0


def run_march(world: World) -> None:
    """MC3.3/MC6: march every creature with the pure resolver, then write the result back."""
    rules = rules_of(world)
    before = position_of(world)
    result = march(before.pieces, rules, before.active)
    world.emit(MarchStarted(world.clock.seat, world.clock.round, result.phases))
    for event in result.events:
        world.emit(event)
    kept = {p.id: p for p in result.pieces}
    for entity, creature in list(esper.get_component(Creature)):
        piece = kept.get(entity)
        if piece is None:
            esper.delete_entity(entity, immediate=True)
            continue
        creature.defense = piece.defense
        creature.file, creature.rank = piece.square
    seats = contenders(world)
    for seat in SEATS:
        amount = result.life_lost[seat]
        if amount:
            seats[seat].life -= amount
            world.emit(LifeLost(world.clock.seat, seat, amount, seats[seat].life))


def game_outcome(world: World) -> Outcome | None:
    """MC7, asked after the active player's march (the victory hook answers only then)."""
    if world.clock.stage != MARCH:
        return None
    position = position_of(world)
    return outcome(position.life, position.round, position.active, rules_of(world))


def is_computer(world: World, seat: int) -> bool:
    """Whether a computer plays `seat` (the engine's Player component says so)."""
    entity = world.players.get(seat)
    if entity is None or not esper.entity_exists(entity):
        return False
    player = esper.try_component(entity, Player)
    return bool(player is not None and player.computer)


def victory_hook(world: World) -> dict[int, str] | None:
    """The engine's victory hook: MC7 per seat (won, lost, or both drawn), once decided."""
    ending = game_outcome(world)
    if ending is None:
        return None
    if ending.winner is None:
        return {seat: DRAW for seat in SEATS}
    return {seat: WON if seat == ending.winner else LOST for seat in SEATS}


def victory(world: World) -> None:
    """The march phase's last system: ask the victory hook (systems.outcome records the end)."""
    check_victory(world)
