"""Flags and victory (R7.2): a base held by another's army with no defender left defeats its player."""

from __future__ import annotations

import esper

from components.armies import Army
from systems import queries as q
from systems.events import PlayerDefeated
from systems.hooks import LOST, WON
from systems.world import World


def flags_outcome(world: World) -> dict[int, str] | None:
    """The base game's victory hook (R7.2): defeat every player whose base is held by another player's
    army; once one player is left standing, it has won and the others have lost."""
    seats = world.alive_seats()
    bases = {seat: q.home_base(world, seat) for seat in seats}
    if not _invader_on_a_base(bases):  # the common answer (this runs after every move): nobody is defeated
        return _last_standing(world, seats)
    # the armies on every base read in one pass (this runs after every move); a player defeated earlier in
    # this loop has its armies deleted, so each base's list is read again through entity_exists
    on_bases = q.armies_in({base for base in bases.values() if base is not None})
    alive = esper.entity_exists
    defeated = False
    for seat in seats:
        base = bases[seat]
        if base is None or base not in on_bases:  # no army on this flag: nothing to decide
            continue
        present = [a for e, a in on_bases.get(base, ()) if a.units and alive(e)]
        invaders = [a for a in present if a.owner is not None and a.owner != seat]
        if not invaders:
            continue
        defended = any(a.owner == seat for a in present) or any(
            s.owner == seat and s.garrison for _, s in q.structures_touching(world, base)
        )
        if not defended:
            defeat(world, seat, invaders[0].owner, base)
            defeated = True
    return _last_standing(world, world.alive_seats() if defeated else seats)


def _last_standing(world: World, standing: list[int]) -> dict[int, str] | None:
    if len(standing) == 1 and world.clock.round > 0:
        return {seat: WON if seat == standing[0] else LOST for seat in world.seats}
    return None


def _invader_on_a_base(bases: dict[int, int | None]) -> bool:
    """Might an army with units stand on another player's base? One pass over the armies; True (look closer)
    also for an army whose deletion is pending or when two seats share a base."""
    seat_at = {base: seat for seat, base in bases.items() if base is not None}
    if len(seat_at) != sum(1 for base in bases.values() if base is not None):
        return True
    for _, army in esper.get_component(Army):
        seat = seat_at.get(army.territory)
        if seat is not None and army.owner is not None and army.owner != seat and army.units:
            return True
    return False


def check_flags(world: World) -> None:
    """R7.2 now: defeats, and the end of the game when one player is left (through the victory hook)."""
    from systems.outcome import check_victory

    check_victory(world)


def defeat(world: World, seat: int, by: int | None, base: int) -> None:
    """R7.2: remove the player's armies, stationed units and structures; its territories turn neutral."""
    from systems.combat import end_battle

    q.player(world, seat).defeated = True
    for entity, army in q.player_armies(seat):
        if army.battle is not None and esper.entity_exists(army.battle):
            from components.armies import Battle

            battle = esper.component_for_entity(army.battle, Battle)
            other = battle.defender if battle.attacker == entity else battle.attacker
            end_battle(world, army.battle, other)
        for u in army.units:
            esper.delete_entity(u)
        esper.delete_entity(entity)
    for entity, structure in list(q.structures()):
        if structure.owner == seat:
            for u in structure.garrison:
                esper.delete_entity(u)
            _free_carrier(entity)
            esper.delete_entity(entity)
    for territory in list(world.owned.get(seat, ())):
        world.set_owner(territory, None)
    world.emit(PlayerDefeated(seat, by, base))


def _free_carrier(entity: int) -> None:
    from components.structures import Catapult

    catapult = esper.try_component(entity, Catapult)
    if catapult is not None and catapult.army is not None and esper.entity_exists(catapult.army):
        esper.component_for_entity(catapult.army, Army).catapult = None
