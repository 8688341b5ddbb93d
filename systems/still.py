"""A memo for one unchanged state: while a listing checks command after command, what those checks look up again
and again (armies by territory, structures by territory, a mover and its step tables) is worked out once.

A check never changes the state (systems.actions.check), so between two applies every check sees the same armies,
structures and owners. `held_still(world)` marks such a stretch (game.legal's listings); inside it `memo()` is a
dict the queries fill, outside it `memo()` is None and every query reads the state afresh. The memo belongs to
the esper world that was current when it started (another world activated meanwhile sees none), and an apply
ends it at once (systems.actions.execute calls `release`), so a stale answer cannot outlive the state it read.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import TYPE_CHECKING, Any

import esper

if TYPE_CHECKING:
    from systems.world import World

# the esper world's name held still and its memo, per thread (a computer seat thinks on a worker thread)
_HELD: ContextVar[tuple[str, dict[Any, Any]] | None] = ContextVar("held_still", default=None)


@contextmanager
def held_still(world: World) -> Iterator[None]:
    """Within the block only checks run on `world`: queries may keep what they find until the block ends (or an
    apply starts). Nested blocks share the outer one's memo."""
    world.activate()
    if _HELD.get() is not None:
        yield
        return
    _HELD.set((world.name, {}))
    try:
        yield
    finally:
        release()


def memo() -> dict[Any, Any] | None:
    """The current stretch's memo (a dict the queries fill), or None when the state may change between lookups."""
    held = _HELD.get()
    if held is None or held[0] != esper.current_world:
        return None
    return held[1]


def release() -> None:
    """End the stretch: the state is about to change (or the listing is done)."""
    _HELD.set(None)
