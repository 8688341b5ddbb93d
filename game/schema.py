"""`foc schema`: JSON Schema for every ruleset's rules files and for the mod manifest (editor autocompletion)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from game.content import DEFAULT_RULESET, load_app, rulesets
from game.content.manifest import ModManifest


def rules_file_schema(ruleset: str = DEFAULT_RULESET, search: Sequence[Path] | None = None) -> dict[str, Any]:
    """A rules file of `ruleset` holds any of its sections (files merge), so no section is required."""
    app = load_app(ruleset, search=search)
    assert app.rules_model is not None
    schema = app.rules_model.model_json_schema(by_alias=True)
    schema.pop("required", None)
    schema["properties"].pop("mods", None)
    schema["title"] = f"{app.rules.mods[0].name} rules file ({ruleset})"
    return schema


def write_schemas(folder: Path, search: Sequence[Path] | None = None) -> list[Path]:
    """rules.schema.json for the base game, rules.<id>.schema.json for every other ruleset, mod.schema.json."""
    folder.mkdir(parents=True, exist_ok=True)
    out = []
    files = [("rules.schema.json" if rid == DEFAULT_RULESET else f"rules.{rid}.schema.json", rules_file_schema(rid, search))
             for rid in sorted(rulesets(search))]
    for name, schema in (*files, ("mod.schema.json", ModManifest.model_json_schema())):
        path = folder / name
        path.write_text(json.dumps(schema, indent=2) + "\n")
        out.append(path)
    return out
