"""Total War's `hard` computer player (TW14 in full): the general in the middle of the line, a line that holds where
the enemy must cross its arcs, cavalry kept back to charge sides and backs from outside enemy arcs, engaged
regiments that withdraw when losing more than they inflict, targets chosen by expected damage with loss
thresholds and routs counted. It reads only its seat's view (computer.seen), like the other players."""

from __future__ import annotations

from typing import Any

from . import combat, morale
from .commands import Attack, Buy, Fire, Move, Place
from .computer import NormalPlayer, _stage, _submit, expected_fire, facing_towards, seen
from .hexes import DIRECTIONS, VECTORS, Cube, add, distance, hex_name, in_arc, neighbours, on_field, side_of
from .orders import engaged, movement_points, path_cost
from .regiments import Regiment

PATIENCE = 6  # rounds the line waits for an enemy to come within reach before it advances itself
CLOSE = 9  # hexes: an enemy this near the line is coming to it: hold and let it cross the arcs


class HardPlayer(NormalPlayer):
    """TW14: the `hard` level; same commands and view as `normal`, better judgement."""

    def __init__(self, difficulty: str = "hard") -> None:
        super().__init__(difficulty)

    def give_orders(self, game: Any, seat: int) -> list[Any]:
        stage = _stage(game)
        if stage == "muster":  # TW3.1: the default army's mix (line, flanks, guns) for the points
            return _submit(game, seat, Buy(tuple(game.world.rules.army.default)))
        if stage == "deploy":
            return self.deploy(game, seat)
        if stage == "movement":
            return self.movement(game, seat)
        if stage == "combat":
            return self.combat(game, seat)
        return super().give_orders(game, seat)

    # ----- TW3.2 / TW14: the general where most regiments are within its aura
    def deploy(self, game: Any, seat: int) -> list[Any]:
        regs, _ = seen(game, seat)
        mine = [r for r in regs if r.seat == seat]
        general = next((r for r in mine if r.general), None)
        if general is None:
            return []
        radius = game.world.rules.morale.aura_radius
        best = max((r for r in mine if r.kind == general.kind),
                   key=lambda r: (sum(distance(o.hex, r.hex) <= radius for o in mine), -r.number))
        if best is general:
            return []
        return _submit(game, seat, Place(general.name, hex_name(best.hex)))  # a swap (TW3.2 placement)

    # ----- TW5 movement orders
    def movement(self, game: Any, seat: int) -> list[Any]:
        rules = game.world.rules
        board = rules.board
        regs, ground = seen(game, seat)
        mine = [r for r in regs if r.seat == seat and not r.routing]
        enemies = [r for r in regs if r.seat != seat]
        if not enemies:
            return []
        fighting = [e for e in enemies if not e.routing]
        gap = min(distance(m.hex, e.hex) for m in mine for e in enemies) if mine else 0
        waiting = gap > CLOSE and game.world.clock.round <= PATIENCE
        advancing = gap > CLOSE and not waiting
        taken = {r.hex for r in regs}
        enemy_hexes = {e.hex for e in enemies}
        lines = rifle_lines(mine, enemies, rules)  # TW14: friends keep off their own side's rifle lines
        out: list[Any] = []
        for reg in mine:
            kind = rules.units[reg.kind]
            nearest = min(fighting or enemies, key=lambda e: (distance(e.hex, reg.hex), e.key))
            face = facing_towards(reg.hex, self._front(reg, fighting or enemies))
            if engaged(reg, regs):
                order = self._engaged(reg, regs, enemies, taken, board, rules, ground)
                if order is not None:
                    out += _submit(game, seat, order)
                    if order.path:
                        taken.add(parse(order.path[-1]))
                    continue
                adjacent = [e for e in enemies if distance(e.hex, reg.hex) == 1]
                strongest = max(adjacent, key=lambda e: (e.men, -e.number))
                out += _submit(game, seat, Move(reg.name, "hold", (), facing_towards(reg.hex, strongest.hex)))
                continue
            if reg.kind == "cavalry":
                order = self._cavalry(reg, regs, enemies, taken, enemy_hexes, ground, rules, board, advancing)
                if order is not None and order.path:
                    taken.add(parse(order.path[-1]))
                    out += _submit(game, seat, order)
                    continue
                out += _submit(game, seat, Move(reg.name, "hold", (), face))
                continue
            if kind.artillery or not advancing or distance(nearest.hex, reg.hex) <= kind.fire_max:
                out += _submit(game, seat, Move(reg.name, "hold", (), face))  # TW14: hold; guns rarely move
                continue
            mp = movement_points(reg, rules, reg.effective, False)
            path = self._path(reg.hex, nearest.hex, kind.fire_max, mp, taken, enemy_hexes, ground, rules, board)
            while path and path[-1] in lines:
                path = path[:-1]
            if path:
                taken.add(path[-1])
                out += _submit(game, seat, Move(reg.name, "move", tuple(hex_name(h) for h in path),
                                                facing_towards(path[-1], nearest.hex)))
            else:
                out += _submit(game, seat, Move(reg.name, "hold", (), face))
        return out

    @staticmethod
    def _front(reg: Regiment, enemies: list[Regiment]) -> Cube:
        """The point the regiment faces: the nearest enemies' middle (TW2.2 arcs cover the way they come)."""
        near = sorted(enemies, key=lambda e: (distance(e.hex, reg.hex), e.key))[:3]
        q = round(sum(e.hex[0] for e in near) / len(near))
        r = round(sum(e.hex[1] for e in near) / len(near))
        return (q, r)

    def _engaged(self, reg: Regiment, regs: list[Regiment], enemies: list[Regiment], taken: set[Cube], board: Any,
                 rules: Any, ground: dict[Cube, str]) -> Move | None:
        """TW14: withdraw an engaged regiment that loses more than it inflicts (expected melee, mean rolls)."""
        adjacent = [e for e in enemies if distance(e.hex, reg.hex) == 1 and not e.routing]
        if not adjacent:
            return None
        inflicted = 0.0 if rules.units[reg.kind].artillery else mean_melee(reg, rules)
        suffered = sum(mean_melee(e, rules) for e in adjacent if not rules.units[e.kind].artillery)
        if suffered <= inflicted * 1.2 and reg.effective >= rules.morale.rout_below + 20:
            return None
        step = self._step_away(reg, enemies, taken, board)
        if step is None:
            return None
        nearest = min(adjacent, key=lambda e: e.key)
        return Move(reg.name, "withdraw", (hex_name(step),), facing_towards(step, nearest.hex))

    def _cavalry(self, reg: Regiment, regs: list[Regiment], enemies: list[Regiment], taken: set[Cube],
                 enemy_hexes: set[Cube], ground: dict[Cube, str], rules: Any, board: Any, advancing: bool) -> Move | None:
        """TW14: a charge on a side or back from a hex outside every enemy arc, at an enemy already in melee,
        routing or weakened; else nothing (the cavalry waits on the flank)."""
        mp = movement_points(reg, rules, reg.effective, False)
        best: tuple[float, tuple[Cube, ...], Regiment] | None = None
        for target in enemies:
            if distance(target.hex, reg.hex) > mp + 1:
                continue
            pinned = any(distance(o.hex, target.hex) == 1 for o in regs if o.seat == reg.seat)
            weak = target.routing or target.men * 2 < (target.start_men or target.men) or rules.units[target.kind].artillery
            if not (pinned or weak or advancing):
                continue
            for end in neighbours(target.hex):
                if end in taken and end != reg.hex or end in enemy_hexes or not on_field(end, board.width, board.height):
                    continue
                if any(o.seat != reg.seat and o.hex != target.hex and distance(o.hex, end) == 1 for o in enemies):
                    continue  # contact with a second enemy: its charge too
                side = side_of(target.hex, target.facing, end)
                if side == "front" and not target.routing:
                    continue
                if exposed(end, enemies, rules):
                    continue
                path = route(reg.hex, end, mp, taken | enemy_hexes, ground, rules, board)
                if path is None:
                    continue
                value = (3 if side == "back" else 2 if side == "side" else 1) * 100 - target.men + 50 * pinned
                if best is None or value > best[0]:
                    best = (value, path, target)
        if best is None:
            return None
        _, path, target = best
        return Move(reg.name, "move", tuple(hex_name(h) for h in path), facing_towards(path[-1], target.hex))

    # ----- TW8 / TW9 combat orders
    def combat(self, game: Any, seat: int) -> list[Any]:
        rules = game.world.rules
        regs, ground = seen(game, seat)
        out: list[Any] = []
        for reg in regs:
            if reg.seat != seat or reg.routing:
                continue
            kind = rules.units[reg.kind]
            adjacent = [e for e in regs if e.seat != seat and distance(e.hex, reg.hex) == 1]
            if adjacent:
                if kind.melees:
                    target = max(adjacent, key=lambda e: (melee_value(reg, e, rules), -e.men, -e.number))
                    out += _submit(game, seat, Attack(reg.name, target.name))
                continue
            if not kind.fires:
                continue
            best, value = None, 0.0
            for enemy in regs:
                if enemy.seat == seat or combat.fire_problem(reg, enemy.hex, regs, rules) is not None:
                    continue
                gain = fire_value(reg, enemy, regs, ground, rules)
                if gain > value:
                    best, value = enemy, gain
            if best is not None:
                out += _submit(game, seat, Fire(reg.name, hex_name(best.hex)))
        return out


def parse(name: str) -> Cube:
    from .hexes import parse_hex

    return parse_hex(name)


def rifle_lines(mine: list[Regiment], enemies: list[Regiment], rules: Any) -> set[Cube]:
    """The hexes between an own rifle and an enemy it could fire at now (TW8.3: a friend there takes a share)."""
    from .hexes import between

    out: set[Cube] = set()
    for r in mine:
        kind = rules.units[r.kind]
        if not kind.fires or kind.artillery or r.routing:
            continue
        for e in enemies:
            if 2 <= distance(r.hex, e.hex) <= kind.fire_max and in_arc(r.hex, r.facing, e.hex, kind.arc):
                out.update(between(r.hex, e.hex))
    return out


def mean_melee(reg: Regiment, rules: Any) -> float:
    """TW2.1: a regiment's mean normal melee kills (artillery and routing: none)."""
    kind = rules.units[reg.kind]
    if not kind.melees or reg.routing:
        return 0.0
    low, high = reg.men // kind.melee_low_div, reg.men // kind.melee_high_div
    return (low + high) / 2 * morale.damage_factor(reg.effective, rules) / 100


def exposed(h: Cube, enemies: list[Regiment], rules: Any) -> bool:
    """Whether an enemy able to fire has `h` in its arc and range (TW2.2, TW8.1)."""
    for e in enemies:
        kind = rules.units[e.kind]
        if e.routing or not kind.fires or (kind.artillery and not e.deployed):
            continue
        if 2 <= distance(e.hex, h) <= kind.fire_max and in_arc(e.hex, e.facing, h, kind.arc):
            return True
    return False


def route(src: Cube, dst: Cube, mp: int, blocked: set[Cube], ground: dict[Cube, str], rules: Any,
          board: Any) -> tuple[Cube, ...] | None:
    """The cheapest path from `src` to `dst` within `mp` (TW5.2), through hexes not blocked (breadth-first)."""
    if src == dst:
        return None
    frontier: list[tuple[Cube, tuple[Cube, ...]]] = [(src, ())]
    seen_at: dict[Cube, int] = {src: 0}
    while frontier:
        nxt: list[tuple[Cube, tuple[Cube, ...]]] = []
        for here, path in frontier:
            for d in DIRECTIONS:
                step = add(here, VECTORS[d])
                if step != dst and step in blocked or not on_field(step, board.width, board.height):
                    continue
                walk = (*path, step)
                cost = path_cost(walk, ground, rules)
                if cost > mp and len(walk) > 1:
                    continue
                if step == dst:
                    return walk
                if seen_at.get(step, 99) <= cost:
                    continue
                seen_at[step] = cost
                nxt.append((step, walk))
        frontier = nxt
    return None


def melee_value(attacker: Regiment, target: Regiment, rules: Any) -> float:
    """TW9.1: the adjacent enemy worth attacking: mean kills as a share of its men, routing ones finished off."""
    hit = mean_melee(attacker, rules)
    return min(hit, target.men) / max(1, target.men) * 100 + (30 if hit >= target.men else 0)


def fire_value(shooter: Regiment, target: Regiment, regs: list[Regiment], ground: dict[Cube, str], rules: Any) -> float:
    """TW14: a shot's worth: expected damage (mean rolls, friends on the line or the area counted against it),
    plus the loss thresholds it crosses (TW11.2) and a rout or dispersal it may cause (TW11.4)."""
    value = expected_fire(shooter, target, regs, ground, rules)
    kind = rules.units[shooter.kind]
    factor = morale.damage_factor(shooter.effective, rules)
    if kind.artillery:
        mean = (rules.fire.artillery_low + rules.fire.artillery_high) * shooter.men // 2
        hit = combat.damage(mean, factor, combat.cover(target.hex, ground, rules, True))
    else:
        hit = combat.damage(shooter.men // rules.fire.rifle_div, combat.range_factor(distance(shooter.hex, target.hex),
                                                                                     rules), factor,
                            combat.cover(target.hex, ground, rules, False))
    start = target.start_men or target.men
    before = morale.loss_event(start - target.men, start, rules)
    after = morale.loss_event(start - target.men + hit, start, rules)
    value += (before - after)  # a threshold crossed is worth its morale points
    if target.routing:
        value -= 30  # a routing enemy is no threat for now
    elif (target.effective or target.morale) + (after - before) < rules.morale.rout_below:
        value += 60  # TW11.4: likely to rout (and the +10 credit)
    if hit >= target.men:
        value += 80  # destroyed
    return value
