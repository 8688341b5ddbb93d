"""Ships mod plugin (seed 4.3): docks, transports carrying army units over water, battleships' guns.

A ship is a structure on water (placement "harbour": next to one of its builder's docks); the units it
carries are its stationed units (R6.4). Mechanics added here:
- `ShipMoves` component: a ship's MP this turn and the round its guns last fired; the `ships.ready`
  system (Upkeep stage, after "upkeep") gives the current player's ships their MP. A ship launched this
  turn has none yet (like a new unit, R6.1).
- Commands: `Embark(army, ship, units)` boards units standing on one of their owner's docks onto a ship
  next to it (costs the dock's `embark_mp`); `Sail(ship, path)` moves a ship over water (1 MP a
  territory); `Disembark(ship, territory, units)` lands units on a neighbouring territory holding no
  hostile army (they arrive with 0 MP); `ShipFire(ship, target)` fires a naval gun once a turn at a
  hostile structure within its range. A ship with a `crew` needs that many units aboard to sail or fire.
Queries for the client and computer players: `ships_of`, `is_ship`, `cargo_room`, `boarding_ships`,
`sail_reach`, `landing_sites`, `gun_targets`, and the option providers registered below (see
game.content.plugin_army_options / plugin_structure_options / plugin_player_options).
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass
from types import ModuleType
from typing import TYPE_CHECKING, TypeVar

import esper
from pydantic import Field

from components.abilities import AbilityParams
from components.armies import Army
from components.commands import BuildStructure, Command
from components.structures import Structure
from systems import actions
from systems import queries as q
from systems.actions import own_army, player_turn
from systems.board import cheapest_paths, path_to
from systems.combat import damage_structure
from systems.events import Event
from systems.outcome import check_victory
from systems.placing import army_limit_reason, can_stand, place_units
from systems.world import UPKEEP, World

if TYPE_CHECKING:
    from game.app import ModApp
    from game.engine import Game
    from game.queries import ActionOption

HARBOUR = "harbour"
P = TypeVar("P", bound=AbilityParams)


class DockAbility(AbilityParams):
    """Army units standing on this structure may board their owner's ships next to it for `embark_mp` MP."""

    embark_mp: int = Field(default=1, ge=0)


class VesselAbility(AbilityParams):
    """A ship: sails `mp` water territories a turn; needs `crew` army units aboard to sail or fire."""

    mp: int = Field(ge=1)
    crew: int = Field(default=0, ge=0)

    def describe(self, capacity: int = 0) -> str:
        return f"carries {capacity} army slots, {self.mp} MP a turn" + (f", needs {self.crew} aboard" if self.crew else "")


class NavalGunAbility(AbilityParams):
    """Once a turn, strikes one hostile structure within `range` steps of the ship for `attack` damage."""

    attack: int = Field(ge=1)
    range: int = Field(default=1, ge=0)


@dataclass(slots=True)
class ShipMoves:
    """A ship's MP left this turn and the round its guns last fired (ships mod)."""

    mp: int = 0
    fired_round: int = -1


@dataclass(frozen=True, slots=True)
class Embark(Command):
    """Ships mod: units of an army on one of its owner's docks board a ship next to it (all when `units` is empty)."""

    army: int
    ship: int
    units: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class Sail(Command):
    """Ships mod: move a ship along a path of water territories, 1 MP each."""

    ship: int
    path: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Disembark(Command):
    """Ships mod: land units of a ship (all when `units` is empty) on a neighbouring territory."""

    ship: int
    territory: int
    units: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class ShipFire(Command):
    """Ships mod: a ship's naval gun strikes a hostile structure within range (once a turn)."""

    ship: int
    target: int


@dataclass(frozen=True, slots=True)
class UnitsEmbarked(Event):
    seat: int
    ship: int
    army: int
    units: tuple[int, ...]
    territory: int

    def log_text(self, place: Callable[[int], str]) -> str:
        return f"{len(self.units)} unit(s) boarded a ship at {place(self.territory)}"


@dataclass(frozen=True, slots=True)
class ShipSailed(Event):
    seat: int
    ship: int
    path: tuple[int, ...]
    mp_left: int

    def log_text(self, place: Callable[[int], str]) -> str:
        return f"A ship sailed {len(self.path)} step(s) to {place(self.path[-1])}" if self.path else "A ship sailed"


@dataclass(frozen=True, slots=True)
class UnitsDisembarked(Event):
    seat: int
    ship: int
    army: int
    units: tuple[int, ...]
    territory: int

    def log_text(self, place: Callable[[int], str]) -> str:
        return f"{len(self.units)} unit(s) landed at {place(self.territory)}"


@dataclass(frozen=True, slots=True)
class ShipFired(Event):
    seat: int
    ship: int
    target: int
    territory: int
    damage: int
    destroyed: bool

    def log_text(self, place: Callable[[int], str]) -> str:
        tail = ", destroyed" if self.destroyed else ""
        return f"A battleship fired at {place(self.territory)}: {self.damage} damage{tail}"


# --- lookups -----------------------------------------------------------------------------------------


def _ability(world: World, structure: Structure, kind: str, params: type[P]) -> P | None:
    return world.rules.structures[structure.structure_type].ability(kind, params)


def _vessel(world: World, structure: Structure) -> VesselAbility | None:
    return _ability(world, structure, "vessel", VesselAbility)


def _dock(world: World, structure: Structure) -> DockAbility | None:
    return _ability(world, structure, "dock", DockAbility)


def _structure(entity: int) -> Structure | None:
    return esper.try_component(entity, Structure) if esper.entity_exists(entity) else None


def is_ship(world: World, entity: int) -> bool:
    structure = _structure(entity)
    return structure is not None and _vessel(world, structure) is not None


def ships_of(world: World, seat: int) -> list[tuple[int, Structure]]:
    """The player's ships, by entity id."""
    return [(e, s) for e, s in q.structures() if s.owner == seat and _vessel(world, s) is not None]


def dock_at(world: World, territory: int, seat: int) -> tuple[int, Structure] | None:
    for e, s in q.structures_touching(world, territory):
        if s.owner == seat and s.territory == territory and _dock(world, s) is not None:
            return e, s
    return None


def _embark_mp(world: World, dock: Structure) -> int:
    ability = _dock(world, dock)
    return ability.embark_mp if ability is not None else 0


def cargo_room(world: World, ship: int) -> int:
    """Free army slots aboard (capacity is the ship type's `garrison`)."""
    structure = esper.component_for_entity(ship, Structure)
    used = q.slots_of(world, [q.unit(u).unit_type for u in structure.garrison])
    return world.rules.structures[structure.structure_type].garrison - used


def _moves(ship: int) -> ShipMoves | None:
    return esper.try_component(ship, ShipMoves)


def _own_ship(world: World, entity: int) -> Structure | str:
    structure = _structure(entity)
    if structure is None or _vessel(world, structure) is None:
        return f"there is no ship {entity}"
    if structure.owner != world.clock.seat:
        return "that ship is not yours"
    return structure


def crew_of(world: World, structure: Structure) -> int:
    """The army units a ship needs aboard to sail or fire (its `vessel` ability's `crew`; 0 for others)."""
    vessel = _vessel(world, structure)
    return vessel.crew if vessel else 0


def sail_cost(world: World, territory: int) -> int | None:
    """MP for a ship to sail into a territory: 1 on water; None where ships cannot go."""
    return 1 if world.rules.terrain[world.terrain[territory]].water else None


def sailing_cost(world: World, path: tuple[int, ...]) -> int:
    """MP for a ship to sail along a path of water territories."""
    return sum(sail_cost(world, t) or 0 for t in path)


def _crew_reason(world: World, structure: Structure, doing: str) -> str | None:
    crew = crew_of(world, structure)
    if len(structure.garrison) < crew:
        name = world.rules.structures[structure.structure_type].name
        return f"a {name.lower()} needs {crew} army unit(s) aboard to {doing}"
    return None


# --- placement: ships are launched next to their builder's docks -------------------------------------


def harbour_reason(world: World, cmd: BuildStructure) -> str | None:
    seat = world.clock.seat
    if not world.rules.terrain[world.terrain[cmd.territory]].water:
        return "a ship is launched on water next to one of your docks"
    if not any(dock_at(world, n, seat) for n in world.board.neighbours(cmd.territory)):
        return "a ship is launched next to one of your docks"
    return None


def harbour_candidates(world: World, seat: int) -> list[int]:
    out: set[int] = set()
    for _, s in q.structures():
        if s.owner == seat and _dock(world, s) is not None:
            out.update(n for n in world.board.neighbours(s.territory) if world.rules.terrain[world.terrain[n]].water)
    return sorted(out)


# --- commands ----------------------------------------------------------------------------------------


def _chosen(units: tuple[int, ...], pool: list[int]) -> list[int] | str:
    chosen = list(units) or list(pool)
    if not chosen or len(set(chosen)) != len(chosen) or not set(chosen) <= set(pool):
        return "choose some of its units"
    return chosen


def check_embark(world: World, cmd: Embark) -> str | None:
    army = own_army(world, cmd.army)
    if isinstance(army, str):
        return army
    if army.owner is None:
        return "rogue armies do not board ships"
    ship = _own_ship(world, cmd.ship)
    if isinstance(ship, str):
        return ship
    dock = dock_at(world, army.territory, army.owner)
    if dock is None:
        return "units board ships only from one of your docks"
    if ship.territory not in world.board.neighbours(army.territory):
        return "the ship must lie next to the dock"
    units = _chosen(cmd.units, army.units)
    if isinstance(units, str):
        return units
    if army.catapult is not None:
        from components.structures import Catapult

        catapult = esper.try_component(army.catapult, Catapult)
        if catapult is not None and catapult.crew in units:
            return "a catapult does not fit on a ship; leave its crew ashore"
    embark_mp = _embark_mp(world, dock[1])
    if army.mp < embark_mp:
        return f"boarding needs {embark_mp} MP and the army has {army.mp}"
    room = cargo_room(world, cmd.ship)
    need = q.slots_of(world, [q.unit(u).unit_type for u in units])
    if need > room:
        return f"the ship has room for {room} more army slot(s) and these units need {need}"
    return None


def apply_embark(world: World, cmd: Embark) -> None:
    army = esper.component_for_entity(cmd.army, Army)
    ship = esper.component_for_entity(cmd.ship, Structure)
    dock = dock_at(world, army.territory, world.clock.seat)
    assert dock is not None
    units = list(cmd.units) or list(army.units)
    army.mp -= _embark_mp(world, dock[1])
    army.units = [u for u in army.units if u not in units]
    ship.garrison.extend(units)
    world.emit(UnitsEmbarked(world.clock.seat, cmd.ship, cmd.army, tuple(units), army.territory))
    if not army.units:
        esper.delete_entity(cmd.army)


def check_sail(world: World, cmd: Sail) -> str | None:
    if (reason := player_turn(world)) is not None:
        return reason
    ship = _own_ship(world, cmd.ship)
    if isinstance(ship, str):
        return ship
    moves = _moves(cmd.ship)
    if moves is None:
        return "a new ship sails from your next turn"
    if (reason := _crew_reason(world, ship, "sail")) is not None:
        return reason
    if not cmd.path:
        return "the path is empty"
    here = ship.territory
    for there in cmd.path:
        if there not in world.board.neighbours(here):
            return f"territory {there} is not next to territory {here}"
        if sail_cost(world, there) is None:
            return "ships sail only on water"
        here = there
    cost = sailing_cost(world, cmd.path)
    if cost > moves.mp:
        return f"that needs {cost} MP and the ship has {moves.mp}"
    return None


def apply_sail(world: World, cmd: Sail) -> None:
    ship = esper.component_for_entity(cmd.ship, Structure)
    moves = esper.component_for_entity(cmd.ship, ShipMoves)
    ship.territory = cmd.path[-1]
    moves.mp -= sailing_cost(world, cmd.path)
    world.emit(ShipSailed(world.clock.seat, cmd.ship, tuple(cmd.path), moves.mp))


def check_disembark(world: World, cmd: Disembark) -> str | None:
    if (reason := player_turn(world)) is not None:
        return reason
    ship = _own_ship(world, cmd.ship)
    if isinstance(ship, str):
        return ship
    units = _chosen(cmd.units, ship.garrison)
    if isinstance(units, str):
        return units if ship.garrison else "there is no one aboard"
    if cmd.territory not in world.board.neighbours(ship.territory):
        return "units land on a territory next to the ship"
    for u in units:
        unit_type = q.unit(u).unit_type
        if not can_stand(world, unit_type, cmd.territory):
            terrain = world.rules.terrain[world.terrain[cmd.territory]].name.lower()
            return f"{world.rules.units[unit_type].name}s cannot land on {terrain}"
    if q.battle_at(cmd.territory) is not None:
        return "a battle is being fought there (R8.1)"
    seat = world.clock.seat
    types = [q.unit(u).unit_type for u in units]
    for _, other in q.armies_at(cmd.territory):
        if q.hostile(other.owner, seat):
            return "a hostile army stands there; land somewhere else"
        if (reason := q.fit_reason(world, [*q.unit_types(other), *types])) is not None:
            return f"the army there has no room: {reason} (R5.2)"
        return None
    if (reason := q.fit_reason(world, types)) is not None:
        return reason
    return army_limit_reason(world, seat)


def apply_disembark(world: World, cmd: Disembark) -> None:
    ship = esper.component_for_entity(cmd.ship, Structure)
    units = list(cmd.units) or list(ship.garrison)
    ship.garrison = [u for u in ship.garrison if u not in units]
    seat = world.clock.seat
    entity = place_units(world, seat, cmd.territory, units)  # landed units have no MP left this turn
    world.emit(UnitsDisembarked(seat, cmd.ship, entity, tuple(units), cmd.territory))
    check_victory(world)


def _in_range(world: World, ship: Structure, target: Structure, reach: int) -> bool:
    places = [target.territory] if target.border is None else [target.territory, target.border]
    return any(world.board.distance(ship.territory, t) <= reach for t in places)


def check_fire(world: World, cmd: ShipFire) -> str | None:
    if (reason := player_turn(world)) is not None:
        return reason
    ship = _own_ship(world, cmd.ship)
    if isinstance(ship, str):
        return ship
    gun = _ability(world, ship, "naval_gun", NavalGunAbility)
    if gun is None:
        return "that ship has no guns"
    moves = _moves(cmd.ship)
    if moves is None:
        return "a new ship can fire from your next turn"
    if moves.fired_round == world.clock.round:
        return "its guns have already fired this turn"
    if (reason := _crew_reason(world, ship, "fire")) is not None:
        return reason
    target = _structure(cmd.target)
    if target is None or cmd.target == cmd.ship:
        return "choose a structure to fire at"
    if not q.hostile(target.owner, world.clock.seat):
        return "that structure is not hostile"
    if not _in_range(world, ship, target, gun.range):
        return "that structure is out of the guns' range"
    return None


def apply_fire(world: World, cmd: ShipFire) -> None:
    ship = esper.component_for_entity(cmd.ship, Structure)
    target = esper.component_for_entity(cmd.target, Structure)
    moves = esper.component_for_entity(cmd.ship, ShipMoves)
    moves.fired_round = world.clock.round
    gun = _ability(world, ship, "naval_gun", NavalGunAbility)
    damage = gun.attack if gun is not None else 0
    territory = target.territory
    destroyed = damage_structure(world, cmd.target, damage)
    world.emit(ShipFired(world.clock.seat, cmd.ship, cmd.target, territory, damage, destroyed))
    check_victory(world)


# --- the Upkeep-stage system -------------------------------------------------------------------------


def ready_ships(world: World) -> None:
    """The current player's ships get their full MP for the turn (R3.3 for ships)."""
    seat = world.clock.seat
    for entity, structure in ships_of(world, seat):
        vessel = _vessel(world, structure)
        mp = vessel.mp if vessel else 0
        moves = _moves(entity)
        if moves is None:
            esper.add_component(entity, ShipMoves(mp=mp))
        else:
            moves.mp = mp


# --- queries for the client and the computer players -------------------------------------------------


def boarding_ships(world: World, army_entity: int) -> list[int]:
    """Ships the army could board now (it stands on its owner's dock and the ship lies next to it)."""
    army = esper.component_for_entity(army_entity, Army)
    if army.owner is None or dock_at(world, army.territory, army.owner) is None:
        return []
    near = set(world.board.neighbours(army.territory))
    return [e for e, s in ships_of(world, army.owner) if s.territory in near]


def sail_reach(world: World, ship: int) -> dict[int, tuple[int, ...]]:
    """Water territories the ship can reach with the MP it has left, with the path to each."""
    structure = esper.component_for_entity(ship, Structure)
    moves = _moves(ship)
    if moves is None or moves.mp <= 0 or _crew_reason(world, structure, "sail") is not None:
        return {}
    def step(_here: int, there: int) -> int | None:
        return sail_cost(world, there)

    tree = cheapest_paths(world.board, structure.territory, step, moves.mp)
    return {t: path_to(tree, t) for t in tree if t != structure.territory}


def landing_sites(world: World, ship: int) -> list[int]:
    """Neighbouring territories where everyone aboard could land now."""
    structure = esper.component_for_entity(ship, Structure)
    out = []
    for territory in world.board.neighbours(structure.territory):
        if structure.garrison and check_disembark(world, Disembark(ship, territory)) is None:
            out.append(territory)
    return out


def gun_targets(world: World, ship: int) -> list[int]:
    """Hostile structures the ship's guns could strike now."""
    return [e for e, _ in q.structures() if check_fire(world, ShipFire(ship, e)) is None]


def _option(world: World, kind: str, label: str, command: Command, mp: int = 0) -> ActionOption:
    from game.queries import ActionOption

    return ActionOption(kind, label, command, mp, {}, actions.check(world, command))


def army_options(game: Game, army_entity: int) -> list[ActionOption]:
    """Boarding options for an army standing on a dock."""
    world = game.world
    army = esper.try_component(army_entity, Army) if esper.entity_exists(army_entity) else None
    if army is None or army.owner is None:
        return []
    dock = dock_at(world, army.territory, army.owner)
    if dock is None:
        return []
    mp = _embark_mp(world, dock[1])
    out = []
    for ship in boarding_ships(world, army_entity):
        name = world.rules.structures[esper.component_for_entity(ship, Structure).structure_type].name
        out.append(_option(world, "embark", f"Board the {name.lower()}", Embark(army_entity, ship), mp))
    return out


def structure_options(game: Game, entity: int) -> list[ActionOption]:
    """A ship's options: sail to each reachable water territory, land its units, fire its guns."""
    world = game.world
    if not is_ship(world, entity):
        return []
    structure = esper.component_for_entity(entity, Structure)
    out = []
    for territory, path in sorted(sail_reach(world, entity).items()):
        out.append(_option(world, "sail", f"Sail to {territory}", Sail(entity, path), sailing_cost(world, path)))
    if structure.garrison:
        for territory in world.board.neighbours(structure.territory):
            if world.rules.is_land(world.terrain[territory]):
                out.append(_option(world, "disembark", f"Land at {territory}", Disembark(entity, territory)))
    if _ability(world, structure, "naval_gun", NavalGunAbility) is not None:
        for target in gun_targets(world, entity):
            name = world.rules.structures[esper.component_for_entity(target, Structure).structure_type].name
            out.append(_option(world, "ship_fire", f"Fire at the {name.lower()}", ShipFire(entity, target)))
    return out


def player_options(game: Game) -> list[ActionOption]:
    """Every ship-related action of the current player: boarding, sailing, landing and firing."""
    world = game.world
    seat = world.clock.seat
    out = []
    for entity, _ in sorted(q.player_armies(seat), key=lambda pair: pair[0]):
        out.extend(army_options(game, entity))
    for entity, _ in sorted(ships_of(world, seat), key=lambda pair: pair[0]):
        out.extend(structure_options(game, entity))
    return out


def register(app: ModApp) -> None:
    app.add_ability_kind("dock", DockAbility)
    app.add_ability_kind("vessel", VesselAbility)
    app.add_ability_kind("naval_gun", NavalGunAbility)
    app.add_placement(HARBOUR, harbour_reason, harbour_candidates)
    app.add_component(ShipMoves)
    app.add_command(Embark, check_embark, apply_embark)
    app.add_command(Sail, check_sail, apply_sail)
    app.add_command(Disembark, check_disembark, apply_disembark)
    app.add_command(ShipFire, check_fire, apply_fire)
    for event in (UnitsEmbarked, ShipSailed, UnitsDisembarked, ShipFired):
        app.add_event(event)
    app.add_system(UPKEEP, "ships.ready", ready_ships, after="upkeep")
    app.add_army_options(army_options)
    app.add_structure_options(structure_options)
    app.add_player_options(player_options)
    from game.content.plugins import sibling_module  # the computer play lives next to this file (ai.py)

    app.add_ai_behaviour(sibling_module(__file__, "ai").NavyBehaviour(sys.modules[__name__]))
    register_presentation(app)


def _client() -> ModuleType:
    """This mod's client code (client.py), imported only when a window shows one of its events."""
    from game.content.plugins import sibling_module

    return sibling_module(__file__, "client")


def register_presentation(app: ModApp) -> None:
    """How the client shows ships: tokens on the water, their events animated, sounded and burst, and the
    panel's line about a ship. Every callable imports client.py lazily (headless games never do)."""
    shown = app.presentation
    shown.sailing_abilities.add("vessel")
    shown.on_event("ShipSailed", scene=lambda s, e: _client().ship_sailed(s, e),
                   beat=lambda: _client().SailBeat, sound="move")
    shown.on_event("UnitsEmbarked", scene=lambda s, e: _client().units_embarked(s, e),
                   beat=lambda: _client().BoardBeat, sound="move")
    shown.on_event("UnitsDisembarked", scene=lambda s, e: _client().units_disembarked(s, e),
                   beat=lambda: _client().BoardBeat, sound="move")
    shown.on_event("ShipFired", scene=lambda s, e: _client().ship_fired(s, e),
                   beat=lambda: _client().StrikeBeat, sound="battle",
                   effect=lambda effects, e: _client().gun_burst(effects, e))
    shown.panel_facts.append(lambda world, entity: _client().ship_facts(world, entity))
