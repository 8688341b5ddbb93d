"""The base game's position value for the engine's search player (app.set_position_value): the victory chart's
two counts (territories held, army units) as shares, and the assault on a rival's flag (R7.2) over the terrain's
way, walls in the way priced by the turns to break them. Its weights and reasons: docs/strength-table.md."""

from __future__ import annotations

from typing import TYPE_CHECKING

from components.armies import Army
from components.structures import Structure

if TYPE_CHECKING:
    from game.engine import Game
    from systems.world import World


def army_units(world: World, seat: int) -> int:
    """The victory chart "Army units": units in the seat's armies and stationed in its structures."""
    import esper

    world.activate()
    units = sum(len(a.units) for _, a in esper.get_component(Army) if a.owner == seat)
    return units + sum(len(s.garrison) for _, s in esper.get_component(Structure) if s.owner == seat)


def territories(world: World, seat: int) -> int:
    """The victory chart "Territories held" (R7)."""
    return len(world.owned.get(seat, ()))


# the position value's weights (documented in docs/strength-table.md): land and army shares say who is ahead; the
# assault on a rival's flag (R7.2) weighs as much as the land, so that marching a strong enough army onto it beats
# taking one more territory once the search leads
LAND_WEIGHT = 0.4
ARMY_WEIGHT = 0.2
ASSAULT_WEIGHT = 0.4


def position_value(game: Game, seat: int) -> float:
    """How well `seat` stands, 0..1, for the engine's search player (app.set_position_value): its share of the
    territories held (R7) and of the army units (the victory chart's two counts), and its best assault on a
    rival's flag (`assault`, R7.2: a flag held by an army with no defender left wins)."""
    world = game.world
    alive = world.alive_seats()
    if seat not in alive:
        return 0.0
    held = {s: territories(world, s) for s in alive}
    units = {s: army_units(world, s) - going_rogue(game, s) for s in alive}
    land = held[seat] / sum(held.values()) if sum(held.values()) else 0.5
    # each seat's units counted with one more: against a rival with none, one more unit is still worth building
    army = (units[seat] + 1) / (sum(units.values()) + len(alive))
    return LAND_WEIGHT * land + ARMY_WEIGHT * army + ASSAULT_WEIGHT * assault(world, seat)


def going_rogue(game: Game, seat: int) -> float:
    """The units the seat's next Upkeep stage may lose (R4.2-R4.4: groups not paid in full go rogue by their
    chance), from the engine's forecast with the worst harvest (its guarantee: an army far from food is a risk
    before the dice decide); 0 while the food held already covers the upkeep."""
    from game.forecast import food_outlook, upkeep_forecast
    from systems.queries import stockpile
    from systems.upkeep import upkeep_bound

    food = stockpile(game.world, seat).get(game.world.rules.resources.upkeep, 0)
    if food >= upkeep_bound(game.world, seat):  # no unit read: the food covers whatever these units could owe
        return 0.0
    _, owed = food_outlook(game, seat)
    if owed <= food:
        return 0.0
    return sum(g.size * g.rogue_chance / 100 for g in upkeep_forecast(game, seat).worst.unpaid)  # P in percent


def assault(world: World, seat: int) -> float:
    """How close `seat` stands to taking a rival's flag, 0..1, the best over the rivals' flags (R7.2: an army in a
    base that no army or stationed unit of its owner holds defeats that player): half its lead (the army nearest
    to taking it alone: how near it has come, its way home to that flag against its own way left, `way_left`,
    times its odds against the flag's defenders) and half the odds of the strength all its armies bring up (each
    army's strength, none of it at home, all of it on the flag) against those defenders and the weakest wall
    closing the flag. The lead finishes a march on an open flag; the strength brought up is what a guarded or
    walled one needs (no other army's march moves the lead while one army leads). Units waiting at home cost
    nothing here: building them is never a loss."""
    import esper

    from systems.combat import fighters, unit_attack, unit_health
    from systems.queries import armies_at, home_base, structures_touching

    home = home_base(world, seat)
    mine = [a for _, a in esper.get_component(Army) if a.owner == seat and a.units]
    strength = [sum(att * hp for att, hp, _ in fighters(world, a.units)) for a in mine]
    best = 0.0
    for rival in world.alive_seats():
        flag = home_base(world, rival) if rival != seat else None
        if flag is None or home is None:
            continue
        # the defenders (R7.2: its armies there, the units stationed in its structures there, R6.4) as strength
        defence = sum(att * hp for _, a in armies_at(flag) if a.owner == rival
                      for att, hp, _ in fighters(world, a.units))
        defence += sum(unit_attack(world, u, s) * unit_health(world, u, stationed=True)
                       for _, s in structures_touching(world, flag) if s.owner == rival for u in s.garrison)
        lead = brought = 0.0
        for army, power in zip(mine, strength, strict=True):
            steps = ways_in(world, army, flag)
            left = way_left(steps, army.territory, flag)
            span = way_left(steps, home, flag)  # the walls too: breaking them is part of the way
            if left is None or not span:
                continue
            closeness = span / (span + left)  # 1 on the flag, 1/2 at home, less farther off: never flat
            lead = max(lead, closeness * odds(power, defence))
            brought += max(0.0, 2 * closeness - 1) * power  # from nothing at home to all of it on the flag
        # the strength brought up against the defenders and the weakest wall closing the flag (its health: what
        # the strikes of R8.6 must take off), so that armies follow the lead to a walled flag nobody guards
        best = max(best, 0.5 * lead + 0.5 * odds(brought, defence + gate(world, seat, flag)))
    return best


def gate(world: World, seat: int, flag: int) -> int:
    """The health of the weakest wall closing the flag to `seat`'s armies (R5.4: a wall that blocks the step in,
    the engine's `wall_extra`), 0 where a border into it is open."""
    from systems.movement import wall_extra
    from systems.queries import wall_between

    weakest: int | None = None
    for border in world.board.neighbours(flag):
        if not world.rules.is_land(world.terrain[border]):
            continue
        wall = wall_between(world, border, flag)
        if wall is None or wall_extra(world, wall[0], wall[1], seat, border, flag) is not None:
            return 0
        weakest = wall[1].health if weakest is None else min(weakest, wall[1].health)
    return weakest or 0


def odds(strength: float, defence: float) -> float:
    """An attacker's chance against defenders, 0..1, read from their strengths (attack times health, the engine's
    numbers) squared, as battles of many simultaneous strikes go (R8.2, R8.3); 1 against none."""
    return strength**2 / (strength**2 + defence**2) if defence else 1.0


def ways_in(world: World, army: Army, flag: int) -> list[tuple[dict[int, int], int]]:
    """The army's ways into `flag`, one per border its units may stand on: the MP to walk to that border from
    each territory over terrain (`ways`), and the step in, where a wall that blocks it (R5.4, the engine's
    `wall_extra`) costs the MP of the turns its units' strikes need to break it (R8.6), so that striking the wall
    in the way is progress too. No way at all where its units may not enter the flag's terrain."""
    from systems.combat import unit_attack
    from systems.movement import wall_extra
    from systems.queries import full_mp, unit_types, wall_between

    terrain = world.terrain
    types = tuple(sorted(set(unit_types(army))))
    entering = _entering(world, types)
    into = entering.get(terrain[flag])
    if into is None:
        return []
    found: list[tuple[dict[int, int], int]] = []
    for border in world.board.neighbours(flag):
        if entering.get(terrain[border]) is None:
            continue
        step = into
        wall = wall_between(world, border, flag)
        if wall is not None:
            extra = wall_extra(world, wall[0], wall[1], army.owner, border, flag)
            if extra is None:  # it blocks: the turns to break it, at the army's strikes a turn and MP a turn
                attack = sum(unit_attack(world, u) for u in army.units)
                turns = -(-wall[1].health // max(1, attack))
                extra = turns * full_mp(world, army)
            step += extra
        found.append((ways(world, border, types), step))
    return found


def way_left(ways_into: list[tuple[dict[int, int], int]], start: int, flag: int) -> float | None:
    """The MP an army would spend from `start` into `flag` by its `ways_in` (None: no way over the terrain its
    units may enter)."""
    if start == flag:
        return 0.0
    best: float | None = None
    for field, step in ways_into:
        before = field.get(start)  # 0 on the border itself
        if before is None:
            continue
        cost = float(before + step)
        best = cost if best is None else min(best, cost)
    return best


def _entering(world: World, types: tuple[str, ...]) -> dict[str, int | None]:
    """MP for an army of these unit types to enter each terrain (R5.3: its slowest unit's; None: it cannot)."""
    key = ("position_value_entering", types)
    found: dict[str, int | None] | None = world.derived.get(key)
    if found is None:
        found = {}
        for terrain_id in world.rules.terrain:
            costs = [world.rules.move_cost(t, terrain_id) for t in types]
            found[terrain_id] = None if any(c is None for c in costs) else max(costs, default=1)
        world.derived[key] = found
    return found


def ways(world: World, flag: int, types: tuple[str, ...]) -> dict[int, int]:
    """The MP an army of these unit types spends to walk from each territory to `flag` over terrain alone (R5.3:
    its slowest unit's cost to enter each territory; walls, armies and bridges left out): a march's progress
    that water and impassable ground cannot fool, as the board distance would. Kept per game, flag and unit types."""
    import heapq

    # once per game and its copies (the search values copies: World.shared is handed on; terrain never changes)
    fields: dict[tuple[int, tuple[str, ...]], dict[int, int]] = world.shared.setdefault("position_value_ways", {})
    field = fields.get((flag, types))
    if field is not None:
        return field
    terrain, board = world.terrain, world.board
    entering = _entering(world, types)
    field = {flag: 0}
    queue = [(0, flag)]
    while queue:
        cost, here = heapq.heappop(queue)
        if cost > field[here]:
            continue
        step = entering[terrain[here]]  # walking from a neighbour into `here`
        if step is None and here != flag:
            continue
        for there in board.neighbours(here):
            if entering[terrain[there]] is None:
                continue
            total = cost + (step or 0)
            if total < field.get(there, total + 1):
                field[there] = total
                heapq.heappush(queue, (total, there))
    fields[(flag, types)] = field
    return field
