"""What one seat may see: the state and events filtered for a seat (or a spectator); replays keep everything.

A seat sees every entity the ruleset does not hide, except other seats' buffered orders (their Ready is
public), other seats' answers to a question still open, and the random generator's state (dice to come).
A ruleset hides more through the App hooks `visible(world, seat, entity, components)` (what of an entity
the seat sees; None hides it) and `visible_event(world, seat, event)`. `seat=None` is a spectator: the
public view (no seat's orders, no open answers).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from typing import TYPE_CHECKING, Any

from game.snapshot import snapshot
from systems.events import Event

if TYPE_CHECKING:
    from game.engine import Game, Result

HIDDEN = "hidden"  # what stands for the random generator's state in a seat's view


def view_for(game: Game, seat: int | None, only: Collection[str] | None = None) -> dict[str, Any]:
    """The snapshot as `seat` may see it (None: a spectator); `only`: just those components (a computer player
    reading its few kinds on a large board), filtered the same way."""
    full = snapshot(game.world, only)
    return {**full, "rng": HIDDEN, "entities": filter_entities(game, full["entities"], seat), "viewer": seat}


def filter_entities(game: Game, entities: dict[str, dict[str, Any]], seat: int | None) -> dict[str, dict[str, Any]]:
    """The entities of a snapshot as `seat` may see them (an entity hidden whole is left out)."""
    out: dict[str, dict[str, Any]] = {}
    for key, components in entities.items():
        shown = entity_view(game, seat, key, components)
        if shown:
            out[key] = shown
    return out


def entity_view(game: Game, seat: int | None, key: str, components: dict[str, Any]) -> dict[str, Any] | None:
    """One entity of a snapshot as `seat` may see it (None or empty: hidden); the same dict when nothing of
    it is hidden, so a host can share it between viewers."""
    shown = _engine_filter(components, seat)
    visible = game.world.app.hooks.visible
    if visible is not None:
        shown = visible(game.world, seat, int(key), dict(shown))  # the hook may edit its copy
    return shown


def entity_hiding(game: Game) -> bool:
    """Whether the ruleset hides parts of entities by its own rule (the `visible` hook): what a seat sees of
    one entity may then depend on others, so a host must filter every entity again after a change."""
    return game.world.app.hooks.visible is not None


def _engine_filter(components: dict[str, Any], seat: int | None) -> dict[str, Any]:
    orders = components.get("SeatOrders")
    prompt = components.get("Prompt")
    if (orders is None or orders["seat"] == seat) and prompt is None:
        return components
    out = dict(components)
    if orders is not None and orders["seat"] != seat:
        out["SeatOrders"] = {"seat": orders["seat"], "ready": orders["ready"]}  # the orders themselves: hidden
    if prompt is not None:
        given = [g if s == seat else ("answered" if g else "") for s, g in zip(prompt["seats"], prompt["given"],
                                                                                 strict=True)]
        out["Prompt"] = {**prompt, "given": given}
    return out


def event_visible(game: Game, seat: int | None, event: Event) -> bool:
    """May `seat` (None: a spectator) see this event? Private events only their own seat; then the ruleset."""
    if getattr(event, "private", False) and getattr(event, "seat", None) != seat:
        return False
    hook = game.world.app.hooks.visible_event
    return hook is None or bool(hook(game.world, seat, event))


def events_for(game: Game, seat: int | None, events: Iterable[Event]) -> tuple[Event, ...]:
    """The events `seat` may see, in order (what a host sends that seat after a command)."""
    return tuple(e for e in events if event_visible(game, seat, e))


def result_for(game: Game, seat: int | None, result: Result) -> tuple[Event, ...]:
    """An Accepted's events filtered for one seat (a Rejected has none)."""
    return events_for(game, seat, result.events)
