"""The game state: an esper world context plus the resources the systems share (rules, board, clock, rng)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import esper

from components.board import Ownership, Territory
from components.players import Player
from systems.events import Event

if TYPE_CHECKING:
    import random

    from components.rules import Ruleset
    from systems.board import Board

SETUP, RESOURCE, UPKEEP, MAIN, ROGUE, OVER = "setup", "resource", "upkeep", "main", "rogue", "over"
DRAW = 0  # Clock.winner of a game that ended in a draw (seats count from 1)


@dataclass
class Clock:
    """Where the game stands: round, whose turn, which stage (R1.5, R3.1). `winner` is the winning seat,
    DRAW (0, no seat) when the game ended in a draw, None while it goes on."""

    round: int = 0
    seat: int = 1
    stage: str = SETUP
    winner: int | None = None


@dataclass
class World:
    """One game's state. Systems receive it; `activate()` makes its esper context current. `app` holds what
    this game's ruleset and mods registered (command handlers, hooks, placements...)."""

    name: str
    app: Any  # game.app.App (systems never import game/): handlers, hooks, placements, components
    rules: Ruleset
    board: Board
    rng: random.Random
    terrain: list[str]
    seats: list[int]
    start_zones: dict[int, tuple[int, ...]]
    map_name: str = ""
    seed: int = 0  # R10.1: the seed the rng started from (replays start from it)
    clock: Clock = field(default_factory=Clock)
    tiles: list[int] = field(default_factory=list)
    players: dict[int, int] = field(default_factory=dict)
    owned: dict[int, set[int]] = field(default_factory=dict)
    events: list[Event] = field(default_factory=list)
    submitted_by: int | None = None  # the issuing seat while Game.submit checks or applies a command
    # values derived from the rules alone (a mover's terrain costs, bridge kinds, army MP per set of unit types),
    # computed once per game, and the structure indexes while the structures are unchanged
    # (queries.walls_by_border, structures_touching): hot paths read them instead of walking the rules or the
    # structures again; never game state
    derived: dict[Any, Any] = field(default_factory=dict, repr=False, compare=False)
    # values derived from the rules and the map alone that a game and all its copies (game.fork) share, one dict
    # handed on by reference: what a search's copies work out (a ruleset's distance fields) is worked out once
    shared: dict[Any, Any] = field(default_factory=dict, repr=False, compare=False)
    # what checking the command in hand worked out for its apply (a path's MP): filled by its check, emptied
    # when a check starts and when an apply ends (systems.actions), so an apply reads only its own check's
    checked: dict[Any, Any] = field(default_factory=dict, repr=False, compare=False)

    @property
    def issuer(self) -> int:
        """Who issues the command being checked or applied (Game.submit sets it); outside a submission, the
        seat whose turn it is. Handlers read this, never `clock.seat`, to know whose command it is."""
        return self.clock.seat if self.submitted_by is None else self.submitted_by

    def activate(self) -> None:
        if esper.current_world != self.name:
            esper.switch_world(self.name)

    def emit(self, event: Event) -> None:
        self.events.append(event)

    def roll(self, sides: int, count: int = 1, why: str = "") -> tuple[int, ...]:
        """Roll `count` dice of `sides` sides from the game's generator (R10) and emit DiceRolled."""
        from systems.events import DiceRolled

        rolls = tuple(self.rng.randint(1, sides) for _ in range(count))
        self.emit(DiceRolled(self.clock.seat, sides, rolls, why))
        return rolls

    def owner_of(self, territory: int) -> int | None:
        owner: int | None = esper._entities[self.tiles[territory]][Ownership].owner  # as component_for_entity
        return owner

    def set_owner(self, territory: int, seat: int | None) -> None:
        """The one writer of territory ownership; keeps the per-player index in step."""
        ownership = esper.component_for_entity(self.tiles[territory], Ownership)
        if ownership.owner is not None:
            self.owned.setdefault(ownership.owner, set()).discard(territory)
        ownership.owner = seat
        if seat is not None:
            self.owned.setdefault(seat, set()).add(territory)

    def alive_seats(self) -> list[int]:
        players, entities = self.players, esper._entities  # asked after every command: component_for_entity inline
        return [s for s in self.seats if not entities[players[s]][Player].defeated]


def spawn_territories(world: World) -> None:
    """Create one entity per territory of the board (R2.1), neutral."""
    world.tiles = [
        esper.create_entity(Territory(index, terrain), Ownership(None)) for index, terrain in enumerate(world.terrain)
    ]
