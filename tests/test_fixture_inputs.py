"""No input under tests/fixtures/ produces a traceback: every map, save, replay and mod there either loads or is
refused with a DataError/MapError naming the file (the hostile ones in tests/fixtures/hostile/ included)."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.content import load_ruleset
from game.errors import DataError
from game.maps import MapError, load_map
from game.saves import load_game

FIXTURES = Path(__file__).parent / "fixtures"
MAPS = sorted(FIXTURES.rglob("*.tmj"))
SAVES = sorted(FIXTURES.rglob("*.json.gz"))
MODS = sorted(p.parent for p in FIXTURES.rglob("mod.toml"))


@pytest.mark.parametrize("path", MAPS, ids=[p.name for p in MAPS])
def test_every_fixture_map_loads_or_is_refused_with_a_message(path):
    try:
        load_map(path)
    except MapError as exc:
        assert str(path) in str(exc)


@pytest.mark.parametrize("path", SAVES, ids=[p.name for p in SAVES])
def test_every_fixture_save_loads_or_is_refused_with_a_message(path):
    try:
        load_game(path)
    except DataError as exc:
        assert str(path) in str(exc)


@pytest.mark.parametrize("path", MODS, ids=[p.name for p in MODS])
def test_every_fixture_mod_loads_or_is_refused_with_a_message(path):
    try:
        load_ruleset([path])
    except DataError as exc:
        assert "mod.toml" in str(exc) or path.name in str(exc)


def test_there_are_hostile_fixtures_of_every_kind():
    assert len(MAPS) >= 4 and len(SAVES) >= 4 and len(MODS) >= 3
