"""Rare units in the strike forces: a built-in behaviour for any unit type with the engine's `rare` ability.

A rare type is recognised by its data (E7.1's `rare` ability), so any mod's rare unit is played the same way,
data-only mods included. Once the early rounds are over and food and the other costs leave a reserve, one
rare unit (the strongest the engine still allows this player, asked through `q.rare_reason`) joins each
group setting out from the flag that has none; claimers and the flag's garrison stay ordinary units.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from components.rules import Ruleset
from game.ai.behaviours import TurnPart
from systems import queries as q

if TYPE_CHECKING:
    from components.armies import Army
    from game.ai.turn import Turn

RARE_FROM_ROUND = 6      # claimers and a first group of foot soldiers come first
RARE_FOOD_RESERVE = 20   # food left after buying one


def rare_types(rules: Ruleset) -> list[str]:
    """Buildable rare unit types, strongest first (attack x defense, then the cheapest)."""
    found = [(-(s.combat.attack * s.combat.defense), sum(s.cost.values()), uid)
             for uid, s in rules.units.items() if s.buildable and s.has("rare") and s.combat.attack > 0]
    return [uid for *_, uid in sorted(found)]


class RarePart(TurnPart):
    def __init__(self, turn: Turn, types: list[str]) -> None:
        self.turn = turn
        self.types = types

    def special_units(self) -> frozenset[str]:
        return frozenset(self.types)

    def claim_target(self) -> int | None:
        """Where a resource the rare types cost comes from when no territory of the player produces it (a mine
        for metal): the nearest such territory not yet owned, so the claimers take it first."""
        v = self.turn.v
        base = v.base
        if base is None:
            return None
        key = ("rare source", v.seat, v.round)
        if key in v.static.plans:
            found = v.static.plans[key]
            return found if isinstance(found, int) and found >= 0 else None
        terrain = v.rules.terrain
        owned = v.world.owned.get(v.seat, set())
        made = {r for t in owned for r, (_, high) in terrain[v.world.terrain[t]].production.items() if high > 0}
        missing = {r for t in self.types for r, n in v.rules.units[t].cost.items() if n > 0 and r not in made}
        sources = {tid for tid, spec in terrain.items() if any(spec.production.get(r, (0, 0))[1] > 0 for r in missing)}
        candidates = [t for t, kind in enumerate(v.world.terrain) if kind in sources and v.world.owner_of(t) is None]
        target = min(candidates, key=lambda t: (v.world.board.distance(base, t), t)) if candidates else None
        v.static.plans[key] = target if target is not None else -1
        return target

    def unit_to_build(self, at_base: Army, staging: Army | None) -> str | None:
        """A rare unit for the group about to set out, when it has none and the engine allows one more."""
        v = self.turn.v
        if v.round < RARE_FROM_ROUND:
            return None
        group = q.unit_types(at_base) + (q.unit_types(staging) if staging is not None else [])
        if any(t in self.types for t in group):
            return None
        food = v.rules.resources.upkeep
        for unit_type in self.types:
            cost = v.rules.units[unit_type].cost
            if q.rare_reason(v.world, v.seat, unit_type) is not None or not q.can_afford(v.stock, cost):
                continue
            if v.stock.get(food, 0) - cost.get(food, 0) >= RARE_FOOD_RESERVE:
                return unit_type
        return None


class RareUnits:
    """Built for the strike forces: one rare unit per group, while the engine's caps allow (E7.1)."""

    name = "rare"

    def for_turn(self, turn: Turn) -> TurnPart | None:
        v = turn.v
        found = v.static.plans.get(("rare types",))
        if not isinstance(found, list):
            found = v.static.plans[("rare types",)] = rare_types(v.rules)
        return RarePart(turn, found) if found else None
