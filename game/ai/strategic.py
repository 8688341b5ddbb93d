"""The strategic computer player behind `normal` and `hard`: economy, expansion, defence and attacks on flags.

A turn, in order: retreat from lost battles, fire from manned structures, take any undefended enemy flag
in reach, move the strike forces (attack what they can beat, combine, advance on a flag), send units out
of the base (claimers to expand, groups to the staging army), claim territory, then build (walls, a tower
and stationed units at the flag when threatened; units within what food can feed) and end the turn.
Everything goes through `Game.submit`; the knobs that tell the difficulties apart are in `Params`.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from components.armies import Army
from components.commands import (
    AttackStructure,
    BuildStructure,
    BuildUnit,
    ChooseBase,
    Command,
    Move,
    Repair,
    Retreat,
    Split,
    Station,
    StationedFire,
    TakeOver,
    Upgrade,
)
from game.ai.base import TurnLog, private_rng
from game.ai.mod_units import healer_wanted, kinds_of, mounted_worth_it
from game.ai.naval import Navy, ships_module
from game.ai.view import INF, Threat, View, bounded_search, cost_table, power
from game.engine import Accepted, Game, Result
from game.queries import army_options, simulate_battle
from systems import queries as q
from systems.events import ArmySplit
from systems.movement import Reach, fitting_units

SOLDIER, RANGER, DEFENDER = "soldier", "ranger", "defender"
FLAG_BATTLE_ODDS = 0.8  # win chance needed for a battle at an enemy flag that cannot open it this turn


@dataclass(frozen=True)
class Params:
    """What tells the difficulties apart."""

    name: str = "normal"
    claimers: int = 4              # single-unit armies out claiming territory
    ranger_claimers_from: int = 6  # from this round on, new claimers are rangers (no upkeep, 6 MP)
    garrison: int = 1              # units kept at the flag in peace
    strike_ready: int = 7          # units before a strike force advances on a flag
    late_round: int = 70           # from here on, attack sooner and accept worse odds
    attack_odds: float = 0.6       # win chance needed to start a battle
    assault_odds: float = 0.5      # chance that this turn's attacks open an enemy flag, needed to launch them
    strike_rangers: int = 0        # rangers put in each strike force (pathfinders: +1 MP, cheaper forest/mountain)
    trade: float = 0.85            # how a lost unit weighs against a killed one when choosing battles
    route_hostile: int = 12        # extra MP a territory held by a hostile army counts for, when routing
    route_own: int = 3             # ...and one held by an own army (queues in a corridor find other ways)
    group_units: int = 16          # units of strike forces near each other before they advance on a flag
    group_radius: int = 4
    retreat_odds: float = 0.25     # retreat from a battle when the win chance drops below this
    trials: int = 24               # battle simulations per decision
    claim_enemy: bool = False      # also take over enemy territory (2 MP)
    sustain: float = 0.85          # upkeep may use this share of the expected food income
    walls: bool = True             # wall the flag when threatened...
    walls_until: int = 40          # ...up to this round (walls rebuilt every turn would make a flag untakeable)
    tower: bool = True             # tower + stationed units at the flag when threatened
    proactive_tower: bool = False  # build the flag's tower before any threat, once wood allows
    upgrade_tower: bool = False
    repair: bool = False
    hunt: bool = True              # strike forces hunt beatable armies near their path
    defenders_stationed: bool = False
    threat_radius: int = 6         # enemy armies this near the flag count as a threat
    # what mods add (game.ai.mod_units, game.ai.naval); used only when the ruleset has them
    mounted: bool = True           # mounted units (cavalry) in the strike forces where they are worth it
    sturdy_tactics: bool = True    # with mounted or healer units in the rules: flag battles won over rounds,
                                   # half-full strike armies at a flag merge
    healers: bool = True           # a healer (medic) for each big group setting out
    navy: bool = True              # docks, transports, landings and battleships' guns


class StrategicAI:
    """A computer player; stateless between turns (everything is read from the game)."""

    def __init__(self, params: Params) -> None:
        self.params = params
        self.name = params.name

    def choose_base(self, game: Game) -> ChooseBase:
        return ChooseBase(choose_base_territory(game))

    def play_turn(self, game: Game) -> list[Result]:
        return Turn(game, self.params).run()


def choose_base_territory(game: Game) -> int:
    """The start-zone territory with the best production around it, a little away from the other zones."""
    world = game.world
    world.activate()
    view_static = View(game).static
    seat = world.clock.seat
    taken = {q.home_base(world, s) for s in world.seats}
    others = [t for s, zone in world.start_zones.items() if s != seat for t in zone]
    board = world.board
    best, best_score = None, -1e9
    for cell in sorted(world.start_zones[seat]):
        if not world.rules.is_land(world.terrain[cell]) or cell in taken:
            continue
        score = 0.0
        within = getattr(board, "within", None)
        around = within(cell, 4) if within else [cell]
        for t in around:
            d = board.distance(cell, t)
            weight = 1.0 - d / 6
            score += (view_static.value[t] + 0.6 * view_static.food[t]) * weight
        score += 3.0 * view_static.food[cell]  # the flag's own territory feeds the first units
        if others:
            nearest = min(board.distance(cell, t) for t in others[:: max(1, len(others) // 40)])
            score += 0.15 * min(nearest, 30)
        if score > best_score:
            best, best_score = cell, score
    assert best is not None, "no territory to choose in the start zone"
    return best


class Turn:
    """One Main stage of one computer player."""

    def __init__(self, game: Game, params: Params) -> None:
        self.game = game
        self.p = params
        self.log = TurnLog(game)
        self.rng: random.Random = private_rng(game, params.name)
        self.v = View(game)
        self.seat = self.v.seat
        self.reserved: set[int] = set()
        self.late = self.v.round >= params.late_round
        # the longer the game, the more readily even trades are taken (a front that never moves ends no game)
        overtime = max(0, self.v.round - params.late_round)
        self.trade = max(0.5, params.trade - overtime / 200)
        self.navy: Navy | None = None
        self.special = kinds_of(self.v).special  # mod unit types kept out of claiming and the garrison
        # with mods' sturdier units (cavalry) a defended flag seldom falls in one round: start battles there
        # that are won over several rounds, and merge half-full strike armies at the flag (the base game
        # keeps the behaviour measured by bench_ai)
        self.sturdy = bool(self.special) and params.sturdy_tactics

    # --- plumbing ------------------------------------------------------------------------------------

    def submit(self, command: Command) -> Accepted | None:
        if self.game.over or self.game.world.clock.seat != self.seat:
            return None
        result = self.log.submit(command)
        if isinstance(result, Accepted):
            self.v.refresh()
            return result
        return None

    def active(self) -> bool:
        return not self.game.over and self.game.world.clock.seat == self.seat

    def run(self) -> list[Result]:
        self.navy = self.make_navy()
        steps = (
            self.battles, self.fire, self.snipe_flags, self.strike, self.release, self.claim, self.defend,
            self.naval, self.build_units, self.station,
        )
        for step in steps:
            if not self.active():
                break
            step()
        if self.active():
            return self.log.end()
        return self.log.results

    # --- helpers -------------------------------------------------------------------------------------

    def make_navy(self) -> Navy | None:
        """The naval plan when the ruleset has ships (a plugin offering the ships queries) and a target."""
        v = self.v
        if v.base is None or v.base_rules_only or not self.p.navy:
            return None
        module = ships_module(v)
        target = self.main_target() if module is not None else None
        if module is None or target is None:
            return None
        return Navy(self, module, target)

    def naval(self) -> None:
        if self.navy is not None:
            self.navy.run()

    def fed_next_turn(self) -> tuple[float, float]:
        """(expected food income, food upkeep owed next turn) for this player."""
        v = self.v
        income = sum(v.static.food[t] for t in v.mine)
        rules = self.v.rules
        resource = rules.resources.upkeep
        owed = 0.0
        for _, army in v.my_armies:
            for u in army.units:
                owed += rules.units[q.unit(u).unit_type].upkeep.get(resource, 0)
        stationed = rules.stationed.upkeep.get(resource, 0)
        for _, s in v.structures:
            if s.owner == self.seat:
                owed += stationed * len(s.garrison)
        return income, owed

    def claimable(self, territory: int) -> bool:
        v = self.v
        owner = v.owner[territory]
        if owner == self.seat:
            return False
        if owner is not None and not self.p.claim_enemy:
            return False
        if territory in self.reserved or v.hostile_at(territory):
            return False
        if v.static.value[territory] <= 0.05:
            return False
        return not v.garrisoned_hostile(territory)

    def takeover_cost(self, territory: int) -> int:
        costs = self.v.rules.costs
        return costs.take_over_neutral if self.v.owner[territory] is None else costs.take_over_enemy

    def move_toward(self, entity: int, field: list[int], reach: dict[int, Reach], *, avoid: float = INF,
                    allow_combine: bool = False, threat: Threat | None = None,
                    stop_before: int | None = None) -> bool:
        """Move to the reachable territory closest (by `field`) to the goal; False when no step helps."""
        army = self.v.alive_army(entity)
        if army is None:
            return False
        threat = self.v.threat if threat is None else threat
        here = field[army.territory]
        best: tuple[int, int] | None = None
        target = None
        for t, r in reach.items():
            if r.kind == "attack" or (r.kind == "combine" and not allow_combine) or t == stop_before:
                continue
            if r.kind == "combine":
                resident = self.v.my_army_at(t)
                if resident is None or not fitting_units(self.v.world, army, resident[1]):
                    continue
            if threat.get(t, 0.0) > avoid:
                continue
            key = (field[t], r.cost)
            if key[0] >= here:
                continue
            if best is None or key < best:
                best, target = key, t
        if target is None:
            return False
        return self.submit(Move(entity, reach[target].path)) is not None

    # --- 1. battles ----------------------------------------------------------------------------------

    def battles(self) -> None:
        import esper

        from components.armies import Battle

        for entity, army in list(self.v.my_armies):
            if army.battle is None or not esper.entity_exists(army.battle):
                continue
            battle = esper.component_for_entity(army.battle, Battle)
            if battle.rounds < 1:
                continue
            other = battle.defender if battle.attacker == entity else battle.attacker
            enemy = self.v.alive_army(other)
            if enemy is None:
                continue
            chance, _ = self.v.win_chance(self.rng, self.v.side(army), self.v.side(enemy), self.p.trials)
            if army.territory == self.v.base or chance >= self.p.retreat_odds:
                continue
            options = [o.command for o in army_options(self.game, entity)
                       if o.kind == "retreat" and o.available and isinstance(o.command, Retreat)]
            if options:
                home = self.v.base if self.v.base is not None else army.territory
                best = min(options, key=lambda c: (self.v.board.distance(c.territory, home), c.territory))
                self.submit(best)

    # --- 2. stationed fire ---------------------------------------------------------------------------

    def fire(self) -> None:
        v = self.v
        for entity, structure in list(v.structures):
            if structure.owner != self.seat or not structure.garrison or structure.fired_round == v.round:
                continue
            if structure.border is not None:
                cells = [structure.territory, structure.border]
            else:
                cells = [structure.territory, *v.board.neighbours(structure.territory)]
            targets = [(sum(h for _, h in v.side(a)), e) for c in cells for e, a in v.hostile_at(c) if a.units]
            if targets:
                self.submit(StationedFire(entity, min(targets)[1]))

    # --- 3. undefended flags -------------------------------------------------------------------------

    def snipe_flags(self) -> None:
        v = self.v
        open_bases = [b for s, b in v.enemy_bases.items() if not v.base_defended(s)]
        if not open_bases:
            return
        for entity, army in list(v.my_armies):
            if not self.active():
                return
            if army.battle is not None or army.done or army.mp <= 0:
                continue
            if army.territory == v.base and len(army.units) < 2:
                continue
            reach = v.reach(entity)
            for base in open_bases:
                r = reach.get(base)
                if r is None or r.kind != "move":
                    continue
                if army.territory != v.base:
                    if self.submit(Move(entity, r.path)) is not None:
                        break
                    continue
                # the flag's own army sends all but one unit
                moving = tuple(army.units[1:])
                if self.game.check(Split(entity, moving, r.path[0])) is not None:
                    continue
                result = self.submit(Split(entity, moving, r.path[0]))
                new = next((e.new_army for e in result.events if isinstance(e, ArmySplit)), None) if result else None
                if new is not None and len(r.path) > 1:
                    self.submit(Move(new, r.path[1:]))
                break

    # --- 4. strike forces ----------------------------------------------------------------------------

    def strike_armies(self) -> list[tuple[int, Army]]:
        v = self.v
        claimers = set(self.claimer_ids())
        out = [(e, a) for e, a in v.my_armies if a.territory != v.base and e not in claimers and a.units]
        out.sort(key=lambda pair: (-v.slots(pair[1]), pair[0]))
        return out

    def claimer_ids(self) -> list[int]:
        """Single-unit armies away from the base that keep claiming (rangers first), up to the quota."""
        v = self.v
        singles = [(e, a) for e, a in v.my_armies if len(a.units) == 1 and a.territory != v.base]
        singles.sort(key=lambda pair: (q.unit(pair[1].units[0]).unit_type != RANGER, pair[0]))
        if not self.claiming_open():
            return []
        return [e for e, _ in singles[: self.p.claimers]]

    def claiming_open(self) -> bool:
        cached = getattr(self, "_claiming_open", None)
        if cached is not None:
            return bool(cached)
        v = self.v
        base = v.base
        result = False
        if base is not None:
            for t in v.board.within(base, 14):
                if v.owner[t] is None and v.static.value[t] > 0.5:
                    result = True
                    break
        self._claiming_open = result
        return result

    def main_target(self) -> tuple[int, int] | None:
        """(seat, base) of the enemy flag to go for: the nearest one (weakly defended ones count nearer)."""
        v = self.v
        if v.base is None or not v.enemy_bases:
            return None
        best = None
        for seat, base in sorted(v.enemy_bases.items()):
            defence = sum(v.army_power(a) for _, a in v.at.get(base, ()) if a.owner == seat)
            score = v.board.distance(v.base, base) + defence / 40
            if best is None or score < best[0]:
                best = (score, seat, base)
        assert best is not None
        return best[1], best[2]

    def staging_cell(self) -> int | None:
        """The neighbour of the flag, toward the main target, where strike forces gather."""
        v = self.v
        target = self.main_target()
        if v.base is None:
            return None
        if self.navy is not None and self.navy.active:
            return self.navy.staging()
        cost = cost_table(v.world, v.static, (SOLDIER,))
        options = [n for n in v.board.neighbours(v.base) if cost[n] < INF]
        if not options:
            return None
        if target is None:
            return options[0]
        return min(options, key=lambda n: (v.board.distance(n, target[1]), n))

    def defence_power(self, seat: int, base: int) -> float:
        v = self.v
        side: list[tuple[int, int]] = []
        for _, a in v.at.get(base, ()):
            if a.owner == seat:
                side.extend(v.side(a))
        for u in v.stationed_at(seat, base):
            unit = q.unit(u)
            side.append((unit.attack, v.rules.units[unit.unit_type].stationed.defense - unit.damage))
        return power(side)

    def strike(self) -> None:
        v = self.v
        target = self.main_target()
        for _ in range(12):
            if not self.active() or not self.engage(target):
                break
        for entity, _ in list(self.strike_armies()):
            if not self.active():
                return
            army = v.alive_army(entity)
            if army is None or army.battle is not None or army.done or army.mp <= 0:
                continue
            if self.navy is not None and self.navy.goes_by_sea(army):
                self.navy.to_dock(entity, army)
                continue
            if self.siege(entity, army):
                continue
            self.advance(entity, army, target)

    def engage(self, target: tuple[int, int] | None) -> bool:
        """Find the most profitable attack (one army, or several in a row on one enemy) and make it.

        Within a turn each attack fights one round on the spot (R8.4); a battle that goes on blocks the
        territory, so a row of attacks only continues while each one clears the territory.
        """
        v = self.v
        reaches: dict[int, dict[int, Reach]] = {}
        for entity, army in self.strike_armies():
            if army.battle is None and not army.done and army.mp > 0:
                reaches[entity] = v.reach(entity)
        spots: dict[int, list[tuple[int, Reach]]] = {}
        for entity, reach in reaches.items():
            for t, r in reach.items():
                if r.kind == "attack" or (r.kind == "move" and t in v.enemy_bases.values()):
                    spots.setdefault(t, []).append((entity, r))
        best: tuple[float, int, list[tuple[int, Reach]]] | None = None
        bases = {b: s for s, b in v.enemy_bases.items()}
        for t, attackers in sorted(spots.items()):
            enemies = [a for _, a in v.hostile_at(t) if a.units]
            if any(a.battle is not None for a in enemies):
                continue
            defenders: list[tuple[int, int]] = []
            for a in enemies:
                defenders.extend(v.side(a))
            flag_seat = bases.get(t)
            stationed = bool(v.stationed_at(flag_seat, t)) if flag_seat is not None else False
            if not defenders:
                if flag_seat is not None and not stationed:
                    entity, r = attackers[0]
                    best = (1e6, t, [(entity, r)])
                continue
            order = sorted(attackers, key=lambda pair: (-v.army_power(v.alive_army(pair[0]) or Army(None, 0)), pair[0]))
            sides = [v.side(v.alive_army(e) or Army(None, 0)) for e, _ in order]
            cleared, opened, lost, killed = self.plan_row(sides, defenders)
            opens = flag_seat is not None and not stationed
            value = killed - lost * (0.6 if opens else self.trade)
            if opens and self.sturdy and opened < self.p.assault_odds and cleared >= FLAG_BATTLE_ODDS:
                # the flag will not fall this turn, but the battle at it is very likely won over the next
                # rounds, and while it lasts the defender cannot build units there (R6.1)
                value += 10 * cleared
            elif opens:
                value += 40 * opened
                cleared = opened
            elif flag_seat is not None:
                value += 5 * cleared
            if enemies and enemies[0].owner is None and v.owner[t] == self.seat:
                value += 1.0
            if v.base is not None and v.board.distance(t, v.base) <= self.p.threat_radius:
                value += 2.0 * cleared
            odds = self.p.assault_odds if flag_seat is not None else self.p.attack_odds
            if self.late:
                odds -= 0.15
            if cleared < odds or value <= 0.1:
                continue
            if best is None or value > best[0]:
                best = (value, t, order)
        if best is None:
            return False
        _, t, order = best
        acted = False
        for entity, r in order:
            if not self.active() or v.alive_army(entity) is None:
                break
            if any(a.battle is not None for _, a in v.at.get(t, ())):
                break
            if self.submit(Move(entity, r.path)) is None:
                break
            acted = True
            if not v.hostile_at(t):
                break
        return acted

    def plan_row(
        self, sides: list[list[tuple[int, int]]], defenders: list[tuple[int, int]]
    ) -> tuple[float, float, float, float]:
        """Simulated attacks in a row on one territory.

        Returns P(the defenders are wiped out), P(wiped out with one of my armies there or able to walk in
        this turn), my expected losses and the enemy's expected losses (in units).
        """
        trials = self.p.trials
        cleared = opened = 0
        lost = killed = 0
        for _ in range(trials):
            left = list(defenders)
            for index, side in enumerate(sides):
                survivors, left, _r = simulate_one_round(self.rng, side, left)
                lost += len(side) - len(survivors)
                if not left:
                    cleared += 1
                    if survivors or index + 1 < len(sides):
                        opened += 1
                    break
                if survivors:
                    # the battle goes on; judge it by its likely end
                    a, d, _rr = simulate_battle(self.rng, survivors, left, 30)
                    lost += len(survivors) - len(a)
                    if not d:
                        cleared += 1
                    left = [(x[0], x[1]) for x in d]
                    break
            killed += len(defenders) - len(left)
        return cleared / trials, opened / trials, lost / trials, killed / trials

    def siege(self, entity: int, army: Army | None) -> bool:
        """At or beside an enemy flag: attack the manned structures or walls that keep it from falling."""
        v = self.v
        if army is None or army.mp <= 0 or army.done or army.battle is not None:
            return False
        for seat, base in v.enemy_bases.items():
            if army.territory == base:
                for e, s in v.structures:
                    if s.owner == seat and s.garrison and (s.territory == base or s.border == base):
                        return self.submit(AttackStructure(entity, e)) is not None
            elif base in v.board.neighbours(army.territory) and len(army.units) >= 4:
                wall = v.wall_between(army.territory, base)
                if wall is not None and wall[1].owner != self.seat:
                    return self.submit(AttackStructure(entity, wall[0])) is not None
        return False

    def break_wall(self, entity: int, army: Army, field: list[int]) -> bool:
        """Stuck on the way: attack a hostile wall on a border that leads closer to the goal."""
        v = self.v
        if army.mp <= 0 or army.done or len(army.units) < 3:
            return False
        here = field[army.territory]
        best = None
        for n in v.board.neighbours(army.territory):
            if field[n] >= here:
                continue
            wall = v.wall_between(army.territory, n)
            if wall is not None and wall[1].owner != self.seat:
                key = (field[n], wall[1].health, wall[0])
                if best is None or key < best[0]:
                    best = (key, wall[0])
        if best is None:
            return False
        return self.submit(AttackStructure(entity, best[1])) is not None

    def advance(self, entity: int, army: Army, target: tuple[int, int] | None) -> None:
        """Advance on the flag with a big enough group; otherwise gather with the other strike forces."""
        v = self.v
        reach = v.reach(entity)
        if not reach:
            return
        size = v.slots(army)
        strikers = self.strike_armies()
        ready = size >= self.p.strike_ready or (self.late and size >= 4)
        if target is not None and ready:
            group = sum(v.slots(a) for e, a in strikers
                        if v.board.distance(a.territory, army.territory) <= self.p.group_radius)
            field = v.field(army, target[1])
            if group >= self.p.group_units or self.late:
                if field[army.territory] > 1:
                    route = v.route_field(army, target[1], self.p.route_hostile, self.p.route_own)
                    if not self.move_toward(entity, route, reach, stop_before=target[1]) and not self.move_toward(
                            entity, field, reach, stop_before=target[1]):
                        self.break_wall(entity, army, field)
                elif self.sturdy:
                    self.consolidate(entity, army, strikers, reach, target[1])
                return
            # wait for the group: move toward the nearest other ready army, but not past the front
            peers = [(e, a) for e, a in strikers if e != entity and v.slots(a) >= self.p.strike_ready]
            if peers:
                e2, a2 = min(peers, key=lambda pair: (v.board.distance(pair[1].territory, army.territory), pair[0]))
                if v.board.distance(a2.territory, army.territory) > 2:
                    self.move_toward(entity, v.field(army, a2.territory), reach, stop_before=a2.territory)
                return
        others = [(e, a) for e, a in strikers if e != entity and v.slots(a) < v.limit_units]
        partners = [(e, a) for e, a in others if (v.slots(a), -e) >= (size, -entity)]
        mine_power = v.army_power(army)
        if partners:
            e2, a2 = min(partners, key=lambda pair: v.board.distance(pair[1].territory, army.territory))
            r = reach.get(a2.territory)
            if r is not None and r.kind == "combine" and fitting_units(v.world, army, a2):
                self.submit(Move(entity, r.path))
                return
            field = v.field(army, a2.territory)
            self.move_toward(entity, field, reach, avoid=mine_power * 1.5, threat=v.mobile_threat)
            return
        stage = self.staging_cell()
        if stage is not None and army.territory != stage:
            r = reach.get(stage)
            resident = v.my_army_at(stage)
            if r is not None and (r.kind == "move" or (
                    r.kind == "combine" and resident is not None and fitting_units(v.world, army, resident[1]))):
                self.submit(Move(entity, r.path))
                return
            self.move_toward(entity, v.field(army, stage), reach, avoid=mine_power * 1.5, threat=v.mobile_threat)

    def consolidate(self, entity: int, army: Army, strikers: list[tuple[int, Army]], reach: dict[int, Reach],
                    target: int) -> None:
        """At the enemy flag and too weak to attack alone: join a bigger strike army there that has room for
        all of this one (fuller armies strike harder; a row of half-full ones never opens a flag)."""
        v = self.v
        size = v.slots(army)
        best = None
        for e2, a2 in strikers:
            if e2 == entity or v.board.distance(a2.territory, target) > 2 or (v.slots(a2), -e2) <= (size, -entity):
                continue
            r = reach.get(a2.territory)
            if r is None or r.kind != "combine" or len(fitting_units(v.world, army, a2)) != len(army.units):
                continue
            key = (-v.slots(a2), r.cost, e2)
            if best is None or key < best[0]:
                best = (key, r)
        if best is not None:
            self.submit(Move(entity, best[1].path))

    # --- 5. leaving the base -------------------------------------------------------------------------

    def base_threat(self) -> float:
        v = self.v
        if v.base is None:
            return 0.0
        return v.enemy_threat(v.base, self.p.threat_radius)

    def keep_at_base(self) -> int:
        threat = self.base_threat()
        keep = self.p.garrison
        if threat > 0:
            keep = max(keep, min(self.v.limit_units, int(threat ** 0.5 / 2) + 1))
        return keep

    def release(self) -> None:
        v = self.v
        if v.base is None:
            return
        found = v.my_army_at(v.base)
        if found is None:
            return
        entity, army = found
        if army.battle is not None or army.done or army.mp <= 0:
            return
        keep = self.keep_at_base()
        if len(army.units) <= keep:
            return
        claimers = len(self.claimer_ids())
        want = self.p.claimers - claimers if self.claiming_open() else 0
        cost = cost_table(v.world, v.static, (SOLDIER,))
        # claimers first: one unit each, rangers preferred
        while want > 0 and len(army.units) > keep and len(v.my_armies) < v.limit_armies and self.active():
            units = sorted(army.units, key=lambda u: (q.unit(u).unit_type != RANGER,
                                                      q.unit(u).unit_type in self.special, u))
            unit = units[0]
            spots = [n for n in v.board.neighbours(v.base) if not v.at.get(n) and
                     cost_table(v.world, v.static, (q.unit(unit).unit_type,))[n] <= army.mp and
                     self.game.check(Split(entity, (unit,), n)) is None]
            if not spots:
                break
            spot = max(spots, key=lambda n: (v.owner[n] is None, v.static.value[n], -n))
            result = self.submit(Split(entity, (unit,), spot))
            if result is None:
                break
            want -= 1
            new = next((e.new_army for e in result.events if isinstance(e, ArmySplit)), None)
            if new is not None:
                self.claim_with(new)
            alive = v.alive_army(entity)
            if alive is None:
                return
            army = alive
        # the rest (beyond the garrison) goes to the staging army
        extra = len(army.units) - keep
        if extra <= 0 or not self.active():
            return
        stage = self.staging_cell()
        if stage is None or cost[stage] > army.mp:
            return
        staging = v.my_army_at(stage)
        room = self.p.strike_rangers
        if staging is not None:
            room -= sum(1 for u in staging[1].units if q.unit(u).unit_type == RANGER)
        rangers = [u for u in army.units if q.unit(u).unit_type == RANGER][: max(0, room)]
        others = sorted((u for u in army.units if q.unit(u).unit_type != RANGER),
                        key=lambda u: (q.unit(u).unit_type == DEFENDER, -u))
        moving = tuple(sorted((rangers + others)[:extra]))
        if staging is None and len(v.my_armies) >= v.limit_armies:
            return
        if staging is None and extra < 2 and not self.late:
            return
        if staging is not None:
            moving = tuple(fitting_units(v.world, Army(self.seat, v.base, list(moving)), staging[1]))
        if moving and self.game.check(Split(entity, moving, stage)) is None:
            self.submit(Split(entity, moving, stage))

    # --- 6. claiming ---------------------------------------------------------------------------------

    def claim(self) -> None:
        shore = self.navy.wanted_claim() if self.navy is not None else None
        if shore is not None:
            self.claim_toward(shore)
        for entity in self.claimer_ids():
            if not self.active():
                return
            self.claim_with(entity)
        # strike armies and garrison-free singles standing on claimable land take it when idle
        for entity, army in list(self.v.my_armies):
            if not self.active():
                return
            if army.done or army.battle is not None or army.territory == self.v.base:
                continue
            if self.claimable(army.territory) and army.mp >= self.takeover_cost(army.territory) and (
                    not self.v.threat.get(army.territory) or len(army.units) > 1):
                self.submit(TakeOver(entity))

    def claim_toward(self, territory: int) -> None:
        """Send the nearest claimer to take a territory the plan needs (e.g. a shore for a dock)."""
        v = self.v
        best = None
        for entity in self.claimer_ids():
            army = v.alive_army(entity)
            if army is None or army.done or army.battle is not None or army.mp <= 0:
                continue
            field = v.field(army, territory)
            if field[army.territory] < INF and (best is None or field[army.territory] < best[0]):
                best = (field[army.territory], entity, army, field)
        if best is None or not self.claimable(territory):
            return
        _, entity, army, field = best
        self.reserved.add(territory)
        if army.territory != territory:
            reach = v.reach(entity)
            r = reach.get(territory)
            if r is not None and r.kind == "move":
                if self.submit(Move(entity, r.path)) is None:
                    return
            elif not self.move_toward(entity, field, reach):
                return
        army = v.alive_army(entity)
        if army is not None and army.territory == territory and army.mp >= self.takeover_cost(territory):
            self.submit(TakeOver(entity))

    def claim_with(self, entity: int) -> None:
        v = self.v
        army = v.alive_army(entity)
        if army is None or army.done or army.battle is not None or army.mp <= 0:
            return
        here = army.territory
        mine = v.army_power(army)
        if self.claimable(here) and army.mp >= self.takeover_cost(here) and v.threat.get(here, 0.0) <= mine * 2:
            best_here = v.static.value[here]
        else:
            best_here = -1.0
        reach = v.reach(entity)
        best: tuple[float, int] | None = None
        for t, r in reach.items():
            if r.kind != "move" or not self.claimable(t):
                continue
            if army.mp - r.cost < self.takeover_cost(t):
                continue
            if v.threat.get(t, 0.0) > mine * 2:
                continue
            score = v.static.value[t] - 0.05 * r.cost + 0.1 * sum(1 for n in v.board.neighbours(t) if v.owner[n] == self.seat)
            if best is None or score > best[0]:
                best = (score, t)
        if best_here >= 0 and (best is None or best_here >= best[0] - 0.3):
            self.reserved.add(here)
            self.submit(TakeOver(entity))
            return
        if best is not None:
            t = best[1]
            self.reserved.add(t)
            if self.submit(Move(entity, reach[t].path)) is not None:
                self.submit(TakeOver(entity))
            return
        # nothing in reach: walk toward the best claimable territory further away
        types = v.types(army)
        cost = cost_table(v.world, v.static, types)
        tree = bounded_search(v.world, cost, here, max(army.mp, 1) * 5)
        target = None
        target_score = -1e9
        for t, (c, _prev) in tree.items():
            if t == here or not self.claimable(t) or v.threat.get(t, 0.0) > mine * 2:
                continue
            score = v.static.value[t] - 0.08 * c
            if score > target_score:
                target, target_score = t, score
        if target is None:
            # no land left to claim nearby: become part of the strike forces
            stage = self.staging_cell()
            if stage is not None:
                self.move_toward(entity, v.field(army, stage), reach, allow_combine=True)
            return
        self.reserved.add(target)
        node = target
        while node != here and node not in reach:
            node = tree[node][1]
        if node != here and reach[node].kind == "move":
            self.submit(Move(entity, reach[node].path))

    # --- 7. defence ----------------------------------------------------------------------------------

    def affordable(self, structure_type: str) -> bool:
        spec = self.v.rules.structures.get(structure_type)
        return spec is not None and q.can_afford(self.v.stock, spec.cost)

    def defend(self) -> None:
        v = self.v
        base = v.base
        if base is None:
            return
        threat = self.base_threat()
        tower = v.tower_at(base)
        if (threat > 0 and self.p.tower) or (self.p.proactive_tower and v.round >= 12):
            if tower is None:
                for kind in ("stone_tower", "wooden_tower"):
                    if self.affordable(kind) and self.submit(BuildStructure(kind, base)) is not None:
                        tower = v.tower_at(base)
                        break
            if tower is not None and self.p.upgrade_tower and not tower[1].upgrades:
                for upgrade in sorted(v.rules.upgrades):
                    if q.can_afford(v.stock, v.rules.upgrades[upgrade].cost):
                        self.submit(Upgrade(tower[0], upgrade))
        if threat > 0 and self.p.walls and v.round < self.p.walls_until:
            cost = cost_table(v.world, v.static, (SOLDIER,))
            near = sorted(
                (n for n in v.board.neighbours(base) if cost[n] < INF or v.static.land[n]),
                key=lambda n: (min((v.board.distance(n, a.territory) for _, a in v.hostile if a.units), default=0), n),
            )
            for n in near:
                if v.wall_between(base, n) is not None:
                    continue
                for kind in ("stone_wall", "wooden_wall"):
                    if self.affordable(kind) and self.submit(BuildStructure(kind, base, n)) is not None:
                        break
        if self.p.repair:
            for e, s in list(v.structures):
                if s.owner == self.seat and s.health < s.max_health and (s.territory == base or s.border == base):
                    spec = v.rules.structures[s.structure_type].repair
                    afford = min((v.stock.get(r, 0) // n for r, n in spec.items() if n), default=0)
                    points = min(s.max_health - s.health, afford // 2)
                    if points > 0:
                        self.submit(Repair(e, points))

    # --- 8. building ---------------------------------------------------------------------------------

    def can_feed(self, unit_type: str, income: float, owed: float, urgent: bool = False) -> bool:
        v = self.v
        rules = v.rules
        resource = rules.resources.upkeep
        spec = rules.units[unit_type]
        price = spec.cost.get(resource, 0)
        extra = spec.upkeep.get(resource, 0)
        food_after = v.stock.get(resource, 0) - price
        if food_after < 0 or not q.can_afford(v.stock, spec.cost):
            return False
        if food_after + 0.6 * income < owed + extra:
            return False
        if urgent:
            return True
        return owed + extra <= self.p.sustain * income + food_after / 12

    def build_units(self) -> None:
        v = self.v
        base = v.base
        if base is None or any(a.battle is not None for _, a in v.at.get(base, ())):
            return  # no units are built while a battle is fought at the flag
        for _ in range(v.limit_units + 2):
            if not self.active():
                return
            income, owed = self.fed_next_turn()
            here = v.my_army_at(base)
            stationed = v.stationed_at(self.seat, base)
            if here is None and not stationed:
                if not q.can_afford(v.stock, v.rules.units[SOLDIER].cost):
                    return
                if self.submit(BuildUnit(SOLDIER)) is None:
                    return
                continue
            unit, investment = self.next_unit(here[1] if here else None)
            urgent = investment or (here is not None and len(here[1].units) < self.keep_at_base())
            if unit is None or not self.can_feed(unit, income, owed, urgent):
                return
            if self.submit(BuildUnit(unit)) is None:
                return

    def next_unit(self, at_base: Army | None) -> tuple[str | None, bool]:
        """The unit to build next, and whether it is an investment (a claimer pays for itself quickly)."""
        v = self.v
        count = len(at_base.units) if at_base else 0
        if (v.slots(at_base) if at_base else 0) >= v.limit_units:
            return None, False
        claimers = len(self.claimer_ids())
        pending = max(0, count - self.keep_at_base())
        if self.claiming_open() and claimers + pending < self.p.claimers and len(v.my_armies) + pending < v.limit_armies:
            if v.round >= self.p.ranger_claimers_from:
                rangers = sum(1 for u in (at_base.units if at_base else []) if q.unit(u).unit_type == RANGER)
                if rangers < 2 and q.can_afford(v.stock, v.rules.units[RANGER].cost):
                    return RANGER, True
            return SOLDIER, True
        if self.p.strike_rangers and at_base is not None and count >= self.keep_at_base():
            rangers = sum(1 for u in at_base.units if q.unit(u).unit_type == RANGER)
            if rangers < min(2, self.p.strike_rangers) and q.can_afford(v.stock, v.rules.units[RANGER].cost):
                return RANGER, False
        if self.special and at_base is not None and count >= self.keep_at_base():
            stage = self.staging_cell()
            staging = v.my_army_at(stage) if stage is not None else None
            here = q.unit_types(at_base)
            healer = healer_wanted(v, at_base, self.keep_at_base(), staging[1] if staging else None)
            if self.p.healers and healer is not None and q.fit_reason(v.world, [*here, healer]) is None:
                return healer, False
            target = self.main_target()
            mounted = mounted_worth_it(v, target, self.rng) if self.p.mounted else None
            if self.p.mounted and mounted is not None and q.fit_reason(v.world, [*here, mounted]) is None:
                return mounted, False
        return SOLDIER, False

    def station(self) -> None:
        """Man the flag's tower: single-unit armies at the base step in; new units are built to fill it."""
        v = self.v
        base = v.base
        if base is None or not self.active():
            return
        tower = v.tower_at(base)
        if tower is None or tower[1].owner != self.seat:
            return
        entity, structure = tower
        capacity = v.rules.structures[structure.structure_type].garrison
        if self.base_threat() <= 0 and not self.p.proactive_tower:
            return
        for _ in range(capacity):
            if len(structure.garrison) >= capacity or not self.active():
                return
            here = v.my_army_at(base)
            if here is not None and len(here[1].units) == 1 and not here[1].done and here[1].battle is None:
                if self.submit(Station(here[0], entity)) is None:
                    return
                continue
            if here is not None:
                return
            income, owed = self.fed_next_turn()
            unit = DEFENDER if self.p.defenders_stationed else SOLDIER
            if not self.can_feed(unit, income, owed + 1):
                return
            if self.submit(BuildUnit(unit)) is None:
                return


def simulate_one_round(
    rng: random.Random, attackers: list[tuple[int, int]], defenders: list[tuple[int, int]]
) -> tuple[list[tuple[int, int]], list[tuple[int, int]], int]:
    """One battle round (R8.2), as the first round an attack fights on the spot."""
    a, d, rounds = simulate_battle(rng, attackers, defenders, 1)
    return [(x[0], x[1]) for x in a], [(x[0], x[1]) for x in d], rounds
