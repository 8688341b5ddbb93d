"""MC9, the computer player: try every legal spawn choice, play the real march ahead on a copy, rank by MC9.3.

Pure over `Position`: the engine wraps it (`ai.py`) to submit the same Spawn and turn-button commands a
human would (MC9.1). Its own random choices come from the generator it is given, never the game's.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from .data import MonsterRules
from .march import march, opponent
from .position import Position, Spawn, spawn_choices, spawned


@dataclass(frozen=True, slots=True, order=True)
class Score:
    """MC9.3's priorities as a sort key, larger is better: (1) life kept, (2) damage dealt,
    (3) power and defense kept on the board, (4) points saved."""

    life_kept: int
    damage: int
    strength: int
    saved: int


def score(position: Position, rules: MonsterRules, choice: tuple[Spawn, ...]) -> Score:
    """MC9.2: spawn `choice`, then play `ai.lookahead` marches with no further spawns, on a copy."""
    me = position.active
    foe = opponent(me)
    next_id = max((p.id for p in position.pieces), default=0) + 1
    after = position
    for offset, (kind, square) in enumerate(choice):
        after = spawned(after, rules, kind, square, next_id + offset)
    pieces = after.pieces
    lost_me = lost_foe = 0
    for _ in range(rules.ai.lookahead):
        if not pieces:
            break
        result = march(pieces, rules, me, record=False)
        lost_me += result.life_lost[me]
        lost_foe += result.life_lost[foe]
        pieces = result.pieces
    strength = sum(p.power + p.defense for p in pieces if p.owner == me)
    return Score(-lost_me, lost_foe, strength, -after.spent)


def pressing(position: Position, rules: MonsterRules) -> bool:
    """Whether the active player presses for a decision: from round `ai.press_round` on, while its life is not
    below its opponent's (two level players would otherwise meet every spawn until the round limit)."""
    press = rules.ai.press_round
    me = position.active
    return 0 < press <= position.round and position.life_of(me) >= position.life_of(opponent(me))


def choose(position: Position, rules: MonsterRules, rng: random.Random) -> tuple[Spawn, ...]:
    """The best legal spawn choice for the active player; ties broken by `rng` (MC9.3 (5)). A player pressing
    for a decision ranks damage dealt before life kept."""
    best: list[tuple[Spawn, ...]] = []
    top: Score | None = None
    press = pressing(position, rules)
    for choice in spawn_choices(position, rules):
        value = score(position, rules, choice)
        if press:
            value = Score(value.damage, value.life_kept, value.strength, value.saved)
        if top is None or value > top:
            top, best = value, [choice]
        elif value == top:
            best.append(choice)
    return best[0] if len(best) == 1 else rng.choice(best)
