"""Fire (TW8), melee and charges (TW9) and damage (TW10, TW4.3) as pure functions over regiments."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field

from .data import TotalWarRules
from .hexes import DIRECTIONS, Cube, between, direction_of, distance, in_arc, neighbours, side_of
from .orders import engaged
from .regiments import Regiment, in_order

Effective = Callable[[Regiment], int]  # a regiment's effective morale (TW11.1)


def damage(base: int, *factors: int) -> int:
    """TW10.1: ⌊base × Π factors / 100^k⌋ in integers; fractions of a man dropped once, at the end."""
    value = base
    for f in factors:
        value *= f
    return value // 100 ** len(factors)


def cover(hex_: Cube, terrain: dict[Cube, str], rules: TotalWarRules, artillery: bool) -> int:
    """TW1.4: the damage (%) a regiment on `hex_` takes (buildings more from artillery)."""
    return rules.ground[terrain.get(hex_, "plain")].cover_from(artillery)


def range_factor(d: int, rules: TotalWarRules) -> int:
    """TW8.2: distance 2: 100%, 3: 90% ... (data)."""
    factors = rules.fire.range_factors
    return factors[min(d - 2, len(factors) - 1)]


def adjacent_enemy(reg: Regiment, regiments: list[Regiment]) -> bool:
    return engaged(reg, regiments)  # TW5.4's adjacency


def fire_problem(shooter: Regiment, target_hex: Cube, regiments: list[Regiment], rules: TotalWarRules) -> str | None:
    """Why `shooter` may not fire at `target_hex` (TW8.1, TW8.3), or None."""
    kind = rules.units[shooter.kind]
    if not kind.fires:
        return f"{kind.name} does not fire (TW2.1)"
    if shooter.routing:
        return "a routing regiment never fires (TW8.1)"
    if kind.artillery and not shooter.deployed:
        return "undeployed artillery cannot fire (TW2.6)"
    if adjacent_enemy(shooter, regiments):
        return "a regiment adjacent to an enemy is in melee, not fire (TW8.1)"
    d = distance(shooter.hex, target_hex)
    if not max(2, kind.fire_min) <= d <= kind.fire_max:
        return f"distance {d} is out of range {kind.fire_min}-{kind.fire_max} (TW2.1)"
    if not in_arc(shooter.hex, shooter.facing, target_hex, kind.arc):
        return "the target is outside the arc (TW2.2)"
    if not kind.artillery:
        line = set(between(shooter.hex, target_hex))
        if any(o.seat != shooter.seat and o.hex in line for o in regiments):
            return "an enemy stands in the rifle line (TW8.3)"
    return None


@dataclass
class Hit:
    """One regiment's damage from one attack: who dealt it, to whom, how much, by artillery, a charge."""

    source: str
    target: str
    men: int
    artillery: bool = False
    charge: bool = False


@dataclass(frozen=True)
class Roll:
    """TW4.2: one roll or draw made while resolving: who rolled, what for, the value and its range, the least
    that succeeds (0: a draw, nothing to beat) and the regiment it was against."""

    regiment: str
    purpose: str
    value: int
    low: int
    high: int
    need: int = 0
    target: str = ""


@dataclass
class CombatResult:
    """A combat phase: every hit in draw order; damage is applied by `apply_damage` (TW4.3); every roll made."""

    hits: list[Hit] = field(default_factory=list)
    rolls: list[Roll] = field(default_factory=list)
    charge_losses: dict[str, int] = field(default_factory=dict)
    attacks: list[tuple[str, str, bool]] = field(default_factory=list)  # attacker, defender, charge
    destroyed_artillery: list[str] = field(default_factory=list)


def shoot(
    shooter: Regiment, target_hex: Cube, regiments: list[Regiment], terrain: dict[Cube, str], rules: TotalWarRules,
    rng: random.Random, morale_factor: int, reaction: bool = False, aimed: Regiment | None = None,
    rolls: list[Roll] | None = None,
) -> list[Hit]:
    """TW8.2-TW8.5 (TW7.4 when `reaction`: no friendly fire, no area): the hits of one shot; its rolls are
    added to `rolls` (TW4.2). `aimed`: the regiment hit, wherever it stands now (TW7.4: the one that triggered
    the reaction, at its trigger hex's distance and cover), else whoever stands on `target_hex`."""
    kind = rules.units[shooter.kind]
    at = {o.hex: o for o in regiments}
    target = aimed if aimed is not None else at.get(target_hex)
    hits: list[Hit] = []
    rolls = [] if rolls is None else rolls
    if kind.artillery:
        low, high = rules.fire.artillery_low * shooter.men, rules.fire.artillery_high * shooter.men
        base = rng.randint(low, high)
        rolls.append(Roll(shooter.name, "artillery", base, low, high, 0, target.name if target is not None else ""))
        if target is not None:
            hits.append(Hit(shooter.name, target.name, damage(base, morale_factor, cover(target_hex, terrain, rules, True)), True))
        if not reaction:
            for h in neighbours(target_hex):  # TW8.5: clockwise from N
                other = at.get(h)
                if other is None:
                    continue
                die = rng.randint(1, 6)
                rolls.append(Roll(shooter.name, "area", die, 1, 6, rules.fire.area_hit, other.name))  # a miss too
                if die >= rules.fire.area_hit:
                    low, high = shooter.men // rules.fire.area_low_div, shooter.men // rules.fire.area_high_div
                    men = damage(rng.randint(low, high), morale_factor, cover(h, terrain, rules, True))
                    hits.append(Hit(shooter.name, other.name, men, True))
        return hits
    d = distance(shooter.hex, target_hex)
    full = damage(shooter.men // rules.fire.rifle_div, range_factor(d, rules), morale_factor,
                  cover(target_hex, terrain, rules, False))
    friends = [] if reaction else [at[h] for h in between(shooter.hex, target_hex) if h in at]
    share = full // (len(friends) + 1)  # TW8.3: the halves and thirds
    if target is not None:
        hits.append(Hit(shooter.name, target.name, share))
    hits.extend(Hit(shooter.name, f.name, share) for f in friends)
    return hits


def default_melee_target(attacker: Regiment, enemies: list[Regiment], charged: list[str]) -> Regiment:
    """TW9.1: among those it charged if any, the fewest men, ties clockwise from its facing."""
    pool = [e for e in enemies if e.name in charged] or enemies
    start = DIRECTIONS.index(attacker.facing)

    def clockwise(e: Regiment) -> int:
        d = direction_of(attacker.hex, e.hex)
        return (DIRECTIONS.index(d) - start) % 6 if d else 6

    return min(pool, key=lambda e: (e.men, clockwise(e)))


def melee_attack(
    attacker: Regiment, defender_hex: Cube, charge: bool, terrain: dict[Cube, str], rules: TotalWarRules,
    rng: random.Random, morale_factor: int, rolls: list[Roll] | None = None, against: str = "",
) -> tuple[int, int]:
    """TW9.2/TW9.3/TW2.1: (men dealt before the defender's other regiments take it, men the attacker loses);
    the charge die or the melee draw is added to `rolls` (TW4.2), as rolled against `against`."""
    kind = rules.units[attacker.kind]
    m = attacker.men
    c = cover(defender_hex, terrain, rules, False)
    ch = rules.charge
    rolls = [] if rolls is None else rolls
    if charge:
        if attacker.kind == "cavalry":
            return damage(m // ch.cavalry_deals_div, c), m // ch.cavalry_loses_div
        die = rng.randint(1, 6)
        rolls.append(Roll(attacker.name, "charge", die, 1, 6, ch.infantry_success, against))
        if die >= ch.infantry_success:
            return damage(m // ch.infantry_success_deals_div, c), m // ch.infantry_success_loses_div
        return damage(m // ch.infantry_fail_deals_div, c), m // ch.infantry_fail_loses_div
    low, high = m // kind.melee_low_div, m // kind.melee_high_div
    base = rng.randint(low, high)
    rolls.append(Roll(attacker.name, "melee", base, low, high, 0, against))
    return damage(base, morale_factor, c), 0


def artillery_shield(artillery: Regiment, regiments: list[Regiment], rules: TotalWarRules) -> Regiment | None:
    """TW9.5: the adjacent friendly non-artillery, non-routing regiment with the most men (ties: processing order)."""
    guards = [o for o in in_order(regiments) if o.seat == artillery.seat and not o.routing
              and not rules.units[o.kind].artillery and distance(o.hex, artillery.hex) == 1]
    return max(guards, key=lambda o: o.men) if guards else None  # max keeps the first of equals


def resolve_combat(
    regiments: list[Regiment], fire_orders: dict[str, Cube], melee_orders: dict[str, str],
    charges: list[tuple[str, str]], terrain: dict[Cube, str], rules: TotalWarRules, rng: random.Random,
    morale_factor: Callable[[Regiment], int],
) -> CombatResult:
    """TW4.1 step 7: fire (TW8) and melee (TW9) together, from the men at the start of the phase (TW4.3);
    draws in processing order, fire first (TW13.1). Illegal fire orders are skipped."""
    result = CombatResult()
    by_name = {r.name: r for r in regiments}
    for shooter in in_order(regiments):
        target = fire_orders.get(shooter.name)
        if target is None or fire_problem(shooter, target, regiments, rules) is not None:
            continue
        at = {o.hex: o for o in regiments}
        if target not in at or at[target].seat == shooter.seat:
            continue
        result.hits.extend(shoot(shooter, target, regiments, terrain, rules, rng, morale_factor(shooter),
                                 rolls=result.rolls))
    charged_by: dict[str, list[str]] = {}
    chargers = {a for a, _ in charges}
    for a, b in charges:
        charged_by.setdefault(a, []).append(b)
    received = {b for _, b in charges}
    for attacker in in_order(regiments):
        kind = rules.units[attacker.kind]
        if kind.artillery or attacker.routing or not kind.melees:
            continue
        enemies = [o for o in in_order(regiments) if o.seat != attacker.seat and distance(o.hex, attacker.hex) == 1]
        if not enemies:
            continue
        if attacker.name in received and attacker.name not in chargers:
            continue  # TW9.4
        chosen = by_name.get(melee_orders.get(attacker.name, ""))
        defender = chosen if chosen in enemies else default_melee_target(attacker, enemies, charged_by.get(attacker.name, []))
        assert defender is not None
        charge = defender.name in charged_by.get(attacker.name, [])
        dealt, lost = melee_attack(attacker, defender.hex, charge, terrain, rules, rng, morale_factor(attacker),
                                   rolls=result.rolls, against=defender.name)
        result.attacks.append((attacker.name, defender.name, charge))
        if lost:
            result.charge_losses[attacker.name] = result.charge_losses.get(attacker.name, 0) + lost
            result.hits.append(Hit(attacker.name, attacker.name, lost, charge=True))
        taker = defender
        if rules.units[defender.kind].artillery:
            shield = artillery_shield(defender, regiments, rules)
            if shield is None:  # TW9.5: destroyed, by this attack: a hit of all its men, so the attacker is
                result.destroyed_artillery.append(defender.name)  # credited (TW11.2's +10) like any other
                result.hits.append(Hit(attacker.name, defender.name, defender.men, charge=charge))
                continue
            taker = shield
        result.hits.append(Hit(attacker.name, taker.name, dealt, charge=charge))
    return result


def apply_damage(regiments: list[Regiment], hits: list[Hit], destroyed: list[str] = ()) -> dict[str, int]:  # type: ignore[assignment]
    """TW4.3: a phase's damage summed per regiment, capped at its men and applied together; returns the
    men each regiment lost (artillery destroyed by TW9.5 loses all)."""
    total: dict[str, int] = {}
    for hit in hits:
        total[hit.target] = total.get(hit.target, 0) + hit.men
    for name in destroyed:
        total[name] = 10**9
    lost: dict[str, int] = {}
    for reg in regiments:
        if reg.name in total:
            lost[reg.name] = min(reg.men, total[reg.name])
            reg.men -= lost[reg.name]
    return lost


def charge_side(charged: Regiment, charger: Regiment) -> str:
    """TW11.2 via TW2.3: which side of the charged regiment the charge came from."""
    return side_of(charged.hex, charged.facing, charger.hex)
