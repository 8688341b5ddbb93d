"""Attacks: walk into undefended enemy flags, and strike forces attacking what they are likely to beat."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from components.armies import Army
from components.commands import Move, Split
from game.ai.march import advance, besiege
from game.ai.view import Side
from systems.combat import simulate_battle
from systems.events import ArmySplit

if TYPE_CHECKING:
    from game.ai.turn import Turn
    from systems.movement import Reach

FLAG_BATTLE_ODDS = 0.8  # win chance needed for a battle at an enemy flag that cannot open it this turn

def snipe_flags(turn: Turn) -> None:
    v = turn.v
    open_bases = [b for s, b in v.enemy_bases.items() if not v.base_defended(s)]
    if not open_bases:
        return
    for entity, army in list(v.my_armies):
        if not turn.active():
            return
        if army.battle is not None or army.done or army.mp <= 0:
            continue
        if army.territory == v.base and len(army.units) < 2:
            continue
        reach = v.reach(entity)
        for base in open_bases:
            r = reach.get(base)
            if r is None or r.kind != "move":
                continue
            if army.territory != v.base:
                if turn.submit(Move(entity, r.path)) is not None:
                    break
                continue
            # the flag's own army sends all but one unit
            moving = tuple(army.units[1:])
            if turn.game.check(Split(entity, moving, r.path[0])) is not None:
                continue
            result = turn.submit(Split(entity, moving, r.path[0]))
            new = next((e.new_army for e in result.events if isinstance(e, ArmySplit)), None) if result else None
            if new is not None and len(r.path) > 1:
                turn.submit(Move(new, r.path[1:]))
            break


def strike(turn: Turn) -> None:
    v = turn.v
    target = turn.main_target()
    for _ in range(12):
        if not turn.active() or not engage(turn, target):
            break
    for entity, _ in list(turn.strike_armies()):
        if not turn.active():
            return
        army = v.alive_army(entity)
        if army is None or army.battle is not None or army.done or army.mp <= 0:
            continue
        if any(part.lead(entity, army) for part in turn.parts):
            continue
        if besiege(turn, entity, army):
            continue
        advance(turn, entity, army, target)


def engage(turn: Turn, target: tuple[int, int] | None) -> bool:
    """Find the most profitable attack (one army, or several in a row on one enemy) and make it.

    Within a turn each attack fights one round on the spot (R8.4); a battle that goes on blocks the
    territory, so a row of attacks only continues while each one clears the territory.
    """
    v = turn.v
    reaches: dict[int, dict[int, Reach]] = {}
    for entity, army in turn.strike_armies():
        if army.battle is None and not army.done and army.mp > 0:
            reaches[entity] = v.reach(entity)
    spots: dict[int, list[tuple[int, Reach]]] = {}
    for entity, reach in reaches.items():
        for t, r in reach.items():
            if r.kind == "attack" or (r.kind == "move" and t in v.enemy_bases.values()):
                spots.setdefault(t, []).append((entity, r))
    best: tuple[float, int, list[tuple[int, Reach]]] | None = None
    bases = {b: s for s, b in v.enemy_bases.items()}
    for t, attackers in sorted(spots.items()):
        enemies = [a for _, a in v.hostile_at(t) if a.units]
        if any(a.battle is not None for a in enemies):
            continue
        defenders: Side = []
        for a in enemies:
            defenders.extend(v.side(a))
        flag_seat = bases.get(t)
        stationed = bool(v.stationed_at(flag_seat, t)) if flag_seat is not None else False
        if not defenders:
            if flag_seat is not None and not stationed:
                entity, r = attackers[0]
                best = (1e6, t, [(entity, r)])
            continue
        order = sorted(attackers, key=lambda pair: (-v.army_power(v.alive_army(pair[0]) or Army(None, 0)), pair[0]))
        sides = [v.side(v.alive_army(e) or Army(None, 0)) for e, _ in order]
        cleared, opened, lost, killed = plan_row(turn, sides, defenders)
        opens = flag_seat is not None and not stationed
        value = killed - lost * (0.6 if opens else turn.trade)
        if opens and turn.sturdy and opened < turn.p.assault_odds and cleared >= FLAG_BATTLE_ODDS:
            # the flag will not fall this turn, but the battle at it is very likely won over the next
            # rounds, and while it lasts the defender cannot build units there (R6.1)
            value += 10 * cleared
        elif opens:
            value += 40 * opened
            cleared = opened
        elif flag_seat is not None:
            value += 5 * cleared
        if enemies and enemies[0].owner is None and v.owner[t] == turn.seat:
            value += 1.0
        if v.base is not None and v.board.distance(t, v.base) <= turn.p.threat_radius:
            value += 2.0 * cleared
        odds = turn.p.assault_odds if flag_seat is not None else turn.p.attack_odds
        if turn.late:
            odds -= 0.15
        if cleared < odds or value <= 0.1:
            continue
        if best is None or value > best[0]:
            best = (value, t, order)
    if best is None:
        return False
    _, t, order = best
    acted = False
    for entity, r in order:
        if not turn.active() or v.alive_army(entity) is None:
            break
        if any(a.battle is not None for _, a in v.at.get(t, ())):
            break
        if turn.submit(Move(entity, r.path)) is None:
            break
        acted = True
        if not v.hostile_at(t):
            break
    return acted


def plan_row(
    turn: Turn, sides: list[Side], defenders: Side
) -> tuple[float, float, float, float]:
    """Simulated attacks in a row on one territory.

    Returns P(the defenders are wiped out), P(wiped out with one of my armies there or able to walk in
    this turn), my expected losses and the enemy's expected losses (in units).
    """
    trials = turn.p.trials
    cleared = opened = 0
    lost = killed = 0
    for _ in range(trials):
        left = list(defenders)
        for index, side in enumerate(sides):
            survivors, left, _r = simulate_one_round(turn.rng, side, left)
            lost += len(side) - len(survivors)
            if not left:
                cleared += 1
                if survivors or index + 1 < len(sides):
                    opened += 1
                break
            if survivors:
                # the battle goes on; judge it by its likely end
                a, d, _rr = simulate_battle(turn.rng, survivors, left, 30)
                lost += len(survivors) - len(a)
                if not d:
                    cleared += 1
                left = [(x[0], x[1], bool(x[2])) for x in d]
                break
        killed += len(defenders) - len(left)
    return cleared / trials, opened / trials, lost / trials, killed / trials


def simulate_one_round(rng: random.Random, attackers: Side, defenders: Side) -> tuple[Side, Side, int]:
    """One battle round (R8.2), as the first round an attack fights on the spot."""
    a, d, rounds = simulate_battle(rng, attackers, defenders, 1)
    return [(x[0], x[1], bool(x[2])) for x in a], [(x[0], x[1], bool(x[2])) for x in d], rounds
