"""The Resource stage (R3.2): every owned, undisrupted territory without a rogue army produces (R2.2, R2.3)."""

from __future__ import annotations

import esper

from components.players import Stockpile
from systems import queries as q
from systems.events import ResourcesProduced
from systems.world import World


def produce_resources(world: World) -> None:
    seat = world.clock.seat
    rules = world.rules
    rng = world.rng
    rogue_spots = {a.territory for _, a in q.rogue_armies()}
    totals = dict.fromkeys(rules.resources.ids, 0)
    by_territory: list[tuple[int, dict[str, int]]] = []
    for territory in sorted(world.owned.get(seat, ())):
        if territory in rogue_spots or q.is_disrupted(world, territory):
            continue
        ranges = rules.terrain[world.terrain[territory]].production
        if not ranges:
            continue
        made = {resource: rng.randint(low, high) for resource, (low, high) in ranges.items()}
        for resource, amount in made.items():
            totals[resource] += amount
        by_territory.append((territory, made))
    stock = esper.component_for_entity(world.players[seat], Stockpile).amounts
    for resource, amount in totals.items():
        stock[resource] = stock.get(resource, 0) + amount
    world.emit(ResourcesProduced(seat, totals, tuple(by_territory)))
