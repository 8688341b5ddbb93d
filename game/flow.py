"""The declared game flow: setup phases, the phases of each seat's turn and of the round's end (data)."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cached_property
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

SEAT, AUTO, ALL = "seat", "auto", "all"


class Phase(BaseModel):
    """One phase: its name is the schedule stage whose systems run when it begins; `acts` says who acts."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    name: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    acts: Literal["seat", "auto", "all"] = Field(
        default="auto", description='"seat": the active seat issues commands until one named in ends_with; '
        '"auto": only the phase\'s systems run; "all": every alive seat gives hidden orders, then Ready, and '
        'the phase\'s systems resolve them in their declared order once every seat is ready'
    )
    ends_with: tuple[str, ...] = Field(
        default=(), description="command types (class names) that end the active seat's part of this phase"
    )

    immediate: tuple[str, ...] = Field(
        default=(), description='an "all" phase: command types applied at once instead of buffered as orders '
        '(e.g. Resign)'
    )

    @model_validator(mode="after")
    def _seat_phases_end(self) -> Phase:
        if self.acts == SEAT and not self.ends_with:
            raise ValueError(f"phase '{self.name}': a seat phase needs ends_with (the command that ends it)")
        if self.acts != ALL and self.immediate:
            raise ValueError(f"phase '{self.name}': only a simultaneous phase has immediate commands")
        if self.acts != SEAT and self.ends_with:
            raise ValueError(f"phase '{self.name}': only a seat phase has ends_with (an 'all' phase ends with "
                             "every seat's Ready)")
        return self


class Flow(BaseModel):
    """Setup phases (a seat phase: each seat in order), then rounds: every alive seat in order goes
    through `turn`, then `round_end` runs once. Simultaneous phases (`acts = "all"`) live in `setup` or
`round_end` (once for all seats), never in `turn` (each seat's own, in order); `turn` may then be empty.
A ruleset's mod.toml declares it under [flow]."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    setup: tuple[Phase, ...] = ()
    turn: tuple[Phase, ...] = ()
    round_end: tuple[Phase, ...] = ()

    @model_validator(mode="after")
    def _names_unique(self) -> Flow:
        names = [p.name for p in (*self.setup, *self.turn, *self.round_end)]
        twice = sorted({n for n in names if names.count(n) > 1})
        if twice:
            raise ValueError(f"phase names must be unique: {', '.join(twice)}")
        if any(p.acts == ALL for p in self.turn):
            raise ValueError("a simultaneous phase (acts = \"all\") belongs in setup or round_end: the turn is "
                             "each seat's, in order")
        if not any(p.acts == SEAT for p in self.turn) and not any(p.acts == ALL for p in self.round_end):
            raise ValueError("a round needs a phase where seats act: a seat phase in turn, or a simultaneous "
                             "phase (acts = \"all\") in round_end")
        return self

    def stages(self) -> list[str]:
        """Every phase name, in flow order: the schedule's stages."""
        return [p.name for p in (*self.setup, *self.turn, *self.round_end)]

    @cached_property
    def _by_name(self) -> dict[str, Phase]:
        """Each phase by name, made once per flow: `phase` is asked several times for every command checked."""
        by_name: dict[str, Phase] = {}
        for phases in (self.round_end, self.setup, self.turn):  # the turn's names win, as they were read first
            by_name.update((p.name, p) for p in reversed(phases))
        return by_name

    def phase(self, name: str) -> Phase | None:
        return self._by_name.get(name)

    def model_copy(self, *, update: Mapping[str, Any] | None = None, deep: bool = False) -> Flow:
        """A copy (with `update`'s phases) that indexes its own phases: pydantic copies the instance's dict, where
        the cached index of the phases copied from lives."""
        copy = super().model_copy(update=update, deep=deep)
        copy.__dict__.pop("_by_name", None)
        return copy
