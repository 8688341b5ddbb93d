"""The rules' invariants over a whole game state: what must hold after every command (R1-R9), each broken one
as a message. One checker for the property tests (after every command) and for loading a save (a save edited
by hand, with its checksums recomputed, is refused when it breaks any of them).

The engine checks what every ruleset shares (seats, the clock, the board's territories); a ruleset's plugin
adds its own with `app.add_invariants(check)` (the base game: `base_game_problems`, R1-R9)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

import esper

from components.abilities import Pathfinder
from components.armies import Army, ArmyUnit, Battle
from components.board import Ownership, Territory
from components.bounds import declared, field_problems
from components.players import HomeBase, Player, Stockpile
from components.seats import Prompt
from components.structures import Structure
from systems import queries as q
from systems.world import DRAW, OVER, SETUP, World

MAX_STOCK = 2**53  # no rule ever gives more; a bigger stockpile is an edited save (and loses precision in JSON)
Report = Callable[[str, str], None]
DIFFICULTY_KINDS = ("normal", "hard", "search", "random")  # game.ai.DIFFICULTIES, without importing the players


def invariant_problems(world: World, limit: int = 20, board: bool = True) -> list[str]:
    """Every broken invariant of the world (at most `limit`), as "where: what" lines; empty when all hold:
    the engine's own, then those the game's ruleset and mods registered on its App.

    `board=False` skips the per-territory check (one territory entity per cell, the index of owned ones): a
    loader that built both from the same checked columns need not walk the whole board again.
    """
    world.activate()
    problems: list[str] = []

    def bad(where: str, message: str) -> None:
        problems.append(f"{where}: {message}")

    _seat_problems(world, bad)
    _declared_problems(world, bad)
    _prompt_problems(world, bad)
    for check in world.app.invariants:
        problems.extend(check(world))
    if board:
        _board_problems(world, bad)
    return problems[:limit]


def base_game_problems(world: World) -> list[str]:
    """The base game's invariants (R1-R9): armies, battles, structures, units, stockpiles and home bases."""
    problems: list[str] = []

    def bad(where: str, message: str) -> None:
        problems.append(f"{where}: {message}")

    rules = world.rules
    limits = rules.limits
    size = len(world.terrain)
    seats = set(world.seats)
    bridges = q.bridges_index(world)
    most_mp, most_open = mp_ceiling(world)
    armies = q.armies()
    per_owner = Counter(a.owner for _, a in armies if a.owner is not None)
    for seat, count in per_owner.items():
        if count > limits.armies_per_player:
            bad(f"seat {seat}", f"{count} armies; at most {limits.armies_per_player} (R5.2)")
    if (rogues := len(q.rogue_armies())) > limits.rogue_armies:
        bad("rogue armies", f"{rogues}; at most {limits.rogue_armies} (R9.2)")
    spots = Counter((a.owner, a.territory) for _, a in armies if a.owner is not None)
    for (owner, territory), count in spots.items():
        if count > 1:
            bad(f"territory {territory}", f"{count} armies of seat {owner}; one per player per territory (R5.2)")
    holders: Counter[int] = Counter()
    for entity, army in armies:
        where = f"army {entity}"
        if army.owner is not None and army.owner not in seats:
            bad(where, f"owner {army.owner} is not a seat")
        if not 0 <= army.territory < size:
            bad(where, f"territory {army.territory} is off the board")
            continue
        units = [u for u in army.units if esper.entity_exists(u) and esper.has_component(u, ArmyUnit)]
        if len(units) != len(army.units) or not units:
            bad(where, "an army holds one or more units, all of them army units (R5.1)")
            continue
        types = [q.unit(u).unit_type for u in units]
        if (reason := q.fit_reason(world, types)) is not None:
            bad(where, f"{reason} (R5.2)")
        holders.update(army.units)
        if not 0 <= army.mp <= most_mp:  # not the army's own full MP: a pathfinder that fell leaves its bonus
            bad(where, f"MP {army.mp} is outside 0..{most_mp}, the most any army gets (R5.1)")
        if not 0 <= army.open_mp <= most_open:
            bad(where, f"open-terrain MP {army.open_mp} is outside 0..{most_open}")
        terrain = world.terrain[army.territory]
        if army.territory not in bridges and any(rules.move_cost(t, terrain) is None for t in set(types)):
            bad(where, f"stands on {terrain}, where its units cannot go (R5.3)")
        if army.battle is not None:
            battle = esper.try_component(army.battle, Battle) if esper.entity_exists(army.battle) else None
            if battle is None or entity not in (battle.attacker, battle.defender):
                bad(where, f"battle {army.battle} is not a battle it fights in")
    for entity, battle in esper.get_component(Battle):
        for side in (battle.attacker, battle.defender):
            fighter = esper.try_component(side, Army) if esper.entity_exists(side) else None
            if fighter is None or fighter.battle != entity or fighter.territory != battle.territory:
                bad(f"battle {entity}", f"{side} is not an army fighting it in territory {battle.territory} (R8.1)")
    for entity, structure in esper.get_component(Structure):
        where = f"structure {entity}"
        spec = rules.structures.get(structure.structure_type)
        if spec is None:
            bad(where, f"unknown structure type {structure.structure_type!r}")
            continue
        if len(structure.garrison) > spec.garrison:
            bad(where, f"{len(structure.garrison)} stationed units; at most {spec.garrison} (R6.4)")
        if not 0 < structure.health <= structure.max_health:
            bad(where, f"health {structure.health} is outside 1..{structure.max_health} (R6.5)")
        known = [u for u in structure.upgrades if u in rules.upgrades]
        ceiling = spec.defense + sum(rules.upgrades[u].defense for u in known)
        if structure.max_health > ceiling or len(set(structure.upgrades)) != len(structure.upgrades):
            bad(where, f"defense {structure.max_health} is more than its type and upgrades give ({ceiling}), "
                       "or an upgrade is listed twice (R6.2)")
        if not 0 <= structure.protection <= 100:
            bad(where, f"protection {structure.protection} is outside 0..100")
        if structure.owner is not None and structure.owner not in seats:
            bad(where, f"owner {structure.owner} is not a seat")
        holders.update(structure.garrison)
    for entity, unit in esper.get_component(ArmyUnit):
        if unit.unit_type not in rules.units:
            bad(f"unit {entity}", f"unknown unit type {unit.unit_type!r}")
        elif not (0 <= unit.damage < unit.defense and unit.attack >= 0):
            bad(f"unit {entity}", f"damage {unit.damage} with defense {unit.defense}: a unit keeps 1..defense (R8.3)")
    all_units = {e for e, _ in esper.get_component(ArmyUnit)}
    if loose := sorted(all_units - set(holders)):
        bad(f"unit {loose[0]}", f"in no army or structure ({len(loose)} such units)")
    if twice := sorted(u for u, n in holders.items() if n > 1 or u not in all_units):
        bad(f"unit {twice[0]}", "held twice, or not an army unit")
    _player_problems(world, bad)
    return problems


def mp_ceiling(world: World) -> tuple[int, int]:
    """The most MP (and open-terrain MP) any army can ever hold under these rules: the fastest unit's MP plus
    the largest pathfinder bonus (R5.1), and the largest open_terrain_bonus."""
    units = world.rules.units.values()
    bonus = max((found.mp_bonus for u in units if (found := u.ability("pathfinder", Pathfinder)) is not None),
                default=0)
    return (max((u.movement.mp for u in units), default=0) + bonus,
            max((u.movement.open_terrain_bonus for u in units), default=0))


def _player_problems(world: World, report: Report) -> None:
    """Stockpiles and home bases (R1, R4, R7.2)."""
    rules = world.rules
    size = len(world.terrain)
    resources = set(rules.resources.ids)
    for seat in world.seats:
        entity = world.players.get(seat)
        if entity is None or not esper.entity_exists(entity) or not esper.has_components(
                entity, Player, Stockpile, HomeBase):
            report(f"seat {seat}", "has no player with a stockpile and a home base")
            continue
        player = esper.component_for_entity(entity, Player)
        for resource, amount in esper.component_for_entity(entity, Stockpile).amounts.items():
            if resource not in resources:
                report(f"seat {seat}", f"unknown resource {resource!r} in the stockpile")
            elif not 0 <= amount <= MAX_STOCK:
                report(f"seat {seat}", f"{amount} {resource} is outside 0..{MAX_STOCK} (R4)")
        base = esper.component_for_entity(entity, HomeBase).territory
        if base is not None and not 0 <= base < size:
            report(f"seat {seat}", f"home base {base} is off the board (R1.3)")
        elif base is None and world.clock.stage != SETUP and not player.defeated:
            report(f"seat {seat}", "has no home base after setup (R1.3)")
        if player.defeated and (q.player_armies(seat) or world.owned.get(seat)):
            report(f"seat {seat}", "is defeated but still holds armies or territories (R7.2)")
    winner = world.clock.winner
    if winner is not None and winner != DRAW and world.alive_seats() != [winner]:
        report("clock", f"winner {winner}, but the seats still in the game are {world.alive_seats()} (R7.2)")


def _seat_problems(world: World, report: Report) -> None:
    """Every ruleset's: one player per seat with a known computer difficulty, the winner (a seat, or a draw)
    only once the game is over, and then the only seat left in it."""
    kinds = set(DIFFICULTY_KINDS) | set(world.app.computer_players)
    for seat in world.seats:
        entity = world.players.get(seat)
        player = esper.try_component(entity, Player) if entity is not None and esper.entity_exists(entity) else None
        if player is None:
            report(f"seat {seat}", "has no player")
        elif player.difficulty not in kinds:
            report(f"seat {seat}", f"unknown difficulty {player.difficulty!r}")
    clock = world.clock
    if (clock.winner is not None) != (clock.stage == OVER):
        report("clock", f"winner {clock.winner} in stage {clock.stage!r}: only a finished game has a winner")
    elif clock.winner is not None and clock.winner != DRAW and clock.winner not in world.seats:
        report("clock", f"winner {clock.winner} is not a seat")


def _declared_problems(world: World, report: Report) -> None:
    """Every ruleset's: each component's declared bounds and seat references (components.bounds), no ruleset
    code needed; the first broken one per component type."""
    seats = set(world.seats)
    for cls in world.app.components.values():
        if not declared(cls):
            continue
        for entity, component in esper.get_component(cls):
            problem = next(field_problems(component, world.rules, seats), None)
            if problem is not None:
                report(f"entity {entity}", problem)
                break


def _prompt_problems(world: World, report: Report) -> None:
    """Every ruleset's questions (systems.prompts.ask): a registered kind, distinct seats at the table, distinct
    answers holding the default, one answer slot per seat ("" or one of the answers), and where the flow goes on
    (a stage of the flow; None, -1 or -2, or a system's index in it)."""
    stages = set(world.app.flow.stages())
    for entity, prompt in esper.get_component(Prompt):
        where = f"entity {entity}"
        if prompt.kind not in world.app.prompt_handlers:
            report(where, f"Prompt.kind: no handler for questions of kind {prompt.kind!r}")
        elif len(set(prompt.seats)) != len(prompt.seats) or not prompt.seats:
            report(where, "Prompt.seats: expected distinct seats")
        elif len(set(prompt.answers)) != len(prompt.answers) or prompt.default not in prompt.answers:
            report(where, "Prompt.answers: expected distinct answers holding the default")
        elif len(prompt.given) != len(prompt.seats) or any(g and g not in prompt.answers for g in prompt.given):
            report(where, "Prompt.given: expected one answer (or \"\") per asked seat")
        elif prompt.stage not in stages or prompt.resume is not None and not (
                -2 <= prompt.resume <= len(world.app.schedule.order(prompt.stage))):
            report(where, f"Prompt.resume: stage {prompt.stage!r}, system {prompt.resume} is not in the flow")


def _board_problems(world: World, report: Report) -> None:
    """One territory entity per cell with its ownership, matching the index of owned territories."""
    owned: dict[int, set[int]] = {}
    for _, (territory, ownership) in esper.get_components(Territory, Ownership):
        if ownership.owner is not None:
            owned.setdefault(ownership.owner, set()).add(territory.index)
    count = len(esper.get_component(Territory))
    if count != len(world.terrain) or len(esper.get_components(Territory, Ownership)) != count:
        report("board", f"{count} territories for {len(world.terrain)} cells, each with an ownership")
    if {s: c for s, c in world.owned.items() if c} != owned:
        report("board", "the index of owned territories does not match the territories")
