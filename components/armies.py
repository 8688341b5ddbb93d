"""Components of armies and their units, rogue armies and battles."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(slots=True)
class ArmyUnit:
    """One army unit: its type id, its own attack/defense (wild rogues vary, R9.3) and damage taken (R8.3)."""

    unit_type: str
    attack: int
    defense: int
    damage: int = 0
    built_round: int = 0


@dataclass(slots=True)
class Army:
    """R5.1: 1-10 units of one owner in one territory; owner None means a rogue army."""

    owner: int | None
    territory: int
    units: list[int] = field(default_factory=list)
    mp: int = 0
    done: bool = False
    battle: int | None = None
    catapult: int | None = None
    open_mp: int = 0  # extra MP usable only to enter open terrain (units' movement.open_terrain_bonus)


@dataclass(slots=True)
class Rogue:
    """R9.1: a rogue army acts in the Rogue stage of the player with seat `tied_seat`."""

    tied_seat: int


@dataclass(slots=True)
class Battle:
    """R8.1: a battle between two armies in one territory, continued in the starter's turns (R8.4)."""

    territory: int
    attacker: int
    defender: int
    starter_seat: int
    rounds: int = 0
    attacker_owner: int | None = None
    defender_owner: int | None = None
