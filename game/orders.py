"""What a simultaneous phase's resolver systems read: each seat's buffered orders, as commands, in the order given."""

from __future__ import annotations

import esper

from components.commands import Command
from components.seats import SeatOrders
from game.codec import command_from_data
from systems.world import World


def orders_of(world: World, seat: int) -> list[Command]:
    """The orders `seat` gave in the simultaneous phase being resolved (empty for a seat that holds)."""
    entity = world.players[seat]
    mine = esper.try_component(entity, SeatOrders)
    if mine is None:
        return []
    kinds = world.app.command_types()
    return [command_from_data(data, f"orders.{seat}.{i}", kinds) for i, data in enumerate(mine.orders)]


def all_orders(world: World) -> dict[int, list[Command]]:
    """Every alive seat's orders, by seat (a resolver usually walks them all at once)."""
    return {seat: orders_of(world, seat) for seat in world.alive_seats()}
