"""Simultaneous movement (TW6) with reaction-fire triggers (TW7.2), as one pure function over regiments and orders."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from .data import TotalWarRules
from .hexes import Cube, between, direction_of, distance, in_arc
from .orders import MoveOrder
from .regiments import Regiment, in_order


@dataclass
class MoveResult:
    """What movement did: per tick the steps made and bounces, the charges (charger -> charged), reaction
    triggers (reactor -> [(enemy, trigger hex)] in trigger order) and the roll-offs drawn."""

    ticks: list[dict[str, list[tuple[str, Cube, Cube]]]] = field(default_factory=list)
    charges: list[tuple[str, str]] = field(default_factory=list)
    triggers: dict[str, dict[str, Cube]] = field(default_factory=dict)
    rolls: list[tuple[str, int]] = field(default_factory=list)


def roll_off(contenders: list[Regiment], rng: random.Random, rolls: list[tuple[str, int]]) -> Regiment:
    """TW6.2(b): each rolls d6 in processing order, highest wins, the tied re-roll."""
    tied = in_order(contenders)
    while len(tied) > 1:
        results = []
        for reg in tied:
            value = rng.randint(1, 6)
            rolls.append((reg.name, value))
            results.append((value, reg))
        best = max(v for v, _ in results)
        tied = [r for v, r in results if v == best]
    return tied[0]


def is_reactor(reg: Regiment, order: MoveOrder | None, rules: TotalWarRules) -> bool:
    """TW7.1: infantry and deployed artillery with no move or withdraw order, not routing."""
    kind = rules.units[reg.kind]
    moving = order is not None and order.kind != "hold"
    return kind.fires and not moving and not reg.routing and (reg.deployed or not kind.artillery)


def resolve_movement(
    regiments: list[Regiment], orders: dict[str, MoveOrder], rules: TotalWarRules, rng: random.Random,
    charge_barred: set[str] | None = None,
) -> MoveResult:
    """TW6.1-TW6.5: move `regiments` in place tick by tick along their orders' paths; `charge_barred` names
    regiments that may not charge (Wavering infantry, TW6.4). Routing regiments' orders are their automatic
    paths (TW5.5). Hold orders' facings apply before tick 1."""
    result = MoveResult()
    by_name = {r.name: r for r in regiments}
    start = {r.name: r.hex for r in regiments}
    barred = charge_barred or set()
    for reg in regiments:
        order = orders.get(reg.name)
        if order is not None and order.kind == "hold" and order.facing:
            reg.facing = order.facing
    remaining = {n: list(o.path) for n, o in orders.items() if o.kind != "hold" and o.path and n in by_name}
    reactors = [r for r in in_order(regiments) if is_reactor(r, orders.get(r.name), rules)]
    tick = 0
    while remaining:
        tick += 1
        before = {r.name: r.hex for r in regiments}
        proposals = {n: path[0] for n, path in remaining.items()}
        failed: set[str] = set()
        # (a) swaps
        for n, target in proposals.items():
            for m, other in proposals.items():
                if n != m and target == before[m] and other == before[n]:
                    failed.add(n)
        # (b) contests, hexes by column then row (TW13.1)
        targets: dict[Cube, list[str]] = {}
        for n, target in proposals.items():
            if n not in failed:
                targets.setdefault(target, []).append(n)
        from .hexes import to_offset

        for target in sorted(targets, key=to_offset):
            names = targets[target]
            if len(names) < 2:
                continue
            closest = min(distance(start[n], target) for n in names)
            near = [by_name[n] for n in names if distance(start[n], target) == closest]
            winner = near[0] if len(near) == 1 else roll_off(near, rng, result.rolls)
            failed.update(n for n in names if n != winner.name)
        # (c) a proposal fails while its hex holds a regiment not leaving it successfully
        changed = True
        while changed:
            changed = False
            for n, target in proposals.items():
                if n in failed:
                    continue
                for m, here in before.items():
                    if here == target and (m not in proposals or m in failed):
                        failed.add(n)
                        changed = True
                        break
        # (d) the rest succeed
        made = [(n, before[n], proposals[n]) for n in proposals if n not in failed]
        bounced = [(n, before[n], proposals[n]) for n in proposals if n in failed]
        result.ticks.append({"made": made, "bounced": bounced})
        for n, src, dst in made:
            by_name[n].hex = dst
            by_name[n].facing = direction_of(src, dst) or by_name[n].facing
            remaining[n].pop(0)
        for n, src, dst in bounced:
            by_name[n].facing = direction_of(src, dst) or by_name[n].facing  # TW6.5
            del remaining[n]  # TW6.3
        # completed paths take their ordered facing (TW6.5)
        for n in [n for n, path in remaining.items() if not path]:
            facing = orders[n].facing
            if facing:
                by_name[n].facing = facing
            del remaining[n]
        # TW6.4 contact: enemies adjacent now and not before
        proposed = set(proposals)
        stopped: set[str] = set()
        for a in in_order(regiments):
            for b in in_order(regiments):
                if a.seat >= b.seat or distance(a.hex, b.hex) != 1 or distance(before[a.name], before[b.name]) == 1:
                    continue
                stopped.update((a.name, b.name))
                for x, y in ((a, b), (b, a)):
                    order = orders.get(x.name)
                    if (
                        x.name in proposed and not x.routing and not rules.units[x.kind].artillery
                        and x.name not in barred and not (order is not None and order.kind == "withdraw")
                    ):
                        result.charges.append((x.name, y.name))
        for n in stopped:
            remaining.pop(n, None)
        # TW7.2 reaction triggers
        for reactor in reactors:
            if any(o.seat != reactor.seat and distance(o.hex, reactor.hex) == 1 for o in regiments):
                continue
            kind = rules.units[reactor.kind]
            for n, _src, dst in made:
                enemy = by_name[n]
                if enemy.seat == reactor.seat:
                    continue
                d = distance(reactor.hex, dst)
                if not (max(2, kind.fire_min) <= d <= kind.fire_max and in_arc(reactor.hex, reactor.facing, dst, kind.arc)):
                    continue
                occupied = {r.hex for r in regiments}
                if any(h in occupied for h in between(reactor.hex, dst)):
                    continue
                triggers = result.triggers.setdefault(reactor.name, {})
                triggers[n] = dst  # the last such hex per enemy
    return result
