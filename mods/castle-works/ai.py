"""The castle works mod's computer play: gates kept (`castle_gates`), moats dug and gates bombarded (`castle_works`).

`castle_gates` is what any seat needs to play under E2.1 at all: with castle works on, a wall stops its own
owner's armies too, so the base game's walls around a threatened flag would shut the seat's own forces in.
Each own wall gets a gate, bought from a surplus (a drawbridge where the wall allows one, else a portcullis);
a gate is closed while a hostile army stands within `THREAT_STEPS` of it, else opened, so marches pass.
Comparisons switching the mod's play off (`Params.off`) turn off `castle_works` and keep `castle_gates`.

`castle_works` uses the mod for advantage: a moat (E2.6) on the castle's barren land beside an own wall when
a foe is within `MOAT_THREAT_STEPS` (disrupted land, which a moat would cost its production, only when the
foe is within `THREAT_STEPS`), while food stays above `FOOD_RESERVE`; and the seat's catapults bombard a
closed hostile gate in range, and a strike army beside an enemy flag attacks the closed gate of the wall in
its way rather than the sturdier wall (E2.5). Every check is the engine's (the plugin's option lists).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.ai.behaviours import TurnPart

if TYPE_CHECKING:
    from components.armies import Army
    from game.ai.turn import Turn

THREAT_STEPS = 2
MOAT_THREAT_STEPS = 4
FOOD_RESERVE = 20  # the upkeep resource (R4, food) kept after paying for a moat
MOATS_PER_TURN = 1
RESERVE = {"wood": 10, "metal": 0}  # kept for walls and repairs before buying a gate
BESIEGERS = 4  # units a strike army needs to attack a gate beside an enemy flag (as the base game's besiege)


def foe_distance(turn: Turn, territory: int) -> int | None:
    """Steps from the territory to the nearest hostile army, None when there is none."""
    v = turn.v
    return min((v.board.distance(a.territory, territory) for _, a in v.hostile if a.units), default=None)


class GatesPart(TurnPart):
    def __init__(self, turn: Turn, plugin: Any) -> None:
        self.turn = turn
        self.plugin = plugin

    def act(self) -> None:
        t, v = self.turn, self.turn.v
        rules = self.plugin.settings(v.world)
        walls = [(e, s) for e, s in v.structures if s.border is not None and s.owner == v.seat]
        for entity, wall in walls:
            if not t.active():
                return
            gate = self.plugin.gate_of(entity)
            if gate is None:
                for kind, spec in rules.gates.items():
                    affordable = all(v.stock.get(r, 0) - n >= RESERVE.get(r, 0) for r, n in spec.cost.items())
                    if affordable and t.submit(self.plugin.BuildGate(entity, kind)) is not None:
                        break
                gate = self.plugin.gate_of(entity)
                if gate is None:
                    continue
            threatened = any(
                v.board.distance(a.territory, side) <= THREAT_STEPS
                for _, a in v.hostile for side in (wall.territory, wall.border) if side is not None
            )
            if gate.open == threatened and not gate.broken:
                t.submit(self.plugin.ToggleGate(entity))


class WorksPart(TurnPart):
    def __init__(self, turn: Turn, plugin: Any) -> None:
        self.turn = turn
        self.plugin = plugin

    def lead(self, entity: int, army: Army) -> bool:
        """E2.5: beside an enemy flag behind a wall, a strike army attacks the wall's closed gate when it has
        less health left than the wall (a broken gate is open: the flag is reached through it)."""
        t, v = self.turn, self.turn.v
        if len(army.units) < BESIEGERS:
            return False
        for base in v.enemy_bases.values():
            if base not in v.board.neighbours(army.territory):
                continue
            wall = v.wall_between(army.territory, base)
            gate = self.plugin.gate_of(wall[0]) if wall is not None else None
            if wall is None or gate is None or self.plugin.passable(gate) or wall[1].owner == v.seat:
                continue
            if gate.health < wall[1].health and t.submit(self.plugin.AttackGate(entity, wall[0])) is not None:
                return True
        return False

    def act(self) -> None:
        self.dig_moats()
        self.bombard_gates()

    def dig_moats(self) -> None:
        """E2.6: a moat beside the castle's wall where a foe is near (the engine lists the legal ones)."""
        t, v = self.turn, self.turn.v
        dug = 0
        for option in self.plugin.moat_options(t.game):
            if dug >= MOATS_PER_TURN or not t.active():
                return
            territory = option.command.territory
            near = foe_distance(t, territory)
            barren = v.world.terrain[territory] in self.plugin.settings(v.world).moat.from_terrain
            if near is None or near > (MOAT_THREAT_STEPS if barren else THREAT_STEPS):
                continue
            upkeep = v.rules.resources.upkeep
            if v.stock.get(upkeep, 0) - option.cost.get(upkeep, 0) < FOOD_RESERVE:
                continue
            if territory != v.base and t.submit(option.command) is not None:
                dug += 1

    def bombard_gates(self) -> None:
        """E2.5: each own catapult fires at a closed hostile gate in range (the option's check says if it may)."""
        t, v = self.turn, self.turn.v
        for entity, structure in list(v.structures):
            if not t.active():
                return
            if structure.owner != v.seat or structure.border is not None:
                continue
            for option in self.plugin.bombard_gate_options(t.game, entity):
                if option.available and t.submit(option.command) is not None:
                    break


class GatesBehaviour:
    """Registered by the castle works plugin: the gates any seat needs under E2.1."""

    name = "castle_gates"

    def for_turn(self, turn: Turn) -> TurnPart | None:
        plugin = turn.game.app.plugin("castle-works")
        return GatesPart(turn, plugin) if plugin is not None else None


class CastleBehaviour:
    """Registered by the castle works plugin: moats and bombarded gates, for advantage."""

    name = "castle_works"

    def for_turn(self, turn: Turn) -> TurnPart | None:
        plugin = turn.game.app.plugin("castle-works")
        return WorksPart(turn, plugin) if plugin is not None else None
