"""Fire mod plugin (enhancements E4): setting wooden structures alight, burning, spreading, putting out.

Hooks into the base rules without changing them:
- E4.2 (R8.6): after every attack on a structure (the engine's `after_structure_attack` rules: the base
  `AttackStructure`, or any mod's attack on a part such as a gate), one draw may set the structure alight
  (`ignite_chance`, or `archer_chance` when the army holds a unit with `volley`).
- E4.3 (R3.3, R6.4): the system `fire.burn` (Upkeep stage, after "upkeep") burns the current player's
  burning structures and their stationed units, then spreads the fire to flammable neighbours.
- E4.4 (R8.7): the command `PutOut(army, structure, with_garrison)`.
Queries for the client and the computer players: `fire_rules`, `is_flammable`, `is_burning`,
`burning_structures`, `put_out_chance`, `army_options` (registered below).
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass
from types import ModuleType
from typing import TYPE_CHECKING, Any

import esper
from pydantic import Field

from components.abilities import AbilityParams
from components.armies import Army
from components.commands import Command
from components.data_model import DataModel
from components.structures import Structure
from systems import actions
from systems import queries as q
from systems.actions import own_army
from systems.combat import damage_structure, remove_units, unit_health
from systems.events import Event
from systems.unit_abilities import unit_ability
from systems.victory import check_flags
from systems.world import MAIN, UPKEEP, World

if TYPE_CHECKING:
    from game.app import ModApp
    from game.engine import Game
    from game.queries import ActionOption

SECTION = "fire"
Percent = int


class FireRules(DataModel):
    """`[extra.fire]`: every number of E4 (chances in per cent)."""

    flammable: list[str] = Field(description="E4.1: structure types that burn (unknown ids are ignored)")
    ignite_chance: int = Field(ge=0, le=100)
    archer_chance: int = Field(ge=0, le=100)
    damage: int = Field(ge=1, le=1000)
    spread_chance: int = Field(ge=0, le=100)
    extinguish_mp: int = Field(ge=0, le=1000)
    per_helper: int = Field(ge=0, le=100)


@dataclass(slots=True)
class Burning:
    """Fire mod: the structure is on fire (since `round`); it burns at each of its owner's Upkeeps (E4.3)."""

    round: int = 0


@dataclass(frozen=True, slots=True)
class PutOut(Command):
    """Fire mod (E4.4): an army fights the fire of its owner's structure; its stationed units may help."""

    army: int
    structure: int
    with_garrison: bool = True


@dataclass(frozen=True, slots=True)
class StructureIgnited(Event):
    """A structure caught fire: from an attack (E4.2, `cause` "attack") or a neighbour's fire ("spread")."""

    structure: int
    structure_type: str
    territory: int
    border: int | None
    owner: int | None
    cause: str
    chance: int

    def log_text(self, place: Callable[[int], str]) -> str:
        how = "in the attack" if self.cause == "attack" else "from the fire next to it"
        return f"A {self.structure_type.replace('_', ' ')} at {place(self.territory)} caught fire {how}"


@dataclass(frozen=True, slots=True)
class FireBurned(Event):
    """A burning structure and its stationed units took the fire's damage (E4.3)."""

    structure: int
    structure_type: str
    territory: int
    border: int | None
    damage: int
    dead: tuple[int, ...]
    destroyed: bool

    def log_text(self, place: Callable[[int], str]) -> str:
        end = ", burning it down" if self.destroyed else ""
        lost = f"; {len(self.dead)} stationed unit(s) died" if self.dead else ""
        return f"Fire did {self.damage} damage to a {self.structure_type.replace('_', ' ')} at {place(self.territory)}{end}{lost}"


@dataclass(frozen=True, slots=True)
class FireFought(Event):
    """An army tried to put a fire out (E4.4): `helpers` at `chance` per cent; `out` when it worked."""

    seat: int
    army: int
    structure: int
    territory: int
    helpers: int
    chance: int
    out: bool

    def log_text(self, place: Callable[[int], str]) -> str:
        result = "put the fire out" if self.out else "could not put the fire out"
        return f"{self.helpers} helper(s) at {place(self.territory)} {result} ({self.chance}%)"


# --- queries -----------------------------------------------------------------------------------------


def fire_rules(world: World) -> FireRules:
    """The `[extra.fire]` numbers (validated when the rules loaded; kept there as plain data)."""
    return FireRules.model_validate(world.rules.extra[SECTION])


def is_flammable(world: World, structure: Structure) -> bool:
    """E4.1: the structure's type is listed as flammable."""
    return structure.structure_type in fire_rules(world).flammable


def is_burning(entity: int) -> bool:
    return esper.entity_exists(entity) and esper.has_component(entity, Burning)


def burning_structures(world: World, seat: int | None = None) -> list[tuple[int, Structure]]:
    """Burning structures (of one owner when `seat` is given), in id order."""
    return sorted(((e, s) for e, s in q.structures() if esper.has_component(e, Burning)
                   and (seat is None or s.owner == seat)), key=lambda pair: pair[0])


def put_out_chance(world: World, army: Army, structure: Structure, with_garrison: bool) -> tuple[int, int]:
    """E4.4: (helpers, chance in per cent) of putting the fire out."""
    helpers = len(army.units) + (len(structure.garrison) if with_garrison and _garrison_may_help(world, structure) else 0)
    return helpers, min(100, fire_rules(world).per_helper * helpers)


def _garrison_may_help(world: World, structure: Structure) -> bool:
    """Stationed units help only if they have not fired this turn (helping gives up R8.7 fire)."""
    return structure.fired_round != world.clock.round


def _draw(world: World, chance: int) -> bool:
    """E0.2: one draw of the game's generator, only when the chance is strictly between 0 and 100."""
    if chance <= 0:
        return False
    if chance >= 100:
        return True
    return world.rng.random() * 100 < chance


def _places(structure: Structure) -> set[int]:
    """The territories a structure stands in (a wall: both of its border's, E4.3)."""
    return {structure.territory} if structure.border is None else {structure.territory, structure.border}


def ignite(world: World, entity: int, cause: str, chance: int) -> None:
    structure = esper.component_for_entity(entity, Structure)
    esper.add_component(entity, Burning(world.clock.round))
    world.emit(StructureIgnited(entity, structure.structure_type, structure.territory, structure.border,
                                structure.owner, cause, chance))


# --- E4.2: an attack may set the structure alight -------------------------------------------------------


def ignite_after_attack(world: World, attackers: tuple[int, ...], entity: int) -> None:
    """After any attack on a structure (R8.6: the base attack, a gate in a wall...), one draw to set it alight if
    it still stands (E4.2); archers among the attackers raise the chance."""
    if not esper.entity_exists(entity):
        return
    structure = esper.component_for_entity(entity, Structure)
    if not is_flammable(world, structure) or esper.has_component(entity, Burning):
        return
    rules = fire_rules(world)
    archers = any(unit_ability(world, u, "volley", AbilityParams) is not None for u in attackers)
    chance = rules.archer_chance if archers else rules.ignite_chance
    if _draw(world, chance):
        ignite(world, entity, "attack", chance)


# --- E4.3: burning and spreading in the owner's Upkeep ---------------------------------------------------


def burn(world: World) -> None:
    """System `fire.burn`: the current player's fires burn (structures and stationed units), then spread."""
    rules = fire_rules(world)
    seat = world.clock.seat
    for entity, structure in burning_structures(world, seat):
        if not esper.entity_exists(entity):
            continue
        for unit in structure.garrison:
            q.unit(unit).damage += rules.damage
        dead = tuple(u for u in structure.garrison if unit_health(world, u, stationed=True) <= 0)
        remove_units(world, list(dead))
        kind, territory, border = structure.structure_type, structure.territory, structure.border
        destroyed = damage_structure(world, entity, rules.damage)
        world.emit(FireBurned(entity, kind, territory, border, rules.damage, dead, destroyed))
    esper.clear_dead_entities()
    for entity, structure in burning_structures(world, seat):
        here = _places(structure)
        for other, neighbour in sorted(q.structures(), key=lambda pair: pair[0]):
            if other == entity or esper.has_component(other, Burning) or not is_flammable(world, neighbour):
                continue
            if here & _places(neighbour) and _draw(world, rules.spread_chance):
                ignite(world, other, "spread", rules.spread_chance)
    check_flags(world)


# --- E4.4: putting a fire out --------------------------------------------------------------------------


def check_put_out(world: World, cmd: PutOut) -> str | None:
    if world.clock.stage != MAIN:
        return "fires are fought in the Main stage"
    army = own_army(world, cmd.army)
    if isinstance(army, str):
        return army
    structure = esper.try_component(cmd.structure, Structure) if esper.entity_exists(cmd.structure) else None
    if structure is None:
        return f"there is no structure {cmd.structure}"
    if structure.owner != army.owner:
        return "you can put out fires only in your own structures"
    if not esper.has_component(cmd.structure, Burning):
        return "that structure is not burning"
    if not q.touches(structure, army.territory):
        return "the army must stand in the structure's territory or beside the wall (E4.4, R8.6)"
    need = fire_rules(world).extinguish_mp
    if army.mp < need:
        return f"putting out a fire needs {need} MP (E4.4)"
    return None


def apply_put_out(world: World, cmd: PutOut) -> None:
    army = esper.component_for_entity(cmd.army, Army)
    structure = esper.component_for_entity(cmd.structure, Structure)
    helpers, chance = put_out_chance(world, army, structure, cmd.with_garrison)
    army.mp -= fire_rules(world).extinguish_mp
    army.done = True
    if cmd.with_garrison and structure.garrison and _garrison_may_help(world, structure):
        structure.fired_round = world.clock.round  # the helpers give up this turn's stationed fire (R8.7)
    out = _draw(world, chance)
    if out:
        esper.remove_component(cmd.structure, Burning)
    world.emit(FireFought(world.clock.seat, cmd.army, cmd.structure, structure.territory, helpers, chance, out))


def _option(world: World, label: str, command: Command, mp: int) -> ActionOption:
    from game.queries import ActionOption

    return ActionOption("put_out", label, command, mp, {}, actions.check(world, command))


def army_options(game: Game, army_entity: int) -> list[ActionOption]:
    """"Put out the fire" for each burning own structure the army can reach (with its stationed helpers)."""
    world = game.world
    army = esper.try_component(army_entity, Army) if esper.entity_exists(army_entity) else None
    if army is None or army.owner is None:
        return []
    out = []
    for entity, structure in burning_structures(world, army.owner):
        if not q.touches(structure, army.territory):
            continue
        _, chance = put_out_chance(world, army, structure, True)
        name = world.rules.structures[structure.structure_type].name.lower().split()[-1]  # "tower", "wall"
        out.append(_option(world, f"Put out {name} fire ({chance}%)", PutOut(army_entity, entity),
                           fire_rules(world).extinguish_mp))
    return out


def player_options(game: Game) -> list[ActionOption]:
    world = game.world
    out = []
    for entity, _ in sorted(q.player_armies(world.clock.seat), key=lambda pair: pair[0]):
        out.extend(army_options(game, entity))
    return out


def register(app: ModApp) -> None:
    app.add_rules_section(SECTION, FireRules)
    app.add_component(Burning)
    app.add_command(PutOut, check_put_out, apply_put_out)
    app.add_after_structure_attack(ignite_after_attack)
    for event in (StructureIgnited, FireBurned, FireFought):
        app.add_event(event)
    app.add_system(UPKEEP, "fire.burn", burn, after="upkeep")
    app.add_army_options(army_options)
    app.add_player_options(player_options)
    from game.content.plugins import sibling_module  # the computer play lives next to this file (ai.py)

    app.add_ai_behaviour(sibling_module(__file__, "ai").FirefightingBehaviour(sys.modules[__name__]))
    register_presentation(app)


def _client() -> ModuleType:
    """This mod's client code (client.py), imported only when a window shows one of its events."""
    from game.content.plugins import sibling_module

    return sibling_module(__file__, "client")


def register_presentation(app: ModApp) -> None:
    """Flames on burning structures, their events animated and sounded, a panel line, a button, a help entry."""
    shown = app.presentation
    shown.structure_marks.append(burning_mark)
    shown.on_event("StructureIgnited", scene=lambda s, e: _client().ignited(s, e),
                   beat=lambda: _client().FireBeat, sound="ignite")
    shown.on_event("FireBurned", scene=lambda s, e: _client().burned(s, e),
                   beat=lambda: _client().FireBeat, sound="crackle")
    shown.on_event("FireFought", scene=lambda s, e: _client().fought(s, e),
                   beat=lambda: _client().FireBeat, sound="put_out")
    shown.panel_facts.append(lambda world, entity: _client().fire_facts(world, entity))
    shown.panel_actions["put_out"] = "Put out the fire"
    shown.help_entries.append(help_entries)


BURNING_MARK = ("marks", "burning", False)  # assets/manifest.toml: the flames drawn over a burning structure


def burning_mark(world: World, entity: int) -> tuple[str, str, bool] | None:
    """The map's mark for a burning structure (presentation.structure_marks)."""
    return BURNING_MARK if is_burning(entity) else None


def help_entries(rules: Any) -> list[Any]:
    """The help's entry for fire (its numbers from the data)."""
    from game.help_text import TypeEntry

    return [TypeEntry("marks", "burning", "Fire (mod)", _help_text(rules), "")]


def _help_text(rules: Any) -> str:
    fire = FireRules.model_validate(rules.extra[SECTION])
    names = [rules.structures[s].name for s in fire.flammable if s in rules.structures]
    return (f"Wooden things burn ({', '.join(names)}). An attack may set one alight ({fire.ignite_chance}%, "
            f"{fire.archer_chance}% with archers). Each of its owner's turns a fire does {fire.damage} damage to "
            f"the structure and each unit in it, and spreads ({fire.spread_chance}%) to wooden structures "
            f"sharing a territory. An army beside it puts it out: {fire.per_helper}% per helper "
            f"({fire.extinguish_mp} MP; stationed units may help instead of firing).")
