"""Rule hooks: questions movement and the engine ask the ruleset instead of calling its rules directly."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from systems.world import World

WON, LOST, DRAW = "won", "lost", "draw"

Contact = Callable[["World", int, int], None]  # (world, arriving piece, resident hostile piece)
Victory = Callable[["World"], "dict[int, str] | None"]  # per seat WON/LOST/DRAW once decided, else None
MovementPoints = Callable[["World", list[str], "int | None"], int]  # (world, unit types, carried) -> MP
MayBuild = Callable[["World", Any], "str | None"]  # (world, build command) -> why not, or None
NewSeat = Callable[["World", int, int], None]  # (world, seat, its player entity): the ruleset's per-seat state
OrderSlot = Callable[["World", Any], "str | None"]  # (world, order) -> what it orders; a new order for a slot replaces
# (world, viewing seat or None for a spectator, entity, its components as data) -> what that seat may see of it
# (None: the entity is hidden); the base game hides nothing
Visible = Callable[["World", "int | None", int, "dict[str, dict[str, Any]]"], "dict[str, dict[str, Any]] | None"]
VisibleEvent = Callable[["World", "int | None", Any], bool]  # (world, viewing seat or None, event) -> shown?
GameRound = Callable[["World"], int]  # the round as the ruleset's players count it (0: not started)
# (world, wall entity, moving owner, from, to) -> the extra MP crossing that wall costs, or None: it blocks
WallCrossing = Callable[["World", int, "int | None", int, int], "int | None"]
GuardWeight = Callable[["World", int], int]  # (world, stationed unit) -> how many guards it counts as (E0.3)
Bridges = Callable[["World"], "dict[int, int]"]  # (world) -> territories a mod makes bridged now: MP to enter each
# (world, structure, protection by the rules) -> the protection (%) it has now
StructureProtection = Callable[["World", Any, int], int]
ArmyFit = Callable[["World", "list[int]"], "str | None"]  # (world, unit entities) -> why they cannot form one army
UnitSpeed = Callable[["World", int], "int | None"]  # (world, unit) -> its own MP when a mod changes it, else None
# (world, striker, army, structure) -> damage dealt to the structure itself instead of the unit's strike, or None
StructureStrike = Callable[["World", int, int, int], "int | None"]
TerritoryAttack = Callable[["World", int], "str | None"]  # (world, territory) -> why it cannot be attacked (R7.3)
# (world, unit, its structure, attack, defense) -> the stationed unit's (attack, defense) after the mods' bonuses
StationedStats = Callable[["World", int, Any, int, int], "tuple[int, int]"]


@dataclass
class Hooks:
    """The ruleset's answers; None where the ruleset has no such rule (nothing happens on contact, ...)."""

    contact: Contact | None = None
    victory: Victory | None = None
    movement_points: MovementPoints | None = None
    may_build: MayBuild | None = None
    new_seat: NewSeat | None = None
    order_slot: OrderSlot | None = None
    visible: Visible | None = None
    visible_event: VisibleEvent | None = None
    game_round: GameRound | None = None  # None: the engine's rotation count (world.clock.round) is the round
    wall_crossing: WallCrossing | None = None  # None: R5.4 (a hostile wall blocks, an own one costs more)
    guard_weight: GuardWeight | None = None  # None: every stationed unit counts 1
    stationed_stats: StationedStats | None = None  # None: the type's stationed attack/defense (R6.4)
    bridges: Bridges | None = None  # None: only bridge structures bridge (R5.3)
    structure_protection: StructureProtection | None = None  # None: the type's protection plus upgrades (R6.2)
    army_fit: ArmyFit | None = None  # None: R5.2/R5.6's limits by unit type are all
    unit_speed: UnitSpeed | None = None  # None: each unit moves at its type's MP (R5.1)
    structure_strike: StructureStrike | None = None  # None: every attacker strikes as R8.6 says
    territory_attack: TerritoryAttack | None = None  # None: any territory may be attacked (disrupted, R7.3)

    def round_of(self, world: World) -> int:
        """The round to show and report: the ruleset's count where the engine's rotations also hold setup ticks."""
        return self.game_round(world) if self.game_round is not None else world.clock.round

    def set(self, name: str, hook: Callable[..., Any]) -> None:
        if name not in self.__dataclass_fields__:
            raise ValueError(f"unknown hook '{name}' (hooks: {', '.join(self.__dataclass_fields__)})")
        setattr(self, name, hook)
