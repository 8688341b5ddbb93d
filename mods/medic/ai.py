"""The medic mod's computer play: a healer joins each big group setting out from the flag.

When the group gathering to set out (the staging army plus the units about to leave the flag) fills eight
or more army slots and has no healer, and food is plentiful, one is built at the flag and leaves with the
next group (a healer fights not at all and takes a soldier's place, so it is bought from a surplus only).
Healers are recognised by their `heal` ability (this mod's), so another mod's healer is used the same way.
Measured (hard vs hard, 40 games, on vs off): twin_valleys 23-17, random:20x20:3 26-14.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.ai.behaviours import TurnPart
from systems import queries as q

if TYPE_CHECKING:
    from components.armies import Army
    from components.rules import Ruleset
    from game.ai.turn import Turn

HEALER_GROUP = 8           # army slots of a group that gets a healer
HEALER_FROM_ROUND = 10
HEALER_FOOD_RESERVE = 40   # food left after buying one: a healer is bought from a surplus


def healer_type(rules: Ruleset) -> str | None:
    """The cheapest buildable unit type with the `heal` ability, if any."""
    healers = [(sum(spec.cost.values()), uid) for uid, spec in rules.units.items() if spec.buildable and spec.has("heal")]
    return min(healers)[1] if healers else None


class HealerPart(TurnPart):
    def __init__(self, turn: Turn, healer: str) -> None:
        self.turn = turn
        self.healer = healer

    def special_units(self) -> frozenset[str]:
        return frozenset((self.healer,))

    def unit_to_build(self, at_base: Army, staging: Army | None) -> str | None:
        """The healer, when the group about to set out is big and has none."""
        t, healer = self.turn, self.healer
        v = t.v
        if v.round < HEALER_FROM_ROUND:
            return None
        keep = t.keep_at_base()
        leaving = at_base.units[keep:] if len(at_base.units) > keep else []
        group = [q.unit(u).unit_type for u in leaving]
        if staging is not None:
            group += q.unit_types(staging)
        if healer in group or healer in q.unit_types(at_base):
            return None
        if q.slots_of(v.world, group) < HEALER_GROUP:
            return None
        food = v.rules.resources.upkeep
        if v.stock.get(food, 0) - v.rules.units[healer].cost.get(food, 0) < HEALER_FOOD_RESERVE:
            return None
        return healer


class HealerBehaviour:
    """Registered by the medic plugin: a healer for each big group setting out."""

    name = "healers"

    def for_turn(self, turn: Turn) -> TurnPart | None:
        healer = healer_type(turn.v.rules)
        return HealerPart(turn, healer) if healer is not None else None
