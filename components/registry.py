"""The registry of component types by name, so saves and state hashes can name them; plugins add theirs."""

from __future__ import annotations

from components.armies import Army, ArmyUnit, Battle, Rogue
from components.board import Disrupted, Ownership, Territory
from components.players import HomeBase, Player, Stockpile
from components.structures import Catapult, Structure

COMPONENT_TYPES: dict[str, type] = {
    cls.__name__: cls
    for cls in (Territory, Ownership, Disrupted, Player, Stockpile, HomeBase, ArmyUnit, Army, Rogue, Battle,
                Structure, Catapult)
}


def register_component(cls: type) -> None:
    """Add a plugin's component type; its class name must be new."""
    existing = COMPONENT_TYPES.get(cls.__name__)
    if existing is not None and existing is not cls:
        raise ValueError(f"a component type named '{cls.__name__}' is already registered")
    COMPONENT_TYPES[cls.__name__] = cls
