"""TW3.1 on the engine: each side buys its army with points in a secret simultaneous setup phase (`muster`,
before deployment); a side that buys nothing keeps the default army."""

from __future__ import annotations

import esper

from systems.world import World

from .commands import Buy
from .events import ArmyBought
from .hexes import on_field
from .play import MUSTER, battle, default_positions, raise_army, regiments, rules_of, size


def army_problem(world: World, army: tuple[str, ...], seat: int) -> str | None:
    """Why `army` cannot be bought by `seat` (TW3.1 points, TW2.4 a general, TW3.2 room in the zone), or None."""
    rules = rules_of(world)
    unknown = sorted({kind for kind in army if kind not in rules.units})
    if unknown:
        return f"unknown regiment type(s) {', '.join(unknown)}; types: {', '.join(rules.units)}"
    if not any(kind == "infantry" for kind in army):
        return "an army needs at least one infantry regiment: its general (TW2.4)"
    cost = sum(rules.units[kind].cost for kind in army)
    if cost > rules.army.points:
        return f"the army costs {cost} points, more than the {rules.army.points} each side has (TW3.1)"
    width, height = size(world)
    if not all(on_field(h, width, height) for _, _, h in default_positions(rules, seat, width, army)):
        return f"{len(army)} regiments do not fit in the deployment line of a {width}-column field (TW3.2)"
    return None


def check_buy(world: World, cmd: Buy) -> str | None:
    if world.clock.stage != MUSTER:
        return "armies are bought only before deployment (TW3.1)"
    return army_problem(world, tuple(cmd.army), world.issuer)


def muster(world: World) -> None:
    """The resolver: each side's bought army replaces its default one, revealed together (TW3.1)."""
    from game.orders import all_orders

    rules = rules_of(world)
    bought: dict[int, tuple[str, ...]] = {}
    for seat, orders in all_orders(world).items():
        for order in orders:
            if isinstance(order, Buy):
                bought[seat] = tuple(order.army)
    for seat in world.seats:
        army = bought.get(seat)
        if army is not None:
            for entity, reg in list(regiments(world).items()):
                if reg.seat == seat:
                    esper.delete_entity(entity, immediate=True)
            raise_army(world, seat, army)
        kinds = [r.kind for r in regiments(world).values() if r.seat == seat]
        world.emit(ArmyBought(seat, kinds.count("infantry"), kinds.count("cavalry"), kinds.count("artillery"),
                              sum(rules.units[k].cost for k in kinds)))
    battle(world).start_counts = [sum(1 for r in regiments(world).values() if r.seat == s) for s in world.seats]
