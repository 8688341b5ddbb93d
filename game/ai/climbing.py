"""Climbing and volleys in the computer's turn: a built-in behaviour for the engine's E0.3 and E0.4 rules.

Which units climb or loose volleys is data (a unit type's `climb` / `volley` ability, or one a mod lends it:
equipment, a structure beside it), so any ruleset or mod that has them is played the same way. A strike army
beside a wall in its way climbs it when the engine's fall odds are fair and the far side is nearer the flag
it goes for; an army not marching (the flag's guard, an army stopped beside a foe) looses its volley at a
hostile army next to it. Both ask the engine (`climb_commands`, `fall_odds`, `volley_commands`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.ai.attack import engage, snipe_flags
from game.ai.behaviours import TurnPart
from systems.climbing import climb_commands, fall_odds
from systems.volley import volley_commands

if TYPE_CHECKING:
    from game.ai.turn import Turn

MAX_FALL = 50  # the highest fall chance (percent) a climb is tried at


class ClimbAndVolleyPart(TurnPart):
    def __init__(self, turn: Turn) -> None:
        self.turn = turn

    def act(self) -> None:
        self.climb()
        self.volley()

    def climb(self) -> None:
        t, v = self.turn, self.turn.v
        target = t.main_target()
        if target is None:
            return
        flag = target[1]
        for entity, army in list(v.my_armies):
            if not t.active() or army.done or army.battle is not None:
                continue
            here = v.board.distance(army.territory, flag)
            for cmd in climb_commands(v.world, entity):
                if v.board.distance(cmd.territory, flag) >= here:
                    continue
                if max(fall_odds(v.world, cmd).values(), default=100) > MAX_FALL:
                    continue
                if t.submit(cmd) is not None:
                    break

    def volley(self) -> None:
        t, v = self.turn, self.turn.v
        for entity, _ in list(v.my_armies):
            army = v.alive_army(entity)
            if not t.active() or army is None or army.done or army.battle is not None:
                continue
            for cmd in volley_commands(v.world, entity):
                if t.submit(cmd) is not None:
                    self.follow_up()
                    break

    def follow_up(self) -> None:
        """A volley weakened a foe: the armies that have not acted yet take a flag it left open and make the attacks
        they are now likely to win, instead of every army beside a flag volleying its fresh units each turn (volleys
        end the volleyers' actions, E0.4, so without this nobody ever walks in)."""
        t = self.turn
        snipe_flags(t)
        target = t.main_target()
        for _ in range(12):
            if not t.active() or not engage(t, target):
                break


class ClimbAndVolley:
    """Built in (game.ai.strategic.BUILT_IN): active in any game; it acts only where units can climb or volley."""

    name = "climb_and_volley"

    def for_turn(self, turn: Turn) -> TurnPart | None:
        return ClimbAndVolleyPart(turn)
