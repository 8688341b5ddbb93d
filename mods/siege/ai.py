"""The siege mod's computer play: build a siege engine once hostile walls stand, and send it out with a group.

The engine is bought from a surplus (reserves below) when the enemy has walls and this player has none;
at the flag it is crewed by a unit about to leave (the flag's last unit, which the next group takes), so
it travels with a strike force. Climbing with it is the built-in behaviour `game.ai.climbing` (it asks the
engine's `climb_commands`, which the siege plugin's means provider answers).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import esper

from components.commands import BuildStructure, CrewCatapult
from components.structures import Catapult
from game.ai.behaviours import TurnPart

if TYPE_CHECKING:
    from game.ai.turn import Turn

SIEGE_FROM_ROUND = 10
WOOD_RESERVE = 12  # wood kept for walls and repairs
CREW_GROUP = 3     # units beyond the flag's guard before the engine is crewed


class SiegePart(TurnPart):
    def __init__(self, turn: Turn, engine_type: str) -> None:
        self.turn = turn
        self.engine_type = engine_type

    def act(self) -> None:
        t, v = self.turn, self.turn.v
        if v.round < SIEGE_FROM_ROUND or v.base is None:
            return
        mine = [(e, s) for e, s in v.structures if s.owner == v.seat and s.structure_type == self.engine_type]
        if not mine:
            if any(s.border is not None and s.owner is not None and s.owner != v.seat for _, s in v.structures):
                spec = v.rules.structures[self.engine_type]
                if all(v.stock.get(r, 0) - n >= (WOOD_RESERVE if r == "wood" else 0) for r, n in spec.cost.items()):
                    t.submit(BuildStructure(self.engine_type, v.base))
            return
        for entity, structure in mine:
            catapult = esper.try_component(entity, Catapult)
            if catapult is None or catapult.army is not None or structure.territory != v.base:
                continue
            at_base = v.my_army_at(v.base)
            if at_base is None or len(at_base[1].units) < t.keep_at_base() + CREW_GROUP:
                continue
            t.submit(CrewCatapult(entity, at_base[0], at_base[1].units[-1]))


class SiegeBehaviour:
    """Registered by the siege plugin."""

    name = "siege"

    def for_turn(self, turn: Turn) -> TurnPart | None:
        plugin: Any = turn.game.app.plugin("siege")
        engine = plugin.siege_type(turn.v.rules) if plugin is not None else None
        return SiegePart(turn, engine) if engine is not None else None
