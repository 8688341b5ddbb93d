"""The layering rule: components and systems never import the client (or arcade)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text())
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
    return found


def test_components_and_systems_never_import_arcade_or_the_client():
    offenders = []
    for folder in ("components", "systems"):
        for path in (ROOT / folder).rglob("*.py"):
            for module in imported_modules(path):
                if module.split(".")[0] in ("arcade", "pyglet") or module.startswith("game"):
                    offenders.append(f"{path.relative_to(ROOT)} imports {module}")
    assert offenders == []


def test_components_never_import_systems():
    offenders = [
        f"{path.relative_to(ROOT)} imports {module}"
        for path in (ROOT / "components").rglob("*.py")
        for module in imported_modules(path)
        if module.startswith("systems")
    ]
    assert offenders == []


def test_every_module_opens_with_a_docstring():
    missing = []
    for folder in ("components", "systems", "game"):
        for path in (ROOT / folder).rglob("*.py"):
            tree = ast.parse(path.read_text())
            if path.name != "__init__.py" and ast.get_docstring(tree) is None:
                missing.append(str(path.relative_to(ROOT)))
    assert missing == []
