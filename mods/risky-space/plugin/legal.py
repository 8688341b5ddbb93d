"""Risky Space's commands for learning agents: a finite, canonical list of legal commands for the seat to act.

Registered with `app.set_legal_commands` (game.lab.env numbers its actions by this order). Counts are
free in the rules (RS2.2 splits, RS4.3 steps, RS5.1 forces, RS6.1 moves), so the list offers, per
choice, the smallest and the largest count: claims (RS2.1) per unclaimed region; placements (RS2.2) with
every troop on one own region; reinforcements (RS4.2, RS4.3) of 1 and of all that may go there, per own
region; in the attack phase EndTurn first (RS3.2), then attacks (RS5.1) with 1 and with every troop
but one, then fortifications (RS6.1) of 1 and of all but one; during a battle Roll then Stop (RS5.3).
Forfeit (RS7.2) is left out: it is never a move worth learning. Every entry passes the rules' check.
"""

from __future__ import annotations

from typing import Any

from . import rules as R
from .ecs import load_state


def _counts(top: int) -> list[int]:
    return sorted({1, top}) if top >= 1 else []


def legal_commands(game: Any, seat: int | None = None) -> list[R.Command]:
    """Every offered command for the seat to act now, in the canonical order above; [] when the game is over or
    `seat` is another seat (Risky Space has only seat phases)."""
    world = game.world
    world.activate()
    if game.over:
        return []
    state = load_state(world)
    if seat is not None and seat != state.seat:
        return []
    seat = state.seat
    out: list[R.Command] = []
    if state.phase == R.CLAIM:
        out = [R.Claim(t) for t in range(state.size) if state.owners[t] is None]
    elif state.phase == R.PLACE:
        out = [R.Place((t,), (state.rules.setup.placement_troops,)) for t in state.owned(seat)]
    elif state.phase == R.REINFORCE:
        for t in state.owned(seat):
            available = state.general + state.bonus_left.get(state.cluster_of(t), 0)
            out.extend(R.Reinforce(t, n) for n in _counts(available))
    elif state.phase == R.ATTACK and state.battle is not None:
        out = [R.Roll(), R.Stop()]
    elif state.phase == R.ATTACK:
        out = [R.EndTurn()]
        for source, target in R.legal_attacks(state):
            out.extend(R.Attack(source, target, n) for n in _counts(state.troops[source] - 1))
        for source in sorted(state.start_owned):
            for target in sorted(state.neighbours[source]):
                out.extend(R.Fortify(source, target, n) for n in _counts(state.troops[source] - 1))
    return [command for command in out if not R.check(state, command)]
