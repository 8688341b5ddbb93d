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
from systems.build_actions import afford_reason
from systems.climbing import climb_commands, climb_cost, climbing_means, fall_odds
from systems.combat import fighter, simulate_battle
from systems.movement import Reach, mover_of, path_cost, reachable, step_cost, step_tables
from systems.volley import volley_commands, volley_mp
from systems.world import World


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
    option("take_over", "Take over territory", TakeOver(army_entity), takeover_cost(world, army.territory))
    option("disrupt", "Disrupt territory", Disrupt(army_entity), world.rules.costs.disrupt)
    # by entity: esper's order of the structures follows its sets, not the game (a listing's order is canonical)
    for entity, structure in sorted(q.structures_touching(world, army.territory), key=lambda pair: pair[0]):
        name = world.rules.structures[structure.structure_type].name
        if q.hostile(structure.owner, army.owner):
            option("attack_structure", f"Attack {name}", AttackStructure(army_entity, entity),
                   world.rules.costs.attack_structure)
        elif world.rules.structures[structure.structure_type].garrison:
            option("station", f"Station in {name}", Station(army_entity, entity), 0)
    for climb in climb_commands(world, army_entity):  # E0.3: only armies with a climbing means see these
        means = climbing_means(world, army_entity, climb.units or tuple(army.units), army.territory, climb.territory)
        climb_mp, _ = climb_cost(world, army_entity, climb.units or tuple(army.units), means, climb.territory)
        odds = max(fall_odds(world, climb).values(), default=0)
        option("climb", f"Climb the wall to {climb.territory} ({odds}% fall)", climb, climb_mp or 0)
    for volley in volley_commands(world, army_entity):  # E0.4: only armies holding volleyers see these
        option("volley", f"Volley into {volley.territory}", volley, volley_mp(world, army))
    return options


def unit_builds(world: World) -> list[BuildUnit]:
    """A command to train each unit type the rules let players build (R6.1), in the rules' order, unchecked."""
    return [BuildUnit(unit_id) for unit_id, spec in world.rules.units.items() if spec.buildable]


def build_options(game: Game) -> list[ActionOption]:
    """The units the current player can train at the base, with costs; unaffordable ones say why."""
    world = game.world
    world.activate()
    out = []
    for command in unit_builds(world):
        spec = world.rules.units[command.unit_type]
        out.append(ActionOption("build_unit", spec.name, command, 0, dict(spec.cost), actions.check(world, command)))
    return out


def structure_placements(game: Game, structure_type: str) -> list[BuildStructure]:
    """Every legal placement of a structure type for the current player (for placement mode and the AI)."""
    candidates = placement_candidates(game, structure_type)
    return [c for c, reason in zip(candidates, actions.check_each(game.world, candidates), strict=True) if reason is None]


def placement_candidates(game: Game, structure_type: str) -> list[BuildStructure]:
    """Where the current player might place a structure type, before the check (R6.3): a wall on every border
    of its land, a tower in each of its territories, a bridge by its land, a plugin kind where the plugin says."""
    world = game.world
    world.activate()
    spec = world.rules.structures[structure_type]
    seat = world.clock.seat
    owned = sorted(world.owned.get(seat, ()))
    if spec.placement == "border":
        return [BuildStructure(structure_type, t, n) for t in owned for n in world.board.neighbours(t)]
    if spec.placement in ("land", "shore"):
        return [BuildStructure(structure_type, t) for t in owned]
    if spec.placement == "water":
        near = {n for t in owned for n in world.board.neighbours(t)}
        return [BuildStructure(structure_type, t) for t in sorted(near)]
    if (rule := world.app.placements.get(spec.placement)) is not None:  # a plugin's placement kind
        return [BuildStructure(structure_type, t) for t in rule.candidates(world, seat)]
    base = q.home_base(world, seat)
    return [BuildStructure(structure_type, base)] if base is not None else []


@dataclass(frozen=True)
class Forecast:
    """The chance an attack wins and the losses to expect, estimated by simulation off the game's rng."""

    win_chance: float
    attacker_losses: float
    defender_losses: float
    rounds: float


def battle_forecast(game: Game, attacker: int, defender: int, trials: int = 200, max_rounds: int = 30) -> Forecast:
    """Simulate the battle many times with the engine's own pairing (R8.2, the rearguard ability included) and
    a private generator; the game's own rng is never touched."""
    world = game.world
    world.activate()
    a = esper.component_for_entity(attacker, Army)
    d = esper.component_for_entity(defender, Army)
    side_a = [fighter(world, u) for u in a.units]
    side_d = [fighter(world, u) for u in d.units]
    rng = random.Random(f"forecast:{world.seed}:{world.clock.round}:{attacker}:{defender}")
    wins = lost_a = lost_d = rounds_total = 0
    for _ in range(trials):
        ra, rd, rounds = simulate_battle(rng, side_a, side_d, max_rounds)
        wins += bool(ra) and not rd
        lost_a += len(side_a) - len(ra)
        lost_d += len(side_d) - len(rd)
        rounds_total += rounds
    return Forecast(wins / trials, lost_a / trials, lost_d / trials, rounds_total / trials)


def move_command(reach: Reach, army: int) -> Move:
    return Move(army, reach.path)


UNLIMITED = 10**9  # a budget no army has: how far a territory is, however many turns it takes
_FAR: list = [None, {}]  # the last unlimited search: (key, territory -> Reach)


def why_unreachable(game: Game, army_entity: int, territory: int) -> str | None:
    """Why the army cannot reach `territory` this turn, in the engine's words (None when it can): in a battle,
    finished, no MP left, terrain its units cannot enter, a battle there, a hostile wall, or too far."""
    world = game.world
    world.activate()
    army = esper.try_component(army_entity, Army) if esper.entity_exists(army_entity) else None
    if army is None:
        return "there is no army selected"
    if territory == army.territory:
        return "the army is already here"
    if army.battle is not None:
        return "this army is in a battle: it can only fight on or retreat"
    if army.done:
        return "this army has finished for this turn"
    if territory in reachable(world, army_entity):
        return None
    if army.mp <= 0:
        return "this army has no MP left this turn"
    mover = mover_of(world, army)
    tables = step_tables(world, mover)
    cost, reason = tables.terrain_costs[world.terrain[territory]]
    if cost is None and territory not in tables.bridge_costs:
        return reason
    if any(other.battle is not None for e, other in q.armies_at(territory) if e != army_entity):
        return "a battle is being fought there"
    key = (id(game), world.name, army_entity, len(game.history), army.mp, army.territory)
    if _FAR[0] != key:  # one search per selection and state: hovering cell after cell stays cheap
        _FAR[:] = [key, reachable(world, army_entity, budget=UNLIMITED)]
    far = _FAR[1]
    if territory in far:
        return f"too far: the way costs {far[territory].cost} MP and the army has {army.mp}"
    blocked = [n for n in world.board.neighbours(territory)
               if step_cost(world, mover, n, territory, tables)[0] is None]
    if blocked and len(blocked) == len(world.board.neighbours(territory)):
        return "a hostile wall blocks every way in"
    return "no way there: walls, water or other armies block every path"


def structure_afford_reason(game: Game, structure_type: str) -> str | None:
    """Why the current player cannot pay for a structure type now ('not enough resources: need 5 wood more'),
    or None; where it may stand is asked per territory (`structure_placements`, `Game.check`)."""
    world = game.world
    world.activate()
    return afford_reason(world, dict(world.rules.structures[structure_type].cost))
