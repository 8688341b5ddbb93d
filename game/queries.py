"""Questions the client and computer players ask: what can this army do, where can it go, what can I build."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

import esper

from components.armies import Army
from components.commands import (
    AttackStructure,
    BuildStructure,
    BuildUnit,
    Command,
    Disrupt,
    Move,
    Retreat,
    Station,
    TakeOver,
)
from game.engine import Game
from systems import actions
from systems import queries as q
from systems.army_actions import takeover_cost
from systems.movement import Reach, path_cost, reachable


@dataclass(frozen=True)
class ActionOption:
    """One thing an army or player could do now: the command, its price, and why it is unavailable."""

    kind: str
    label: str
    command: Command | None
    mp_cost: int = 0
    cost: dict[str, int] = field(default_factory=dict)
    reason: str | None = None

    @property
    def available(self) -> bool:
        return self.reason is None and self.command is not None


def where_can_it_go(game: Game, army: int) -> dict[int, Reach]:
    """Every territory the army can reach this turn, with MP cost, path and what entering means."""
    game.world.activate()
    found = esper.try_component(army, Army) if esper.entity_exists(army) else None
    if found is None or found.battle is not None or found.done:
        return {}
    return reachable(game.world, army)


def army_options(game: Game, army_entity: int) -> list[ActionOption]:
    """What this army can do where it stands, with MP costs; unavailable ones carry their reason."""
    world = game.world
    world.activate()
    army = esper.component_for_entity(army_entity, Army)
    options: list[ActionOption] = []

    def option(kind: str, label: str, command: Command, mp: int) -> None:
        options.append(ActionOption(kind, label, command, mp, {}, actions.check(world, command)))

    if army.battle is not None:
        for n in world.board.neighbours(army.territory):
            cost, _ = path_cost(world, army_entity, (n,))
            mp = (cost or 0) + world.rules.costs.retreat_extra
            option("retreat", f"Retreat to {n}", Retreat(army_entity, n), mp)
        return options
    option("take_over", "Take over territory", TakeOver(army_entity), takeover_cost(world, army))
    option("disrupt", "Disrupt territory", Disrupt(army_entity), world.rules.costs.disrupt)
    for entity, structure in q.structures_touching(army.territory):
        name = world.rules.structures[structure.structure_type].name
        if q.hostile(structure.owner, army.owner):
            option("attack_structure", f"Attack {name}", AttackStructure(army_entity, entity),
                   world.rules.costs.attack_structure)
        elif world.rules.structures[structure.structure_type].garrison:
            option("station", f"Station in {name}", Station(army_entity, entity), 0)
    return options


def build_options(game: Game) -> list[ActionOption]:
    """The units the current player can train at the base, with costs; unaffordable ones say why."""
    world = game.world
    world.activate()
    out = []
    for unit_id, spec in world.rules.units.items():
        if not spec.buildable:
            continue
        command = BuildUnit(unit_id)
        out.append(ActionOption("build_unit", spec.name, command, 0, dict(spec.cost), actions.check(world, command)))
    return out


def structure_placements(game: Game, structure_type: str) -> list[BuildStructure]:
    """Every legal placement of a structure type for the current player (for placement mode and the AI)."""
    world = game.world
    world.activate()
    spec = world.rules.structures[structure_type]
    seat = world.clock.seat
    candidates: list[BuildStructure] = []
    owned = sorted(world.owned.get(seat, ()))
    if spec.placement == "border":
        candidates = [BuildStructure(structure_type, t, n) for t in owned for n in world.board.neighbours(t)]
    elif spec.placement in ("land", "shore"):
        candidates = [BuildStructure(structure_type, t) for t in owned]
    elif spec.placement == "water":
        near = {n for t in owned for n in world.board.neighbours(t)}
        candidates = [BuildStructure(structure_type, t) for t in sorted(near)]
    elif (rule := world.app.placements.get(spec.placement)) is not None:  # a plugin's placement kind
        candidates = [BuildStructure(structure_type, t) for t in rule.candidates(world, seat)]
    else:
        base = q.home_base(world, seat)
        candidates = [BuildStructure(structure_type, base)] if base is not None else []
    return [c for c in candidates if actions.check(world, c) is None]


@dataclass(frozen=True)
class Forecast:
    """The chance an attack wins and the losses to expect, estimated by simulation off the game's rng."""

    win_chance: float
    attacker_losses: float
    defender_losses: float
    rounds: float


def battle_forecast(game: Game, attacker: int, defender: int, trials: int = 200, max_rounds: int = 30) -> Forecast:
    """Simulate the battle many times with a private generator; the game's own rng is never touched."""
    world = game.world
    world.activate()
    a = esper.component_for_entity(attacker, Army)
    d = esper.component_for_entity(defender, Army)
    side_a = [(q.unit(u).attack, q.unit(u).defense - q.unit(u).damage) for u in a.units]
    side_d = [(q.unit(u).attack, q.unit(u).defense - q.unit(u).damage) for u in d.units]
    rng = random.Random(hash((attacker, defender, world.clock.round, len(side_a), len(side_d))))
    wins = lost_a = lost_d = rounds_total = 0
    for _ in range(trials):
        ra, rd, rounds = simulate_battle(rng, side_a, side_d, max_rounds)
        wins += bool(ra) and not rd
        lost_a += len(side_a) - len(ra)
        lost_d += len(side_d) - len(rd)
        rounds_total += rounds
    return Forecast(wins / trials, lost_a / trials, lost_d / trials, rounds_total / trials)


def simulate_battle(
    rng: random.Random, attackers: list[tuple[int, int]], defenders: list[tuple[int, int]], max_rounds: int
) -> tuple[list[list[int]], list[list[int]], int]:
    """R8.2-R8.3 on plain numbers: returns the survivors of each side as [attack, health] and the rounds."""
    side_a = [list(u) for u in attackers]
    side_d = [list(u) for u in defenders]
    rounds = 0
    while side_a and side_d and rounds < max_rounds:
        rounds += 1
        rng.shuffle(side_a)
        rng.shuffle(side_d)
        many, few = (side_a, side_d) if len(side_a) >= len(side_d) else (side_d, side_a)
        hits: list[tuple[list[int], int]] = []
        facing: dict[int, list[int]] = {}
        for i, striker in enumerate(many):
            slot = i % len(few)
            hits.append((few[slot], striker[0]))
            facing.setdefault(slot, []).append(i)
        for j, striker in enumerate(few):
            hits.append((many[rng.choice(facing[j])], striker[0]))
        for victim, damage in hits:
            victim[1] -= damage
        side_a = [u for u in side_a if u[1] > 0]
        side_d = [u for u in side_d if u[1] > 0]
    return side_a, side_d, rounds


def move_command(reach: Reach, army: int) -> Move:
    return Move(army, reach.path)
