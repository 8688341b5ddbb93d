"""The Resource stage (R3.2): every owned, undisrupted territory without a rogue army produces (R2.2, R2.3)."""

from __future__ import annotations

from collections import Counter
from functools import lru_cache

import esper

from components.players import Stockpile
from systems import queries as q
from systems.events import ResourcesProduced
from systems.world import World


def outcome_table(ranges: dict[str, tuple[int, int]]) -> list[dict[str, int]]:
    """Every combination of a terrain's independent production ranges (R2.2), equally likely.

    One uniform draw picks a combination, which is the same as one independent draw per resource but
    needs a single call to the generator per territory (this is the hot loop on large maps).
    """
    table: list[dict[str, int]] = [{}]
    for resource, (low, high) in ranges.items():
        table = [{**partial, resource: amount} for partial in table for amount in range(low, high + 1)]
    return table


@lru_cache(maxsize=256)
def _shared_table(ranges: tuple[tuple[str, tuple[int, int]], ...]) -> list[dict[str, int]]:
    """`outcome_table`, built once per distinct set of ranges: every ResourcesProduced event (kept for the whole
    game by the journal) then points at the same few outcome dicts instead of fresh copies each turn. Read only."""
    return outcome_table(dict(ranges))


def producing_territories(world: World, seat: int, ordered: bool = True) -> list[int]:
    """The seat's territories that produce now (R2.3: not disrupted, no rogue army standing there), sorted
    (with `ordered=False` in no particular order, for a caller that only counts them)."""
    idle = {a.territory for _, a in q.rogue_armies()} | q.disrupted_territories(world)
    found = world.owned.get(seat, set()) - idle
    return sorted(found) if ordered else list(found)


def production_ranges(world: World, seat: int) -> dict[str, tuple[int, float, int]]:
    """Per resource: the least, the mean and the most the seat's land makes in one Resource stage."""
    out = {resource: (0, 0.0, 0) for resource in world.rules.resources.ids}
    terrain = world.rules.terrain
    # territories counted per terrain, then each terrain's ranges times its count: the same sums in any order
    # (whole numbers and halves add exactly), without a pass over the ranges per territory
    counts = Counter(map(world.terrain.__getitem__, producing_territories(world, seat, ordered=False)))
    for kind, count in counts.items():
        for resource, (low, high) in terrain[kind].production.items():
            least, mean, most = out.get(resource, (0, 0.0, 0))
            out[resource] = (least + low * count, mean + (low + high) / 2 * count, most + high * count)
    return out


def produce_resources(world: World) -> None:
    seat = world.clock.seat
    rules = world.rules
    tables = {tid: _shared_table(tuple(spec.production.items())) for tid, spec in rules.terrain.items()
              if spec.production}
    picked: dict[int, int] = {}
    by_territory: list[tuple[int, dict[str, int]]] = []
    terrain = world.terrain
    draw = world.rng.random
    for territory in producing_territories(world, seat):
        table = tables.get(terrain[territory])
        if table is None:
            continue
        made = table[int(draw() * len(table))]
        picked[id(made)] = picked.get(id(made), 0) + 1
        by_territory.append((territory, made))
    totals = dict.fromkeys(rules.resources.ids, 0)
    for table in tables.values():
        for made in table:
            for resource, amount in made.items():
                totals[resource] += amount * picked.get(id(made), 0)
    stock = esper.component_for_entity(world.players[seat], Stockpile).amounts
    for resource, amount in totals.items():
        stock[resource] = stock.get(resource, 0) + amount
    world.emit(ResourcesProduced(seat, totals, tuple(by_territory)))
