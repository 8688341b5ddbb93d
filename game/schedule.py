"""The named, ordered schedule of systems per turn stage; mods insert systems relative to others by name."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from systems import prompts
from systems.world import World

System = Callable[[World], None]


class ScheduleError(ValueError):
    """A system named an unknown anchor, reused a name, or the constraints form a cycle."""


@dataclass
class Entry:
    name: str
    run: System
    after: set[str] = field(default_factory=set)
    before: set[str] = field(default_factory=set)


class Schedule:
    """Stages in order, each holding named systems ordered by `after`/`before` constraints."""

    def __init__(self, stages: list[str]) -> None:
        self.stages = list(stages)
        self._entries: dict[str, list[Entry]] = {stage: [] for stage in stages}
        self._resolved: dict[str, list[Entry]] = {}

    def add(
        self, stage: str, name: str, run: System, *, after: str | list[str] | None = None,
        before: str | list[str] | None = None,
    ) -> None:
        """Add a system; `after`/`before` name systems of the same stage that must already exist."""
        if stage not in self._entries:
            raise ScheduleError(f"unknown stage '{stage}' (stages: {', '.join(self.stages)})")
        entries = self._entries[stage]
        if any(e.name == name for e in entries):
            raise ScheduleError(f"stage '{stage}' already has a system named '{name}'")
        known = {e.name for e in entries}
        after_set = {after} if isinstance(after, str) else set(after or ())
        before_set = {before} if isinstance(before, str) else set(before or ())
        for anchor in after_set | before_set:
            if anchor not in known:
                raise ScheduleError(f"stage '{stage}' has no system '{anchor}' to order '{name}' against")
        entry = Entry(name, run, after_set, before_set)
        entries.append(entry)
        try:
            self._resolved[stage] = self._resolve(stage)
        except ScheduleError:
            entries.remove(entry)
            self._resolved[stage] = self._resolve(stage)
            raise

    def _resolve(self, stage: str) -> list[Entry]:
        """Topological order honouring constraints; ties keep the order systems were added in."""
        entries = self._entries[stage]
        preds: dict[str, set[str]] = {e.name: set(e.after) for e in entries}
        for e in entries:
            for later in e.before:
                preds[later].add(e.name)
        order: list[Entry] = []
        placed: set[str] = set()
        while len(order) < len(entries):
            ready = next((e for e in entries if e.name not in placed and preds[e.name] <= placed), None)
            if ready is None:
                stuck = sorted(e.name for e in entries if e.name not in placed)
                raise ScheduleError(f"stage '{stage}': ordering cycle among {', '.join(stuck)}")
            order.append(ready)
            placed.add(ready.name)
        return order

    def replace(self, stage: str, name: str, run: System) -> None:
        """Run `run` in place of the system `name` (same name, same constraints)."""
        entry = self._find(stage, name)
        entry.run = run

    def remove(self, stage: str, name: str) -> None:
        """Drop the system `name`; constraints other systems had on it go with it."""
        entry = self._find(stage, name)
        entries = self._entries[stage]
        entries.remove(entry)
        for other in entries:
            other.after.discard(name)
            other.before.discard(name)
        self._resolved[stage] = self._resolve(stage)

    def _find(self, stage: str, name: str) -> Entry:
        if stage not in self._entries:
            raise ScheduleError(f"unknown stage '{stage}' (stages: {', '.join(self.stages)})")
        entry = next((e for e in self._entries[stage] if e.name == name), None)
        if entry is None:
            raise ScheduleError(f"stage '{stage}' has no system '{name}'")
        return entry

    def order(self, stage: str) -> list[str]:
        return [e.name for e in self._resolved.get(stage, [])]

    def run(self, stage: str, world: World, start: int = 0) -> int | None:
        """Run the stage's systems from index `start`; when one of them asked a question (systems.prompts), stop
        and return the index to go on from once it is answered, else None."""
        entries = self._resolved.get(stage, [])
        for index in range(start, len(entries)):
            if world.clock.winner is not None and stage != "game_over":
                return None
            entries[index].run(world)
            if prompts.pending(world):
                return index + 1
        return None
