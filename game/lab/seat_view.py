"""What one seat sees of a game, as fixed-shape arrays for learning agents: the base game's view
(`seat_view`, `ViewEncoder`, registered by the base plugin) and the default for any board (`BoardEncoder`).

The base game hides nothing, so its view is the whole state as the seat's own side reads it. Everything
an agent observes of a base game goes through `seat_view`: hidden information (fog of war, secret
stockpiles) is added there and reaches every observation. Other rulesets register their own encoder
(`app.set_agent_observation`) or get `BoardEncoder` (terrain and ownership per square).
"""

from __future__ import annotations

from dataclasses import dataclass

import esper
import numpy as np

from components.armies import Army
from components.structures import Structure
from game.engine import Game
from systems import queries as q


@dataclass(frozen=True)
class ArmySeen:
    owner: int | None
    territory: int
    units: int


@dataclass(frozen=True)
class StructureSeen:
    owner: int | None
    territory: int
    structure_type: str


@dataclass(frozen=True)
class SeatView:
    """The game as `seat` sees it."""

    seat: int
    round: int
    to_act: int
    terrain: tuple[str, ...]
    owner: tuple[int | None, ...]  # per territory
    armies: tuple[ArmySeen, ...]
    structures: tuple[StructureSeen, ...]
    bases: dict[int, int | None]
    stockpile: dict[str, int]  # the seat's own


def seat_view(game: Game, seat: int) -> SeatView:
    """The per-seat view of the state (today: everything, since the base game has no hidden information)."""
    world = game.world
    world.activate()
    cells = len(world.terrain)
    armies = tuple(ArmySeen(a.owner, a.territory, len(a.units))
                   for _, a in sorted(esper.get_component(Army), key=lambda pair: pair[0]))
    structures = tuple(StructureSeen(s.owner, s.territory, s.structure_type)
                       for _, s in sorted(esper.get_component(Structure), key=lambda pair: pair[0]))
    return SeatView(
        seat=seat, round=world.clock.round,
        to_act=world.clock.seat, terrain=tuple(world.terrain),
        owner=tuple(world.owner_of(t) for t in range(cells)), armies=armies, structures=structures,
        bases={s: q.home_base(world, s) for s in world.seats}, stockpile=dict(q.stockpile(world, seat)),
    )


class ViewEncoder:
    """Turns a SeatView into a float32 array (territories, channels), all values in [0, 1]: one row per
    territory in board order, so any board shape (grid or not) encodes the same way.

    Channels: one per terrain type (rules order); owned by me / by another player / by nobody; army units
    of mine / of other players / of rogues (divided by the units an army may hold); my structures / other
    structures; my base / other bases; then, the same on every cell, my stockpile per resource (divided by
    `resource_scale`, capped at 1) and the round (divided by `max_rounds`, capped at 1).
    """

    @classmethod
    def for_game(cls, game: Game, max_rounds: int) -> ViewEncoder:
        """The encoder for a game of the base game's shape (armies, structures, resources)."""
        rules = game.world.rules
        return cls(tuple(rules.terrain), tuple(rules.resources.ids), len(game.world.terrain),
                   rules.limits.units_per_army, max_rounds)

    def __init__(self, terrain_ids: tuple[str, ...], resources: tuple[str, ...], territories: int,
                 units_per_army: int, max_rounds: int, resource_scale: float = 200.0) -> None:
        self.terrain_index = {t: i for i, t in enumerate(terrain_ids)}
        self.resources = resources
        self.territories = territories
        self.units_per_army = max(1, units_per_army)
        self.max_rounds = max(1, max_rounds)
        self.resource_scale = resource_scale
        self.channels = len(terrain_ids) + 10 + len(resources) + 1

    @property
    def shape(self) -> tuple[int, int]:
        return self.territories, self.channels

    def encode(self, game: Game, seat: int) -> np.ndarray:
        return self.encode_view(seat_view(game, seat))

    def encode_view(self, view: SeatView) -> np.ndarray:
        out = np.zeros(self.shape, dtype=np.float32)
        base = len(self.terrain_index)
        for t, terrain in enumerate(view.terrain):
            out[t, self.terrain_index[terrain]] = 1.0
            owner = view.owner[t]
            out[t, base + (0 if owner == view.seat else 2 if owner is None else 1)] = 1.0
        for army in view.armies:
            t = army.territory
            channel = base + 3 + (0 if army.owner == view.seat else 2 if army.owner is None else 1)
            out[t, channel] = min(1.0, out[t, channel] + army.units / self.units_per_army)
        for structure in view.structures:
            out[structure.territory, base + (6 if structure.owner == view.seat else 7)] = 1.0
        for seat, territory in view.bases.items():
            if territory is not None:
                out[territory, base + (8 if seat == view.seat else 9)] = 1.0
        for i, resource in enumerate(self.resources):
            out[:, base + 10 + i] = min(1.0, view.stockpile.get(resource, 0) / self.resource_scale)
        out[:, -1] = min(1.0, view.round / self.max_rounds)
        return out


class BoardEncoder:
    """The observation of any ruleset whose board squares carry terrain and ownership (the default when a
    ruleset registers none, `app.set_agent_observation`): a float32 array (territories, channels).

    Channels: one per terrain type (rules order); owned by me / by another player / by nobody; then, the
    same on every cell, whether I am the seat to act, and the round (divided by `max_rounds`, capped at 1).
    """

    def __init__(self, terrain_ids: tuple[str, ...], territories: int, max_rounds: int) -> None:
        self.terrain_index = {t: i for i, t in enumerate(terrain_ids)}
        self.territories = territories
        self.max_rounds = max(1, max_rounds)
        self.channels = len(terrain_ids) + 5

    @classmethod
    def for_game(cls, game: Game, max_rounds: int) -> BoardEncoder:
        return cls(tuple(game.world.rules.terrain), len(game.world.terrain), max_rounds)

    @property
    def shape(self) -> tuple[int, int]:
        return self.territories, self.channels

    def encode(self, game: Game, seat: int) -> np.ndarray:
        world = game.world
        world.activate()
        out = np.zeros(self.shape, dtype=np.float32)
        base = len(self.terrain_index)
        for t, terrain in enumerate(world.terrain[: self.territories]):
            if terrain in self.terrain_index:
                out[t, self.terrain_index[terrain]] = 1.0
            owner = world.owner_of(t)
            out[t, base + (0 if owner == seat else 2 if owner is None else 1)] = 1.0
        out[:, base + 3] = 1.0 if world.clock.seat == seat else 0.0
        out[:, base + 4] = min(1.0, game.app.hooks.round_of(world) / self.max_rounds)
        return out
