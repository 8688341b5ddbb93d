"""Climbing (E0.3): crossing a wall border that walls forbid, by units with a climbing means, with falls.

A climbing means is the `climb` ability of a unit type, or whatever a mod's means provider lends a unit
(`ModApp.add_climb_means`: equipment it carries, a structure lifting its army's units). The engine knows no
mod: it asks the providers, the `wall_crossing` hook (which walls block) and the `guard_weight` hook (how many
guards a stationed unit counts as).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import esper

from components.abilities import Climb
from components.armies import Army
from components.commands import ClimbWall
from components.structures import Catapult, Structure
from systems import queries as q
from systems.actions import acting_owner, handles, own_army
from systems.events import Event
from systems.unit_abilities import unit_ability
from systems.world import World


@dataclass(frozen=True)
class ClimbMeans:
    """What lets one unit climb: the means' numbers, and the structure lending it (None: the unit's own)."""

    params: Climb
    source: int | None = None


# (world, army, climbing units, from, to) -> {unit: its means} for the units this provider lets climb
ClimbMeansProvider = Callable[[World, int, "tuple[int, ...]", int, int], "dict[int, ClimbMeans]"]


@dataclass(slots=True)
class ClimbsUsed:
    """How many units a shared climbing means (a structure with `capacity`) lifted in one player's turn."""

    round: int
    seat: int
    units: int = 0


@dataclass(frozen=True, slots=True)
class WallClimbed(Event):
    """E0.3: units climbed (or tried to) from `start` over the wall into `territory`; `fallen` stayed below."""

    seat: int
    army: int
    start: int
    territory: int
    climbers: tuple[int, ...]
    fallen: tuple[int, ...]
    arrived: int | None  # the army that stands on the far side now, None when every climber fell

    def log_text(self, place: Callable[[int], str]) -> str:
        up = len(self.climbers) - len(self.fallen)
        fell = f", {len(self.fallen)} fell" if self.fallen else ""
        return f"{up} of {len(self.climbers)} units climbed the wall into {place(self.territory)}{fell}"


def blocking_wall(world: World, owner: int | None, here: int, there: int) -> tuple[int, Structure] | None:
    """The wall on the border here|there when it forbids this owner's crossing (R5.4, or a mod's hook)."""
    from systems.movement import wall_extra

    found = q.wall_between(world, here, there)
    if found is None:
        return None
    entity, wall = found
    return found if wall_extra(world, entity, wall, owner, here, there) is None else None


def guard(world: World, wall: Structure, owner: int | None) -> int:
    """g of E0.3: the units stationed in a hostile wall, weighted by the `guard_weight` hook; an own wall 0."""
    if not q.hostile(wall.owner, owner):
        return 0
    weight = world.app.hooks.guard_weight
    return sum(weight(world, u) if weight is not None else 1 for u in wall.garrison)


def fall_chance(world: World, means: ClimbMeans, wall: Structure, owner: int | None) -> int:
    """E0.3: min(100%, knock_chance × g)."""
    return min(100, means.params.knock_chance * guard(world, wall, owner))


def _capacity_left(world: World, source: int, params: Climb) -> int:
    if params.capacity is None:
        return 1_000_000
    used = esper.try_component(source, ClimbsUsed) if esper.entity_exists(source) else None
    if used is None or (used.round, used.seat) != (world.clock.round, world.clock.seat):
        return params.capacity
    return max(0, params.capacity - used.units)


def climbing_means(world: World, army_entity: int, units: tuple[int, ...], here: int, there: int) -> dict[int, ClimbMeans]:
    """Each climber's means (the lowest knock chance it has; a shared means only up to its capacity left)."""
    offers: dict[int, list[ClimbMeans]] = {u: [] for u in units}
    for u in units:
        own = unit_ability(world, u, "climb", Climb)  # its type's, or one a mod lends it (equipment it carries)
        if own is not None:
            offers[u].append(ClimbMeans(own))
    for provider in world.app.climb_means:
        for u, means in provider(world, army_entity, units, here, there).items():
            if u in offers:
                offers[u].append(means)
    left: dict[int, int] = {}
    chosen: dict[int, ClimbMeans] = {}
    for u in units:  # army order: the first climbers take a shared means' places
        for means in sorted(offers[u], key=lambda m: m.params.knock_chance):
            if means.source is not None:
                if means.source not in left:
                    left[means.source] = _capacity_left(world, means.source, means.params)
                if left[means.source] <= 0:
                    continue
                left[means.source] -= 1
            chosen[u] = means
            break
    return chosen


def _climbers(army: Army, cmd: ClimbWall) -> tuple[int, ...]:
    return tuple(cmd.units) if cmd.units else tuple(army.units)


def climb_cost(world: World, army_entity: int, climbers: tuple[int, ...], means: dict[int, ClimbMeans], there: int) -> tuple[int | None, str]:
    """E0.3: the terrain's cost for the climbers (R5.3) + the largest `extra_mp` of their means (+ R5.5's attack)."""
    from systems.movement import Mover, _entering_cost, step_tables

    army = esper.component_for_entity(army_entity, Army)
    mover = Mover(army.owner, tuple(q.unit(u).unit_type for u in climbers))
    cost, reason = _entering_cost(world, there, step_tables(world, mover))
    if cost is None:
        return None, reason
    cost += max(m.params.extra_mp for m in means.values())
    if any(q.hostile(a.owner, army.owner) for _, a in q.armies_at(there)):
        cost += world.rules.costs.attack_extra
    return cost, ""


def climb_reason(world: World, cmd: ClimbWall) -> str | None:
    """Why this climb is illegal now (E0.3), or None."""
    from systems.army_actions import check_arrival

    army = own_army(world, cmd.army)
    if isinstance(army, str):
        return army
    if acting_owner(world) is None:
        return "rogue armies never climb (E0.2: they get none of the new actions)"
    if cmd.territory not in world.board.neighbours(army.territory):
        return "climbing crosses into a neighbouring territory (E0.3)"
    found = blocking_wall(world, army.owner, army.territory, cmd.territory)
    if found is None:
        return "no wall forbids that border: move there instead (E0.3)"
    climbers = _climbers(army, cmd)
    if cmd.units:
        if len(set(climbers)) != len(climbers) or not set(climbers) <= set(army.units):
            return "choose some units of this army to climb"
        if len(climbers) >= len(army.units):
            return "at least one unit must stay behind (R5.7): climb with the whole army instead"
    catapult = esper.try_component(army.catapult, Catapult) if army.catapult is not None else None
    if catapult is not None and catapult.crew in climbers:
        return "a crew cannot climb away from its mobile structure (E0.3)"
    if any(a.battle is not None for _, a in q.armies_at(cmd.territory)):
        return "a battle is being fought there (R8.1)"
    means = climbing_means(world, cmd.army, climbers, army.territory, cmd.territory)
    lacking = [u for u in climbers if u not in means]
    if lacking:
        name = world.rules.units[q.unit(lacking[0]).unit_type].name
        return f"a {name.lower()} has no climbing means here (E0.3)"
    if not world.rules.is_land(world.terrain[army.territory]) and not all(m.params.from_water for m in means.values()):
        return "that climbing means cannot climb from water (E0.3)"
    cost, reason = climb_cost(world, cmd.army, climbers, means, cmd.territory)
    if cost is None:
        return reason
    if cost > army.mp:
        return f"climbing there needs {cost} MP and the army has {army.mp} (E0.3)"
    moving = Army(army.owner, army.territory, list(climbers))
    return check_arrival(world, moving, cmd.territory, list(climbers) if cmd.units else None)


def apply_climb(world: World, cmd: ClimbWall) -> None:
    """E0.3: each climber in army order may fall (a draw only when the chance is strictly between 0 and 100,
    E0.2); the others cross as one army (a split, R5.7), paying the climb's MP; all who tried are done."""
    from systems.combat import remove_units, unit_health
    from systems.movement import combine, detach, relocate
    from systems.outcome import check_victory

    army = esper.component_for_entity(cmd.army, Army)
    start = army.territory
    climbers = _climbers(army, cmd)
    wall_entity, wall = q.wall_between(world, start, cmd.territory) or (None, None)
    assert wall is not None
    means = climbing_means(world, cmd.army, climbers, start, cmd.territory)
    cost, _ = climb_cost(world, cmd.army, climbers, means, cmd.territory)
    assert cost is not None
    fallen: list[int] = []
    for u in climbers:
        m = means[u]
        if m.source is not None:
            used = esper.try_component(m.source, ClimbsUsed)
            if used is None or (used.round, used.seat) != (world.clock.round, world.clock.seat):
                used = ClimbsUsed(world.clock.round, world.clock.seat)
                esper.add_component(m.source, used)
            used.units += 1
        chance = fall_chance(world, m, wall, army.owner)
        if chance >= 100 or (chance > 0 and world.rng.random() * 100 < chance):
            fallen.append(u)
            q.unit(u).damage += m.params.fall_damage
    up = tuple(u for u in climbers if u not in fallen)
    arrived: int | None = None
    if up:
        resident = next(((e, a) for e, a in q.armies_at(cmd.territory)), None)
        mover = cmd.army if set(up) == set(army.units) else detach(world, cmd.army, list(up), army.mp)
        relocate(world, mover, (cmd.territory,), cost)
        esper.component_for_entity(mover, Army).done = True  # E0.3: climbing ends the actions of all who tried
        arrived = mover
        if resident is not None and resident[1].owner == army.owner:
            arrived = combine(world, mover, resident[0])
        elif resident is not None and world.app.hooks.contact is not None:
            world.app.hooks.contact(world, mover, resident[0])  # into a hostile army: an attack (R5.5)
    if fallen and esper.entity_exists(cmd.army):
        esper.component_for_entity(cmd.army, Army).done = True
    world.emit(WallClimbed(world.clock.seat, cmd.army, start, cmd.territory, climbers, tuple(fallen), arrived))
    remove_units(world, [u for u in fallen if esper.entity_exists(u) and unit_health(world, u) <= 0])
    check_victory(world)


@handles(ClimbWall)
class ClimbOverWall:
    @staticmethod
    def check(world: World, cmd: ClimbWall) -> str | None:
        return climb_reason(world, cmd)

    @staticmethod
    def apply(world: World, cmd: ClimbWall) -> None:
        apply_climb(world, cmd)


def climb_commands(world: World, army_entity: int) -> list[ClimbWall]:
    """The climbs worth offering an army (the panel, the computer players): over each blocking wall beside it,
    the whole army when every unit has a means, else those that have one (a split)."""
    army = esper.component_for_entity(army_entity, Army)
    out: list[ClimbWall] = []
    for there in world.board.neighbours(army.territory):
        if blocking_wall(world, army.owner, army.territory, there) is None:
            continue
        means = climbing_means(world, army_entity, tuple(army.units), army.territory, there)
        if not means:
            continue
        able = tuple(u for u in army.units if u in means)
        out.append(ClimbWall(army_entity, there, () if len(able) == len(army.units) else able))
    return out


def fall_odds(world: World, cmd: ClimbWall) -> dict[int, int]:
    """Each climber's fall chance in percent (the panel and the computer players read it, never restate it)."""
    army = esper.component_for_entity(cmd.army, Army)
    found = q.wall_between(world, army.territory, cmd.territory)
    if found is None:
        return {}
    climbers = _climbers(army, cmd)
    means = climbing_means(world, cmd.army, climbers, army.territory, cmd.territory)
    return {u: fall_chance(world, m, found[1], army.owner) for u, m in means.items()}
