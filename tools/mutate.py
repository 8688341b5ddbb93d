"""Mutation testing of the rule modules (`make mutate`): cosmic-ray's mutants, each tested only by the tests that run it.

cosmic-ray makes the mutants and runs the tests of each one in a subprocess with a time bound; it stores every
result in a session file (`.mutate/<package>.sqlite`, readable with `cr-report` and `cr-html`). cosmic-ray runs one
test command for every mutant, which on a 2-core machine takes hours, so this driver picks the tests per mutant
itself: a coverage run with one context per test function tells which tests execute the mutated line, and only
those run (the package's `static` tests where only import-time code runs the line, e.g. a pydantic field bound; none,
and the mutant counts as surviving, where no test does). Equivalent mutants are listed in EQUIVALENT_MUTANTS with
the reason no test can tell them apart. Mutations are made in a copy of the tree (`.mutate/tree`), never in the working
tree, because rule plugins under `mods/*/plugin/` are imported by file path, not as packages.

A line holding `# pragma: no mutate` is not mutated, and `# pragma: no mutate(Operator, ...)` skips only those
operators (cosmic-ray's names without `core/`): put one only where the mutant is equivalent (it cannot change
behaviour), with a comment saying why.
"""

from __future__ import annotations

import argparse
import fnmatch
import functools
import os
import random
import re
import shutil
import subprocess
import sys
import time
import uuid
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
WORK = ROOT / ".mutate"
TREE = WORK / "tree"

# UI, computer players and headless-match harnesses are not rules; everything else in a ruleset's plugin is.
NOT_RULES = {"screen.py", "tokens.py", "client.py", "computer.py", "hard.py", "agent.py", "ai.py", "match.py"}
ENHANCEMENTS = ("accessories", "castle-works", "fire", "medic", "ranger-skills", "ships", "siege")


@dataclass(frozen=True)
class Package:
    """One line of the report: the modules mutated, the test files whose tests may kill their mutants, and those
    run for a line only import time runs (class bodies, field declarations, tables): `static`, else all of `tests`."""

    sources: tuple[str, ...]
    tests: tuple[str, ...]
    static: tuple[str, ...] = ()


SCHEMA = "tests/test_rules_schema_contract.py"  # the published rules schema: field bounds and defaults
AGENTS = "tests/test_agent_env.py"  # every ruleset's legal-command enumeration (legal.py), played by agents


PACKAGES: dict[str, Package] = {
    "systems": Package(
        ("systems/*.py",),
        ("tests/test_r[0-9]*_*.py", "tests/test_volley.py", "tests/test_climbing.py", "tests/test_command_fields.py",
         "tests/test_hooks.py", "tests/test_hook_composition.py", "tests/test_board_topologies.py",
         "tests/test_cavalry.py", "tests/test_flow.py", "tests/test_undo.py", "tests/test_invariants.py",
         "tests/test_seats.py", "tests/test_rare_units.py"),
    ),
    "base": Package(("mods/base/plugin.py",), ("tests/test_r[0-9]*_*.py", "tests/test_plugins.py", "tests/test_mods.py",
                                                "tests/test_saves.py", "tests/test_agent_env.py")),
    "monstercrasher": Package(("mods/monstercrasher/plugin/*.py",), ("tests/test_monstercrasher_*.py", SCHEMA, AGENTS),
                              (SCHEMA, "tests/test_monstercrasher_rules.py")),
    "risky-space": Package(("mods/risky-space/plugin/*.py",), ("tests/test_risky_space_*.py", SCHEMA, AGENTS),
                           (SCHEMA, "tests/test_risky_space_rules.py")),
    "total-war": Package(("mods/total-war/plugin/*.py",), ("tests/test_total_war_*.py", SCHEMA, AGENTS),
                         (SCHEMA, "tests/test_total_war_rules.py")),
    "relic-duels": Package(("mods/relic-duels/plugin/*.py",), ("tests/test_relic_duels_*.py", SCHEMA, AGENTS),
                           (SCHEMA, "tests/test_relic_duels_rules.py")),
    "enhancements": Package(
        tuple(f"mods/{mod}/plugin.py" for mod in ENHANCEMENTS),
        ("tests/test_accessories.py", "tests/test_castle_works.py", "tests/test_fire.py", "tests/test_medic.py",
         "tests/test_ranger_skills.py", "tests/test_ships.py", "tests/test_siege.py", "tests/test_enhancements_*.py",
         "tests/test_fire_rangers_rare_play.py", SCHEMA),
        (SCHEMA, "tests/test_enhancements_*.py"),
    ),
}

# A mutmut-sized subset of cosmic-ray's operators: each site gets the mutations a real slip makes (a boundary moved
# by one, a comparison or condition turned round, an operator swapped for its inverse, a loop skipped), not every
# operator for every operator.
OPERATORS = re.compile(
    r"core/("
    r"NumberReplacer|AddNot|ReplaceAndWithOr|ReplaceOrWithAnd|ReplaceTrueWithFalse|ReplaceFalseWithTrue"
    r"|ReplaceUnaryOperator_Delete_Not|ReplaceUnaryOperator_USub_UAdd|ZeroIterationForLoop"
    r"|ReplaceBreakWithContinue|ReplaceContinueWithBreak"
    r"|ReplaceComparisonOperator_(Lt_LtE|LtE_Lt|Gt_GtE|GtE_Gt|Eq_NotEq|NotEq_Eq|Is_IsNot|IsNot_Is|In_NotIn|NotIn_In)"
    r"|ReplaceBinaryOperator_(Add_Sub|Sub_Add|Mul_Div|Div_Mul|FloorDiv_Mul|Mod_FloorDiv|BitOr_BitAnd|BitAnd_BitOr)"
    r")$"
)
PRAGMA = re.compile(r"pragma: no mutate(?:\(([^)]*)\))?")
# Lines whose every mutant is equivalent: `if TYPE_CHECKING:` guards imports used only by annotations (turned round,
# the imports run at run time and nothing else changes).
EQUIVALENT = re.compile(r"^\s*if TYPE_CHECKING:")
# Equivalent mutants found by reading survivors, kept here rather than as pragmas in rule code:
# (module path, text on the line, operator without "core/", text on the mutated line, why no test can tell them apart).
EQUIVALENT_MUTANTS: list[tuple[str, str, str, str, str]] = [
    ("mods/total-war/plugin/hexes.py", "vi * fi < 0", "ReplaceBinaryOperator_Mul_Div", "vi / fi < 0",
     "guarded by fi != 0: vi * fi and vi / fi always have the same sign"),
    ("mods/total-war/plugin/hexes.py", "bx, by = b[0] + 1e-6, b[1] + 2e-6", "ReplaceBinaryOperator_Add_Sub",
     "bx, by = b[0] - 1e-6", "the x nudge then runs from +1e-6 to -1e-6 along the line, still the smallest of the three "
     "(2e-6, 3e-6): x is the coordinate rebuilt from the other two whenever it ties, so its sign never decides (TW1.3)"),
    ("mods/total-war/plugin/movement.py", "tick += 1", "NumberReplacer", "tick +=",
     "the tick counter is never read (result.ticks records each tick): counting by 0 or 2 changes nothing"),
    ("mods/total-war/plugin/movement.py", "tick = 0", "NumberReplacer", "tick =",
     "the tick counter is never read (result.ticks records each tick)"),
    ("mods/monstercrasher/plugin/directions.py", "for j in range(i + 1, len(steps)):", "NumberReplacer", "i + 0",
     "pairing a step with itself adds a check of twice one step, which is never one step or none (MC5.3)"),
    ("mods/total-war/plugin/play.py", "    counts = [sum(1 for r in regiments(world).values() if r.seat == s)",
     "NumberReplacer", "counts = [sum( ", "the field's count of the default armies is replaced by the muster's (TW3.1), "
     "a setup phase, before any combat reads it (TW11.3)"),
    ("mods/monstercrasher/plugin/directions.py", 'if "H" in names and (len(tokens) > 1 or tokens[0][0] > 1 or whole',
     "ReplaceOrWithAnd", "len(tokens) > 1 and tokens[0][0] > 1",
     'parse_directions answers a lone "H" before reading segments, so here whole != "H" whenever H is written: '
     "that alone decides (MC5.2)"),
    ("mods/monstercrasher/plugin/directions.py", 'if "H" in names and (len(tokens) > 1 or tokens[0][0] > 1 or whole',
     "NumberReplacer", "tokens[ -1][0] > 1", 'as above: whole != "H" decides whenever H is written (MC5.2)'),
    ("mods/monstercrasher/plugin/directions.py", "while at > 0 and segment[at - 1].isdigit():",
     "ReplaceComparisonOperator_Gt_GtE", "at >= 0", "the later name is found after the earlier one, whose letters "
     "stop the walk back over digits: at never reaches 0"),
    ("mods/monstercrasher/plugin/player.py", "break", "ReplaceBreakWithContinue", "continue",
     "with no creature left the remaining marches do nothing: skipping them or running out the loop is the same"),
    ("mods/monstercrasher/plugin/march.py", "phases: int = 0", "NumberReplacer", "phases: int =",
     "march() always gives MarchResult its phases: the default is never read"),
    ("mods/monstercrasher/plugin/position.py", "rounds both players have {life[0]} life", "NumberReplacer",
     "rounds both players have {life[", "said only when life[0] == life[1] (a draw on life, MC7.2)"),
    ("mods/monstercrasher/plugin/position.py", "life[down[0] - 1]", "NumberReplacer", "down[ -1]",
     "down holds exactly one seat here (both down returned just before), so down[-1] is down[0]"),
    ("", "slots=True", "ReplaceTrueWithFalse", "slots=False",
     "__slots__ only saves memory: a frozen dataclass refuses new attributes either way"),
    ("", "@dataclass(frozen=True", "ReplaceTrueWithFalse", "frozen=False",
     "frozen only refuses assignments the code never makes (mypy checks that statically)"),
    ("systems/hooks.py", "field(default_factory=dict, repr=False)", "ReplaceFalseWithTrue", "repr=True",
     "repr only changes how the hooks print when debugging, never an answer"),
    ("systems/combat.py", "if len(facing) > 1 else facing[0]", "NumberReplacer", "facing[ -1]",
     "facing holds exactly one unit there, so facing[-1] is facing[0]"),
    ("mods/ships/plugin.py", "moves.mp <= 0 or _crew_reason", "NumberReplacer", "moves.mp <= -1",
     "with 0 MP the path search reaches only the ship's own water, which the reach leaves out: {} either way"),
    ("mods/total-war/plugin/movement.py", "if len(names) < 2:", "NumberReplacer", "len(names) < 1",
     "a lone proposal into a hex is its own nearest and wins: nothing fails either way (TW6.2b)"),
    ("systems/victory.py", "defeated = False", "ReplaceFalseWithTrue", "defeated = True",
     "seats is world.alive_seats() read at the start; with no one defeated since, both are the same seats"),
    ("systems/world.py", "seat: int = 1", "NumberReplacer", "seat: int =",
     "every Clock is made with its seat given (setup, saves, undo, the network mirror); the default is never read"),
    ("mods/relic-duels/plugin/play.py", "attack = prompt.given[0] == ATTACK", "NumberReplacer", "given[ -1]",
     "the declaration is asked of the Company's seat alone (DU4.2): given holds one answer"),
    ("mods/base/plugin.py", "if world.rules.is_land(world.terrain[t]) and t not in taken]", "ReplaceAndWithOr",
     " or ", "a quick pre-filter: every option is then kept only if the engine's check accepts it"),
    ("", "@lru_cache(maxsize=", "NumberReplacer", "maxsize=",
     "a cache's size changes how much is remembered, never a result"),
    ("mods/risky-space/plugin/rules.py", "last_position: int = -1", "NumberReplacer", "last_position: int = -",
     "read only once a round has started (round 0 starts round 1 whatever it holds), and set by that same turn"),
    ("mods/risky-space/plugin/ecs.py", "last_position: Annotated[int, Within(-1, STAT)] = -1", "NumberReplacer",
     "STAT)] = - ", "the clock's copy of the rules' last_position: read only once a round has started"),
    ("mods/risky-space/plugin/rules.py", "last_position: int = -1", "ReplaceUnaryOperator_USub_UAdd", "= +",
     "read only once a round has started (see the line above)"),
    ("mods/risky-space/plugin/ecs.py", "last_position: Annotated[int, Within(-1, STAT)] = -1",
     "ReplaceUnaryOperator_USub_UAdd", "STAT)] = +", "the clock's copy: read only once a round has started"),
    ("mods/risky-space/plugin/rules.py", "tick: int = 0", "NumberReplacer", "tick: int =",
     "open_claims sets the tick (RS2.4: 0, or a deal's start before seat 1) before anything reads it"),
    ("mods/risky-space/plugin/ecs.py", "tick: Annotated[int, Within(0, STAT)] = 0", "NumberReplacer",
     "Within(0, STAT)] =", "the clock's tick is set by open_claims, through the rules' state, before it is read"),
    ("mods/risky-space/plugin/universe.py", "base = [max(4, count // clusters)] * clusters", "NumberReplacer",
     "[max( ", "the game's universes have 40 regions in 6 clusters (generate_universe's defaults, its only use): "
     "6 a cluster, so a floor of 3, 4 or 5 is never reached"),
    ("mods/risky-space/plugin/ecs.py", "player = PLAYERS[self.level](world.seed * 31 + seat)", "NumberReplacer",
     "PLAYERS[self.level](", "not a rule: the seed of a computer player (computer code, which the rule packages "
     "leave out: ai.py); any mix gives a reproducible player of legal moves"),
]


def equivalent(path: Path, source: str, line: str, operator_name: str, operator: object, occurrence: int,
               row: int) -> bool:
    """Whether EQUIVALENT_MUTANTS lists this mutant (the mutated line is made only for a listed line)."""
    from cosmic_ray.mutating import mutate_code

    for where, text, op, mutated_text, _why in EQUIVALENT_MUTANTS:
        if str(path).endswith(where) and text in line and operator_name == f"core/{op}":
            mutated = mutate_code(source, operator, occurrence)
            if mutated is not None and mutated_text in mutated.splitlines()[row - 1]:
                return True
    return False


def rule_modules(package: Package, root: Path) -> list[Path]:
    out: list[Path] = []
    for pattern in package.sources:
        out += [p for p in sorted(root.glob(pattern)) if p.name not in NOT_RULES]
    return out


def test_files(package: Package, root: Path) -> list[str]:
    found: list[str] = []
    for pattern in package.tests:
        found += [str(p.relative_to(root)) for p in sorted(root.glob(pattern)) if str(p.relative_to(root)) not in found]
    return found


def copy_tree() -> None:
    """The files git knows (tracked and not ignored) copied to TREE, so mutating them never touches the work tree."""
    listed = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT, check=True, capture_output=True,
    ).stdout.decode().split("\0")
    if TREE.exists():
        shutil.rmtree(TREE)
    for name in filter(None, listed):
        source = ROOT / name
        if source.is_file():
            target = TREE / name
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target)


def test_env() -> dict[str, str]:
    env = dict(os.environ, ARCADE_HEADLESS="1", PYTHONDONTWRITEBYTECODE="1", PYTHONPATH=str(TREE))
    env.pop("DISPLAY", None)
    return env


def pytest_command(args: list[str]) -> list[str]:
    return [sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider", "-o", "addopts=", *args]


@dataclass
class Baseline:
    """What the unmutated tests showed: which test functions run each line, and how long each took."""

    lines: dict[str, dict[int, set[str]]]  # file -> line -> test node ids ("" for import-time code)
    seconds: dict[str, float]  # test node id (function level) -> seconds


def node_of(context: str) -> str:
    """A coverage `test_function` context ("tests.test_x.Class.test_y") as a pytest node id."""
    parts = context.split(".")
    for cut in range(len(parts), 0, -1):
        path = Path(*parts[:cut]).with_suffix(".py")
        if (TREE / path).is_file():
            return "::".join([str(path), *parts[cut:]])
    return context


def baseline(name: str, package: Package) -> Baseline:
    """Run the package's tests once under coverage (one context per test function); stop if any fails."""
    import coverage

    files = test_files(package, TREE)
    data_file = WORK / f"{name}.coverage"
    rc_file = WORK / f"{name}.coveragerc"
    junit = WORK / f"{name}.junit.xml"
    include = ",".join(str(p) for p in rule_modules(package, TREE))
    rc_file.write_text(f"[run]\ndata_file = {data_file}\ndynamic_context = test_function\ninclude = {include}\n")
    started = time.monotonic()
    run = subprocess.run(
        [sys.executable, "-m", "coverage", "run", f"--rcfile={rc_file}", "-m", "pytest", "-q", "-p", "no:cacheprovider",
         "-o", "addopts=", f"--junitxml={junit}", *files],
        cwd=TREE, env=test_env(), capture_output=True, text=True,
    )
    if run.returncode != 0:
        sys.exit(f"mutate: {name}: the unmutated tests fail; fix them first:\n{run.stdout[-3000:]}")
    print(f"  baseline: {len(files)} test files in {time.monotonic() - started:.0f} s (under coverage)", flush=True)
    data = coverage.CoverageData(basename=str(data_file))
    data.read()
    lines: dict[str, dict[int, set[str]]] = {}
    for measured in data.measured_files():
        by_line = data.contexts_by_lineno(measured)
        lines[str(Path(measured).resolve())] = {
            line: {node_of(c) if c else "" for c in contexts} for line, contexts in by_line.items()
        }
    seconds: dict[str, float] = {}
    for case in ET.parse(junit).getroot().iter("testcase"):
        node = node_of(f"{case.get('classname')}.{case.get('name', '').split('[')[0]}")
        seconds[node] = seconds.get(node, 0.0) + float(case.get("time", "0"))
    return Baseline(lines, seconds)


@functools.lru_cache(maxsize=64)
def function_spans(path: Path) -> list[tuple[int, int, int]]:
    """(first line, first body line, last line) of every function in a module, decorators included."""
    import ast

    spans = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            first = min([node.lineno, *(d.lineno for d in node.decorator_list)])
            spans.append((first, node.body[0].lineno, node.end_lineno or node.lineno))
    return spans


def runners_of(path: Path, line: int, base: Baseline) -> set[str]:
    """The tests that run a mutated line; "" stands for import time. A line outside every function body (class
    bodies, field bounds, a def line's defaults) runs when the module is imported, which coverage credits to
    whichever test imported it first: such a line gets the import-time tests too, and a def line the tests that
    run its body."""
    lines = base.lines.get(str(path.resolve()), {})
    found = set(lines.get(line, set()))
    inside = [span for span in function_spans(path) if span[0] <= line <= span[2]]
    if not inside:
        return found | {""}
    first, body, last = max(inside)  # the innermost function
    if line < body:
        found |= {""}.union(*(lines.get(n, set()) for n in range(body, last + 1)))
    return found


def in_annotation(node) -> bool:  # type: ignore[no-untyped-def]
    """Whether a parso node sits in a type annotation (not evaluated under `from __future__ import annotations`)."""
    child, parent = node, node.parent
    while parent is not None:
        if parent.type == "tfpdef" and len(parent.children) > 2 and child is parent.children[2]:
            return True
        if parent.type == "annassign" and child is parent.children[1]:
            return True
        if parent.type == "funcdef":
            index = parent.children.index(child)
            return index > 0 and getattr(parent.children[index - 1], "value", None) == "->"
        child, parent = parent, parent.parent
    return False


def mutants(path: Path) -> Iterator[object]:
    """cosmic-ray's mutation specs of one module, limited to OPERATORS, outside annotations and pragma lines."""
    import cosmic_ray.plugins
    from cosmic_ray.ast import ast_nodes, get_ast_from_path
    from cosmic_ray.work_item import MutationSpec, WorkItem

    source = path.read_text()
    source_lines = source.splitlines()
    tree = get_ast_from_path(path)
    for operator_name in cosmic_ray.plugins.operator_names():
        if not OPERATORS.match(operator_name):
            continue
        operator = cosmic_ray.plugins.get_operator(operator_name)()
        positions = ((node, start, end) for node in ast_nodes(tree) for start, end in operator.mutation_positions(node))
        for occurrence, (node, start, end) in enumerate(positions):
            line = source_lines[start[0] - 1]
            pragma = PRAGMA.search(line)
            if pragma and (pragma.group(1) is None or operator_name[len("core/"):] in
                           {name.strip() for name in pragma.group(1).split(",")}):
                continue
            if EQUIVALENT.match(line) or in_annotation(node) or \
                    equivalent(path, source, line, operator_name, operator, occurrence, start[0]):
                continue
            spec = MutationSpec(module_path=str(path), operator_name=operator_name, occurrence=occurrence,
                                start_pos=start, end_pos=end)
            yield WorkItem.single(job_id=uuid.uuid4().hex, mutation=spec)


def prune(session: Path, package: Package) -> tuple[int, int]:
    """Drop the session's mutants that are no longer made (listed as equivalent, or under a pragma, since the
    session began), and move the others to where their site is now: cosmic-ray mutates a module's n-th site of an
    operator as the code stands, so after an edit above it the stored line is stale, and with it the tests chosen
    for it (and the diff shown); a mutant so moved runs again. Returns (dropped, moved)."""
    import sqlite3

    made = {(str(m.module_path), m.operator_name, m.occurrence): (m.start_pos, m.end_pos)
            for path in rule_modules(package, TREE) for item in mutants(path) for m in item.mutations}  # type: ignore[attr-defined]
    with sqlite3.connect(session) as db:
        specs = list(db.execute("SELECT job_id, module_path, operator_name, occurrence, start_pos_row, start_pos_col, "
                                "end_pos_row, end_pos_col FROM mutation_specs"))
        stale = [job for job, path, op, occ, *_ in specs if (path, op, occ) not in made]
        for table in ("work_results", "mutation_specs", "work_items"):
            db.executemany(f"DELETE FROM {table} WHERE job_id = ?", [(job,) for job in stale])
        moved = [(*made[(path, op, occ)][0], *made[(path, op, occ)][1], job)
                 for job, path, op, occ, *where in specs
                 if (path, op, occ) in made and tuple(where) != (*made[(path, op, occ)][0], *made[(path, op, occ)][1])]
        db.executemany("UPDATE mutation_specs SET start_pos_row = ?, start_pos_col = ?, end_pos_row = ?, "
                       "end_pos_col = ? WHERE job_id = ?", moved)
        db.executemany("DELETE FROM work_results WHERE job_id = ?", [(row[-1],) for row in moved])
    return len(stale), len(moved)


def retry_survivors(session: Path) -> None:
    """Forget the survivors' results so they run again against the tests as they are now."""
    import sqlite3

    with sqlite3.connect(session) as db:
        db.execute("DELETE FROM work_results WHERE upper(test_outcome) = 'SURVIVED'")


def run_package(name: str, package: Package, *, fresh: bool, retry: bool, budget_s: float, sample: int | None) -> None:
    from cosmic_ray.mutating import mutate_and_test
    from cosmic_ray.work_db import WorkDB, use_db
    from cosmic_ray.work_item import TestOutcome, WorkerOutcome, WorkResult

    print(f"{name}:", flush=True)
    base = baseline(name, package)
    all_tests = test_files(package, TREE)
    static = [t for pattern in package.static for t in test_files(Package((), (pattern,)), TREE)] or all_tests
    session = WORK / f"{name}.sqlite"
    if fresh and session.exists():
        session.unlink()
    if session.exists():
        dropped, moved = prune(session, package)
        if dropped:
            print(f"  {dropped} mutants dropped: no longer made (equivalent or under a pragma)", flush=True)
        if moved:
            print(f"  {moved} mutants moved with the code above them since the session began: they run again",
                  flush=True)
    if retry and session.exists():
        retry_survivors(session)
    with use_db(str(session), WorkDB.Mode.create) as db:
        if db.num_work_items == 0:
            items = [item for path in rule_modules(package, TREE) for item in mutants(path)]
            if sample is not None and sample < len(items):
                items = random.Random(f"{name}:{sample}").sample(items, sample)  # seeded: the same sample each run
            db.add_work_items(items)
            print(f"  {len(items)} mutants", flush=True)
        pending = sorted(db.pending_work_items, key=lambda i: (str(i.mutations[0].module_path), i.mutations[0].start_pos))
        started = time.monotonic()
        for done, item in enumerate(pending):
            if time.monotonic() - started > budget_s:
                print(f"  time budget spent: {len(pending) - done} mutants left for the next run", flush=True)
                break
            spec = item.mutations[0]
            runners = runners_of(Path(spec.module_path), spec.start_pos[0], base)
            named = sorted(t for t in runners if t)
            tests = sorted(set(named) | set(static)) if "" in runners else named
            if not tests:
                db.set_result(item.job_id, WorkResult(worker_outcome=WorkerOutcome.NORMAL, output="no test runs this line",
                                                      test_outcome=TestOutcome.SURVIVED))
                continue
            expected = sum(v for k, v in base.seconds.items() if k in tests or k.split("::")[0] in tests)
            timeout = 15.0 + 3.0 * expected
            command = " ".join(pytest_command(tests))
            result = mutate_and_test([spec], command, timeout)
            db.set_result(item.job_id, result)
    report([name])


def results(name: str) -> list[tuple[Any, Any]] | None:
    """The (work item, result) pairs of a package's session, in the order of the mutated code; None without one."""
    from cosmic_ray.work_db import WorkDB, use_db

    session = WORK / f"{name}.sqlite"
    if not session.exists():
        return None
    with use_db(str(session), WorkDB.Mode.open) as db:
        return sorted(db.completed_work_items, key=lambda r: (str(r[0].mutations[0].module_path),
                                                              r[0].mutations[0].start_pos))


def not_run(name: str) -> int:
    """How many of a package's mutants its session has not run yet."""
    from cosmic_ray.work_db import WorkDB, use_db

    with use_db(str(WORK / f"{name}.sqlite"), WorkDB.Mode.open) as db:
        return db.num_work_items - db.num_results


def counts(name: str) -> tuple[int, int, int, int] | None:
    """(killed, survived, not run yet, incompetent) of a package's session, or None when it has none."""
    from cosmic_ray.work_item import TestOutcome

    done = results(name)
    if done is None:
        return None
    outcomes = [result.test_outcome for _item, result in done]
    killed, survived = outcomes.count(TestOutcome.KILLED), outcomes.count(TestOutcome.SURVIVED)
    return killed, survived, not_run(name), len(outcomes) - killed - survived


def report(names: list[str]) -> None:
    """The table of kill rates: a row per package, and one for all of them together."""
    def row(label: str, killed: int, survived: int, pending: int) -> str:
        rate = f"{100 * killed / (killed + survived):.1f} %" if killed + survived else "-"
        return f"{label:<16}{killed:>8}{survived:>10}{pending:>9}{rate:>11}"

    print(f"{'package':<16}{'killed':>8}{'survived':>10}{'not run':>9}{'kill rate':>11}")
    total = [0, 0, 0]
    for name in names:
        found = counts(name)
        if found is None:
            print(f"{name:<16}{'  (no session yet: make mutate PACKAGES=' + name + ')'}")
            continue
        total = [sum(pair) for pair in zip(total, found[:3], strict=True)]
        print(row(name, *found[:3]), flush=True)
    if len(names) > 1 and total[0] + total[1]:
        print(row("all", *total))


def survivors(name: str, module: str | None) -> None:
    """Print the diff of every surviving mutant of a package (of one module when `module` is given)."""
    from cosmic_ray.work_item import TestOutcome

    for item, result in results(name) or []:
        spec = item.mutations[0]
        if result.test_outcome != TestOutcome.SURVIVED:
            continue
        if module and not fnmatch.fnmatch(str(spec.module_path), f"*{module}*"):
            continue
        where = Path(spec.module_path).relative_to(TREE) if TREE in Path(spec.module_path).parents else spec.module_path
        print(f"--- {where}:{spec.start_pos[0]} {spec.operator_name} ({result.output or ''})"[:200])
        print(result.diff or "")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="mutate", description=__doc__.splitlines()[0])
    parser.add_argument("packages", nargs="*", help=f"packages to run (default: all): {', '.join(PACKAGES)}")
    parser.add_argument("--fresh", action="store_true", help="forget the sessions' results and start again")
    parser.add_argument("--retry", action="store_true", help="run the surviving mutants again (after adding tests)")
    parser.add_argument("--minutes", type=float, default=60.0, help="time budget per package (default 60); "
                        "an unfinished session goes on where it stopped next run")
    parser.add_argument("--sample", type=int, help="mutate only this many mutants per package (seeded sample)")
    parser.add_argument("--report", action="store_true", help="only print the kill rate per package")
    parser.add_argument("--survivors", action="store_true", help="print the surviving mutants' diffs")
    parser.add_argument("--module", help="with --survivors: only mutants of modules whose path holds this text")
    args = parser.parse_args(argv)
    names = args.packages or list(PACKAGES)
    unknown = [n for n in names if n not in PACKAGES]
    if unknown:
        parser.error(f"unknown package(s) {', '.join(unknown)}; known: {', '.join(PACKAGES)}")
    WORK.mkdir(exist_ok=True)
    if args.survivors:
        for name in names:
            survivors(name, args.module)
        return
    if not args.report:
        copy_tree()
        os.chdir(TREE)  # cosmic-ray runs each test command here: the mutated copy, not the work tree
        for name in names:
            run_package(name, PACKAGES[name], fresh=args.fresh, retry=args.retry, budget_s=args.minutes * 60, sample=args.sample)
    print()
    report(names)


if __name__ == "__main__":
    main()
