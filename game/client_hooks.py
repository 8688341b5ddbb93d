"""What shared client code asks a ruleset about the rule sections only some rulesets have (resources, upkeep,
structures and their upgrades, buildable units, bombard ammunition, attack costs, type numbers, the forecast),
through the hooks its presentation declares; the empty answer where it declares none, so the turn summary, the
chronicle and the standard map screen never read a section a ruleset lacks. The base game answers them in its own
plugin, as any ruleset with those sections would."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from systems.world import World


def _look(world: World) -> Any:
    return world.app.presentation if world.app is not None else None


def resource_ids(world: World) -> tuple[str, ...]:
    """The resources a player holds, in the ruleset's order; () for a ruleset without resources."""
    look = _look(world)
    return tuple(look.resources(world.rules)) if look is not None and look.resources is not None else ()


def upkeep_resource(world: World) -> str:
    """The resource upkeep is paid in; "" for a ruleset without upkeep."""
    look = _look(world)
    return str(look.upkeep_resource(world.rules)) if look is not None and look.upkeep_resource is not None else ""


def structure_types(world: World) -> Mapping[str, Any]:
    """Structure type id -> its spec; empty for a ruleset without structures."""
    look = _look(world)
    return look.structure_types(world.rules) if look is not None and look.structure_types is not None else {}


def buildable_units(world: World) -> tuple[str, ...]:
    """The unit types a player may build, in the ruleset's order; () for a ruleset where none are built."""
    look = _look(world)
    return tuple(look.buildable_units(world.rules)) if look is not None and look.buildable_units is not None else ()


def upgrade_types(world: World) -> Mapping[str, Any]:
    """Structure upgrade id -> its spec; empty for a ruleset without upgrades."""
    look = _look(world)
    return look.upgrade_types(world.rules) if look is not None and look.upgrade_types is not None else {}


def ammo(world: World) -> Mapping[str, int]:
    """The resources a bombard fires, each with its damage; empty for a ruleset without bombards."""
    look = _look(world)
    return look.ammo(world.rules) if look is not None and look.ammo is not None else {}


def attack_extra(world: World) -> int:
    """The MP an attack costs beyond the move into the place; 0 where the ruleset declares none."""
    look = _look(world)
    return int(look.attack_extra(world.rules)) if look is not None and look.attack_extra is not None else 0


def type_facts(world: World, section: str, type_id: str) -> str:
    """A unit or structure type's numbers in one line for players; "" where the ruleset declares none."""
    look = _look(world)
    return str(look.type_facts(world.rules, section, type_id)) if look is not None and look.type_facts else ""


def forecast(game: Any, seat: int) -> Any | None:
    """The ruleset's outlook for the seat (the base game: next turn's upkeep, game.forecast.UpkeepForecast); None
    for a ruleset that declares none."""
    world = game if isinstance(game, World) else game.world
    look = _look(world)
    return look.forecast(game, seat) if look is not None and look.forecast is not None else None


def type_name(world: World, section: str, type_id: str) -> str:
    """A terrain, unit or structure type's name as players read it; the id in words where the ruleset's spec has
    no name (or no such section)."""
    # terrain and units: every ruleset has them (components.rules.RulesetCore); their specs' names it may not
    specs: Mapping[str, Any] = (structure_types(world) if section == "structures"
                                else getattr(world.rules, section, None) or {})
    name = getattr(specs.get(type_id), "name", "")
    return str(name) if name else type_id.replace("_", " ")
