"""What a learning agent sees of MonsterCrasher (app.set_agent_observation; game.lab.env): the board and the lives.

A float32 array, one row per square (index (rank - 1) * width + (file - 1)), values in [0, 1]. Channels:
per creature type (rules order, MC4.3) a creature of mine there / of the opponent there; its power and its
defense (each divided by the largest of any type); then, the same on every square: my life and the
opponent's (MC2.2, divided by the starting life), the spawn points I have spent (MC3.2), whether I am
to play, and the round (MC7.2, divided by the round cap). Needs numpy (the `agents` extra).
"""

from __future__ import annotations

from typing import Any

from .play import contenders, position_of, rules_of


class MonsterView:
    """The encoder: `shape` and `encode(game, seat)`."""

    def __init__(self, game: Any, max_rounds: int) -> None:
        rules = rules_of(game.world)
        self.width, self.height = rules.board.width, rules.board.height
        self.kinds = {kind: i for i, kind in enumerate(rules.units)}
        self.power = max(1, *(c.power for c in rules.units.values()))
        self.defense = max(1, *(c.defense for c in rules.units.values()))
        self.life = max(1, rules.players.life)
        self.points = max(1, rules.players.spawn_points)
        self.rounds = max(1, min(max_rounds, rules.turns.round_limit))
        self.channels = 2 * len(self.kinds) + 4 + 5

    @property
    def shape(self) -> tuple[int, int]:
        return self.width * self.height, self.channels

    def encode(self, game: Any, seat: int) -> Any:
        import numpy as np

        world = game.world
        position = position_of(world)
        out = np.zeros(self.shape, dtype=np.float32)
        types = 2 * len(self.kinds)
        for piece in position.pieces:
            file, rank = piece.square
            row = (rank - 1) * self.width + (file - 1)
            mine = piece.owner == seat
            out[row, 2 * self.kinds[piece.kind] + (0 if mine else 1)] = 1.0
            out[row, types + (0 if mine else 1)] = min(1.0, piece.power / self.power)
            out[row, types + (2 if mine else 3)] = min(1.0, piece.defense / self.defense)
        seats = contenders(world)
        other = next((s for s in seats if s != seat), seat)
        g = types + 4
        out[:, g] = min(1.0, max(0, seats[seat].life) / self.life) if seat in seats else 0.0
        out[:, g + 1] = min(1.0, max(0, seats[other].life) / self.life) if other in seats else 0.0
        out[:, g + 2] = min(1.0, seats[seat].spent / self.points) if seat in seats else 0.0
        out[:, g + 3] = 1.0 if world.clock.seat == seat else 0.0
        out[:, g + 4] = min(1.0, world.clock.round / self.rounds)
        return out
