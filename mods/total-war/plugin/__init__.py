"""Forum: Total War (TW1-TW15): its rules as pure functions (`hexes`, `orders`, `movement`, `fire`, `melee`, `morale`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .data import TotalWarRules

if TYPE_CHECKING:
    from game.app import ModApp


def register(app: ModApp) -> None:
    app.set_rules_model(TotalWarRules)
