"""Computer players and the unit types mods add: mounted units (cavalry) and healers (medics).

Nothing here names a mod: unit types are recognised by their data, so any mod's mounted unit
(`movement.open_terrain_bonus > 0`) or healer (`heal` ability) is used the same way.

- Mounted units go into the strike forces where they are worth their price (`mounted_worth_it`): a full
  army of them beats what the target player fields clearly more often than a full army of soldiers does
  (cavalry kills sturdy defenders and stationed units in one strike, but loses to swarms of soldiers);
  food is plentiful and the early, food-starved rounds are over. Claimers and the flag's garrison stay
  soldiers and rangers.
- A healer is added to a big army: when the group gathering to set out (the staging army plus the units
  about to leave the flag) fills eight or more army slots and has no healer, and food is plentiful, one is
  built at the flag and leaves with the next group (a healer fights not at all and takes a soldier's
  place, so it is bought from a surplus only).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING

from components.rules import Ruleset
from game.ai.view import View

if TYPE_CHECKING:
    from components.armies import Army

SOLDIER = "soldier"
MOUNTED_FROM_ROUND = 8     # claimers and a first group of soldiers come first
MOUNTED_FOOD_RESERVE = 15  # food left after buying one
MOUNTED_WIN_GAIN = 0.15    # how much more often a full mounted army must beat the enemy than a soldiers' one
HEALER_GROUP = 8           # army slots of a group that gets a healer
HEALER_FROM_ROUND = 10
HEALER_FOOD_RESERVE = 40   # food left after buying one: a healer is bought from a surplus


@dataclass(frozen=True)
class UnitKinds:
    """The ruleset's unit types by role (computed once per game)."""

    mounted: str | None
    healer: str | None
    special: frozenset[str]  # types that never serve as claimers or garrison

    @staticmethod
    def of(rules: Ruleset) -> UnitKinds:
        mounted = [
            (spec.combat.attack * spec.combat.defense / spec.army.slots, -sum(spec.cost.values()), uid)
            for uid, spec in rules.units.items()
            if spec.buildable and spec.movement.open_terrain_bonus > 0 and spec.combat.attack > 0
        ]
        healers = [
            (sum(spec.cost.values()), uid) for uid, spec in rules.units.items() if spec.buildable and spec.has("heal")
        ]
        best_mounted = max(mounted)[2] if mounted else None
        best_healer = min(healers)[1] if healers else None
        return UnitKinds(best_mounted, best_healer, frozenset(t for t in (best_mounted, best_healer) if t))


def kinds_of(v: View) -> UnitKinds:
    """The game's unit kinds (cached with the game's other static facts)."""
    found = v.static.plans.get(("kinds",))
    if not isinstance(found, UnitKinds):
        found = v.static.plans[("kinds",)] = UnitKinds.of(v.rules)
    return found


def enemy_side(v: View, seat: int, base: int) -> list[tuple[int, int]]:
    """What the strike forces would meet at an enemy flag: the strongest army of that player (wherever it
    stands) or the flag's defence (the armies there and the stationed units), whichever is stronger."""
    from game.ai.view import power
    from systems import queries as q

    armies = [v.side(a) for _, a in v.hostile if a.owner == seat and a.units]
    best = max(armies, key=power, default=[])
    flag: list[tuple[int, int]] = []
    for _, a in v.at.get(base, ()):
        if a.owner == seat:
            flag.extend(v.side(a))
    for u in v.stationed_at(seat, base):
        unit = q.unit(u)
        flag.append((unit.attack, v.rules.units[unit.unit_type].stationed.defense - unit.damage))
    return flag if power(flag) > power(best) else best


def win_rate(rng: random.Random, attackers: list[tuple[int, int]], defenders: list[tuple[int, int]],
             trials: int) -> float:
    from game.queries import simulate_battle

    wins = 0
    for _ in range(trials):
        a, d, _r = simulate_battle(rng, attackers, defenders, 30)
        wins += bool(a) and not d
    return wins / trials


def mounted_worth_it(v: View, target: tuple[int, int] | None, rng: random.Random, trials: int = 24) -> str | None:
    """The mounted unit type to build for the strike forces now, or None when soldiers are the better buy.

    Per army slot a mounted unit has a soldier's numbers (cavalry: 4/4 in two slots) at a higher price, and
    against many small units it loses (fewer strikes, damage wasted on 2-point soldiers). It pays against
    sturdy defenders: a 4-point strike kills what two soldiers' strikes only wound. So a full army of each
    is simulated against what the target player fields (its strongest army or its flag's defence); mounted
    units are built when they win clearly more often (decided once per turn). Food must be plentiful and
    the early rounds over.
    """
    kinds = kinds_of(v)
    mounted = kinds.mounted
    if mounted is None or v.base is None or target is None or v.round < MOUNTED_FROM_ROUND:
        return None
    if SOLDIER not in v.rules.units:
        return mounted
    spec, soldier = v.rules.units[mounted], v.rules.units[SOLDIER]
    food = v.rules.resources.upkeep
    if v.stock.get(food, 0) - spec.cost.get(food, 0) < MOUNTED_FOOD_RESERVE:
        return None
    key = ("mounted", v.seat)
    cached = v.static.plans.get(key)
    if isinstance(cached, tuple) and cached[0] == v.round:  # decided once per turn
        return mounted if cached[1] else None
    seat, base = target
    enemy = enemy_side(v, seat, base)
    slots = v.limit_units
    as_mounted = [(spec.combat.attack, spec.combat.defense)] * max(1, slots // spec.army.slots)
    as_soldiers = [(soldier.combat.attack, soldier.combat.defense)] * max(1, slots // soldier.army.slots)
    if enemy:
        gain = win_rate(rng, as_mounted, enemy, trials) - win_rate(rng, as_soldiers, enemy, trials)
    else:
        gain = 0.0
    worth = gain >= MOUNTED_WIN_GAIN
    v.static.plans[key] = (v.round, worth)
    return mounted if worth else None


def healer_wanted(v: View, at_base: Army | None, keep: int, staging: Army | None) -> str | None:
    """A healer type to build when the group about to set out is big and has none."""
    healer = kinds_of(v).healer
    if healer is None or at_base is None or v.round < HEALER_FROM_ROUND:
        return None
    from systems import queries as q

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
