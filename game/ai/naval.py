"""Computer players at sea (the ships mod): docks, transports, landings and battleships' guns.

Used only when the game's ruleset has a plugin offering the ships queries (`game.plugins.plugin_module
("ships")`); structure types are recognised by their abilities (`dock`, `vessel`, `naval_gun`), so a mod
adding other ships is used the same way. Like the rest of the computer player it keeps nothing between
turns: the plan is worked out from the board each turn (its terrain-only parts are cached per game).

The plan, for the current player's main target (an enemy flag):
- Going by sea pays when the flag cannot be walked to (another island), or when the sea route is much
  shorter: walk to a dock site, board (one turn), sail, land, walk on (`Plan.use`).
- A dock goes on the best shore territory the player owns (claimers are pointed at one when it owns
  none); a ship is launched next to it whenever no ship lies there to be loaded (a battleship when
  wood and metal allow, else the largest transport affordable; at most three ships).
- Strike forces that would go by sea gather on the dock and board; a ship leaves when its cargo is
  enough for a strike force (or the late game has come), sails along the sea route and lands its units
  where the walk to the flag is shortest (right on an undefended flag when it can), avoiding landing
  next to much stronger enemies. A battleship keeps its crew aboard; emptied transports sail home.
- Battleships fire at hostile structures in range, the ones guarding an enemy flag first; a crewed
  battleship with nothing aboard to land looks for a hostile structure by the shore to shell.
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass
from types import ModuleType
from typing import TYPE_CHECKING

import esper

from components.armies import Army
from components.commands import BuildStructure, Move
from components.structures import Catapult, Structure
from game.ai.view import INF, View, distance_field
from game.queries import structure_placements
from systems import queries as q

if TYPE_CHECKING:
    from game.ai.strategic import Turn

EMBARK_MP = 4      # boarding costs about a turn (an army walks to the dock, boards; the ship sails next turn)
LANDING_MP = 4     # ...and landing another (landed units have no MP left that turn)
MAX_FLEET = 3
MUCH_SHORTER = 0.6  # by sea when (sea route + 8 MP) is at most this share of the walk


@dataclass
class Plan:
    """Terrain-only facts about going from a base to a target by sea (cached per game)."""

    land: int                 # MP of the walk from the base to the target (INF: another island)
    to_target: list[int]      # MP from each territory to the target on foot
    sea: list[int]            # MP-equivalent from each water territory to the target: sail, land, walk
    sites: dict[int, int]     # dock site (land next to water, walkable from the base) -> total MP via it
    rest: dict[int, int]      # dock site -> MP from it on: boarding, sailing, landing, walking
    use: bool                 # going by sea pays


def ships_module(v: View) -> ModuleType | None:
    """The ships plugin's query module when the game's ruleset has it, else None."""
    from game.plugins import plugin_module

    for mod in v.rules.mods:
        module = plugin_module(mod.id)
        if module is not None and all(hasattr(module, name) for name in (
                "ships_of", "cargo_room", "sail_reach", "landing_sites", "gun_targets", "Embark", "Sail",
                "Disembark", "ShipFire")):
            return module
    return None


def _types_with(v: View, kind: str) -> list[str]:
    return sorted(sid for sid, spec in v.rules.structures.items() if spec.ability(kind) is not None)


def sea_field(v: View, to_target: list[int], allowed: set[int] | None = None) -> list[int]:
    """Dijkstra over water: landing next to a territory costs LANDING_MP plus the walk on; a water step 1 MP.
    `allowed`: the land territories one may land on (all when None)."""
    terrain, rules = v.world.terrain, v.rules
    water = [rules.terrain[t].water for t in terrain]
    dist = [INF] * v.size
    heap: list[tuple[int, int]] = []
    neighbours = v.board.neighbours
    for w in range(v.size):
        if not water[w]:
            continue
        best = min((to_target[n] for n in neighbours(w) if not water[n] and to_target[n] < INF
                    and (allowed is None or n in allowed)), default=INF)
        if best < INF:
            dist[w] = best + LANDING_MP
            heap.append((dist[w], w))
    heapq.heapify(heap)
    while heap:
        d, here = heapq.heappop(heap)
        if d > dist[here]:
            continue
        for there in neighbours(here):
            if water[there] and d + 1 < dist[there]:
                dist[there] = d + 1
                heapq.heappush(heap, (d + 1, there))
    return dist


def plan_for(v: View, base: int, target: int, types: tuple[str, ...]) -> Plan:
    key = ("naval", base, target, types)
    found = v.static.plans.get(key)
    if isinstance(found, Plan):
        return found
    to_target = distance_field(v.world, v.static, types, target)
    from_base = distance_field(v.world, v.static, types, base)
    sea = sea_field(v, to_target)
    rules, terrain = v.rules, v.world.terrain
    sites: dict[int, int] = {}
    rest: dict[int, int] = {}
    for t in range(v.size):
        if not rules.is_land(terrain[t]) or from_base[t] >= INF:
            continue
        best = min((sea[n] for n in v.board.neighbours(t) if rules.terrain[terrain[n]].water), default=INF)
        if best < INF:
            rest[t] = EMBARK_MP + best
            sites[t] = from_base[t] + rest[t]
    land = to_target[base]
    naval = min(sites.values(), default=INF)
    use = naval < INF and (land >= INF or naval + 8 <= MUCH_SHORTER * land)
    plan = Plan(land, to_target, sea, sites, rest, use)
    v.static.plans[key] = plan
    return plan


class Navy:
    """The current player's naval moves for one turn (see the module docstring)."""

    def __init__(self, turn: Turn, module: ModuleType, target: tuple[int, int]) -> None:
        self.t = turn
        self.v = turn.v
        self.m = module
        v = self.v
        assert v.base is not None
        self.target_seat, self.target = target
        self.types = ("soldier",) if "soldier" in v.rules.units else (min(v.rules.units),)
        self.plan = plan_for(v, v.base, self.target, self.types)
        self.docks = _types_with(v, "dock")
        self.vessels = _types_with(v, "vessel")
        self.dock_cell = self._dock_cell()
        self.undefended: set[int] = set()
        self.power = 0.0

    @property
    def active(self) -> bool:
        return self.plan.use and bool(self.docks) and bool(self.vessels)

    # --- where ---------------------------------------------------------------------------------------

    def my_docks(self) -> list[int]:
        return sorted(s.territory for _, s in self.v.structures
                      if s.owner == self.t.seat and s.structure_type in self.docks and s.territory in self.plan.sites)

    def _dock_cell(self) -> int | None:
        """The dock the strike forces use: the best own one, else the best site to build one."""
        built = self.my_docks()
        if built:
            return min(built, key=lambda t: (self.plan.sites[t], t))
        owned = [t for t in self.plan.sites if self.v.owner[t] == self.t.seat]
        pool = owned or list(self.plan.sites)
        return min(pool, key=lambda t: (self.plan.sites[t], t)) if pool else None

    def wanted_claim(self) -> int | None:
        """A shore territory to claim when the player owns none fit for a dock."""
        if not self.active or self.my_docks():
            return None
        if any(self.v.owner[t] == self.t.seat for t in self.plan.sites):
            return None
        return self.dock_cell

    def staging(self) -> int | None:
        """Where strike forces leaving the flag gather: next to the flag toward the dock (None: on it)."""
        v = self.v
        if self.dock_cell is None or v.base is None:
            return None
        if self.dock_cell == v.base:
            return None
        field = distance_field(v.world, v.static, self.types, self.dock_cell)
        options = [n for n in v.board.neighbours(v.base) if field[n] < INF]
        return min(options, key=lambda n: (field[n], n)) if options else None

    def goes_by_sea(self, army: Army) -> bool:
        """Should this army make for the dock rather than walk to the target?"""
        if not self.active or self.dock_cell is None:
            return False
        walk = self.plan.to_target[army.territory]
        to_dock = distance_field(self.v.world, self.v.static, self.v.types(army), self.dock_cell)[army.territory]
        if to_dock >= INF:
            return False
        if walk >= INF:
            return True
        return to_dock + self.plan.rest[self.dock_cell] + 8 <= MUCH_SHORTER * walk

    # --- the strike forces' part ---------------------------------------------------------------------

    def to_dock(self, entity: int, army: Army) -> None:
        v, dock = self.v, self.dock_cell
        if dock is None or army.territory == dock:
            return
        reach = v.reach(entity)
        r = reach.get(dock)
        if r is not None:
            resident = v.my_army_at(dock)
            if r.kind == "move" or (r.kind == "combine" and resident is not None
                                    and len(self._fitting(army, resident[1])) == len(army.units)):
                self.t.submit(Move(entity, r.path))
                return
        field = distance_field(v.world, v.static, v.types(army), dock)
        self.t.move_toward(entity, field, reach, allow_combine=True, stop_before=None)

    def _fitting(self, army: Army, into: Army) -> list[int]:
        from systems.movement import fitting_units

        return fitting_units(self.v.world, army, into)

    # --- the turn's naval step -----------------------------------------------------------------------

    def run(self) -> None:
        steps = (self.fire, self.build_dock, self.embark, self.sail_and_land, self.fire, self.build_ship)
        # (sail_and_land and fire also move ships built before the plan changed, e.g. after a target fell)
        for step in steps:
            if not self.t.active():
                return
            step()

    def fleet(self) -> list[tuple[int, Structure]]:
        self.v.world.activate()
        return sorted(self.m.ships_of(self.v.world, self.t.seat), key=lambda pair: pair[0])

    def build_dock(self) -> None:
        if not self.active or self.my_docks() or self.dock_cell is None:
            return
        if self.v.owner[self.dock_cell] != self.t.seat:
            return
        for kind in self.docks:
            if self.t.affordable(kind) and self.t.submit(BuildStructure(kind, self.dock_cell)) is not None:
                self.dock_cell = self._dock_cell()
                return

    def at_dock(self, structure: Structure) -> bool:
        return self.dock_cell is not None and structure.territory in self.v.board.neighbours(self.dock_cell)

    def build_ship(self) -> None:
        if not self.active or self.dock_cell is None or self.dock_cell not in self.my_docks():
            return
        fleet = self.fleet()
        if len(fleet) >= MAX_FLEET:
            return
        if any(self.at_dock(s) and self.m.cargo_room(self.v.world, e) > 0 for e, s in fleet):
            return
        rules = self.v.rules
        order = sorted(self.vessels, key=lambda k: (rules.structures[k].ability("naval_gun") is None,
                                                    -rules.structures[k].garrison, k))
        smallest = min(rules.structures[k].garrison for k in self.vessels)
        for kind in order:
            if not self.t.affordable(kind):
                continue
            if fleet and rules.structures[kind].garrison == smallest and len(order) > 1:
                return  # the first ship may be small (it sails soonest); save up for bigger ones after
            spots = [c for c in structure_placements(self.t.game, kind)
                     if c.territory in self.v.board.neighbours(self.dock_cell)]
            if not spots:
                return
            best = min(spots, key=lambda c: (self.plan.sea[c.territory], c.territory))
            if self.t.submit(best) is not None:
                return

    def embark(self) -> None:
        v, dock = self.v, self.dock_cell
        if not self.active or dock is None or dock not in self.my_docks():
            return
        for _ in range(MAX_FLEET):
            found = v.my_army_at(dock)
            if found is None or not self.t.active():
                return
            entity, army = found
            if army.battle is not None or army.mp <= 0:
                return
            keep = self.t.keep_at_base() if dock == v.base else 0
            ships = [(e, s) for e, s in self.fleet() if self.at_dock(s) and self.m.cargo_room(v.world, e) > 0]
            if not ships or len(army.units) <= keep:
                return
            ship, structure = max(ships, key=lambda pair: (len(pair[1].garrison), -pair[0]))
            room = self.m.cargo_room(v.world, ship)
            crew = None
            if army.catapult is not None and esper.entity_exists(army.catapult):
                crew = esper.component_for_entity(army.catapult, Catapult).crew
            order = sorted(army.units, key=lambda u: (q.unit(u).unit_type in ("defender",), -u))
            order = order[: len(order) - keep] if keep else order
            chosen: list[int] = []
            used = 0
            for u in order:
                if u == crew:
                    continue
                need = v.rules.units[q.unit(u).unit_type].army.slots
                if used + need <= room:
                    chosen.append(u)
                    used += need
            if not chosen:
                return
            command = self.m.Embark(entity, ship, tuple(sorted(chosen)))
            if self.t.game.check(command) is not None or self.t.submit(command) is None:
                return

    def cargo_slots(self, structure: Structure) -> int:
        return q.slots_of(self.v.world, [q.unit(u).unit_type for u in structure.garrison])

    def crew_of(self, structure: Structure) -> int:
        vessel = self.v.rules.structures[structure.structure_type].ability("vessel")
        return int(getattr(vessel, "crew", 0)) if vessel is not None else 0

    def convoy(self) -> list[tuple[int, Structure]]:
        """The player's ships with units to land."""
        return [(e, s) for e, s in self.fleet() if len(s.garrison) > self.crew_of(s)]


    def convoy_ready(self, convoy: list[tuple[int, Structure]]) -> bool:
        """Ships loading at the dock leave together once they carry a strike group (smaller late in the game)."""
        rules = self.v.rules
        capacity = sum(rules.structures[s.structure_type].garrison - self.crew_of(s) for _, s in self.fleet())
        cargo = sum(self.cargo_slots(s) - self.crew_of(s) for _, s in convoy)
        wanted = min(capacity, max(4, self.t.p.group_units // 2 + 2))
        return cargo >= wanted or (self.t.late and cargo >= 3)

    def sail_and_land(self) -> None:
        convoy = self.convoy()
        ready = self.convoy_ready(convoy)
        landing: list[int] = []
        for _, s in convoy:
            landing.extend(self.landing_units(s))
        self.power = float(sum(q.unit(u).attack for u in landing) * sum(q.unit(u).defense - q.unit(u).damage
                                                                         for u in landing))
        field: list[int] | None = None
        for entity, structure in self.fleet():
            if not self.t.active():
                return
            if len(structure.garrison) > self.crew_of(structure):
                if ready or not self.at_dock(structure):
                    field = field if field is not None else self.landing_field()
                    if not self.land(entity, field):
                        self.sail_toward(entity, field)
                        self.land(entity, field)
            elif self.crew_of(structure) and structure.garrison and self.v.rules.structures[
                    structure.structure_type].ability("naval_gun") is not None:
                self.hunt(entity, structure)
            elif not self.at_dock(structure) and self.dock_cell is not None:
                self.sail_toward(entity, self.home_field())

    def landing_units(self, structure: Structure) -> list[int]:
        """The units a ship would land: everyone but its crew (the weakest stay aboard)."""
        crew = self.crew_of(structure)
        units = sorted(structure.garrison, key=lambda u: (-self.v.rules.units[q.unit(u).unit_type].combat.attack, u))
        return units[: len(units) - crew] if crew else units

    def landing_field(self) -> list[int]:
        """Like the plan's sea route, but only toward shores the convoy may land on now: no hostile army or
        battle there, and no enemy able to strike there next turn much stronger than the whole convoy
        (an undefended enemy flag always counts; late in the game only the first two conditions)."""
        v = self.v
        undefended = {b for s, b in v.enemy_bases.items() if not v.base_defended(s)}
        blocked = {a.territory for _, a in v.hostile if a.units} | {a.territory for _, a in v.armies
                                                                    if a.battle is not None}
        to_target = self.plan.to_target
        limit = INF if self.t.late else 1.5 * self.power
        allowed = {t for t in range(v.size) if to_target[t] < INF and v.static.land[t] and t not in blocked
                   and (t in undefended or v.mobile_threat.get(t, 0.0) <= limit)}
        self.undefended = undefended
        return sea_field(v, to_target, allowed)

    def home_field(self) -> list[int]:
        dock = self.dock_cell
        key = ("harbour", dock)
        found = self.v.static.plans.get(key)
        if isinstance(found, list):
            return found
        v = self.v
        water = [v.rules.terrain[t].water for t in v.world.terrain]
        dist = [INF] * v.size
        frontier = []
        for n in v.board.neighbours(dock) if dock is not None else ():
            if water[n]:
                dist[n] = 0
                frontier.append(n)
        while frontier:
            nxt = []
            for here in frontier:
                for there in v.board.neighbours(here):
                    if water[there] and dist[there] >= INF:
                        dist[there] = dist[here] + 1
                        nxt.append(there)
            frontier = nxt
        v.static.plans[key] = dist
        return dist

    def sail_toward(self, ship: int, field: list[int]) -> bool:
        """Sail to the reachable water territory lowest on `field` (if it is lower than here)."""
        world = self.v.world
        world.activate()
        here = esper.component_for_entity(ship, Structure).territory
        reach = self.m.sail_reach(world, ship)
        best = min(reach, key=lambda t: (field[t], len(reach[t]), t), default=None)
        if best is None or field[best] >= field[here]:
            return False
        return self.t.submit(self.m.Sail(ship, tuple(reach[best]))) is not None

    def land(self, ship: int, field: list[int]) -> bool:
        """Land everyone but the crew next to the ship when this is where `field` says to land."""
        v, world = self.v, self.v.world
        world.activate()
        if not esper.entity_exists(ship):
            return False
        structure = esper.component_for_entity(ship, Structure)
        here = structure.territory
        to_target = self.plan.to_target
        shore = [n for n in v.board.neighbours(here) if v.static.land[n] and to_target[n] < INF]
        sites = [n for n in shore if to_target[n] + LANDING_MP <= field[here]]
        if not sites:
            return False
        landing = self.landing_units(structure)
        landed = False
        for site in sorted(shore, key=lambda n: (n not in self.undefended, n not in sites, to_target[n], n)):
            if not landing or not self.t.active():
                break
            group: list[int] = []
            for u in landing:
                if q.fit_reason(world, [q.unit(x).unit_type for x in [*group, u]]) is None:
                    group.append(u)
            command = self.m.Disembark(ship, site, tuple(sorted(group)))
            if self.t.game.check(command) is not None:
                continue
            if self.t.submit(command) is None:
                break
            landed = True
            landing = [u for u in landing if u not in group]
        return landed

    def hunt(self, ship: int, structure: Structure) -> None:
        """A crewed battleship with nothing to land: sail next to a hostile structure by the shore, or home."""
        v = self.v
        if self.m.gun_targets(v.world, ship):
            return
        hostile = [s for e, s in v.structures if s.owner != self.t.seat and not self.m.is_ship(v.world, e)]
        water = [v.rules.terrain[t].water for t in v.world.terrain]
        goals = set()
        for s in hostile:
            for t in (s.territory, *v.board.neighbours(s.territory)):
                if water[t]:
                    goals.add(t)
        reach = self.m.sail_reach(v.world, ship)
        options = [t for t in reach if t in goals]
        if options:
            best = min(options, key=lambda t: (len(reach[t]), t))
            self.t.submit(self.m.Sail(ship, tuple(reach[best])))
        elif not self.at_dock(structure):
            self.sail_toward(ship, self.home_field())

    def fire(self) -> None:
        v = self.v
        bases = set(v.enemy_bases.values())
        for entity, _structure in self.fleet():
            if not self.t.active():
                return
            v.world.activate()
            targets = self.m.gun_targets(v.world, entity)
            if not targets:
                continue

            def key(target: int) -> tuple[int, int, int, int]:
                s = esper.component_for_entity(target, Structure)
                guards = s.territory in bases or (s.border is not None and s.border in bases)
                return (not guards, not s.garrison, s.health, target)

            self.t.submit(self.m.ShipFire(entity, min(targets, key=key)))
