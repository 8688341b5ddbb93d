"""Headless Risky Space games between computer players on any region board (tests, bench, `simulate`)."""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from . import rules as R
from .ai import PLAYERS, play_turn
from .data import RiskyRules, load_rules


def state_for_board(board: Any, players: int, seed: int, rules: RiskyRules | None = None) -> R.State:
    """A new game on a systems.board RegionBoard (its links, clusters and bonuses)."""
    rules = rules or load_rules()
    neighbours = [board.neighbours(i) for i in range(board.size)]
    clusters = {c.id: board.members(c.id) for c in board.clusters}
    bonus = {c.id: c.bonus for c in board.clusters}
    return R.new_state(rules, neighbours, clusters, bonus, players, seed)


@dataclass
class Result:
    """How one game ended and how long each computer turn took (seconds)."""

    winner: int | None
    rounds: int
    turn_times: list[float] = field(default_factory=list)


def play(state: R.State, kinds: Sequence[str], seed: int, max_rounds: int = 300) -> Result:
    """Play to a winner (or `max_rounds`); seat s is played by kinds[s - 1]."""
    players = {s: PLAYERS[kinds[s - 1]](seed * 31 + s) for s in range(1, len(kinds) + 1)}
    times: list[float] = []
    while state.phase != R.OVER and state.round <= max_rounds:
        started = time.perf_counter()
        in_turn = state.phase in (R.REINFORCE, R.ATTACK)
        play_turn(state, players[state.seat])
        if in_turn:
            times.append(time.perf_counter() - started)
    return Result(state.winner, state.round, times)
