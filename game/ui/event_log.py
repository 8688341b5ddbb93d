"""The event log's lines over a whole game, kept compact: the shown entries as arrays, words only for the rows drawn.

A long game's journal has tens of thousands of entries and the log scrolls back through all of them, so a
described line (its text, place and colour) for each would cost megabytes. `LogLines` keeps, per shown entry,
its journal index and the territory a click looks at (4 bytes each, taken as the entry arrives, as before),
and words only the rows around the ones on screen, remembering at most `LOG_KEEP` texts (twice the rows
worded at once where a very tall window needs more). Wording reads the
engine, so it happens only where the HUD may read it (`describe_rows`, from `TurnHud.refresh`); drawing asks
`text`, which never reads the engine (a row not worded yet is drawn as a placeholder for that frame).
"""

from __future__ import annotations

from array import array
from bisect import bisect_left
from collections import OrderedDict
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any, overload

from game.summary import describe, event_territory

LOG_KEEP = 256  # worded lines remembered (a few pages: the rows drawn and a page either side of them)
NO_PLACE = -1  # a line without a territory (arrays hold ints only)


@dataclass
class Line:
    """One line of text with the territory a click looks at (the log's and the forecast's)."""

    text: str
    territory: int | None
    color: tuple[int, int, int]
    entry: int = -1  # the journal entry it describes


class LogLines(Sequence[Line]):
    """The log's lines: one per shown journal entry, in order; `line[i]` words it (reading the engine)."""

    def __init__(self, color: tuple[int, int, int], keep: int = LOG_KEEP) -> None:
        self.color = color
        self.keep = keep
        self.entries = array("i")  # the journal index of each line (ascending)
        self.places = array("i")  # the territory each line looks at, NO_PLACE for none
        self._texts: OrderedDict[int, str] = OrderedDict()  # line -> its words, the latest used last
        self._source: tuple[Any, Any, int | None] | None = None  # (game, journal, reader) to word lines with
        self._span = 0  # the most lines worded at once: a very tall window keeps at least twice as many

    # -- building ---------------------------------------------------------------------------------------
    def truncate(self, entries: int) -> None:
        """Drop the lines of journal entries from `entries` on (undone events; the rest stay as they are)."""
        cut = bisect_left(self.entries, entries)
        del self.entries[cut:], self.places[cut:]
        for index in [i for i in self._texts if i >= cut]:
            del self._texts[index]

    def forget_words(self) -> None:
        """Another reader: the same lines, worded again from its side ('your army' is someone else's)."""
        self._texts.clear()

    def add(self, entries: Sequence[Any], hidden: tuple[type, ...]) -> None:
        """Append a line for each of these journal entries whose event is not of a `hidden` kind."""
        for entry in entries:
            if not isinstance(entry.event, hidden):
                place = event_territory(entry.event)
                self.entries.append(entry.index)
                self.places.append(NO_PLACE if place is None else place)

    def first_from(self, entry: int) -> int:
        """The first line describing journal entry `entry` or a later one (`len(self)` when none does)."""
        return bisect_left(self.entries, entry)

    def describe_rows(self, start: int, stop: int, game: Any, journal: Any, seat: int | None) -> None:
        """Word lines `start` to `stop` (clipped) that are not worded yet, as `seat` reads them."""
        self._source = (game, journal, seat)
        self._span = max(self._span, stop - start)
        for index in range(max(0, start), min(stop, len(self.entries))):
            self._word(index)

    # -- reading ----------------------------------------------------------------------------------------
    def text(self, index: int) -> str | None:
        """Line `index`'s words when already worded, else None (never reads the engine: safe while it runs)."""
        found = self._texts.get(index)
        if found is not None:
            self._texts.move_to_end(index)
        return found

    def territory(self, index: int) -> int | None:
        place = self.places[index]
        return None if place == NO_PLACE else place

    def worded(self, start: int, stop: int) -> bool:
        """Whether every line from `start` to `stop` (clipped) has its words (what a frame can show)."""
        return all(i in self._texts for i in range(max(0, start), min(stop, len(self.entries))))

    def __len__(self) -> int:
        return len(self.entries)

    @overload
    def __getitem__(self, index: int) -> Line: ...

    @overload
    def __getitem__(self, index: slice) -> list[Line]: ...

    def __getitem__(self, index: int | slice) -> Line | list[Line]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError(index)
        return Line(self._word(index), self.territory(index), self.color, self.entries[index])

    def __iter__(self) -> Iterator[Line]:
        return (self[i] for i in range(len(self)))

    def _word(self, index: int) -> str:
        found = self.text(index)
        if found is None:
            assert self._source is not None, "the log's lines are worded after a refresh"
            game, journal, seat = self._source
            found = describe(journal.entries[self.entries[index]].event, game, seat)
            self._texts[index] = found
            while len(self._texts) > max(self.keep, 2 * self._span):
                self._texts.popitem(last=False)
        return found
