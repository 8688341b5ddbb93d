"""Medic mod plugin: the `heal` ability kind, the UnitHealed event and the system that heals each turn.

"Always the last unit targeted" needs no code here: the medic's data gives it the engine's `rearguard`
ability (R8.2). Queries for the computer players: `wounded_units`, `healing_per_turn`, `is_healer`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import esper
from pydantic import Field

from components.abilities import AbilityParams
from components.armies import Army
from systems import queries as q
from systems.events import Event
from systems.world import UPKEEP, World

if TYPE_CHECKING:
    from components.rules import Ruleset
    from game.app import ModApp


class Heal(AbilityParams):
    """At each of its owner's turns (after upkeep) the unit restores up to `amount` damage to each of
    `units` of the most wounded units of its own army (itself included)."""

    amount: int = Field(ge=1)
    units: int = Field(default=1, ge=1)


@dataclass(frozen=True, slots=True)
class UnitHealed(Event):
    """A medic restored `amount` points of a unit's defense."""

    seat: int
    army: int
    medic: int
    unit: int
    amount: int
    territory: int

    def log_text(self, place: Callable[[int], str]) -> str:
        return f"A medic healed a unit by {self.amount} at {place(self.territory)}"


def is_healer(rules: Ruleset, unit_type: str) -> bool:
    return rules.units[unit_type].has("heal")


def wounded_units(world: World, army_entity: int) -> list[int]:
    """The army's damaged units, most damaged first (ties in army order)."""
    army = esper.component_for_entity(army_entity, Army)
    damaged = [u for u in army.units if q.unit(u).damage > 0]
    return sorted(damaged, key=lambda u: -q.unit(u).damage)


def healing_per_turn(world: World, army_entity: int) -> int:
    """How many points of damage the army's medics can restore at its owner's next upkeep."""
    army = esper.component_for_entity(army_entity, Army)
    total = 0
    for u in army.units:
        ability = world.rules.units[q.unit(u).unit_type].ability("heal", Heal)
        if ability is not None:
            total += ability.amount * ability.units
    return total


def heal_wounded(world: World) -> None:
    """Every medic in the current player's armies heals the most wounded units of its army."""
    seat = world.clock.seat
    for entity, army in sorted(q.player_armies(seat), key=lambda pair: pair[0]):
        for medic in list(army.units):
            ability = world.rules.units[q.unit(medic).unit_type].ability("heal", Heal)
            if ability is None:
                continue
            treated: set[int] = set()
            for _ in range(ability.units):
                candidates = [u for u in wounded_units(world, entity) if u not in treated]
                if not candidates:
                    break
                patient = candidates[0]
                restored = min(ability.amount, q.unit(patient).damage)
                q.unit(patient).damage -= restored
                treated.add(patient)
                world.emit(UnitHealed(seat, entity, medic, patient, restored, army.territory))


def register(app: ModApp) -> None:
    app.add_ability_kind("heal", Heal)
    app.add_event(UnitHealed)
    app.add_system(UPKEEP, "medic.heal", heal_wounded, after="upkeep")
    app.presentation.on_event("UnitHealed", beat=_heal_beat, sound="production")


def _heal_beat() -> type:
    """The client's beat for a healing (client.py, imported only when a window shows one)."""
    from game.content.plugins import sibling_module

    return sibling_module(__file__, "client").HealBeat  # type: ignore[no-any-return]
