"""`foc serve` settings given as `NAME=VALUE` (--quota, --lifetime): one parser for a dataclass of numbers."""

from __future__ import annotations

import dataclasses
from typing import Any, TypeVar, cast

Settings = TypeVar("Settings")


def parse_settings(cls: type[Settings], items: list[str] | None, option: str, unit: str = "VALUE",
                   number: str = "a number") -> Settings:
    """`cls()` with each `NAME=VALUE` item set (a field's own type, int or float; more than 0); ValueError naming
    the bad item (`unit` and `number` word the value in the message: SECONDS, "a number of seconds")."""
    settings = cls()
    fields: dict[str, Any] = {f.name: f for f in dataclasses.fields(cast(Any, cls))}
    for item in items or []:
        name, _, value = item.partition("=")
        if name not in fields or not value:
            raise ValueError(f"{option} {item!r}: use NAME={unit} with NAME one of {', '.join(fields)}")
        kind = float if fields[name].type in ("float", float) else int
        try:
            parsed = kind(value)
        except ValueError:
            raise ValueError(f"{option} {item!r}: {value!r} is not {number}") from None
        if parsed <= 0:
            raise ValueError(f"{option} {item!r}: must be more than 0")
        setattr(settings, name, parsed)
    return settings
