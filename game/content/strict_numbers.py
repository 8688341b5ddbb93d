"""Whole numbers in rules data are whole numbers, for every ruleset's rules model: no `"1"`, `true` or `1.0` where
a model declares an int (pydantic's lax mode would take them), and none beyond 64 bits. The base game's models say
so field by field (StrictInt); this walk gives a plugin ruleset's models, and a third party's, the same guarantee
without code of their own, wherever rules are read (rules files, variant files, saves, replays)."""

from __future__ import annotations

import types
import typing
from typing import Any

from pydantic import BaseModel, ValidationError

LARGEST = 2**63 - 1
Loc = tuple[str | int, ...]


def _options(annotation: Any) -> list[Any]:
    """The types an annotation allows (Annotated and unions unwrapped)."""
    while typing.get_origin(annotation) is typing.Annotated:
        annotation = typing.get_args(annotation)[0]
    if typing.get_origin(annotation) in (typing.Union, types.UnionType):
        return [t for arg in typing.get_args(annotation) for t in _options(arg)]
    return [annotation]


def _walk(annotation: Any, value: Any, loc: Loc, out: list[dict[str, Any]]) -> None:
    allowed = _options(annotation)
    if int in allowed and not any(t in (str, bool, float, Any) for t in allowed) \
            and not any(typing.get_origin(t) is typing.Literal for t in allowed):
        if isinstance(value, bool | str | float):
            out.append({"type": "int_type", "loc": loc, "input": value})
        elif isinstance(value, int) and not -LARGEST <= value <= LARGEST:
            out.append({"type": "less_than_equal", "loc": loc, "input": value, "ctx": {"le": LARGEST}})
        return
    if len(allowed) != 1:
        return
    kind = allowed[0]
    origin, args = typing.get_origin(kind), typing.get_args(kind)
    if isinstance(kind, type) and issubclass(kind, BaseModel) and isinstance(value, dict):
        for name, field in kind.model_fields.items():
            key = field.alias if field.alias is not None and field.alias in value else name
            if key in value:
                _walk(field.annotation if not field.metadata else typing.Annotated[(field.annotation,
                                                                                    *field.metadata)],
                      value[key], (*loc, key), out)
    elif origin is dict and len(args) == 2 and isinstance(value, dict):
        for key, item in value.items():
            _walk(args[1], item, (*loc, key), out)
    elif origin in (list, tuple) and args and isinstance(value, list | tuple):
        fixed = origin is tuple and not (len(args) == 2 and args[1] is Ellipsis)
        for index, item in enumerate(value):
            if fixed and index >= len(args):
                break
            _walk(args[index] if fixed else args[0], item, (*loc, index), out)


def loose_numbers(model: type[BaseModel], data: Any) -> ValidationError | None:
    """A ValidationError (each place named by its key path) for every loose or oversized whole number, or None."""
    out: list[dict[str, Any]] = []
    _walk(model, data, (), out)
    return ValidationError.from_exception_data(model.__name__, out[:20]) if out else None  # type: ignore[arg-type]
