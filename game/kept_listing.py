"""The base rules' Main-stage listing kept from one command to the next: an army's moves or options are listed again
only when the army, or a territory they were read from, changed; a structure placement only when a structure, an
owner or a disruption changed on or beside it.

Random play and the search list every legal command after every command (game.legal), and most commands change
one army and a territory or two. What an army's moves read lies in its *region*: where it stands, every territory
its reach search met, and their neighbours (a territory one step past the reach is where a cheaper step, a
departed army or a fallen wall would open the way); its options read where it stands and its neighbours. Before a
listing what listings read (armies, structures, owners, the territories disrupted now) is read again and
compared with the last reading; each difference marks its territories changed, and a kept part is used only
when no changed territory lies in its region and the army itself is as it was (a new turn gives every army its
MP again, R3.3: an army that did not act keeps its part from its last turn when nothing near it changed).

The comparison sees only the base rules' state: a ruleset asks for it (game.legal.main_stage_commands, `keep`)
when its hooks read no more than that, and with mods (which may add state a listing reads) every listing is made
afresh. tests/test_kept_listing.py holds that a kept listing equals a fresh one after every command of random
games, of computer players' games with battles, and of a game's copies.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import esper

from components.armies import Army
from components.structures import Catapult, Structure
from systems.queries import disrupted_territories

if TYPE_CHECKING:
    from components.commands import BuildStructure, Command
    from game.engine import Game
    from systems.world import World


@dataclass
class State:
    """What listings read, as it stood at the last listing: each army and structure by entity, each seat's land,
    and the territories disrupted now (R7.3: a marker lapses with the clock, not when it is removed)."""

    armies: dict[int, tuple[Any, ...]]
    structures: dict[int, tuple[Any, ...]]
    owned: dict[int, frozenset[int]]
    disrupted: frozenset[int]


@dataclass
class Placements:
    """One seat's candidate placements of one structure type (game.queries.placement_candidates), made while the
    seat held `owned`, each legal or not; `pending` those to check again, `at` each territory's candidates (a
    placement's check reads its territory, its border and their neighbours: R6.3)."""

    owned: frozenset[int]
    candidates: list[BuildStructure]
    legal: list[bool]
    pending: set[int]
    at: dict[int, list[int]]
    listed: list[BuildStructure] = field(default_factory=list)  # the legal ones, while nothing is pending


@dataclass(frozen=True)
class ArmyPart:
    """One army's part of the listing: its moves, read from its region (where it stands, every territory its reach
    search met, and their neighbours), and its options, read from where it stands and its neighbours (R7, R8.5,
    R8.6: its territory, the walls on its borders, a retreat's step); None where listed again."""

    moves_region: frozenset[int]
    moves: list[Command] | None
    options_region: frozenset[int]
    options: list[Command] | None


@dataclass
class KeptListing:
    """One game's kept parts: per army its moves and options, per (seat, structure type) its placements."""

    world: World
    state: State
    armies: dict[int, ArmyPart] = field(default_factory=dict)
    placements: dict[tuple[int, str], Placements] = field(default_factory=dict)


def for_copy(kept: KeptListing | None, world: World) -> KeptListing | None:
    """The kept listing of a copy of the game in `world` (game.fork): the same parts, compared with the copy's own
    state at its first listing (a determinization differs where its seat may not see), so a search's copies
    list only what their commands changed."""
    if kept is None:
        return None
    placements = {key: Placements(part.owned, part.candidates, list(part.legal), set(part.pending), part.at,
                                  part.listed) for key, part in kept.placements.items()}
    return KeptListing(world, kept.state, dict(kept.armies), placements)


def read_state(world: World) -> State:
    """The state listings read, now (the esper world of `world` current)."""
    armies = {e: (a.owner, a.territory, a.mp, a.open_mp, a.done, a.battle, a.catapult, tuple(a.units))
              for e, a in esper.get_component(Army)}
    # a structure's kind never changes; what a listing reads of it: its place, owner, health, garrison and
    # upgrades (the garrison's room, R6.4), and a catapult's MP and crew (R8.8)
    structures = {e: (s.territory, s.border, s.owner, s.health, len(s.garrison), len(s.upgrades))
                  for e, s in esper.get_component(Structure)}
    for e, catapult in esper.get_component(Catapult):
        structures[e] = (*structures.get(e, (None, None)), catapult.mp, catapult.crew)
    owned = {seat: frozenset(land) for seat, land in world.owned.items()}
    return State(armies, structures, owned, frozenset(disrupted_territories(world)))


def changed_territories(before: State, now: State) -> tuple[set[int], set[int]]:
    """The territories that changed between two readings: (where an army came, went or changed; where a structure,
    an owner or a disruption changed). Placements read only the second (R6.3 asks nothing of armies)."""
    moved: set[int] = set()
    if before.armies != now.armies:
        for entity in before.armies.keys() | now.armies.keys():
            old, new = before.armies.get(entity), now.armies.get(entity)
            if old != new:
                moved.update(army[1] for army in (old, new) if army is not None)
    land: set[int] = set()
    if before.structures != now.structures:
        for entity in before.structures.keys() | now.structures.keys():
            old_s, new_s = before.structures.get(entity), now.structures.get(entity)
            if old_s != new_s:
                for structure in (old_s, new_s):
                    if structure is not None:
                        land.add(structure[0])
                        if structure[1] is not None:
                            land.add(structure[1])
    if before.owned != now.owned:
        for seat in before.owned.keys() | now.owned.keys():
            land |= before.owned.get(seat, frozenset()) ^ now.owned.get(seat, frozenset())
    land |= before.disrupted ^ now.disrupted
    return moved, land


def keeps(world: World) -> bool:
    """Whether listings of this game may be kept: the base rules alone (no mod beyond the ruleset) and no esper
    deletion pending (the component lists would still hold the dead)."""
    return len(world.rules.mods) <= 1 and not esper._dead_entities


def kept_for(game: Game) -> KeptListing:
    """The game's kept listing brought up to the state now: the army parts that no longer hold dropped, the
    placements near a change marked to check again."""
    world = game.world
    now = read_state(world)
    kept: KeptListing | None = game.kept_listing
    if kept is None or kept.world is not world:
        kept = game.kept_listing = KeptListing(world, now)
        return kept
    before, kept.state = kept.state, now
    moved, land = changed_territories(before, now)
    changed = moved | land
    if changed:
        parts: dict[int, ArmyPart] = {}
        for entity, part in kept.armies.items():
            if before.armies.get(entity) != now.armies.get(entity):
                continue  # the army itself moved, fought, spent MP...: listed again
            if part.moves_region.isdisjoint(changed):
                parts[entity] = part
            elif part.options_region.isdisjoint(changed):  # a change in its reach but not beside it
                parts[entity] = ArmyPart(part.moves_region, None, part.options_region, part.options)
        kept.armies = parts
    if land:
        neighbours = world.board.neighbours
        dirty = set(land)
        for territory in land:
            dirty.update(neighbours(territory))
        for placing in kept.placements.values():
            for territory in dirty & placing.at.keys():
                placing.pending.update(placing.at[territory])
    return kept


def placements(game: Game, kept: KeptListing, structure_type: str) -> list[BuildStructure]:
    """The legal placements of a structure type for the seat whose turn it is (game.queries.structure_placements),
    checking again only the candidates near what changed since they were checked."""
    from game.queries import placement_candidates
    from systems.actions import check_each

    world = game.world
    seat = world.clock.seat
    owned = kept.state.owned.get(seat, frozenset())
    part = kept.placements.get((seat, structure_type))
    if part is None or part.owned != owned:  # the candidates follow the seat's land: made again, answers kept
        known = {} if part is None else {c: legal for index, (c, legal)
                                         in enumerate(zip(part.candidates, part.legal, strict=True))
                                         if index not in part.pending}
        candidates = placement_candidates(game, structure_type)
        at: dict[int, list[int]] = {}
        for index, candidate in enumerate(candidates):
            for territory in {candidate.territory, candidate.border} - {None}:
                at.setdefault(territory, []).append(index)  # type: ignore[arg-type]
        legal = [known.get(c, False) for c in candidates]
        pending = {index for index, c in enumerate(candidates) if c not in known}
        part = kept.placements[(seat, structure_type)] = Placements(owned, candidates, legal, pending, at)
        if not pending:
            part.listed = [c for c, ok in zip(candidates, legal, strict=True) if ok]
    if part.pending:
        recheck = sorted(part.pending)
        answers = check_each(world, [part.candidates[i] for i in recheck], fields_known=True)
        for index, reason in zip(recheck, answers, strict=True):
            part.legal[index] = reason is None
        part.pending.clear()
        part.listed = [c for c, legal in zip(part.candidates, part.legal, strict=True) if legal]
    return part.listed


def region(world: World, territory: int, reached: Any) -> frozenset[int]:
    """The territories a listing looked at from an army in `territory` whose reach search met `reached`: those,
    and the neighbours of each."""
    neighbours = world.board.neighbours
    seen = {territory, *reached}
    out = set(seen)
    for place in seen:
        out.update(neighbours(place))
    return frozenset(out)
