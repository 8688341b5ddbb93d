"""MonsterCrasher's rules as data: pydantic models for its TOML sections (board, players, turns, creature types, AI)."""

from __future__ import annotations

from pydantic import Field, PrivateAttr, field_validator, model_validator

from components.data_model import DataModel
from components.rules import BoardRules, RulesetCore

from .directions import DirectionError, Vec, parse_directions


class PlayerRules(DataModel):
    """MC2.2 life at the start, MC3.2 spawn points a turn."""

    life: int = Field(ge=1)
    spawn_points: int = Field(ge=0)


class TurnRules(DataModel):
    """MC7.2 round limit and MC4.3 roster (the creature types players may spawn)."""

    round_limit: int = Field(ge=1)
    roster: tuple[str, ...] = Field(min_length=1)


class AiRules(DataModel):
    """MC9.2: how many marches the computer player looks ahead; from round `press_round` on it presses for a
    decision (docs/rules.md, MC9: damage dealt before life kept while its life is not below the opponent's)."""

    lookahead: int = Field(ge=1)
    press_round: int = Field(default=0, ge=0, description="0: never presses")


class CreatureType(DataModel):
    """MC4.3: a creature type is data only: power, defense, direction set (MC5), spawn cost."""

    name: str
    description: str = ""
    power: int = Field(ge=0)
    defense: int = Field(ge=1)
    directions: str
    cost: int = Field(ge=0)

    @field_validator("directions")
    @classmethod
    def _valid_directions(cls, value: str) -> str:
        try:
            parse_directions(value)
        except DirectionError as exc:
            raise ValueError(str(exc)) from None
        return value


class MonsterRules(RulesetCore):
    """The whole MonsterCrasher ruleset; `path(type)` is a creature type's parsed steps (MC5.4)."""

    board: BoardRules  # MC1.1: width files (A, B, ...), height ranks; MC1.3: colour has no rule effect
    players: PlayerRules
    turns: TurnRules
    ai: AiRules
    units: dict[str, CreatureType] = Field(min_length=1, description="MC4.3: the creature types")

    _paths: dict[str, tuple[Vec, ...]] = PrivateAttr(default_factory=dict)

    @model_validator(mode="after")
    def _check_roster(self) -> MonsterRules:
        if self.board.width > 26 or self.board.height < 2:
            raise ValueError("board: MonsterCrasher needs 1-26 files (A-Z) and at least 2 ranks")
        if (self.setup.min_players, self.setup.max_players) != (2, 2):
            raise ValueError("setup: MonsterCrasher is a game for two players (MC2.1)")
        for index, type_id in enumerate(self.turns.roster):
            if type_id not in self.units:
                known = ", ".join(sorted(self.units))
                raise ValueError(f"turns.roster.{index}: unknown creature type '{type_id}' (known: {known})")
        self._paths = {type_id: parse_directions(c.directions) for type_id, c in self.units.items()}
        return self

    def path(self, type_id: str) -> tuple[Vec, ...]:
        return self.__pydantic_private__["_paths"][type_id]  # type: ignore[no-any-return,index]
