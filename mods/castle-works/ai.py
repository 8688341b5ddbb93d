"""The castle works mod's computer play: a gate in each own wall, open while no foe is near, closed otherwise.

With castle works on, a wall stops its own owner's armies too (E2.1), so a wall without a gate would shut
the computer's own forces in: each own wall gets a gate, bought from a surplus (a drawbridge where the
wall allows one, else a portcullis). At the end of the turn a gate is closed when a hostile army stands
within `THREAT_STEPS` of it, else opened, so the next turn's marches pass. Every check is the engine's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.ai.behaviours import TurnPart

if TYPE_CHECKING:
    from game.ai.turn import Turn

THREAT_STEPS = 2
RESERVE = {"wood": 10, "metal": 0}  # kept for walls and repairs before buying a gate


class CastlePart(TurnPart):
    def __init__(self, turn: Turn, plugin: Any) -> None:
        self.turn = turn
        self.plugin = plugin

    def act(self) -> None:
        t, v = self.turn, self.turn.v
        rules = self.plugin.settings(v.world)
        walls = [(e, s) for e, s in v.structures if s.border is not None and s.owner == v.seat]
        for entity, wall in walls:
            if not t.active():
                return
            gate = self.plugin.gate_of(entity)
            if gate is None:
                for kind, spec in rules.gates.items():
                    affordable = all(v.stock.get(r, 0) - n >= RESERVE.get(r, 0) for r, n in spec.cost.items())
                    if affordable and t.submit(self.plugin.BuildGate(entity, kind)) is not None:
                        break
                gate = self.plugin.gate_of(entity)
                if gate is None:
                    continue
            threatened = any(
                v.board.distance(a.territory, side) <= THREAT_STEPS
                for _, a in v.hostile for side in (wall.territory, wall.border) if side is not None
            )
            if gate.open == threatened and not gate.broken:
                t.submit(self.plugin.ToggleGate(entity))


class CastleBehaviour:
    """Registered by the castle works plugin."""

    name = "castle_works"

    def for_turn(self, turn: Turn) -> TurnPart | None:
        plugin = turn.game.app.plugin("castle-works")
        return CastlePart(turn, plugin) if plugin is not None else None
