"""What happened, in plain words: an event journal per round and seat, turn summaries, and event-log lines.

The client feeds every `Accepted` result into an `EventJournal` (`journal.record(game, result)`); each event
is tagged with the round, seat and stage it happened in (read from the `TurnStarted`/`StageStarted`
events in the stream). A seat's turn summary covers everything since that seat last ended its turn: its
own Rogue stage, every other seat's turn, and its own Resource and Upkeep stages (R3.1) -- exactly what it
did not see happen. `describe(event, game)` gives one plain-language line for the event log.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace

import esper

from components.armies import Army, ArmyUnit
from components.structures import Structure
from game.client_hooks import resource_ids, type_name, upkeep_resource
from game.packed_log import PackedLog
from systems import events as ev
from systems import queries as q
from systems.world import ROGUE, World

GOOD, BAD, NEUTRAL = "good", "bad", "neutral"


# --------------------------------------------------------------------------------------------------------
# names


def seat_name(world: World, seat: int | None) -> str:
    """A player's name, or 'rogues' for the owner None (R9.4)."""
    if seat is None:
        return "rogues"
    if seat not in world.players:
        return f"player {seat}"
    world.activate()
    return q.player(world, seat).name


def territory_label(world: World, territory: int | None, seat: int | None = None) -> str:
    """A place in a player's words: 'the forest 3 north, 2 east of your base' (relative to `seat`'s base), else
    'the plain in the north-west'. Never raw coordinates: the map shows none (the log and summary lines are
    clickable to look there)."""
    if territory is None or not 0 <= territory < len(world.terrain):
        return "somewhere"
    named = world.app.presentation.place_name if world.app is not None else None
    if named is not None:  # the ruleset names its places (a board game's squares)
        return str(named(world, territory))
    name = type_name(world, "terrain", world.terrain[territory]).lower()
    x, y = world.board.coords(territory)
    home = world.app.presentation.home_place if world.app is not None else None  # the base game: the flag (R1.3)
    base = home(world, seat) if home is not None and seat is not None and seat in world.players else None
    if base is not None:
        if base == territory:
            return "your base"
        bx, by = world.board.coords(base)
        parts = []
        if y != by:
            parts.append(f"{abs(y - by)} {'south' if y > by else 'north'}")
        if x != bx:
            parts.append(f"{abs(x - bx)} {'east' if x > bx else 'west'}")
        return f"the {name} {', '.join(parts)} of your base"
    width, height = getattr(world.board, "width", 0), getattr(world.board, "height", 0)
    if not width or not height:
        return f"the {name}"
    rows = ("north", "", "south")[min(2, 3 * y // max(1, height))]
    cols = ("west", "", "east")[min(2, 3 * x // max(1, width))]
    region = "-".join(p for p in (rows, cols) if p) or "middle"
    return f"the {name} in the {region}"


def _whose(world: World, owner: int | None, you: int | None) -> str:
    if owner is None:
        return "a rogue"
    if owner == you:
        return "your"
    return f"{seat_name(world, owner)}'s"


def _who(world: World, owner: int | None, you: int | None) -> str:
    if owner is None:
        return "the rogues"
    if owner == you:
        return "you"
    return seat_name(world, owner)


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


_IRREGULAR = {"territory": "territories", "army": "armies"}


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {_IRREGULAR.get(word, word + 's')}"


def _structure_name(world: World, structure_type: str) -> str:
    return type_name(world, "structures", structure_type).lower()


def _unit_name(world: World, unit_type: str) -> str:
    return type_name(world, "units", unit_type).lower()


def _amounts(amounts: dict[str, int]) -> str:
    return ", ".join(f"{n} {r}" for r, n in amounts.items() if n) or "nothing"


def _pct(value: float) -> str:
    return f"{_num(value)}%"


def _num(value: float) -> str:
    """12 -> '12', 12.345 -> '12.3': one decimal at most, none when it is 0."""
    text = f"{value:.1f}"
    return text[:-2] if text.endswith(".0") else text


# --------------------------------------------------------------------------------------------------------
# the journal


COMPACT_AFTER_ROUNDS = 2  # production detail older than this many rounds is trimmed (no summary reads it)
# and older rounds are packed (game.packed_log): the log can still read them back, summaries never need to


@dataclass(frozen=True, slots=True)
class JournalEntry:
    """One event with where it happened in the turn order (slotted: a long game keeps hundreds of thousands)."""

    index: int
    round: int
    seat: int
    stage: str
    event: ev.Event


@dataclass
class _Context:
    round: int
    seat: int
    stage: str


class EventJournal:
    """Every accepted event of a game, tagged with round/seat/stage, plus what summaries need to remember.

    Besides the events it keeps who owned each unit and army when last seen (destroyed units are gone from
    the world by the time a summary is written) and the opening of each battle.
    """

    def __init__(self, game: object | None = None) -> None:
        # one block per round; the last COMPACT_AFTER_ROUNDS rounds and this one stay plain objects
        self.entries: PackedLog[JournalEntry] = PackedLog(keep=COMPACT_AFTER_ROUNDS)
        self._context = _Context(0, 1, "setup")
        self._turn_ended_at: dict[int, int] = {}
        self.unit_owner: dict[int, int | None] = {}
        self.army_owner: dict[int, int | None] = {}
        self.unit_type: dict[int, str] = {}
        self.battles: dict[int, ev.BattleStarted] = {}
        self._compacted = 0  # entries before this index have had their bulky detail trimmed (see `_compact`)
        world = _world_of(game)
        if world is not None:
            clock = world.clock
            self._context = _Context(clock.round, clock.seat, clock.stage)
            self._remember_owners(world)

    # -- recording --------------------------------------------------------------------------------------
    def record(self, game: object, result: object) -> list[JournalEntry]:
        """Add the events of an `Accepted` result (a `Rejected` one adds nothing); returns the new entries."""
        if not getattr(result, "ok", False):
            return []
        return self.record_events(game, getattr(result, "events", ()))

    def record_events(self, game: object, events: Iterable[ev.Event]) -> list[JournalEntry]:
        added: list[JournalEntry] = []
        ctx = self._context
        for event in events:
            if isinstance(event, ev.TurnStarted):
                if event.round != ctx.round:
                    self._compact(event.round - COMPACT_AFTER_ROUNDS)  # trimmed first, then packed
                    self.entries.close_block()
                ctx.round, ctx.seat, ctx.stage = event.round, event.seat, "turn_start"
            elif isinstance(event, ev.StageStarted):
                ctx.seat, ctx.stage = event.seat, event.stage
                if event.stage == ROGUE:
                    self._turn_ended_at[event.seat] = len(self.entries)
            elif isinstance(event, ev.BattleStarted):
                self.battles[event.battle] = event
            entry = JournalEntry(len(self.entries), ctx.round, ctx.seat, ctx.stage, event)
            self.entries.append(entry)
            added.append(entry)
        world = _world_of(game)
        if world is not None:
            self._remember_owners(world)
        return added

    def _compact(self, before_round: int) -> None:
        """Trim the per-territory detail of production events older than `before_round`: only turn summaries
        read all of it, and they cover at most the last round; the log's line and its territory (the best pair,
        see `event_territory`) stay the same, so a long game's record grows by a few entries a turn, not by
        every territory of every seat."""
        entries = self.entries
        i = self._compacted
        while i < len(entries) and entries[i].round < before_round:
            entry = entries[i]
            event = entry.event
            if isinstance(event, ev.ResourcesProduced) and len(event.by_territory) > 1:
                best = max(event.by_territory, key=lambda pair: sum(pair[1].values()))
                entries[i] = replace(entry, event=replace(event, by_territory=(best,)))
            i += 1
        self._compacted = i

    def _remember_owners(self, world: World) -> None:
        world.activate()
        for entity, army in esper.get_component(Army):
            self.army_owner[entity] = army.owner
            for u in army.units:
                self.unit_owner[u] = army.owner
        for _, structure in esper.get_component(Structure):
            for u in structure.garrison:
                self.unit_owner[u] = structure.owner
        for u, unit in esper.get_component(ArmyUnit):
            self.unit_type[u] = unit.unit_type

    # -- undo support -----------------------------------------------------------------------------------
    def mark(self) -> int:
        """A position to roll back to (see `rollback`)."""
        return len(self.entries)

    def rollback(self, mark: int, game: object | None = None) -> None:
        """Forget every entry after `mark` (an undone command's events)."""
        del self.entries[mark:]
        self._compacted = min(self._compacted, mark)
        self._turn_ended_at = {s: i for s, i in self._turn_ended_at.items() if i < mark}
        if self.entries:
            last = self.entries[-1]
            self._context = _Context(last.round, last.seat, last.stage)
        world = _world_of(game)
        if world is not None:
            clock = world.clock
            self._context = _Context(clock.round, clock.seat, clock.stage)
            self._remember_owners(world)

    # -- questions --------------------------------------------------------------------------------------
    @property
    def round(self) -> int:
        return self._context.round

    def since_last_turn(self, seat: int) -> list[JournalEntry]:
        """Everything since `seat` last ended its turn (from its Rogue stage on), or since the start."""
        start = self._turn_ended_at.get(seat, 0)
        return self.entries[start:]

    def this_round(self, round_: int | None = None) -> list[JournalEntry]:
        """The entries of one round (default: the current one). Entries come in round order, so the walk goes
        back from the newest and stops before older rounds (their packed blocks stay packed)."""
        wanted = self._context.round if round_ is None else round_
        found: list[JournalEntry] = []
        for entry in reversed(self.entries):
            if entry.round < wanted:
                break
            if entry.round == wanted:
                found.append(entry)
        found.reverse()
        return found

    def summary_for(self, game: object, seat: int) -> TurnSummary:
        world = _world_of(game)
        assert world is not None
        return summarize(world, self.since_last_turn(seat), seat, self)


def _world_of(game: object | None) -> World | None:
    if game is None:
        return None
    if isinstance(game, World):
        return game
    world = getattr(game, "world", None)
    return world if isinstance(world, World) else None


# --------------------------------------------------------------------------------------------------------
# turn summaries


@dataclass(frozen=True)
class SummaryLine:
    """One line of a turn summary; `territory` is where the camera jumps when it is clicked."""

    kind: str
    text: str
    territory: int | None = None
    tone: str = NEUTRAL
    chance: float | None = None
    roll: float | None = None
    entity: int | None = None


@dataclass(frozen=True)
class TurnSummary:
    """What a seat missed since its last turn."""

    seat: int
    player: str
    round: int
    production: dict[str, int] = field(default_factory=dict)
    upkeep_resource: str = ""
    upkeep_owed: int = 0
    upkeep_paid: int = 0
    lines: tuple[SummaryLine, ...] = ()

    def of_kind(self, *kinds: str) -> list[SummaryLine]:
        return [line for line in self.lines if line.kind in kinds]

    @property
    def title(self) -> str:
        return f"{self.player} — round {self.round}: since your last turn"


def summarize(world: World, entries: Sequence[JournalEntry], seat: int, journal: EventJournal | None = None) -> TurnSummary:
    """Turn journal entries into the summary lines for `seat` (production, upkeep, rogues, battles...)."""
    world.activate()
    lines: list[SummaryLine] = []
    production: dict[str, int] = dict.fromkeys(resource_ids(world), 0)
    upkeep_owed = upkeep_paid = 0
    paid_in = upkeep_resource(world)
    unit_owner = journal.unit_owner if journal is not None else {}
    battles_start = dict(journal.battles) if journal is not None else {}
    round_ = entries[-1].round if entries else world.clock.round

    # production (R3.2): one line per resource, focused on the territory that gave the most of it
    best: dict[str, tuple[int, int]] = {}
    counted: dict[str, int] = {}
    for entry in entries:
        e = entry.event
        if isinstance(e, ev.ResourcesProduced) and e.seat == seat:
            for resource, amount in e.totals.items():
                production[resource] = production.get(resource, 0) + amount
            for territory, made in e.by_territory:
                for resource, amount in made.items():
                    if amount > 0:
                        counted[resource] = counted.get(resource, 0) + 1
                        if amount > best.get(resource, (-1, 0))[0]:
                            best[resource] = (amount, territory)
    if any(isinstance(en.event, ev.ResourcesProduced) and en.event.seat == seat for en in entries):
        stock = q.stockpile(world, seat) if seat in world.players else {}  # a ruleset that produces holds stock
        for resource in resource_ids(world):
            amount = production.get(resource, 0)
            places = counted.get(resource, 0)
            if amount:
                text = f"{_cap(resource)} +{amount} from {_plural(places, 'territory')} (now {stock.get(resource, 0)})"
                lines.append(SummaryLine("production", text, best.get(resource, (0, None))[1], GOOD))
        if not any(production.values()):
            lines.append(SummaryLine("production", "Your territories produced nothing this turn", None, BAD))

    # upkeep (R4.2-R4.4)
    for entry in entries:
        e = entry.event
        if not (isinstance(e, ev.UpkeepPaid) and e.seat == seat):
            continue
        upkeep_owed += e.owed
        upkeep_paid += e.paid
        paid_in = e.resource
        if e.owed == 0:
            continue
        if e.paid >= e.owed:
            lines.append(SummaryLine("upkeep", f"Upkeep: paid all {e.owed} {e.resource}", q.home_base(world, seat), GOOD))
        else:
            lines.append(SummaryLine("upkeep", f"Upkeep: paid only {e.paid} of {e.owed} {e.resource}",
                                     q.home_base(world, seat), BAD))
        for g in e.groups:
            if g.paid >= g.owed:
                continue
            what = (f"your army of {_plural(g.size, 'unit')}" if g.kind == "army"
                    else f"your stationed {_unit_name(world, journal.unit_type.get(g.entity, 'unit')) if journal else 'unit'}")
            where = territory_label(world, g.territory, seat)
            roll = "" if g.roll is None else f", rolled {_num(g.roll)}"
            if g.went_rogue:
                text = (f"{_cap(what)} at {where} got {g.paid} of {g.owed} {e.resource} and WENT ROGUE "
                        f"(chance {_pct(g.rogue_chance)}{roll})")
                lines.append(SummaryLine("went_rogue", text, g.territory, BAD, g.rogue_chance, g.roll, g.entity))
            else:
                stays = "it cannot act this turn" if g.kind == "army" else "it stays at its post"
                text = (f"{_cap(what)} at {where} got {g.paid} of {g.owed} {e.resource}: {stays} "
                        f"(rogue chance {_pct(g.rogue_chance)}{roll}, stayed loyal)")
                lines.append(SummaryLine("unpaid", text, g.territory, BAD, g.rogue_chance, g.roll, g.entity))

    # battles (R8): one line per battle that fought in the window
    battle_order: list[int] = []
    rounds: dict[int, int] = {}
    lost: dict[int, dict[str, int]] = {}
    ended: dict[int, ev.BattleEnded] = {}
    for entry in entries:
        e = entry.event
        if isinstance(e, ev.BattleStarted):
            battles_start.setdefault(e.battle, e)
        if isinstance(e, ev.BattleStarted | ev.BattleRoundFought | ev.BattleEnded) and e.battle not in battle_order:
            battle_order.append(e.battle)
        if isinstance(e, ev.BattleRoundFought):
            rounds[e.battle] = rounds.get(e.battle, 0) + 1
            tally = lost.setdefault(e.battle, {"you": 0, "them": 0})
            for u in e.destroyed:
                tally["you" if unit_owner.get(u, -1) == seat else "them"] += 1
        elif isinstance(e, ev.BattleEnded):
            ended[e.battle] = e
    for battle in battle_order:
        start = battles_start.get(battle)
        end = ended.get(battle)
        if start is not None:
            attacker, defender, territory = start.attacker_owner, start.defender_owner, start.territory
        elif end is not None:
            attacker, defender, territory = end.winner_owner, end.loser_owner, end.territory
        else:
            continue
        involved = seat in (attacker, defender)
        tally = lost.get(battle, {"you": 0, "them": 0})
        n_rounds = rounds.get(battle, 0)
        where = territory_label(world, territory, seat)
        head = f"Battle at {where}: {_who(world, attacker, seat)} attacked {_who(world, defender, seat)}"
        detail = f"{_plural(n_rounds, 'round')}"
        if involved:
            detail += f", you lost {_plural(tally['you'], 'unit')}, they lost {_plural(tally['them'], 'unit')}"
        else:
            detail += f", {_plural(tally['them'], 'unit')} fell"
        if end is None:
            result, tone = "still going", NEUTRAL
        elif end.retreated:
            result = f"{_who(world, end.loser_owner, seat)} retreated"
            tone = GOOD if end.winner_owner == seat else BAD if end.loser_owner == seat else NEUTRAL
        elif end.winner_army is None:
            result, tone = "both sides were wiped out", BAD if involved else NEUTRAL
        elif end.winner_owner == seat:
            result, tone = "you won", GOOD
        elif involved:
            result, tone = f"{_who(world, end.winner_owner, seat)} won", BAD
        else:
            result, tone = f"{_who(world, end.winner_owner, seat)} won", NEUTRAL
        lines.append(SummaryLine("battle" if involved else "battle_elsewhere", f"{head} — {detail}; {result}",
                                 territory, tone, entity=battle))

    # everything else, in the order it happened
    for entry in entries:
        e = entry.event
        line = _other_line(world, e, seat, unit_owner, journal)
        if line is not None:
            lines.append(line)

    return TurnSummary(seat, seat_name(world, seat), round_, production, paid_in, upkeep_owed,
                       upkeep_paid, tuple(lines))


def _other_line(world: World, e: ev.Event, seat: int, unit_owner: dict[int, int | None],
                journal: EventJournal | None) -> SummaryLine | None:
    """Summary lines for territory, structure, rogue and player events (None: not worth a line)."""
    if isinstance(e, ev.TerritoryTakenOver):
        where = territory_label(world, e.territory, seat)
        if e.new_owner == seat:
            return SummaryLine("territory_gained", f"You took over {where}", e.territory, GOOD)
        if e.old_owner == seat:
            return SummaryLine("territory_lost", f"{seat_name(world, e.new_owner)} took {where} from you",
                               e.territory, BAD)
        return None
    if isinstance(e, ev.TerritoryDisrupted):
        owner = world.owner_of(e.territory) if 0 <= e.territory < len(world.tiles) else None
        if owner == seat:
            known = journal is not None and e.army in journal.army_owner
            who = journal.army_owner[e.army] if journal is not None and known else None
            by = seat_name(world, who) if known and who is not None else "rogues" if known else "an army"
            return SummaryLine("territory_disrupted",
                               f"{_cap(by)} disrupted {territory_label(world, e.territory, seat)}: no production until round {e.until_round}",
                               e.territory, BAD)
        return None
    if isinstance(e, ev.StructureDestroyed):
        name = _structure_name(world, e.structure_type)
        if e.owner == seat:
            return SummaryLine("structure_lost", f"Your {name} at {territory_label(world, e.territory, seat)} was destroyed",
                               e.territory, BAD)
        return SummaryLine("structure_destroyed",
                           f"{_cap(_whose(world, e.owner, seat))} {name} at {territory_label(world, e.territory, seat)} was destroyed",
                           e.territory, NEUTRAL)
    if isinstance(e, ev.StructureCaptured):
        territory = _structure_territory(e.structure)
        if e.new_owner == seat:
            return SummaryLine("structure_gained", f"You captured a structure at {territory_label(world, territory, seat)}",
                               territory, GOOD)
        if e.old_owner == seat:
            return SummaryLine("structure_lost",
                               f"{seat_name(world, e.new_owner)} captured your structure at {territory_label(world, territory, seat)}",
                               territory, BAD)
        return None
    if isinstance(e, ev.StructureBuilt) and e.seat != seat:
        return SummaryLine("structure_built",
                           f"{seat_name(world, e.seat)} built a {_structure_name(world, e.structure_type)} at "
                           f"{territory_label(world, e.territory, seat)}", e.territory, NEUTRAL)
    if isinstance(e, ev.RogueAppeared):
        units = ", ".join(_unit_name(world, u) for u in e.units)
        return SummaryLine("rogue_sighting",
                           f"A wild rogue army ({units}) appeared at {territory_label(world, e.territory, seat)}",
                           e.territory, BAD)
    if isinstance(e, ev.ArmyWentRogue) and e.seat != seat:
        return SummaryLine("rogue_sighting",
                           f"{seat_name(world, e.seat)}'s army at {territory_label(world, e.territory, seat)} went rogue "
                           f"(chance {_pct(e.chance)}, rolled {_num(e.roll)})", e.territory, BAD, e.chance, e.roll)
    if isinstance(e, ev.RogueDisbanded):
        return SummaryLine("rogue_gone", f"A rogue army at {territory_label(world, e.territory, seat)} disbanded",
                           e.territory, NEUTRAL)
    if isinstance(e, ev.ArmyDestroyed) and e.owner == seat:
        return SummaryLine("army_lost", f"Your army at {territory_label(world, e.territory, seat)} was destroyed",
                           e.territory, BAD)
    if isinstance(e, ev.StationedFired):
        target_owner = journal.army_owner.get(e.target_army, -1) if journal is not None else -1
        if target_owner == seat:
            return SummaryLine("fired_on", f"Stationed units fired on your army at {territory_label(world, e.territory, seat)}"
                               f" ({_plural(len(e.destroyed), 'unit')} lost)", e.territory, BAD)
        return None
    if isinstance(e, ev.CatapultFired):
        hit_owner = unit_owner.get(e.hit, -1)
        if hit_owner == seat:
            return SummaryLine("fired_on", f"A catapult bombarded your units at {territory_label(world, e.target_territory, seat)}",
                               e.target_territory, BAD)
        return None
    if isinstance(e, ev.StructureAttacked):
        territory = e.territory
        owner = _structure_owner(e.structure)
        if owner == seat:
            return SummaryLine("structure_attacked",
                               f"Your structure at {territory_label(world, territory, seat)} was attacked"
                               f" ({_plural(len(e.destroyed_units), 'unit')} fell)", territory, BAD)
        return None
    if isinstance(e, ev.PlayerDefeated):
        if e.by == e.seat:  # a resignation (R7.2's defeat, nobody taking the flag)
            return SummaryLine("defeat", f"{seat_name(world, e.seat)} resigned and left the game", e.territory,
                               BAD if e.seat == seat else NEUTRAL)
        if e.seat == seat:
            return SummaryLine("defeat", "You were defeated", e.territory, BAD)
        return SummaryLine("defeat", f"{seat_name(world, e.seat)} was defeated by {_who(world, e.by, seat)}",
                           e.territory, NEUTRAL)
    if isinstance(e, ev.GameWon):
        return SummaryLine("victory", f"{seat_name(world, e.seat)} won the game in round {e.round}",
                           None, GOOD if e.seat == seat else BAD)
    return None


def _structure_territory(entity: int) -> int | None:
    if esper.entity_exists(entity):
        found = esper.try_component(entity, Structure)
        if found is not None:
            return found.territory
    return None


def _structure_owner(entity: int) -> int | None:
    if esper.entity_exists(entity):
        found = esper.try_component(entity, Structure)
        if found is not None:
            return found.owner
    return -1


# --------------------------------------------------------------------------------------------------------
# the event log


def event_territory(event: ev.Event) -> int | None:
    """The territory an event happened in (for the camera jump), when it has one."""
    if isinstance(event, ev.ResourcesProduced) and event.by_territory:
        return max(event.by_territory, key=lambda pair: sum(pair[1].values()))[0]
    for name in ("territory", "target_territory", "from_territory"):
        value = getattr(event, name, None)
        if isinstance(value, int):
            return value
    path = getattr(event, "path", None)
    if path:
        return int(path[-1])
    structure = getattr(event, "structure", None)
    if isinstance(structure, int):
        return _structure_territory(structure)
    for name in ("into", "new_army", "army"):
        army = getattr(event, name, None)
        if isinstance(army, int) and esper.entity_exists(army):
            found = esper.try_component(army, Army)
            if found is not None:
                return found.territory
    return None


def describe(event: ev.Event, game: object, you: int | None = None) -> str:
    """One plain-language line for the event log; `you` words it for that seat ('your army')."""
    world = _world_of(game)
    assert world is not None
    world.activate()
    def at(world: World, territory: int | None) -> str:
        return territory_label(world, territory, you)

    e = event
    if isinstance(e, ev.BaseChosen):
        return f"{seat_name(world, e.seat)} placed their flag at {at(world, e.territory)}"
    if isinstance(e, ev.TurnStarted):
        return f"Round {e.round}: {seat_name(world, e.seat)}'s turn begins"
    if isinstance(e, ev.StageStarted):
        return f"{_cap(e.stage)} stage of {seat_name(world, e.seat)}"
    if isinstance(e, ev.ResourcesProduced):
        return f"{seat_name(world, e.seat)} produced {_amounts(e.totals)}"
    if isinstance(e, ev.UpkeepPaid):
        short = sum(1 for g in e.groups if g.paid < g.owed)
        tail = f"; {_plural(short, 'group')} went unpaid" if short else ""
        return f"{seat_name(world, e.seat)} paid {e.paid} of {e.owed} {e.resource} upkeep{tail}"
    if isinstance(e, ev.ArmyWentRogue):
        return (f"{_cap(_whose(world, e.seat, you))} army at {at(world, e.territory)} went rogue "
                f"(chance {_pct(e.chance)}, rolled {_num(e.roll)})")
    if isinstance(e, ev.ArmyMoved):
        steps = len(e.path)
        return f"{_cap(_whose(world, e.owner, you))} army moved {_plural(steps, 'step')} to {at(world, e.path[-1] if e.path else None)}"
    if isinstance(e, ev.ArmiesCombined):
        return f"Armies combined at {at(world, event_territory(e))} ({_plural(len(e.units), 'unit')} joined)"
    if isinstance(e, ev.ArmySplit):
        return f"An army split: {_plural(len(e.units), 'unit')} went to {at(world, event_territory(e))}"
    if isinstance(e, ev.BattleStarted):
        return (f"{_cap(_who(world, e.attacker_owner, you))} attacked {_who(world, e.defender_owner, you)} "
                f"at {at(world, e.territory)}")
    if isinstance(e, ev.BattleRoundFought):
        return (f"Battle round {e.round} at {at(world, e.territory)}: {_plural(len(e.strikes), 'strike')}, "
                f"{_plural(len(e.destroyed), 'unit')} destroyed")
    if isinstance(e, ev.BattleEnded):
        if e.retreated:
            return f"The battle at {at(world, e.territory)} ended: {_who(world, e.loser_owner, you)} retreated"
        if e.winner_army is None:
            return f"The battle at {at(world, e.territory)} ended with both sides destroyed"
        return (f"The battle at {at(world, e.territory)} ended after {_plural(e.rounds, 'round')}: "
                f"{_who(world, e.winner_owner, you)} won")
    if isinstance(e, ev.UnitsDestroyed):
        return f"{_plural(len(e.units), 'unit')} destroyed at {at(world, e.territory)}"
    if isinstance(e, ev.ArmyDestroyed):
        return f"{_cap(_whose(world, e.owner, you))} army at {at(world, e.territory)} was destroyed"
    if isinstance(e, ev.UnitBuilt):
        return f"{seat_name(world, e.seat)} trained a {_unit_name(world, e.unit_type)} at {at(world, e.territory)}"
    if isinstance(e, ev.StructureBuilt):
        return f"{seat_name(world, e.seat)} built a {_structure_name(world, e.structure_type)} at {at(world, e.territory)}"
    if isinstance(e, ev.StructureUpgraded):
        return f"{seat_name(world, e.seat)} upgraded a structure ({e.upgrade.replace('_', ' ')})"
    if isinstance(e, ev.StructureRepaired):
        return f"{seat_name(world, e.seat)} repaired a structure by {_plural(e.points, 'point')}"
    if isinstance(e, ev.StructureAttacked):
        return (f"A structure at {at(world, e.territory)} was attacked: {_plural(len(e.strikes), 'strike')}, "
                f"{_plural(len(e.destroyed_units), 'unit')} lost")
    if isinstance(e, ev.StructureDestroyed):
        return f"{_cap(_whose(world, e.owner, you))} {_structure_name(world, e.structure_type)} at {at(world, e.territory)} was destroyed"
    if isinstance(e, ev.StructureCaptured):
        return f"{_cap(_who(world, e.new_owner, you))} captured a structure from {_who(world, e.old_owner, you)}"
    if isinstance(e, ev.UnitStationed):
        return "A unit took up its post in a structure"
    if isinstance(e, ev.UnitUnstationed):
        return f"A stationed unit left its structure at {at(world, e.territory)}"
    if isinstance(e, ev.StationedFired):
        return (f"Stationed units fired at an army at {at(world, e.territory)}: "
                f"{_plural(len(e.destroyed), 'unit')} destroyed")
    if isinstance(e, ev.CatapultCrewed):
        return "A catapult got its crew"
    if isinstance(e, ev.CatapultFired):
        result = "absorbed by a structure" if e.absorbed_by is not None else f"{e.damage} damage"
        if e.destroyed:
            result += ", destroyed"
        return f"A catapult fired {e.ammo} at {at(world, e.target_territory)}: {result}"
    if isinstance(e, ev.TerritoryTakenOver):
        return f"{_cap(_who(world, e.new_owner, you))} took over {at(world, e.territory)}"
    if isinstance(e, ev.TerritoryDisrupted):
        return f"{_cap(at(world, e.territory))} was disrupted until round {e.until_round}"
    if isinstance(e, ev.RogueAppeared):
        return f"A wild rogue army of {_plural(len(e.units), 'unit')} appeared at {at(world, e.territory)}"
    if isinstance(e, ev.RogueDisbanded):
        return f"A rogue army at {at(world, e.territory)} disbanded"
    if isinstance(e, ev.PlayerResigned):
        return f"{seat_name(world, e.seat)} resigned"
    if isinstance(e, ev.PlayerDefeated):
        if e.by == e.seat:  # the resignation's defeat: its pieces leave the map, its land turns neutral
            return f"{seat_name(world, e.seat)}'s pieces leave the map; their land turns neutral"
        return f"{seat_name(world, e.seat)} was defeated by {_who(world, e.by, you)}"
    if isinstance(e, ev.GameWon):
        return f"{seat_name(world, e.seat)} won the game in round {e.round}"
    if isinstance(e, ev.TurnEnded):
        return f"{seat_name(world, e.seat)} ended their turn"
    log_text = getattr(e, "log_text", None)
    if callable(log_text):  # a plugin's event words itself, given a way to name territories
        return str(log_text(lambda territory: at(world, territory)))
    declared = world.app.presentation.words.get(type(e).__name__) if world.app is not None else None
    if declared is not None:  # the words a ruleset or mod declared for it (presentation.on_event(words=...))
        return str(declared(e, lambda territory: at(world, territory)))
    words = "".join(f" {c.lower()}" if c.isupper() else c for c in type(e).__name__).strip()
    return _cap(words)


LOG_NOISE: tuple[type, ...] = (ev.StageStarted,)
"""Events the log panel hides (stage markers: the turn headers say enough)."""


def log_lines(journal: EventJournal, game: object, you: int | None = None,
              entries: Sequence[JournalEntry] | None = None) -> list[tuple[str, int | None]]:
    """(text, territory) pairs for the event log panel; defaults to this round's entries."""
    chosen = journal.this_round() if entries is None else entries
    return [(describe(en.event, game, you), event_territory(en.event))
            for en in chosen if not isinstance(en.event, LOG_NOISE)]


__all__ = [
    "EventJournal", "JournalEntry", "SummaryLine", "TurnSummary", "describe", "event_territory",
    "log_lines", "seat_name", "summarize", "territory_label",
]
