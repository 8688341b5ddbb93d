"""Victory (TW12): a side all gone or routing loses; at the turn limit, the higher remaining strength wins."""

from __future__ import annotations

from fractions import Fraction

from .data import TotalWarRules
from .regiments import Regiment

WON, LOST, DRAW = "won", "lost", "draw"


def strength(regiments: list[Regiment], seat: int, rules: TotalWarRules) -> Fraction:
    """TW12.2: Σ cost × men / start men over the side's regiments not routing, exactly."""
    return sum((Fraction(rules.units[r.kind].cost * r.men, rules.units[r.kind].men)
                for r in regiments if r.seat == seat and not r.routing), Fraction(0))


def outcome(regiments: list[Regiment], seats: tuple[int, int], turn: int, rules: TotalWarRules) -> dict[int, str] | None:
    """TW12.1 after the morale step; TW12.2 at the turn limit. None while the battle goes on."""
    beaten = {s: not any(r.seat == s and not r.routing for r in regiments) for s in seats}
    a, b = seats
    if beaten[a] and beaten[b]:
        return {a: DRAW, b: DRAW}
    if beaten[a] or beaten[b]:
        return {a: LOST if beaten[a] else WON, b: LOST if beaten[b] else WON}
    if turn >= rules.turns.limit:
        sa, sb = strength(regiments, a, rules), strength(regiments, b, rules)
        if sa == sb:
            return {a: DRAW, b: DRAW}
        return {a: WON if sa > sb else LOST, b: WON if sb > sa else LOST}
    return None
