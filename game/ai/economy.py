"""Building units at the flag: claimers first, then strike forces, within what food can feed (R4)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from components.armies import Army
from components.commands import BuildUnit
from game.ai.params import RANGER, SOLDIER
from systems import queries as q

if TYPE_CHECKING:
    from game.ai.turn import Turn

def build_units(turn: Turn) -> None:
    v = turn.v
    base = v.base
    if base is None or any(a.battle is not None for _, a in v.at.get(base, ())):
        return  # no units are built while a battle is fought at the flag
    for _ in range(v.limit_units + 2):
        if not turn.active():
            return
        income, owed = turn.fed_next_turn()
        here = v.my_army_at(base)
        stationed = v.stationed_at(turn.seat, base)
        if here is None and not stationed:
            if not q.can_afford(v.stock, v.rules.units[SOLDIER].cost):
                return
            if turn.submit(BuildUnit(SOLDIER)) is None:
                return
            continue
        unit, investment = next_unit(turn, here[1] if here else None)
        urgent = investment or (here is not None and len(here[1].units) < turn.keep_at_base())
        if unit is None or not turn.can_feed(unit, income, owed, urgent):
            return
        if turn.submit(BuildUnit(unit)) is None:
            return


def next_unit(turn: Turn, at_base: Army | None) -> tuple[str | None, bool]:
    """The unit to build next, and whether it is an investment (a claimer pays for itself quickly)."""
    v = turn.v
    count = len(at_base.units) if at_base else 0
    if (v.slots(at_base) if at_base else 0) >= v.limit_units:
        return None, False
    claimers = len(turn.claimer_ids())
    pending = max(0, count - turn.keep_at_base())
    if turn.claiming_open() and claimers + pending < turn.p.claimers and len(v.my_armies) + pending < v.limit_armies:
        if v.round >= turn.p.ranger_claimers_from:
            here = q.unit_types(at_base) if at_base else []
            if q.fit_reason(v.world, [*here, RANGER]) is None and q.can_afford(v.stock, v.rules.units[RANGER].cost):
                return RANGER, True  # while the army at the flag has room for a ranger (R5.2)
        return SOLDIER, True
    if turn.p.strike_rangers and at_base is not None and count >= turn.keep_at_base():
        rangers = sum(1 for u in at_base.units if q.unit(u).unit_type == RANGER)
        if (rangers < turn.p.strike_rangers and q.fit_reason(v.world, [*q.unit_types(at_base), RANGER]) is None
                and q.can_afford(v.stock, v.rules.units[RANGER].cost)):
            return RANGER, False
    if turn.parts and at_base is not None and count >= turn.keep_at_base():
        stage = turn.staging_cell()
        staging = v.my_army_at(stage) if stage is not None else None
        here = q.unit_types(at_base)
        for part in turn.parts:
            wanted = part.unit_to_build(at_base, staging[1] if staging else None)
            if wanted is not None and q.fit_reason(v.world, [*here, wanted]) is None:
                return wanted, False
    return SOLDIER, False
