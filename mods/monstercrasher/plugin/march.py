"""MC6, the march: every creature of both players steps along its path, phase by phase, all at once.

Pure: `march(pieces, rules)` takes creatures as `Piece`s and returns the new ones, the life lost and the
events. No result depends on the order the pieces come in (MC6.1): every decision is made over sets
keyed by square, and events are listed by creature id.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field

from systems.events import Event as _Event

from .data import MonsterRules
from .directions import absolute
from .events import (
    CreatureCrossed,
    CreatureDestroyed,
    CreaturesFought,
    CreatureStepped,
    CreatureStopped,
    PhaseStarted,
)

Square = tuple[int, int]


@dataclass(frozen=True, slots=True)
class Piece:
    """A creature as the rules see it (MC4.1): identity, owner, type, power, current defense, square."""

    id: int
    owner: int
    kind: str
    power: int
    defense: int
    square: Square


@dataclass
class MarchResult:
    """What one march did: the creatures left, life lost per player (MC6.3), the events in order."""

    pieces: tuple[Piece, ...]
    life_lost: dict[int, int]
    events: list[_Event] = field(default_factory=list)
    phases: int = 0


def opponent(seat: int) -> int:
    return 2 if seat == 1 else 1


def own_side(owner: int, rules: MonsterRules) -> int:
    """MC1.2: the off-board rank behind a player's back row (0 for player 1, ranks + 1 for player 2)."""
    return 0 if owner == 1 else rules.board.height + 1


def march(pieces: Iterable[Piece], rules: MonsterRules, seat: int = 0, record: bool = True) -> MarchResult:
    """Resolve one whole march (MC6.1-MC6.6); `seat` is whose turn it is (for the events only)."""
    alive: dict[int, Piece] = {p.id: p for p in pieces}
    steps_of: dict[tuple[str, int], tuple[tuple[int, int], ...]] = {}
    for p in alive.values():
        if (p.kind, p.owner) not in steps_of:
            steps_of[(p.kind, p.owner)] = tuple(absolute(step, p.owner) for step in rules.path(p.kind))
    paths = {pid: steps_of[(p.kind, p.owner)] for pid, p in alive.items()}
    phases = max((len(path) for path in paths.values()), default=0)
    stopped: set[int] = set()
    lost = {1: 0, 2: 0}
    events: list[_Event] = []
    files = rules.board.width
    behind = {seat: own_side(seat, rules) for seat in (1, 2)}  # MC1.2: rank 0 and rank height + 1
    beyond = {seat: behind[opponent(seat)] for seat in (1, 2)}
    for k in range(phases):
        phase = k + 1
        if not any(len(paths[pid]) > k and pid not in stopped for pid in alive):
            break
        if record:
            events.append(PhaseStarted(seat, phase))
        at: dict[Square, int] = {p.square: pid for pid, p in alive.items()}
        steppers: dict[int, Square] = {}
        standing: set[int] = set()
        crossers: list[int] = []
        for pid in sorted(alive):
            piece = alive[pid]
            path = paths[pid]
            if pid in stopped or k >= len(path):
                standing.add(pid)
                continue
            dx, dy = path[k]
            target = (piece.square[0] + dx, piece.square[1] + dy)
            if target[1] == beyond[piece.owner]:
                crossers.append(pid)  # MC6.3: onto the opponent's side, whatever the file
            elif not 1 <= target[0] <= files or target[1] == behind[piece.owner]:
                standing.add(pid)  # MC6.2: refused; it stands, so it stops
                stopped.add(pid)
                if record:
                    events.append(CreatureStopped(seat, pid, phase, piece.square, "refused"))
            else:
                steppers[pid] = target
        for pid in crossers:  # MC6.3: removed, fights no one, its square is free this phase
            piece = alive.pop(pid)
            del at[piece.square]
            lost[opponent(piece.owner)] += piece.power
            if record:
                events.append(CreatureCrossed(seat, pid, piece.owner, phase, piece.square, piece.power))
        _fight(alive, at, steppers, standing, seat, phase, events if record else None)
        _move(alive, at, steppers, stopped, seat, phase, events if record else None)
    return MarchResult(tuple(alive[pid] for pid in sorted(alive)), lost, events, phases)


def _fight(
    alive: dict[int, Piece], at: dict[Square, int], steppers: dict[int, Square], standing: set[int],
    seat: int, phase: int, events: list[_Event] | None,
) -> None:
    """MC6.4/MC6.5: find every fighting pair of the phase, deal all damage at once, remove the dead."""
    pairs: dict[tuple[int, int], str] = {}
    toward: dict[Square, list[int]] = defaultdict(list)
    for pid, target in steppers.items():
        toward[target].append(pid)
        other = at.get(target)
        if other is None or alive[other].owner == alive[pid].owner:
            continue
        if steppers.get(other) == alive[pid].square:
            pairs[(min(pid, other), max(pid, other))] = "head-on"
        elif other in standing:
            pairs[(min(pid, other), max(pid, other))] = "charge"
    for ids in toward.values():
        for i, a in enumerate(ids):
            for b in ids[i + 1:]:
                if alive[a].owner != alive[b].owner:
                    pairs.setdefault((min(a, b), max(a, b)), "meeting")
    if not pairs:
        return
    damage: dict[int, int] = defaultdict(int)
    for a, b in pairs:
        damage[a] += alive[b].power
        damage[b] += alive[a].power
    before = {pid: alive[pid].square for pid in damage}
    for pid, amount in damage.items():
        p = alive[pid]
        alive[pid] = Piece(p.id, p.owner, p.kind, p.power, p.defense - amount, p.square)
    if events is not None:
        for (a, b), how in sorted(pairs.items()):
            events.append(CreaturesFought(
                seat, phase, a, b, how, before[a], before[b], alive[a].defense, alive[b].defense
            ))
    for pid in sorted(damage):
        if alive[pid].defense <= 0:
            piece = alive.pop(pid)
            del at[piece.square]
            steppers.pop(pid, None)
            if events is not None:
                events.append(CreatureDestroyed(seat, pid, phase, piece.square))


def _move(
    alive: dict[int, Piece], at: dict[Square, int], steppers: dict[int, Square], stopped: set[int],
    seat: int, phase: int, events: list[_Event] | None,
) -> None:
    """MC6.6: the surviving steppers move at once, except swaps, contested squares without one strictly
    strongest creature, and steps into a square whose creature is not moving away (until stable)."""
    blocked: dict[int, str] = {}
    toward: dict[Square, list[int]] = defaultdict(list)
    for pid, target in steppers.items():
        toward[target].append(pid)
        other = at.get(target)
        if other is not None and steppers.get(other) == alive[pid].square:
            blocked[pid] = "swap"  # (1) stepping toward each other's squares: both stand
    for ids in toward.values():
        if len(ids) < 2:
            continue
        best = max(alive[pid].defense for pid in ids)
        strongest = [pid for pid in ids if alive[pid].defense == best]
        for pid in ids:  # (2) only one with strictly the highest defense may enter; a tie lets none in
            if len(strongest) > 1 or pid != strongest[0]:
                blocked.setdefault(pid, "tie" if len(strongest) > 1 and pid in strongest else "outmatched")
    movers = {pid for pid in steppers if pid not in blocked}
    changed = True
    while changed:  # (3) a target held by a creature that is not moving away: stand, until stable
        changed = False
        for pid in sorted(movers):
            holder = at.get(steppers[pid])
            if holder is not None and holder not in movers:
                movers.discard(pid)
                blocked[pid] = "blocked"
                changed = True
    for pid in sorted(steppers):
        piece = alive[pid]
        if pid in movers:
            alive[pid] = Piece(piece.id, piece.owner, piece.kind, piece.power, piece.defense, steppers[pid])
            if events is not None:
                events.append(CreatureStepped(seat, pid, phase, piece.square, steppers[pid]))
        else:
            stopped.add(pid)  # MC6.2: it stood instead of stepping
            if events is not None:
                events.append(CreatureStopped(seat, pid, phase, piece.square, blocked[pid]))
