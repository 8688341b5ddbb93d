"""Movement orders (TW5): movement points, path cost and an order's legality, as pure functions."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Literal

from .data import TotalWarRules
from .hexes import UNIT_STEPS, Cube, direction_of, distance, hex_name
from .morale import state_of
from .regiments import Regiment


@dataclass(frozen=True, slots=True)
class MoveOrder:
    """TW5.1: hold (optionally a new facing), move or withdraw along `path` (hexes entered) to `facing`."""

    kind: Literal["hold", "move", "withdraw"]
    path: tuple[Cube, ...] = ()
    facing: str | None = None


def engaged(reg: Regiment, others: list[Regiment]) -> bool:
    """TW5.4: adjacent to an enemy (at the start of the turn)."""
    return next_to(reg.hex, {o.hex for o in others if o.seat != reg.seat})


def next_to(here: Cube, enemy_hexes: set[Cube]) -> bool:
    """TW5.4's adjacency: one of the six hexes at distance 1 holds an enemy (asked for every order checked)."""
    q, r = here
    return any((q + dq, r + dr) in enemy_hexes for dq, dr in UNIT_STEPS)


def movement_points(reg: Regiment, rules: TotalWarRules, effective: int, is_engaged: bool) -> int:
    """TW5.2: type MP + the state's bonus (never artillery); TW5.4: halved (min 1) when engaged."""
    mp = rules.units[reg.kind].mp
    if not rules.units[reg.kind].artillery:
        mp += state_of(effective, rules).mp
    return max(1, mp // 2) if is_engaged else mp


def path_cost(path: tuple[Cube, ...], terrain: dict[Cube, str], rules: TotalWarRules) -> int:
    """TW5.2: the entered hexes' costs summed, then rounded up (1 hill = 2, 2 hills = 3)."""
    return math.ceil(sum(rules.ground[terrain.get(h, "plain")].move_cost for h in path) - 1e-9)


def check_order(
    reg: Regiment, order: MoveOrder, regiments: list[Regiment], terrain: dict[Cube, str],
    rules: TotalWarRules, effective: int, width: int, height: int,
) -> str | None:
    """Why `order` is illegal for `reg` (TW5.1-TW5.4), or None."""
    from .hexes import VECTORS, on_field

    if order.facing is not None and order.facing not in VECTORS:
        return f"facing '{order.facing}' is not one of N, NE, SE, S, SW, NW (TW1.2)"
    if order.kind == "hold":
        return None if not order.path else "a hold order has no path (TW5.1)"
    if reg.routing:
        return "a routing regiment moves on its own (TW5.5)"
    if not order.path:
        return "a move or withdraw needs a path (TW5.1)"
    enemy_hexes = {o.hex for o in regiments if o.seat != reg.seat}
    is_engaged = next_to(reg.hex, enemy_hexes)  # engaged(reg, regiments), the enemy hexes read once
    if is_engaged and order.kind == "move":
        return "an engaged regiment may only hold or withdraw (TW5.4)"
    here = reg.hex
    for step in order.path:
        if direction_of(here, step) is None:
            return f"{hex_name(step)} is not adjacent to {hex_name(here)} (TW5.1)"
        if not on_field(step, width, height):
            return f"{hex_name(step)} is off the field (TW1.1)"
        if step in enemy_hexes:
            return f"{hex_name(step)} is held by an enemy (TW5.3)"
        here = step
    mp = movement_points(reg, rules, effective, is_engaged)
    if len(order.path) > 1 and path_cost(order.path, terrain, rules) > mp:
        return f"the path costs {path_cost(order.path, terrain, rules)} MP, more than {mp} (TW5.2)"
    return None


def rout_path(
    reg: Regiment, regiments: list[Regiment], terrain: dict[Cube, str], rules: TotalWarRules, width: int, height: int,
) -> tuple[Cube, ...]:
    """TW11.6: type MP (halved if engaged); each step to a neighbour free at turn start, affordable and farther
    from the nearest enemy (start positions) than the current hex, farthest first; ties nearer its own edge
    (row 1 for seat 1, the last row for seat 2), then clockwise from N. Never off the field."""
    from .hexes import neighbours, on_field, to_offset

    enemies = [o.hex for o in regiments if o.seat != reg.seat]
    if not enemies:
        return ()
    taken = {o.hex for o in regiments}
    mp = rules.units[reg.kind].mp
    if engaged(reg, regiments):
        mp = max(1, mp // 2)
    edge = 1 if reg.seat == 1 else height

    def far(h: Cube) -> int:
        return min(distance(h, e) for e in enemies)

    path: list[Cube] = []
    here = reg.hex
    while True:
        options = []
        for index, n in enumerate(neighbours(here)):
            if not on_field(n, width, height) or n in taken or n in path:
                continue
            if far(n) <= far(here):
                continue
            if path and path_cost((*path, n), terrain, rules) > mp:
                continue
            options.append((-far(n), abs(to_offset(n)[1] - edge), index, n))
        if not options:
            return tuple(path)
        here = min(options)[3]
        path.append(here)
