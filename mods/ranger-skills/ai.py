"""The ranger-skills mod's computer play: ambush lone small armies, volley from armies that hold still.

In the behaviour's urgent step (first in the turn, before armies march), each all-ranger army springs every
ambush the engine allows (the targets are small and unguarded by rule), and the flag's garrison army, which
stays put anyway, looses a volley at a hostile army next to the flag. Climbing is offered by the engine's
own queries (`systems.climbing.climb_commands`); the strategic march does not plan climbs yet.
"""

from __future__ import annotations

from types import ModuleType
from typing import TYPE_CHECKING

from game.ai.behaviours import TurnPart
from systems.volley import volley_commands

if TYPE_CHECKING:
    from game.ai.turn import Turn


class RangerPart(TurnPart):
    def __init__(self, turn: Turn, skills: ModuleType) -> None:
        self.turn = turn
        self.skills = skills

    def urgent(self) -> None:
        t, skills = self.turn, self.skills
        world = t.game.world
        for entity, _ in list(t.v.my_armies):
            if not t.active():
                return
            for command in skills.ambush_commands(world, entity):
                if t.submit(command) is not None:
                    break
        base = t.v.base
        at_base = t.v.my_army_at(base) if base is not None else None
        if at_base is not None and t.active():
            for command in volley_commands(world, at_base[0]):
                if t.submit(command) is not None:
                    break


class RangerBehaviour:
    """Registered by the ranger-skills plugin: ambushes and volleys from the flag."""

    name = "ranger_skills"

    def __init__(self, skills: ModuleType) -> None:
        self.skills = skills

    def for_turn(self, turn: Turn) -> TurnPart | None:
        return RangerPart(turn, self.skills)
