"""Ability kinds' typed parameters; a ruleset or mod registers each kind on its game's App (`add_ability_kind`)."""

from __future__ import annotations

from pydantic import Field

from components.data_model import DataModel


class AbilityParams(DataModel):
    """Base for an ability kind's parameters: the engine's DataModel (unknown parameters are errors, no "2",
    2.0 or true for 2)."""
    kind: str

    def describe(self, capacity: int = 0) -> str:
        """A few words for the rules reference (help), or "" when the ability needs none there; a kind with
        `attack` and `range` reads as a gun. `capacity` is the holder's garrison (for carriers)."""
        values = self.model_dump(exclude={"kind"})
        if "attack" in values:
            return f"{self.kind.replace('_', ' ')}: attack {values['attack']}, range {values.get('range', 1)}"
        return ""


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


class Rare(AbilityParams):
    """E7.1: a player may have at most `per_player` units of this type alive (in armies or stationed), and the
    ruleset's `limits.rare_per_player` / `limits.rare_per_army` cap rare units of all types together."""

    per_player: int = Field(ge=1, le=1000)


class Climb(AbilityParams):
    """E0.3: a climbing means. Its bearer (a unit type, or a structure lifting its army's units) crosses a wall
    border walls forbid for `extra_mp` more MP; each climber falls with chance min(100, `knock_chance` × the
    wall's guard), taking `fall_damage`. `from_water`: it may climb from a water territory. `capacity`: how
    many units a shared means (a structure) lifts per turn; None for a unit's own means."""

    knock_chance: int = Field(ge=0, le=100)
    extra_mp: int = Field(ge=0, le=1000)
    fall_damage: int = Field(ge=0, le=1000)
    from_water: bool = False
    capacity: int | None = Field(default=None, ge=1, le=1000)


class VolleyAbility(AbilityParams):
    """E0.4: the unit strikes a neighbouring hostile army at its attack + `bonus` in a volley, which costs its
    army `mp` MP (the most any volleyer asks) and ends its actions."""

    bonus: int = Field(ge=-1000, le=1000)
    mp: int = Field(ge=0, le=1000)
