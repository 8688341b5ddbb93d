"""Argument types for the `foc` command line: numbers in range and known names, refused by argparse with a
clear message (exit 2, no traceback) before any work starts."""

from __future__ import annotations

import argparse
import os
from pathlib import Path


def _whole_number(text: str, minimum: int, too_small: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if value < minimum:
        raise argparse.ArgumentTypeError(f"{too_small}, got {value}")
    return value


def positive_int(text: str) -> int:
    """An integer of at least 1 (rounds, games, jobs, frames)."""
    return _whole_number(text, 1, "must be at least 1")


def non_negative_int(text: str) -> int:
    """An integer of at least 0 (0 switches a periodic action off)."""
    return _whole_number(text, 0, "must be 0 or more")


def difficulty_list(text: str) -> str:
    """One computer player kind, or a comma list (one per seat); the game checks each against the kinds its
    ruleset offers (game.ai.players), so here only the spelling is checked."""
    import re

    levels = [d.strip().lower() for d in text.split(",") if d.strip()]
    if not levels:
        raise argparse.ArgumentTypeError("expected a computer player kind, e.g. normal (or a comma list)")
    for level in levels:
        if not re.fullmatch(r"[a-z][a-z0-9_-]{0,31}", level):
            raise argparse.ArgumentTypeError(f"{level!r} is not a computer player kind (e.g. normal, hard, search)")
    return ",".join(levels)


def ruleset_id(text: str) -> str:
    """The id of an installed ruleset (a whole game: `kind = "ruleset"` in its mod.toml)."""
    import re

    from game.content import rulesets
    from game.content.manifest import MOD_ID_PATTERN

    if len(text) > 64 or not re.fullmatch(MOD_ID_PATTERN, text):
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a ruleset id (lower-case letters, digits, _ and inner -)")
    installed = rulesets()
    if text not in installed:
        raise argparse.ArgumentTypeError(
            f"no ruleset {text!r} is installed (installed: {', '.join(sorted(installed)) or 'none'})")
    return text


def ruleset_options(ruleset: str, texts: list[str], loading: bool = False) -> dict[str, object]:
    """`--option NAME=VALUE ...` checked against the ruleset's declared options (game.content.options): the
    typed values by name; DataError naming the option and its allowed values."""
    from game.content import rulesets
    from game.content.options import choose, split_assignments
    from game.errors import DataError

    if texts and loading:
        raise DataError(["--option: a loaded game keeps the options it was started with"])
    wanted = split_assignments(texts)
    return dict(choose(rulesets()[ruleset][0].options, wanted, ruleset)) if wanted else {}


def output_file_problem(path: Path) -> str | None:
    """Why `path` cannot be written as a file (checked before hours of work are done), or None."""
    if path.is_dir():
        return f"{path}: is a folder; give a file name"
    parent = path.parent if str(path.parent) else Path(".")
    if not parent.is_dir():
        return f"{path}: the folder {parent} does not exist"
    if not os.access(parent, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
        return f"{path}: cannot write there (permission denied)"
    return None
