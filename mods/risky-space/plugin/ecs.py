"""Risky Space on the engine: its state kept in components (saved, hashed, replayed), the commands as handlers.

Each handler rebuilds the rules' `State` from the world, lets `rules.py` check or apply the command, and
writes the result back; the engine's flow then moves to the next seat when the command ends the tick.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated, Any

import esper

from components.board import Ownership
from components.bounds import Seat, Within
from components.players import Player
from systems.hooks import LOST, WON
from systems.outcome import finish
from systems.world import World

from . import rules as R

STAT = 10**6  # far above any troop count or round the rules give; a larger one is an edited save


@dataclass(slots=True)
class Troops:
    """RS1.4: the troops on a region (they are only counted)."""

    count: Annotated[int, Within(0, STAT)] = 0


@dataclass(slots=True)
class RiskyClock:
    """Where the rotation and this turn stand (RS2.4, RS3.3, RS4, RS5.1); one, on the first seat's entity."""

    phase: str = R.CLAIM
    tick: Annotated[int, Within(0, STAT)] = 0
    round: Annotated[int, Within(0, STAT)] = 0
    last_position: Annotated[int, Within(-1, STAT)] = -1
    placement_ticks_left: Annotated[int, Within(0, STAT)] = 0
    eliminated: Annotated[list[int], Seat()] = field(default_factory=list)
    forfeited: Annotated[list[int], Seat()] = field(default_factory=list)
    general: Annotated[int, Within(0, STAT)] = 0
    bonus_left: Annotated[dict[str, int], Within(0, STAT)] = field(default_factory=dict)
    start_owned: list[int] = field(default_factory=list)
    sources_used: list[int] = field(default_factory=list)
    targets_used: list[int] = field(default_factory=list)
    attacks: Annotated[int, Within(0, STAT)] = 0
    battle: Annotated[list[int], Within(0, STAT)] = field(default_factory=list)  # [source, target, force] while a battle runs
    winner: Annotated[int, Seat(none=0)] = 0  # 0: none yet
    draw: bool = False


def clock_problems(world: World) -> list[str]:
    """RS2-RS7 across entities: one RiskyClock, on the first seat's player; a phase of the rules; the regions
    the turn names (its start, sources, targets, a battle's) on the board (on every loaded save, in the tests)."""
    clocks = esper.get_component(RiskyClock)
    first = world.players.get(world.seats[0]) if world.seats else None
    if len(clocks) != 1 or clocks[0][0] != first:
        return [f"RiskyClock: {len(clocks)} clocks; exactly one, on seat {world.seats[0]}'s player (RS2.4)"]
    entity, clock = clocks[0]
    size = len(world.terrain)
    if clock.phase not in (R.CLAIM, R.PLACE, R.REINFORCE, R.ATTACK, R.OVER):
        return [f"entity {entity}: RiskyClock.phase: unknown phase {clock.phase!r}"]
    for name in ("start_owned", "sources_used", "targets_used"):
        if any(not 0 <= t < size for t in getattr(clock, name)):
            return [f"entity {entity}: RiskyClock.{name}: a region off the board"]
    if clock.battle and (len(clock.battle) != 3 or not all(0 <= t < size for t in clock.battle[:2])):
        return [f"entity {entity}: RiskyClock.battle: expected [source, target, force] with regions on the board"]
    return []


def rules_of(world: World) -> Any:
    return world.rules.risky  # type: ignore[attr-defined]


def _clock(world: World) -> RiskyClock:
    return esper.component_for_entity(world.players[world.seats[0]], RiskyClock)


def new_seat(world: World, seat: int, entity: int) -> None:
    """The engine's new-seat hook: the first seat also carries the game's clock and every region its troops;
    once the last seat sits down, the table is set (RS2.4 `random_seats`) and the claiming opened (RS2.1)."""
    if seat == world.seats[0]:
        esper.add_component(entity, RiskyClock())
        for tile in world.tiles:
            esper.add_component(tile, Troops(0))
    if seat == world.seats[-1]:
        _seat_players(world)
        _open_claims(world)


def _seat_players(world: World) -> None:
    """RS2.4 `random_seats`: the engine's rotation is always seat 1, 2, ...; so the players (name, human or
    computer, level) move to the seats of the rules' shuffled order instead, drawn from the one generator."""
    order = R.seat_order(rules_of(world), world.rng, list(world.seats))
    if order == list(world.seats):
        return
    players = {s: esper.component_for_entity(world.players[s], Player) for s in world.seats}
    who = {s: (p.name, p.computer, p.difficulty) for s, p in players.items()}
    for seat, origin in zip(world.seats, order, strict=True):
        players[seat].name, players[seat].computer, players[seat].difficulty = who[origin]


def homes(world: World) -> dict[int, int]:
    """A map's fair homes (a random universe's): seats whose start zone is a single region start there."""
    zones = world.start_zones
    if zones and all(len(zone) == 1 for zone in zones.values()):
        return {seat: zone[0] for seat, zone in zones.items()}
    return {}


def _open_claims(world: World) -> None:
    """RS2.1: homes claimed, `deal` dealt, before the engine's rotation starts at seat 1 (rules.open_claims)."""
    state = load_state(world)
    for event in R.open_claims(state, homes(world)):
        world.emit(event)
    store_state(world, state)


def load_state(world: World) -> R.State:
    """The rules' view of the world (the board's links and clusters, the game's one generator)."""
    board: Any = world.board
    clusters = {c.id: board.members(c.id) for c in board.clusters}
    state = R.State(
        rules=rules_of(world), neighbours=tuple(board.neighbours(i) for i in range(board.size)), clusters=clusters,
        bonus={c.id: c.bonus for c in board.clusters}, seats=list(world.seats), rng=world.rng,
        owners=[world.owner_of(t) for t in range(board.size)],
        troops=[esper.component_for_entity(tile, Troops).count for tile in world.tiles],
    )
    clock = _clock(world)
    state.phase, state.tick, state.round, state.last_position = clock.phase, clock.tick, clock.round, clock.last_position
    state.placement_ticks_left = clock.placement_ticks_left
    state.eliminated, state.forfeited = list(clock.eliminated), list(clock.forfeited)
    state.general, state.bonus_left = clock.general, dict(clock.bonus_left)
    state.start_owned = frozenset(clock.start_owned)
    state.sources_used, state.targets_used = set(clock.sources_used), set(clock.targets_used)
    state.attacks = clock.attacks
    state.battle = R.Battle(*clock.battle) if clock.battle else None
    state.winner, state.draw = clock.winner or None, clock.draw
    state.seat = world.clock.seat
    return state


def store_state(world: World, state: R.State) -> None:
    """Write the rules' state back; eliminated and forfeited seats are defeated; the end is recorded."""
    for t, owner in enumerate(state.owners):
        if world.owner_of(t) != owner:
            world.set_owner(t, owner)
        esper.component_for_entity(world.tiles[t], Troops).count = state.troops[t]
    clock = _clock(world)
    clock.phase, clock.tick, clock.round, clock.last_position = state.phase, state.tick, state.round, state.last_position
    clock.placement_ticks_left = state.placement_ticks_left
    clock.eliminated, clock.forfeited = list(state.eliminated), list(state.forfeited)
    clock.general, clock.bonus_left = state.general, dict(sorted(state.bonus_left.items()))
    clock.start_owned = sorted(state.start_owned)
    clock.sources_used, clock.targets_used = sorted(state.sources_used), sorted(state.targets_used)
    clock.attacks = state.attacks
    clock.battle = [state.battle.source, state.battle.target, state.battle.force] if state.battle else []
    clock.winner, clock.draw = state.winner or 0, state.draw
    for seat in (*state.eliminated, *state.forfeited):
        esper.component_for_entity(world.players[seat], Player).defeated = True
    if state.phase == R.OVER and world.clock.winner is None:
        finish(world, {seat: WON if seat == state.winner else LOST for seat in world.seats})


def game_round(world: World) -> int:
    """RS7.3's round (turns only): the engine's rotations also count every claim and placement tick."""
    return _clock(world).round


def check(world: World, cmd: R.Command) -> str | None:
    return R.check(load_state(world), cmd) or None


def execute(world: World, cmd: R.Command) -> None:
    state = load_state(world)
    for event in R.apply(state, cmd):
        world.emit(event)
    store_state(world, state)


def troops(world: World, territory: int) -> int:
    return esper.component_for_entity(world.tiles[territory], Troops).count


def register_engine(app: Any) -> None:
    """Components, commands, events and the new-seat hook on the game's App."""
    for component in (Troops, RiskyClock):
        app.add_component(component)
    for command in (R.Claim, R.Place, R.Reinforce, R.Attack, R.Roll, R.Stop, R.Fortify, R.EndTurn, R.Forfeit):
        app.add_command(command, check, execute)
    for event in (R.Rolled, R.Happened):
        app.add_event(event)
    app.set_hook("new_seat", new_seat)
    app.add_invariants(clock_problems)
    app.set_hook("game_round", game_round)
    _ = Ownership  # the engine's territories carry Ownership; registered by register()


class Computer:
    """A computer player for the engine: plays the seat's tick (a claim, a placement or a whole turn)."""

    def __init__(self, level: str) -> None:
        self.level = level

    def play_turn(self, game: Any) -> list[Any]:
        from .ai import PLAYERS

        world = game.world
        seat = world.clock.seat
        player = PLAYERS[self.level](world.seed * 31 + seat)
        results = []
        for _ in range(500):
            if game.over or world.clock.seat != seat:
                break
            state = load_state(world)
            if state.phase in (R.CLAIM, R.PLACE) and results:
                break
            result = game.submit(player.act(state))
            if not result.ok:
                result = game.submit(R.Stop() if state.battle is not None else R.EndTurn())
            results.append(result)
            if not result.ok:
                break
        return results

    def choose_base(self, game: Any) -> Any:  # Risky Space has no setup phase; claiming is a tick of play
        raise NotImplementedError


def position_value(game: Any, seat: int) -> float:
    """How well `seat` stands, 0..1, for the engine's search player (app.set_position_value): its share of the
    regions held and of the troops on the board (RS1.4), the cluster bonuses it holds whole (RS4.2) and a little
    for its troops' strength at the front (`front`). A running battle (RS5.3) counts as it is likely to end: its
    force among the attacker's troops, its target the attacker's by the exact chance that the force rolling on
    takes it (RS5.5), and the game won by that chance where the target is the last rival's last region (RS7.1):
    an attack is worth its odds from its first roll."""
    world = game.world
    state = load_state(world)
    regions = [1.0 if owner == seat else 0.0 for owner in state.owners]
    mine = sum(t for t, owner in zip(state.troops, state.owners, strict=True) if owner == seat)
    total_troops = sum(state.troops)
    battle, chance, last = state.battle, 0.0, False
    if battle is not None:
        total_troops += battle.force
        if state.seat == seat:
            mine += battle.force
        chance = R.conquest_chance(state.rules, battle.force, state.troops[battle.target])
        regions[battle.target] = chance if state.seat == seat else regions[battle.target] * (1 - chance)
        rivals = {o for o in state.owners if o is not None and o != state.seat}
        last = len(rivals) == 1 and state.owners.count(state.owners[battle.target]) == 1
    claimed = max(1, sum(1 for o in state.owners if o is not None))
    held = sum(bonus for cid, bonus in state.bonus.items()
               if all(state.owners[t] == seat for t in state.clusters[cid]))
    total = sum(state.bonus.values())
    # the front weighs little: enough to say where troops should stand, never as much as taking a region
    value = (0.4 * sum(regions) / claimed + 0.35 * mine / max(1, total_troops)
             + 0.2 * (held / total if total else 0.0) + 0.05 * front(state, seat) / claimed)
    if last:
        won = 1.0 if state.seat == seat else 0.0
        return chance * won + (1 - chance) * value
    return value


def front(state: R.State, seat: int) -> float:
    """How strongly `seat` faces the regions of other seats linked to its own: for each, its largest linked force
    (every troop but one, RS5.1) as a share of that force and the region's troops. Troops massed where they can
    strike count; troops idle far from the front do not."""
    strength = 0.0
    for target, owner in enumerate(state.owners):
        if owner is None or owner == seat:
            continue
        force = max((state.troops[s] - 1 for s in state.neighbours[target] if state.owners[s] == seat), default=0)
        if force > 0:
            strength += force / (force + state.troops[target])
    return strength
