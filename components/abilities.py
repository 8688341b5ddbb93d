"""The registry of ability kinds: each kind names the typed parameters a unit or structure may give it."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field


class AbilityParams(BaseModel):
    """Base for an ability kind's parameters; unknown parameters are errors."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)  # no "2", 2.0 or true for 2
    kind: str


class Pathfinder(AbilityParams):
    """R5.1: an army holding this unit and any slower unit gets `mp_bonus` more MP."""

    mp_bonus: int = Field(ge=0, le=1000)


class Forager(AbilityParams):
    """R4.4: each such unit lowers an unpaid group's rogue chance as `weight` units would."""

    weight: int = Field(ge=0, le=1000)


class BridgeAbility(AbilityParams):
    """R5.3: every unit may enter this structure's territory for `move_cost` MP."""

    move_cost: int = Field(ge=1, le=1000)


class Bombard(AbilityParams):
    """R8.8: fires ammunition at a territory within `range` steps (never its own)."""

    range: int = Field(ge=1, le=1000)


class Rearguard(AbilityParams):
    """R8.2 extension: a unit with this ability is targeted only once no unit of its side lacks it."""


ABILITY_KINDS: dict[str, type[AbilityParams]] = {
    "pathfinder": Pathfinder,
    "forager": Forager,
    "bridge": BridgeAbility,
    "bombard": Bombard,
    "rearguard": Rearguard,
}


def register_ability_kind(kind: str, params: type[AbilityParams]) -> None:
    """Let a plugin mod add an ability kind; the kind name must be new."""
    if kind in ABILITY_KINDS and ABILITY_KINDS[kind] is not params:
        raise ValueError(f"ability kind '{kind}' is already registered")
    ABILITY_KINDS[kind] = params
