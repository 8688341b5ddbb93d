"""The accessories mod's computer play: cheap bows for soldiers, armour for the flag's guard, ladders for
armies near a hostile wall. Using them (volleys, climbs) is the built-in behaviour `game.ai.climbing`, which asks
the engine; this part only buys, from a surplus (reserves below), through the plugin's Equip command.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import esper

from game.ai.behaviours import TurnPart
from systems import queries as q

if TYPE_CHECKING:
    from game.ai.turn import Turn

WOOD_RESERVE = 12   # wood kept for walls and repairs before buying bows or ladders
METAL_RESERVE = 6   # metal kept before buying armour
BOWS_FROM_ROUND = 3
LADDER_RANGE = 4    # ladders only for armies this close to a hostile wall


class AccessoriesPart(TurnPart):
    def __init__(self, turn: Turn, plugin: Any) -> None:
        self.turn = turn
        self.plugin = plugin

    def act(self) -> None:
        self._equip()  # climbing and volleys are the built-in game.ai.climbing behaviour's (any means)

    def _buy(self, unit: int, accessory: str, resource: str, reserve: int) -> bool:
        t = self.turn
        spec = self.plugin.specs(t.v.world).get(accessory)
        if spec is None or t.v.stock.get(resource, 0) - spec.cost.get(resource, 0) < reserve:
            return False
        return t.submit(self.plugin.Equip(unit, accessory)) is not None

    def _equip(self) -> None:
        t, v = self.turn, self.turn.v
        if v.round < BOWS_FROM_ROUND:
            return
        walls = [s for _, s in v.structures if s.border is not None and s.owner is not None and s.owner != v.seat]
        for _entity, army in list(v.my_armies):
            if not t.active() or army.battle is not None or v.owner[army.territory] != v.seat:
                continue
            near_wall = any(v.board.distance(army.territory, w.territory) <= LADDER_RANGE for w in walls)
            for unit in list(army.units):
                if not esper.entity_exists(unit) or self.plugin.accessory_of(v.world, unit) is not None:
                    continue
                if army.territory == v.base:  # the flag's guard: MP matters little, defense does
                    wishes = [("armour", "metal", METAL_RESERVE), ("bow", "wood", WOOD_RESERVE)]
                elif near_wall and len(army.units) >= 3:
                    wishes = [("ladder", "wood", WOOD_RESERVE), ("bow", "wood", WOOD_RESERVE)]
                else:
                    wishes = [("bow", "wood", WOOD_RESERVE)]
                for accessory, resource, reserve in wishes:
                    if self._fits(unit, accessory) and self._buy(unit, accessory, resource, reserve):
                        break

    def _fits(self, unit: int, accessory: str) -> bool:
        spec = self.plugin.specs(self.turn.v.world).get(accessory)
        return spec is not None and q.unit(unit).unit_type in spec.units


class AccessoriesBehaviour:
    """Registered by the accessories plugin."""

    name = "accessories"

    def for_turn(self, turn: Turn) -> TurnPart | None:
        plugin = turn.game.app.plugin("accessories")
        return AccessoriesPart(turn, plugin) if plugin is not None else None
