"""The flag's defence: fire from manned structures, walls and a tower when threatened, manning the tower."""

from __future__ import annotations

from typing import TYPE_CHECKING

from components.commands import BuildStructure, BuildUnit, Repair, Station, StationedFire, Upgrade
from game.ai.params import DEFENDER, SOLDIER
from game.ai.view import INF, cost_table
from systems import queries as q
from systems.build_actions import repair_cost
from systems.queries import touches
from systems.structure_actions import in_fire_range

if TYPE_CHECKING:
    from game.ai.turn import Turn

def fire(turn: Turn) -> None:
    v = turn.v
    for entity, structure in list(v.structures):
        if structure.owner != turn.seat or not structure.garrison or structure.fired_round == v.round:
            continue
        targets = [(sum(u[1] for u in v.side(a)), e) for e, a in v.hostile
                   if a.units and in_fire_range(v.world, structure, a.territory)]
        if targets:
            turn.submit(StationedFire(entity, min(targets)[1]))


def fortify(turn: Turn) -> None:
    v = turn.v
    base = v.base
    if base is None:
        return
    threat = turn.base_threat()
    tower = v.tower_at(base)
    if (threat > 0 and turn.p.tower) or (turn.p.proactive_tower and v.round >= 12):
        if tower is None:
            for kind in ("stone_tower", "wooden_tower"):
                if turn.affordable(kind) and turn.submit(BuildStructure(kind, base)) is not None:
                    tower = v.tower_at(base)
                    break
        if tower is not None and turn.p.upgrade_tower and not tower[1].upgrades:
            for upgrade in sorted(v.rules.upgrades):
                if q.can_afford(v.stock, v.rules.upgrades[upgrade].cost):
                    turn.submit(Upgrade(tower[0], upgrade))
    if threat > 0 and turn.p.walls and v.round < turn.p.walls_until:
        cost = cost_table(v.world, v.static, (SOLDIER,))
        near = sorted(
            (n for n in v.board.neighbours(base) if cost[n] < INF or v.static.land[n]),
            key=lambda n: (min((v.board.distance(n, a.territory) for _, a in v.hostile if a.units), default=0), n),
        )
        for n in near:
            if v.wall_between(base, n) is not None:
                continue
            for kind in ("stone_wall", "wooden_wall"):
                if turn.affordable(kind) and turn.submit(BuildStructure(kind, base, n)) is not None:
                    break
    if turn.p.repair:
        for e, s in list(v.structures):
            if s.owner == turn.seat and s.health < s.max_health and touches(s, base):
                spec = repair_cost(v.world, s)
                afford = min((v.stock.get(r, 0) // n for r, n in spec.items() if n), default=0)
                points = min(s.max_health - s.health, afford // 2)
                if points > 0:
                    turn.submit(Repair(e, points))


def man_the_tower(turn: Turn) -> None:
    """Man the flag's tower: single-unit armies at the base step in; new units are built to fill it."""
    v = turn.v
    base = v.base
    if base is None or not turn.active():
        return
    tower = v.tower_at(base)
    if tower is None or tower[1].owner != turn.seat:
        return
    entity, structure = tower
    capacity = v.rules.structures[structure.structure_type].garrison
    if turn.base_threat() <= 0 and not turn.p.proactive_tower:
        return
    for _ in range(capacity):
        if len(structure.garrison) >= capacity or not turn.active():
            return
        here = v.my_army_at(base)
        if here is not None and len(here[1].units) == 1 and not here[1].done and here[1].battle is None:
            if turn.submit(Station(here[0], entity)) is None:
                return
            continue
        if here is not None:
            return
        income, owed = turn.fed_next_turn()
        unit = DEFENDER if turn.p.defenders_stationed else SOLDIER
        if not turn.can_feed(unit, income, owed + 1):
            return
        if turn.submit(BuildUnit(unit)) is None:
            return
