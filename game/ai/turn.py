"""One computer turn: plumbing (submit, the private generator, the read-only view) and the judgements its steps share.

The steps themselves are behaviour modules (`battles`, `defence`, `attack`, `march`, `expansion`,
`economy`), each a function of the `Turn`; parts contributed by other behaviours (`game.ai.behaviours`:
built in, or registered by mods) are asked through the hooks of `TurnPart`. A turn changes the game only
through `Game.submit`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from components.armies import Army
from components.commands import Command, Move
from game.ai.base import TurnLog, private_rng
from game.ai.behaviours import Behaviour, TurnPart
from game.ai.params import RANGER, SOLDIER, Params
from game.ai.view import INF, Distances, Threat, View, cost_table
from game.engine import Accepted, Game, Result
from game.forecast import food_outlook
from systems import queries as q
from systems.army_actions import takeover_cost
from systems.movement import Reach, fitting_units

Step = Callable[["Turn"], None]


class Turn:
    """One Main stage of one computer player."""

    def __init__(self, game: Game, params: Params, behaviours: Sequence[Behaviour] = ()) -> None:
        self.game = game
        self.p = params
        self.log = TurnLog(game)
        self.rng: random.Random = private_rng(game, params.name)
        self.v = View(game)
        self.seat = self.v.seat
        self.reserved: set[int] = set()
        self._strikers: tuple[int, list[tuple[int, Army]]] | None = None  # (view version, strike_armies())
        self._claimers: tuple[int, list[int]] | None = None  # (view version, claimer_ids())
        self._target: tuple[int, tuple[int, int]] | None = None  # (view version, main_target())
        self.late = self.v.round >= params.late_round
        # the longer the game, the more readily even trades are taken (a front that never moves ends no game)
        overtime = max(0, self.v.round - params.late_round)
        self.trade = max(0.5, params.trade - overtime / 200)
        self.parts: list[TurnPart] = []
        for behaviour in behaviours:
            if behaviour.name in params.off:
                continue
            part = behaviour.for_turn(self)
            if part is not None:
                self.parts.append(part)
        self.special: frozenset[str] = frozenset().union(*(p.special_units() for p in self.parts))
        # with special units (e.g. a mod's sturdier ones) a defended flag seldom falls in one round: start
        # battles there that are won over several rounds, and merge half-full strike armies at the flag (the
        # base game keeps the behaviour measured by bench_ai)
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

    def run(self, steps: Sequence[Step]) -> list[Result]:
        try:
            for step in steps:
                if not self.active():
                    break
                step(self)
            if self.active():
                return self.log.end()
            return self.log.results
        finally:
            # the parts hold the turn (a reference cycle): let them go, so the turn's view and log are freed
            # now by reference counting rather than at the collector's next full pass, which in a watched game
            # came twice in 85 rounds, with every turn's view and log held until then
            self.parts = []

    # --- what the steps share ------------------------------------------------------------------------

    def fed_next_turn(self) -> tuple[float, float]:
        """(expected food income, food upkeep owed) at this player's next Upkeep: the engine's own forecast."""
        income, owed = food_outlook(self.game, self.seat)
        return float(income), float(owed)

    def takeover_cost(self, territory: int) -> int:
        return takeover_cost(self.v.world, territory)

    def staging_cell(self) -> int | None:
        """The neighbour of the flag, toward the main target, where strike forces gather."""
        v = self.v
        target = self.main_target()
        if v.base is None:
            return None
        for part in self.parts:
            staging = part.staging()
            if staging is not None:
                return staging.cell
        cost = cost_table(v.world, v.static, (SOLDIER,))
        options = [n for n in v.board.neighbours(v.base) if cost[n] < INF]
        if not options:
            return None
        if target is None:
            return options[0]
        return min(options, key=lambda n: (v.board.distance(n, target[1]), n))

    def claimable(self, territory: int) -> bool:
        v = self.v
        owner = v.owner[territory]
        if owner == self.seat:
            return False
        if owner is not None and not self.p.claim_enemy:
            return False
        if territory in self.reserved or v.any_hostile_at(territory):
            return False
        if v.static.value[territory] <= 0.05:
            return False
        return not v.garrisoned_hostile(territory)

    def move_toward(self, entity: int, field: Distances, reach: dict[int, Reach], *, avoid: float = INF,
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

    def strike_armies(self) -> list[tuple[int, Army]]:
        v = self.v
        found = self._strikers
        if found is None or found[0] != v.version:  # read again after each command (the view's version)
            claimers = set(self.claimer_ids())
            out = [(e, a) for e, a in v.my_armies if a.territory != v.base and e not in claimers and a.units]
            out.sort(key=lambda pair: (-v.slots(pair[1]), pair[0]))
            found = self._strikers = (v.version, out)
        return list(found[1])

    def claimer_ids(self) -> list[int]:
        """Single-unit armies away from the base that keep claiming (rangers first), up to the quota."""
        v = self.v
        if not self.claiming_open():
            return []
        found = self._claimers
        if found is None or found[0] != v.version:  # read again after each command (the view's version)
            singles = [(e, a) for e, a in v.my_armies if len(a.units) == 1 and a.territory != v.base]
            singles.sort(key=lambda pair: (q.unit(pair[1].units[0]).unit_type != RANGER, pair[0]))
            found = self._claimers = (v.version, [e for e, _ in singles[: self.p.claimers]])
        return list(found[1])

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
        found = self._target
        if found is not None and found[0] == v.version:  # until the next command (strikes and climbs ask it)
            return found[1]
        best = None
        for seat, base in sorted(v.enemy_bases.items()):
            defence = sum(v.army_power(a) for _, a in v.at.get(base, ()) if a.owner == seat)
            score = v.board.distance(v.base, base) + defence / 40
            if best is None or score < best[0]:
                best = (score, seat, base)
        assert best is not None
        self._target = (v.version, (best[1], best[2]))
        return best[1], best[2]

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

    def affordable(self, structure_type: str) -> bool:
        spec = self.v.rules.structures.get(structure_type)
        return spec is not None and q.can_afford(self.v.stock, spec.cost)

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
