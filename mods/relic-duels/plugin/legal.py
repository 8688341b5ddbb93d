"""Relic Duels' legal commands for learning agents (app.set_legal_commands; game.lab.env numbers its actions by
this order). The seat is the one asked for, else `game.legal.seat_to_act`. A question pending for it (DU4.2, DU5.1, DU8.2): an
Answer per answer it may give, in the prompt's order. Its move phase: EndMoves first, then each of its characters
(roster order) stepping to each neighbouring hex (hex order). Every entry passes `game.check(cmd, seat=...)`."""

from __future__ import annotations

from typing import Any

from components.commands import Command
from components.seats import Answer

from .commands import EndMoves, Step
from .play import characters, land, side_of


def legal_commands(game: Any, seat: int | None = None) -> list[Command]:
    """Every command offered to `seat` (default: the seat to act) now, in the canonical order above ([] when it
    may not act)."""
    from game.legal import seat_to_act
    from systems import prompts

    if game.over:
        return []
    seat = seat_to_act(game) if seat is None else seat
    if seat not in game.acting_seats():
        return []
    world = game.world
    candidates: list[Command] = []
    if game.asking:
        for entity, prompt in prompts.pending(world):
            if seat in prompt.seats and not prompt.given[prompt.seats.index(seat)]:
                candidates = [Answer(entity, answer) for answer in prompt.answers]
                break
    elif game.awaiting_seat:
        side, here = side_of(world, seat), land(world)
        candidates = [EndMoves()]
        for c in characters(world).values():
            if c.side == side:
                candidates += [Step(c.key, n) for n in here.neighbours(c.hex)] if c.hex >= 0 else []
    return [c for c in candidates if game.check(c, seat=seat) is None]
