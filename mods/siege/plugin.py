"""Siege engine mod plugin (E3): the siege engine lends its `climb` ability to its army's other units.

The structure itself is data (`structures.toml`): a mobile structure (R8.8's catapult rules crew, move and
attack it) without `bombard`, so it never strikes (E3.2). This plugin only answers the engine's climbing
question (`app.add_climb_means`, E0.3): which units may climb over a wall beside the engine, with which
numbers, counted against its `capacity` a turn (the engine counts it on the engine's entity).
Queries for the computer players: `siege_type`, `engine_of`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import esper

from components.abilities import Climb
from components.armies import Army
from components.structures import Catapult, Structure
from systems.climbing import ClimbMeans
from systems.world import World

if TYPE_CHECKING:
    from components.rules import Ruleset
    from game.app import ModApp


def siege_type(rules: Ruleset) -> str | None:
    """The mobile structure type lending climbing to its army (a `climb` ability with a capacity), if any."""
    found = [sid for sid, spec in rules.structures.items()
             if spec.mobile is not None and (a := spec.ability("climb", Climb)) is not None and a.capacity]
    return found[0] if found else None


def engine_of(world: World, army_entity: int) -> tuple[int, Climb] | None:
    """The army's crewed mobile structure with a `climb` ability, and that ability."""
    army = esper.component_for_entity(army_entity, Army)
    if army.catapult is None or not esper.entity_exists(army.catapult):
        return None
    structure = esper.component_for_entity(army.catapult, Structure)
    ability = world.rules.structures[structure.structure_type].ability("climb", Climb)
    return (army.catapult, ability) if ability is not None else None


def lift(world: World, army_entity: int, units: tuple[int, ...], here: int, there: int) -> dict[int, ClimbMeans]:
    """E3.2: the engine is the climbing means of its army's units (any type, never its crew) over a wall on a
    border of its territory; it stays."""
    found = engine_of(world, army_entity)
    if found is None:
        return {}
    engine, ability = found
    if esper.component_for_entity(engine, Structure).territory != here:
        return {}
    crew = esper.component_for_entity(engine, Catapult).crew
    return {u: ClimbMeans(ability, engine) for u in units if u != crew}


def engine_mark(world: World, entity: int) -> tuple[str, str, bool] | None:
    """A crewed engine travels under its army's token on the map: its picture is drawn again, small, on top."""
    structure = esper.try_component(entity, Structure)
    catapult = esper.try_component(entity, Catapult)
    if structure is None or catapult is None or catapult.army is None:
        return None
    if structure.structure_type != siege_type(world.rules):
        return None
    return ("structures", structure.structure_type, False)


def register(app: ModApp) -> None:
    app.add_climb_means(lift)
    app.presentation.structure_marks.append(engine_mark)
    from game.content.plugins import sibling_module  # the computer play lives next to this file (ai.py)

    app.add_ai_behaviour(sibling_module(__file__, "ai").SiegeBehaviour())
    app.presentation.on_event("WallClimbed", sound="siege_roll")

