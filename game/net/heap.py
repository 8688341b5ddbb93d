"""The garbage-collector policy of a process holding many connections and games (`foc serve`, the benchmark).

Python's cyclic collector walks every container object of the generation it collects, and the event loop
waits. In a server holding hundreds of games and a thousand connections those walks became its longest
pauses: a full pass costs ~2 ms per hosted game (a second at 500 games); each connection's reads in flight
(coroutines, futures, replaced with every message: tens of thousands of objects) survive the young pass, so
the middle generation's pass walked ~100 thousand objects (100-200 ms) every few seconds, and a young pass
as rare as every 20000 net new objects walked several hundred thousand (0.5 s). So: what is alive after a
game is built (`settle`), and every second what has been made since (`keep`), is frozen (`gc.freeze`: left
out of every pass, still freed by reference counting when dropped, as nearly everything is); young passes
run every 20000 net new objects, so most seconds end before one; and once an hour everything is thawed and
collected once, which frees the cycles that formed among frozen objects (a pause of ~2 ms per hosted game,
once an hour; until then such cycles hold their memory). bench/bench_net.py, 500 games: no collector pause
over 10 ms during play but one (84 ms), against 100-500 ms pauses before.
"""

from __future__ import annotations

import asyncio
import gc
import time

FREEZE_SECONDS = 1.0  # how often what survived is frozen
YOUNG_OBJECTS = 20_000  # net new container objects between young passes (Python's default: 700)
THAW_SECONDS = 3600.0  # how often everything is thawed and collected once (a pause of ~2 ms per hosted game)


def settle() -> None:
    """Freeze what is alive now (after a game is built, or set-up): the young generations are collected
    first, so the short-lived cycles of the build are freed, not frozen."""
    gc.collect(1)
    gc.freeze()


def pace() -> None:
    """Young passes every YOUNG_OBJECTS net new objects: what the last second made is frozen before most passes
    would have walked it."""
    gc.set_threshold(YOUNG_OBJECTS, *gc.get_threshold()[1:])


async def keep(freeze_seconds: float = FREEZE_SECONDS, thaw_seconds: float = THAW_SECONDS) -> None:
    """Run for the life of the process's event loop: freeze every `freeze_seconds`, thaw and collect every
    `thaw_seconds`."""
    pace()
    thawed = time.monotonic()
    while True:
        await asyncio.sleep(freeze_seconds)
        if time.monotonic() - thawed >= thaw_seconds:
            gc.unfreeze()
            gc.collect()
            thawed = time.monotonic()
        gc.freeze()
