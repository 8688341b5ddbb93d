"""Total War's computer players (TW14): they read only their seat's view (game.views.view_for) and give the
same orders as a human; a rejected order is dropped (the regiment holds)."""

from __future__ import annotations

from typing import Any

from . import combat, morale, victory
from .commands import Fire, Move
from .hexes import DIRECTIONS, VECTORS, Cube, add, distance, hex_name, neighbours, on_field, parse_hex
from .orders import engaged, movement_points, path_cost
from .regiments import Regiment, in_order

SEEN = ("Regiment", "Field")  # the components a computer reads (the board's 2,500 territories it does not need)


def seen(game: Any, seat: int) -> tuple[list[Regiment], dict[Cube, str]]:
    """The regiments and terrain in `seat`'s view (TW4.2: every regiment is public; orders are not)."""
    from game.views import view_for

    view = view_for(game, seat, only=SEEN)
    regs: list[Regiment] = []
    ground: dict[Cube, str] = {}
    for comps in view["entities"].values():
        data = comps.get("Regiment")
        if data is not None:
            regs.append(Regiment(**{**data, "hex": tuple(data["hex"])}))
        field = comps.get("Field")
        if field is not None:
            ground = {parse_hex(k): v for k, v in field["terrain"].items()}
    return in_order(regs), ground


def _stage(game: Any) -> str:
    return str(game.world.clock.stage)


def facing_towards(src: Cube, dst: Cube) -> str:
    """The direction whose step from `src` comes nearest `dst`."""
    return min(DIRECTIONS, key=lambda d: (distance(add(src, VECTORS[d]), dst), DIRECTIONS.index(d)))


def _submit(game: Any, seat: int, order: Any) -> list[Any]:
    result = game.submit(order, seat=seat)
    return [result] if result.ok else []


class NormalPlayer:
    """TW14 in brief: infantry advance into rifle range and hold facing the nearest enemy; cavalry ride at the
    weakest enemy; artillery holds and turns to the enemy; engaged regiments outnumbered withdraw; every
    shooter fires at the target of highest expected damage (mean rolls)."""

    def __init__(self, difficulty: str = "normal") -> None:
        self.difficulty = difficulty

    def play_turn(self, game: Any) -> list[Any]:
        return []

    def give_orders(self, game: Any, seat: int) -> list[Any]:
        stage = _stage(game)
        if stage == "movement":
            return self.movement(game, seat)
        if stage == "combat":
            return self.combat(game, seat)
        return []  # deployment: the default line (TW14: infantry in line, cavalry on the flanks)

    def movement(self, game: Any, seat: int) -> list[Any]:
        rules = game.world.rules
        regs, ground = seen(game, seat)
        board = rules.board
        mine = [r for r in regs if r.seat == seat and not r.routing]
        enemies = [r for r in regs if r.seat != seat]
        if not enemies:
            return []
        taken = {r.hex for r in regs}
        press = 0 < rules.computer.press_turn <= game.world.clock.round  # close to melee: a decision, not a stand-off
        foe = next(s for s in game.world.seats if s != seat)
        # guns go forward only for the side that would lose on strength at the turn limit (TW12.2): the side ahead
        # waits deployed, so two last batteries do not ride into each other's range and fall together (a draw)
        guns_press = press and (victory.strength(regs, seat, rules), -seat) < (victory.strength(regs, foe, rules), -foe)
        out: list[Any] = []
        for reg in mine:
            kind = rules.units[reg.kind]
            nearest = min(enemies, key=lambda e: (distance(e.hex, reg.hex), e.key))
            if engaged(reg, regs):
                adjacent = [e for e in enemies if distance(e.hex, reg.hex) == 1]
                if sum(e.men for e in adjacent) > reg.men * 2 and not kind.artillery:
                    step = self._step_away(reg, enemies, taken, board)
                    if step is not None:
                        taken.add(step)
                        out += _submit(game, seat, Move(reg.name, "withdraw", (hex_name(step),),
                                                        facing_towards(step, nearest.hex)))
                        continue
                out += _submit(game, seat, Move(reg.name, "hold", (), facing_towards(reg.hex, nearest.hex)))
                continue
            in_range = kind.fires and distance(nearest.hex, reg.hex) <= kind.fire_max - 1
            if (kind.artillery and (in_range or not guns_press)) or (not kind.artillery and in_range and not press):
                out += _submit(game, seat, Move(reg.name, "hold", (), facing_towards(reg.hex, nearest.hex)))
                continue
            if reg.kind == "cavalry":
                goal = min(enemies, key=lambda e: (e.men * (1 if e.routing else 2), distance(e.hex, reg.hex), e.key))
                stop = 1
            elif kind.artillery:  # pressing guns come into range: with no other regiments left, nothing else would
                goal, stop = nearest, max(2, kind.fire_max - 1)
            else:
                goal, stop = nearest, 1 if press else max(2, kind.fire_max - 2)
            mp = movement_points(reg, rules, reg.effective, False)
            path = self._path(reg.hex, goal.hex, stop, mp, taken, {e.hex for e in enemies}, ground, rules, board)
            if path:
                taken.add(path[-1])
                out += _submit(game, seat, Move(reg.name, "move", tuple(hex_name(h) for h in path),
                                                facing_towards(path[-1], goal.hex)))
        return out

    @staticmethod
    def _step_away(reg: Regiment, enemies: list[Regiment], taken: set[Cube], board: Any) -> Cube | None:
        options = [n for n in neighbours(reg.hex) if n not in taken and on_field(n, board.width, board.height)]
        best = max(options, key=lambda n: min(distance(n, e.hex) for e in enemies), default=None)
        if best is None or min(distance(best, e.hex) for e in enemies) <= 1:
            return None
        return best

    @staticmethod
    def _path(src: Cube, dst: Cube, stop: int, mp: int, taken: set[Cube], enemy: set[Cube], ground: dict[Cube, str],
              rules: Any, board: Any) -> tuple[Cube, ...]:
        path: list[Cube] = []
        here = src
        while distance(here, dst) > stop:
            options = [n for n in neighbours(here) if n not in taken and n not in enemy
                       and on_field(n, board.width, board.height) and n not in path]
            if not options:
                break
            step = min(options, key=lambda n: (distance(n, dst), rules.ground[ground.get(n, "plain")].move_cost))
            if distance(step, dst) >= distance(here, dst) or (path and path_cost((*path, step), ground, rules) > mp):
                break
            path.append(step)
            here = step
        return tuple(path)

    def combat(self, game: Any, seat: int) -> list[Any]:
        rules = game.world.rules
        regs, ground = seen(game, seat)
        out: list[Any] = []
        for reg in regs:
            if reg.seat != seat or not rules.units[reg.kind].fires:
                continue
            best, value = None, 0.0
            for enemy in regs:
                if enemy.seat == seat or combat.fire_problem(reg, enemy.hex, regs, rules) is not None:
                    continue
                gain = expected_fire(reg, enemy, regs, ground, rules)
                if gain > value:
                    best, value = enemy, gain
            if best is not None:
                out += _submit(game, seat, Fire(reg.name, hex_name(best.hex)))
        return out


def expected_fire(shooter: Regiment, target: Regiment, regs: list[Regiment], ground: dict[Cube, str], rules: Any) -> float:
    """TW14: a shot's expected worth: mean damage to the enemy as a share of its men, less friends hit."""
    kind = rules.units[shooter.kind]
    factor = morale.damage_factor(shooter.effective, rules)
    friends = 0
    if kind.artillery:
        mean = (rules.fire.artillery_low + rules.fire.artillery_high) * shooter.men // 2
        hit = combat.damage(mean, factor, combat.cover(target.hex, ground, rules, True))
        friends = sum(1 for r in regs if r.seat == shooter.seat and distance(r.hex, target.hex) == 1)
    else:
        from .hexes import between

        d = distance(shooter.hex, target.hex)
        line = set(between(shooter.hex, target.hex))
        friends = sum(1 for r in regs if r.seat == shooter.seat and r.hex in line)
        hit = combat.damage(shooter.men // rules.fire.rifle_div, combat.range_factor(d, rules), factor,
                            combat.cover(target.hex, ground, rules, False)) // (friends + 1)
    return min(hit, target.men) / max(1, target.men) * 100 + min(hit, target.men) - 20 * friends


def position_value(game: Any, seat: int) -> float:
    """How well `seat` stands, 0..1, for the engine's search player (app.set_position_value): its share of the
    men on the field, a routing regiment's men counted at half (TW11: a rout is near to a loss), and a little for
    how near its regiments stand to the enemy."""
    from .play import regiments

    regs = list(regiments(game.world).values())
    strength = {s: 0.0 for s in game.world.seats}
    for reg in regs:
        strength[reg.seat] = strength.get(reg.seat, 0.0) + reg.men * (0.5 if reg.routing else 1.0)
    total = sum(strength.values())
    share = 0.5 if total <= 0 else strength.get(seat, 0.0) / total
    mine = [r for r in regs if r.seat == seat and not r.routing]
    foes = [r for r in regs if r.seat != seat]
    if not mine or not foes:
        return share
    # a battle is won by closing with the enemy: nearness counts a little, so a search far from any fight advances
    board = game.world.rules.board
    gap = sum(min(distance(r.hex, f.hex) for f in foes) for r in mine) / len(mine)
    return 0.9 * share + 0.1 * max(0.0, 1 - gap / max(board.width, board.height))
