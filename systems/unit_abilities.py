"""A unit's abilities: its type's (data), then what the game's mods lend that one unit (equipment it carries)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from components.abilities import AbilityParams
from systems import queries as q
from systems.world import World

P = TypeVar("P", bound=AbilityParams)
# (world, unit entity) -> the abilities a mod lends that unit besides its type's (empty: none)
UnitAbilities = Callable[[World, int], "tuple[AbilityParams, ...]"]


def unit_abilities(world: World, unit_entity: int) -> tuple[AbilityParams, ...]:
    """Every ability of one unit: its type's first, then each lending mod's, in registration order."""
    own = world.rules.units[q.unit(unit_entity).unit_type].abilities
    lent: list[AbilityParams] = []
    for provider in world.app.unit_abilities:
        lent.extend(provider(world, unit_entity))
    return (*own, *lent)


def unit_ability(world: World, unit_entity: int, kind: str, params: type[P]) -> P | None:
    """The unit's first ability of `kind` (its type's before a lent one), typed, or None."""
    for ability in unit_abilities(world, unit_entity):
        if ability.kind == kind and isinstance(ability, params):
            return ability
    return None
