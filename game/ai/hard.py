"""The `hard` computer player: the strategic player with sharper settings (see `HARD` for what differs)."""

from __future__ import annotations

from game.ai.strategic import Params, StrategicAI

HARD = Params(
    name="hard",
    strike_ready=5,     # strike forces set out smaller...
    group_units=10,     # ...and advance on a flag as soon as 10 units march together: pressure wins races
    attack_odds=0.6,
    trials=32,
    upgrade_tower=True,
)


def make_hard() -> StrategicAI:
    return StrategicAI(HARD)
