"""Strike forces on the way: gather into groups, advance on the target flag, break walls, besiege it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from components.armies import Army
from components.commands import AttackStructure, Move
from systems.movement import Reach, fitting_units
from systems.queries import touches

if TYPE_CHECKING:
    from game.ai.turn import Turn
    from game.ai.view import Distances

def besiege(turn: Turn, entity: int, army: Army | None) -> bool:
    """At or beside an enemy flag: attack the manned structures or walls that keep it from falling."""
    v = turn.v
    if army is None or army.mp <= 0 or army.done or army.battle is not None:
        return False
    for seat, base in v.enemy_bases.items():
        if army.territory == base:
            for e, s in v.structures:
                if s.owner == seat and s.garrison and touches(s, base):
                    return turn.submit(AttackStructure(entity, e)) is not None
        elif base in v.board.neighbours(army.territory) and len(army.units) >= 4:
            wall = v.wall_between(army.territory, base)
            if wall is not None and wall[1].owner != turn.seat:
                return turn.submit(AttackStructure(entity, wall[0])) is not None
    return False


def break_wall(turn: Turn, entity: int, army: Army, field: Distances) -> bool:
    """Stuck on the way: attack a hostile wall on a border that leads closer to the goal."""
    v = turn.v
    if army.mp <= 0 or army.done or len(army.units) < 3:
        return False
    here = field[army.territory]
    best = None
    for n in v.board.neighbours(army.territory):
        if field[n] >= here:
            continue
        wall = v.wall_between(army.territory, n)
        if wall is not None and wall[1].owner != turn.seat:
            key = (field[n], wall[1].health, wall[0])
            if best is None or key < best[0]:
                best = (key, wall[0])
    if best is None:
        return False
    return turn.submit(AttackStructure(entity, best[1])) is not None


def advance(turn: Turn, entity: int, army: Army, target: tuple[int, int] | None) -> None:
    """Advance on the flag with a big enough group; otherwise gather with the other strike forces."""
    v = turn.v
    reach = v.reach(entity)
    if not reach:
        return
    size = v.slots(army)
    strikers = turn.strike_armies()
    ready = size >= turn.p.strike_ready or (turn.late and size >= 4)
    if target is not None and ready:
        group = sum(v.slots(a) for e, a in strikers
                    if v.board.distance(a.territory, army.territory) <= turn.p.group_radius)
        field = v.field(army, target[1])
        if group >= turn.p.group_units or turn.late:
            if field[army.territory] > 1:
                route = v.route_field(army, target[1], turn.p.route_hostile, turn.p.route_own)
                if not turn.move_toward(entity, route, reach, stop_before=target[1]) and not turn.move_toward(
                        entity, field, reach, stop_before=target[1]):
                    break_wall(turn, entity, army, field)
            elif turn.sturdy:
                consolidate(turn, entity, army, strikers, reach, target[1])
            return
        # wait for the group: move toward the nearest other ready army, but not past the front
        peers = [(e, a) for e, a in strikers if e != entity and v.slots(a) >= turn.p.strike_ready]
        if peers:
            e2, a2 = min(peers, key=lambda pair: (v.board.distance(pair[1].territory, army.territory), pair[0]))
            if v.board.distance(a2.territory, army.territory) > 2:
                turn.move_toward(entity, v.field(army, a2.territory), reach, stop_before=a2.territory)
            return
    others = [(e, a) for e, a in strikers if e != entity and v.slots(a) < v.limit_units]
    partners = [(e, a) for e, a in others if (v.slots(a), -e) >= (size, -entity)]
    mine_power = v.army_power(army)
    if partners:
        e2, a2 = min(partners, key=lambda pair: v.board.distance(pair[1].territory, army.territory))
        r = reach.get(a2.territory)
        if r is not None and r.kind == "combine" and fitting_units(v.world, army, a2):
            turn.submit(Move(entity, r.path))
            return
        field = v.field(army, a2.territory)
        turn.move_toward(entity, field, reach, avoid=mine_power * 1.5, threat=v.mobile_threat)
        return
    stage = turn.staging_cell()
    if stage is not None and army.territory != stage:
        r = reach.get(stage)
        resident = v.my_army_at(stage)
        if r is not None and (r.kind == "move" or (
                r.kind == "combine" and resident is not None and fitting_units(v.world, army, resident[1]))):
            turn.submit(Move(entity, r.path))
            return
        turn.move_toward(entity, v.field(army, stage), reach, avoid=mine_power * 1.5, threat=v.mobile_threat)


def consolidate(turn: Turn, entity: int, army: Army, strikers: list[tuple[int, Army]], reach: dict[int, Reach],
                target: int) -> None:
    """At the enemy flag and too weak to attack alone: join a bigger strike army there that has room for
    all of this one (fuller armies strike harder; a row of half-full ones never opens a flag)."""
    v = turn.v
    size = v.slots(army)
    best = None
    for e2, a2 in strikers:
        if e2 == entity or v.board.distance(a2.territory, target) > 2 or (v.slots(a2), -e2) <= (size, -entity):
            continue
        r = reach.get(a2.territory)
        if r is None or r.kind != "combine" or len(fitting_units(v.world, army, a2)) != len(army.units):
            continue
        key = (-v.slots(a2), r.cost, e2)
        if best is None or key < best[0]:
            best = (key, r)
    if best is not None:
        turn.submit(Move(entity, best[1].path))
