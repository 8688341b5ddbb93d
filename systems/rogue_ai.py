"""The Rogue stage's behaviour (R9.5): each rogue army picks at random what to attack, or wanders."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import esper

from components.armies import Army, Rogue
from components.commands import AttackStructure, Command, Disrupt, Move
from systems import actions
from systems import queries as q
from systems.movement import Reach, reachable
from systems.victory import check_flags
from systems.world import World


def rogue_options(world: World, entity: int) -> list[list[Command]]:
    """Every plan a rogue army could follow now, each a short list of commands."""
    return [plan() for plan in _plans(world, entity)]


def _plans(world: World, entity: int) -> list[Callable[[], list[Command]]]:
    """`rogue_options` in the same order, each plan written out only when asked for: a rogue picks one of
    dozens, and a plan's path is read from the search tree only then."""
    army = esper.component_for_entity(entity, Army)
    plans: list[Callable[[], list[Command]]] = []
    reach = reachable(world, entity)
    for territory in sorted(reach):
        spot = reach[territory]
        if spot.kind == "attack":
            plans.append(partial(_move, entity, spot, False))
        elif spot.kind == "move":
            plans.append(partial(_move, entity, spot, False))
            if world.owner_of(territory) is not None:
                plans.append(partial(_move, entity, spot, True))
    for structure_entity, structure in q.structures_touching(army.territory):
        if q.hostile(structure.owner, None):
            plans.append(partial(_attack, entity, structure_entity))
    if world.owner_of(army.territory) is not None:
        plans.append(partial(_disrupt, entity))
    return plans


def _move(entity: int, spot: Reach, disrupt: bool) -> list[Command]:
    return [Move(entity, spot.path), Disrupt(entity)] if disrupt else [Move(entity, spot.path)]


def _attack(entity: int, structure: int) -> list[Command]:
    return [AttackStructure(entity, structure)]


def _disrupt(entity: int) -> list[Command]:
    return [Disrupt(entity)]


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
        plans = _plans(world, entity)
        if not plans:
            continue
        for command in world.rng.choice(plans)():
            if actions.check(world, command) is not None:
                break
            actions.execute(world, command)
        if esper.entity_exists(entity):
            spent = esper.component_for_entity(entity, Army)
            spent.mp = spent.open_mp = 0
    check_flags(world)
