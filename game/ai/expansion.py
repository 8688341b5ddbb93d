"""Expansion: units leave the flag as claimers or for the staging army; claimers take the best land in reach."""

from __future__ import annotations

from typing import TYPE_CHECKING

from components.armies import Army
from components.commands import Move, Split, TakeOver
from game.ai.params import DEFENDER, RANGER, SOLDIER
from game.ai.view import INF, cost_table, search_around
from systems import queries as q
from systems.events import ArmySplit
from systems.movement import fitting_units

if TYPE_CHECKING:
    from game.ai.turn import Turn

def release(turn: Turn) -> None:
    v = turn.v
    if v.base is None:
        return
    found = v.my_army_at(v.base)
    if found is None:
        return
    entity, army = found
    if army.battle is not None or army.done or army.mp <= 0:
        return
    keep = turn.keep_at_base()
    if len(army.units) <= keep:
        return
    claimers = len(turn.claimer_ids())
    want = turn.p.claimers - claimers if turn.claiming_open() else 0
    cost = cost_table(v.world, v.static, (SOLDIER,))
    # claimers first: one unit each, rangers preferred
    while want > 0 and len(army.units) > keep and len(v.my_armies) < v.limit_armies and turn.active():
        units = sorted(army.units, key=lambda u: (q.unit(u).unit_type != RANGER,
                                                  q.unit(u).unit_type in turn.special, u))
        unit = units[0]
        spots = [n for n in v.board.neighbours(v.base) if not v.at.get(n) and
                 cost_table(v.world, v.static, (q.unit(unit).unit_type,))[n] <= army.mp and
                 turn.game.check(Split(entity, (unit,), n)) is None]
        if not spots:
            break
        spot = max(spots, key=lambda n: (v.owner[n] is None, v.static.value[n], -n))
        result = turn.submit(Split(entity, (unit,), spot))
        if result is None:
            break
        want -= 1
        new = next((e.new_army for e in result.events if isinstance(e, ArmySplit)), None)
        if new is not None:
            claim_with(turn, new)
        alive = v.alive_army(entity)
        if alive is None:
            return
        army = alive
    # the rest (beyond the garrison) goes to the staging army
    extra = len(army.units) - keep
    if extra <= 0 or not turn.active():
        return
    stage = turn.staging_cell()
    if stage is None or cost[stage] > army.mp:
        return
    staging = v.my_army_at(stage)
    room = turn.p.strike_rangers
    if staging is not None:
        room -= sum(1 for u in staging[1].units if q.unit(u).unit_type == RANGER)
    rangers = [u for u in army.units if q.unit(u).unit_type == RANGER][: max(0, room)]
    others = sorted((u for u in army.units if q.unit(u).unit_type != RANGER),
                    key=lambda u: (q.unit(u).unit_type == DEFENDER, -u))
    moving = tuple(sorted((rangers + others)[:extra]))
    if staging is None and len(v.my_armies) >= v.limit_armies:
        return
    if staging is None and extra < 2 and not turn.late:
        return
    if staging is not None:
        moving = tuple(fitting_units(v.world, Army(turn.seat, v.base, list(moving)), staging[1]))
    if moving and turn.game.check(Split(entity, moving, stage)) is None:
        turn.submit(Split(entity, moving, stage))


def claim(turn: Turn) -> None:
    for part in turn.parts:
        wanted = part.claim_target()
        if wanted is not None:
            claim_toward(turn, wanted)
    for entity in turn.claimer_ids():
        if not turn.active():
            return
        claim_with(turn, entity)
    # strike armies and garrison-free singles standing on claimable land take it when idle
    for entity, army in list(turn.v.my_armies):
        if not turn.active():
            return
        if army.done or army.battle is not None or army.territory == turn.v.base:
            continue
        if turn.claimable(army.territory) and army.mp >= turn.takeover_cost(army.territory) and (
                not turn.v.threat.get(army.territory) or len(army.units) > 1):
            turn.submit(TakeOver(entity))


def claim_toward(turn: Turn, territory: int) -> None:
    """Send the nearest claimer to take a territory the plan needs (e.g. a shore a behaviour needs)."""
    v = turn.v
    best = None
    for entity in turn.claimer_ids():
        army = v.alive_army(entity)
        if army is None or army.done or army.battle is not None or army.mp <= 0:
            continue
        field = v.field(army, territory)
        if field[army.territory] < INF and (best is None or field[army.territory] < best[0]):
            best = (field[army.territory], entity, army, field)
    if best is None or not turn.claimable(territory):
        return
    _, entity, army, field = best
    turn.reserved.add(territory)
    if army.territory != territory:
        reach = v.reach(entity)
        r = reach.get(territory)
        if r is not None and r.kind == "move":
            if turn.submit(Move(entity, r.path)) is None:
                return
        elif not turn.move_toward(entity, field, reach):
            return
    army = v.alive_army(entity)
    if army is not None and army.territory == territory and army.mp >= turn.takeover_cost(territory):
        turn.submit(TakeOver(entity))


def claim_with(turn: Turn, entity: int) -> None:
    v = turn.v
    army = v.alive_army(entity)
    if army is None or army.done or army.battle is not None or army.mp <= 0:
        return
    here = army.territory
    mine = v.army_power(army)
    if turn.claimable(here) and army.mp >= turn.takeover_cost(here) and v.threat.get(here, 0.0) <= mine * 2:
        best_here = v.static.value[here]
    else:
        best_here = -1.0
    reach = v.reach(entity)
    best: tuple[float, int] | None = None
    owner, seat, neighbours = v.owner, turn.seat, v.board.neighbour_table()
    for t, r in reach.items():
        # most of the reach is this player's own land, which is never claimable: told apart without a call
        if r.kind != "move" or owner[t] == seat or not turn.claimable(t):
            continue
        if army.mp - r.cost < turn.takeover_cost(t):
            continue
        if v.threat.get(t, 0.0) > mine * 2:
            continue
        score = v.static.value[t] - 0.05 * r.cost + 0.1 * sum([owner[n] == seat for n in neighbours[t]])
        if best is None or score > best[0]:
            best = (score, t)
    if best_here >= 0 and (best is None or best_here >= best[0] - 0.3):
        turn.reserved.add(here)
        turn.submit(TakeOver(entity))
        return
    if best is not None:
        t = best[1]
        turn.reserved.add(t)
        if turn.submit(Move(entity, reach[t].path)) is not None:
            turn.submit(TakeOver(entity))
        return
    # nothing in reach: walk toward the best claimable territory further away
    types = v.types(army)
    tree = search_around(v.world, v.static, types, here, max(army.mp, 1) * 5)
    target = None
    target_score = -1e9
    value = v.static.value
    for t, (c, _prev) in tree.items():
        score = value[t] - 0.08 * c
        # the score first: a territory that would not beat the best so far is not looked at further (the
        # checks only read, so the choice is the same whichever is asked first)
        if score <= target_score or t == here or not turn.claimable(t) or v.threat.get(t, 0.0) > mine * 2:
            continue
        target, target_score = t, score
    if target is None:
        # no land left to claim nearby: become part of the strike forces
        stage = turn.staging_cell()
        if stage is not None:
            turn.move_toward(entity, v.field(army, stage), reach, allow_combine=True)
        return
    turn.reserved.add(target)
    node = target
    while node != here and node not in reach:
        node = tree[node][1]
    if node != here and reach[node].kind == "move":
        turn.submit(Move(entity, reach[node].path))
