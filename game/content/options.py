"""Ruleset options: the player-facing choices a ruleset declares in its mod.toml (`[[options]]`), checked and
turned into a rules document merged over its rules files when a game starts (`foc play --option k=v`, the
new-game screen). The chosen values are recorded in the rules (`game_options`), so saves and replays keep them."""

from __future__ import annotations

import reprlib
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from game.errors import DataError

OptionValue = bool | int | str
_TRUE = ("true", "on", "yes", "1")
_FALSE = ("false", "off", "no", "0")
_MISSING = object()
RECORD_KEY = "game_options"  # where the rules record the chosen options (components.rules.RulesetCore)


class RulesetOption(BaseModel):
    """One option a player may set when starting a game: its name, words, type, allowed values and default,
    and the rules key it sets (dotted, e.g. "options.seize_relic" or "risky.setup.claiming")."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)
    name: str = Field(pattern=r"^[a-z][a-z0-9_]*$", max_length=40, description="what `--option NAME=...` names")
    label: str = Field(min_length=1, max_length=40, description="the new-game screen's words for it")
    help: str = Field(default="", max_length=200, description="one line saying what it changes")
    type: Literal["bool", "int", "choice"]
    values: list[str] = Field(default=[], description="a choice's allowed values, in the order shown")
    min: int | None = Field(default=None, description="an int's least value")
    max: int | None = Field(default=None, description="an int's greatest value")
    default: OptionValue = Field(description="the value when not chosen; must equal the rules file's value")
    sets: str = Field(pattern=r"^[a-z_][a-z0-9_]*(\.[a-z_][a-z0-9_]*)*$",
                      description="the dotted rules key this option sets")

    @model_validator(mode="after")
    def _consistent(self) -> RulesetOption:
        if self.type == "choice":
            if len(self.values) < 2 or len(set(self.values)) != len(self.values):
                raise ValueError("a choice lists two or more distinct values")
            if self.default not in self.values or not isinstance(self.default, str):
                raise ValueError(f"default {self.default!r} is not one of values {self.values}")
        elif self.values:
            raise ValueError(f"only a choice lists values (this option is {self.type})")
        if self.type == "bool" and not isinstance(self.default, bool):
            raise ValueError(f"a bool option's default is true or false, not {self.default!r}")
        if self.type == "int":
            if isinstance(self.default, bool) or not isinstance(self.default, int):
                raise ValueError(f"an int option's default is a whole number, not {self.default!r}")
            if self.min is not None and self.max is not None and self.min > self.max:
                raise ValueError(f"min {self.min} is above max {self.max}")
            if problem := self.problem(self.default):
                raise ValueError(f"default: {problem}")
        elif self.min is not None or self.max is not None:
            raise ValueError("only an int option has min and max")
        return self

    def allowed(self) -> str:
        """The allowed values in words, for messages."""
        if self.type == "bool":
            return "true or false"
        if self.type == "choice":
            return ", ".join(self.values)
        low = "" if self.min is None else str(self.min)
        high = "" if self.max is None else str(self.max)
        return f"a whole number {low}..{high}" if low or high else "a whole number"

    def problem(self, value: OptionValue) -> str | None:
        """Why `value` (already of the option's type) is not allowed, or None."""
        if self.type == "int" and isinstance(value, int) and not isinstance(value, bool):
            if (self.min is not None and value < self.min) or (self.max is not None and value > self.max):
                return f"{reprlib.repr(value)} is out of range ({self.allowed()})"
            return None
        if self.type == "choice" and value in self.values:
            return None
        if self.type == "bool" and isinstance(value, bool):
            return None
        return f"{reprlib.repr(value)} is not allowed ({self.allowed()})"

    def parse(self, text: str) -> OptionValue:
        """The value written as `text` (command line), or ValueError saying what is allowed."""
        word = text.strip()
        if self.type == "bool":
            if word.lower() in _TRUE:
                return True
            if word.lower() in _FALSE:
                return False
            raise ValueError(f"{reprlib.repr(text)} is not allowed (choose {self.allowed()})")
        value: OptionValue = word
        if self.type == "int":
            try:
                value = int(word)
            except ValueError:
                raise ValueError(f"{reprlib.repr(text)} is not allowed (choose {self.allowed()})") from None
        if (problem := self.problem(value)) is not None:
            raise ValueError(problem if self.type == "int" else f"{reprlib.repr(text)} is not allowed (choose {self.allowed()})")
        return value

    def next_value(self, value: OptionValue) -> OptionValue:
        """The value after `value` (a button cycling through the choices; an int steps by one and wraps)."""
        if self.type == "bool":
            return not value
        if self.type == "choice":
            return self.values[(self.values.index(str(value)) + 1) % len(self.values)]
        step = int(value) + 1
        if self.max is not None and step > self.max:
            return self.min if self.min is not None else self.default
        return step

    def words(self, value: OptionValue) -> str:
        """The value as a button shows it."""
        if self.type == "bool":
            return "on" if value else "off"
        return str(value)


def split_assignments(texts: Iterable[str]) -> dict[str, str]:
    """`["name=value", ...]` (the command line's `--option`) as a dict; DataError on a missing `=`."""
    out: dict[str, str] = {}
    for text in texts:
        name, sep, value = text.partition("=")
        if not sep or not name.strip():
            raise DataError([f"--option: {reprlib.repr(text)} is not NAME=VALUE"])
        out[name.strip()] = value
    return out


def choose(declared: Sequence[RulesetOption], wanted: Mapping[str, object], ruleset: str) -> dict[str, OptionValue]:
    """The options `wanted` (strings from the command line, or typed values) checked against `declared`:
    {name: typed value}, in declaration order. DataError naming the option and the allowed values."""
    by_name = {option.name: option for option in declared}
    errors: list[str] = []
    chosen: dict[str, OptionValue] = {}
    for name, raw in wanted.items():
        option = by_name.get(name)
        if option is None:
            known = f"its options: {', '.join(by_name)}" if by_name else "it has no options"
            errors.append(f"--option {name if len(name) <= 40 else name[:40] + '...'}: {ruleset} has no such option "
                          f"({known})")
            continue
        try:
            if isinstance(raw, str):
                chosen[name] = option.parse(raw)
            elif isinstance(raw, bool | int) and option.problem(raw) is None:
                chosen[name] = raw
            else:
                raise ValueError(f"{reprlib.repr(raw)} is not allowed (choose {option.allowed()})")
        except ValueError as exc:
            errors.append(f"--option {name}: {exc}")
    if errors:
        raise DataError(errors)
    return {o.name: chosen[o.name] for o in declared if o.name in chosen}


def overlay(declared: Sequence[RulesetOption], chosen: Mapping[str, OptionValue]) -> dict[str, Any]:
    """The rules document setting each chosen option's key, and recording the choice (`game_options`)."""
    doc: dict[str, Any] = {RECORD_KEY: dict(chosen)}
    for option in declared:
        if option.name not in chosen:
            continue
        *path, last = option.sets.split(".")
        table = doc
        for part in path:
            table = table.setdefault(part, {})
        table[last] = chosen[option.name]
    return doc


def default_errors(declared: Sequence[RulesetOption], rules: Mapping[str, Any], file: str,
                   chosen: Iterable[str] = ()) -> list[str]:
    """Each option whose key the rules lack, or (when not `chosen`) whose default differs from the rules
    file's value: the rules file stays the one place of the default."""
    errors: list[str] = []
    for index, option in enumerate(declared):
        value: Any = rules
        for part in option.sets.split("."):
            value = value.get(part, _MISSING) if isinstance(value, Mapping) else _MISSING
        if value is _MISSING:
            errors.append(f"{file}: options.{index}.sets: the rules have no key '{option.sets}'")
        elif option.name not in chosen and (value != option.default or type(value) is not type(option.default)):
            errors.append(f"{file}: options.{index}.default: {option.default!r} differs from the rules' "
                          f"{option.sets} = {value!r}")
    return errors

