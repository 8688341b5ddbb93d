"""The client's `rendering` system: attached to a game when a window shows it, it closes every stage of the
game's flow by handing the events that stage produced to the window (the schedule a reader sees is the
game's shape, with the picture taken at the end of each stage); `Rendering.rest` hands over what followed
the last stage of a submit (a seat's own command, the end of a turn), so every event is shown exactly once."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from game.engine import Game

RENDERING = "rendering"

StageEvents = Callable[[str, list[Any]], None]  # (stage, the events it produced)


@dataclass
class Rendering:
    """How far into the current submit's events the last stage's picture went."""

    events: list[Any] | None = None
    upto: int = 0

    def fresh(self, events: list[Any]) -> list[Any]:
        """The events since the last picture (the engine starts a new list for every submit)."""
        if self.events is not events:
            self.events, self.upto = events, 0
        out = events[self.upto:]
        self.upto = len(events)
        return out

    def rest(self, events: Sequence[Any]) -> list[Any]:
        """A submit returned `events`: the ones no stage's picture took yet (all of them when no stage of this
        submit ran: the engine's tuple holds the same objects as the list the stages saw)."""
        seen = self.events
        same = seen is not None and len(seen) == len(events) and all(a is b for a, b in zip(seen, events, strict=True))
        upto = self.upto if same else 0
        self.events, self.upto = None, 0
        return list(events[upto:])


def attach_rendering(game: Game, on_stage: StageEvents) -> Rendering:
    """Run `on_stage` last in every stage of the game's schedule (replacing an earlier window's)."""
    schedule = game.app.schedule
    cursor = Rendering()

    def make(stage: str) -> Callable[[Any], None]:
        def render(world: Any) -> None:
            on_stage(stage, cursor.fresh(world.events))
        return render

    for stage in schedule.stages:
        if RENDERING in schedule.order(stage):
            schedule.replace(stage, RENDERING, make(stage))
        else:
            schedule.add(stage, RENDERING, make(stage), after=schedule.order(stage))
    return cursor
