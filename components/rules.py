"""The rules as data: pydantic models for every ruleset file, strict, with fast lookup tables."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, field_validator, model_validator

Amounts = dict[str, int]
BUILTIN_PLACEMENTS = ("border", "land", "water", "base", "shore")


class Strict(BaseModel):
    """Base for rules models: unknown keys are errors, values never change after loading."""

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)


class Resources(Strict):
    ids: tuple[str, ...]
    upkeep: str


class Setup(Strict):
    min_players: int = Field(ge=1)
    max_players: int = Field(ge=1)
    start: Amounts


class Limits(Strict):
    armies_per_player: int = Field(ge=1)
    units_per_army: int = Field(ge=1)
    rogue_armies: int = Field(ge=0)


class ActionCosts(Strict):
    attack_extra: int = Field(ge=0)
    own_wall_extra: int = Field(ge=0)
    take_over_neutral: int = Field(ge=0)
    take_over_enemy: int = Field(ge=0)
    disrupt: int = Field(ge=0)
    retreat_extra: int = Field(ge=0)
    attack_structure: int = Field(ge=0)


class Disruption(Strict):
    rounds: int = Field(ge=1)
    forest_move_discount: int = Field(ge=0)
    min_move_cost: int = Field(ge=1)


class StationedRules(Strict):
    upkeep: Amounts


class RogueRules(Strict):
    wild_chance: float = Field(ge=0, le=1)
    wild_size: tuple[int, int]
    wild_stat_variation: int = Field(ge=0)
    wild_min_stat: int = Field(ge=1)
    wild_unit_types: tuple[str, ...]


class CatapultRules(Strict):
    ammo: Amounts
    unit_ammo_damage: int = Field(ge=0)


class TerrainType(Strict):
    name: str
    description: str = ""
    water: bool = False
    deep: bool = False
    open: bool = Field(default=False, description="open ground: units' open_terrain_bonus MP may be spent entering it")
    production: dict[str, tuple[int, int]] = {}
    cleared_by_disruption: bool = False

    @field_validator("production")
    @classmethod
    def _ranges_ascend(cls, value: dict[str, tuple[int, int]]) -> dict[str, tuple[int, int]]:
        for resource, (low, high) in value.items():
            if low < 0 or high < low:
                raise ValueError(f"{resource}: range [{low}, {high}] must satisfy 0 <= low <= high")
        return value


class CombatStats(Strict):
    attack: int = Field(ge=0)
    defense: int = Field(ge=1)


class Movement(Strict):
    mp: int = Field(ge=0)
    movement_class: str = Field(alias="class")
    open_terrain_bonus: int = Field(
        default=0, ge=0, description="extra MP an army made only of such units may spend entering open terrain"
    )


class ArmyRules(Strict):
    slots: int = Field(default=1, ge=1, description="army slots one unit of this type fills (R5.2)")
    max_per_army: int | None = Field(default=None, ge=1)


class Ability(Strict):
    """One typed ability; `kind` must be registered (see game.abilities) and fixes the allowed fields."""

    model_config = ConfigDict(extra="allow", frozen=True)
    kind: str

    def param(self, name: str, default: Any = None) -> Any:
        return (self.model_extra or {}).get(name, default)


class UnitType(Strict):
    name: str
    description: str = ""
    cost: Amounts
    upkeep: Amounts = {}
    combat: CombatStats
    stationed: CombatStats
    movement: Movement
    army: ArmyRules = ArmyRules()
    abilities: tuple[Ability, ...] = ()
    buildable: bool = True

    def has(self, kind: str) -> bool:
        return any(a.kind == kind for a in self.abilities)

    def ability(self, kind: str) -> Ability | None:
        return next((a for a in self.abilities if a.kind == kind), None)


class StructureType(Strict):
    name: str
    description: str = ""
    cost: Amounts
    repair: Amounts
    defense: int = Field(ge=1)
    protection: int = Field(ge=0, le=100)
    garrison: int = Field(ge=0)
    placement: str = Field(
        description="where it is built: " + ", ".join(BUILTIN_PLACEMENTS) + ", or a kind a plugin mod registers"
    )
    mobile: Movement | None = None
    abilities: tuple[Ability, ...] = ()

    def has(self, kind: str) -> bool:
        return any(a.kind == kind for a in self.abilities)

    def ability(self, kind: str) -> Ability | None:
        return next((a for a in self.abilities if a.kind == kind), None)


class UpgradeType(Strict):
    name: str
    cost: Amounts
    repair: Amounts
    defense: int = Field(ge=0)
    protection: int = Field(ge=0, le=100)
    stationed_attack: int = Field(default=0, ge=0)


class ModInfo(Strict):
    id: str
    name: str
    version: str


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
    movement_classes: dict[str, dict[str, int]]
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
