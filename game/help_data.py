"""A ruleset's own F1 help as data: `help.toml` in its folder (the rules in brief, the controls, the symbols),
read when its App is built; every problem is one line naming the file and field."""

from __future__ import annotations

import tomllib
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from game.content.manifest import dotted, rel
from game.presentation import HelpLine, RulesetHelp

HELP_FILE = "help.toml"


class _Line(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    key: str = Field(min_length=1, max_length=40)
    does: str = Field(min_length=1, max_length=200)


class _Symbol(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    symbol: str = Field(min_length=1, max_length=40)
    means: str = Field(min_length=1, max_length=200)


class _Help(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    title: str = Field(default="", max_length=80)
    brief: list[str] = Field(default=[], max_length=40)
    controls: list[_Line] = Field(default=[], max_length=40)
    symbols: list[_Symbol] = Field(default=[], max_length=40)


def read_help(folder: Path, errors: list[str]) -> RulesetHelp:
    """The help of the ruleset in `folder` (empty when it has no help.toml); problems go to `errors`."""
    path = folder / HELP_FILE
    if not path.is_file():
        return RulesetHelp()
    try:
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
        data = _Help.model_validate(raw)
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        errors.append(f"{rel(path)}: cannot read it ({exc})")
        return RulesetHelp()
    except ValidationError as exc:
        errors.extend(f"{rel(path)}: {dotted(e['loc'])}: {e['msg']}" for e in exc.errors())
        return RulesetHelp()
    return RulesetHelp(data.title, tuple(data.brief), tuple(HelpLine(c.key, c.does) for c in data.controls),
                       tuple(HelpLine(s.symbol, s.means) for s in data.symbols))
