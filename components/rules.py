"""The rules as data: pydantic models for every ruleset file, strict, with fast lookup tables."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    PrivateAttr,
    StrictBool,
    StrictFloat,
    StrictInt,
    StrictStr,
    field_validator,
    model_validator,
)

# Bounds for every number of a ruleset (docs/rules.md, "Limits"): strict ints (no "25", 25.0 or true), no
# negative costs or upkeep, and upper bounds far above any sane game so that no sum overflows or explodes.
MAX_AMOUNT = 1_000_000  # a resource amount: a cost, an upkeep, a starting stockpile, a production
MAX_COUNT = 1_000  # a count: armies, units, slots, garrison places, rounds, MP, combat points
Amount = Annotated[StrictInt, Field(ge=0, le=MAX_AMOUNT)]
Count = Annotated[StrictInt, Field(ge=0, le=MAX_COUNT)]
Amounts = dict[str, Amount]
BUILTIN_PLACEMENTS = ("border", "land", "water", "base", "shore")


class Strict(BaseModel):
    """Base for rules models: unknown keys are errors, values never change after loading."""

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)


class Resources(Strict):
    ids: tuple[StrictStr, ...] = Field(min_length=1, max_length=MAX_COUNT)
    upkeep: StrictStr


class Setup(Strict):
    min_players: StrictInt = Field(ge=1, le=16)
    max_players: StrictInt = Field(ge=1, le=16)
    start: Amounts


class Limits(Strict):
    armies_per_player: StrictInt = Field(ge=1, le=MAX_COUNT)
    units_per_army: StrictInt = Field(ge=1, le=MAX_COUNT)
    rogue_armies: StrictInt = Field(ge=0, le=MAX_COUNT)
    max_territories: StrictInt = Field(
        default=65_536, ge=4, le=1_048_576,
        description="the largest board (width x height) a game, map or save may have; bigger ones are refused",
    )


class ActionCosts(Strict):
    attack_extra: Count
    own_wall_extra: Count
    take_over_neutral: Count
    take_over_enemy: Count
    disrupt: Count
    retreat_extra: Count
    attack_structure: Count


class Disruption(Strict):
    rounds: StrictInt = Field(ge=1, le=MAX_COUNT)
    forest_move_discount: Count
    min_move_cost: StrictInt = Field(ge=1, le=MAX_COUNT)


class StationedRules(Strict):
    upkeep: Amounts


class RogueRules(Strict):
    wild_chance: StrictFloat | StrictInt = Field(ge=0, le=1)
    wild_size: tuple[Count, Count]
    wild_stat_variation: Count
    wild_min_stat: StrictInt = Field(ge=1, le=MAX_COUNT)
    wild_unit_types: tuple[StrictStr, ...]


class CatapultRules(Strict):
    ammo: Amounts
    unit_ammo_damage: Count


class TerrainType(Strict):
    name: StrictStr
    description: StrictStr = ""
    water: StrictBool = False
    deep: StrictBool = False
    open: StrictBool = Field(
        default=False, description="open ground: units' open_terrain_bonus MP may be spent entering it"
    )
    production: dict[str, tuple[Amount, Amount]] = {}
    cleared_by_disruption: StrictBool = False

    @field_validator("production")
    @classmethod
    def _ranges_ascend(cls, value: dict[str, tuple[int, int]]) -> dict[str, tuple[int, int]]:
        for resource, (low, high) in value.items():
            if low < 0 or high < low:
                raise ValueError(f"{resource}: range [{low}, {high}] must satisfy 0 <= low <= high")
        return value


class CombatStats(Strict):
    attack: Count
    defense: StrictInt = Field(ge=1, le=MAX_COUNT)


class Movement(Strict):
    mp: StrictInt = Field(ge=1, le=MAX_COUNT)
    movement_class: StrictStr = Field(alias="class")
    open_terrain_bonus: StrictInt = Field(
        default=0, ge=0, le=MAX_COUNT,
        description="extra MP an army made only of such units may spend entering open terrain",
    )


class ArmyRules(Strict):
    slots: StrictInt = Field(default=1, ge=1, le=MAX_COUNT, description="army slots one unit of this type fills (R5.2)")
    max_per_army: StrictInt | None = Field(default=None, ge=1, le=MAX_COUNT)


class Ability(Strict):
    """One typed ability; `kind` must be registered (see game.abilities) and fixes the allowed fields."""

    model_config = ConfigDict(extra="allow", frozen=True)
    kind: StrictStr

    def param(self, name: str, default: Any = None) -> Any:
        return (self.model_extra or {}).get(name, default)


class UnitType(Strict):
    name: StrictStr
    description: StrictStr = ""
    cost: Amounts
    upkeep: Amounts = {}
    combat: CombatStats
    stationed: CombatStats
    movement: Movement
    army: ArmyRules = ArmyRules()
    abilities: tuple[Ability, ...] = ()
    buildable: StrictBool = True

    def has(self, kind: str) -> bool:
        return any(a.kind == kind for a in self.abilities)

    def ability(self, kind: str) -> Ability | None:
        return next((a for a in self.abilities if a.kind == kind), None)


class StructureType(Strict):
    name: StrictStr
    description: StrictStr = ""
    cost: Amounts
    repair: Amounts
    defense: StrictInt = Field(ge=1, le=MAX_COUNT)
    protection: StrictInt = Field(ge=0, le=100)
    garrison: Count
    placement: StrictStr = Field(
        description="where it is built: " + ", ".join(BUILTIN_PLACEMENTS) + ", or a kind a plugin mod registers"
    )
    mobile: Movement | None = None
    abilities: tuple[Ability, ...] = ()

    def has(self, kind: str) -> bool:
        return any(a.kind == kind for a in self.abilities)

    def ability(self, kind: str) -> Ability | None:
        return next((a for a in self.abilities if a.kind == kind), None)


class UpgradeType(Strict):
    name: StrictStr
    cost: Amounts
    repair: Amounts
    defense: Count
    protection: StrictInt = Field(ge=0, le=100)
    stationed_attack: StrictInt = Field(default=0, ge=0, le=MAX_COUNT)


class ModInfo(Strict):
    id: StrictStr
    name: StrictStr
    version: StrictStr


class Ruleset(Strict):
    """The merged, validated rules of the base game plus the active mods."""

    resources: Resources
    setup: Setup
    limits: Limits
    costs: ActionCosts
    disruption: Disruption
    stationed: StationedRules
    rogue: RogueRules
    catapult: CatapultRules
    terrain: dict[str, TerrainType]
    movement_classes: dict[str, dict[str, Annotated[StrictInt, Field(ge=1, le=MAX_COUNT)]]]
    units: dict[str, UnitType]
    structures: dict[str, StructureType]
    upgrades: dict[str, UpgradeType] = {}
    mods: tuple[ModInfo, ...] = ()
    extra: dict[str, dict[str, Any]] = Field(default={}, description="sections owned by plugin mods")

    _move_cost: dict[str, dict[str, int]] = PrivateAttr(default_factory=dict)

    @model_validator(mode="after")
    def _index(self) -> Ruleset:
        for unit_id, unit in self.units.items():
            table = self.movement_classes.get(unit.movement.movement_class, {})
            self._move_cost[unit_id] = dict(table)
        for sid, structure in self.structures.items():
            if structure.mobile is not None:
                self._move_cost["structure:" + sid] = dict(
                    self.movement_classes.get(structure.mobile.movement_class, {})
                )
        return self

    def move_cost(self, unit_type: str, terrain: str) -> int | None:
        """MP for one unit of this type to enter this terrain (R5.3); None when it cannot enter."""
        # a hot path: read the private table directly (pydantic's __getattr__ for private attributes is ~40x slower)
        return self.__pydantic_private__["_move_cost"][unit_type].get(terrain)  # type: ignore[index]

    def structure_move_cost(self, structure_type: str, terrain: str) -> int | None:
        return self.__pydantic_private__["_move_cost"]["structure:" + structure_type].get(terrain)  # type: ignore[index]

    def is_land(self, terrain: str) -> bool:
        return not self.terrain[terrain].water

    def mod_versions(self) -> dict[str, str]:
        return {m.id: m.version for m in self.mods}
