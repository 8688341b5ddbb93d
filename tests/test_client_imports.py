"""The client's window and its screens do not import each other: screens name `game.ui.client_window`, and only
the launcher (and tests) import `game.ui.app`, whose window imports the screens it shows."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ALLOWED = {"game/ui/app.py", "game/ui/launch.py"}


def imported_modules(path: Path) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return found


def test_no_screen_or_client_module_imports_the_window_module_not_even_for_types():
    offenders = [str(p.relative_to(ROOT)) for p in sorted((ROOT / "game").rglob("*.py"))
                 if str(p.relative_to(ROOT)) not in ALLOWED and "game.ui.app" in imported_modules(p)]
    offenders += [str(p.relative_to(ROOT)) for p in sorted((ROOT / "mods").rglob("*.py"))
                  if "game.ui.app" in imported_modules(p)]
    assert offenders == []
