"""The base game's plugin (RULES.md R1-R10): its rules model, vocabulary, commands, systems and hooks.

The rules themselves live in components/ and systems/ (shared code other rulesets may reuse); this file
only assembles them into the base game's App, the way any ruleset or mod does.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from components.abilities import (
    AbilityParams,
    Bombard,
    BridgeAbility,
    Climb,
    Forager,
    Pathfinder,
    Rare,
    Rearguard,
    VolleyAbility,
)
from components.armies import Army, ArmyUnit, Battle, Rogue
from components.board import Disrupted, Ownership, Territory
from components.players import HomeBase, Player, Stockpile
from components.rules import BUILTIN_PLACEMENTS, Ruleset
from components.structures import Catapult, Structure
from game.invariants import base_game_problems
from systems import army_actions, build_actions, setup_actions, structure_actions
from systems.build_actions import placement_reason
from systems.climbing import ClimbOverWall, ClimbsUsed, WallClimbed
from systems.combat import contact_battle, fight_started_battles
from systems.production import produce_resources
from systems.queries import army_max_mp, home_base
from systems.rogue_ai import act_rogues
from systems.rogues import spawn_wild_rogue
from systems.upkeep import pay_upkeep
from systems.victory import check_flags, flags_outcome
from systems.volley import LooseVolley, VolleyLoosed
from systems.world import MAIN, RESOURCE, ROGUE, UPKEEP

if TYPE_CHECKING:
    from components.commands import Command
    from game.app import ModApp
    from game.engine import Game
    from systems.world import World

HANDLERS = (
    setup_actions.ChooseHomeBase, setup_actions.EndMainStage, setup_actions.ResignGame,
    army_actions.MoveArmy, army_actions.AttackArmy, army_actions.CombineArmies, army_actions.SplitArmy,
    army_actions.RetreatFromBattle, army_actions.TakeOverTerritory, army_actions.DisruptTerritory,
    build_actions.TrainUnit, build_actions.PlaceStructure, build_actions.UpgradeStructure,
    build_actions.RepairStructure,
    structure_actions.AttackAStructure, structure_actions.StationUnit, structure_actions.UnstationUnit,
    structure_actions.FireFromStructure, structure_actions.CrewACatapult, structure_actions.MoveACatapult,
    structure_actions.BombardTerritory, ClimbOverWall, LooseVolley,
)
COMPONENTS = (Territory, Ownership, Disrupted, Player, Stockpile, HomeBase, ArmyUnit, Army, Rogue, Battle,
              Structure, Catapult, ClimbsUsed)
ABILITIES: dict[str, type[AbilityParams]] = {"pathfinder": Pathfinder, "forager": Forager, "bridge": BridgeAbility, "bombard": Bombard,
             "rearguard": Rearguard, "climb": Climb, "volley": VolleyAbility,
             "rare": Rare}


def legal_commands(game: Game, seat: int | None = None) -> list[Command]:
    """Every legal command for the seat to act now, in one canonical order ([] when the game is over or `seat`
    may not act: the base game has only seat phases).

    Order (learning agents number their actions by it, game.lab.env): in setup, ChooseBase per free land
    territory of the seat's start zone, ascending (R1.3); in the Main stage, EndTurn first, then per own
    army (ascending entity id) its moves (ascending destination) and its army options (game.queries
    order), then unit builds (rules order), structure placements (types by id), then what the mods offer
    (game.legal.main_stage_commands). Everything listed passes the engine's own check; what the last listing
    found and nothing since changed is not checked again (game.kept_listing).
    """
    from components.commands import ChooseBase
    from game.legal import main_stage_commands
    from systems import queries as q
    from systems.actions import check

    world = game.world
    world.activate()
    if game.over or (seat is not None and seat != world.clock.seat):
        return []
    if game.in_setup:
        seat = world.clock.seat
        taken = {q.home_base(world, s) for s in world.seats}
        options = [ChooseBase(t) for t in sorted(world.start_zones[seat])
                   if world.rules.is_land(world.terrain[t]) and t not in taken]
        return [c for c in options if check(world, c) is None]
    return main_stage_commands(game, keep=True)  # its hooks read only the base rules' state (game.kept_listing)


def army_units(world: World, seat: int) -> int:
    """The victory chart "Army units": units in the seat's armies and stationed in its structures."""
    import esper

    world.activate()
    units = sum(len(a.units) for _, a in esper.get_component(Army) if a.owner == seat)
    return units + sum(len(s.garrison) for _, s in esper.get_component(Structure) if s.owner == seat)


def territories(world: World, seat: int) -> int:
    """The victory chart "Territories held" (R7)."""
    return len(world.owned.get(seat, ()))


# the position value's weights (documented in docs/strength-table.md): land and army shares say who is ahead; the
# assault on a rival's flag (R7.2) weighs as much as the land, so that marching a strong enough army onto it beats
# taking one more territory once the search leads
LAND_WEIGHT = 0.4
ARMY_WEIGHT = 0.2
ASSAULT_WEIGHT = 0.4


def position_value(game: Game, seat: int) -> float:
    """How well `seat` stands, 0..1, for the engine's search player (app.set_position_value): its share of the
    territories held (R7) and of the army units (the victory chart's two counts), and its best assault on a
    rival's flag (`assault`, R7.2: a flag held by an army with no defender left wins)."""
    world = game.world
    alive = world.alive_seats()
    if seat not in alive:
        return 0.0
    held = {s: territories(world, s) for s in alive}
    units = {s: army_units(world, s) - going_rogue(game, s) for s in alive}
    land = held[seat] / sum(held.values()) if sum(held.values()) else 0.5
    # each seat's units counted with one more: against a rival with none, one more unit is still worth building
    army = (units[seat] + 1) / (sum(units.values()) + len(alive))
    return LAND_WEIGHT * land + ARMY_WEIGHT * army + ASSAULT_WEIGHT * assault(world, seat)


def going_rogue(game: Game, seat: int) -> float:
    """The units the seat's next Upkeep stage may lose (R4.2-R4.4: groups not paid in full go rogue by their
    chance), from the engine's forecast with the worst harvest (its guarantee: an army far from food is a risk
    before the dice decide); 0 while the food held already covers the upkeep."""
    from game.forecast import food_outlook, upkeep_forecast
    from systems.queries import stockpile

    _, owed = food_outlook(game, seat)
    if owed <= stockpile(game.world, seat).get(game.world.rules.resources.upkeep, 0):
        return 0.0
    return sum(g.size * g.rogue_chance / 100 for g in upkeep_forecast(game, seat).worst.unpaid)  # P in percent


def assault(world: World, seat: int) -> float:
    """How close `seat` stands to taking a rival's flag, 0..1, the best over the rivals' flags (R7.2: an army in a
    base that no army or stationed unit of its owner holds defeats that player): half its lead (the army nearest
    to taking it alone: how near it has come, its way home to that flag against its own way left, `way_left`,
    times its odds against the flag's defenders) and half the odds of the strength all its armies bring up (each
    army's strength, none of it at home, all of it on the flag) against those defenders and the weakest wall
    closing the flag. The lead finishes a march on an open flag; the strength brought up is what a guarded or
    walled one needs (no other army's march moves the lead while one army leads). Units waiting at home cost
    nothing here: building them is never a loss."""
    import esper

    from systems.combat import fighters, unit_attack, unit_health
    from systems.queries import armies_at, home_base, structures_touching

    home = home_base(world, seat)
    mine = [a for _, a in esper.get_component(Army) if a.owner == seat and a.units]
    strength = [sum(att * hp for att, hp, _ in fighters(world, a.units)) for a in mine]
    best = 0.0
    for rival in world.alive_seats():
        flag = home_base(world, rival) if rival != seat else None
        if flag is None or home is None:
            continue
        # the defenders (R7.2: its armies there, the units stationed in its structures there, R6.4) as strength
        defence = sum(att * hp for _, a in armies_at(flag) if a.owner == rival
                      for att, hp, _ in fighters(world, a.units))
        defence += sum(unit_attack(world, u, s) * unit_health(world, u, stationed=True)
                       for _, s in structures_touching(world, flag) if s.owner == rival for u in s.garrison)
        lead = brought = 0.0
        for army, power in zip(mine, strength, strict=True):
            left = way_left(world, army, army.territory, flag)
            span = way_left(world, army, home, flag)  # the walls too: breaking them is part of the way
            if left is None or not span:
                continue
            closeness = span / (span + left)  # 1 on the flag, 1/2 at home, less farther off: never flat
            lead = max(lead, closeness * odds(power, defence))
            brought += max(0.0, 2 * closeness - 1) * power  # from nothing at home to all of it on the flag
        # the strength brought up against the defenders and the weakest wall closing the flag (its health: what
        # the strikes of R8.6 must take off), so that armies follow the lead to a walled flag nobody guards
        best = max(best, 0.5 * lead + 0.5 * odds(brought, defence + gate(world, seat, flag)))
    return best


def gate(world: World, seat: int, flag: int) -> int:
    """The health of the weakest wall closing the flag to `seat`'s armies (R5.4: a wall that blocks the step in,
    the engine's `wall_extra`), 0 where a border into it is open."""
    from systems.movement import wall_extra
    from systems.queries import wall_between

    weakest: int | None = None
    for border in world.board.neighbours(flag):
        if not world.rules.is_land(world.terrain[border]):
            continue
        wall = wall_between(world, border, flag)
        if wall is None or wall_extra(world, wall[0], wall[1], seat, border, flag) is not None:
            return 0
        weakest = wall[1].health if weakest is None else min(weakest, wall[1].health)
    return weakest or 0


def odds(strength: float, defence: float) -> float:
    """An attacker's chance against defenders, 0..1, read from their strengths (attack times health, the engine's
    numbers) squared, as battles of many simultaneous strikes go (R8.2, R8.3); 1 against none."""
    return strength**2 / (strength**2 + defence**2) if defence else 1.0


def way_left(world: World, army: Army, start: int, flag: int) -> float | None:
    """The MP the army would spend from `start` into `flag` (None: no way over the terrain its units may enter):
    its way over terrain to the flag's cheapest neighbour (`ways`), then the step in, where a wall that blocks
    that step (R5.4, the engine's `wall_extra`) costs the MP of the turns its units' strikes need to break it
    (R8.6), so that striking the wall in the way is progress too."""
    from systems.combat import unit_attack
    from systems.movement import wall_extra
    from systems.queries import full_mp, unit_types, wall_between

    if start == flag:
        return 0.0
    terrain = world.terrain
    types = tuple(sorted(set(unit_types(army))))
    entering = _entering(world, types)
    into = entering.get(terrain[flag])
    if into is None:
        return None
    best: float | None = None
    for border in world.board.neighbours(flag):
        if entering.get(terrain[border]) is None:
            continue
        before = 0 if start == border else ways(world, border, types).get(start)
        if before is None:
            continue
        cost = float(before + into)
        wall = wall_between(world, border, flag)
        if wall is not None:
            extra = wall_extra(world, wall[0], wall[1], army.owner, border, flag)
            if extra is None:  # it blocks: the turns to break it, at the army's strikes a turn and MP a turn
                attack = sum(unit_attack(world, u) for u in army.units)
                turns = -(-wall[1].health // max(1, attack))
                extra = turns * full_mp(world, army)
            cost += extra
        best = cost if best is None else min(best, cost)
    return best


def _entering(world: World, types: tuple[str, ...]) -> dict[str, int | None]:
    """MP for an army of these unit types to enter each terrain (R5.3: its slowest unit's; None: it cannot)."""
    key = ("position_value_entering", types)
    found: dict[str, int | None] | None = world.derived.get(key)
    if found is None:
        found = {}
        for terrain_id in world.rules.terrain:
            costs = [world.rules.move_cost(t, terrain_id) for t in types]
            found[terrain_id] = None if any(c is None for c in costs) else max(costs, default=1)
        world.derived[key] = found
    return found


def ways(world: World, flag: int, types: tuple[str, ...]) -> dict[int, int]:
    """The MP an army of these unit types spends to walk from each territory to `flag` over terrain alone (R5.3:
    its slowest unit's cost to enter each territory; walls, armies and bridges left out): a march's progress
    that water and impassable ground cannot fool, as the board distance would. Kept per game, flag and unit types."""
    import heapq

    fields: dict[tuple[int, tuple[str, ...]], dict[int, int]] | None = world.derived.get("position_value_ways")
    if fields is None:  # once per game (its copies share the derived values of their game; terrain never changes)
        fields = world.derived["position_value_ways"] = {}
    field = fields.get((flag, types))
    if field is not None:
        return field
    terrain, board = world.terrain, world.board
    entering = _entering(world, types)
    field = {flag: 0}
    queue = [(0, flag)]
    while queue:
        cost, here = heapq.heappop(queue)
        if cost > field[here]:
            continue
        step = entering[terrain[here]]  # walking from a neighbour into `here`
        if step is None and here != flag:
            continue
        for there in board.neighbours(here):
            if entering[terrain[there]] is None:
                continue
            total = cost + (step or 0)
            if total < field.get(there, total + 1):
                field[there] = total
                heapq.heappush(queue, (total, there))
    fields[(flag, types)] = field
    return field


def make_normal() -> object:
    """The `normal` computer player (game.ai's strategic player, normal parameters)."""
    from game.ai.normal import make_normal as make

    return make()


def make_hard() -> object:
    """The `hard` computer player (game.ai's strategic player, hard parameters)."""
    from game.ai.hard import make_hard as make

    return make()


def agent_observation(game: Game, max_rounds: int) -> object:
    """What a learning agent sees of a base game: armies, structures, bases and stockpile per territory."""
    from game.lab.seat_view import ViewEncoder

    return ViewEncoder.for_game(game, max_rounds)


def upkeep_forecast(game: Game, seat: int) -> object:
    """The client's forecast for a seat: next turn's upkeep owed against the food there will be (R4.2-R4.4)."""
    from game.forecast import upkeep_forecast as forecast

    return forecast(game, seat)


def type_numbers(rules: Ruleset, section: str, type_id: str) -> str:
    """A unit or structure type's numbers in one line, for the client's build buttons (game.help_text)."""
    from game.help_text import structure_numbers, unit_numbers

    return unit_numbers(rules, type_id) if section == "units" else structure_numbers(rules, type_id)


def register(app: ModApp) -> None:
    app.set_rules_model(Ruleset)
    app.add_builtin_placements(*BUILTIN_PLACEMENTS)
    for component in COMPONENTS:
        app.add_component(component)
    for kind, params in ABILITIES.items():
        app.add_ability_kind(kind, params)
    for handler in HANDLERS:
        app.add_handler(handler)
    app.add_event(WallClimbed)  # E0.3: climbing is engine rule; only units with a means (data, or a mod's) climb
    app.add_event(VolleyLoosed)  # E0.4: so is the volley, for units with the `volley` ability
    # R3: the systems of each stage, by the names mods order theirs against
    app.add_system(RESOURCE, "resource", produce_resources)
    app.add_system(UPKEEP, "upkeep", pay_upkeep)
    app.add_system(MAIN, "combat", fight_started_battles)
    app.add_system(MAIN, "victory", check_flags, after="combat")
    app.add_system(ROGUE, "rogue_ai", act_rogues)
    app.add_system(ROGUE, "wild_rogues", spawn_wild_rogue, after="rogue_ai")
    app.add_system(ROGUE, "victory", check_flags, after="wild_rogues")
    # the rule hooks movement and the engine ask
    app.set_hook("contact", contact_battle)  # R5.5/R8.1: moving onto a hostile army starts a battle
    app.set_hook("victory", flags_outcome)  # R7.2
    app.set_hook("movement_points", army_max_mp)  # R5.1
    app.set_hook("may_build", placement_reason)  # R6.3
    app.set_hook("new_seat", setup_actions.new_seat)  # R1.3, R1.4
    app.add_invariants(base_game_problems)  # checked after every command in tests, and on every loaded save
    app.set_legal_commands(legal_commands)  # for learning agents (game.lab.env) and anyone else enumerating
    app.add_computer_player("normal", make_normal)  # the strategic players (game.ai); the engine adds search, random
    app.add_computer_player("hard", make_hard)
    app.set_agent_observation(agent_observation)
    app.set_position_value(position_value)  # how the engine's search player scores a position
    app.set_rollout_length(0)  # that value prices the march on a flag: random commands past the tree add noise
    # the victory screen's charts (game.stats): the ruleset declares what it counts
    look = app.presentation
    look.map_screen = True  # played on the client's standard map screen, which reads these rules (R1-R10)
    look.home_place = home_base  # the log tells places from the seat's flag (R1.3)
    look.statistics += [("territories", "Territories held", territories), ("army_units", "Army units", army_units)]
    look.production_charts = lambda rules: rules.resources.ids  # R2
    look.battle_chart = True  # R8
    # what shared client code asks of the rule sections only this ruleset has (game.client_hooks)
    look.resources = lambda rules: rules.resources.ids  # R2
    look.upkeep_resource = lambda rules: rules.resources.upkeep  # R4
    look.forecast = upkeep_forecast  # R4.2-R4.4: next turn's upkeep against the food there will be
    look.structure_types = lambda rules: rules.structures  # R6
    look.buildable_units = lambda rules: tuple(u for u, spec in rules.units.items() if spec.buildable)  # R6.1
    look.upgrade_types = lambda rules: rules.upgrades  # R6.5
    look.ammo = lambda rules: rules.catapult.ammo  # R8.8
    look.attack_extra = lambda rules: rules.costs.attack_extra  # R5.5
    look.type_facts = type_numbers
