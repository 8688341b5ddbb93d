"""A list that packs its older, closed blocks into compressed bytes: a long game's record stays small in memory."""

from __future__ import annotations

import bisect
import dataclasses
import functools
import io
import operator
import pickle
import zlib
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, Generic, TypeVar, overload

T = TypeVar("T")

LEVEL = 1  # zlib level: the fastest gives most of the saving (the pickled items repeat their classes and fields)
CACHE = 2  # decoded blocks kept: a reader walking back over the last rounds decodes each block once
_DATACLASS_GETSTATE = getattr(dataclasses, "_dataclass_getstate", None)  # what slotted dataclasses pickle with
_Fields = tuple[tuple[str, ...], Callable[[Any], tuple[Any, ...]]]


@functools.lru_cache(maxsize=512)  # bounded: plugins' classes of finished games are let go in time
def _fields_of(cls: Any) -> _Fields | None:
    """A slotted dataclass's fields and a getter of their values (None: any other class, pickled as pickle does)."""
    if (_DATACLASS_GETSTATE is None or not dataclasses.is_dataclass(cls)
            or getattr(cls, "__getstate__", None) is not _DATACLASS_GETSTATE):
        return None
    names = tuple(f.name for f in dataclasses.fields(cls))
    if len(names) > 1:
        return names, operator.attrgetter(*names)
    return names, lambda obj: tuple(getattr(obj, n) for n in names)


def _rebuild(cls: Any, values: tuple[Any, ...]) -> Any:
    """A slotted dataclass back from its field values, as dataclasses' own __setstate__ does it."""
    obj = cls.__new__(cls)
    found = _fields_of(cls)
    for name, value in zip(found[0] if found else (), values, strict=True):
        object.__setattr__(obj, name, value)
    return obj


class _Pickler(pickle.Pickler):
    """pickle's format, but a slotted dataclass goes as its class and field values: dataclasses' own
    __getstate__ and __setstate__ look the fields up for every object (most of the time packing took)."""

    def reducer_override(self, obj: Any) -> Any:
        cls: Any = type(obj)
        found = _fields_of(cls)
        if found is None:
            return NotImplemented
        return _rebuild, (cls, found[1](obj))


def _dumps(items: list[Any]) -> bytes:
    buffer = io.BytesIO()
    _Pickler(buffer, protocol=5).dump(items)
    return buffer.getvalue()


class PackedLog(Sequence[T], Generic[T]):
    """An append-only sequence kept in blocks: the caller closes a block (`close_block`, e.g. once a round);
    the newest `keep` closed blocks and the open one stay plain objects, older ones are pickled and
    compressed. It reads like the list it replaces (`len`, indexes and slices, negative ones too, iteration,
    `==` with a list, `repr`); reading an old item decodes its block (a tiny cache keeps the last few). Items
    come back equal, not identical: a decoded block is a copy, so items should be values (frozen records).

    Safety: the packed bytes are made here and never leave the process (saves, replays and the network
    write their own formats from the items), so unpickling them runs no foreign data. A block that cannot
    be pickled (a class defined inside a function, say) simply stays unpacked."""

    def __init__(self, items: Iterable[T] = (), keep: int = 0) -> None:
        self.keep = keep
        self._starts: list[int] = []  # index of each packed block's first item
        self._blocks: list[bytes | list[T]] = []  # packed bytes, or the items when they could not be pickled
        self._packed = 0  # items held in blocks; the plain tail starts here
        self._tail: list[T] = list(items)
        self._ends: list[int] = []  # ends of the closed blocks still in the tail, oldest first
        self._cache: list[tuple[int, list[T]]] = []  # (block, its items), most recent last

    # -- writing ---------------------------------------------------------------------------------------
    def append(self, item: T) -> None:
        self._tail.append(item)

    def extend(self, items: Iterable[T]) -> None:
        self._tail.extend(items)

    def close_block(self) -> None:
        """The items since the last close form a block (none: nothing happens); pack all but the newest `keep`."""
        end = len(self)
        if end > (self._ends[-1] if self._ends else self._packed):
            self._ends.append(end)
        while len(self._ends) > self.keep:
            self._pack(self._ends.pop(0))

    def _pack(self, end: int) -> None:
        count = end - self._packed
        items, self._tail = self._tail[:count], self._tail[count:]
        block: bytes | list[T]
        try:
            block = zlib.compress(_dumps(items), LEVEL)
        except (pickle.PicklingError, AttributeError, TypeError):
            block = items
        self._starts.append(self._packed)
        self._blocks.append(block)
        self._packed = end

    def __setitem__(self, index: int, item: T) -> None:
        i = self._index(index)
        self._unpack_from(i)
        self._tail[i - self._packed] = item

    def __delitem__(self, index: int | slice) -> None:
        if isinstance(index, slice):
            start, stop, step = index.indices(len(self))
            positions = range(start, stop, step)
            if not positions:
                return
            first = min(positions[0], positions[-1])
        else:
            first = self._index(index)
        self._unpack_from(first)
        # a deletion shifts what follows it: the blocks closed after it merge into the open one
        self._ends = [e for e in self._ends if e <= first]
        if not isinstance(index, slice):
            del self._tail[first - self._packed]
        elif step == 1:
            del self._tail[start - self._packed:stop - self._packed]
        else:
            for i in sorted(positions, reverse=True):
                del self._tail[i - self._packed]

    def clear(self) -> None:
        del self[:]

    def _unpack_from(self, index: int) -> None:
        """Bring the block holding `index` and every later one back into the tail (to change them)."""
        if index >= self._packed:
            return
        b = bisect.bisect_right(self._starts, index) - 1
        items: list[T] = []
        for k in range(b, len(self._blocks)):
            items.extend(self._block(k))
        self._ends = self._starts[b + 1:] + [self._packed] + self._ends
        self._packed = self._starts[b]
        del self._starts[b:], self._blocks[b:]
        self._tail[:0] = items
        self._cache.clear()

    # -- reading ---------------------------------------------------------------------------------------
    def _block(self, b: int) -> list[T]:
        block = self._blocks[b]
        if isinstance(block, list):
            return block
        for cached, items in self._cache:
            if cached == b:
                return items
        items = pickle.loads(zlib.decompress(block))  # our own bytes (see the class docstring)
        self._cache = [*self._cache[1 - CACHE:], (b, items)] if CACHE > 1 else [(b, items)]
        return items

    def _index(self, index: int) -> int:
        size = len(self)
        i = index + size if index < 0 else index
        if not 0 <= i < size:
            raise IndexError("PackedLog index out of range")
        return i

    def __len__(self) -> int:
        return self._packed + len(self._tail)

    @overload
    def __getitem__(self, index: int) -> T: ...
    @overload
    def __getitem__(self, index: slice) -> list[T]: ...
    def __getitem__(self, index: int | slice) -> T | list[T]:
        if isinstance(index, slice):
            start, stop, step = index.indices(len(self))
            if step == 1:
                return self._range(start, stop)
            positions = range(start, stop, step)
            if not positions:
                return []
            low = min(positions[0], positions[-1])
            span = self._range(low, max(positions[0], positions[-1]) + 1)
            return [span[i - low] for i in positions]
        i = self._index(index)
        if i >= self._packed:
            return self._tail[i - self._packed]
        b = bisect.bisect_right(self._starts, i) - 1
        return self._block(b)[i - self._starts[b]]

    def _range(self, start: int, stop: int) -> list[T]:
        """Items start..stop-1 (0 <= start, stop <= len), decoding only the blocks they lie in."""
        out: list[T] = []
        if start < min(stop, self._packed):
            b = bisect.bisect_right(self._starts, start) - 1
            while b < len(self._blocks) and self._starts[b] < stop:
                first = self._starts[b]
                out.extend(self._block(b)[max(0, start - first):stop - first])
                b += 1
        if stop > self._packed:
            out.extend(self._tail[max(0, start - self._packed):stop - self._packed])
        return out

    def __iter__(self) -> Iterator[T]:
        for b in range(len(self._blocks)):
            yield from self._block(b)
        yield from self._tail

    def __reversed__(self) -> Iterator[T]:
        yield from reversed(self._tail)
        for b in range(len(self._blocks) - 1, -1, -1):
            yield from reversed(self._block(b))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, PackedLog):
            return len(self) == len(other) and list(self) == list(other)
        if isinstance(other, list):
            return len(self) == len(other) and list(self) == other
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # mutable, as a list

    def __repr__(self) -> str:
        return repr(list(self))  # as the list it replaces (the golden test hashes the history's repr)

    def __getstate__(self) -> dict[str, Any]:
        state = dict(self.__dict__)
        state["_cache"] = []  # a copy needs no decoded blocks
        return state

    # -- figures -----------------------------------------------------------------------------------------
    @property
    def packed_items(self) -> int:
        return self._packed

    @property
    def packed_bytes(self) -> int:
        """The packed blocks' size in bytes (blocks that could not be pickled not counted)."""
        return sum(len(b) for b in self._blocks if isinstance(b, bytes))


__all__ = ["PackedLog"]
