"""Ranger skills mod plugin (enhancements E5) with the catapult penalty (E6).

Built on the engine's general rules and hooks, naming no other mod:
- E5.1/E5.2: the listed unit types (`[extra.ranger_skills] units`, the ranger) are lent a `climb` ability
  (the engine's ClimbWall, E0.3) and a `volley` ability (the engine's VolleyAt, E0.4) through
  `app.add_unit_abilities`; the numbers are this mod's data.
- E5.3: the command `Ambush(army, territory)`: a rangers-only army attacks a small lone army next to it;
  one draw destroys it at once, else the battle starts as R5.5's.
- E6.1: the `bombard_damage` hook lowers a bombardment's damage to units in the field by unit type.
Queries for the client and the computer players: `skills`, `ambush_commands`, `ambush_reason`,
`bombard_damage`, `army_options` (registered below).
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass
from types import ModuleType
from typing import TYPE_CHECKING, Any

import esper
from pydantic import Field, model_validator

from components.abilities import AbilityParams, Climb, VolleyAbility
from components.armies import Army
from components.commands import Attack, Command
from components.data_model import DataModel
from systems import actions
from systems import queries as q
from systems.actions import acting_owner, own_army
from systems.army_actions import arrive
from systems.combat import remove_units
from systems.events import Event
from systems.structure_actions import in_fire_range
from systems.victory import check_flags
from systems.world import MAIN, World

if TYPE_CHECKING:
    from game.app import ModApp
    from game.engine import Game
    from game.queries import ActionOption

SECTION = "ranger_skills"


class AmbushRules(DataModel):
    chance: int = Field(ge=0, le=100, description="E5.3: per cent that the target is destroyed at once")
    per_turn: int = Field(ge=0, le=1000, description="E5.3: ambushes per player per turn")


class CatapultPenalty(DataModel):
    min_damage: int = Field(ge=0, le=1000)
    default: int = Field(ge=0, le=100, description="E6.1: p for unit types not in vs_units")
    vs_units: dict[str, int] = Field(description="E6.1: p per unit type, per cent of the ammunition's damage")


class RangerSkills(DataModel):
    """`[extra.ranger_skills]`: every number of E5 and E6."""

    units: list[str] = Field(min_length=1, description="unit types with the skills (E5: the ranger)")
    climb: dict[str, Any] = Field(description="E5.1: the engine's `climb` parameters (E0.3)")
    volley: dict[str, Any] = Field(description="E5.2: the engine's `volley` parameters (E0.4)")
    ambush: AmbushRules
    catapult_penalty: CatapultPenalty

    @model_validator(mode="after")
    def _abilities(self) -> RangerSkills:
        Climb.model_validate({"kind": "climb", **self.climb})
        VolleyAbility.model_validate({"kind": "volley", **self.volley})
        return self


@dataclass(frozen=True)
class Skills:
    """The section, typed: its rules and the abilities the listed unit types are lent."""

    rules: RangerSkills
    lent: tuple[AbilityParams, ...]


def skills(world: World) -> Skills:
    """This game's `[extra.ranger_skills]`, typed (validated when the rules loaded, so built without checks)."""
    rules = RangerSkills.model_validate(world.rules.extra[SECTION])
    return Skills(rules, _lent(world.rules.extra[SECTION]))


def _lent(section: dict[str, Any]) -> tuple[AbilityParams, ...]:
    return (Climb.model_construct(kind="climb", **section["climb"]),
            VolleyAbility.model_construct(kind="volley", **section["volley"]))


def lent_abilities(world: World, unit: int) -> tuple[AbilityParams, ...]:
    """E5.1/E5.2: the climb and volley abilities of the skilled unit types (asked for every unit: kept cheap)."""
    section = world.rules.extra[SECTION]
    return _lent(section) if q.unit(unit).unit_type in section["units"] else ()


# --- E6.1: the catapult penalty ------------------------------------------------------------------------


def bombard_damage(world: World, unit: int, damage: int) -> int:
    """The `bombard_damage` hook: a unit in an army takes max(min_damage, floor(damage × p / 100)); a
    stationed unit takes it in full (E6.1: the penalty is for units that move around freely)."""
    if q.unit_is_stationed(unit):
        return damage
    penalty = skills(world).rules.catapult_penalty
    p = penalty.vs_units.get(q.unit(unit).unit_type, penalty.default)
    return max(penalty.min_damage, damage * p // 100)


# --- E5.3: the ambush ----------------------------------------------------------------------------------


@dataclass(slots=True)
class AmbushesUsed:
    """Ranger skills mod: a player's ambushes in its turn of `round` (on the player's entity)."""

    round: int = -1
    count: int = 0


@dataclass(frozen=True, slots=True)
class Ambush(Command):
    """Ranger skills mod (E5.3): an army of rangers only ambushes the small lone army next to it."""

    army: int
    territory: int


@dataclass(frozen=True, slots=True)
class AmbushSprung(Event):
    """E5.3: `army` ambushed `target` in `territory` at `chance` per cent: `destroyed` its units at once, or
    (`destroyed` empty) a battle started."""

    seat: int
    army: int
    start: int
    territory: int
    target: int
    chance: int
    destroyed: tuple[int, ...]

    def log_text(self, place: Callable[[int], str]) -> str:
        if self.destroyed:
            return f"Rangers ambushed {len(self.destroyed)} unit(s) at {place(self.territory)} and wiped them out"
        return f"An ambush at {place(self.territory)} failed: a battle starts"


def _used(world: World, seat: int) -> AmbushesUsed:
    entity = world.players[seat]
    found = esper.try_component(entity, AmbushesUsed)
    if found is None:
        found = AmbushesUsed()
        esper.add_component(entity, found)
    return found


def ambushes_left(world: World, seat: int) -> int:
    entity = world.players[seat]
    found = esper.try_component(entity, AmbushesUsed)
    used = found.count if found is not None and found.round == world.clock.round else 0
    return max(0, skills(world).rules.ambush.per_turn - used)


def _target(world: World, army: Army, territory: int) -> tuple[int, Army] | None:
    return next(((e, a) for e, a in q.armies_at(territory) if q.hostile(a.owner, army.owner)), None)


def ambush_reason(world: World, cmd: Ambush) -> str | None:
    """Why this ambush is not allowed now (E5.3), or None."""
    if world.clock.stage != MAIN or acting_owner(world) is None:
        return "rangers ambush in their owner's Main stage (rogue armies never do, E0.2)"
    army = own_army(world, cmd.army)
    if isinstance(army, str):
        return army
    rules = skills(world).rules
    types = q.unit_types(army)
    if not types or any(t not in rules.units for t in types):
        return "only an army of rangers alone can ambush (E5.3)"
    if cmd.territory not in world.board.neighbours(army.territory):
        return "an ambush strikes a neighbouring territory (E5.3)"
    found = _target(world, army, cmd.territory)
    if found is None:
        return "no hostile army stands there (E5.3)"
    _, target = found
    if target.battle is not None:
        return "that army is in a battle (E5.3)"
    if cmd.territory in {q.home_base(world, s) for s in world.seats}:
        return "no ambush in a player's base: no flag falls to a roll (E5.3)"
    target_types = q.unit_types(target)
    if q.slots_of(world, target_types) > len(types):
        return f"that army is too big: at most {len(types)} army slots, one per ranger (E5.3)"
    if any(t in rules.units or world.rules.units[t].has("rare") for t in target_types):
        return "rangers and rare units cannot be ambushed (E5.3)"
    for _, structure in q.structures():
        if structure.garrison and structure.owner == target.owner and in_fire_range(world, structure, cmd.territory):
            return "that army stands under the guard of its owner's garrisoned structure (E5.3, R8.7)"
    if ambushes_left(world, army.owner) <= 0:  # type: ignore[arg-type]
        return f"{rules.ambush.per_turn} ambush(es) a turn, already used (E5.3)"
    return actions.check(world, Attack(cmd.army, cmd.territory))  # R5.5: the attack's own rules (MP, walls)


def _draw(world: World, chance: int) -> bool:
    """E0.2: one draw, only when the chance is strictly between 0 and 100."""
    if chance <= 0:
        return False
    return chance >= 100 or world.rng.random() * 100 < chance


def apply_ambush(world: World, cmd: Ambush) -> None:
    army = esper.component_for_entity(cmd.army, Army)
    seat = world.clock.seat
    used = _used(world, seat)
    if used.round != world.clock.round:
        used.round, used.count = world.clock.round, 0
    used.count += 1
    found = _target(world, army, cmd.territory)
    assert found is not None
    target_entity, target = found
    chance = skills(world).rules.ambush.chance
    start = army.territory
    if not _draw(world, chance):
        world.emit(AmbushSprung(seat, cmd.army, start, cmd.territory, target_entity, chance, ()))
        world.app.commands[Attack].apply(world, Attack(cmd.army, cmd.territory))  # R5.5: a battle starts
        return
    dead = tuple(target.units)
    world.emit(AmbushSprung(seat, cmd.army, start, cmd.territory, target_entity, chance, dead))
    remove_units(world, list(dead))
    esper.clear_dead_entities()
    arrive(world, cmd.army, (cmd.territory,))  # the rangers stand there unhurt
    if esper.entity_exists(cmd.army):
        army.mp = max(0, army.mp - world.rules.costs.attack_extra)  # paid as R5.5's attack
        army.done = True
    check_flags(world)


def ambush_commands(world: World, army_entity: int) -> list[Ambush]:
    """Every ambush the army could spring now (the panel, the computer players)."""
    army = esper.component_for_entity(army_entity, Army)
    return [Ambush(army_entity, n) for n in world.board.neighbours(army.territory)
            if ambush_reason(world, Ambush(army_entity, n)) is None]


def army_options(game: Game, army_entity: int) -> list[ActionOption]:
    """"Ambush" for each small lone army an all-ranger army could strike now."""
    from game.queries import ActionOption

    world = game.world
    army = esper.try_component(army_entity, Army) if esper.entity_exists(army_entity) else None
    if army is None or army.owner is None:
        return []
    rules = skills(world).rules
    if any(t not in rules.units for t in q.unit_types(army)):
        return []
    out = []
    for n in world.board.neighbours(army.territory):
        command = Ambush(army_entity, n)
        if _target(world, army, n) is None:
            continue
        out.append(ActionOption("ambush", f"Ambush at {n}", command,
                                world.rules.costs.attack_extra, {}, actions.check(world, command)))
    return [o for o in out if o.reason is None]


def player_options(game: Game) -> list[ActionOption]:
    out = []
    for entity, _ in sorted(q.player_armies(game.world.clock.seat), key=lambda pair: pair[0]):
        out.extend(army_options(game, entity))
    return out


def register(app: ModApp) -> None:
    app.add_rules_section(SECTION, RangerSkills)
    app.add_unit_abilities(lent_abilities)
    app.set_hook("bombard_damage", bombard_damage)
    app.add_component(AmbushesUsed)
    app.add_command(Ambush, ambush_reason, apply_ambush)
    app.add_event(AmbushSprung)
    app.add_army_options(army_options)
    app.add_player_options(player_options)
    from game.content.plugins import sibling_module  # the computer play lives next to this file (ai.py)

    app.add_ai_behaviour(sibling_module(__file__, "ai").RangerBehaviour(sys.modules[__name__]))
    register_presentation(app)


def _client() -> ModuleType:
    from game.content.plugins import sibling_module

    return sibling_module(__file__, "client")


def register_presentation(app: ModApp) -> None:
    """The ambush animated and sounded, its panel button, and the mod's help page."""
    shown = app.presentation
    shown.on_event("AmbushSprung", scene=lambda s, e: _client().ambush_sprung(s, e),
                   beat=lambda: _client().AmbushBeat, sound="ambush")
    shown.panel_actions["ambush"] = "Ambush"
    shown.help_entries.append(help_entries)


def help_entries(rules: Any) -> list[Any]:
    """The help's entry for the ranger skills and the catapult penalty (numbers from the data)."""
    from game.help_text import TypeEntry

    return [TypeEntry("units", "ranger", "Ranger skills (mod)", _help_text(rules), "")]


def _help_text(rules: Any) -> str:
    found = RangerSkills.model_validate(rules.extra[SECTION])
    names = ", ".join(rules.units[u].name for u in found.units if u in rules.units)
    climb, volley, ambush, penalty = found.climb, found.volley, found.ambush, found.catapult_penalty
    vs = ", ".join(f"{rules.units[u].name} {p}%" for u, p in penalty.vs_units.items() if u in rules.units)
    return (f"{names}: climb walls (+{climb['extra_mp']} MP, {climb['knock_chance']}% fall per guard, from water too); "
            f"volley into a neighbouring territory at attack +{volley['bonus']} ({volley['mp']} MP, no strike back); "
            f"an army of them alone may ambush a lone army of at most one slot per ranger, no rangers or rare units "
            f"in it, unguarded and not at its base: {ambush.chance}% it is wiped out, else a battle "
            f"({ambush.per_turn} a turn). Catapults hit units in the field for less: {vs}, others "
            f"{penalty.default}% (at least {penalty.min_damage}).")

