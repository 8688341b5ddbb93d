"""The rules as data: pydantic models for every ruleset file, strict, with fast lookup tables."""

from __future__ import annotations

from typing import Annotated, Any, TypeVar

from pydantic import (
    Field,
    PrivateAttr,
    SerializeAsAny,
    StrictBool,
    StrictFloat,
    StrictInt,
    StrictStr,
    ValidationInfo,
    field_validator,
    model_validator,
)

from components.abilities import AbilityParams
from components.data_model import DataModel

# Bounds for every number of a ruleset (docs/rules.md, "Limits"): strict ints (no "25", 25.0 or true), no
# negative costs or upkeep, and upper bounds far above any sane game so that no sum overflows or explodes.
MAX_AMOUNT = 1_000_000  # a resource amount: a cost, an upkeep, a starting stockpile, a production
MAX_COUNT = 1_000  # a count: armies, units, slots, garrison places, rounds, MP, combat points
Amount = Annotated[StrictInt, Field(ge=0, le=MAX_AMOUNT)]
Count = Annotated[StrictInt, Field(ge=0, le=MAX_COUNT)]
Amounts = dict[str, Amount]
BUILTIN_PLACEMENTS = ("border", "land", "water", "base", "shore")
P = TypeVar("P", bound=AbilityParams)


class Strict(DataModel):
    """Base for rules models: the engine's DataModel (closed, frozen, nothing coerced)."""


class Resources(Strict):
    ids: tuple[StrictStr, ...] = Field(min_length=1, max_length=MAX_COUNT)
    upkeep: StrictStr


class Setup(Strict):
    min_players: StrictInt = Field(ge=1, le=16)
    max_players: StrictInt = Field(ge=1, le=16)
    start: Amounts = {}


class Limits(Strict):
    armies_per_player: StrictInt = Field(ge=1, le=MAX_COUNT)
    units_per_army: StrictInt = Field(ge=1, le=MAX_COUNT)
    rogue_armies: StrictInt = Field(ge=0, le=MAX_COUNT)
    max_territories: StrictInt = Field(
        default=65_536, ge=4, le=1_048_576,
        description="the largest board (width x height) a game, map or save may have; bigger ones are refused",
    )
    rare_per_player: Count | None = Field(
        default=None, description="E7.1: units with the `rare` ability one player may have alive (none: no cap)"
    )
    rare_per_army: Count | None = Field(
        default=None, description="E7.1: units with the `rare` ability one army may hold (none: no cap)"
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
    name: StrictStr
    description: StrictStr = ""
    cost: Amounts
    upkeep: Amounts = {}
    combat: CombatStats
    stationed: CombatStats
    movement: Movement
    army: ArmyRules = ArmyRules()
    buildable: StrictBool = True


class StructureType(HasAbilities):
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


class BoardRules(Strict):
    """A ruleset played on one fixed board rather than on maps (e.g. 8x8): its size and its terrain."""

    width: StrictInt = Field(ge=1, le=256)
    height: StrictInt = Field(ge=1, le=256)
    terrain: StrictStr = Field(description="the terrain id of every square")


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
    game_options: dict[str, bool | int | str] = Field(
        default={}, description="the ruleset options chosen when the game started (game.content.options); "
        "set by the game, not written in rules files")

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
    movement_classes: dict[str, dict[str, Annotated[StrictInt, Field(ge=1, le=MAX_COUNT)]]]
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
