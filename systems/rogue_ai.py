"""The Rogue stage's behaviour (R9.5): each rogue army picks at random what to attack, or wanders."""

from __future__ import annotations

import typing

import esper

from components.armies import Army, Rogue
from components.commands import AttackStructure, Command, Disrupt, Move
from systems import actions
from systems import queries as q
from systems.movement import Reach, reachable
from systems.victory import check_flags
from systems.world import World

# a plan before it is written out: move to a spot (and disrupt there), attack a structure, or disrupt here
Plan = tuple[str, "Reach | int | None"]


def rogue_options(world: World, entity: int) -> list[list[Command]]:
    """Every plan a rogue army could follow now, each a short list of commands."""
    return [_commands(entity, plan) for plan in _plans(world, entity)]


def _plans(world: World, entity: int) -> list[Plan]:
    """`rogue_options` in the same order, each plan written out only once chosen (`_commands`): a rogue
    picks one of dozens, and a plan's path is read from the search tree only then."""
    army = esper.component_for_entity(entity, Army)
    plans: list[Plan] = []
    reach = reachable(world, entity)
    owner_of = world.owner_of
    for territory in sorted(reach):
        spot = reach[territory]
        if spot.kind == "attack":
            plans.append(("move", spot))
        elif spot.kind == "move":
            plans.append(("move", spot))
            if owner_of(territory) is not None:
                plans.append(("move_disrupt", spot))
    for structure_entity, structure in q.structures_touching(world, army.territory):
        if q.hostile(structure.owner, None):
            plans.append(("attack", structure_entity))
    if owner_of(army.territory) is not None:
        plans.append(("disrupt", None))
    return plans


def _commands(entity: int, plan: Plan) -> list[Command]:
    kind, target = plan
    if kind == "attack":
        return [AttackStructure(entity, typing.cast(int, target))]
    if kind == "disrupt":
        return [Disrupt(entity)]
    move = Move(entity, typing.cast(Reach, target).path)
    return [move, Disrupt(entity)] if kind == "move_disrupt" else [move]


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
        for command in _commands(entity, world.rng.choice(plans)):
            if actions.check(world, command) is not None:
                break
            actions.execute(world, command)
        if esper.entity_exists(entity):
            spent = esper.component_for_entity(entity, Army)
            spent.mp = spent.open_mp = 0
    check_flags(world)
