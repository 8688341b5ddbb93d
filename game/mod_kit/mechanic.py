"""The `mechanic` skeleton: a plugin mod for the base game: a new structure whose ability a new system reads."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.mod_kit.common import COMPUTER_GAME_TEST, mod_files

if TYPE_CHECKING:
    from game.mod_kit import Names

PLUGIN = '''\
"""$title: a plugin mod for Forces of Conquest, made with `foc new-mod $id --kind mechanic`.

A shrine (structures.toml) pays its owner the food its `${safe}_offering` ability names at the start of each
of their turns (the Resource stage, after the base game's production). The numbers are data; this code is
the rule, in one place.
"""

from __future__ import annotations

from dataclasses import dataclass

from pydantic import Field, StrictInt

from components.abilities import AbilityParams
from systems import queries as q
from systems.events import Event
from systems.world import RESOURCE, World

ABILITY = "${safe}_offering"


class Offering(AbilityParams):
    """The structure pays its owner `food` each Resource stage."""

    food: StrictInt = Field(ge=1)


@dataclass(frozen=True, slots=True)
class OfferingPaid(Event):
    """A shrine of `seat` paid it `food` (the client can animate and sound it; the log tells it)."""

    seat: int
    structure: int
    food: int


def collect_offerings(world: World) -> None:
    """Every shrine of the player whose turn begins pays its offering."""
    seat = world.clock.seat
    for entity, structure in sorted(q.structures(), key=lambda pair: pair[0]):
        offering = world.rules.structures[structure.structure_type].ability(ABILITY, Offering)
        if offering is not None and structure.owner == seat:
            stock = q.stockpile(world, seat)
            stock["food"] = stock.get("food", 0) + offering.food
            world.emit(OfferingPaid(seat, entity, offering.food))


def register(app) -> None:  # noqa: ANN001 - the game's ModApp
    """Put the mechanic on the game's App: the ability kind, its event and the system that pays it."""
    app.add_ability_kind(ABILITY, Offering)
    app.add_event(OfferingPaid)
    app.add_system(RESOURCE, "$id.offerings", collect_offerings, after="resource")
'''

MANIFEST = '''\
# $title: a plugin mod, made with `foc new-mod $id --kind mechanic`.
id = "$id"
name = "$title"
version = "0.1.0"                      # keep it equal to pyproject.toml's version
description = "Shrines pay their owner food every turn."
extends = { $ruleset = "$ruleset_range" }
files = ["structures.toml"]
# no `plugin` key: an installed package's plugin is the module its entry point names (pyproject.toml)
'''

STRUCTURES = '''\
# A new structure. Its `${safe}_offering` ability is read by the plugin (__init__.py); every other key is the
# base game's ($ruleset_folder/structures.toml in the game shows them all).
[structures.${safe}_shrine]
name = "$title Shrine"
description = "Pays its owner 2 food at the start of each of their turns."
cost = { stone = 15 }
repair = { stone = 1 }
defense = 15
protection = 20
garrison = 1
placement = "land"
abilities = [{ kind = "${safe}_offering", food = 2 }]
'''

TEST = '''\
"""$title's own tests: the mod loads onto the base game, its system runs after production, and computer
players play a game with it."""

from game.content import load_app, load_ruleset
from game.simulate import map_for, play_game
from systems.world import RESOURCE

import $package


def test_the_shrine_has_its_offering_as_written() -> None:
    shrine = load_ruleset(["$id"]).structures["${safe}_shrine"]
    assert shrine.ability($package.ABILITY, $package.Offering).food == 2


def test_offerings_are_paid_after_the_base_games_production() -> None:
    assert load_app("$ruleset", ["$id"]).schedule.order(RESOURCE) == ["resource", "$id.offerings"]


''' + COMPUTER_GAME_TEST


def files(names: Names) -> dict[str, str]:
    return mod_files(PLUGIN, MANIFEST, "structures.toml", STRUCTURES, TEST)
