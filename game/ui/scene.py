"""What the map shows: a display copy of the game state, read from the engine and advanced by its events."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import esper

from components.armies import Army, ArmyUnit, Battle, Rogue
from components.board import Disrupted, Territory
from components.players import HomeBase, Player
from components.structures import Catapult, Structure
from game.client_hooks import structure_types
from game.presentation import Presentation
from systems import events as ev
from systems.volley import VolleyLoosed
from systems.world import DRAW, World


@dataclass
class ArmyView:
    """An army as drawn: owner (None for rogues), where it stands, its unit types, battle and MP state."""

    entity: int
    owner: int | None
    territory: int
    units: list[int] = field(default_factory=list)
    types: list[str] = field(default_factory=list)
    battle: int | None = None
    mp: int = 0
    done: bool = False
    health: float = 1.0  # what is left of its units' health, 0..1 (a bar on the map when below 1)


@dataclass
class StructureView:
    """A structure as drawn: a wall has `border`, the territory on its other side."""

    entity: int
    kind: str
    owner: int | None
    territory: int
    border: int | None
    health: int
    max_health: int
    garrison: int = 0
    upgraded: bool = False
    mobile: bool = False
    ship: bool = False  # a structure that sails (an ability in presentation.sailing_abilities): a token on the water
    # the mods' pictures on it, each (manifest section, key) -> faded, in the order they came: several mods may
    # mark one structure (a gate in a burning wall), so each keeps its own picture
    marks: dict[tuple[str, str], bool] = field(default_factory=dict)

    @property
    def mark(self) -> tuple[str, str, bool] | None:
        """The first mod's picture on it, (section, key, faded), or None."""
        return next(((section, key, faded) for (section, key), faded in self.marks.items()), None)


class Scene:
    """The client's copy of the board. `sync` reads the engine; `apply` replays one event onto the copy."""

    def __init__(self, width: int, height: int, terrain: tuple[str, ...] | list[str],
                 presentation: Presentation | None = None) -> None:
        self.presentation = presentation if presentation is not None else Presentation()
        self.width = width
        self.height = height
        self.terrain = tuple(terrain)
        self.owners: list[int | None] = [None] * (width * height)
        self.disrupted: set[int] = set()
        self.bases: dict[int, int] = {}
        self.armies: dict[int, ArmyView] = {}
        self.structures: dict[int, StructureView] = {}
        self.battles: dict[int, int] = {}  # battle entity -> territory
        self.unit_types: dict[int, str] = {}
        self.names: dict[int, str] = {}
        self.computer: dict[int, bool] = {}
        self.defeated: set[int] = set()
        self.seats: list[int] = []
        self.seat = 1
        self.round = 0
        self.stage = "setup"
        self.winner: int | None = None
        self.ship_types: set[str] = set()  # structure types that sail (their abilities say so, see sync)
        self.mobile_types: set[str] = {"catapult"}  # structure types that move with a crew (their data says so)
        self.version = 0  # bumps whenever armies, structures or bases change
        self.dirty: set[int] = set()  # territories whose ownership or disruption changed (terrain re-bake)
        self._handlers: dict[type, Callable[[Any], None]] = {
            ev.BaseChosen: self._base_chosen,
            ev.TurnStarted: self._turn_started,
            ev.StageStarted: self._stage_started,
            ev.ArmyMoved: self._army_moved,
            ev.ArmiesCombined: self._armies_combined,
            ev.ArmySplit: self._army_split,
            ev.ArmyWentRogue: self._army_went_rogue,
            ev.BattleStarted: self._battle_started,
            ev.BattleEnded: self._battle_ended,
            ev.BattleRoundFought: self._battle_round,
            ev.UnitsDestroyed: self._units_destroyed,
            ev.ArmyDestroyed: self._army_destroyed,
            ev.UnitBuilt: self._unit_built,
            ev.StructureBuilt: self._structure_built,
            ev.StructureDestroyed: self._structure_destroyed,
            ev.StructureCaptured: self._structure_captured,
            ev.StructureRepaired: self._structure_repaired,
            ev.TerritoryTakenOver: self._taken_over,
            ev.TerritoryDisrupted: self._disrupted,
            ev.RogueAppeared: self._rogue_appeared,
            ev.PlayerDefeated: self._player_defeated,
            ev.GameWon: self._game_won,
            ev.GameDrawn: self._game_drawn,
            ev.UnitStationed: self._unit_stationed,
            ev.UnitUnstationed: self._unit_unstationed,
            VolleyLoosed: self._volley_loosed,
        }

    # ----- geometry helpers
    def coords(self, territory: int) -> tuple[int, int]:
        return territory % self.width, territory // self.width

    def index(self, x: int, y: int) -> int | None:
        if 0 <= x < self.width and 0 <= y < self.height:
            return y * self.width + x
        return None

    def armies_at(self, territory: int) -> list[ArmyView]:
        return [a for a in self.armies.values() if a.territory == territory]

    def structures_at(self, territory: int) -> list[StructureView]:
        return [s for s in self.structures.values() if s.territory == territory and s.border is None]

    def ships_at(self, territory: int) -> list[StructureView]:
        return sorted((s for s in self.structures.values() if s.ship and s.territory == territory),
                      key=lambda s: s.entity)

    # ----- reading the engine
    def sync(self, world: World) -> None:
        """Make the copy equal to the engine's state (after events were shown, or after loading)."""
        world.activate()
        owners: list[int | None] = [None] * (self.width * self.height)
        for seat, owned in world.owned.items():
            for territory in owned:
                owners[territory] = seat
        self._set_owners(owners)
        disrupted = {
            t.index for _, (t, d) in esper.get_components(Territory, Disrupted)
            if (world.clock.round, world.clock.seat) < (d.until_round, d.seat)
        }
        self.dirty |= disrupted ^ self.disrupted
        self.disrupted = disrupted
        self.seats = list(world.seats)
        self.bases, self.names, self.computer, self.defeated = {}, {}, {}, set()
        for seat, entity in world.players.items():
            player = esper.component_for_entity(entity, Player)
            base = esper.component_for_entity(entity, HomeBase).territory
            if base is not None and not player.defeated:
                self.bases[seat] = base
            self.names[seat] = player.name
            self.computer[seat] = player.computer
            if player.defeated:
                self.defeated.add(seat)
        self.unit_types = {e: u.unit_type for e, u in esper.get_component(ArmyUnit)}
        self.armies = {}
        for entity, army in esper.get_component(Army):
            if not esper.entity_exists(entity):
                continue
            rogue = esper.has_component(entity, Rogue)
            units = [esper.try_component(u, ArmyUnit) for u in army.units]
            full = sum(u.defense for u in units if u is not None)
            left = sum(max(0, u.defense - u.damage) for u in units if u is not None)
            self.armies[entity] = ArmyView(
                entity, None if rogue else army.owner, army.territory, list(army.units),
                [self.unit_types.get(u, "soldier") for u in army.units], army.battle, army.mp, army.done,
                left / full if full else 1.0,
            )
        sailing = self.presentation.sailing_abilities
        kinds = structure_types(world)
        self.ship_types = {sid for sid, spec in kinds.items() if any(spec.has(k) for k in sailing)}
        self.mobile_types = {sid for sid, spec in kinds.items() if spec.mobile is not None}
        self.structures = {}
        marks = self.presentation.structure_marks
        for entity, s in esper.get_component(Structure):
            if not esper.entity_exists(entity):
                continue
            self.structures[entity] = StructureView(
                entity, s.structure_type, s.owner, s.territory, s.border, s.health, s.max_health,
                len(s.garrison), bool(s.upgrades), esper.has_component(entity, Catapult),
                s.structure_type in self.ship_types,
                marks={(m[0], m[1]): m[2] for mark in marks if (m := mark(world, entity)) is not None},
            )
        self.battles = {e: b.territory for e, b in esper.get_component(Battle) if esper.entity_exists(e)}
        clock = world.clock
        self.seat, self.round, self.stage, self.winner = clock.seat, clock.round, clock.stage, clock.winner
        self.version += 1

    def _set_owners(self, owners: list[int | None]) -> None:
        for territory, (old, new) in enumerate(zip(self.owners, owners, strict=True)):
            if old != new:
                self.dirty.add(territory)
        self.owners = owners

    def set_owner(self, territory: int, seat: int | None) -> None:
        if self.owners[territory] != seat:
            self.owners[territory] = seat
            self.dirty.add(territory)

    def take_dirty(self) -> set[int]:
        dirty, self.dirty = self.dirty, set()
        return dirty

    # ----- replaying events
    def apply(self, event: ev.Event) -> None:
        handler = self._handlers.get(type(event))
        if handler is not None:
            handler(event)
            return
        update = self.presentation.scene_updates.get(type(event).__name__)  # a ruleset's or mod's event
        if update is not None:
            update(self, event)

    def _bump(self) -> None:
        self.version += 1

    def mark_structure(
        self, entity: int, mark: tuple[str, str, bool] | None, off: tuple[str, str] | None = None
    ) -> None:
        """A mod's picture on a structure changed (a gate built, opened, closed; flames lit): `mark` (manifest
        section, key, faded) is drawn, or its fading changes; `off` (section, key) is taken away. The other mods'
        pictures on it stay. Neither given: the structure has no pictures."""
        found = self.structures.get(entity)
        if found is not None:
            if mark is not None:
                found.marks[(mark[0], mark[1])] = mark[2]
            if off is not None:
                found.marks.pop(off, None)
            if mark is None and off is None:
                found.marks.clear()
        self.bump()

    def bump(self) -> None:
        """Say the picture changed (plugins' scene updates call this)."""
        self.version += 1

    def remove_from_army(self, army_entity: int, units: tuple[int, ...] | list[int]) -> None:
        """Units left an army (boarded something, say); an emptied army disappears."""
        army = self.armies.get(army_entity)
        if army is None:
            return
        gone = set(units)
        army.units = [u for u in army.units if u not in gone]
        army.types = [self.unit_types.get(u, "soldier") for u in army.units]
        if not army.units:
            del self.armies[army_entity]

    def land_units(self, army_entity: int, owner: int | None, territory: int, units: tuple[int, ...] | list[int]) -> None:
        """Units arrive in a territory with no MP left, joining `army_entity` (made if new)."""
        army = self.armies.get(army_entity)
        types = [self.unit_types.get(u, "soldier") for u in units]
        if army is None:
            self.armies[army_entity] = ArmyView(army_entity, owner, territory, list(units), types, None, 0)
        else:
            army.units.extend(units)
            army.types.extend(types)
            army.mp = 0

    def _base_chosen(self, e: ev.BaseChosen) -> None:
        self.bases[e.seat] = e.territory
        self.set_owner(e.territory, e.seat)
        self._bump()

    def _turn_started(self, e: ev.TurnStarted) -> None:
        self.seat, self.round = e.seat, e.round
        self._bump()

    def _stage_started(self, e: ev.StageStarted) -> None:
        self.seat, self.stage = e.seat, e.stage

    def _army_moved(self, e: ev.ArmyMoved) -> None:
        army = self.armies.get(e.army)
        if army is None:
            army = self.armies[e.army] = ArmyView(e.army, e.owner, e.path[0] if e.path else 0)
        army.territory = e.path[-1] if e.path else army.territory
        army.mp = e.mp_left
        if e.units:
            old = army.types
            army.units = list(e.units)
            army.types = [self.unit_types.get(u) or (old[i] if i < len(old) else "soldier") for i, u in enumerate(e.units)]
        self._bump()

    def _armies_combined(self, e: ev.ArmiesCombined) -> None:
        source, into = self.armies.get(e.army), self.armies.get(e.into)
        moved = set(e.units)
        if source is not None:
            source.units = [u for u in source.units if u not in moved]
            source.types = [self.unit_types.get(u, "soldier") for u in source.units]
            if not source.units:
                del self.armies[e.army]
        if into is not None:
            into.units.extend(e.units)
            into.types = [self.unit_types.get(u, "soldier") for u in into.units]
        self._bump()

    def _army_split(self, e: ev.ArmySplit) -> None:
        source = self.armies.get(e.army)
        if source is None:
            return
        moved = set(e.units)
        source.units = [u for u in source.units if u not in moved]
        source.types = [self.unit_types.get(u, "soldier") for u in source.units]
        self.armies[e.new_army] = ArmyView(
            e.new_army, source.owner, source.territory, list(e.units),
            [self.unit_types.get(u, "soldier") for u in e.units], None, source.mp,
        )
        self._bump()

    def _army_went_rogue(self, e: ev.ArmyWentRogue) -> None:
        army = self.armies.get(e.army)
        if army is not None:
            army.owner = None
        self._bump()

    def _battle_started(self, e: ev.BattleStarted) -> None:
        self.battles[e.battle] = e.territory
        for entity in (e.attacker, e.defender):
            if entity in self.armies:
                self.armies[entity].battle = e.battle
        self._bump()

    def _battle_ended(self, e: ev.BattleEnded) -> None:
        self.battles.pop(e.battle, None)
        for army in self.armies.values():
            if army.battle == e.battle:
                army.battle = None
        self._bump()

    def _battle_round(self, e: ev.BattleRoundFought) -> None:
        self._remove_units(e.destroyed)

    def _units_destroyed(self, e: ev.UnitsDestroyed) -> None:
        self._remove_units(e.units)

    def _remove_units(self, units: tuple[int, ...]) -> None:
        gone = set(units)
        if not gone:
            return
        for army in self.armies.values():
            if gone & set(army.units):
                army.units = [u for u in army.units if u not in gone]
                army.types = [self.unit_types.get(u, "soldier") for u in army.units]
        self._bump()

    def _army_destroyed(self, e: ev.ArmyDestroyed) -> None:
        self.armies.pop(e.army, None)
        self._bump()

    def _unit_built(self, e: ev.UnitBuilt) -> None:
        self.unit_types[e.unit] = e.unit_type
        army = self.armies.get(e.army)
        if army is None:
            army = self.armies[e.army] = ArmyView(e.army, e.seat, e.territory)
        army.units.append(e.unit)
        army.types.append(e.unit_type)
        army.mp = 0
        self._bump()

    def _volley_loosed(self, e: VolleyLoosed) -> None:
        """E0.4: strikes a wall absorbed wear it down on the client's copy too (the dead leave by their own events)."""
        for strike in e.strikes:
            wall = self.structures.get(strike.absorbed_by) if strike.absorbed_by is not None else None
            if wall is not None:
                wall.health = max(0, wall.health - strike.damage)
        self._bump()

    def _structure_built(self, e: ev.StructureBuilt) -> None:
        self.structures[e.structure] = StructureView(
            e.structure, e.structure_type, e.seat, e.territory, e.border, 1, 1,
            mobile=e.structure_type in self.mobile_types, ship=e.structure_type in self.ship_types,
        )
        self._bump()

    def _structure_destroyed(self, e: ev.StructureDestroyed) -> None:
        self.structures.pop(e.structure, None)
        self._bump()

    def _structure_captured(self, e: ev.StructureCaptured) -> None:
        found = self.structures.get(e.structure)
        if found is not None:
            found.owner = e.new_owner
        self._bump()

    def _structure_repaired(self, e: ev.StructureRepaired) -> None:
        found = self.structures.get(e.structure)
        if found is not None:
            found.health = min(found.max_health, found.health + e.points)

    def _taken_over(self, e: ev.TerritoryTakenOver) -> None:
        self.set_owner(e.territory, e.new_owner)
        army = self.armies.get(e.army)
        if army is not None:
            army.done = True
        self._bump()

    def _disrupted(self, e: ev.TerritoryDisrupted) -> None:
        if e.territory not in self.disrupted:
            self.disrupted.add(e.territory)
            self.dirty.add(e.territory)

    def _rogue_appeared(self, e: ev.RogueAppeared) -> None:
        self.armies[e.army] = ArmyView(e.army, None, e.territory, [], list(e.units))
        self._bump()

    def _player_defeated(self, e: ev.PlayerDefeated) -> None:
        self.defeated.add(e.seat)
        self.bases.pop(e.seat, None)
        for entity in [a.entity for a in self.armies.values() if a.owner == e.seat]:
            del self.armies[entity]
        for entity in [s.entity for s in self.structures.values() if s.owner == e.seat]:
            del self.structures[entity]
        for territory, owner in enumerate(self.owners):
            if owner == e.seat:
                self.set_owner(territory, None)
        self._bump()

    def _game_won(self, e: ev.GameWon) -> None:
        self.winner = e.seat
        self.stage = "over"
        self._bump()

    def _game_drawn(self, e: ev.GameDrawn) -> None:
        self.winner = DRAW
        self.stage = "over"
        self._bump()

    def _unit_stationed(self, e: ev.UnitStationed) -> None:
        found = self.structures.get(e.structure)
        if found is not None:
            found.garrison += 1
        for entity in [a.entity for a in self.armies.values() if a.units == [e.unit]]:
            del self.armies[entity]
        self._bump()

    def _unit_unstationed(self, e: ev.UnitUnstationed) -> None:
        found = self.structures.get(e.structure)
        if found is not None:
            found.garrison = max(0, found.garrison - 1)
            owner = found.owner
        else:
            owner = None
        army = self.armies.get(e.army)
        if army is None:
            self.armies[e.army] = ArmyView(e.army, owner, e.territory, [e.unit], [self.unit_types.get(e.unit, "soldier")])
        else:
            army.units.append(e.unit)
            army.types.append(self.unit_types.get(e.unit, "soldier"))
        self._bump()
