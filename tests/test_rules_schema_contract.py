"""The rules files' published schema (`foc schema`) changes only on purpose: every ruleset's fields, their bounds
(a move cost > 0, a die face 1..6, at least one morale band ...) and defaults are what modders write against, so
a bound moved by one or a default changed fails here until tests/fixtures/schema is regenerated on purpose:
`.venv/bin/foc schema --out tests/fixtures/schema` (then review the diff)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.content import rulesets
from game.schema import write_schemas

GOLDEN = Path(__file__).parent / "fixtures" / "schema"
REGENERATE = "if the change is meant: .venv/bin/foc schema --out tests/fixtures/schema, and review the diff"
ENHANCEMENTS = ["accessories", "castle-works", "fire", "medic", "ranger-skills", "ships", "siege"]


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict]:
    folder = tmp_path_factory.mktemp("schema")
    return {path.name: json.loads(path.read_text()) for path in write_schemas(folder)}


def test_every_installed_ruleset_has_a_published_schema(written):
    expected = {"rules.schema.json" if r == "base" else f"rules.{r}.schema.json" for r in rulesets()}
    assert expected | {"mod.schema.json"} == set(written) == {p.name for p in GOLDEN.glob("*.json")}


@pytest.mark.parametrize("name", sorted(p.name for p in GOLDEN.glob("*.json")))
def test_the_schema_of_each_rules_file_is_the_published_one(written, name):
    golden = json.loads((GOLDEN / name).read_text())
    was, now = golden.get("$defs", {}), written[name].get("$defs", {})
    differing = sorted(k for k in set(was) | set(now) if was.get(k) != now.get(k))
    assert written[name] == golden, f"{name}: {', '.join(differing) or 'top level'} changed; {REGENERATE}"


def test_the_enhancement_mods_rules_sections_are_the_published_ones():
    """The `[extra.NAME]` sections the enhancement mods add (their bounds and defaults); to regenerate on purpose:
    write each `app.rules_sections[NAME].model_json_schema()` to tests/fixtures/schema/sections/NAME.schema.json."""
    from game.content import load_app

    sections = load_app("base", mods=ENHANCEMENTS).rules_sections
    assert sorted(sections) == sorted(p.name.split(".")[0] for p in (GOLDEN / "sections").glob("*.json"))
    for name, model in sections.items():
        golden = json.loads((GOLDEN / "sections" / f"{name}.schema.json").read_text())
        assert model.model_json_schema() == golden, f"[extra.{name}] changed; see this test's docstring"
