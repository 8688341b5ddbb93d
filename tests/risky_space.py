"""Test helper: import Risky Space's plugin package (mods/risky-space/plugin) by path, once."""

from __future__ import annotations

import importlib
import importlib.util
import sys
from pathlib import Path
from types import ModuleType

PLUGIN = Path(__file__).resolve().parent.parent / "mods" / "risky-space" / "plugin"
PACKAGE = "risky_space_under_test"


def module(name: str) -> ModuleType:
    """`module("rules")` is mods/risky-space/plugin/rules.py."""
    if PACKAGE not in sys.modules:
        spec = importlib.util.spec_from_file_location(PACKAGE, PLUGIN / "__init__.py",
                                                      submodule_search_locations=[str(PLUGIN)])
        assert spec is not None and spec.loader is not None
        package = importlib.util.module_from_spec(spec)
        sys.modules[PACKAGE] = package
        spec.loader.exec_module(package)
    return importlib.import_module(f"{PACKAGE}.{name}")
