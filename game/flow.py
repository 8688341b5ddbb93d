"""The declared game flow: setup phases, the phases of each seat's turn and of the round's end (data)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

SEAT, AUTO = "seat", "auto"


class Phase(BaseModel):
    """One phase: its name is the schedule stage whose systems run when it begins; `acts` says who acts."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    name: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    acts: Literal["seat", "auto"] = Field(
        default="auto", description='"seat": the active seat issues commands until one named in ends_with; '
        '"auto": only the phase\'s systems run'
    )
    ends_with: tuple[str, ...] = Field(
        default=(), description="command types (class names) that end the active seat's part of this phase"
    )

    @model_validator(mode="after")
    def _seat_phases_end(self) -> Phase:
        if self.acts == SEAT and not self.ends_with:
            raise ValueError(f"phase '{self.name}': a seat phase needs ends_with (the command that ends it)")
        if self.acts == AUTO and self.ends_with:
            raise ValueError(f"phase '{self.name}': an automatic phase has no ends_with")
        return self


class Flow(BaseModel):
    """Setup phases (a seat phase: each seat in order), then rounds: every alive seat in order goes
    through `turn`, then `round_end` runs once. A ruleset's mod.toml declares it under [flow]."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    setup: tuple[Phase, ...] = ()
    turn: tuple[Phase, ...] = Field(min_length=1)
    round_end: tuple[Phase, ...] = ()

    @model_validator(mode="after")
    def _names_unique(self) -> Flow:
        names = [p.name for p in (*self.setup, *self.turn, *self.round_end)]
        twice = sorted({n for n in names if names.count(n) > 1})
        if twice:
            raise ValueError(f"phase names must be unique: {', '.join(twice)}")
        if not any(p.acts == SEAT for p in self.turn):
            raise ValueError("a turn needs at least one seat phase (where the seat acts)")
        return self

    def stages(self) -> list[str]:
        """Every phase name, in flow order: the schedule's stages."""
        return [p.name for p in (*self.setup, *self.turn, *self.round_end)]

    def phase(self, name: str) -> Phase | None:
        return next((p for p in (*self.setup, *self.turn, *self.round_end) if p.name == name), None)
