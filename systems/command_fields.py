"""Command field checks: every field of a command has the type and range its dataclass declares.

Commands come from humans, computer players, plugins, saves and the network; a `Repair(points=1.5)` or a
`Move(path=None)` must be refused with a reason, never applied or turned into a TypeError deep inside a
rule. The checks are derived from the command dataclasses' annotations, so a new command (a plugin's too)
is covered without code of its own. Ints are ids, territory indices or counts: never bool, never negative.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Sequence
from functools import cache
from typing import Any

MAX_INT = 2**53  # ids, territories and counts are far below this; larger values are junk
MAX_ITEMS = 10_000  # a path or unit list longer than any board is junk

Checker = typing.Callable[[Any], "str | None"]


def _int(value: Any) -> str | None:
    if isinstance(value, bool) or not isinstance(value, int):
        return f"expected an integer, got {type(value).__name__}"
    if not 0 <= value <= MAX_INT:
        return f"{value} is out of range"
    return None


def _str(value: Any) -> str | None:
    if not isinstance(value, str):
        return f"expected a string, got {type(value).__name__}"
    if len(value) > 200:
        return "the text is too long"
    return None


def _checker(annotation: Any) -> Checker:
    """A check for one annotated type: int, str, bool, X | None and tuple[X, ...]."""
    origin = typing.get_origin(annotation)
    args = typing.get_args(annotation)
    if annotation is int:
        return _int
    if annotation is str:
        return _str
    if annotation is bool:
        return lambda v: None if isinstance(v, bool) else f"expected true or false, got {type(v).__name__}"
    if origin in (typing.Union, types.UnionType):
        options = [_checker(a) for a in args if a is not type(None)]
        optional = type(None) in args

        def union(value: Any) -> str | None:
            if value is None and optional:
                return None
            problems = [check(value) for check in options]
            return None if any(p is None for p in problems) else problems[0]

        return union
    if origin is tuple:
        item = _checker(args[0]) if args else (lambda v: None)

        def sequence(value: Any) -> str | None:
            if not isinstance(value, tuple | list):
                return f"expected a list, got {type(value).__name__}"
            if len(value) > MAX_ITEMS:
                return f"{len(value)} items are too many"
            for index, element in enumerate(value):
                if (problem := item(element)) is not None:
                    return f"item {index}: {problem}"
            return None

        return sequence
    return lambda v: None  # other annotations are the handler's business


@cache
def _checkers(cls: type) -> tuple[tuple[str, Checker], ...]:
    hints = typing.get_type_hints(cls)
    return tuple((f.name, _checker(hints[f.name])) for f in dataclasses.fields(cls))


def _sound(annotation: Any, value: str) -> str:
    """A Python expression true only when `value` (an expression) certainly passes `_checker(annotation)`; false
    sends the command to the full check, which names the problem (so the two never disagree on a sound field)."""
    origin = typing.get_origin(annotation)
    args = typing.get_args(annotation)
    if annotation is int:
        return f"(type({value}) is int and 0 <= {value} <= {MAX_INT})"
    if annotation is str:
        return f"(type({value}) is str and len({value}) <= 200)"
    if annotation is bool:
        return f"(type({value}) is bool)"
    if origin in (typing.Union, types.UnionType):
        options = [_sound(a, value) for a in args if a is not type(None)]
        if type(None) in args:
            options.insert(0, f"({value} is None)")
        return "(" + " or ".join(options) + ")" if options else "False"
    if origin is tuple:
        if not args:
            return f"(type({value}) in (tuple, list) and len({value}) <= {MAX_ITEMS})"
        if args[0] is int:  # a path, a list of ids: every item's type and range read in C, not per item here
            return (f"(type({value}) in (tuple, list) and len({value}) <= {MAX_ITEMS} and (not {value} or "
                    f"(set(map(type, {value})) == {{int}} and 0 <= min({value}) and max({value}) <= {MAX_INT})))")
        return (f"(type({value}) in (tuple, list) and len({value}) <= {MAX_ITEMS} and "
                f"all({_sound(args[0], 'e')} for e in {value}))")
    return "True"


@cache
def _sound_fields(cls: type) -> typing.Callable[[Any], bool]:
    """One compiled test per command class of `_sound` over all its fields: the common case (a command the engine
    or a player built) costs one call, not a checker call per field and item."""
    hints = typing.get_type_hints(cls)
    terms = [_sound(hints[f.name], f"c.{f.name}") for f in dataclasses.fields(cls)]
    scope: dict[str, Any] = {}
    exec(f"def sound(c):\n    return {' and '.join(terms) or 'True'}", scope)  # noqa: S102 - from annotations only
    test: typing.Callable[[Any], bool] = scope["sound"]
    return test


@cache
def _is_dataclass(cls: type) -> bool:
    return dataclasses.is_dataclass(cls)  # asked once per command checked: once per class is enough


def field_problems(commands: Sequence[Any]) -> list[str | None]:
    """`field_problem` of each command, for commands of one class (a listing's batch): its compiled test read once."""
    if not commands:
        return []
    cls: type = type(commands[0])
    if not _is_dataclass(cls) or any(type(c) is not cls for c in commands):
        return [field_problem(c) for c in commands]
    sound = _sound_fields(cls)
    out: list[str | None] = []
    for command in commands:
        try:
            certain = sound(command)
        except AttributeError:  # a missing field: the full check names it
            certain = False
        out.append(None if certain else field_problem(command))
    return out


def field_problem(command: Any) -> str | None:
    """Why a command's fields are not what its class declares (naming the field), or None."""
    cls: type = type(command)
    if not _is_dataclass(cls):
        return f"{cls.__name__} is not a command"
    try:
        if _sound_fields(cls)(command):
            return None
    except AttributeError:  # a missing field: the full check names it
        pass
    for name, check in _checkers(cls):
        problem = check(getattr(command, name, None))
        if problem is not None:
            return f"{cls.__name__}.{name}: {problem}"
    return None
