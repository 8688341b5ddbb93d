"""The Upkeep stage (R4): pay armies and stationed units nearest the base first, roll for rogues, refresh MP."""

from __future__ import annotations

from dataclasses import dataclass

import esper

from components.abilities import Forager
from components.armies import Army
from components.structures import Catapult
from systems import queries as q
from systems.events import GroupUpkeep, UpkeepPaid
from systems.rogues import make_rogue, unstation_as_rogue
from systems.world import World


@dataclass
class Group:
    """An upkeep group (R4.2): an army, or one stationed unit with the structure holding it."""

    entity: int
    kind: str
    territory: int
    units: list[int]
    owed: int
    distance: int
    structure: int | None = None
    paid: int = 0


def upkeep_groups(world: World, seat: int) -> list[Group]:
    """The player's upkeep groups in payment order: nearest the home base first, then smaller first (a caller
    that only adds up what is owed asks `upkeep_owed`)."""
    base = q.home_base(world, seat)
    groups: list[Group] = []

    def distance(t: int) -> int:
        return world.board.distance(base, t) if base is not None else 0

    now = world.clock.round
    upkeep = _unit_upkeep(world)
    for entity, army in q.player_armies(seat):
        owed = _army_owed(army.units, upkeep, now)
        groups.append(Group(entity, "army", army.territory, list(army.units), owed, distance(army.territory)))
    stationed_cost = _stationed_upkeep(world)
    for entity, structure in q.structures():
        if structure.owner != seat or not structure.garrison:  # an empty structure owes nothing: no group
            continue
        place = structure.territory
        if structure.border is not None and distance(structure.border) < distance(place):
            place = structure.border
        for u in structure.garrison:
            groups.append(Group(u, "stationed", place, [u], stationed_cost, distance(place), structure=entity))
    groups.sort(key=lambda g: (g.distance, q.slots_of(world, [q.unit(u).unit_type for u in g.units]), g.entity))
    return groups


def upkeep_owed(world: World, seat: int) -> int:
    """What the player's upkeep groups owe in all: `upkeep_groups`' sum, without building the groups (the
    computer players' food outlook asks before every unit they build)."""
    upkeep = _unit_upkeep(world)
    now = world.clock.round
    owed = sum(_army_owed(army.units, upkeep, now) for _, army in q.player_armies(seat))
    stationed = sum(len(structure.garrison) for _, structure in q.structures() if structure.owner == seat)
    return owed + stationed * _stationed_upkeep(world)


def upkeep_bound(world: World, seat: int) -> int:
    """An upper bound of `upkeep_owed` from the unit counts alone and the dearest unit type's upkeep (R4.1): for
    callers that ask in thousands of positions (the search's value), where reading every unit costs."""
    dearest = max(_unit_upkeep(world).values(), default=0)
    marching = sum(len(army.units) for _, army in q.player_armies(seat))
    stationed = sum(len(structure.garrison) for _, structure in q.structures() if structure.owner == seat)
    return marching * dearest + stationed * _stationed_upkeep(world)


def _stationed_upkeep(world: World) -> int:
    """What one stationed unit owes a turn (R4.1)."""
    return world.rules.stationed.upkeep.get(world.rules.resources.upkeep, 0)


def _unit_upkeep(world: World) -> dict[str, int]:
    """Each unit type's upkeep, read once per game: forecasts run upkeep questions several times a turn."""
    resource = world.rules.resources.upkeep
    upkeep: dict[str, int] | None = world.derived.get(("unit_upkeep", resource))
    if upkeep is None:
        upkeep = world.derived[("unit_upkeep", resource)] = {
            t: spec.upkeep.get(resource, 0) for t, spec in world.rules.units.items()}
    return upkeep


def _army_owed(units: list[int], upkeep: dict[str, int], now: int) -> int:
    """An army's upkeep (R4.1): its units' upkeep, nothing for a unit built this round."""
    owed = 0
    for unit in map(q.unit, units):
        if unit.built_round < now:
            owed += upkeep[unit.unit_type]
    return owed


def allocate(food: int, groups: list[Group]) -> int:
    """R4.2: pay in full in order while food lasts, then split the rest evenly (remainder to the nearer)."""
    index = 0
    while index < len(groups) and groups[index].owed <= food:
        groups[index].paid = groups[index].owed
        food -= groups[index].owed
        index += 1
    unpaid = groups[index:]
    if unpaid:
        share, extra = divmod(food, len(unpaid))
        for position, group in enumerate(unpaid):
            group.paid = min(group.owed, share + (1 if position < extra else 0))
            food -= group.paid
    return food


def rogue_chance(world: World, group: Group, stationed: bool) -> float:
    """R4.4: P = (100/S) x F x (S - wR), clamped to 0..100; foragers do not hunt inside structures."""
    if group.owed <= 0 or group.paid >= group.owed:
        return 0.0
    types = [q.unit(u).unit_type for u in group.units]
    size = q.slots_of(world, types)
    weight = 0
    if not stationed:
        for t in types:
            ability = world.rules.units[t].ability("forager", Forager)
            if ability is not None:
                weight += ability.weight
    unpaid_fraction = (group.owed - group.paid) / group.owed
    chance = (100 / size) * unpaid_fraction * (size - weight)
    return max(0.0, min(100.0, chance))


def pay_upkeep(world: World) -> None:
    """R4.2-R4.4 for the player whose turn it is, then R3.3's MP refresh."""
    seat = world.clock.seat
    resource = world.rules.resources.upkeep
    stock = q.stockpile(world, seat)
    groups = upkeep_groups(world, seat)
    food = stock.get(resource, 0)
    stock[resource] = allocate(food, groups)
    reports: list[GroupUpkeep] = []
    for group in groups:
        stationed = group.kind == "stationed"
        chance = rogue_chance(world, group, stationed)
        roll = None
        rogue = False
        if group.paid < group.owed:
            if not stationed:
                army = esper.component_for_entity(group.entity, Army)
                army.mp = army.open_mp = 0  # R4.3
                army.done = True
            roll = world.rng.random() * 100
            rogue = roll < chance
        reports.append(
            GroupUpkeep(group.entity, group.kind, group.territory, len(group.units), group.distance,
                        group.owed, group.paid, chance, roll, rogue)
        )
        if rogue:
            if stationed:
                assert group.structure is not None
                unstation_as_rogue(world, group.structure, group.entity, chance, roll or 0.0)
            else:
                make_rogue(world, group.entity, seat, chance, roll or 0.0)
    world.emit(UpkeepPaid(seat, resource, sum(g.owed for g in groups), sum(g.paid for g in groups), tuple(reports)))
    refresh_moves(world, {g.entity for g in groups if g.paid >= g.owed and g.kind == "army"})


def refresh_moves(world: World, fed: set[int]) -> None:
    """R3.3: fully paid armies not in battle get their MP back; catapults of the player too."""
    seat = world.clock.seat
    for entity, army in q.player_armies(seat):
        if entity not in fed:
            continue
        army.done = False
        if army.battle is None:
            q.restore_mp(world, army)
    for entity, structure in q.structures():
        catapult = esper.try_component(entity, Catapult)
        if catapult is not None and structure.owner == seat:
            mobile = world.rules.structures[structure.structure_type].mobile
            catapult.mp = mobile.mp if mobile else 0
