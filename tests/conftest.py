"""Shared test setup: headless arcade, one esper world per test, and the base ruleset loaded once."""

from __future__ import annotations

import os

os.environ.setdefault("ARCADE_HEADLESS", "1")

import esper
import pytest

from components.rules import Ruleset
from game.content import load_ruleset


@pytest.fixture(autouse=True)
def _isolated_esper_world(request: pytest.FixtureRequest):
    name = f"test:{request.node.nodeid}"
    esper.switch_world(name)
    yield
    esper.switch_world("default")
    for world in list(esper.list_worlds()):
        if world != "default":
            esper.delete_world(world)


_RULES: Ruleset | None = None


@pytest.fixture
def rules() -> Ruleset:
    global _RULES
    if _RULES is None:
        _RULES = load_ruleset()
    return _RULES
