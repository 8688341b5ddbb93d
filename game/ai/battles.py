"""Retreat from battles that are being lost (R8.5), toward the flag."""

from __future__ import annotations

from typing import TYPE_CHECKING

import esper

from components.armies import Battle
from components.commands import Retreat
from game.queries import army_options

if TYPE_CHECKING:
    from game.ai.turn import Turn


def retreat_from_lost_battles(turn: Turn) -> None:
    """Retreat armies whose battle is likely lost (not at the flag) to the free neighbour nearest home."""
    for entity, army in list(turn.v.my_armies):
        if army.battle is None or not esper.entity_exists(army.battle):
            continue
        battle = esper.component_for_entity(army.battle, Battle)
        if battle.rounds < 1:
            continue
        other = battle.defender if battle.attacker == entity else battle.attacker
        enemy = turn.v.alive_army(other)
        if enemy is None:
            continue
        chance, _ = turn.v.win_chance(turn.rng, turn.v.side(army), turn.v.side(enemy), turn.p.trials)
        if army.territory == turn.v.base or chance >= turn.p.retreat_odds:
            continue
        options = [o.command for o in army_options(turn.game, entity)
                   if o.kind == "retreat" and o.available and isinstance(o.command, Retreat)]
        if options:
            home = turn.v.base if turn.v.base is not None else army.territory
            best = min(options, key=lambda c: (turn.v.board.distance(c.territory, home), c.territory))
            turn.submit(best)
