"""Relic Duels' rules as data: pydantic models for its TOML sections (land, rosters, wounds and sorcery tables)."""

from __future__ import annotations

from typing import Literal

from pydantic import (
    Field,
    StrictBool,
    StrictInt,
    StrictStr,
    field_validator,
    model_validator,
)

from components.abilities import AbilityParams
from components.data_model import DataModel
from components.rules import RulesetCore

SIDES = ("company", "dominion")  # DU1.1: seat 1 is the Company, seat 2 the Dominion
NEUTRAL = "neutral"  # DU1.3: the Lurker's side
Entry = tuple[int, int]  # DU6.2: (wounds to the roller, wounds to its opponent)


def _entry(text: str) -> Entry:
    """ "s/o" -> (s, o)."""
    s, slash, o = text.partition("/")
    if not slash or not s.isdigit() or not o.isdigit():
        raise ValueError(f"'{text}' is not a table entry 's/o' (e.g. 1/0)")
    return int(s), int(o)


def _entries(value: object) -> object:
    if isinstance(value, list | tuple) and all(isinstance(v, str) for v in value):
        return tuple(_entry(v) for v in value)
    return value


class Ground(DataModel):
    """DU1.2: a land terrain's move cost and spot target."""

    move: StrictInt = Field(ge=1)
    spot: StrictInt = Field(ge=1)


class Land(DataModel):
    """DU1.2: the map: its rows of terrain letters, the Company's start, the goal, the muster hex, the lair."""

    name: StrictStr
    start: tuple[StrictInt, StrictInt]
    goal: tuple[StrictInt, StrictInt]
    muster: tuple[StrictInt, StrictInt]
    lair: tuple[StrictInt, StrictInt]
    legend: dict[str, StrictStr]
    rows: tuple[StrictStr, ...] = Field(min_length=1)


class _Params(AbilityParams):
    """DU1.3: the parameters an ability kind may carry (`rating` for sorcery, `at` for a guardian); which kind needs
    which is checked by `Ability` (saves write both, with their defaults)."""

    rating: int = Field(default=0, ge=0)
    at: list[int] | None = None


ABILITY_KINDS: dict[str, type[AbilityParams]] = {
    kind: _Params for kind in ("bearer", "ancient_blade", "sorcery", "wraith", "guardian")
}


class Ability(DataModel):
    """DU1.3: an ability kind; `rating` for sorcery, `at` (column, row) for a guardian (DU9.2)."""

    kind: Literal["bearer", "ancient_blade", "sorcery", "wraith", "guardian"]
    rating: StrictInt = Field(default=0, ge=0)
    at: tuple[StrictInt, StrictInt] | None = None

    @model_validator(mode="after")
    def _params(self) -> Ability:
        if self.kind == "sorcery" and self.rating < 1:
            raise ValueError("sorcery needs a rating of at least 1")
        if self.kind != "sorcery" and self.rating:
            raise ValueError(f"only sorcery has a rating, not {self.kind}")
        if (self.kind == "guardian") != (self.at is not None):
            raise ValueError("a guardian needs `at` (column, row); only a guardian has it")
        return self


class CharacterType(DataModel):
    """DU1.3: one character of a roster."""

    name: StrictStr
    side: Literal["company", "dominion", "neutral"]
    morale: StrictInt = Field(ge=0)
    combat: StrictInt = Field(ge=0)
    endurance: StrictInt = Field(ge=1)
    move: StrictInt = Field(ge=0)
    abilities: tuple[Ability, ...] = ()

    def has(self, kind: str) -> bool:
        return any(a.kind == kind for a in self.abilities)

    @property
    def sorcery(self) -> int:
        """The sorcery rating (0: none)."""
        return max((a.rating for a in self.abilities if a.kind == "sorcery"), default=0)

    @property
    def guardian_at(self) -> tuple[int, int] | None:
        return next((a.at for a in self.abilities if a.kind == "guardian"), None)


class WoundsRow(DataModel):
    """DU6.3: the entries of one differential band [from, to] (an open end: all below / above)."""

    low: StrictInt | None = Field(default=None, alias="from")
    high: StrictInt | None = Field(default=None, alias="to")
    keys: tuple[Entry, ...]

    @field_validator("keys", mode="before")
    @classmethod
    def _parse(cls, value: object) -> object:
        return _entries(value)

    def holds(self, differential: int) -> bool:
        return (self.low is None or differential >= self.low) and (self.high is None or differential <= self.high)

    def label(self) -> str:
        if self.low is None:
            return f"<= {self.high:+d}"
        if self.high is None:
            return f">= {self.low:+d}"
        return f"{self.low:+d}" if self.low == self.high else f"{self.low:+d} to {self.high:+d}"


class SorceryRow(DataModel):
    """DU6.4: the entries of one sorcery rating."""

    rating: StrictInt = Field(ge=1)
    keys: tuple[Entry, ...]

    @field_validator("keys", mode="before")
    @classmethod
    def _parse(cls, value: object) -> object:
        return _entries(value)


class Turns(DataModel):
    limit: StrictInt = Field(ge=1)  # DU3.2


class Dice(DataModel):
    sides: StrictInt = Field(ge=2)  # DU4.1, DU6.2


class Spotting(DataModel):
    wraith_bonus: StrictInt = Field(ge=0)  # DU4.1


class RelicRules(DataModel):
    use_cost: StrictInt = Field(ge=0)  # DU5.2.1


class Options(DataModel):
    """DU9: the variants, off by default."""

    seize_relic: StrictBool = False
    guardians: StrictBool = False


class AiRules(DataModel):
    """DU11: what the normal computer players weigh."""

    spot_weight: StrictInt = Field(ge=0)
    reach_weight: StrictInt = Field(ge=0)
    real_wounds_bonus: float = Field(ge=0)
    relic_at_endurance: StrictInt = Field(ge=0)


class RelicDuelsRules(RulesetCore):
    """The whole Relic Duels ruleset."""

    ground: dict[str, Ground]
    land: Land
    turns: Turns
    dice: Dice
    spotting: Spotting
    relic: RelicRules
    options: Options = Options()
    wounds: tuple[WoundsRow, ...] = Field(min_length=1)
    sorcery: tuple[SorceryRow, ...] = Field(min_length=1)
    ai: AiRules
    units: dict[str, CharacterType] = Field(min_length=1)  # type: ignore[assignment]

    @model_validator(mode="after")
    def _check(self) -> RelicDuelsRules:
        if (self.setup.min_players, self.setup.max_players) != (2, 2):
            raise ValueError("setup: Relic Duels is a game for two players (DU1.1)")
        for name in self.ground:
            if name not in self.terrain:
                raise ValueError(f"ground.{name}: unknown terrain '{name}'")
        land, board = self.land, self.board
        width, height = len(land.rows[0]), len(land.rows)
        if board is not None and (board.width, board.height) != (width, height):
            raise ValueError(f"land.rows: {width}x{height} letters, but board is {board.width}x{board.height}")
        for r, row in enumerate(land.rows):
            if len(row) != width:
                raise ValueError(f"land.rows.{r}: {len(row)} letters, expected {width}")
            for letter in row:
                if land.legend.get(letter) not in self.terrain:
                    raise ValueError(f"land.rows.{r}: letter '{letter}' is not in land.legend or its terrain unknown")

        def on_land(at: tuple[int, int], where: str) -> None:
            c, r = at
            if not (0 <= c < width and 0 <= r < height):
                raise ValueError(f"{where}: ({c}, {r}) is off the {width}x{height} map")
            if land.legend[land.rows[r][c]] not in self.ground:
                raise ValueError(f"{where}: ({c}, {r}) is water")

        for key in ("start", "goal", "muster", "lair"):
            on_land(getattr(land, key), f"land.{key}")
        for key, unit in self.units.items():
            if unit.guardian_at is not None:
                on_land(unit.guardian_at, f"units.{key}.abilities")
            if unit.sorcery and unit.sorcery not in {row.rating for row in self.sorcery}:
                raise ValueError(f"units.{key}.abilities: sorcery {unit.sorcery} has no row in the sorcery table")
        for side in (*SIDES, NEUTRAL):
            if not any(u.side == side for u in self.units.values()):
                raise ValueError(f"units: no character of side '{side}' (DU1.3)")
        if sum(u.has("bearer") for u in self.units.values() if u.side == "company") != 1:
            raise ValueError("units: exactly one Company character must be the bearer (DU1.3)")
        rows: list[WoundsRow | SorceryRow] = [*self.wounds, *self.sorcery]
        for index, entries in enumerate(r.keys for r in rows):
            if len(entries) != self.dice.sides:
                raise ValueError(f"wounds/sorcery row {index}: {len(entries)} keys for a d{self.dice.sides}")
        self._check_bands()
        return self

    def _check_bands(self) -> None:
        """DU6.3: the bands follow each other without gap or overlap, open at both ends."""
        rows = self.wounds
        if rows[0].low is not None or rows[-1].high is not None:
            raise ValueError("wounds: the first band needs no `from` and the last no `to` (all differentials)")
        for a, b in zip(rows, rows[1:], strict=False):
            if a.high is None or b.low is None or b.low != a.high + 1:
                raise ValueError(f"wounds: band {a.label()} is not followed by the next differential")
            if b.high is not None and b.high < b.low:
                raise ValueError(f"wounds: band {b.label()} is empty")

    # --- lookups ---------------------------------------------------------------------------------------
    def wounds_row(self, differential: int) -> WoundsRow:
        return next(row for row in self.wounds if row.holds(differential))

    def sorcery_row(self, rating: int) -> SorceryRow:
        return next(row for row in self.sorcery if row.rating == rating)
