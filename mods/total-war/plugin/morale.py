"""Morale (TW11): states from effective morale, loss events, charge penalties, auras, as pure functions."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .hexes import distance

if TYPE_CHECKING:
    from .data import MoraleState, TotalWarRules
    from .regiments import Regiment


def clamp(value: int, rules: TotalWarRules) -> int:
    """TW11.1: morale lives on 0..max."""
    return max(0, min(rules.morale.max, value))


def state_of(effective: int, rules: TotalWarRules, controlled: bool = True) -> MoraleState:
    """TW11.5: the band holding `effective`; a controlled regiment below rout_below counts as Waver."""
    states = rules.morale.states
    if controlled and effective < rules.morale.rout_below:
        effective = rules.morale.rout_below
    for state in states:
        if effective >= state.low:
            return state
    return states[-1]


def loss_event(lost: int, start_men: int, rules: TotalWarRules) -> int:
    """TW11.2: losses this turn against men at turn start: >= 1/2 -45, else >= 1/4 -20, else >= 1/8 -5."""
    for divisor, change in rules.morale.losses:
        if lost > 0 and lost * divisor >= start_men:
            return change
    return 0


def charge_penalty(charger_kind: str, side: str, rules: TotalWarRules) -> int:
    """TW11.2: a charge received, by side of the charged regiment (TW2.3) and the charger's type."""
    table = rules.morale.charged_by_cavalry if charger_kind == "cavalry" else rules.morale.charged_by_infantry
    return table[("front", "side", "back").index(side)]


def auras(reg: Regiment, regiments: list[Regiment], rules: TotalWarRules, general_lost: bool, half_lost: bool) -> int:
    """TW11.3: own general within radius +10 (not itself); any routing enemy within radius +5; any routing
    friend within radius -5 (each once); own general destroyed or dispersed -5; half the army removed -10."""
    m = rules.morale
    total = 0
    near = [o for o in regiments if o is not reg and distance(o.hex, reg.hex) <= m.aura_radius]
    if any(o.general and o.seat == reg.seat for o in near):
        total += m.general_aura
    if any(o.routing and o.seat != reg.seat for o in near):
        total += m.routing_enemy
    if any(o.routing and o.seat == reg.seat for o in near):
        total += m.routing_friend
    if general_lost:
        total += m.general_lost
    if half_lost:
        total += m.half_lost
    return total


def effective(stored: int, aura: int, rules: TotalWarRules) -> int:
    """TW11.1: stored + auras, clamped."""
    return clamp(stored + aura, rules)


def damage_factor(effective_morale: int, rules: TotalWarRules, controlled: bool = True) -> int:
    """TW10.1: the attacker's morale factor (%): Unsteady 90, Waver 75, else 100."""
    return state_of(effective_morale, rules, controlled).damage


def morale_step(
    regiments: list[Regiment], changes: dict[str, int], damaged: dict[str, set[str]], destroyed: set[str],
    start_counts: dict[int, int], rules: TotalWarRules,
) -> tuple[list[Regiment], list[Regiment], dict[str, int]]:
    """TW11.4: (1) events but credits, clamped; (2) rounds on the auras at each round's start until one changes
    nothing: effective < disperse_below disperses, a non-routing one below rout_below starts to rout;
    (3) +credit per enemy it damaged that was destroyed, started to rout or dispersed; (4) rout countdown
    (TW11.6). `regiments` are those left after the phase's destroyed were removed; returns (dispersed,
    started to rout, credits given). States are then read with `state_of` (step 5)."""
    m = rules.morale
    for reg in regiments:
        reg.morale = clamp(reg.morale + changes.get(reg.name, 0), rules)
    alive = list(regiments)
    dispersed: list[Regiment] = []
    routed: list[Regiment] = []
    changed = True
    while changed:
        changed = False
        lost_general = {s: not any(r.general and r.seat == s for r in alive) for s in start_counts}
        half = {s: 2 * (start_counts[s] - sum(r.seat == s for r in alive)) >= start_counts[s] for s in start_counts}
        effs = {r.name: effective(r.morale, auras(r, alive, rules, lost_general[r.seat], half[r.seat]), rules) for r in alive}
        for reg in list(alive):
            eff = effs[reg.name]
            if eff < m.disperse_below:
                alive.remove(reg)
                dispersed.append(reg)
                changed = True
            elif not reg.routing and eff < m.rout_below:
                reg.rout_turns = m.rout_turns
                routed.append(reg)
                changed = True
    fallen = destroyed | {r.name for r in dispersed} | {r.name for r in routed}
    credits: dict[str, int] = {}
    for reg in alive:
        count = len(damaged.get(reg.name, set()) & fallen)
        if count:
            credits[reg.name] = m.credit * count
            reg.morale = clamp(reg.morale + credits[reg.name], rules)
    for reg in alive:
        if reg.routing and reg not in routed:
            reg.rout_turns -= 1
            if reg.rout_turns == 0:
                reg.morale = m.rout_reset
    for reg in dispersed:
        regiments.remove(reg)
    return dispersed, routed, credits


def turn_changes(
    reg: Regiment, lost: int, artillery_hits: int, charges_received: list[tuple[str, str]], moved: bool, shot: bool,
    in_melee: bool, rules: TotalWarRules,
) -> int:
    """TW11.2 events but credits: losses vs men at turn start; artillery hits (capped); each charge received
    (charger type, side); rested; end of turn."""
    m = rules.morale
    total = loss_event(lost, reg.start_men or lost, rules)
    total -= min(rules.fire.artillery_morale * artillery_hits, rules.fire.artillery_morale_cap)
    total += sum(charge_penalty(kind, side, rules) for kind, side in charges_received)
    if not moved and not shot and not in_melee:
        total += m.rested
    return total + m.end_of_turn
