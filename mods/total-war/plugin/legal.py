"""Total War's legal commands for learning agents (app.set_legal_commands; game.lab.env numbers its actions by this order).

The seat is the one asked for, else `game.legal.seat_to_act` (the first seat not yet ready). Order: `Ready` first, then per
regiment of that seat without an order this phase (TW4.1: one order per regiment, `order_slot`), by name:
deploy: a Place one hex away in each direction (TW3.2); movement: hold, then a one-hex move and a one-hex
withdraw in each direction, facing the way it went (TW5.1); combat: Fire at each enemy hex (TW8.1), then
Attack each adjacent enemy (TW9.1). Every entry passes `game.check(cmd, seat=...)`, so the rules stay in
the checks; a few hundred entries at most (13 per regiment).
"""

from __future__ import annotations

from typing import Any

from components.commands import Command
from components.seats import Ready

from .commands import Attack, Fire, Move, Place
from .hexes import DIRECTIONS, VECTORS, add, distance, hex_name, on_field
from .play import COMBAT, DEPLOY, MOVEMENT, regiments, size


def legal_commands(game: Any, seat: int | None = None) -> list[Command]:
    """Every command offered to `seat` (default: the seat to act) now, in the canonical order above ([] when it
    may not act)."""
    from game.engine import seat_orders
    from game.legal import seat_to_act

    if game.over or not game.awaiting_orders:
        return []
    seat = seat_to_act(game) if seat is None else seat
    if seat not in game.unready_seats():
        return []
    world = game.world
    given = {data.get("regiment") for data in seat_orders(world, seat).orders}
    everyone = sorted(regiments(world).values(), key=lambda r: r.name)
    out: list[Command] = [Ready()] if game.check(Ready(), seat=seat) is None else []
    per_regiment = _remembered(world, seat, everyone)
    for reg in everyone:
        if reg.seat != seat or reg.name in given:
            continue
        found = per_regiment.get(reg.name)
        if found is None:
            found = per_regiment[reg.name] = tuple(c for c in _candidates(world, reg, everyone)
                                                   if game.check(c, seat=seat) is None)
        out.extend(found)
    return out


def _remembered(world: Any, seat: int, everyone: list[Any]) -> dict[str, tuple[Command, ...]]:
    """Each regiment's checked commands while the field stands as it is: orders are buffered until the phase
    resolves, so within a phase one regiment's order changes no other's legality (TW4.1); a new phase, turn or any
    change to a regiment starts afresh. (The checks stay the engine's; this only spares asking them again.)"""
    key = (world.clock.round, world.clock.stage, seat,
           tuple((r.name, r.hex, r.facing, r.men, r.morale, r.effective, r.rout_turns, r.deployed) for r in everyone))
    found = world.derived.get("tw_legal")
    if found is None or found[0] != key:
        found = world.derived["tw_legal"] = (key, {})
    remembered: dict[str, tuple[Command, ...]] = found[1]
    return remembered


def _candidates(world: Any, reg: Any, everyone: list[Any]) -> list[Command]:
    """The commands offered to one regiment in this phase, before the check (the canonical order above)."""
    stage = world.clock.stage
    width, height = size(world)
    steps = [(d, hex_name(h)) for d in DIRECTIONS if on_field(h := add(reg.hex, VECTORS[d]), width, height)]
    candidates: list[Command] = []
    if stage == DEPLOY:
        candidates += [Place(reg.name, name) for _, name in steps]
    elif stage == MOVEMENT:
        candidates.append(Move(reg.name, "hold"))
        for kind in ("move", "withdraw"):
            candidates += [Move(reg.name, kind, (name,), d) for d, name in steps]
    elif stage == COMBAT:
        enemies = [e for e in everyone if e.seat != reg.seat]
        candidates += [Fire(reg.name, hex_name(h)) for h in sorted({e.hex for e in enemies})]
        candidates += [Attack(reg.name, e.name) for e in enemies if distance(e.hex, reg.hex) == 1]
    return candidates
