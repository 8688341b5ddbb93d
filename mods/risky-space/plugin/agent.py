"""What a learning agent sees of Risky Space (app.set_agent_observation; game.lab.env): regions, troops, phase.

A float32 array, one row per region, values in [0, 1]. Channels: owned by me / by another seat / by
nobody (RS1.4); troops there, divided by the most troops on any region; the running battle's source and
target (RS5.3); then, the same on every region: the phase (claim, place, reinforce, attack: RS2-RS5),
whether I am to act, and the round (RS7.3, divided by the round cap). Needs numpy (the `agents` extra).
"""

from __future__ import annotations

from typing import Any

from . import rules as R
from .ecs import load_state

PHASES = (R.CLAIM, R.PLACE, R.REINFORCE, R.ATTACK)


class RegionView:
    """The encoder: `shape` and `encode(game, seat)`."""

    def __init__(self, game: Any, max_rounds: int) -> None:
        self.regions = len(game.world.terrain)
        self.rounds = max(1, max_rounds)
        self.channels = 6 + len(PHASES) + 2

    @property
    def shape(self) -> tuple[int, int]:
        return self.regions, self.channels

    def encode(self, game: Any, seat: int) -> Any:
        import numpy as np

        world = game.world
        world.activate()
        state = load_state(world)
        out = np.zeros(self.shape, dtype=np.float32)
        most = max(1, *state.troops)
        for t, owner in enumerate(state.owners[: self.regions]):
            out[t, 0 if owner == seat else 2 if owner is None else 1] = 1.0
            out[t, 3] = state.troops[t] / most
        if state.battle is not None:
            out[state.battle.source, 4] = 1.0
            out[state.battle.target, 5] = 1.0
        if state.phase in PHASES:
            out[:, 6 + PHASES.index(state.phase)] = 1.0
        out[:, -2] = 1.0 if world.clock.seat == seat else 0.0
        out[:, -1] = min(1.0, game.app.hooks.round_of(world) / self.rounds)
        return out
