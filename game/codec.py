"""Plain-data codecs for saves and replays: commands and components to JSON-ready dicts and back, strictly.

Only known classes are ever built: the command and component types registered on the game's App. Field values are validated by pydantic in strict mode (no "1" for 1); nothing is
executed and nothing is looked up by a name the data chooses beyond those two registries.
"""

from __future__ import annotations

import dataclasses
import typing
from functools import cache
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, create_model

from components.bounds import field_problems
from components.commands import Command
from systems.command_fields import field_problem


class CodecError(ValueError):
    """Data that does not describe a known command or component; `field` is the dotted place of the problem."""

    def __init__(self, field: str, message: str) -> None:
        self.field = field
        self.message = message
        super().__init__(f"{field}: {message}")


_STRICT = ConfigDict(extra="forbid", strict=True)


def _listify(annotation: Any) -> tuple[Any, bool]:
    """`tuple[X, ...]` becomes `list[X]` (JSON has only arrays); the flag says to turn it back into a tuple."""
    origin = typing.get_origin(annotation)
    if origin is tuple:
        args = typing.get_args(annotation)
        if not args or len(args) == 2 and args[1] is Ellipsis:
            return list[args[0] if args else Any], True  # type: ignore[misc]
        # a fixed tuple (a hex's (q, r)): exactly that many items, typed when they are all of one type
        item = args[0] if len(set(args)) == 1 else Any
        return Annotated[list[item], Field(min_length=len(args), max_length=len(args))], True  # type: ignore[valid-type]
    return annotation, False


@cache
def _model_for(cls: type) -> tuple[type[BaseModel], frozenset[str]]:
    """A strict pydantic model mirroring a dataclass's fields, and the fields to convert back to tuples."""
    hints = typing.get_type_hints(cls)
    fields: dict[str, Any] = {}
    tuples: set[str] = set()
    for f in dataclasses.fields(cls):
        annotation, is_tuple = _listify(hints[f.name])
        if is_tuple:
            tuples.add(f.name)
        if f.default is not dataclasses.MISSING:
            default: Any = list(f.default) if isinstance(f.default, tuple) else f.default
        elif f.default_factory is not dataclasses.MISSING:
            default = f.default_factory()
        else:
            default = ...
        fields[f.name] = (annotation, default)
    model = create_model(f"{cls.__name__}Data", __config__=_STRICT, **fields)
    return model, frozenset(tuples)


def _build(cls: type, data: Any, where: str) -> Any:
    if not isinstance(data, dict):
        raise CodecError(where, f"expected an object, got {type(data).__name__}")
    model, tuples = _model_for(cls)
    try:
        parsed = model.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        loc = ".".join(str(part) for part in first["loc"])
        raise CodecError(f"{where}.{loc}" if loc else where, first["msg"]) from None
    values = {name: getattr(parsed, name) for name in model.model_fields}
    for name in tuples:
        values[name] = tuple(values[name])
    built = cls(**values)
    if (problem := next(field_problems(built), None)) is not None:  # the fixed bounds the class declares
        field, _, message = problem.partition(": ")
        raise CodecError(f"{where}.{field.partition('.')[2]}", message)
    return built


def command_to_data(command: Command) -> dict[str, Any]:
    """A command as {"type": class name, field: value...}; tuples become lists."""
    out: dict[str, Any] = {"type": type(command).__name__}
    for f in dataclasses.fields(command):
        value = getattr(command, f.name)
        out[f.name] = list(value) if isinstance(value, tuple) else value
    return out


def command_from_data(data: Any, where: str, commands: dict[str, type[Command]]) -> Command:
    """The command described by `data`; only the game's command classes (`app.command_types()`), with
    strictly typed fields."""
    if not isinstance(data, dict):
        raise CodecError(where, f"expected an object, got {type(data).__name__}")
    name = data.get("type")
    cls = commands.get(name) if isinstance(name, str) else None
    if cls is None:
        raise CodecError(f"{where}.type", f"unknown command type {name!r}")
    fields = {k: v for k, v in data.items() if k != "type"}
    try:  # the engine's own field check (systems.command_fields): strict, and far cheaper than a model
        command = cls(**{k: tuple(v) if type(v) is list else v for k, v in fields.items()})
    except TypeError:
        command = None
    if command is not None and field_problem(command) is None:
        return command
    return typing.cast(Command, _build(cls, fields, where))  # names the field that is wrong


def component_from_data(name: str, data: Any, where: str, components: dict[str, type]) -> Any:
    """One of the game's component types (`app.components`) built from its fields (as `dataclasses.asdict`
    wrote them)."""
    cls = components.get(name)
    if cls is None:
        raise CodecError(where, f"unknown component type {name!r} (is the mod that defines it enabled?)")
    return _build(cls, data, where)
