"""The engine's one base for data models (rules sections, a ruleset's or mod's data): strict, closed and frozen."""

from __future__ import annotations

import types
import typing
from typing import Any

from pydantic import BaseModel, ConfigDict, ValidationInfo, field_validator


def _lists_as_tuples(value: Any, annotation: Any) -> Any:
    """`value` with every list that `annotation` types as a tuple made one (inside dicts and lists too)."""
    origin = typing.get_origin(annotation)
    args = typing.get_args(annotation)
    if origin is typing.Annotated:
        return _lists_as_tuples(value, args[0])
    if origin in (typing.Union, types.UnionType):
        for arg in args:
            if arg is not type(None):
                converted = _lists_as_tuples(value, arg)
                if converted is not value:
                    return converted
        return value
    if origin is tuple and isinstance(value, list | tuple):
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_lists_as_tuples(v, args[0]) for v in value)
        if args and len(args) == len(value):
            return tuple(_lists_as_tuples(v, a) for v, a in zip(value, args, strict=True))
        return tuple(value)
    if origin is list and isinstance(value, list) and args:
        converted = [_lists_as_tuples(v, args[0]) for v in value]
        return converted if any(c is not v for c, v in zip(converted, value, strict=True)) else value
    if origin is dict and isinstance(value, dict) and len(args) == 2:
        out = {k: _lists_as_tuples(v, args[1]) for k, v in value.items()}
        return out if any(out[k] is not v for k, v in value.items()) else value
    return value


class DataModel(BaseModel):
    """Base for every data model of a ruleset or mod: unknown keys are errors, values never change after loading,
    and nothing is coerced (pydantic strict mode: "2" is not 2, 2.5 is not 2, true is not 1). TOML and JSON have
    no tuples, so a list is read as a tuple where the field is one (nested lists too). Fields may have aliases."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True, populate_by_name=True)

    @field_validator("*", mode="before")
    @classmethod
    def _tuples_from_lists(cls, value: Any, info: ValidationInfo) -> Any:
        if isinstance(value, list | dict) and info.field_name is not None:
            field = cls.model_fields.get(info.field_name)
            if field is not None:
                return _lists_as_tuples(value, field.annotation)
        return value
