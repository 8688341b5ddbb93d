"""MonsterCrasher's rules as data: pydantic models for its TOML sections (board, players, turns, creature types, AI)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, field_validator, model_validator

from .directions import DirectionError, Vec, parse_directions


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class BoardSize(_Strict):
    """MC1.1: `width` files (A, B, ...) left to right, `height` ranks bottom to top as player 1 sees the
    board; every square has the one `terrain` (MC1.3: square colour has no rule effect)."""

    width: int = Field(ge=1, le=26)
    height: int = Field(ge=2, le=99)
    terrain: str


class Seats(_Strict):
    """MC2.1: exactly two players."""

    min_players: int = Field(ge=2, le=2)
    max_players: int = Field(ge=2, le=2)


class PlayerRules(_Strict):
    """MC2.2 life at the start, MC3.2 spawn points a turn."""

    life: int = Field(ge=1)
    spawn_points: int = Field(ge=0)


class TurnRules(_Strict):
    """MC7.2 round limit and MC4.3 roster (the creature types players may spawn)."""

    round_limit: int = Field(ge=1)
    roster: tuple[str, ...] = Field(min_length=1)


class AiRules(_Strict):
    """MC9.2: how many marches the computer player looks ahead."""

    lookahead: int = Field(ge=1)


class CreatureType(_Strict):
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


class MonsterRules(_Strict):
    """The whole MonsterCrasher ruleset; `path(type)` is a creature type's parsed steps (MC5.4)."""

    setup: Seats
    board: BoardSize
    terrain: dict[str, dict[str, str]]
    players: PlayerRules
    turns: TurnRules
    ai: AiRules
    units: dict[str, CreatureType] = Field(min_length=1, description="MC4.3: the creature types")

    _paths: dict[str, tuple[Vec, ...]] = PrivateAttr(default_factory=dict)

    @model_validator(mode="after")
    def _check_roster(self) -> MonsterRules:
        for index, type_id in enumerate(self.turns.roster):
            if type_id not in self.units:
                known = ", ".join(sorted(self.units))
                raise ValueError(f"turns.roster.{index}: unknown creature type '{type_id}' (known: {known})")
        self._paths = {type_id: parse_directions(c.directions) for type_id, c in self.units.items()}
        return self

    def path(self, type_id: str) -> tuple[Vec, ...]:
        return self.__pydantic_private__["_paths"][type_id]  # type: ignore[no-any-return,index]
