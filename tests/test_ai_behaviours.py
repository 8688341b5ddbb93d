"""Computer player behaviours: a mod's plugin supplies one with `app.add_ai_behaviour`, and the strategic
player uses it through its hooks (no core code names the mod)."""

from __future__ import annotations

from pathlib import Path

import pytest

from components.commands import BuildUnit, ChooseBase
from game.ai import run_computer_turn
from game.ai.behaviours import mod_behaviours
from game.content import discover as discover_module
from game.content.manifest import BUNDLED_MODS
from game.setup import PlayerSpec, create_game
from systems import queries as q
from tests.builders import at, tiny_map

PLUGIN = '''
CALLS = []


def register(app):
    from game.content.plugins import sibling_module

    app.add_ai_behaviour(sibling_module(__file__, "ai").Scribes(CALLS))
'''

AI = '''
from game.ai.behaviours import TurnPart


class Part(TurnPart):
    def __init__(self, turn, calls):
        self.turn = turn
        self.calls = calls

    def special_units(self):
        return frozenset({"scribe"})

    def unit_to_build(self, at_base, staging):
        return "scribe"

    def act(self):
        self.calls.append(self.turn.v.round)


class Scribes:
    name = "scribes"

    def __init__(self, calls):
        self.calls = calls

    def for_turn(self, turn):
        return Part(turn, self.calls)
'''

UNITS = '''[units.scribe]
name = "Scribe"
description = "Writes."
cost = { food = 5 }
combat = { attack = 1, defense = 1 }
stationed = { attack = 1, defense = 1 }
movement = { mp = 2, class = "foot" }
'''


@pytest.fixture
def scribes_mod(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    root = tmp_path / "bundled_mods"
    folder = root / "scribes"
    folder.mkdir(parents=True)
    (folder / "mod.toml").write_text(
        'id = "scribes"\nname = "Scribes"\nversion = "1.0.0"\nfiles = ["units.toml"]\nplugin = "plugin.py"\n'
    )
    (folder / "units.toml").write_text(UNITS)
    (folder / "plugin.py").write_text(PLUGIN)
    (folder / "ai.py").write_text(AI)
    monkeypatch.setattr(discover_module, "BUNDLED_MODS", root)  # a stand-in for the game's mods/ folder
    return root


def test_a_third_party_mod_supplies_a_computer_player_behaviour(scribes_mod: Path):
    rows = ["pppppppp", "pppppppp"]
    game = create_game(tiny_map(rows, 2), [PlayerSpec("P1", True, "hard"), PlayerSpec("P2", True, "normal")], 1,
                       mods=["scribes"], search=[BUNDLED_MODS, scribes_mod])
    for x, y in ((0, 0), (7, 1)):
        assert game.submit(ChooseBase(at(game, x, y))).ok
    assert [b.name for b in mod_behaviours(game)] == ["scribes"]
    game.world.clock.round = 20
    for territory in range(game.world.board.size // 2):
        game.world.set_owner(territory, 1)  # nothing to claim: units are built for the strike forces
    q.stockpile(game.world, 1)["food"] = 200
    run_computer_turn(game)
    plugin = game.app.plugin("scribes")
    assert plugin is not None and plugin.CALLS == [20]  # its own step ran once in the turn
    built = [c.unit_type for _, s, c in game.history if s == 1 and isinstance(c, BuildUnit)]
    assert "scribe" in built


def test_a_behaviour_is_switched_off_by_name(scribes_mod: Path):
    from game.ai.params import Params
    from game.ai.strategic import StrategicAI

    rows = ["pppppppp", "pppppppp"]
    game = create_game(tiny_map(rows, 2), [PlayerSpec("P1", True, "hard"), PlayerSpec("P2", True, "normal")], 1,
                       mods=["scribes"], search=[BUNDLED_MODS, scribes_mod])
    for x, y in ((0, 0), (7, 1)):
        assert game.submit(ChooseBase(at(game, x, y))).ok
    plugin = game.app.plugin("scribes")
    assert plugin is not None
    StrategicAI(Params(name="hard", off=frozenset({"scribes"}))).play_turn(game)
    assert plugin.CALLS == []
    StrategicAI(Params(name="hard")).play_turn(game)  # seat 2 now, with the behaviour on
    assert plugin.CALLS == [1]


def test_a_base_game_has_no_mod_behaviours():
    from tests.builders import tiny_game

    game = tiny_game(["ppppp"], {1: (0, 0), 2: (4, 0)})
    assert mod_behaviours(game) == []
