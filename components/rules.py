"""The rules as data: pydantic models for every ruleset file, strict, with fast lookup tables."""

from __future__ import annotations

from typing import Any, TypeVar

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    PrivateAttr,
    SerializeAsAny,
    ValidationInfo,
    field_validator,
    model_validator,
)

from components.abilities import AbilityParams

Amounts = dict[str, int]
BUILTIN_PLACEMENTS = ("border", "land", "water", "base", "shore")
P = TypeVar("P", bound=AbilityParams)


class Strict(BaseModel):
    """Base for rules models: unknown keys are errors, values never change after loading."""

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)


class Resources(Strict):
    ids: tuple[str, ...]
    upkeep: str


class Setup(Strict):
    min_players: int = Field(ge=1)
    max_players: int = Field(ge=1)
    start: Amounts = {}


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


Ability = SerializeAsAny[AbilityParams]


def typed_abilities(value: Any, info: ValidationInfo) -> Any:
    """Each `{ kind = "...", ... }` becomes the typed parameters its kind registered on the game's App
    (passed as validation context `ability_kinds`), so rules code reads `ability.range`, never a lookup."""
    kinds: dict[str, type[AbilityParams]] = (info.context or {}).get("ability_kinds", {})
    if not isinstance(value, (list, tuple)):
        return value
    out = []
    for item in value:
        if isinstance(item, AbilityParams):
            out.append(item)
            continue
        kind = item.get("kind") if isinstance(item, dict) else None
        params = kinds.get(kind) if isinstance(kind, str) else None
        if params is None:
            raise ValueError(f"unknown ability kind {kind!r} (known: {', '.join(sorted(kinds)) or 'none'})")
        out.append(params.model_validate(item))
    return tuple(out)


class HasAbilities(Strict):
    """Something with typed abilities (a unit or structure type)."""

    abilities: tuple[Ability, ...] = ()

    @field_validator("abilities", mode="before")
    @classmethod
    def _typed(cls, value: Any, info: ValidationInfo) -> Any:
        return typed_abilities(value, info)

    def has(self, kind: str) -> bool:
        return any(a.kind == kind for a in self.abilities)

    def ability(self, kind: str, params: type[P] = AbilityParams) -> P | None:  # type: ignore[assignment]
        """The ability of this kind as its typed parameters (`params`, checked), or None."""
        found = next((a for a in self.abilities if a.kind == kind), None)
        return found if isinstance(found, params) else None


class UnitType(HasAbilities):
    name: str
    description: str = ""
    cost: Amounts
    upkeep: Amounts = {}
    combat: CombatStats
    stationed: CombatStats
    movement: Movement
    army: ArmyRules = ArmyRules()
    buildable: bool = True


class StructureType(HasAbilities):
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


class BoardRules(Strict):
    """A ruleset played on one fixed board rather than on maps (e.g. 8x8): its size and its terrain."""

    width: int = Field(ge=1, le=256)
    height: int = Field(ge=1, le=256)
    terrain: str = Field(description="the terrain id of every square")


class RulesetCore(Strict):
    """What every ruleset has: players (setup), terrain, units, an optional fixed board, the mods that made
    it and the sections their plugins own. A ruleset's plugin subclasses it with its own sections
    (`app.set_rules_model`)."""

    setup: Setup
    terrain: dict[str, TerrainType]
    units: dict[str, Any]
    board: BoardRules | None = None
    mods: tuple[ModInfo, ...] = ()
    extra: dict[str, dict[str, Any]] = Field(default={}, description="sections owned by plugin mods")

    _sources: Any = PrivateAttr(default=None)  # where content loading found the ruleset and mods (game.content)

    def __eq__(self, other: object) -> bool:
        """Equal rules are equal data, wherever they were loaded from."""
        return type(self) is type(other) and self.__dict__ == other.__dict__

    def __hash__(self) -> int:
        return hash((type(self), self.mods))

    @property
    def ruleset_id(self) -> str:
        """The ruleset (the root) these rules belong to: the first of its mods."""
        return self.mods[0].id if self.mods else "base"

    def mod_versions(self) -> dict[str, str]:
        return {m.id: m.version for m in self.mods}


class Ruleset(RulesetCore):
    """The base game's rules (RULES.md R1-R10): the core plus the sections the base ruleset owns."""

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
