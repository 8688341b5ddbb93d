"""What each seat is shown: every piece of game state leaving the server passes through `update_for`/`state_for`.

Today the base game hides nothing (R1-R10 have no secret information), so a seat and a spectator see the
whole update. This is the one place where hidden information (the orders of simultaneous phases, fog,
anything a ruleset hides; issue 11's per-seat views) will be filtered: the server never sends game state
any other way. `viewer` is a seat number, or None for a spectator (the public view).
"""

from __future__ import annotations

import dataclasses
from typing import Any

from systems.events import Event

Viewer = int | None


def event_data(event: Event) -> dict[str, Any]:
    """An event as plain JSON-ready data: {"type": class name, field: value...}."""
    return {"type": type(event).__name__, **dataclasses.asdict(event)}  # type: ignore[call-overload]


def clock_data(clock: Any) -> dict[str, Any]:
    return {"round": clock.round, "seat": clock.seat, "stage": clock.stage, "winner": clock.winner}


def same_for_all(record: dict[str, Any]) -> bool:
    """True when every viewer gets the same update for this record (the server then encodes it once)."""
    del record
    return True  # nothing is hidden in the games that exist today


def update_for(viewer: Viewer, record: dict[str, Any]) -> dict[str, Any] | None:
    """The `update` message a viewer gets for one accepted command (None: nothing of it may be shown)."""
    del viewer  # nothing is hidden in the games that exist today
    return {"type": "update", **record}


def state_for(viewer: Viewer, header: dict[str, Any], commands: list[list[Any]], seq: int,
              clock: dict[str, Any]) -> dict[str, Any]:
    """The whole view of a game for a viewer joining it: what it starts from and what happened since.

    Today that is the replay header (ruleset, board, players, seed) and the commands so far, from which the
    client rebuilds the game with the same engine; a ruleset with hidden information will instead send a
    filtered snapshot here.
    """
    return {"type": "state", "seq": seq, "header": header, "commands": commands, "clock": clock,
            "viewer": viewer}
