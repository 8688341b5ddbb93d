"""The layering rules: components and systems never import the client (or arcade); computer players only read."""

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


# --- computer players ----------------------------------------------------------------------------------

COMPUTER_PLAYERS = [*sorted((ROOT / "game" / "ai").glob("*.py")), *sorted((ROOT / "mods").glob("*/ai.py"))]


def runtime_imports(path: Path) -> set[str]:
    """Modules imported when the file runs (imports under `if TYPE_CHECKING:` are for annotations only)."""
    tree = ast.parse(path.read_text())
    skipped: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            skipped.update(id(child) for stmt in node.body for child in ast.walk(stmt))
    found: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return found


def test_no_import_cycles_within_the_computer_players():
    modules = {f"game.ai.{p.stem}": p for p in (ROOT / "game" / "ai").glob("*.py") if p.stem != "__init__"}
    graph = {name: {m for m in runtime_imports(path) if m in modules and m != name} for name, path in modules.items()}
    state: dict[str, int] = {}
    cycles: list[list[str]] = []

    def visit(node: str, trail: list[str]) -> None:
        state[node] = 1
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                cycles.append([*trail[trail.index(nxt):], nxt])
            elif nxt not in state:
                visit(nxt, [*trail, nxt])
        state[node] = 2

    for name in sorted(graph):
        if name not in state:
            visit(name, [name])
    assert cycles == []


def test_no_computer_player_module_names_a_mod():
    """Mods own their computer play (registered with app.add_ai_behaviour); the core AI names none of them."""
    import re

    pattern = re.compile(r"\b(ships?|medics?|cavalry|vessels?|naval|navy|docks?|heal|healers?|plugin_module)\b")
    offenders = [
        f"{path.relative_to(ROOT)}: {match.group(0)}"
        for path in sorted((ROOT / "game" / "ai").glob("*.py"))
        for match in pattern.finditer(path.read_text().lower())
    ]
    assert offenders == []


WRITERS = {"add_component", "remove_component", "create_entity", "delete_entity", "set_owner", "emit",
           "clear_database", "switch_world", "delete_world"}


def _chain(node: ast.expr) -> tuple[str | None, list[str]]:
    """The root name and the attribute names of `a.b.c` (root None when it is not a plain name)."""
    names: list[str] = []
    while isinstance(node, ast.Attribute):
        names.append(node.attr)
        node = node.value
    return (node.id if isinstance(node, ast.Name) else None), names


def _own(target: ast.expr) -> bool:
    """Is an assignment target the computer player's own data: `self.x`, a local, or its per-game cache?"""
    if isinstance(target, ast.Attribute):
        root, _ = _chain(target)
        return root == "self" and isinstance(target.value, ast.Name)
    if isinstance(target, ast.Subscript):
        if isinstance(target.value, ast.Name):
            return True  # a local table
        root, names = _chain(target.value)
        return root in ("self", "static") or "static" in names  # its own objects, or View.static (the per-game cache)
    if isinstance(target, (ast.Tuple, ast.List)):
        return all(_own(e) for e in target.elts)
    return True


def test_computer_players_never_write_components():
    """Computer players act only through Game.submit: no esper or world writes, and nothing assigned but their
    own objects and caches, so no component field (army.mp, structure.garrison...) is ever set directly.
    (tests/test_ai.py checks the same at run time: the state hash changes only in submit.)"""
    offenders = []
    for path in COMPUTER_PLAYERS:
        where = path.relative_to(ROOT)
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in WRITERS:
                offenders.append(f"{where}:{node.lineno} calls {node.func.attr}")
            targets: list[ast.expr] = []
            if isinstance(node, ast.Assign):
                targets = list(node.targets)
            elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
                targets = [node.target]
            offenders.extend(f"{where}:{node.lineno} assigns {ast.unparse(t)}" for t in targets if not _own(t))
    assert offenders == []
    assert any(path.parent.name != "ai" for path in COMPUTER_PLAYERS)  # the mods' behaviours are checked too
