"""Typed, past-tense events: what the rules did, for the client's animation, the log and the summaries."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class Event:
    """Base of every event; `seat` is the player whose turn it happened in (0 before the game starts)."""


@dataclass(frozen=True, slots=True)
class DiceRolled(Event):
    """Dice drawn from the game's generator (World.roll): `rolls` of `sides`-sided dice, and what for."""

    seat: int
    sides: int
    rolls: tuple[int, ...]
    why: str = ""


@dataclass(frozen=True, slots=True)
class GameDrawn(Event):
    """The game ended in a draw between `seats` (the ruleset's victory hook said so)."""

    seats: tuple[int, ...]
    round: int


@dataclass(frozen=True, slots=True)
class PlayerResigned(Event):
    seat: int
    round: int


@dataclass(frozen=True, slots=True)
class BaseChosen(Event):
    seat: int
    territory: int


@dataclass(frozen=True, slots=True)
class TurnStarted(Event):
    seat: int
    round: int


@dataclass(frozen=True, slots=True)
class StageStarted(Event):
    seat: int
    stage: str


@dataclass(frozen=True, slots=True)
class ResourcesProduced(Event):
    seat: int
    totals: dict[str, int]
    by_territory: tuple[tuple[int, dict[str, int]], ...] = ()


@dataclass(frozen=True, slots=True)
class GroupUpkeep:
    """How one upkeep group (an army, or one stationed unit) fared in R4.2-R4.4."""

    entity: int
    kind: str
    territory: int
    size: int
    distance: int
    owed: int
    paid: int
    rogue_chance: float = 0.0
    roll: float | None = None
    went_rogue: bool = False


@dataclass(frozen=True, slots=True)
class UpkeepPaid(Event):
    seat: int
    resource: str
    owed: int
    paid: int
    groups: tuple[GroupUpkeep, ...] = ()


@dataclass(frozen=True, slots=True)
class ArmyWentRogue(Event):
    seat: int
    army: int
    territory: int
    chance: float
    roll: float


@dataclass(frozen=True, slots=True)
class ArmyMoved(Event):
    army: int
    owner: int | None
    path: tuple[int, ...]
    mp_left: int
    units: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class ArmiesCombined(Event):
    army: int
    into: int
    units: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class ArmySplit(Event):
    army: int
    new_army: int
    units: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Strike:
    """One strike in a battle round: who hit whom for how much, and whether a structure absorbed it."""

    striker: int
    target: int
    damage: int
    absorbed_by: int | None = None


@dataclass(frozen=True, slots=True)
class BattleStarted(Event):
    battle: int
    territory: int
    attacker: int
    defender: int
    attacker_owner: int | None
    defender_owner: int | None


@dataclass(frozen=True, slots=True)
class BattleRoundFought(Event):
    battle: int
    territory: int
    round: int
    strikes: tuple[Strike, ...]
    destroyed: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class BattleEnded(Event):
    battle: int
    territory: int
    winner_owner: int | None
    winner_army: int | None
    loser_owner: int | None
    rounds: int
    retreated: bool = False


@dataclass(frozen=True, slots=True)
class UnitsDestroyed(Event):
    territory: int
    units: tuple[int, ...]
    owner: int | None = None


@dataclass(frozen=True, slots=True)
class ArmyDestroyed(Event):
    army: int
    territory: int
    owner: int | None


@dataclass(frozen=True, slots=True)
class UnitBuilt(Event):
    seat: int
    unit: int
    unit_type: str
    army: int
    territory: int
    cost: dict[str, int] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class StructureBuilt(Event):
    seat: int
    structure: int
    structure_type: str
    territory: int
    border: int | None
    cost: dict[str, int] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class StructureUpgraded(Event):
    seat: int
    structure: int
    upgrade: str


@dataclass(frozen=True, slots=True)
class StructureRepaired(Event):
    seat: int
    structure: int
    points: int


@dataclass(frozen=True, slots=True)
class StructureAttacked(Event):
    structure: int
    territory: int
    attacker: int
    strikes: tuple[Strike, ...]
    destroyed_units: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class StructureDestroyed(Event):
    structure: int
    structure_type: str
    territory: int
    border: int | None
    owner: int | None


@dataclass(frozen=True, slots=True)
class StructureCaptured(Event):
    structure: int
    old_owner: int | None
    new_owner: int


@dataclass(frozen=True, slots=True)
class UnitStationed(Event):
    unit: int
    structure: int


@dataclass(frozen=True, slots=True)
class UnitUnstationed(Event):
    unit: int
    structure: int
    army: int
    territory: int


@dataclass(frozen=True, slots=True)
class StationedFired(Event):
    structure: int
    target_army: int
    territory: int
    strikes: tuple[Strike, ...]
    destroyed: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class CatapultCrewed(Event):
    catapult: int
    army: int
    crew: int


@dataclass(frozen=True, slots=True)
class CatapultFired(Event):
    catapult: int
    from_territory: int
    target_territory: int
    ammo: str
    target: int
    damage: int
    hit: int
    absorbed_by: int | None
    destroyed: bool
    part: str | None = None  # the named part of the target structure aimed at (Bombard.part)


@dataclass(frozen=True, slots=True)
class TerritoryTakenOver(Event):
    territory: int
    army: int
    old_owner: int | None
    new_owner: int


@dataclass(frozen=True, slots=True)
class TerritoryDisrupted(Event):
    territory: int
    army: int
    until_round: int


@dataclass(frozen=True, slots=True)
class RogueAppeared(Event):
    seat: int
    army: int
    territory: int
    units: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class RogueDisbanded(Event):
    army: int
    territory: int


@dataclass(frozen=True, slots=True)
class PlayerDefeated(Event):
    seat: int
    by: int | None
    territory: int


@dataclass(frozen=True, slots=True)
class GameWon(Event):
    seat: int
    round: int


@dataclass(frozen=True, slots=True)
class TurnEnded(Event):
    seat: int
    round: int
