"""Mounted units in the strike forces: a built-in behaviour for any unit with extra MP on open terrain.

A unit type is mounted by its data (`movement.open_terrain_bonus > 0`, an engine movement feature), so any
ruleset or mod that has one is played the same way. Per army slot such a unit may have a foot soldier's
numbers at a higher price, and against many small units it loses (fewer strikes, damage wasted on weak
units); it pays against sturdy defenders, which one strong strike kills where two weak ones only wound.
So a full army of each is simulated against what the target player fields (its strongest army or its
flag's defence); mounted units are built when they win clearly more often (decided once per turn), food
is plentiful and the early rounds are over. Claimers and the flag's garrison stay foot units.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from components.rules import Ruleset
from game.ai.behaviours import TurnPart
from game.ai.params import SOLDIER
from game.ai.view import Side, View, power
from systems.combat import simulate_battle

if TYPE_CHECKING:
    from components.armies import Army
    from game.ai.turn import Turn

MOUNTED_FROM_ROUND = 8     # claimers and a first group of foot soldiers come first
MOUNTED_FOOD_RESERVE = 15  # food left after buying one
MOUNTED_WIN_GAIN = 0.15    # how much more often a full mounted army must beat the enemy than a soldiers' one


def mounted_type(rules: Ruleset) -> str | None:
    """The best buildable mounted unit type (strength per army slot, then the cheapest), if any."""
    mounted = [
        (spec.combat.attack * spec.combat.defense / spec.army.slots, -sum(spec.cost.values()), uid)
        for uid, spec in rules.units.items()
        if spec.buildable and spec.movement.open_terrain_bonus > 0 and spec.combat.attack > 0
    ]
    return max(mounted)[2] if mounted else None


def enemy_side(v: View, seat: int, base: int) -> Side:
    """What the strike forces would meet at an enemy flag: the strongest army of that player (wherever it
    stands) or the flag's defence (the armies there and the stationed units), whichever is stronger."""
    armies = [v.side(a) for _, a in v.hostile if a.owner == seat and a.units]
    best = max(armies, key=power, default=[])
    flag: Side = []
    for _, a in v.at.get(base, ()):
        if a.owner == seat:
            flag.extend(v.side(a))
    flag.extend(v.stationed_side(seat, base))
    return flag if power(flag) > power(best) else best


def win_rate(rng: random.Random, attackers: Side, defenders: Side, trials: int) -> float:
    wins = 0
    for _ in range(trials):
        a, d, _r = simulate_battle(rng, attackers, defenders, 30)
        wins += bool(a) and not d
    return wins / trials


def mounted_worth_it(v: View, mounted: str, target: tuple[int, int] | None, rng: random.Random,
                     trials: int = 24) -> bool:
    """Build the mounted type for the strike forces now (see the module docstring)?"""
    if v.base is None or target is None or v.round < MOUNTED_FROM_ROUND:
        return False
    if SOLDIER not in v.rules.units:
        return True
    spec, soldier = v.rules.units[mounted], v.rules.units[SOLDIER]
    food = v.rules.resources.upkeep
    if v.stock.get(food, 0) - spec.cost.get(food, 0) < MOUNTED_FOOD_RESERVE:
        return False
    key = ("mounted", v.seat)
    cached = v.static.plans.get(key)
    if isinstance(cached, tuple) and cached[0] == v.round:  # decided once per turn
        return bool(cached[1])
    seat, base = target
    enemy = enemy_side(v, seat, base)
    slots = v.limit_units
    as_mounted: Side = [(spec.combat.attack, spec.combat.defense)] * max(1, slots // spec.army.slots)
    as_soldiers: Side = [(soldier.combat.attack, soldier.combat.defense)] * max(1, slots // soldier.army.slots)
    gain = win_rate(rng, as_mounted, enemy, trials) - win_rate(rng, as_soldiers, enemy, trials) if enemy else 0.0
    worth = gain >= MOUNTED_WIN_GAIN
    v.static.plans[key] = (v.round, worth)
    return worth


class MountedPart(TurnPart):
    def __init__(self, turn: Turn, mounted: str) -> None:
        self.turn = turn
        self.mounted = mounted

    def special_units(self) -> frozenset[str]:
        return frozenset((self.mounted,))

    def unit_to_build(self, at_base: Army, staging: Army | None) -> str | None:
        t = self.turn
        return self.mounted if mounted_worth_it(t.v, self.mounted, t.main_target(), t.rng) else None


class Mounted:
    """Built for the strike forces where a full army of them clearly beats what the target fields."""

    name = "mounted"

    def for_turn(self, turn: Turn) -> TurnPart | None:
        v = turn.v
        found = v.static.plans.get(("mounted type",), ())
        if found == ():
            found = v.static.plans[("mounted type",)] = mounted_type(v.rules)
        return MountedPart(turn, found) if isinstance(found, str) else None
