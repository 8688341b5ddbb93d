"""Total War's rules as data: pydantic models for its TOML sections (ground, regiment types, fire, charges, morale)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from components.data_model import DataModel
from components.rules import RulesetCore


class Ground(DataModel):
    """TW1.4: a terrain's move cost and the damage (%) a regiment on it takes; artillery_cover if different."""

    move_cost: float = Field(gt=0)
    cover: int = Field(ge=0)
    artillery_cover: int | None = Field(default=None, ge=0)

    def cover_from(self, artillery: bool) -> int:
        return self.artillery_cover if artillery and self.artillery_cover is not None else self.cover


class RegimentType(DataModel):
    """TW2.1: men, MP, fire range, arc, normal melee kills U[m // low_div, m // high_div]; TW3.1 cost."""

    name: str
    men: int = Field(ge=1)
    mp: int = Field(ge=1)
    fire_min: int = Field(default=0, ge=0)
    fire_max: int = Field(default=0, ge=0)
    arc: Literal["narrow", "wide", "none"]
    melee_low_div: int = Field(default=0, ge=0)
    melee_high_div: int = Field(default=0, ge=0)
    cost: int = Field(ge=0)
    artillery: bool = False

    @property
    def fires(self) -> bool:
        return self.arc != "none" and self.fire_max >= 2

    @property
    def melees(self) -> bool:
        return self.melee_low_div > 0 and self.melee_high_div > 0


class ArmyRules(DataModel):
    """TW3: points per side, the default army (first infantry = general, TW2.4), deployment rows and facings."""

    points: int = Field(ge=0)
    default: tuple[str, ...] = Field(min_length=1)
    zones: tuple[tuple[int, int], tuple[int, int]]
    facings: tuple[str, str]


class FireRules(DataModel):
    """TW8: rifle base, range factors from distance 2, artillery bombardment and area effect, morale per hit."""

    rifle_div: int = Field(ge=1)
    range_factors: tuple[int, ...] = Field(min_length=1)
    artillery_low: int = Field(ge=0)
    artillery_high: int = Field(ge=0)
    area_hit: int = Field(ge=1, le=7)
    area_low_div: int = Field(ge=1)
    area_high_div: int = Field(ge=1)
    artillery_morale: int = Field(ge=0)
    artillery_morale_cap: int = Field(ge=0)


class ChargeRules(DataModel):
    """TW9.3: charges deal and lose fractions m // d of the charger's men."""

    cavalry_deals_div: int = Field(ge=1)
    cavalry_loses_div: int = Field(ge=1)
    infantry_success: int = Field(ge=1, le=7)
    infantry_fail_deals_div: int = Field(ge=1)
    infantry_fail_loses_div: int = Field(ge=1)
    infantry_success_deals_div: int = Field(ge=1)
    infantry_success_loses_div: int = Field(ge=1)


class MoraleState(DataModel):
    """TW11.5: a state's band (from `low`), MP bonus, damage factor (%), extra reaction shots, infantry charging."""

    name: str
    low: int = Field(ge=0)
    mp: int = 0
    damage: int = Field(ge=0)
    reactions: int = Field(default=0, ge=0)
    infantry_charges: bool = Field(default=True, description="TW6.4: Wavering infantry never charges")


class MoraleRules(DataModel):
    """TW11: events, auras, thresholds and the states."""

    start: int = Field(ge=0)
    max: int = Field(ge=1)
    losses: tuple[tuple[int, int], ...]
    charged_by_infantry: tuple[int, int, int]
    charged_by_cavalry: tuple[int, int, int]
    rested: int
    end_of_turn: int
    credit: int
    aura_radius: int = Field(ge=0)
    general_aura: int
    routing_enemy: int
    routing_friend: int
    general_lost: int
    half_lost: int
    disperse_below: int
    rout_below: int
    rout_turns: int = Field(ge=1)
    rout_reset: int
    states: tuple[MoraleState, ...] = Field(min_length=1)

    @model_validator(mode="after")
    def _bands_descend(self) -> MoraleRules:
        lows = [s.low for s in self.states]
        if lows != sorted(lows, reverse=True) or lows[-1] != 0:
            raise ValueError("morale.states: bands must be listed from the highest 'low' down to 0")
        return self


class ReactionRules(DataModel):
    """TW7.3: reaction shots of a reactor and of the general."""

    shots: int = Field(ge=0)
    general_shots: int = Field(ge=0)


class TurnRules(DataModel):
    """TW12.2: the turn limit."""

    limit: int = Field(ge=1)


class ComputerRules(DataModel):
    """TW14 (docs/rules.md): from turn `press_turn` on the `normal` computer presses for a decision: its infantry
    closes to melee instead of holding at rifle range (0: never)."""

    press_turn: int = Field(default=0, ge=0)


class FieldRules(DataModel):
    """How the field's terrain is drawn at the start: patches per terrain, hexes per patch, rows they lie in."""

    patches: dict[str, int]
    patch_size: int = Field(ge=1)
    first_row: int = Field(ge=1)
    last_row: int = Field(ge=1)


class TotalWarRules(RulesetCore):
    """The whole Total War ruleset."""

    ground: dict[str, Ground]
    army: ArmyRules
    fire: FireRules
    charge: ChargeRules
    morale: MoraleRules
    reaction: ReactionRules
    turns: TurnRules
    field: FieldRules
    computer: ComputerRules = ComputerRules()
    units: dict[str, RegimentType] = Field(min_length=1)  # type: ignore[assignment]

    @model_validator(mode="after")
    def _check(self) -> TotalWarRules:
        if (self.setup.min_players, self.setup.max_players) != (2, 2):
            raise ValueError("setup: Total War is a game for two sides (TW1.1)")
        for name in self.terrain:
            if name not in self.ground:
                raise ValueError(f"ground: terrain '{name}' has no move cost and cover (TW1.4)")
        for name in self.field.patches:
            if name not in self.ground:
                raise ValueError(f"field.patches: unknown terrain '{name}'")
        for index, type_id in enumerate(self.army.default):
            if type_id not in self.units:
                raise ValueError(f"army.default.{index}: unknown regiment type '{type_id}' (known: {', '.join(sorted(self.units))})")
        if sum(self.units[t].cost for t in self.army.default) > self.army.points:
            raise ValueError("army.default: costs more than army.points (TW3.1)")
        return self
