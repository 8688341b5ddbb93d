"""Direction sets (MC5): parsing, the normalisation check with its fix, and owner-relative steps."""

from __future__ import annotations

import re
from collections import Counter

Vec = tuple[int, int]

# MC5.1, in the owner's own frame as (to its starboard, forward): F is (0, 1), P is (-1, 0).
RELATIVE: dict[str, Vec] = {
    "H": (0, 0),
    "F": (0, 1),
    "B": (0, -1),
    "FP": (-1, 1),
    "FS": (1, 1),
    "BP": (-1, -1),
    "BS": (1, -1),
    "P": (-1, 0),
    "S": (1, 0),
}
ORDER = ["H", "F", "B", "FP", "FS", "BP", "BS", "P", "S"]  # MC5.2: the order directions are written in
NAME_OF: dict[Vec, str] = {vec: name for name, vec in RELATIVE.items()}
_TOKEN = re.compile(r"(\d+)?(FP|FS|BP|BS|H|F|B|P|S)")


class DirectionError(ValueError):
    """A direction set that breaks MC5.2 or MC5.3; the message says what is wrong and how to write it."""


def absolute(step: Vec, owner: int) -> Vec:
    """MC5.1: a relative step as (file, rank) change for the owner: P1 F is (0, +1), P2 F is (0, -1)."""
    right, forward = step
    return (right, forward) if owner == 1 else (-right, -forward)


def _tokens(segment: str) -> list[tuple[int, str]]:
    """A segment as (count, direction) pairs, reading two-letter directions first (MC5.2)."""
    out: list[tuple[int, str]] = []
    at = 0
    while at < len(segment):
        match = _TOKEN.match(segment, at)
        if match is None:
            raise DirectionError(
                f"'{segment[at:]}' does not start with a direction; directions are {' '.join(ORDER)}, "
                "each optionally after a count of 2 or more"
            )
        count_text, name = match.group(1), match.group(2)
        if count_text is not None and int(count_text) < 2:
            raise DirectionError(f"'{count_text}{name}': a count is 2 or more, write {name}")
        out.append((int(count_text) if count_text else 1, name))
        at = match.end()
    return out


def write_steps(steps: list[str]) -> str:
    """A multiset of steps written as one normalised segment in MC5.2 order ("H" when nothing moves)."""
    counts = Counter(steps)
    parts = [f"{counts[d] if counts[d] > 1 else ''}{d}" for d in ORDER if counts[d] > 0 and d != "H"]
    return "".join(parts) or "H"


def _combine(a: str, b: str) -> str | None:
    """What two steps add up to when that is one step or none (MC5.3), else None."""
    x = RELATIVE[a][0] + RELATIVE[b][0]
    y = RELATIVE[a][1] + RELATIVE[b][1]
    return NAME_OF[(x, y)] if abs(x) <= 1 and abs(y) <= 1 else None


def normalised(steps: list[str]) -> str:
    """MC5.3's fix for one segment: combine pairs of steps that make one step or none until none are left."""
    pool = [s for s in steps if s != "H"]
    changed = True
    while changed:
        changed = False
        for i in range(len(pool)):
            for j in range(i + 1, len(pool)):
                made = _combine(pool[i], pool[j])
                if made is not None:
                    rest = [s for k, s in enumerate(pool) if k not in (i, j)]
                    pool = rest + ([made] if made != "H" else [])
                    changed = True
                    break
            if changed:
                break
    return write_steps(pool)


class _SegmentError(Exception):
    """A problem in one segment: the reason, and the segment written right (None when there is no one fix)."""

    def __init__(self, reason: str, fix: str | None) -> None:
        super().__init__(reason)
        self.reason, self.fix = reason, fix


def _segment_steps(segment: str, whole: str) -> list[str]:
    """The steps of one segment, checked against MC5.2 (order, once each, H alone) and MC5.3."""
    if not segment:
        raise _SegmentError("an empty segment (two commas, or a comma at an end)", "")
    try:
        tokens = _tokens(segment)
    except DirectionError as exc:
        raise _SegmentError(str(exc), None) from None
    names = [name for _, name in tokens]
    if "H" in names and (len(tokens) > 1 or tokens[0][0] > 1 or whole != "H"):
        raise _SegmentError("H stands alone (the creature never moves): write just H, or leave H out", None)
    steps = [name for count, name in tokens for _ in range(count)]
    seen: set[str] = set()
    for name in names:
        if name in seen:
            raise _SegmentError(f"{name} is written twice in one segment (use a count, or a comma)", normalised(steps))
        seen.add(name)
    for earlier, later in zip(names, names[1:], strict=False):
        if ORDER.index(later) < ORDER.index(earlier):
            at = segment.index(later, segment.index(earlier) + len(earlier))
            while at > 0 and segment[at - 1].isdigit():
                at -= 1
            raise _SegmentError(
                f"{later} comes before {earlier} in the order {' '.join(ORDER)} (start a new segment with a comma)",
                segment[:at] + "," + segment[at:],
            )
    for i in range(len(steps)):
        for j in range(i + 1, len(steps)):
            made = _combine(steps[i], steps[j])
            if made is not None:
                raise _SegmentError(f"{steps[i]}+{steps[j]} make {'none' if made == 'H' else made}", normalised(steps))
    return steps


def parse_directions(text: str) -> tuple[Vec, ...]:
    """MC5.2-MC5.4: a direction set as its path of relative steps, left to right ("H" is the empty path).

    Raises DirectionError naming the problem and the fix ("F2S: F+S make FS, write FSS"); the engine
    checks, it never rewrites (MC5.3: a rewrite changes the path).
    """
    if text == "H":
        return ()
    segments = text.split(",")
    path: list[Vec] = []
    for index, segment in enumerate(segments):
        try:
            steps = _segment_steps(segment, text)
        except _SegmentError as exc:
            if exc.fix is None:
                raise DirectionError(f"{text}: {exc.reason}") from None
            fixed = [s for s in (*segments[:index], exc.fix, *segments[index + 1:]) if s and s != "H"]
            raise DirectionError(f"{text}: {exc.reason}, write {_valid_fix(','.join(fixed) or 'H')}") from None
        path.extend(RELATIVE[step] for step in steps)
    return tuple(path)


def _valid_fix(candidate: str) -> str:
    """Apply further fixes until the suggestion itself is a valid direction set (each fix shortens it)."""
    for _ in range(32):
        try:
            parse_directions(candidate)
            return candidate
        except DirectionError as exc:
            _, sep, after = str(exc).rpartition(", write ")
            if not sep or after == candidate:
                return candidate
            candidate = after
    return candidate
