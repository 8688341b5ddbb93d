"""The `units` skeleton: a data-only mod adding one army unit to the base game (no code runs)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.mod_kit.common import COMPUTER_GAME_TEST, mod_files

if TYPE_CHECKING:
    from game.mod_kit import Names

INIT = '''\
"""$title: a data-only mod for Forces of Conquest (mod.toml and units.toml say everything).

The game loads this package through its entry point (pyproject.toml); a data-only mod's register does nothing.
"""


def register(app) -> None:  # noqa: ANN001 - the game's ModApp
    """Nothing to register: the rules files are the whole mod."""
'''

MANIFEST = '''\
# $title: a data-only mod, made with `foc new-mod $id --kind units`.
id = "$id"
name = "$title"
version = "0.1.0"                      # keep it equal to pyproject.toml's version
description = "Adds the $title unit to the base game."
extends = { $ruleset = "$ruleset_range" }      # the ruleset this mod extends, with the versions it works with
files = ["units.toml"]                 # rules files, loaded in this order after the base game's
'''

UNITS = '''\
# A new army unit. Every key is checked when the game loads: a typo or a value out of range is an error
# naming this file and the key. The base game's units ($ruleset_folder/units.toml in the game) show every key.
[units.$safe]
name = "$title"
description = "Quick and light: moves far on foot, hits hard, but breaks easily."
cost = { food = 14 }                   # what building one costs (R6.1)
upkeep = { food = 1 }                  # paid every turn (R4.1)
combat = { attack = 3, defense = 1 }   # in the field (R8)
stationed = { attack = 3, defense = 1 }  # in a structure's garrison; never below the field defense
movement = { mp = 5, class = "foot" }  # movement points a turn, and the base game's cost table "foot"
'''

TEST = '''\
"""$title's own tests: the mod loads onto the base game, its unit is what units.toml says, and computer
players play a game with it."""

from game.content import load_ruleset
from game.simulate import map_for, play_game


def test_the_unit_is_in_the_rules_as_written() -> None:
    unit = load_ruleset(["$id"]).units["$safe"]
    assert unit.name == "$title"
    assert (unit.combat.attack, unit.combat.defense, unit.movement.mp) == (3, 1, 5)


''' + COMPUTER_GAME_TEST


def files(names: Names) -> dict[str, str]:
    return mod_files(INIT, MANIFEST, "units.toml", UNITS, TEST)
