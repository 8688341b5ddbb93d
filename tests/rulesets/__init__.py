"""Test-only rulesets (loaded only by tests): `installed()` adds this folder to the mod search path as bundled."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

HERE = Path(__file__).resolve().parent


@contextmanager
def installed() -> Iterator[Path]:
    """While inside: the rulesets of this folder are found like the game's own (so their plugins may run)."""
    from game.content import discover

    saved = discover.mod_search_paths, discover.SHIPPED_MODS
    bundled = discover.BUNDLED_MODS
    discover.mod_search_paths = lambda: [bundled, HERE]  # type: ignore[assignment]
    discover.SHIPPED_MODS = HERE  # type: ignore[misc]  # its plugins may run, as a bundled mod's
    try:
        yield HERE
    finally:
        discover.mod_search_paths, discover.SHIPPED_MODS = saved  # type: ignore[assignment,misc]


_KEPT: list[object] = []


def install() -> None:
    """For a test process of its own (tests/rulesets/play.py): installed for the rest of the process (the context
    is kept, so it is never closed by the collector)."""
    context = installed()
    context.__enter__()
    _KEPT.append(context)
