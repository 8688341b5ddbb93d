"""Total War's commands: secret orders in the simultaneous phases (TW3.1 buying, TW3.2 placement, TW5 movement, TW8/TW9 combat)."""

from __future__ import annotations

from dataclasses import dataclass

from components.commands import Command


@dataclass(frozen=True, slots=True)
class Buy(Command):
    """TW3.1: the side's army for the points, one regiment type per entry ("infantry", ...); the first infantry
    is its general (TW2.4). Revisable until Ready; hidden from the other side until both are ready."""

    army: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Place(Command):
    """TW3.2: put `regiment` (its name, "1:infantry:2") on `hex` ("U7") of its side's zone."""

    regiment: str
    hex: str


@dataclass(frozen=True, slots=True)
class Move(Command):
    """TW5.1: `kind` hold (optionally a new facing), move or withdraw along `path` (hex names) to `facing`."""

    regiment: str
    kind: str
    path: tuple[str, ...] = ()
    facing: str = ""


@dataclass(frozen=True, slots=True)
class Fire(Command):
    """TW8.1: `regiment` fires at the enemy on `hex`."""

    regiment: str
    hex: str


@dataclass(frozen=True, slots=True)
class Attack(Command):
    """TW9.1: `regiment` attacks the adjacent enemy `target` in melee (else the default target)."""

    regiment: str
    target: str
