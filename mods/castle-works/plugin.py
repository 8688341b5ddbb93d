"""Castle works mod plugin (E2): walls stop every army but through an open gate; drawbridges, portcullises, moats.

Numbers are data (`castle.toml`, the `[extra.castle_works]` section). A gate is part of its wall (a `Gate`
component on the wall's entity): captured and destroyed with it. The rules reach the engine through hooks:
`wall_crossing` (E2.1, E2.4: which walls block whom), `bridges` (E2.4: an open drawbridge bridges its water)
and `structure_protection` (E2.4: an open drawbridge's wall protects nothing); attacking a gate reuses the
engine's R8.6 strikes with the gate as the named target (E2.5). Climbing over a blocking wall is the
engine's (E0.3). Queries for the panel and the computer players: `gate_of`, `gate_options`, `settings`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import esper
from pydantic import (
    Field,
    StrictBool,
    StrictInt,
    StrictStr,
    ValidationInfo,
    field_validator,
)

from components.armies import Army
from components.board import Territory
from components.commands import Command
from components.data_model import DataModel
from components.structures import Structure
from game.words import plural
from systems import queries as q
from systems.actions import own_army, player_turn
from systems.combat import attack_structure, structure_attack_done
from systems.events import Event, Strike
from systems.world import World

if TYPE_CHECKING:
    from game.app import ModApp
    from game.engine import Game
    from game.queries import ActionOption

SECTION = "castle_works"


class GateSpec(DataModel):
    """E2.2: one kind of gate."""

    name: StrictStr
    description: StrictStr = ""
    cost: dict[str, StrictInt] = Field(min_length=1)
    defense: StrictInt = Field(ge=1, le=1_000_000)
    repair: dict[str, StrictInt] = Field(min_length=1)
    water_side: list[StrictStr] = []  # non-empty: only in a wall between land and one of these terrains
    bridges: StrictInt | None = Field(default=None, ge=1, le=1000)  # open: its water is entered for this MP
    open_protection: StrictInt | None = Field(default=None, ge=0, le=100)  # open: the wall's protection


    @field_validator("water_side")
    @classmethod
    def _known_terrain(cls, value: list[str], info: ValidationInfo) -> list[str]:
        return known_names(value, info, "terrain", "terrain")

    @field_validator("cost", "repair")
    @classmethod
    def _known_resources(cls, value: dict[str, int], info: ValidationInfo) -> dict[str, int]:
        known_names(list(value), info, "resources", "resource")
        return value


def known_names(names: list[str], info: ValidationInfo, table: str, what: str) -> list[str]:
    """Names a section uses must exist in the merged rules (given as validation context by the loader)."""
    data = (info.context or {}).get("rules_data")
    if not isinstance(data, dict):
        return names
    found = data.get(table, {})
    known = found.get("ids", []) if table == "resources" and isinstance(found, dict) else list(found)
    unknown = [n for n in names if n not in known]
    if unknown:
        raise ValueError(f"unknown {what} '{unknown[0]}' (known: {', '.join(map(str, known))})")
    return names


class MoatSpec(DataModel):
    """E2.6: digging a moat."""

    name: StrictStr
    description: StrictStr = ""
    cost: dict[str, StrictInt] = Field(min_length=1)
    terrain: StrictStr
    from_terrain: list[StrictStr]

    @field_validator("from_terrain")
    @classmethod
    def _known_terrain(cls, value: list[str], info: ValidationInfo) -> list[str]:
        return known_names(value, info, "terrain", "terrain")

    @field_validator("terrain")
    @classmethod
    def _known_moat_terrain(cls, value: str, info: ValidationInfo) -> str:
        return known_names([value], info, "terrain", "terrain")[0]


class CastleRules(DataModel):
    """The `[extra.castle_works]` section."""

    own_walls_block: StrictBool
    toggles_per_turn: StrictInt = Field(ge=0, le=1000)
    gates: dict[str, GateSpec]
    moat: MoatSpec


@dataclass(slots=True)
class Gate:
    """E2.2: the gate in a wall (on the wall's entity): its kind, state and its own health."""

    kind: str
    open: bool
    health: int
    max_health: int
    broken: bool = False
    toggled_round: int = -1
    toggled_seat: int = 0
    toggles: int = 0


@dataclass(slots=True)
class Moat:
    """E2.6: a dug moat (on its territory's entity): it cannot be attacked."""

    seat: int


@dataclass(frozen=True, slots=True)
class BuildGate(Command):
    """E2.2: build a gate of `kind` in your wall `wall`."""

    wall: int
    kind: str


@dataclass(frozen=True, slots=True)
class ToggleGate(Command):
    """E2.3: open the closed gate of your wall `wall`, or close the open one."""

    wall: int


@dataclass(frozen=True, slots=True)
class AttackGate(Command):
    """E2.5: attack the closed gate of a hostile wall beside the army (R8.6, the gate named)."""

    army: int
    wall: int


@dataclass(frozen=True, slots=True)
class RepairGate(Command):
    """E2.5, R6.5: restore `points` of a gate's health, paying its repair cost per point."""

    wall: int
    points: int


@dataclass(frozen=True, slots=True)
class DigMoat(Command):
    """E2.6: turn your territory into a moat (shallow water for good)."""

    territory: int


@dataclass(frozen=True, slots=True)
class GateBuilt(Event):
    seat: int
    wall: int
    kind: str
    territory: int
    border: int

    def log_text(self, place: Callable[[int], str]) -> str:
        return f"A {self.kind} was built in the wall at {place(self.territory)}"


@dataclass(frozen=True, slots=True)
class GateToggled(Event):
    seat: int
    wall: int
    open: bool
    territory: int

    def log_text(self, place: Callable[[int], str]) -> str:
        return f"The gate at {place(self.territory)} was {'opened' if self.open else 'closed'}"


@dataclass(frozen=True, slots=True)
class GateAttacked(Event):
    seat: int
    wall: int
    army: int
    territory: int
    strikes: tuple[Strike, ...]
    destroyed_units: tuple[int, ...]
    health: int
    broken: bool

    def log_text(self, place: Callable[[int], str]) -> str:
        return f"The gate at {place(self.territory)} was attacked" + (": it is broken" if self.broken else "")


@dataclass(frozen=True, slots=True)
class GateBombarded(Event):
    """E2.5: a bombardment's strike reached the gate it named (after the catapult's own CatapultFired)."""

    wall: int
    territory: int
    damage: int
    health: int
    broken: bool

    def log_text(self, place: Callable[[int], str]) -> str:
        return f"The gate at {place(self.territory)} was bombarded" + (": it is broken" if self.broken else "")


@dataclass(frozen=True, slots=True)
class GateRepaired(Event):
    seat: int
    wall: int
    points: int
    health: int


@dataclass(frozen=True, slots=True)
class MoatDug(Event):
    seat: int
    territory: int
    terrain: str

    def log_text(self, place: Callable[[int], str]) -> str:
        return f"A moat was dug at {place(self.territory)}"


def settings(world: World) -> CastleRules:
    """The game's castle works rules, as the `[extra.castle_works]` section says."""
    return CastleRules.model_validate(world.rules.extra[SECTION])


def gate_of(wall_entity: int) -> Gate | None:
    return esper.try_component(wall_entity, Gate) if esper.entity_exists(wall_entity) else None


def passable(gate: Gate | None) -> bool:
    """E2.4, E2.5: an open or broken gate lets every army through."""
    return gate is not None and (gate.open or gate.broken)


# --- the engine's hooks -----------------------------------------------------------------------------------

def wall_crossing(world: World, wall_entity: int, owner: int | None, here: int, there: int) -> int | None:
    """E2.1: no army crosses a wall, own or hostile, except through an open or broken gate (+1 MP, as R5.4);
    `own_walls_block` false restores R5.4 for own walls."""
    wall = esper.component_for_entity(wall_entity, Structure)
    extra = world.rules.costs.own_wall_extra
    if passable(gate_of(wall_entity)):
        return extra
    if q.hostile(wall.owner, owner) or settings(world).own_walls_block:
        return None
    return extra


def bridged(world: World) -> dict[int, int]:
    """E2.4: an open drawbridge makes its water territory count as bridged (R5.3)."""
    gates = settings(world).gates
    out: dict[int, int] = {}
    for entity, gate in esper.get_component(Gate):
        spec = gates.get(gate.kind)
        if spec is None or spec.bridges is None or not passable(gate) or not esper.entity_exists(entity):
            continue
        wall = esper.component_for_entity(entity, Structure)
        for side in (wall.territory, wall.border):
            if side is not None and world.terrain[side] in spec.water_side:
                out[side] = spec.bridges
    return out


def protection(world: World, structure: Structure, value: int) -> int:
    """E2.4: an open drawbridge's wall is ineffective (its `open_protection`); a portcullis keeps it."""
    if structure.border is None:
        return value
    found = q.wall_between(world, structure.territory, structure.border)
    gate = gate_of(found[0]) if found is not None else None
    if gate is None or not passable(gate):
        return value
    spec = settings(world).gates.get(gate.kind)
    return spec.open_protection if spec is not None and spec.open_protection is not None else value


# --- commands ---------------------------------------------------------------------------------------------

def _own_wall(world: World, wall_entity: int) -> Structure | str:
    structure = esper.try_component(wall_entity, Structure) if esper.entity_exists(wall_entity) else None
    if structure is None or structure.border is None:
        return "choose a wall"
    if structure.owner != world.issuer:
        return "that wall is not yours"
    return structure


def build_gate_reason(world: World, cmd: BuildGate) -> str | None:
    if (problem := player_turn(world)) is not None:
        return problem
    wall = _own_wall(world, cmd.wall)
    if isinstance(wall, str):
        return wall
    spec = settings(world).gates.get(cmd.kind)
    if spec is None:
        return f"there is no gate '{cmd.kind}'"
    if gate_of(cmd.wall) is not None:
        return "a wall holds at most one gate (E2.2)"
    if spec.water_side:
        assert wall.border is not None
        sides = [world.terrain[wall.territory], world.terrain[wall.border]]
        if not any(t in spec.water_side for t in sides) or not any(world.rules.is_land(t) for t in sides):
            return f"a {spec.name.lower()} goes in a wall between land and {' or '.join(spec.water_side)} (E2.2)"
    if not q.can_afford(q.stockpile(world, world.issuer), spec.cost):
        return f"a {spec.name.lower()} costs {q.format_cost(spec.cost)}"
    return None


def build_gate(world: World, cmd: BuildGate) -> None:
    spec = settings(world).gates[cmd.kind]
    wall = esper.component_for_entity(cmd.wall, Structure)
    q.pay(q.stockpile(world, world.issuer), spec.cost)
    esper.add_component(cmd.wall, Gate(cmd.kind, False, spec.defense, spec.defense))  # starts closed (E2.2)
    assert wall.border is not None
    world.emit(GateBuilt(world.issuer, cmd.wall, cmd.kind, wall.territory, wall.border))


def toggle_reason(world: World, cmd: ToggleGate) -> str | None:
    if (problem := player_turn(world)) is not None:
        return problem
    wall = _own_wall(world, cmd.wall)
    if isinstance(wall, str):
        return wall
    gate = gate_of(cmd.wall)
    if gate is None:
        return "that wall has no gate"
    if gate.broken:
        return "a broken gate cannot close until it is repaired to full (E2.5)"
    used = gate.toggles if (gate.toggled_round, gate.toggled_seat) == (world.clock.round, world.clock.seat) else 0
    limit = settings(world).toggles_per_turn
    if used >= limit:
        return f"a gate opens or closes {plural(limit, 'time')} a turn (E2.3)"
    return None


def toggle(world: World, cmd: ToggleGate) -> None:
    gate = esper.component_for_entity(cmd.wall, Gate)
    if (gate.toggled_round, gate.toggled_seat) != (world.clock.round, world.clock.seat):
        gate.toggled_round, gate.toggled_seat, gate.toggles = world.clock.round, world.clock.seat, 0
    gate.toggles += 1
    gate.open = not gate.open
    wall = esper.component_for_entity(cmd.wall, Structure)
    world.emit(GateToggled(world.issuer, cmd.wall, gate.open, wall.territory))


OPEN_GATE = "an open gate cannot be attacked: march through it (E2.5)"


def strike_gate(gate: Gate, damage: int) -> None:
    """E2.5: the gate loses health; at 0 it is broken: open, and it cannot close until repaired to full."""
    gate.health = max(0, gate.health - damage)
    if gate.health == 0:
        gate.broken, gate.open = True, True


def gate_target_reason(world: World, wall_entity: int, seat: int) -> str | None:
    """E2.5: a bombardment (a catapult, any `bombard` structure) may name a hostile wall's closed gate."""
    wall = esper.try_component(wall_entity, Structure) if esper.entity_exists(wall_entity) else None
    gate = gate_of(wall_entity)
    if wall is None or gate is None:
        return "there is no gate there"
    if not q.hostile(wall.owner, seat):
        return "that gate is not hostile"
    return OPEN_GATE if passable(gate) else None


def bombard_gate(world: World, wall_entity: int, damage: int) -> None:
    """E2.5: a bombardment's strike that reached the named gate (no wall or tower absorbed it, R8.8)."""
    gate = esper.component_for_entity(wall_entity, Gate)
    strike_gate(gate, damage)
    wall = esper.component_for_entity(wall_entity, Structure)
    world.emit(GateBombarded(wall_entity, wall.territory, damage, gate.health, gate.broken))


def attack_gate_reason(world: World, cmd: AttackGate) -> str | None:
    army = own_army(world, cmd.army)
    if isinstance(army, str):
        return army
    wall = esper.try_component(cmd.wall, Structure) if esper.entity_exists(cmd.wall) else None
    gate = gate_of(cmd.wall)
    if wall is None or gate is None:
        return "there is no gate there"
    if not q.hostile(wall.owner, army.owner):
        return "that gate is not hostile"
    if not q.touches(wall, army.territory):
        return "the army must stand beside the wall (R8.6)"
    if passable(gate):
        return OPEN_GATE
    if army.mp < world.rules.costs.attack_structure:
        return f"attacking a gate needs {world.rules.costs.attack_structure} MP (R8.6)"
    return None


def attack_gate(world: World, cmd: AttackGate) -> None:
    """E2.5: strikes go at the wall's stationed units first, then at the gate; at 0 it is broken: open."""
    from systems.victory import check_flags

    army = esper.component_for_entity(cmd.army, Army)
    army.mp -= world.rules.costs.attack_structure
    army.done = True
    territory = army.territory
    gate = esper.component_for_entity(cmd.wall, Gate)

    attackers = tuple(army.units)
    strikes, dead = attack_structure(world, cmd.army, cmd.wall, lambda damage: strike_gate(gate, damage))
    world.emit(GateAttacked(world.clock.seat, cmd.wall, cmd.army, territory, tuple(strikes), tuple(dead),
                            gate.health, gate.broken))
    check_flags(world)
    structure_attack_done(world, attackers, cmd.wall)  # an attack on the wall (R8.6): other mods' rules follow


def repair_gate_reason(world: World, cmd: RepairGate) -> str | None:
    if (problem := player_turn(world)) is not None:
        return problem
    wall = _own_wall(world, cmd.wall)
    if isinstance(wall, str):
        return wall
    gate = gate_of(cmd.wall)
    if gate is None:
        return "that wall has no gate"
    if cmd.points < 1 or gate.health + cmd.points > gate.max_health:
        return f"the gate can take 1 to {gate.max_health - gate.health} points of repair (R6.5)"
    spec = settings(world).gates[gate.kind]
    if not q.can_afford(q.stockpile(world, world.issuer), spec.repair, cmd.points):
        return f"repairing costs {q.format_cost(spec.repair)} a point"
    return None


def repair_gate(world: World, cmd: RepairGate) -> None:
    gate = esper.component_for_entity(cmd.wall, Gate)
    q.pay(q.stockpile(world, world.issuer), settings(world).gates[gate.kind].repair, cmd.points)
    gate.health += cmd.points
    if gate.health == gate.max_health:
        gate.broken = False  # E2.5: repaired to full, it can close again (it stays open until closed)
    world.emit(GateRepaired(world.issuer, cmd.wall, cmd.points, gate.health))


def moat_reason(world: World, cmd: DigMoat) -> str | None:
    if (problem := player_turn(world)) is not None:
        return problem
    t = cmd.territory
    if not 0 <= t < len(world.terrain) or world.owner_of(t) != world.issuer:
        return "dig a moat in a territory you own (E2.6)"
    moat = settings(world).moat
    if world.terrain[t] not in moat.from_terrain and not q.is_disrupted(world, t):
        return f"a moat is dug in {' or '.join(moat.from_terrain)} or disrupted land (E2.6)"
    if not any(s.border is not None and s.owner == world.issuer for _, s in q.structures_touching(world, t)):
        return "a moat needs one of your walls on a border of it (E2.6)"
    if q.armies_at(t) or any(s.border is None and s.territory == t for _, s in q.structures()):
        return "no army or structure may stand where a moat is dug (E2.6)"
    if not q.can_afford(q.stockpile(world, world.issuer), moat.cost):
        return f"a moat costs {q.format_cost(moat.cost)}"
    return None


def moat_shield(world: World, territory: int) -> str | None:
    """E2.6: a moat cannot be attacked (no disruption, R7.3)."""
    if esper.has_component(world.tiles[territory], Moat):
        return "a moat cannot be attacked (E2.6)"
    return None


def dig_moat(world: World, cmd: DigMoat) -> None:
    moat = settings(world).moat
    q.pay(q.stockpile(world, world.issuer), moat.cost)
    world.terrain[cmd.territory] = moat.terrain  # for good: saves keep the board's terrain
    esper.add_component(world.tiles[cmd.territory], Moat(world.issuer))  # E2.6: never attacked
    esper.component_for_entity(world.tiles[cmd.territory], Territory).terrain = moat.terrain
    world.emit(MoatDug(world.issuer, cmd.territory, moat.terrain))


# --- the panel and the computer players -----------------------------------------------------------------

def gate_options(game: Game, structure_entity: int) -> list[ActionOption]:
    """For one of your walls: build each kind of gate, or open/close and repair its gate."""
    from game.queries import ActionOption
    from systems.actions import check

    world = game.world
    world.activate()
    wall = esper.try_component(structure_entity, Structure)
    if wall is None or wall.border is None or wall.owner != world.clock.seat:
        return []
    gate = gate_of(structure_entity)
    out: list[ActionOption] = []

    def option(kind: str, label: str, command: Command, cost: dict[str, int] | None = None) -> None:
        out.append(ActionOption(kind, label, command, 0, dict(cost or {}), check(world, command)))

    rules = settings(world)
    for side in (wall.territory, wall.border):  # E2.6: a moat beside this wall, where the land allows one
        if side is not None and (world.terrain[side] in rules.moat.from_terrain or q.is_disrupted(world, side)):
            option("dig_moat", f"Moat at {side}", DigMoat(side), rules.moat.cost)  # the panel: "Moat south"
    if gate is None:
        for kind, spec in rules.gates.items():
            option("build_gate", f"Build a {spec.name.lower()}", BuildGate(structure_entity, kind), spec.cost)
        return out
    name = rules.gates[gate.kind].name.lower()
    option("toggle_gate", f"{'Close' if gate.open else 'Open'} the {name}", ToggleGate(structure_entity))
    if gate.health < gate.max_health:
        points = gate.max_health - gate.health
        spec = rules.gates[gate.kind]
        option("repair_gate", f"Repair the {name} ({points})", RepairGate(structure_entity, points),
               {r: n * points for r, n in spec.repair.items()})
    return out


def army_gate_options(game: Game, army_entity: int) -> list[ActionOption]:
    """For an army beside a closed hostile gate: attack it (E2.5)."""
    from game.queries import ActionOption
    from systems.actions import check

    world = game.world
    world.activate()
    army = esper.component_for_entity(army_entity, Army)
    out: list[ActionOption] = []
    for entity, wall in q.structures_touching(world, army.territory):
        gate = gate_of(entity)
        if wall.border is None or gate is None or passable(gate) or not q.hostile(wall.owner, army.owner):
            continue
        command = AttackGate(army_entity, entity)
        name = settings(world).gates[gate.kind].name.lower()
        out.append(ActionOption("attack_gate", f"Attack the {name} ({gate.health}/{gate.max_health})", command,
                                world.rules.costs.attack_structure, {}, check(world, command)))
    return out


def bombard_gate_options(game: Game, structure_entity: int) -> list[ActionOption]:
    """For your bombarding structure (a catapult): fire the best ammunition you have at each closed hostile
    gate in range (E2.5); the engine's check says whether it may fire now."""
    from components import abilities
    from components.commands import Bombard
    from game.queries import ActionOption
    from systems.actions import check

    world = game.world
    world.activate()
    shooter = esper.try_component(structure_entity, Structure)
    if shooter is None or shooter.owner != world.clock.seat:
        return []
    spec = world.rules.structures.get(shooter.structure_type)
    ability = spec.ability("bombard", abilities.Bombard) if spec is not None else None
    if ability is None:
        return []
    stock = q.stockpile(world, world.clock.seat)
    ammo = sorted(world.rules.catapult.ammo.items(), key=lambda kv: -kv[1])
    best = next((r for r, _ in ammo if stock.get(r, 0) >= 1), None)
    if best is None:
        return []
    out: list[ActionOption] = []
    for entity, wall in q.structures():
        if wall.border is None or gate_target_reason(world, entity, world.clock.seat) is not None:
            continue
        sides = [s for s in (wall.border, wall.territory)
                 if 0 < world.board.distance(shooter.territory, s) <= ability.range]
        if not sides:
            continue
        gate = esper.component_for_entity(entity, Gate)
        command = Bombard(structure_entity, sides[0], best, entity, part="gate")
        name = settings(world).gates[gate.kind].name.lower()
        out.append(ActionOption("bombard_gate", f"Bombard the {name} ({gate.health}/{gate.max_health})",
                                command, 0, {best: 1}, check(world, command)))
    return out


def moat_options(game: Game) -> list[ActionOption]:
    """The moats the current player may dig now."""
    from game.queries import ActionOption
    from systems.actions import check

    world = game.world
    world.activate()
    moat = settings(world).moat
    out = []
    for t in sorted(world.owned.get(world.clock.seat, ())):
        command = DigMoat(t)
        if check(world, command) is None:
            out.append(ActionOption("dig_moat", f"Dig a moat at {t}", command, 0, dict(moat.cost)))
    return out


def gate_mark(world: World, entity: int) -> tuple[str, str, bool] | None:
    """The gate's picture on its wall (assets/equipment), faded while it lets armies through."""
    gate = gate_of(entity)
    return ("equipment", gate.kind, passable(gate)) if gate is not None else None


def gate_facts(world: World, entity: int) -> str | None:
    """The panel's line for a wall with a gate."""
    gate = gate_of(entity)
    if gate is None:
        return None
    wall = esper.component_for_entity(entity, Structure)
    state = "broken" if gate.broken else "open" if gate.open else "closed"
    name = settings(world).gates[gate.kind].name
    return (f"Wall {wall.health}/{wall.max_health} · {name} {state}, {gate.health}/{gate.max_health} · "
            f"stationed {len(wall.garrison)}")


def help_entries(rules: Any) -> list[Any]:
    """The help's entries for the gates and the moat (picture, numbers from the data, description)."""
    from game.help_text import TypeEntry

    works = CastleRules.model_validate(rules.extra[SECTION])
    out = [TypeEntry("equipment", key, spec.name,
                     f"gate: costs {q.format_cost(spec.cost)}; defense {spec.defense}; "
                     f"repair {q.format_cost(spec.repair)} a point", spec.description)
           for key, spec in works.gates.items()]
    out.append(TypeEntry("equipment", "moat", works.moat.name, f"costs {q.format_cost(works.moat.cost)}",
                         works.moat.description))
    return out


def register(app: ModApp) -> None:
    app.add_rules_section(SECTION, CastleRules)
    app.add_component(Gate)
    app.add_component(Moat)
    app.add_structure_part("gate", gate_target_reason, bombard_gate)
    app.add_command(BuildGate, build_gate_reason, build_gate)
    app.add_command(ToggleGate, toggle_reason, toggle)
    app.add_command(AttackGate, attack_gate_reason, attack_gate)
    app.add_command(RepairGate, repair_gate_reason, repair_gate)
    app.add_command(DigMoat, moat_reason, dig_moat)
    for event in (GateBuilt, GateToggled, GateAttacked, GateBombarded, GateRepaired, MoatDug):
        app.add_event(event)
    app.set_hook("wall_crossing", wall_crossing)
    app.set_hook("bridges", bridged)
    app.set_hook("structure_protection", protection)
    app.set_hook("territory_attack", moat_shield)
    app.add_structure_options(gate_options)
    app.add_structure_options(bombard_gate_options)
    app.add_army_options(army_gate_options)
    app.add_player_options(moat_options)
    from game.content.plugins import sibling_module  # the computer play lives next to this file (ai.py)

    ai = sibling_module(__file__, "ai")
    app.add_ai_behaviour(ai.GatesBehaviour())
    app.add_ai_behaviour(ai.CastleBehaviour())
    shown = app.presentation
    shown.on_event("GateBuilt", sound="build", beat=lambda: _client().GateBeat,
                   scene=lambda scene, e: _client().gate_built(scene, e))
    shown.on_event("GateToggled", sound="gate", beat=lambda: _client().GateBeat,
                   scene=lambda scene, e: _client().gate_changed(scene, e))
    shown.on_event("GateAttacked", sound="battle", beat=lambda: _client().GateBeat,
                   scene=lambda scene, e: _client().gate_changed(scene, e))
    shown.on_event("GateBombarded", sound="battle", beat=lambda: _client().GateBeat,
                   scene=lambda scene, e: _client().gate_changed(scene, e))
    shown.on_event("GateRepaired", sound="build")
    shown.on_event("MoatDug", sound="moat_dig", scene=lambda scene, e: _client().moat_dug(scene, e),
                   beat=lambda: _client().GateBeat)
    shown.panel_facts.append(gate_facts)
    shown.help_entries.append(help_entries)
    shown.structure_marks.append(gate_mark)


def _client() -> Any:
    """This mod's client code (client.py), imported only when a window shows one of its events."""
    from game.content.plugins import sibling_module

    return sibling_module(__file__, "client")
