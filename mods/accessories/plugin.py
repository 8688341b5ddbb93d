"""Accessories mod plugin (E1): equip a unit with one accessory for life; bows, ladders, rams, cauldrons, armour.

Every accessory's numbers are data (`accessories.toml`, the `[extra.accessories]` section). What each does
reaches the rules through engine hooks, never a special case in the engine:
- bow and ladder lend the bearer the engine's `volley` / `climb` abilities (E0.4, E0.3: `add_unit_abilities`);
- armour and ram change the bearer's MP (`unit_speed`, R5.1), armour its defense (the unit's own, and
  `stationed_stats`); one ram per army (`army_fit`, R5.6);
- the ram strikes a wall itself (`structure_strike`, R8.6); the cauldron adds stationed attack
  (`stationed_stats`) and weighs 2 guards against climbers (`guard_weight`, E0.3).
Queries for the panel and the computer players: `accessory_of`, `equip_options`, `specs`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import esper
from pydantic import (
    Field,
    RootModel,
    StrictInt,
    StrictStr,
    ValidationInfo,
    field_validator,
)

from components.abilities import AbilityParams, Climb, VolleyAbility
from components.armies import Army
from components.commands import Command
from components.data_model import DataModel
from components.structures import Structure
from systems import queries as q
from systems.actions import player_turn
from systems.events import Event
from systems.world import World

if TYPE_CHECKING:
    from game.app import ModApp
    from game.engine import Game
    from game.queries import ActionOption

SECTION = "accessories"


class AccessorySpec(DataModel):
    """E1.1: one accessory: its price, who may carry it, and its effects (absent: none)."""

    name: StrictStr
    description: StrictStr = ""
    cost: dict[str, StrictInt] = Field(min_length=1)
    units: list[StrictStr] = Field(min_length=1)
    volley: VolleyAbility | None = None  # E0.4, lent to the bearer (the bow)
    climb: Climb | None = None  # E0.3, lent to the bearer (the ladder)
    mp: int = Field(default=0, ge=-1000, le=0)  # the bearer's own MP change (armour, ram)
    defense: int = Field(default=0, ge=0, le=1000)  # field and stationed (armour)
    max_per_army: int | None = Field(default=None, ge=1, le=1000)  # E1.2 (the ram)
    ram_per_unit: int | None = Field(default=None, ge=0, le=1000)  # E1.2: strike at a wall per unit of the army
    stationed_attack: int = Field(default=0, ge=0, le=1000)  # E1.3 (the cauldron)
    guard_weight: int | None = Field(default=None, ge=0, le=1000)  # E1.3: guards it counts as in E0.3's g


    @field_validator("units")
    @classmethod
    def _known_units(cls, value: list[str], info: ValidationInfo) -> list[str]:
        return known_names(value, info, "units", "unit type")

    @field_validator("cost")
    @classmethod
    def _known_resources(cls, value: dict[str, int], info: ValidationInfo) -> dict[str, int]:
        known_names(list(value), info, "resources", "resource")
        if any(n < 0 for n in value.values()):
            raise ValueError("a cost is never negative")
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


class AccessoryRules(RootModel[dict[str, AccessorySpec]]):
    """The `[extra.accessories]` section: accessory id -> its spec."""


@dataclass(slots=True)
class Equipped:
    """E1.1: the accessory a unit carries, for life (lost with the unit)."""

    accessory: str


@dataclass(frozen=True, slots=True)
class Equip(Command):
    """E1.1: give `unit` (of an own army standing on own land, not in a battle) the accessory `accessory`."""

    unit: int
    accessory: str


@dataclass(frozen=True, slots=True)
class AccessoryEquipped(Event):
    seat: int
    army: int
    unit: int
    accessory: str
    territory: int

    def log_text(self, place: Callable[[int], str]) -> str:
        return f"A unit took up the {self.accessory.replace('_', ' ')} at {place(self.territory)}"


def indefinite(noun: str) -> str:
    """`noun` with "a" or "an" (an archer, a soldier): accessories take "the" instead, as some are uncountable
    (armour), where "a armour" read wrong."""
    return f"{'an' if noun[:1].lower() in 'aeiou' else 'a'} {noun}"


def specs(world: World) -> dict[str, AccessorySpec]:
    """The game's accessories, as the `[extra.accessories]` section says (validated when the rules loaded)."""
    return AccessoryRules.model_validate(world.rules.extra.get(SECTION, {})).root


def accessory_of(world: World, unit_entity: int) -> AccessorySpec | None:
    """The accessory a unit carries, if any."""
    equipped = esper.try_component(unit_entity, Equipped) if esper.entity_exists(unit_entity) else None
    return specs(world).get(equipped.accessory) if equipped is not None else None


def army_of_unit(unit_entity: int) -> tuple[int, Army] | None:
    return next(((e, a) for e, a in q.armies() if unit_entity in a.units), None)


def equip_reason(world: World, cmd: Equip) -> str | None:
    if (problem := player_turn(world)) is not None:
        return problem
    spec = specs(world).get(cmd.accessory)
    if spec is None:
        return f"there is no accessory '{cmd.accessory}'"
    found = army_of_unit(cmd.unit)
    if found is None:
        return "only a unit of an army can be equipped (E1.1)"
    entity, army = found
    if army.owner != world.issuer:
        return "that unit is not yours"
    if army.battle is not None:
        return "an army in a battle cannot equip (E1.1)"
    if world.owner_of(army.territory) != world.issuer:
        return "units are equipped on your own land (E1.1)"
    if esper.has_component(cmd.unit, Equipped):
        return "a unit carries one accessory, for life (E1.1)"
    unit_type = q.unit(cmd.unit).unit_type
    if unit_type not in spec.units:
        unit_name = world.rules.units[unit_type].name.lower()
        return f"{indefinite(unit_name)} cannot carry the {spec.name.lower()} (E1.1)"
    if spec.max_per_army is not None:
        carried = sum(1 for u in army.units if (e := esper.try_component(u, Equipped)) and e.accessory == cmd.accessory)
        if carried >= spec.max_per_army:
            return f"an army holds at most {spec.max_per_army} {spec.name.lower()} (E1.2)"
    if not q.can_afford(q.stockpile(world, world.issuer), spec.cost):
        return f"the {spec.name.lower()} costs {q.format_cost(spec.cost)}"
    return None


def apply_equip(world: World, cmd: Equip) -> None:
    spec = specs(world)[cmd.accessory]
    found = army_of_unit(cmd.unit)
    assert found is not None
    entity, army = found
    q.pay(q.stockpile(world, world.issuer), spec.cost)
    esper.add_component(cmd.unit, Equipped(cmd.accessory))
    q.unit(cmd.unit).defense += spec.defense  # E1.4: +1 health in the field
    army.mp = min(army.mp, q.full_mp(world, army))  # E1.1: a lowered MP caps the MP left at once
    world.emit(AccessoryEquipped(world.issuer, entity, cmd.unit, cmd.accessory, army.territory))


# --- what the accessories do, through the engine's hooks -------------------------------------------------

def lent_abilities(world: World, unit_entity: int) -> tuple[AbilityParams, ...]:
    """E1.1: a bow lends `volley`, a ladder `climb`."""
    spec = accessory_of(world, unit_entity)
    if spec is None:
        return ()
    return tuple(a for a in (spec.volley, spec.climb) if a is not None)


def unit_speed(world: World, unit_entity: int) -> int | None:
    """E1.4, E1.2: the bearer of armour or a ram moves 1 MP less (its type's MP + the accessory's `mp`)."""
    spec = accessory_of(world, unit_entity)
    if spec is None or spec.mp == 0:
        return None
    return max(0, world.rules.units[q.unit(unit_entity).unit_type].movement.mp + spec.mp)


def stationed_stats(world: World, unit_entity: int, structure: Structure | None, attack: int, defense: int) -> tuple[int, int]:
    """E1.3: a cauldron's +attack while stationed; E1.4: armour's +defense stationed too."""
    spec = accessory_of(world, unit_entity)
    if spec is None:
        return attack, defense
    return attack + spec.stationed_attack, defense + spec.defense


def guard_weight(world: World, unit_entity: int) -> int:
    """E1.3: a stationed cauldron-bearer counts `guard_weight` guards in E0.3's g; others 1."""
    spec = accessory_of(world, unit_entity)
    return spec.guard_weight if spec is not None and spec.guard_weight is not None else 1


def ram_strike(world: World, striker: int, army_entity: int, structure_entity: int) -> int | None:
    """E1.2: attacking a wall, the ram's bearer strikes the wall for `ram_per_unit` × the army's units (counted
    before the strikes), never a stationed unit; at any other structure it strikes as usual."""
    spec = accessory_of(world, striker)
    if spec is None or spec.ram_per_unit is None:
        return None
    if esper.component_for_entity(structure_entity, Structure).border is None:
        return None
    return spec.ram_per_unit * len(esper.component_for_entity(army_entity, Army).units)


def army_fit(world: World, units: list[int]) -> str | None:
    """E1.2: an army holds at most `max_per_army` of an accessory (another bearer does not fit, R5.6)."""
    counts: dict[str, int] = {}
    for u in units:
        equipped = esper.try_component(u, Equipped)
        if equipped is None:
            continue
        counts[equipped.accessory] = counts.get(equipped.accessory, 0) + 1
        spec = specs(world).get(equipped.accessory)
        if spec is not None and spec.max_per_army is not None and counts[equipped.accessory] > spec.max_per_army:
            return f"an army holds at most {spec.max_per_army} {spec.name.lower()} (E1.2)"
    return None


# --- the panel and the computer players -----------------------------------------------------------------

def equip_options(game: Game, army_entity: int) -> list[ActionOption]:
    """E1.1: one option per accessory, for the army's first unit of a carrying type without one."""
    from game.queries import ActionOption
    from systems.actions import check

    world = game.world
    world.activate()
    army = esper.component_for_entity(army_entity, Army)
    if army.owner != world.clock.seat:
        return []
    out: list[ActionOption] = []
    for accessory, spec in specs(world).items():
        bare = [u for u in army.units if not esper.has_component(u, Equipped) and q.unit(u).unit_type in spec.units]
        if not bare:
            continue
        command = Equip(bare[0], accessory)
        out.append(ActionOption("equip", f"Equip: {spec.name}", command, 0, dict(spec.cost), check(world, command)))
    return out


def accessory_facts(world: World, entity: int) -> str | None:
    """The panel's line about an army's accessories ("carrying 2 bow and arrow, 1 ladder")."""
    army = esper.try_component(entity, Army) if esper.entity_exists(entity) else None
    if army is None:
        return None
    counts: dict[str, int] = {}
    for u in army.units:
        spec = accessory_of(world, u)
        if spec is not None:
            counts[spec.name] = counts.get(spec.name, 0) + 1
    if not counts:
        return None
    return "carrying " + ", ".join(f"{n} {name.lower()}" for name, n in sorted(counts.items()))


def help_entries(rules: Any) -> list[Any]:
    """The help's entries for the accessories (picture, numbers from the data, description)."""
    from game.help_text import TypeEntry

    out = []
    for key, spec in AccessoryRules.model_validate(rules.extra.get(SECTION, {})).root.items():
        who = ", ".join(rules.units[u].name.lower() for u in spec.units if u in rules.units)
        numbers = f"accessory: costs {q.format_cost(spec.cost)}; carried by: {who}"
        out.append(TypeEntry("equipment", key, spec.name, numbers, spec.description))
    return out


def register(app: ModApp) -> None:
    app.add_rules_section(SECTION, AccessoryRules)
    app.add_component(Equipped)
    app.add_command(Equip, equip_reason, apply_equip)
    app.add_event(AccessoryEquipped)
    app.add_unit_abilities(lent_abilities)
    app.set_hook("unit_speed", unit_speed)
    app.set_hook("stationed_stats", stationed_stats)
    app.set_hook("guard_weight", guard_weight)
    app.set_hook("structure_strike", ram_strike)
    app.set_hook("army_fit", army_fit)
    app.add_army_options(equip_options)
    from game.content.plugins import sibling_module  # the computer play lives next to this file (ai.py)

    app.add_ai_behaviour(sibling_module(__file__, "ai").AccessoriesBehaviour())
    shown = app.presentation
    shown.on_event("AccessoryEquipped", sound="equip")
    shown.on_event("VolleyLoosed", sound="volley")  # the engine's client draws the engine events themselves
    shown.on_event("WallClimbed", sound="climb")
    shown.panel_actions["equip"] = "Equip"
    shown.help_entries.append(help_entries)
    shown.panel_facts.append(accessory_facts)

