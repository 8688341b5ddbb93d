"""What each seat is shown: every piece of game state leaving the server passes through `update_for`/`state_for`.

The engine decides what a seat may see (`game.views`: `events_for` filters each command's events, `view_for`
the state); this module applies it to what the server sends. Clients keep a copy of the game rebuilt from
commands (`game.net.mirror`), so a command is itself state: in an open simultaneous phase another seat's
orders, Ready and revisions are sent as a bare `hidden` step (its sequence number, the clock and the
events that seat may see, never the command), and only the command that resolves the phase carries, for
each other viewer, every order as it stood (`reveal`). A spectator (`viewer` None) sees only the public
view. `viewer` is a seat number, or None.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

from systems.events import Event

if TYPE_CHECKING:
    from game.engine import Game

Viewer = int | None


def event_data(event: Event) -> dict[str, Any]:
    """An event as plain JSON-ready data: {"type": class name, field: value...}."""
    return {"type": type(event).__name__, **dataclasses.asdict(event)}  # type: ignore[call-overload]


def viewer_events(game: Game, viewer: Viewer, events: tuple[Event, ...]) -> list[dict[str, Any]]:
    """The events of one command as `viewer` may see them (game.views.events_for)."""
    from game.views import events_for

    return [event_data(e) for e in events_for(game, viewer, events)]


def clock_data(clock: Any) -> dict[str, Any]:
    return {"round": clock.round, "seat": clock.seat, "stage": clock.stage, "winner": clock.winner}


def same_for_all(record: dict[str, Any]) -> bool:
    """True when every viewer gets the same update for this record (the server then encodes it once)."""
    return not ({"views", "hidden_from_others", "reveal"} & record.keys())


def update_for(viewer: Viewer, record: dict[str, Any]) -> dict[str, Any] | None:
    """The `update` message a viewer gets for one accepted command (None: nothing of it may be shown)."""
    views = record.get("views")
    events = record["events"] if views is None else views.get(viewer, views.get(None, []))
    base = {key: value for key, value in record.items() if key not in ("views", "hidden_from_others", "reveal")}
    base["events"] = events
    hidden_seat = record.get("hidden_from_others")
    if hidden_seat is not None and hidden_seat != viewer:
        del base["command"]
        return {"type": "update", **base, "hidden": True}
    reveal = record.get("reveal")
    if reveal is not None:
        steps = [step for step in reveal["steps"] if step[0] != viewer]
        if steps:
            base["reveal"] = steps
    return {"type": "update", **base}


def state_for(viewer: Viewer, header: dict[str, Any], commands: list[list[Any]], seq: int,
              clock: dict[str, Any], hidden: dict[int, int] | None = None) -> dict[str, Any]:
    """The whole view of a game for a viewer joining it: what it starts from and what happened since.

    The replay header (ruleset, board, players, seed) and the commands so far, from which the client
    rebuilds the game with the same engine; the hidden commands of the open simultaneous phase (`hidden`:
    seq -> issuing seat) are None unless the viewer issued them (their reveal comes with the resolving update).
    """
    hidden = hidden or {}
    shown = [None if hidden.get(index + 1, viewer) != viewer else entry for index, entry in enumerate(commands)]
    return {"type": "state", "seq": seq, "header": header, "commands": shown, "clock": clock,
            "viewer": viewer}
