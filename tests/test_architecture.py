"""The shape of the code: layering (components and systems never import the client), no import cycles in
game/, the non-UI game never importing the UI, no module-level registries, no core file naming a mod, and
computer players that only read."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def imported_modules(path: Path, runtime_only: bool = False) -> set[str]:
    """Every module `path` imports (lazy imports in functions included); with `runtime_only`, imports
    under `if TYPE_CHECKING:` are left out (they never run). `from a import b` counts `a` and `a.b`."""
    tree = ast.parse(path.read_text())
    typing_only: set[int] = set()
    if runtime_only:
        for node in ast.walk(tree):
            if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
                typing_only.update(id(inner) for part in node.body for inner in ast.walk(part))
    found: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in typing_only:
            continue
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
            if runtime_only:
                found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return found


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


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

def import_cycles(folder: Path, skip: tuple[str, ...] = ()) -> list[list[str]]:
    """Strongly connected groups of modules under `folder` that import each other at run time (Tarjan)."""
    modules = {module_name(p): p for p in folder.rglob("*.py") if not module_name(p).startswith(skip)}
    graph = {m: {i for i in imported_modules(p, runtime_only=True) if i in modules and i != m}
             for m, p in modules.items()}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    cycles: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                cycles.append(sorted(group))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return cycles


def test_game_has_no_import_cycles():
    """Content loading is one way (discover -> resolve -> plugins/App -> data -> Game); the computer players
    and the rest of game/ import in one direction too, the client included: the window (`game.ui.app`) shows
    the views and the views only name its type (under TYPE_CHECKING), calling back through its methods."""
    assert import_cycles(ROOT / "game") == []



def test_the_game_without_a_window_never_imports_the_client():
    """Headless games, servers and the simulator never import game.ui or arcade; `foc play` (game.cli) is
    the one door into the client, and a ruleset's client screen is imported lazily by the client."""
    offenders = []
    for path in (ROOT / "game").rglob("*.py"):
        name = module_name(path)
        if name.startswith("game.ui") or name == "game.cli":
            continue
        for module in imported_modules(path):
            if module.startswith("game.ui") or module.split(".")[0] in ("arcade", "pyglet"):
                offenders.append(f"{path.relative_to(ROOT)} imports {module}")
    assert offenders == []


# Caches of derived data (GPU textures and programs, fitted text, static map tables), not registries: they
# never decide what a game may do. Each is named here so a new module-level container is a decision.
CACHES = {
    "game/ai/view.py:_STATIC", "game/queries.py:_FAR", "game/ui/effects.py:_TEXTURES", "game/ui/quad.py:_PROGRAMS",
    "game/ui/views/help_overlay.py:_BASE_RULES", "game/ui/views/setup.py:_MAPS", "game/ui/widgets.py:_FITTED",
}
MUTATORS = {"append", "update", "setdefault", "add", "extend", "insert", "pop", "clear", "remove", "discard"}
CONTAINERS = {"dict", "list", "set", "defaultdict", "OrderedDict", "Counter", "deque"}


def module_registries(path: Path) -> list[str]:
    """Module-level mutable containers that functions write into (what a registry is), and `global`."""
    tree = ast.parse(path.read_text())
    where = str(path.relative_to(ROOT))
    containers: dict[str, int] = {}
    for node in tree.body:
        value = node.value if isinstance(node, (ast.Assign, ast.AnnAssign)) else None
        targets = (node.targets if isinstance(node, ast.Assign) else [node.target]
                   if isinstance(node, ast.AnnAssign) else [])
        mutable = isinstance(value, (ast.Dict, ast.List, ast.Set, ast.DictComp, ast.ListComp, ast.SetComp)) or (
            isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and value.func.id in CONTAINERS)
        if mutable:
            containers.update({t.id: node.lineno for t in targets if isinstance(t, ast.Name)})
    out = []
    for function in ast.walk(tree):
        if not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        local = {a.arg for a in ast.walk(function.args) if isinstance(a, ast.arg)} | {
            t.id for n in ast.walk(function) if isinstance(n, ast.Assign) for t in n.targets if isinstance(t, ast.Name)}
        for node in ast.walk(function):
            written = None
            if isinstance(node, ast.Global):
                out.extend(f"{where}:{name}" for name in node.names)
            elif isinstance(node, (ast.Assign, ast.AugAssign)):
                for t in node.targets if isinstance(node, ast.Assign) else [node.target]:
                    if isinstance(t, ast.Subscript) and isinstance(t.value, ast.Name):
                        written = t.value.id
            elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                  and isinstance(node.func.value, ast.Name) and node.func.attr in MUTATORS):
                written = node.func.value.id
            if written in containers and written not in local:
                out.append(f"{where}:{written}")
    return sorted(set(out) - CACHES)


def test_no_module_level_registries():
    """Commands, components, ability kinds, placements, systems, events and presentation are registered on
    each game's App (game.app), never in module globals that outlive a game."""
    offenders = [line for folder in ("components", "systems", "game", "mods")
                 for path in sorted((ROOT / folder).rglob("*.py")) for line in module_registries(path)]
    assert offenders == []


def shipped_mod_names() -> set[str]:
    """What the shipped mods (not the base ruleset) bring, by name: their ids, the command, event and
    component classes and ability kinds their plugins register, and their unit and structure type ids."""
    from game.content import load_app
    from game.content.manifest import read_manifest

    base = load_app()
    names: set[str] = set()
    for folder in sorted((ROOT / "mods").iterdir()):
        manifest = read_manifest(folder, []) if (folder / "mod.toml").is_file() else None
        if manifest is None or manifest.kind == "ruleset":
            continue
        app = load_app(manifest.ruleset, [manifest.id])
        names.add(manifest.id)
        names |= set(app.command_types()) - set(base.command_types())
        names |= set(app.components) - set(base.components)
        names |= set(app.events) - set(base.events)
        names |= set(app.ability_kinds) - set(base.ability_kinds)
        names |= set(app.rules.units) - set(base.rules.units)
        names |= set(app.rules.structures) - set(base.rules.structures)
    return names


def test_no_core_file_names_a_shipped_mod():
    """A mod owns its rules, presentation and computer play: components/, systems/ and game/ never name
    one (identifier, string or comment): game/ai/ included, the ships' and medics' computer play lives in
    their mods (mods/ships/ai.py, mods/medic/ai.py)."""
    import re

    names = shipped_mod_names()
    assert {"ships", "medic", "cavalry", "ShipSailed", "vessel", "fire"} <= names
    # the base game's own words (R8.7 stationed fire, R8.8 a catapult fires) that a mod also took as its id:
    # as a word they mean the base rule, so only a string naming the mod ("fire") would name it
    base_words = {"fire"}
    pattern = re.compile(r"\b(" + "|".join(sorted(names - base_words)) + r")\b")
    quoted = re.compile(r"[\"'](" + "|".join(sorted(base_words)) + r")[\"']")
    offenders = []
    for folder in ("components", "systems", "game"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            for number, line in enumerate(path.read_text().splitlines(), 1):
                if (found := pattern.search(line) or quoted.search(line)) is not None:
                    offenders.append(f"{path.relative_to(ROOT)}:{number}: {found.group(0)}")
    assert offenders == []
