"""Test helper: the modules of Risky Space's plugin package, exactly as the engine imported them."""

from __future__ import annotations

import importlib
from types import ModuleType

RULESET = "risky-space"


def module(name: str) -> ModuleType:
    """`module("rules")` is mods/risky-space/plugin/rules.py (loading the ruleset once imports it)."""
    from game.content import load_app, plugin_module

    package = plugin_module(RULESET)
    if package is None:
        load_app(RULESET)
        package = plugin_module(RULESET)
    assert package is not None
    return importlib.import_module(f"{package.__name__}.{name}")
