"""Commands: frozen intents holding ids, submitted by humans, computer players and rogue armies alike."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Command:
    """Base of every command; it acts for its issuing seat (`Game.submit(command, seat)`: by default the seat
    whose turn it is; handlers read `world.issuer`), or for rogue armies in the Rogue stage."""


@dataclass(frozen=True, slots=True)
class ChooseBase(Command):
    """R1.3: place the flag of the player choosing now."""

    territory: int


@dataclass(frozen=True, slots=True)
class Move(Command):
    """R5.3-R5.6: move an army along a path; ending on a hostile army attacks, on an own army combines."""

    army: int
    path: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Attack(Command):
    """R5.5: enter a neighbouring territory that holds a hostile army and start a battle."""

    army: int
    territory: int


@dataclass(frozen=True, slots=True)
class Combine(Command):
    """R5.6: move an army into the territory of another of the player's armies and merge them."""

    army: int
    into: int


@dataclass(frozen=True, slots=True)
class Split(Command):
    """R5.7: send some units of an army into a neighbouring territory."""

    army: int
    units: tuple[int, ...]
    territory: int


@dataclass(frozen=True, slots=True)
class Retreat(Command):
    """R8.5: leave a battle into a neighbouring territory with no hostile army."""

    army: int
    territory: int


@dataclass(frozen=True, slots=True)
class TakeOver(Command):
    """R7.1: claim the territory the army stands in."""

    army: int


@dataclass(frozen=True, slots=True)
class Disrupt(Command):
    """R7.3: attack the territory the army stands in."""

    army: int


@dataclass(frozen=True, slots=True)
class AttackStructure(Command):
    """R8.6: attack a hostile structure in (or on a border of) the army's territory."""

    army: int
    structure: int


@dataclass(frozen=True, slots=True)
class BuildUnit(Command):
    """R6.1: train an army unit at the home base."""

    unit_type: str


@dataclass(frozen=True, slots=True)
class BuildStructure(Command):
    """R6.2-R6.3: build a structure; a wall also names `border`, the neighbour on its other side."""

    structure_type: str
    territory: int
    border: int | None = None


@dataclass(frozen=True, slots=True)
class Upgrade(Command):
    """R6.2: add an upgrade (once) to one of the player's structures."""

    structure: int
    upgrade: str


@dataclass(frozen=True, slots=True)
class Repair(Command):
    """R6.5: restore `points` of a structure's defense, paying per point."""

    structure: int
    points: int


@dataclass(frozen=True, slots=True)
class Station(Command):
    """R6.4: an army of exactly one unit enters a structure as a stationed unit."""

    army: int
    structure: int


@dataclass(frozen=True, slots=True)
class Unstation(Command):
    """R6.4: a stationed unit leaves as an army of one into the structure's territory (or a wall's side)."""

    structure: int
    unit: int
    territory: int


@dataclass(frozen=True, slots=True)
class StationedFire(Command):
    """R8.7: the structure's stationed units strike a hostile army in range."""

    structure: int
    target_army: int


@dataclass(frozen=True, slots=True)
class CrewCatapult(Command):
    """R8.8: assign one unit of an army in the catapult's territory as its crew; it then travels with the army."""

    catapult: int
    army: int
    unit: int | None = None


@dataclass(frozen=True, slots=True)
class MoveCatapult(Command):
    """R8.8: move a crewed catapult together with its crew's army along a path."""

    catapult: int
    path: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Bombard(Command):
    """R8.8: fire ammunition (a resource id, or 'unit' with `ammo_unit`) at a target in a neighbouring territory;
    `part` names a part of the target structure a mod registered (a gate in a wall, E2.5)."""

    catapult: int
    territory: int
    ammo: str
    target: int
    ammo_unit: int | None = None
    part: str | None = None


@dataclass(frozen=True, slots=True)
class EndTurn(Command):
    """R3.1: finish the Main stage; the Rogue stage and the next player's turn follow."""


@dataclass(frozen=True, slots=True)
class Resign(Command):
    """The player whose turn it is gives up: it has lost; the others play on (or one of them has won)."""


@dataclass(frozen=True, slots=True)
class ClimbWall(Command):
    """E0.3: climb over a walled border into a neighbouring territory, the whole army or `units` of it (R5.7)."""

    army: int
    territory: int
    units: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class VolleyAt(Command):
    """E0.4: the army's `volley` units strike the hostile army in a neighbouring territory, once, unanswered."""

    army: int
    territory: int
