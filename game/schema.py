"""`foc schema`: JSON Schema for the rules files and the mod manifest, so editors can autocomplete them."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from components.rules import Ruleset
from game.rules_loader import ModManifest


def rules_file_schema() -> dict[str, Any]:
    """A rules file holds any of the ruleset's sections (files merge), so no section is required."""
    schema = Ruleset.model_json_schema(by_alias=True)
    schema.pop("required", None)
    schema["properties"].pop("mods", None)
    schema["title"] = "Forces of Conquest rules file"
    return schema


def write_schemas(folder: Path) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    out = []
    for name, schema in (("rules.schema.json", rules_file_schema()),
                         ("mod.schema.json", ModManifest.model_json_schema())):
        path = folder / name
        path.write_text(json.dumps(schema, indent=2) + "\n")
        out.append(path)
    return out
