"""The Rogue stage's behaviour (R9.5): each rogue army picks at random what to attack, or wanders."""

from __future__ import annotations

import esper

from components.armies import Army, Rogue
from components.commands import AttackStructure, Command, Disrupt, Move
from systems import actions
from systems import queries as q
from systems.movement import reachable
from systems.victory import check_flags
from systems.world import World


def rogue_options(world: World, entity: int) -> list[list[Command]]:
    """Every plan a rogue army could follow now, each a short list of commands."""
    army = esper.component_for_entity(entity, Army)
    plans: list[list[Command]] = []
    reach = reachable(world, entity)
    for territory in sorted(reach):
        spot = reach[territory]
        if spot.kind == "attack":
            plans.append([Move(entity, spot.path)])
        elif spot.kind == "move":
            plans.append([Move(entity, spot.path)])
            if world.owner_of(territory) is not None:
                plans.append([Move(entity, spot.path), Disrupt(entity)])
    for structure_entity, structure in q.structures_touching(army.territory):
        if q.hostile(structure.owner, None):
            plans.append([AttackStructure(entity, structure_entity)])
    if world.owner_of(army.territory) is not None:
        plans.append([Disrupt(entity)])
    return plans


def act_rogues(world: World) -> None:
    """R9.5: rogue armies tied to the current player get full MP and follow one random plan each."""
    seat = world.clock.seat
    tied = sorted(e for e, r in esper.get_component(Rogue) if r.tied_seat == seat and esper.entity_exists(e))
    for entity in tied:
        if not esper.entity_exists(entity) or world.clock.winner is not None:
            continue
        army = esper.component_for_entity(entity, Army)
        if army.battle is not None:
            continue
        q.restore_mp(world, army)
        army.done = False
        plans = rogue_options(world, entity)
        if not plans:
            continue
        for command in world.rng.choice(plans):
            if actions.check(world, command) is not None:
                break
            actions.execute(world, command)
        if esper.entity_exists(entity):
            spent = esper.component_for_entity(entity, Army)
            spent.mp = spent.open_mp = 0
    check_flags(world)
