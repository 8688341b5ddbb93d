"""Movement (R5): step costs over terrain, walls and bridges; reachable territories; moving and combining."""

from __future__ import annotations

import heapq
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import NamedTuple

import esper

from components.abilities import BridgeAbility
from components.armies import Army, ArmyUnit
from components.board import Disrupted
from components.structures import Catapult, Structure
from systems import queries as q
from systems.events import ArmiesCombined, ArmyMoved, ArmySplit
from systems.still import memo
from systems.world import World


@dataclass(slots=True)
class Mover:
    """What moves: an owner, the unit types that move, and an optional catapult carried along."""

    owner: int | None
    types: tuple[str, ...]
    catapult_type: str | None = None
    open_mp: int = 0  # MP it may spend only entering open terrain (movement.open_terrain_bonus)


@dataclass(slots=True)
class StepTables:
    """What a path search needs once rather than per step: walls, bridges, disruption, terrain costs."""

    walls: dict[tuple[int, int], Structure]  # by the border's two territories, in both orders
    bridge_costs: dict[int, int]
    cleared: set[int]  # disrupted territories whose terrain is cleared by disruption (R7.3)
    terrain_costs: dict[str, tuple[int | None, str]]  # the mover's cost per terrain id, or why it can't enter
    wall_cells: frozenset[int] = frozenset()  # territories on a walled border: only their steps look for a wall
    wall_entities: dict[tuple[int, int], int] = field(default_factory=dict)  # as `walls`: the wall's entity
    # what entering each territory costs before walls, filled as searches ask (a search steps in many times)
    entering: dict[int, tuple[int | None, str]] = field(default_factory=dict)
    least: int = 0  # no step costs less (0 when unknown): a search stops where no step fits the MP left


def step_tables(world: World, mover: Mover) -> StepTables:
    """R5.3: the highest unit cost per terrain (a catapult counts too); bridges; cleared forests.

    Kept per mover while the structures, the disruption markers and the turn are unchanged (the same test as
    `q.walls_by_border`: esper's lists of them hold the same components, q.same_components), so a turn's searches
    and path checks share one table and its `entering` memo. Not kept when a mod bridges territories itself (its hook may read anything) or with deletions pending; within
    a still state (systems.still: a listing's checks) kept whatever the hooks, as nothing they read changes."""
    held = memo()
    if held is not None:
        found_still = held.get(("step_tables", mover.types, mover.catapult_type))
        if found_still is not None:
            still_tables: StepTables = found_still
            return still_tables
    types = tuple(dict.fromkeys(mover.types))
    hooked = world.app.hooks.bridges is not None
    listed = esper.get_component(Structure)
    marked = esper.get_component(Disrupted)
    clock = world.clock
    key = ("step_tables", types, mover.catapult_type)
    keep = not hooked and not esper._dead_entities
    if keep:
        found = world.derived.get(key)
        if (found is not None and found[2] == (clock.round, clock.seat) and q.same_components(found[0], listed)
                and q.same_components(found[1], marked)):
            if found[0] is not listed or found[1] is not marked:  # the same components: later calls see these lists
                world.derived[key] = found = (listed, marked, found[2], found[3])
            tables: StepTables = found[3]
            if held is not None:
                held[("step_tables", mover.types, mover.catapult_type)] = tables
            return tables
    tables = _step_tables(world, mover, types)
    if keep:
        world.derived[key] = (listed, marked, (clock.round, clock.seat), tables)
    if held is not None:
        held[("step_tables", mover.types, mover.catapult_type)] = tables
    return tables


def _step_tables(world: World, mover: Mover, types: tuple[str, ...]) -> StepTables:
    rules = world.rules
    key = ("terrain_costs", types, mover.catapult_type)
    terrain_costs = world.derived.get(key)
    if terrain_costs is None:
        terrain_costs = world.derived[key] = _terrain_costs(world, mover)
    bridge_costs = {}
    for territory, bridge in q.bridges_index(world).items():
        ability = rules.structures[bridge.structure_type].ability("bridge", BridgeAbility)
        bridge_costs[territory] = ability.move_cost if ability else 1
    if world.app.hooks.bridges is not None:  # what a mod bridges besides bridge structures (an open drawbridge)
        for territory, cost in world.app.hooks.bridges(world).items():
            bridge_costs.setdefault(territory, cost)
    cleared = {t for t in q.disrupted_territories(world) if rules.terrain[world.terrain[t]].cleared_by_disruption}
    walls, wall_entities, wall_cells = q.walls_by_border(world)
    # every step costs at least what entering its territory costs: the cheapest terrain, bridge or cleared
    # forest; walls and attacks only add (R5.3-R5.5), unless a mod's wall-crossing hook says otherwise
    costs = [cost for cost, _ in terrain_costs.values() if cost is not None]
    costs.extend(bridge_costs.values())
    if cleared:
        costs.append(rules.disruption.min_move_cost)
    least = max(0, min(costs, default=0)) if world.app.hooks.wall_crossing is None else 0
    return StepTables(walls, bridge_costs, cleared, terrain_costs, wall_cells=wall_cells, wall_entities=wall_entities,
                      least=least)


def _terrain_costs(world: World, mover: Mover) -> dict[str, tuple[int | None, str]]:
    """The mover's cost per terrain id (its slowest unit's, or its catapult's), or why it cannot enter (R5.3)."""
    rules = world.rules
    terrain_costs: dict[str, tuple[int | None, str]] = {}
    for terrain_id, terrain in rules.terrain.items():
        cost: int | None = 0
        reason = ""
        for unit_type in dict.fromkeys(mover.types):
            unit_cost = rules.move_cost(unit_type, terrain_id)
            if unit_cost is None:
                cost, reason = None, f"{rules.units[unit_type].name}s cannot enter {terrain.name.lower()}"
                break
            cost = max(cost or 0, unit_cost)
        if cost is not None and mover.catapult_type is not None:
            cat_cost = rules.structure_move_cost(mover.catapult_type, terrain_id)
            if cat_cost is None:
                cost, reason = None, f"a catapult cannot enter {terrain.name.lower()}"
            else:
                cost = max(cost, cat_cost)
        terrain_costs[terrain_id] = (cost, reason)
    return terrain_costs


def wall_extra(world: World, wall_entity: int, wall: Structure, owner: int | None, here: int, there: int) -> int | None:
    """The MP crossing a wall from `here` to `there` adds, or None when it blocks: the `wall_crossing` hook's
    answer where a mod set one, else R5.4 (a hostile wall blocks, an own wall costs `own_wall_extra`)."""
    crossing = world.app.hooks.wall_crossing
    if crossing is not None:
        extra: int | None = crossing(world, wall_entity, owner, here, there)
        return extra
    if q.hostile(wall.owner, owner):
        return None
    return world.rules.costs.own_wall_extra


def step_cost(world: World, mover: Mover, here: int, there: int, tables: StepTables) -> tuple[int | None, str]:
    """MP to step from `here` into the neighbour `there` (R5.3, R5.4), or None with the reason."""
    entering = tables.entering.get(there)
    if entering is None:
        entering = tables.entering[there] = _entering_cost(world, there, tables)
    cost, reason = entering
    if cost is None:
        return None, reason
    if there in tables.wall_cells:
        wall = tables.walls.get((here, there))
        if wall is not None:
            extra = wall_extra(world, tables.wall_entities[(here, there)], wall, mover.owner, here, there)
            if extra is None:
                hostile = q.hostile(wall.owner, mover.owner)
                return None, "a hostile wall blocks that border" if hostile else "your own wall blocks that border"
            cost += extra
    return cost, ""


def _entering_cost(world: World, there: int, tables: StepTables) -> tuple[int | None, str]:
    """MP to enter `there` over an open border: a bridge, else its terrain, cheaper when disruption cleared it."""
    cost: int | None = tables.bridge_costs.get(there)
    if cost is None:
        cost, reason = tables.terrain_costs[world.terrain[there]]
        if cost is None:
            return None, reason
        if there in tables.cleared:
            rules = world.rules
            cost = max(rules.disruption.min_move_cost, cost - rules.disruption.forest_move_discount)
    return cost, ""


def mover_of(world: World, army: Army, units: list[int] | None = None) -> Mover:
    held = memo()
    if held is not None:  # a still state (systems.still): one Mover per army and units for the listing's checks
        key = ("mover", id(army), None if units is None else tuple(units))
        found = held.get(key)
        if found is not None and found[0] is army:  # the army kept alive with it: its id is not reused
            kept: Mover = found[1]
            return kept
        mover = _mover_of(world, army, units)
        held[key] = (army, mover)
        return mover
    return _mover_of(world, army, units)


def _mover_of(world: World, army: Army, units: list[int] | None) -> Mover:
    moving = army.units if units is None else units
    entities = esper._entities  # every search and path check starts here: component_for_entity inline, per unit
    types = tuple([entities[u][ArmyUnit].unit_type for u in moving])
    catapult_type = None
    if army.catapult is not None and (units is None or _crew_moves(army, units)):
        catapult_type = esper.component_for_entity(army.catapult, Structure).structure_type
    open_mp = 0
    if army.open_mp > 0 and catapult_type is None:
        open_mp = min(army.open_mp, q.army_open_bonus(world, list(types)))
    return Mover(army.owner, types, catapult_type, open_mp)


def _crew_moves(army: Army, units: list[int]) -> bool:
    catapult = esper.try_component(army.catapult, Catapult) if army.catapult is not None else None
    return catapult is not None and catapult.crew in units


class Reach(NamedTuple):
    """A territory an army can reach this turn: total MP, the path, and what entering it means ("move",
    "combine" or "attack"). A search gives every reachable territory but its caller follows few of them, so
    the path is read from the search tree when first asked for (`known_path` None). A named tuple: a search
    makes one per territory it reaches, built without a Python call (`tuple.__new__`)."""

    territory: int
    cost: int
    known_path: tuple[int, ...] | None
    kind: str
    tree: dict[int, int] | None = None  # each territory's previous one on its cheapest path (not the start)

    @property
    def path(self) -> tuple[int, ...]:
        if self.known_path is not None:
            return self.known_path
        tree = self.tree or {}
        steps: list[int] = []
        here = self.territory
        while here in tree:
            steps.append(here)
            here = tree[here]
        return tuple(reversed(steps))

    def _key(self) -> tuple[int, int, tuple[int, ...], str]:
        return self.territory, self.cost, self.path, self.kind

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Reach) and self._key() == other._key()

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return f"Reach(territory={self.territory}, cost={self.cost}, path={self.path}, kind={self.kind!r})"


def occupancy(world: World, owner: int | None, skip: int | None = None) -> dict[int, str]:
    """What entering each territory an army stands on means to an army of `owner` (R5.5, R5.6): "battle" (a
    battle is fought there: it cannot be entered), else "attack" (hostile) or "combine", by the first army
    found there; `skip` leaves one army out."""
    occupied: dict[int, str] = {}
    hostile_to: dict[int | None, bool] = {}  # q.hostile per owner met: a handful of owners, dozens of armies
    for entity, other in q.armies():
        if entity == skip:
            continue
        if other.battle is not None:
            occupied[other.territory] = "battle"
            continue
        owner_there = other.owner
        hostile = hostile_to.get(owner_there)
        if hostile is None:
            hostile = hostile_to[owner_there] = q.hostile(owner_there, owner)
        occupied.setdefault(other.territory, "attack" if hostile else "combine")
    return occupied


def reachable(world: World, army_entity: int, units: list[int] | None = None, budget: int | None = None,
              occupied: dict[int, str] | None = None) -> dict[int, Reach]:
    """Where the army (or some of its units) can go this turn and by which path (R5.3-R5.6).

    `occupied`: `occupancy(world, army.owner)` read once for several searches while no army moves (the
    army's own entry changes nothing: a search never steps back into its start); a search with open-terrain
    MP reads its own."""
    army = esper.component_for_entity(army_entity, Army)
    mover = mover_of(world, army, units)
    budget = army.mp if budget is None else budget
    tables = step_tables(world, mover)
    if occupied is None and mover.open_mp <= 0 and (held := memo()) is not None:
        # a still state (systems.still): the owner's armies searched in turn share one reading, as a caller's
        # `occupied` (the owner's, no army skipped) does
        occupied = held.get(("occupancy", army.owner))
        if occupied is None:
            occupied = held[("occupancy", army.owner)] = occupancy(world, army.owner)
    if occupied is None or mover.open_mp > 0:
        occupied = occupancy(world, army.owner, skip=army_entity)
    attack_extra = world.rules.costs.attack_extra
    entering = tables.entering
    walled = tables.wall_cells

    def cost(here: int, there: int) -> int | None:
        kind = occupied.get(there)
        if kind == "battle":
            return None
        if there in walled:
            step, _ = step_cost(world, mover, here, there, tables)
        else:  # no wall on this border: a step costs what entering costs (step_cost's own memo, read without a call)
            found = entering.get(there)
            if found is None:
                found = entering[there] = _entering_cost(world, there, tables)
            step = found[0]
        if step is None:
            return None
        return step + attack_extra if kind == "attack" else step

    if mover.open_mp > 0:
        found = _paths_with_open_mp(world, army.territory, cost, budget, mover.open_mp, lambda t: t in occupied)
        return {
            t: Reach(t, spent, path, occupied.get(t, "move")) for t, (spent, path) in found.items() if t != army.territory
        }
    # systems.board.cheapest_paths written out (the same search, step for step): the computer players run this
    # for every army after every command, and a call per border was most of its time
    # over a border without a wall a step costs the same from every side: `into` keeps it per territory (-1:
    # it cannot be entered; -2: on a walled border, asked of `cost` per step), worked out inline as `cost`
    # does, so most steps cost one lookup
    start = army.territory
    tree: dict[int, int] = {}  # the previous territory on each cheapest path found (Reach.path walks it)
    best = {start: 0}
    # a bucket of territories per MP spent, each read as a heap: territories are settled in exactly the order
    # of a heap of (MP, territory), so ties between equally cheap paths go the same way, without a tuple per step
    buckets: list[list[int]] = [[start]]
    into: dict[int, int] = {}
    neighbours, pop, push, heapify = world.board.neighbour_table(), heapq.heappop, heapq.heappush, heapq.heapify
    occupied_kind = occupied.get
    spent = 0
    # a territory settled with less than `least` MP left steps nowhere: the buckets past `last` are final
    last = budget - tables.least
    while spent < len(buckets) and spent <= last:
        bucket = buckets[spent]
        if len(bucket) > 1:
            heapify(bucket)
        while bucket:
            here = pop(bucket)
            if spent > best[here]:
                continue
            if here != start and here in occupied:
                continue
            for there in neighbours[here]:
                known_step = into.get(there)
                if known_step is None:
                    if there in walled:
                        known_step = -2  # on a walled border: priced per step (`cost`), from each side
                    else:
                        kind = occupied_kind(there)
                        if kind == "battle":
                            known_step = -1
                        else:
                            found_cost = entering.get(there)
                            if found_cost is None:
                                found_cost = entering[there] = _entering_cost(world, there, tables)
                            entry = found_cost[0]
                            if entry is None:
                                known_step = -1
                            else:
                                known_step = entry + attack_extra if kind == "attack" else entry
                    into[there] = known_step
                if known_step < 0:
                    if known_step == -1:
                        continue
                    walled_step = cost(here, there)
                    if walled_step is None:
                        continue
                    step = walled_step
                else:
                    step = known_step
                total = spent + step
                if total > budget:
                    continue
                known = best.get(there)
                if known is None or total < known:
                    best[there] = total
                    tree[there] = here
                    if total == spent:  # a step of cost 0: settled in this bucket, in order
                        push(bucket, there)
                    else:
                        while len(buckets) <= total:
                            buckets.append([])
                        buckets[total].append(there)
        spent += 1
    del best[start]
    make = tuple.__new__  # Reach's fields in order, without a Python call per territory
    return {territory: make(Reach, (territory, total, None, occupied_kind(territory, "move"), tree))
            for territory, total in best.items()}


def _paths_with_open_mp(
    world: World, start: int, cost: Callable[[int, int], int | None], budget: int, open_mp: int,
    stop_at: Callable[[int], bool],
) -> dict[int, tuple[int, tuple[int, ...]]]:
    """Dijkstra over (territory, open MP left): a step into open terrain is paid from open MP first.

    Returns territory -> (MP spent from the army's general pool, path). Spending open MP as early as
    possible is optimal, since it can pay for nothing that general MP could not.
    """
    is_open = {tid: spec.open for tid, spec in world.rules.terrain.items()}
    terrain = world.terrain
    best: dict[tuple[int, int], int] = {(start, open_mp): 0}
    previous: dict[tuple[int, int], tuple[int, int] | None] = {(start, open_mp): None}
    frontier: list[tuple[int, int, int]] = [(0, -open_mp, start)]
    while frontier:
        spent, negative_left, here = heapq.heappop(frontier)
        left = -negative_left
        if spent > best[(here, left)]:
            continue
        if here != start and stop_at(here):
            continue
        for there in world.board.neighbours(here):
            step = cost(here, there)
            if step is None:
                continue
            from_open = min(left, step) if is_open[terrain[there]] else 0
            total = spent + step - from_open
            state = (there, left - from_open)
            if total > budget or (state in best and best[state] <= total):
                continue
            best[state] = total
            previous[state] = (here, left)
            heapq.heappush(frontier, (total, -(left - from_open), there))
    chosen: dict[int, tuple[int, int]] = {}
    for state, spent in best.items():
        current = chosen.get(state[0])
        if current is None or (spent, -state[1]) < (best[current], -current[1]):
            chosen[state[0]] = state
    out: dict[int, tuple[int, tuple[int, ...]]] = {}
    for territory, state in chosen.items():
        steps: list[int] = []
        walk: tuple[int, int] | None = state
        while walk is not None and previous[walk] is not None:
            steps.append(walk[0])
            walk = previous[walk]
        out[territory] = (best[state], tuple(reversed(steps)))
    return out


def path_cost(world: World, army_entity: int, path: tuple[int, ...], units: list[int] | None = None) -> tuple[int | None, str]:
    """The MP a given path costs the army (open-terrain MP spent first where it may be), or None with the reason."""
    cost, _, reason = path_costs(world, army_entity, path, units)
    return cost, reason


def path_costs(
    world: World, army_entity: int, path: tuple[int, ...], units: list[int] | None = None
) -> tuple[int | None, int, str]:
    """(general MP, open-terrain MP, reason): what a path costs from each pool; None when it cannot be taken."""
    held = memo()
    # what walking a path's first steps costs, by those steps (each one an army may pass through): in a still
    # state (systems.still) a listing checks the paths of one search tree, shortest first (MoveArmy.check_each),
    # each a checked path's steps and one more, so each is priced from its parent's sum on
    walked: dict[tuple[int, ...], tuple[int, int]] | None = None
    if held is not None:
        key = ("path_costs", army_entity, None if units is None else tuple(units))
        context = held.get(key)
        if context is None:
            army = esper.component_for_entity(army_entity, Army)
            mover = mover_of(world, army, units)
            context = held[key] = (army, mover, step_tables(world, mover), {})
        army, mover, tables, walked = context
    else:
        army = esper.component_for_entity(army_entity, Army)
        mover = mover_of(world, army, units)
        tables = step_tables(world, mover)
    here = army.territory
    total = 0
    open_total = 0
    start = 0
    last = len(path) - 1
    if walked is not None and last > 0:
        found = walked.get(path[:-1])
        if found is not None:
            start, (total, open_total), here = last, found, path[-2]
    on_path = q.armies_in(set(path[start:])) if held is None else q.armies_by_territory(held)
    for index in range(start, len(path)):
        there = path[index]
        if there not in world.board.neighbours(here):
            return None, 0, f"territory {there} is not next to territory {here}"
        crowded = False  # another army stands there: only a last step may go there, and it may cost more
        for entity, other in on_path.get(there, ()):
            if entity == army_entity:
                continue
            crowded = True
            if other.battle is not None:
                return None, 0, "a battle is being fought there (R8.1)"
            if index != last:
                return None, 0, "the path passes through a territory holding an army"
            if q.hostile(other.owner, army.owner):
                total += world.rules.costs.attack_extra
                if world.rules.terrain[world.terrain[there]].open:
                    open_total += world.rules.costs.attack_extra
        step, reason = step_cost(world, mover, here, there, tables)
        if step is None:
            return None, 0, reason
        total += step
        if world.rules.terrain[world.terrain[there]].open:
            open_total += step
        here = there
        if walked is not None and not crowded:  # these steps may be passed through: a longer path's start
            walked[path[:index + 1]] = (total, open_total)
    from_open = min(open_total, mover.open_mp)
    return total - from_open, from_open, ""


def detach(world: World, army_entity: int, units: list[int], mp: int) -> int:
    """Split `units` off into a new army in the same territory with `mp` (R5.7); returns the new army."""
    army = esper.component_for_entity(army_entity, Army)
    army.units = [u for u in army.units if u not in units]
    catapult = None
    if army.catapult is not None and _crew_moves(army, units):
        catapult, army.catapult = army.catapult, None
    new = Army(owner=army.owner, territory=army.territory, units=list(units), mp=mp, catapult=catapult,
               open_mp=army.open_mp)
    new_entity = esper.create_entity(new)
    if catapult is not None:
        esper.component_for_entity(catapult, Catapult).army = new_entity
    world.emit(ArmySplit(army_entity, new_entity, tuple(units)))
    return new_entity


def relocate(world: World, army_entity: int, path: tuple[int, ...], cost: int) -> None:
    """Move a whole army along a path it can take, paying `cost` MP; its catapult goes with it."""
    army = esper.component_for_entity(army_entity, Army)
    if army.open_mp > 0:
        _, from_open, _ = path_costs(world, army_entity, path)
        army.open_mp -= from_open
    army.territory = path[-1]
    army.mp -= cost
    if army.catapult is not None:
        esper.component_for_entity(army.catapult, Structure).territory = army.territory
        catapult = esper.component_for_entity(army.catapult, Catapult)
        catapult.mp = max(0, catapult.mp - cost)
    world.emit(ArmyMoved(army_entity, army.owner, path, army.mp, tuple(army.units)))
    if army.mp <= 0 and army.open_mp <= 0:
        army.done = True


def combine(world: World, army_entity: int, into_entity: int) -> int:
    """R5.6: merge an arrived army into the resident one; units that do not fit stay as their own army."""
    army = esper.component_for_entity(army_entity, Army)
    into = esper.component_for_entity(into_entity, Army)
    fitting = fitting_units(world, army, into)
    if not fitting:
        return army_entity
    into.units.extend(fitting)
    into.mp = min(into.mp, army.mp)
    into.open_mp = min(into.open_mp, army.open_mp)
    into.done = into.done or army.done
    army.units = [u for u in army.units if u not in fitting]
    if army.catapult is not None and into.catapult is None:
        into.catapult, army.catapult = army.catapult, None
        esper.component_for_entity(into.catapult, Catapult).army = into_entity
    world.emit(ArmiesCombined(army_entity, into_entity, tuple(fitting)))
    if not army.units:
        esper.delete_entity(army_entity)
    return into_entity


def fitting_units(world: World, army: Army, into: Army) -> list[int]:
    """Which of `army`'s units would fit into `into` (R5.6), in order."""
    types = q.unit_types(into)
    units = list(into.units)
    fit = world.app.hooks.army_fit  # a mod's limit on particular units (one ram per army, ...)
    out = []
    for u in army.units:
        candidate = [*types, q.unit(u).unit_type]
        if q.fit_reason(world, candidate) is None and (fit is None or fit(world, [*units, u]) is None):
            out.append(u)
            types = candidate
            units.append(u)
    return out
