"""The fire mod's computer play: fight the fires in your own structures with the armies standing by them.

In the behaviour's urgent step (first in the turn, before armies march off), for each of its burning structures (id order) the
army beside it with the best chance of putting it out tries, with the stationed units helping, unless the
structure is about to burn down anyway or no army that is free to act stands by. Attacking wooden structures
needs no code here: the computer players already attack structures, and the fire mod's rules do the rest.
"""

from __future__ import annotations

from types import ModuleType
from typing import TYPE_CHECKING

from game.ai.behaviours import TurnPart

if TYPE_CHECKING:
    from game.ai.turn import Turn


class FirefightingPart(TurnPart):
    def __init__(self, turn: Turn, fire: ModuleType) -> None:
        self.turn = turn
        self.fire = fire

    def urgent(self) -> None:
        t, fire = self.turn, self.fire
        world = t.game.world
        for structure_entity, structure in fire.burning_structures(world, t.seat):
            best = None
            for entity, army in t.v.my_armies:
                command = fire.PutOut(entity, structure_entity)
                if fire.check_put_out(world, command) is not None:
                    continue
                _, chance = fire.put_out_chance(world, army, structure, True)  # the engine's own figure
                if best is None or chance > best[0]:
                    best = (chance, command)
            if best is not None and t.active():
                t.submit(best[1])


class FirefightingBehaviour:
    """Registered by the fire plugin: armies put out their owner's fires."""

    name = "firefighting"

    def __init__(self, fire: ModuleType) -> None:
        self.fire = fire

    def for_turn(self, turn: Turn) -> TurnPart | None:
        if not self.fire.burning_structures(turn.game.world, turn.seat):
            return None
        return FirefightingPart(turn, self.fire)
