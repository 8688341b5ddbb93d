"""Risky Space's rules as plain functions over a small state (RS2-RS8): claim, place, reinforce, attack, fortify.

The state holds only numbers (owners, troops, the clock, this turn's bookkeeping and the one generator),
so it snapshots, hashes and replays exactly; every check returns a reason a player can read.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from typing import Any

from components.commands import Command as EngineCommand
from systems.events import Event as EngineEvent

from .data import RiskyRules

CLAIM, PLACE, REINFORCE, ATTACK, OVER = "claim", "place", "reinforce", "attack", "over"


# ----- commands (what a player or a computer asks for)
@dataclass(frozen=True, slots=True)
class Claim(EngineCommand):
    """RS2.1: put claim_troops on an unclaimed region."""

    territory: int


@dataclass(frozen=True, slots=True)
class Place(EngineCommand):
    """RS2.2: placement_troops on own regions, split as the player likes: counts[i] onto territories[i]."""

    territories: tuple[int, ...]
    counts: tuple[int, ...]

    @property
    def steps(self) -> tuple[tuple[int, int], ...]:
        return tuple(zip(self.territories, self.counts, strict=False))


@dataclass(frozen=True, slots=True)
class Reinforce(EngineCommand):
    """RS4.3: one placement step of this turn's reinforcements."""

    territory: int
    count: int


@dataclass(frozen=True, slots=True)
class Attack(EngineCommand):
    """RS5.1: attack from source into an adjacent enemy region with a force; the first roll follows at once."""

    source: int
    target: int
    force: int


@dataclass(frozen=True, slots=True)
class Roll(EngineCommand):
    """RS5.3: roll again in the running battle."""


@dataclass(frozen=True, slots=True)
class Stop(EngineCommand):
    """RS5.3: stop the running battle after a roll; the survivors go home."""


@dataclass(frozen=True, slots=True)
class Fortify(EngineCommand):
    """RS6.1: move troops once to an adjacent own region; ends the turn."""

    source: int
    target: int
    count: int


@dataclass(frozen=True, slots=True)
class EndTurn(EngineCommand):
    """RS3.2: end the turn (after Reinforce)."""


@dataclass(frozen=True, slots=True)
class Forfeit(EngineCommand):
    """RS7.2: give up in one's own turn."""


Command = Claim | Place | Reinforce | Attack | Roll | Stop | Fortify | EndTurn | Forfeit


# ----- events (what happened, for the screen and the log)
@dataclass(frozen=True)
class Rolled(EngineEvent):
    """RS8.1: one roll: both sides' dice (sorted high to low), the pairs' losses, what is left."""

    seat: int
    source: int
    target: int
    attacker_dice: tuple[int, ...]
    defender_dice: tuple[int, ...]
    attacker_losses: int
    defender_losses: int
    force_left: int
    target_left: int


@dataclass(frozen=True)
class Happened(EngineEvent):
    """Any other change, named by `kind`: claimed, placed, reinforced, conquered, battle_over, fortified,
    turn_started, eliminated, forfeited, won, draw."""

    kind: str
    seat: int | None
    data: tuple[tuple[str, Any], ...] = ()

    def get(self, key: str) -> Any:
        return dict(self.data).get(key)


Event = Rolled | Happened


@dataclass
class Battle:
    """The running attack (RS5.3): its force in the field, survivors return home when it stops."""

    source: int
    target: int
    force: int


@dataclass
class State:
    """One game of Risky Space."""

    rules: RiskyRules
    neighbours: tuple[tuple[int, ...], ...]
    clusters: dict[str, tuple[int, ...]]  # cluster id -> member regions
    bonus: dict[str, int]
    seats: list[int]  # rotation order (RS2.4)
    rng: random.Random
    owners: list[int | None]
    troops: list[int]
    phase: str = CLAIM
    seat: int = 0
    tick: int = 0  # index into the rotation of the seat to act
    round: int = 0
    last_position: int = -1
    placement_ticks_left: int = 0
    eliminated: list[int] = field(default_factory=list)
    forfeited: list[int] = field(default_factory=list)
    winner: int | None = None
    draw: bool = False
    # this turn (RS3.3, RS4, RS5.1, RS6.1)
    general: int = 0
    bonus_left: dict[str, int] = field(default_factory=dict)
    start_owned: frozenset[int] = frozenset()
    sources_used: set[int] = field(default_factory=set)
    targets_used: set[int] = field(default_factory=set)
    attacks: int = 0
    battle: Battle | None = None
    dice: Callable[[int], list[int]] | None = None  # tests inject dice (RS8.2); None: the generator

    @property
    def size(self) -> int:
        return len(self.owners)

    def alive(self) -> list[int]:
        return [s for s in self.seats if s not in self.eliminated and s not in self.forfeited]

    def owned(self, seat: int) -> list[int]:
        return [t for t, o in enumerate(self.owners) if o == seat]

    def cluster_of(self, territory: int) -> str:
        for cid, members in self.clusters.items():
            if territory in members:
                return cid
        raise KeyError(territory)


def new_state(rules: RiskyRules, neighbours: Sequence[Sequence[int]], clusters: dict[str, tuple[int, ...]],
              bonus: dict[str, int], players: int, seed: int | random.Random,
              homes: dict[int, int] | None = None) -> State:
    """A game at its first claim (RS2.1, RS2.4); `deal` claiming and `random_seats` use the one generator
    (the players' count is checked by the engine against [setup]); `homes` (seat -> region) are claimed first."""
    rng = seed if isinstance(seed, random.Random) else random.Random(seed)
    seats = seat_order(rules, rng, list(range(1, players + 1)))
    size = len(neighbours)
    state = State(rules=rules, neighbours=tuple(tuple(n) for n in neighbours), clusters=dict(clusters),
                  bonus=dict(bonus), seats=seats, rng=rng, owners=[None] * size, troops=[0] * size)
    open_claims(state, homes or {})
    return state


def seat_order(rules: RiskyRules, rng: random.Random, seats: list[int]) -> list[int]:
    """RS2.4: the rotation's order: seat order, or shuffled by the one generator with `random_seats`."""
    order = list(seats)
    if rules.setup.random_seats:
        rng.shuffle(order)
    return order


def open_claims(state: State, homes: dict[int, int]) -> list[Event]:
    """RS2.1, RS2.4: the claiming's start. A map's fair homes (one region per seat, e.g. a random universe's)
    are each seat's first claim, made for it; `deal` then deals the rest at random in rotation order.

    *Settled (docs/risky-space.md):* a deal is counted back from the first seat so that, as with picking,
    the first placement falls to the seat the full rotation reaches after the last claim: the deal starts
    `T` ticks before seat 1 (T regions), so seat 1 places first and the engine's rotation starts at seat 1.
    """
    events: list[Event] = []
    deal = state.rules.setup.claiming == "deal"
    state.tick = -state.size if deal else 0
    state.seat = state.seats[state.tick % len(state.seats)]
    for _ in range(len(homes)):
        home = homes.get(state.seat)
        if home is None or state.owners[home] is not None:
            break
        _claim(state, home, events)
    if deal:
        order = [t for t in range(state.size) if state.owners[t] is None]
        state.rng.shuffle(order)
        for territory in order:
            _claim(state, territory, events)
    return events


# ----- pure rule functions
def placement_rounds(rules: RiskyRules, territories: int, players: int) -> int:
    """RS2.3: n = min(max, ceil(T / (placement_troops * N))) for "auto", else the number given."""
    setup = rules.setup
    if setup.placement_rounds == "auto":
        return min(setup.placement_rounds_max, math.ceil(territories / (setup.placement_troops * players)))
    return int(setup.placement_rounds)


def owned_clusters(state: State, seat: int) -> list[str]:
    """Clusters held wholly by `seat` (a neutral region completes none, RS7.2)."""
    return [cid for cid, members in state.clusters.items() if members and all(state.owners[t] == seat for t in members)]


def reinforcements(state: State, seat: int) -> tuple[int, dict[str, int]]:
    """RS4.1: (general troops, bonus per cluster held wholly): max(min, floor(T / divisor)) + bonuses."""
    rules = state.rules.reinforce
    general = max(rules.minimum, len(state.owned(seat)) // rules.divisor)
    return general, {cid: state.bonus[cid] for cid in owned_clusters(state, seat) if state.bonus[cid] > 0}


def dice_counts(rules: RiskyRules, force: int, defenders: int) -> tuple[int, int]:
    """RS5.2: attacker dice = min(max, force left); defender dice = min(max, target troops)."""
    return min(rules.attack.attack_dice_max, force), min(rules.attack.defend_dice_max, defenders)


def compare(attacker: Sequence[int], defender: Sequence[int]) -> tuple[int, int, tuple[int, ...], tuple[int, ...]]:
    """RS5.2: sort high to low, pair in order; attacker higher → target −1, else (ties) force −1.

    Returns (attacker losses, defender losses, sorted attacker dice, sorted defender dice).
    """
    a, d = tuple(sorted(attacker, reverse=True)), tuple(sorted(defender, reverse=True))
    att_loss = def_loss = 0
    for x, y in zip(a, d, strict=False):
        if x > y:
            def_loss += 1
        else:
            att_loss += 1
    return att_loss, def_loss, a, d


@lru_cache(maxsize=256)
def roll_odds(attacker_dice: int, defender_dice: int, sides: int) -> dict[tuple[int, int], Fraction]:
    """RS5.5: exact odds of one roll, {(attacker losses, defender losses): probability}, by enumeration."""
    counts: dict[tuple[int, int], int] = {}
    faces = range(1, sides + 1)
    for a in itertools.product(faces, repeat=attacker_dice):
        for d in itertools.product(faces, repeat=defender_dice):
            att, dfn, _, _ = compare(a, d)
            counts[(att, dfn)] = counts.get((att, dfn), 0) + 1
    total = sides ** (attacker_dice + defender_dice)
    return {k: Fraction(v, total) for k, v in sorted(counts.items())}


def conquest_chance(rules: RiskyRules, force: int, defenders: int) -> float:
    """RS9.3: the exact chance that a force rolling to the end takes a target (RS5.5 chained)."""
    return _conquest(rules.attack.attack_dice_max, rules.attack.defend_dice_max, rules.attack.die_sides,
                     force, defenders)


@lru_cache(maxsize=65536)
def _conquest(amax: int, dmax: int, sides: int, force: int, defenders: int) -> float:
    if defenders <= 0:
        return 1.0
    if force <= 0:
        return 0.0
    odds = roll_odds(min(amax, force), min(dmax, defenders), sides)
    return sum(float(p) * _conquest(amax, dmax, sides, force - a, defenders - d) for (a, d), p in odds.items())


def expected_survivors(rules: RiskyRules, force: int, defenders: int) -> float:
    """The mean force left after a conquest (0 when it fails), for the computer players' planning."""
    return _survivors(rules.attack.attack_dice_max, rules.attack.defend_dice_max, rules.attack.die_sides,
                      force, defenders)


@lru_cache(maxsize=65536)
def _survivors(amax: int, dmax: int, sides: int, force: int, defenders: int) -> float:
    if defenders <= 0:
        return float(force)
    if force <= 0:
        return 0.0
    odds = roll_odds(min(amax, force), min(dmax, defenders), sides)
    return sum(float(p) * _survivors(amax, dmax, sides, force - a, defenders - d) for (a, d), p in odds.items())


# ----- checks: a reason when refused, "" when allowed
def check(state: State, cmd: Command) -> str:
    """Why `cmd` is refused for the seat to act, or "" when it is legal."""
    if state.phase == OVER:
        return "the game is over"
    size = state.size
    if isinstance(cmd, Claim):
        if state.phase != CLAIM:
            return "claiming is over (RS2.1)"
        if not 0 <= cmd.territory < size:
            return "no such region"
        return "" if state.owners[cmd.territory] is None else "that region is already claimed (RS2.1)"
    if isinstance(cmd, Place):
        if state.phase != PLACE:
            return "not a placement round (RS2.2)"
        if len(cmd.territories) != len(cmd.counts):
            return "one count per territory"
        if sum(n for _, n in cmd.steps) != state.rules.setup.placement_troops or any(n < 1 for _, n in cmd.steps):
            return f"place exactly {state.rules.setup.placement_troops} troops (RS2.2)"
        if any(not 0 <= t < size or state.owners[t] != state.seat for t, _ in cmd.steps):
            return "troops go only onto your own regions (RS2.2)"
        return ""
    if isinstance(cmd, Forfeit):
        return "" if state.phase in (REINFORCE, ATTACK) else "forfeit in your own turn (RS7.2)"
    if state.phase not in (REINFORCE, ATTACK):
        return "not during setup"
    if isinstance(cmd, Reinforce):
        return _check_reinforce(state, cmd)
    if state.phase == REINFORCE:
        return "place all your reinforcements first (RS4.4)"
    if isinstance(cmd, Attack):
        return _check_attack(state, cmd)
    if isinstance(cmd, Roll | Stop):
        return "" if state.battle is not None else "no battle is running (RS5.3)"
    if state.battle is not None:
        return "roll on or stop the battle first (RS5.3)"
    if isinstance(cmd, Fortify):
        return _check_fortify(state, cmd)
    if isinstance(cmd, EndTurn):
        return ""
    return f"unknown command {type(cmd).__name__}"


def _check_reinforce(state: State, cmd: Reinforce) -> str:
    if state.phase != REINFORCE:
        return "all reinforcements are placed (RS4.4)"
    if not 0 <= cmd.territory < state.size or state.owners[cmd.territory] != state.seat:
        return "reinforcements go onto your own regions (RS4.2)"
    if cmd.count < 1:
        return "place at least one troop"
    available = state.general + state.bonus_left.get(state.cluster_of(cmd.territory), 0)
    if cmd.count > available:
        return (f"only {available} troops may go there: {state.general} anywhere plus this cluster's bonus "
                "(RS4.2, RS4.3)")
    return ""


def attack_problem(state: State, source: int, target: int, force: int) -> str:
    """RS3.3, RS5.1: the reason an attack is refused, "" when allowed."""
    rules = state.rules.attack
    size = state.size
    if not (0 <= source < size and 0 <= target < size):
        return "no such region"
    if state.owners[source] != state.seat:
        return "attack from your own region (RS5.1)"
    if source not in state.start_owned:
        return "a region taken this turn cannot attack (RS3.3)"
    if target not in state.neighbours[source]:
        return "the target must be linked to the source (RS5.1)"
    if state.owners[target] == state.seat:
        return "you cannot attack your own region (RS5.1)"
    if source in state.sources_used:
        return "this region already attacked this turn (RS5.1)"
    if target in state.targets_used:
        return "this region was already attacked this turn (RS5.1)"
    if rules.max_attacks_per_turn and state.attacks >= rules.max_attacks_per_turn:
        return f"at most {rules.max_attacks_per_turn} attacks a turn (RS5.1)"
    if not 1 <= force <= state.troops[source] - 1:
        return f"the force is 1 to {state.troops[source] - 1}: one troop stays home (RS5.1)"
    return ""


def _check_attack(state: State, cmd: Attack) -> str:
    if state.battle is not None:
        return "roll on or stop the running battle first (RS5.3)"
    return attack_problem(state, cmd.source, cmd.target, cmd.force)


def _check_fortify(state: State, cmd: Fortify) -> str:
    size = state.size
    if not (0 <= cmd.source < size and 0 <= cmd.target < size):
        return "no such region"
    if state.owners[cmd.source] != state.seat or state.owners[cmd.target] != state.seat:
        return "fortify between your own regions (RS6.1)"
    if cmd.source not in state.start_owned or cmd.target not in state.start_owned:
        return "both regions must have been yours at the start of the turn (RS3.3)"
    if cmd.target not in state.neighbours[cmd.source]:
        return "fortify only into a linked region (RS6.1)"
    if not 1 <= cmd.count <= state.troops[cmd.source] - 1:
        return f"move 1 to {state.troops[cmd.source] - 1} troops: one stays (RS6.1)"
    return ""


# ----- applying
def apply(state: State, cmd: Command) -> list[Event]:
    """Apply a legal command (call `check` first) and return what happened."""
    events: list[Event] = []
    if isinstance(cmd, Claim):
        _claim(state, cmd.territory, events)
    elif isinstance(cmd, Place):
        for territory, count in cmd.steps:
            state.troops[territory] += count
            events.append(Happened("placed", state.seat, (("territory", territory), ("count", count))))
        state.placement_ticks_left -= 1
        if state.placement_ticks_left <= 0:
            _next_tick(state, events, start_turn=True)
        else:
            _next_tick(state, events)
    elif isinstance(cmd, Reinforce):
        cluster = state.cluster_of(cmd.territory)
        from_bonus = min(cmd.count, state.bonus_left.get(cluster, 0))  # RS4.3: the cluster's bonus first
        if from_bonus:
            state.bonus_left[cluster] -= from_bonus
        state.general -= cmd.count - from_bonus
        state.troops[cmd.territory] += cmd.count
        events.append(Happened("reinforced", state.seat, (("territory", cmd.territory), ("count", cmd.count))))
        if state.general == 0 and not any(state.bonus_left.values()):
            state.phase = ATTACK
    elif isinstance(cmd, Attack):
        state.troops[cmd.source] -= cmd.force
        state.sources_used.add(cmd.source)
        state.targets_used.add(cmd.target)
        state.attacks += 1
        state.battle = Battle(cmd.source, cmd.target, cmd.force)
        _roll(state, events)
    elif isinstance(cmd, Roll):
        _roll(state, events)
    elif isinstance(cmd, Stop):
        _end_battle(state, events)
    elif isinstance(cmd, Fortify):
        state.troops[cmd.source] -= cmd.count
        state.troops[cmd.target] += cmd.count
        events.append(Happened("fortified", state.seat, (("source", cmd.source), ("target", cmd.target),
                                                          ("count", cmd.count))))
        _end_turn(state, events)
    elif isinstance(cmd, EndTurn):
        _end_turn(state, events)
    elif isinstance(cmd, Forfeit):
        _forfeit(state, events)
    return events


def submit(state: State, cmd: Command) -> tuple[str, list[Event]]:
    """Check and apply: ("", events) when done, (reason, []) when refused (the state untouched)."""
    reason = check(state, cmd)
    if reason:
        return reason, []
    return "", apply(state, cmd)


def _claim(state: State, territory: int, events: list[Event]) -> None:
    state.owners[territory] = state.seat
    state.troops[territory] = state.rules.setup.claim_troops
    events.append(Happened("claimed", state.seat, (("territory", territory),)))
    if all(o is not None for o in state.owners):
        state.phase = PLACE
        state.placement_ticks_left = placement_rounds(state.rules, state.size, len(state.seats)) * len(state.seats)
    _next_tick(state, events)


def _next_tick(state: State, events: list[Event], start_turn: bool = False) -> None:
    """RS2.4: one unbroken rotation in seat order; the next seat still in the game acts."""
    alive = state.alive()
    if not alive:
        return
    for _ in range(len(state.seats)):
        state.tick += 1
        seat = state.seats[state.tick % len(state.seats)]
        if seat in alive:
            break
    state.seat = seat
    if start_turn or state.phase in (REINFORCE, ATTACK):
        _start_turn(state, events)


def _start_turn(state: State, events: list[Event]) -> None:
    """RS3.1, RS4.1: a turn starts with its reinforcements; RS7.3 max_rounds ends the game after that round."""
    position = state.seats.index(state.seat)
    if state.round == 0 or position <= state.last_position:  # the rotation wrapped: a new round
        state.round += 1
    state.last_position = position
    limit = state.rules.end.max_rounds
    if limit and state.round > limit:
        _finish_by_count(state, events)
        return
    state.phase = REINFORCE
    state.general, state.bonus_left = reinforcements(state, state.seat)
    state.start_owned = frozenset(state.owned(state.seat))
    state.sources_used, state.targets_used, state.attacks, state.battle = set(), set(), 0, None
    if state.general == 0 and not any(state.bonus_left.values()):
        state.phase = ATTACK
    events.append(Happened("turn_started", state.seat, (("round", state.round), ("general", state.general),
                                                        ("bonus", tuple(sorted(state.bonus_left.items()))))))


def _roll(state: State, events: list[Event]) -> None:
    battle = state.battle
    assert battle is not None
    a_dice, d_dice = dice_counts(state.rules, battle.force, state.troops[battle.target])
    roll = state.dice or (lambda n: [state.rng.randint(1, state.rules.attack.die_sides) for _ in range(n)])
    att = roll(a_dice)
    dfn = roll(d_dice)
    att_loss, def_loss, a_sorted, d_sorted = compare(att, dfn)
    battle.force -= att_loss
    state.troops[battle.target] -= def_loss
    events.append(Rolled(state.seat, battle.source, battle.target, a_sorted, d_sorted, att_loss, def_loss,
                         battle.force, state.troops[battle.target]))
    if state.troops[battle.target] <= 0:
        _conquer(state, events)
    elif battle.force <= 0:
        _end_battle(state, events)


def _end_battle(state: State, events: list[Event]) -> None:
    battle = state.battle
    assert battle is not None
    state.troops[battle.source] += battle.force  # the survivors go home
    state.battle = None
    events.append(Happened("battle_over", state.seat, (("source", battle.source), ("target", battle.target),
                                                       ("returned", battle.force))))


def _conquer(state: State, events: list[Event]) -> None:
    """RS5.4: the target changes owner and every survivor moves in; RS7.1 elimination, RS7.3 victory."""
    battle = state.battle
    assert battle is not None
    loser = state.owners[battle.target]
    state.owners[battle.target] = state.seat
    state.troops[battle.target] = battle.force
    state.battle = None
    events.append(Happened("conquered", state.seat, (("source", battle.source), ("target", battle.target),
                                                     ("moved_in", battle.force), ("from", loser))))
    if loser is not None and loser not in state.owners:
        state.eliminated.append(loser)
        events.append(Happened("eliminated", loser, (("by", state.seat),)))
    _check_victory(state, events)


def _check_victory(state: State, events: list[Event]) -> None:
    alive = state.alive()
    if len(alive) == 1:
        state.winner = alive[0]
        state.phase = OVER
        events.append(Happened("won", alive[0]))


def _end_turn(state: State, events: list[Event]) -> None:
    _next_tick(state, events)


def _forfeit(state: State, events: list[Event]) -> None:
    """RS7.2: with 3+ players the forfeiting seat's regions turn neutral; with 2 the other seat wins."""
    seat = state.seat
    if state.battle is not None:
        _end_battle(state, events)
    state.forfeited.append(seat)
    for t, owner in enumerate(state.owners):
        if owner == seat:
            state.owners[t] = None
    events.append(Happened("forfeited", seat))
    _check_victory(state, events)
    if state.phase != OVER:
        _next_tick(state, events)


def _finish_by_count(state: State, events: list[Event]) -> None:
    """RS7.3 max_rounds: most regions wins, then most troops, else a draw."""
    def score(seat: int) -> tuple[int, int]:
        mine = state.owned(seat)
        return len(mine), sum(state.troops[t] for t in mine)

    ranked = sorted(state.alive(), key=score, reverse=True)
    state.phase = OVER
    if len(ranked) > 1 and score(ranked[0]) == score(ranked[1]):
        state.draw = True
        events.append(Happened("draw", None))
    else:
        state.winner = ranked[0]
        events.append(Happened("won", ranked[0]))


def legal_attacks(state: State) -> list[tuple[int, int]]:
    """Every (source, target) pair an attack may name now (force aside)."""
    if state.phase != ATTACK or state.battle is not None:
        return []
    return [(s, t) for s in state.owned(state.seat) for t in state.neighbours[s]
            if not attack_problem(state, s, t, state.troops[s] - 1)]


def snapshot(state: State) -> dict[str, Any]:
    """The canonical state (RS8.2): same seed and commands give the same snapshot."""
    return {
        "owners": list(state.owners), "troops": list(state.troops), "phase": state.phase, "seat": state.seat,
        "tick": state.tick, "round": state.round, "last_position": state.last_position, "placement_ticks_left": state.placement_ticks_left,
        "eliminated": list(state.eliminated), "forfeited": list(state.forfeited), "winner": state.winner,
        "draw": state.draw, "general": state.general, "bonus_left": dict(sorted(state.bonus_left.items())),
        "start_owned": sorted(state.start_owned), "sources_used": sorted(state.sources_used),
        "targets_used": sorted(state.targets_used), "attacks": state.attacks,
        "battle": None if state.battle is None else [state.battle.source, state.battle.target, state.battle.force],
        "seats": list(state.seats), "rng": _rng_state(state.rng),
    }


def _rng_state(rng: random.Random) -> list[Any]:
    version, internal, gauss = rng.getstate()
    return [version, list(internal), gauss]
