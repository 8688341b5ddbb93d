"""Risky Space's rules data (rules.toml) as strict pydantic models; every error names file and key."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Literal

from pydantic import Field, ValidationError, field_validator

from components.data_model import DataModel

RULES_FILE = Path(__file__).resolve().parent.parent / "rules.toml"


class SetupRules(DataModel):
    players: int = Field(ge=2, le=6)
    claiming: Literal["pick", "deal"]
    claim_troops: int = Field(ge=1)
    placement_troops: int = Field(ge=1)
    placement_rounds: Literal["auto"] | int
    placement_rounds_max: int = Field(ge=1, le=30)
    random_seats: bool

    @field_validator("placement_rounds")
    @classmethod
    def _rounds(cls, value: str | int) -> str | int:
        if isinstance(value, int) and not 1 <= value <= 30:
            raise ValueError("a whole number 1..30 or 'auto'")
        return value


class ReinforceRules(DataModel):
    minimum: int = Field(ge=0)
    divisor: int = Field(ge=1)


class AttackRules(DataModel):
    attack_dice_max: int = Field(ge=1)
    defend_dice_max: int = Field(ge=1)
    die_sides: int = Field(ge=2)
    max_attacks_per_turn: int = Field(ge=0)


class EndRules(DataModel):
    max_rounds: int = Field(ge=0)
    show_dice: bool


class AiRules(DataModel):
    attack_min_chance: float = Field(ge=0, le=1)
    hard_attack_min_chance: float = Field(ge=0, le=1)
    hard_mass_share: float = Field(gt=0, le=1)


class RiskyRules(DataModel):
    """All of Risky Space's numbers (RS1-RS9)."""

    setup: SetupRules
    reinforce: ReinforceRules
    attack: AttackRules
    end: EndRules
    ai: AiRules


class RulesError(Exception):
    """Bad rules data; `errors` lists "<file>: <key>: <problem>"."""

    def __init__(self, errors: list[str]) -> None:
        self.errors = errors
        super().__init__("\n".join(errors))


def load_rules(path: Path = RULES_FILE, **overrides: dict[str, object]) -> RiskyRules:
    """Read and validate the rules; `overrides` replace keys per section (ruleset options), e.g. setup={...}."""
    try:
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise RulesError([f"{path}: file: {exc}"]) from None
    risky = raw.get("risky", {})
    for section, values in overrides.items():
        risky.setdefault(section, {}).update(values)
    try:
        return RiskyRules.model_validate(risky)
    except ValidationError as exc:
        raise RulesError([f"{path}: risky.{'.'.join(str(p) for p in e['loc'])}: {e['msg']}"
                          for e in exc.errors()]) from None
