"""The accessories mod's computer play: cheap bows for soldiers, armour for the flag's guard, ladders when
walls stand in the way; volleys at hostile armies next to it, climbs toward the enemy flag.

Each step asks the engine (checks, `climb_commands`, `fall_odds`, `volley_commands`) and the plugin's
queries; nothing here restates a rule. Accessories are bought from a surplus only (reserves below).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import esper

from game.ai.behaviours import TurnPart
from systems import queries as q
from systems.climbing import climb_commands, fall_odds
from systems.volley import volley_commands

if TYPE_CHECKING:
    from game.ai.turn import Turn

WOOD_RESERVE = 12   # wood kept for walls and repairs before buying bows or ladders
METAL_RESERVE = 6   # metal kept before buying armour
MAX_FALL = 50       # the highest fall chance (percent) a climb is tried at
BOWS_FROM_ROUND = 3


class AccessoriesPart(TurnPart):
    def __init__(self, turn: Turn, plugin: Any) -> None:
        self.turn = turn
        self.plugin = plugin

    def act(self) -> None:
        self._equip()
        self._climb()
        self._volley()

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
        walls = any(s.border is not None and s.owner != v.seat for _, s in v.structures)
        for _entity, army in list(v.my_armies):
            if not t.active() or army.battle is not None or v.owner[army.territory] != v.seat:
                continue
            for unit in list(army.units):
                if not esper.entity_exists(unit) or self.plugin.accessory_of(v.world, unit) is not None:
                    continue
                if army.territory == v.base:  # the flag's guard: MP matters little, defense does
                    wishes = [("armour", "metal", METAL_RESERVE), ("bow", "wood", WOOD_RESERVE)]
                elif walls and len(army.units) >= 3:
                    wishes = [("ladder", "wood", WOOD_RESERVE), ("bow", "wood", WOOD_RESERVE)]
                else:
                    wishes = [("bow", "wood", WOOD_RESERVE)]
                for accessory, resource, reserve in wishes:
                    if self._fits(unit, accessory) and self._buy(unit, accessory, resource, reserve):
                        break

    def _fits(self, unit: int, accessory: str) -> bool:
        spec = self.plugin.specs(self.turn.v.world).get(accessory)
        return spec is not None and q.unit(unit).unit_type in spec.units

    def _climb(self) -> None:
        """A strike army beside a wall in its way climbs it when the fall odds are fair and it gets nearer a flag."""
        t, v = self.turn, self.turn.v
        target = t.main_target()
        if target is None:
            return
        base = target[1]
        for entity, army in list(v.my_armies):
            if not t.active() or army.done or army.battle is not None:
                continue
            here = v.board.distance(army.territory, base)
            for cmd in climb_commands(v.world, entity):
                if v.board.distance(cmd.territory, base) >= here:
                    continue
                if max(fall_odds(v.world, cmd).values(), default=100) > MAX_FALL:
                    continue
                if t.submit(cmd) is not None:
                    break

    def _volley(self) -> None:
        """Armies not marching (the flag's guard, armies stopped beside a foe) loose their bows at it."""
        t, v = self.turn, self.turn.v
        for entity, army in list(v.my_armies):
            if not t.active() or army.done or army.battle is not None:
                continue
            for cmd in volley_commands(v.world, entity):
                if t.submit(cmd) is not None:
                    break


class AccessoriesBehaviour:
    """Registered by the accessories plugin."""

    name = "accessories"

    def for_turn(self, turn: Turn) -> TurnPart | None:
        plugin = turn.game.app.plugin("accessories")
        return AccessoriesPart(turn, plugin) if plugin is not None else None
