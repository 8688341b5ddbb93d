"""The client's `rendering` system: attached to a game when a window shows it, it closes every stage of the
game's flow by handing the events that stage produced to the window (the schedule a reader sees is the
game's shape, with the picture taken at the end of each stage)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from game.engine import Game

RENDERING = "rendering"

StageEvents = Callable[[str, list[Any]], None]  # (stage, the events it produced)


@dataclass
class _Cursor:
    """How far into the current submit's events the last stage's picture went."""

    events: list[Any] | None = None
    upto: int = 0

    def fresh(self, events: list[Any]) -> list[Any]:
        if self.events is not events:  # a new submit started a new list of events
            self.events, self.upto = events, 0
        out = events[self.upto:]
        self.upto = len(events)
        return out


def attach_rendering(game: Game, on_stage: StageEvents) -> None:
    """Run `on_stage` last in every stage of the game's schedule (replacing an earlier window's)."""
    schedule = game.app.schedule
    cursor = _Cursor()

    def make(stage: str) -> Callable[[Any], None]:
        def render(world: Any) -> None:
            on_stage(stage, cursor.fresh(world.events))
        return render

    for stage in schedule.stages:
        if RENDERING in schedule.order(stage):
            schedule.replace(stage, RENDERING, make(stage))
        else:
            schedule.add(stage, RENDERING, make(stage), after=schedule.order(stage))
