"""Volley (E0.4): an army's `volley` units strike a neighbouring hostile army once each, with no strike back."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import esper

from components.abilities import VolleyAbility
from components.armies import Army
from components.commands import VolleyAt
from systems import queries as q
from systems.actions import acting_owner, handles, own_army
from systems.combat import _rearguard, absorbs, damage_structure, remove_units, unit_health
from systems.events import Event, Strike
from systems.outcome import check_victory
from systems.unit_abilities import unit_ability
from systems.world import MAIN, World


@dataclass(frozen=True, slots=True)
class VolleyLoosed(Event):
    """E0.4: `army` at `start` loosed a volley at `target` in `territory`; `dead` units fell at once."""

    seat: int
    army: int
    start: int
    territory: int
    target: int
    strikes: tuple[Strike, ...]
    dead: tuple[int, ...]

    def log_text(self, place: Callable[[int], str]) -> str:
        hits = sum(1 for s in self.strikes if s.absorbed_by is None)
        return (f"A volley into {place(self.territory)}: {hits} of {len(self.strikes)} strikes hit, "
                f"{len(self.dead)} units fell")


def volleyers(world: World, army: Army) -> list[tuple[int, VolleyAbility]]:
    """The army's units with a `volley` ability (their type's or a lent one), in army order."""
    out = []
    for u in army.units:
        ability = unit_ability(world, u, "volley", VolleyAbility)
        if ability is not None:
            out.append((u, ability))
    return out


def volley_mp(world: World, army: Army) -> int:
    """The MP a volley costs this army: the most any of its volleyers asks (E0.4 `volley_mp`)."""
    return max((a.mp for _, a in volleyers(world, army)), default=0)


def volley_target(world: World, army: Army, territory: int) -> tuple[int, Army] | None:
    """The hostile army not in a battle standing in `territory`, if any."""
    return next(((e, a) for e, a in q.armies_at(territory) if q.hostile(a.owner, army.owner) and a.battle is None), None)


def volley_reason(world: World, cmd: VolleyAt) -> str | None:
    if world.clock.stage != MAIN or acting_owner(world) is None:
        return "a volley is loosed in its owner's Main stage (rogue armies never volley, E0.2)"
    army = own_army(world, cmd.army)
    if isinstance(army, str):
        return army
    if cmd.territory not in world.board.neighbours(army.territory):
        return "a volley strikes into a neighbouring territory (E0.4)"
    if volley_target(world, army, cmd.territory) is None:
        return "no hostile army out of battle stands there to volley at (E0.4)"
    if not volleyers(world, army):
        return "no unit of this army can loose a volley (E0.4)"
    cost = volley_mp(world, army)
    if army.mp < cost:
        return f"a volley needs {cost} MP and the army has {army.mp} (E0.4)"
    return None


def apply_volley(world: World, cmd: VolleyAt) -> None:
    """Volleyer i (shuffled) strikes target unit i mod n (shuffled, rearguard last, R8.2); a wall on the border
    absorbs each strike with its protection (R8.8) and takes it; units at 0 are removed at once."""
    army = esper.component_for_entity(cmd.army, Army)
    found = volley_target(world, army, cmd.territory)
    assert found is not None
    target_entity, target = found
    shooters = volleyers(world, army)
    army.mp -= volley_mp(world, army)
    army.done = True  # E0.4: a volley ends the army's actions
    bonus = dict(shooters)
    order = [u for u, _ in shooters]
    world.rng.shuffle(order)
    victims = list(target.units)
    world.rng.shuffle(victims)
    rear = _rearguard(world, victims)
    victims = [u for u in victims if u not in rear] or victims
    wall = q.wall_between(world, army.territory, cmd.territory)
    strikes: list[Strike] = []
    for i, shooter in enumerate(order):
        victim = victims[i % len(victims)]
        damage = max(0, q.unit(shooter).attack + bonus[shooter].bonus)
        if wall is not None and esper.entity_exists(wall[0]) and absorbs(world, wall[1]):
            strikes.append(Strike(shooter, victim, damage, absorbed_by=wall[0]))
            damage_structure(world, wall[0], damage)
            continue
        strikes.append(Strike(shooter, victim, damage))
        q.unit(victim).damage += damage
    dead = tuple(u for u in dict.fromkeys(s.target for s in strikes) if unit_health(world, u) <= 0)
    world.emit(VolleyLoosed(world.clock.seat, cmd.army, army.territory, cmd.territory, target_entity,
                            tuple(strikes), dead))
    remove_units(world, list(dead))
    check_victory(world)


@handles(VolleyAt)
class LooseVolley:
    @staticmethod
    def check(world: World, cmd: VolleyAt) -> str | None:
        return volley_reason(world, cmd)

    @staticmethod
    def apply(world: World, cmd: VolleyAt) -> None:
        apply_volley(world, cmd)


def volley_commands(world: World, army_entity: int) -> list[VolleyAt]:
    """A volley at each neighbouring hostile army, for an army holding volleyers (the panel, the computer players)."""
    army = esper.component_for_entity(army_entity, Army)
    if not volleyers(world, army):
        return []
    return [VolleyAt(army_entity, n) for n in world.board.neighbours(army.territory)
            if volley_target(world, army, n) is not None]
