"""Bounds and references a component declares on its fields (`typing.Annotated`), for every ruleset alike.

A ruleset writes `owner: Annotated[int, Seat()]` or `count: Annotated[int, Within(0, "risky.max_troops")]` and
the engine checks every such field wherever a state comes from outside (a save, the network codec) and after
every command in the property tests (game.invariants), with no code of the ruleset's own. A bound given as a
dotted path is read from the game's rules (`world.rules`), so it follows the ruleset's (and options') numbers.
"""

from __future__ import annotations

import dataclasses
import typing
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from typing import Any

LARGEST = 2**31 - 1  # no count, id or stat in any ruleset comes near this; a larger number is an edited file


@dataclass(frozen=True, slots=True)
class Seat:
    """The field names a seat at the table (`none`: the value meaning "no seat", e.g. 0 or -1)."""

    none: int | None = None


@dataclass(frozen=True, slots=True)
class Within:
    """A whole number (or each one in a list) within low..high; a bound may be a dotted rules path."""

    low: int | str = 0
    high: int | str = LARGEST


Marker = Seat | Within


@cache
def declared(cls: type) -> tuple[tuple[str, tuple[Marker, ...]], ...]:
    """The fields of a component class that carry markers, with them."""
    if not dataclasses.is_dataclass(cls):
        return ()
    hints = typing.get_type_hints(cls, include_extras=True)
    out = []
    for f in dataclasses.fields(cls):
        marks = tuple(m for m in getattr(hints.get(f.name), "__metadata__", ()) if isinstance(m, Seat | Within))
        if marks:
            out.append((f.name, marks))
    return tuple(out)


def _numbers(value: Any) -> Iterator[Any]:
    if isinstance(value, list | tuple):
        for item in value:
            yield from _numbers(item)
    elif isinstance(value, dict):
        for item in value.values():
            yield from _numbers(item)
    else:
        yield value


def _bound(bound: int | str, rules: Any) -> int | None:
    if isinstance(bound, int):
        return bound
    value = rules
    for part in bound.split("."):
        value = value.get(part) if isinstance(value, dict) else getattr(value, part, None)
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def field_problems(component: Any, rules: Any = None, seats: Any = None) -> Iterator[str]:
    """Each declared bound or reference `component` breaks, as "Class.field: what". Without `rules` only the
    fixed bounds are checked, without `seats` no seat reference (the codec knows neither)."""
    name = type(component).__name__
    kind: type = type(component)
    for field, marks in declared(kind):
        value = getattr(component, field)
        for mark in marks:
            for number in _numbers(value):
                if isinstance(number, bool) or not isinstance(number, int):
                    continue  # the type is the codec's check
                if isinstance(mark, Seat):
                    if seats is not None and number != mark.none and number not in seats:
                        yield f"{name}.{field}: seat {number} is not at the table"
                        break
                    continue
                low = _bound(mark.low, rules) if rules is not None or isinstance(mark.low, int) else None
                high = _bound(mark.high, rules) if rules is not None or isinstance(mark.high, int) else None
                if not -LARGEST <= number <= LARGEST or (low is not None and number < low) or \
                        (high is not None and number > high):
                    shown = number if abs(number) < 10**12 else f"{str(number)[:6]}... ({len(str(number))} digits)"
                    yield f"{name}.{field}: {shown} is outside {low if low is not None else '...'}.." \
                          f"{high if high is not None else '...'}"
                    break
