"""The `normal` computer player: the strategic player with steady, cautious settings."""

from __future__ import annotations

from game.ai.strategic import Params, StrategicAI

NORMAL = Params(name="normal")


def make_normal() -> StrategicAI:
    return StrategicAI(NORMAL)
