"""Army actions (R5, R7, R8.5): move, attack, combine, split, retreat, take over and disrupt."""

from __future__ import annotations

import esper

from components.armies import Army
from components.board import Disrupted
from components.commands import Attack, Combine, Disrupt, Move, Retreat, Split, TakeOver
from systems import queries as q
from systems.actions import acting_owner, handles, own_army
from systems.combat import end_battle
from systems.events import StructureCaptured, TerritoryDisrupted, TerritoryTakenOver
from systems.movement import combine, detach, fitting_units, path_cost, reachable, relocate
from systems.outcome import check_victory
from systems.placing import army_limit_reason
from systems.world import World


def check_arrival(world: World, army: Army, destination: int, units: list[int] | None = None) -> str | None:
    """Can these units end a move in `destination` (combine limits R5.6, army count R5.2)?"""
    moving = army.units if units is None else units
    for _, other in q.armies_at(destination):
        if other.owner == army.owner and other.owner is not None:
            mover = Army(army.owner, army.territory, list(moving))
            if not fitting_units(world, mover, other):
                return "none of the moving units fit into the army there (R5.6)"
            return None
        if other.owner is None and army.owner is None:
            return "rogue armies do not share a territory"
    if units is not None:
        return army_limit_reason(world, army.owner)
    return None


def check_path(world: World, entity: int, army: Army, path: tuple[int, ...], units: list[int] | None = None) -> str | None:
    if not path:
        return "the path is empty"
    cost, reason = path_cost(world, entity, path, units)
    if cost is None:
        return reason
    world.checked[_path_key(entity, path, units)] = cost  # the apply that follows moves along it (arrive)
    if cost > army.mp:
        return f"that needs {cost} MP and the army has {army.mp}"
    return check_arrival(world, army, path[-1], units)


def _path_key(entity: int, path: tuple[int, ...], units: list[int] | None) -> tuple[object, ...]:
    return "path_cost", entity, path, None if units is None else tuple(units)


def checked_cost(world: World, entity: int, path: tuple[int, ...], units: list[int] | None = None) -> int | None:
    """The MP `check_path` found for this move while checking the command now applied (None if it did not)."""
    found: int | None = world.checked.pop(_path_key(entity, path, units), None)
    return found


def arrive(world: World, entity: int, path: tuple[int, ...], units: list[int] | None = None,
           cost: int | None = None) -> None:
    """Move (part of) an army along a checked path and resolve what it finds there (R5.5, R5.6). `cost`:
    the path's MP when the caller knows it (`checked_cost`: nothing changed since the check)."""
    army = esper.component_for_entity(entity, Army)
    if cost is None:
        cost, _ = path_cost(world, entity, path, units)
    assert cost is not None
    destination = path[-1]
    resident = next(((e, a) for e, a in q.armies_at(destination) if e != entity), None)
    if resident is not None and resident[1].owner == army.owner:
        fitting = fitting_units(world, army if units is None else Army(army.owner, army.territory, units), resident[1])
        moving = units if units is not None else army.units
        if units is not None or fitting != moving:
            entity = detach(world, entity, fitting, army.mp)
        relocate(world, entity, path, cost)
        combine(world, entity, resident[0])
    else:
        if units is not None:
            entity = detach(world, entity, list(units), army.mp)
        relocate(world, entity, path, cost)
        contact = world.app.hooks.contact
        if resident is not None and contact is not None:
            contact(world, entity, resident[0])  # what meeting a hostile army means is the ruleset's rule
    check_victory(world)


@handles(Move)
class MoveArmy:
    @staticmethod
    def check(world: World, cmd: Move) -> str | None:
        return MoveArmy.check_each(world, [cmd])[0]

    @staticmethod
    def check_each(world: World, cmds: list[Move]) -> list[str | None]:
        """The moves' checks, each army's command (own_army) asked once for all its moves; shorter paths first,
        so a listing's paths (one search tree) are each priced from a checked one (movement.path_costs)."""
        armies: dict[int, str | Army] = {}
        out: list[str | None] = [None] * len(cmds)
        for index in sorted(range(len(cmds)), key=lambda i: len(cmds[i].path)):
            cmd = cmds[index]
            army = armies.get(cmd.army)
            if army is None:
                army = armies[cmd.army] = own_army(world, cmd.army)
            out[index] = army if isinstance(army, str) else check_path(world, cmd.army, army, tuple(cmd.path))
        return out

    @staticmethod
    def apply(world: World, cmd: Move) -> None:
        path = tuple(cmd.path)
        arrive(world, cmd.army, path, cost=checked_cost(world, cmd.army, path))


@handles(Attack)
class AttackArmy:
    @staticmethod
    def check(world: World, cmd: Attack) -> str | None:
        army = own_army(world, cmd.army)
        if isinstance(army, str):
            return army
        if not any(q.hostile(a.owner, army.owner) for _, a in q.armies_at(cmd.territory)):
            return "there is no hostile army there to attack"
        return check_path(world, cmd.army, army, (cmd.territory,))

    @staticmethod
    def apply(world: World, cmd: Attack) -> None:
        path = (cmd.territory,)
        arrive(world, cmd.army, path, cost=checked_cost(world, cmd.army, path))


@handles(Combine)
class CombineArmies:
    @staticmethod
    def check(world: World, cmd: Combine) -> str | None:
        army = own_army(world, cmd.army)
        if isinstance(army, str):
            return army
        into = esper.try_component(cmd.into, Army) if esper.entity_exists(cmd.into) else None
        if into is None or into.owner != army.owner or cmd.into == cmd.army:
            return "you can only combine with another of your own armies"
        reach = reachable(world, cmd.army).get(into.territory)
        if reach is None:
            return "that army cannot be reached with the MP left"
        return check_path(world, cmd.army, army, reach.path)

    @staticmethod
    def apply(world: World, cmd: Combine) -> None:
        into = esper.component_for_entity(cmd.into, Army)
        arrive(world, cmd.army, reachable(world, cmd.army)[into.territory].path)


@handles(Split)
class SplitArmy:
    @staticmethod
    def check(world: World, cmd: Split) -> str | None:
        army = own_army(world, cmd.army)
        if isinstance(army, str):
            return army
        units = list(cmd.units)
        if len(army.units) < 2:
            return "only an army of 2 or more units can split (R5.7)"
        if not units or len(set(units)) != len(units) or not set(units) <= set(army.units):
            return "choose some units of this army to send"
        if len(units) >= len(army.units):
            return "at least one unit must stay behind (R5.7)"
        if cmd.territory not in world.board.neighbours(army.territory):
            return "a split sends units into a neighbouring territory (R5.7)"
        return check_path(world, cmd.army, army, (cmd.territory,), units)

    @staticmethod
    def apply(world: World, cmd: Split) -> None:
        path, units = (cmd.territory,), list(cmd.units)
        arrive(world, cmd.army, path, units, cost=checked_cost(world, cmd.army, path, units))


@handles(Retreat)
class RetreatFromBattle:
    @staticmethod
    def check(world: World, cmd: Retreat) -> str | None:
        army = own_army(world, cmd.army, allow_battle=True)  # R5.5/R5.8: an attack this turn ended its actions
        if isinstance(army, str):
            return army
        if army.battle is None:
            return "that army is not in a battle"
        from components.armies import Battle

        if esper.component_for_entity(army.battle, Battle).rounds < 1:
            return "an army can retreat only after fighting a round (R8.5)"
        if cmd.territory not in world.board.neighbours(army.territory):
            return "retreat into a neighbouring territory"
        if any(q.hostile(a.owner, army.owner) or a.battle is not None for _, a in q.armies_at(cmd.territory)):
            return "you cannot retreat into a territory holding a hostile army (R8.5)"
        cost, reason = path_cost(world, cmd.army, (cmd.territory,))
        if cost is None:
            return reason
        cost += world.rules.costs.retreat_extra
        if cost > army.mp:
            return f"retreating there needs {cost} MP and the army has {army.mp}"
        return check_arrival(world, army, cmd.territory)

    @staticmethod
    def apply(world: World, cmd: Retreat) -> None:
        army = esper.component_for_entity(cmd.army, Army)
        assert army.battle is not None
        from components.armies import Battle

        battle = esper.component_for_entity(army.battle, Battle)
        other = battle.defender if battle.attacker == cmd.army else battle.attacker
        end_battle(world, army.battle, other, retreated=True)
        army.mp -= world.rules.costs.retreat_extra
        arrive(world, cmd.army, (cmd.territory,))


def takeover_cost(world: World, territory: int) -> int:
    """R7.1: the MP taking over a territory costs (neutral or enemy)."""
    owner = world.owner_of(territory)
    return world.rules.costs.take_over_neutral if owner is None else world.rules.costs.take_over_enemy


@handles(TakeOver)
class TakeOverTerritory:
    @staticmethod
    def check(world: World, cmd: TakeOver) -> str | None:
        army = own_army(world, cmd.army)
        if isinstance(army, str):
            return army
        if acting_owner(world) is None:
            return "rogue armies do not take over territories"
        if world.owner_of(army.territory) == army.owner:
            return "you already own this territory"
        cost = takeover_cost(world, army.territory)
        if army.mp < cost:
            return f"taking over needs {cost} MP and the army has {army.mp} (R7.1)"
        if any(q.hostile(a.owner, army.owner) for e, a in q.armies_at(army.territory) if e != cmd.army):
            return "a hostile army stands here (R7.1)"
        for _, s in q.structures_touching(world, army.territory):
            if q.hostile(s.owner, army.owner) and s.garrison:
                return f"a manned hostile {world.rules.structures[s.structure_type].name.lower()} stands here (R7.1)"
        return None

    @staticmethod
    def apply(world: World, cmd: TakeOver) -> None:
        army = esper.component_for_entity(cmd.army, Army)
        assert army.owner is not None
        army.mp -= takeover_cost(world, army.territory)
        army.done = True  # R5.8
        old = world.owner_of(army.territory)
        world.set_owner(army.territory, army.owner)
        world.emit(TerritoryTakenOver(army.territory, cmd.army, old, army.owner))
        for entity, structure in q.structures():
            if structure.territory == army.territory and q.hostile(structure.owner, army.owner):
                if structure_is_carried(entity):
                    continue
                world.emit(StructureCaptured(entity, structure.owner, army.owner))
                structure.owner = army.owner


def structure_is_carried(entity: int) -> bool:
    from components.structures import Catapult

    catapult = esper.try_component(entity, Catapult)
    return catapult is not None and catapult.army is not None


@handles(Disrupt)
class DisruptTerritory:
    @staticmethod
    def check(world: World, cmd: Disrupt) -> str | None:
        army = own_army(world, cmd.army)
        if isinstance(army, str):
            return army
        if army.mp < world.rules.costs.disrupt:
            return f"disrupting needs {world.rules.costs.disrupt} MP (R7.3)"
        shield = world.app.hooks.territory_attack  # a mod's territory that cannot be attacked (a moat, E2.6)
        return shield(world, army.territory) if shield is not None else None

    @staticmethod
    def apply(world: World, cmd: Disrupt) -> None:
        army = esper.component_for_entity(cmd.army, Army)
        army.mp -= world.rules.costs.disrupt
        army.done = True
        until = world.clock.round + world.rules.disruption.rounds
        esper.add_component(world.tiles[army.territory], Disrupted(until, world.issuer))
        world.emit(TerritoryDisrupted(army.territory, cmd.army, until))
