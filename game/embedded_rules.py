"""The rules a save or replay carries, checked against the installed mods: its options must be the ruleset's
declared options with allowed values, and its rules exactly what those mods (at the recorded versions, which
loading already requires) give with those options; an edited rule (a unit's value, an option's key) is refused."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from components.rules import RulesetCore
from game.errors import DataError

MAX_SHOWN = 60  # a value in a message is cut to this many characters


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= MAX_SHOWN else text[:MAX_SHOWN] + "..."


def first_difference(saved: Any, installed: Any, where: str = "", older: bool = False) -> str | None:
    """The dotted key of the first place where two JSON-like documents differ, with both values, or None.
    `older`: a key the saved document lacks is no difference (a key the schema gained since, with its default)."""
    if isinstance(saved, dict) and isinstance(installed, dict):
        for key in sorted(set(saved) | set(installed), key=str):
            if key not in saved and older:
                continue
            if key not in saved or key not in installed:
                return f"{where}{key}: {'missing' if key not in saved else 'not in the installed rules'}"
            if (found := first_difference(saved[key], installed[key], f"{where}{key}.", older)) is not None:
                return found
        return None
    if isinstance(saved, list) and isinstance(installed, list) and len(saved) == len(installed):
        for index, (a, b) in enumerate(zip(saved, installed, strict=True)):
            if (found := first_difference(a, b, f"{where}{index}.", older)) is not None:
                return found
        return None
    if saved == installed and type(saved) is type(installed):
        return None
    return f"{where.rstrip('.') or '(root)'}: {_shown(saved)}, but the installed mods give {_shown(installed)}"


def embedded_rules_errors(rules: RulesetCore, data: dict[str, Any], file: str,
                          search: Sequence[Path] | None = None) -> list[str]:
    """Why the embedded rules (`data`: as saved, before validation) are not those of the recorded mods with the
    recorded options; [] when they are. Each line names the file and the `ruleset.` key."""
    from game.content import load_app, rulesets
    from game.content.discover import check_mods_available

    ids = [m.id for m in rules.mods]
    if not ids or check_mods_available({m.id: m.version for m in rules.mods}, search):
        return []  # mods missing or at other versions: require_mods names them
    recorded = data.get("game_options", {})
    if not isinstance(recorded, dict):
        return [f"{file}: ruleset.game_options: expected a table of option values"]
    declared = rulesets(search).get(ids[0])
    if declared is None:
        return []  # a ruleset not installed: require_mods says so
    from game.content.options import choose

    by_name = {o.name: o for o in declared[0].options}
    for name, value in recorded.items():
        option = by_name.get(name)
        if option is None:
            return [f"{file}: ruleset.game_options.{name}: {ids[0]} has no such option"]
        if type(value) not in (bool, int, str) or option.problem(value) is not None:
            return [f"{file}: ruleset.game_options.{name}: {_shown(value)} is not allowed ({option.allowed()})"]
    try:
        installed = load_app(ids[0], ids[1:], search, options=choose(declared[0].options, recorded, ids[0])).rules
    except DataError as exc:
        return [f"{file}: mods: {exc.errors[0]}"]
    given = installed.model_dump(mode="json", by_alias=True)
    # as written (no "yes" for true), and as read (a key an older save lacks takes the default the mods give)
    difference = first_difference(data, given, older=True) or first_difference(
        rules.model_dump(mode="json", by_alias=True), given)
    if difference is None:
        return []
    return [f"{file}: ruleset.{difference} (the embedded rules were edited)"]
