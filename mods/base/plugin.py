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
from game.content.plugins import sibling_module
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

# the search player's position value and the victory chart's two counts live next to this file (value.py)
value = sibling_module(__file__, "value")
army_units, territories = value.army_units, value.territories

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
    app.set_position_value(value.position_value)  # how the engine's search player scores a position
    app.set_rollout_length(0)  # that value prices the march on a flag: random commands past the tree add noise
    app.set_prior_width(64)  # a long game's turn offers hundreds of placements, each scored at ~2 ms: bound it
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
