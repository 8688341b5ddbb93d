"""Total War on the engine (TW3-TW12): regiments as entities, command checks and the resolver systems, each a thin
layer over the pure rules (`orders`, `movement`, `combat`, `morale`, `victory`)."""

from __future__ import annotations

from typing import Any

import esper

from systems.world import World

from . import combat, morale
from .commands import Attack, Fire, Move, Place
from .components import Battle, Field
from .data import TotalWarRules
from .events import (
    ChargeMade,
    DiceRolled,
    MeleeFought,
    MoraleChanged,
    RegimentBounced,
    RegimentDestroyed,
    RegimentDispersed,
    RegimentMoved,
    RegimentsDeployed,
    RoutStarted,
    ShotFired,
)
from .hexes import Cube, distance, hex_name, neighbours, parse_hex, to_offset
from .movement import resolve_movement
from .orders import MoveOrder, check_order, rout_path
from .regiments import Regiment, in_order
from .victory import outcome as battle_outcome

FIELD, MUSTER, DEPLOY, MOVEMENT, COMBAT = "field", "muster", "deploy", "movement", "combat"


def rules_of(world: World) -> TotalWarRules:
    return world.rules  # type: ignore[return-value]


def size(world: World) -> tuple[int, int]:
    board = world.rules.board
    assert board is not None
    return board.width, board.height


def regiments(world: World) -> dict[int, Regiment]:
    """Every regiment on the field by entity (the components themselves: changes go to the world)."""
    world.activate()
    return dict(esper.get_component(Regiment))


def by_name(world: World) -> dict[str, Regiment]:
    """The regiments by name (TW2.5), read again only when esper's list of them is another one (an entity or a
    component added or removed anywhere): checks ask it for every order, and a regiment's name never changes."""
    world.activate()
    listed = esper.get_component(Regiment)
    found = world.derived.get("tw_by_name")
    if found is not None and found[0] is listed and not esper._dead_entities:
        return found[1]  # type: ignore[no-any-return]
    names = {r.name: r for _, r in listed}
    world.derived["tw_by_name"] = (listed, names)
    return names


def terrain(world: World) -> dict[Cube, str]:
    """The field's terrain by hex (TW1.4), read again only when the Field's table is another one (checks ask it
    for every order)."""
    for _, f in esper.get_component(Field):
        found = world.derived.get("tw_terrain")
        if found is not None and found[0] is f.terrain:
            return found[1]  # type: ignore[no-any-return]
        parsed = {parse_hex(name): kind for name, kind in f.terrain.items()}
        world.derived["tw_terrain"] = (f.terrain, parsed)
        return parsed
    return {}


def battle(world: World) -> Battle:
    for _, b in esper.get_component(Battle):
        return b
    raise RuntimeError("Total War: the battle's bookkeeping is missing (the field phase did not run)")


# --- setup -------------------------------------------------------------------------------------------


def default_positions(rules: TotalWarRules, seat: int, width: int,
                      army: tuple[str, ...] | None = None) -> list[tuple[str, int, Cube]]:
    """TW3.1/TW3.2: an army (the default one unless given) in its zone: infantry in line on the zone's front row,
    cavalry on its flanks, artillery behind the centre (the players move them with Place orders)."""
    low, high = rules.army.zones[seat - 1]
    front, back = (high, high - 2) if seat == 1 else (low, low + 2)
    counts: dict[str, int] = {}
    line: list[tuple[str, int]] = []
    for kind in rules.army.default if army is None else army:
        counts[kind] = counts.get(kind, 0) + 1
        line.append((kind, counts[kind]))
    infantry = [x for x in line if x[0] != "cavalry" and not rules.units[x[0]].artillery]
    cavalry = [x for x in line if x[0] == "cavalry"]
    guns = [x for x in line if rules.units[x[0]].artillery]
    centre = width // 2
    out: list[tuple[str, int, Cube]] = []
    row = cavalry[: len(cavalry) // 2] + infantry + cavalry[len(cavalry) // 2:]
    start = centre - len(row)
    for i, (kind, number) in enumerate(row):
        out.append((kind, number, _at(start + 2 * i, front)))
    start = centre - len(guns) * 2
    for i, (kind, number) in enumerate(guns):
        out.append((kind, number, _at(start + 4 * i + 1, back)))
    return out


def _at(column: int, row: int) -> Cube:
    from .hexes import from_offset

    return from_offset(column, row)


def add_army(world: World, seat: int, entity: int) -> None:
    """new_seat hook: TW3.1 the side's default army (the first infantry is its general, TW2.4), facing TW3.2."""
    raise_army(world, seat, None)


def army_regiments(rules: TotalWarRules, seat: int, width: int, army: tuple[str, ...] | None) -> list[Regiment]:
    """The side's regiments for `army` (None: the default) in the default line (TW3.1, TW2.4, TW3.2); the screen
    shows a side's army being bought with the same."""
    facing = rules.army.facings[seat - 1]
    general_given = False
    out: list[Regiment] = []
    for kind, number, hex_ in default_positions(rules, seat, width, army):
        general = kind == "infantry" and not general_given
        general_given = general_given or general
        men = rules.units[kind].men
        out.append(Regiment(seat, kind, number, hex_, facing, men, rules.morale.start, general=general,
                            start_men=men, effective=rules.morale.start))
    return out


def raise_army(world: World, seat: int, army: tuple[str, ...] | None) -> None:
    """The side's regiments for `army` (None: the default) as entities."""
    for regiment in army_regiments(rules_of(world), seat, size(world)[0], army):
        esper.create_entity(regiment)


def draw_field(world: World) -> None:
    """The field phase: terrain patches drawn from the game's generator (TW13.1), and the battle's bookkeeping."""
    rules = rules_of(world)
    width, _ = size(world)
    rng = world.rng
    ground: dict[str, str] = {}
    for kind, count in sorted(rules.field.patches.items()):
        for _ in range(count):
            here = _at(rng.randrange(width), rng.randint(rules.field.first_row, rules.field.last_row))
            for _ in range(rules.field.patch_size):
                ground[hex_name(here)] = kind
                step = neighbours(here)[rng.randrange(6)]
                c, n = to_offset(step)
                if 0 <= c < width and rules.field.first_row <= n <= rules.field.last_row:
                    here = step
    esper.create_entity(Field(ground))
    counts = [sum(1 for r in regiments(world).values() if r.seat == s) for s in world.seats]
    esper.create_entity(Battle(start_counts=counts))


# --- checks ---------------------------------------------------------------------------------------------


def _ordering(world: World, stage: str, wrong_phase: str, name: str) -> Regiment | str:
    """The issuer's regiment `name` when orders of this kind may be given now, else why not."""
    if world.clock.stage != stage:
        return wrong_phase
    return _own(world, name)


def _own(world: World, name: str) -> Regiment | str:
    reg = by_name(world).get(name)
    if reg is None:
        return f"no regiment '{name}'"
    if reg.seat != world.issuer:
        return f"{name} is not seat {world.issuer}'s regiment"
    return reg


def _hex(name: str) -> Cube | str:
    try:
        return parse_hex(name)
    except ValueError as exc:
        return str(exc)


def check_place(world: World, cmd: Place) -> str | None:
    reg = _ordering(world, DEPLOY, "regiments are placed only at deployment (TW3)", cmd.regiment)
    if isinstance(reg, str):
        return reg
    where = _hex(cmd.hex)
    if isinstance(where, str):
        return where
    low, high = rules_of(world).army.zones[reg.seat - 1]
    c, n = to_offset(where)
    if not (0 <= c < size(world)[0] and low <= n <= high):
        return f"{cmd.hex} is outside seat {reg.seat}'s zone, rows {low}-{high} (TW3.2)"
    return None


def _move_order(cmd: Move) -> MoveOrder | str:
    if cmd.kind not in ("hold", "move", "withdraw"):
        return f"'{cmd.kind}' is not hold, move or withdraw (TW5.1)"
    path: list[Cube] = []
    for name in cmd.path:
        where = _hex(name)
        if isinstance(where, str):
            return where
        path.append(where)
    return MoveOrder(cmd.kind, tuple(path), cmd.facing or None)  # type: ignore[arg-type]


def check_move(world: World, cmd: Move) -> str | None:
    reg = _ordering(world, MOVEMENT, "movement orders are given in the movement phase (TW4.1)", cmd.regiment)
    if isinstance(reg, str):
        return reg
    order = _move_order(cmd)
    if isinstance(order, str):
        return order
    width, height = size(world)
    return check_order(reg, order, list(regiments(world).values()), terrain(world), rules_of(world), reg.effective,
                       width, height)


def check_fire(world: World, cmd: Fire) -> str | None:
    reg = _ordering(world, COMBAT, "fire orders are given in the combat phase (TW4.1)", cmd.regiment)
    if isinstance(reg, str):
        return reg
    where = _hex(cmd.hex)
    if isinstance(where, str):
        return where
    alive = list(regiments(world).values())
    if not any(o.hex == where and o.seat != reg.seat for o in alive):
        return f"no enemy on {cmd.hex}"
    return combat.fire_problem(reg, where, alive, rules_of(world))


def check_attack(world: World, cmd: Attack) -> str | None:
    reg = _ordering(world, COMBAT, "melee orders are given in the combat phase (TW4.1)", cmd.regiment)
    if isinstance(reg, str):
        return reg
    target = by_name(world).get(cmd.target)
    if target is None or target.seat == reg.seat or distance(target.hex, reg.hex) != 1:
        return f"{cmd.target} is not an adjacent enemy (TW9.1)"
    if not rules_of(world).units[reg.kind].melees or reg.routing:
        return f"{cmd.regiment} makes no attack (TW9.1)"
    return None


def order_slot(world: World, order: Any) -> str | None:
    """One order per regiment and phase, one army per side (TW3.1): a new one replaces it."""
    if hasattr(order, "army"):
        return "army"
    return getattr(order, "regiment", None)


def apply_nothing(world: World, cmd: Any) -> None:
    """Orders are buffered by the simultaneous phase; the resolvers apply them."""


# --- resolvers -------------------------------------------------------------------------------------------


def _orders(world: World, kind: type) -> list[tuple[int, Any]]:
    from game.orders import all_orders

    return [(seat, o) for seat, orders in all_orders(world).items() for o in orders if isinstance(o, kind)]


def deploy(world: World) -> None:
    """TW3.2: the placements revealed together; a hex held by one's own regiment swaps the two."""
    names = by_name(world)
    rules = rules_of(world)
    for seat, order in _orders(world, Place):
        reg = names.get(order.regiment)
        if reg is None or reg.seat != seat:
            continue
        where = parse_hex(order.hex)
        other = next((o for o in names.values() if o.hex == where), None)
        if other is not None and other.seat == seat:
            other.hex = reg.hex
        elif other is not None:
            continue
        reg.hex = where
    for seat in world.seats:
        for reg in names.values():
            if reg.seat == seat:
                reg.facing = rules.army.facings[seat - 1]
        world.emit(RegimentsDeployed(seat, sum(1 for r in names.values() if r.seat == seat)))


def move(world: World) -> None:
    """TW4.1 step 3, TW6: orders in the order given (TW5.1), routing regiments' automatic paths after them
    (TW5.5); artillery ordered to move is undeployed (TW2.6)."""
    rules = rules_of(world)
    alive = in_order(list(regiments(world).values()))
    names = {r.name: r for r in alive}
    b = battle(world)
    orders: dict[str, MoveOrder] = {}
    listed: list[str] = []
    for seat, cmd in _orders(world, Move):
        reg = names.get(cmd.regiment)
        order = _move_order(cmd)
        if reg is None or reg.seat != seat or reg.routing or isinstance(order, str):
            continue
        orders[reg.name] = order
        listed.append(reg.name)
    width, height = size(world)
    ground = terrain(world)
    for reg in alive:
        if reg.routing:
            orders[reg.name] = MoveOrder("withdraw", rout_path(reg, alive, ground, rules, width, height))
            listed.append(reg.name)
    b.order_list = listed
    b.moved = [n for n, o in orders.items() if o.kind != "hold" and o.path]
    for n in b.moved:
        if rules.units[names[n].kind].artillery and names[n].deployed:
            names[n].deployed = False
            b.undeployed.append(n)
    barred = {r.name for r in alive if r.kind == "infantry"
              and not morale.state_of(r.effective, rules).infantry_charges}
    result = resolve_movement(alive, orders, rules, world.rng, barred)
    for name, value in result.rolls:  # TW4.2: the roll-offs for contested hexes (TW6.2b), shown first
        world.emit(DiceRolled(names[name].seat, name, "roll-off", value, 1, 6))
    for tick, steps in enumerate(result.ticks, start=1):
        for n, src, dst in steps["made"]:
            world.emit(RegimentMoved(names[n].seat, n, tick, hex_name(src), hex_name(dst)))
        for n, src, dst in steps["bounced"]:
            world.emit(RegimentBounced(names[n].seat, n, tick, hex_name(src), hex_name(dst)))
    for charger, charged in result.charges:
        world.emit(ChargeMade(names[charger].seat, charger, charged))
    b.charges = [[a, c] for a, c in result.charges]
    b.triggers = [[reactor, enemy, hex_name(h)] for reactor, hits in result.triggers.items() for enemy, h in hits.items()]


def _remove_destroyed(world: World, b: Battle) -> None:
    for entity, reg in list(regiments(world).items()):
        if reg.men <= 0:
            b.destroyed.append(reg.name)
            world.emit(RegimentDestroyed(reg.seat, reg.name))
            esper.delete_entity(entity, immediate=True)


def _record(b: Battle, hits: list[combat.Hit], names: dict[str, Regiment]) -> None:
    for hit in hits:
        if hit.source != hit.target and names[hit.source].seat != names[hit.target].seat and hit.men > 0:
            damaged = b.damaged.setdefault(hit.source, [])
            if hit.target not in damaged:
                damaged.append(hit.target)
        if hit.artillery:
            b.artillery_hits[hit.target] = b.artillery_hits.get(hit.target, 0) + 1


def react(world: World) -> None:
    """TW7.3/TW7.4: each reactor fires at the first N enemies that triggered it, in their side's order list."""
    rules = rules_of(world)
    b = battle(world)
    alive = in_order(list(regiments(world).values()))
    names = {r.name: r for r in alive}
    hits: list[combat.Hit] = []
    for reactor in alive:
        mine = [(enemy, parse_hex(h)) for r, enemy, h in b.triggers if r == reactor.name and enemy in names]
        if not mine:
            continue
        mine.sort(key=lambda t: b.order_list.index(t[0]) if t[0] in b.order_list else len(b.order_list))
        shots = (rules.reaction.general_shots if reactor.general else rules.reaction.shots)
        shots += morale.state_of(reactor.effective, rules).reactions
        for enemy, where in mine[:shots]:
            rolls: list[combat.Roll] = []
            made = combat.shoot(reactor, where, alive, terrain(world), rules, world.rng,  # TW7.4: the enemy that
                                morale.damage_factor(reactor.effective, rules), reaction=True,  # triggered it,
                                aimed=names[enemy], rolls=rolls)  # at its trigger hex's distance and cover
            _emit_rolls(world, names, rolls)
            for hit in made:
                world.emit(ShotFired(reactor.seat, reactor.name, hit.target, hit.men, True, hit.artillery))
            hits.extend(made)
        b.shot.append(reactor.name)
    _record(b, hits, names)
    combat.apply_damage(alive, hits)
    _remove_destroyed(world, b)


def fight(world: World) -> None:
    """TW4.1 step 7: fire and melee together from the men at the start of the phase (TW4.3)."""
    rules = rules_of(world)
    b = battle(world)
    alive = in_order(list(regiments(world).values()))
    names = {r.name: r for r in alive}
    fire = {cmd.regiment: parse_hex(cmd.hex) for seat, cmd in _orders(world, Fire)
            if cmd.regiment in names and names[cmd.regiment].seat == seat}
    melee = {cmd.regiment: cmd.target for seat, cmd in _orders(world, Attack)
             if cmd.regiment in names and names[cmd.regiment].seat == seat}
    charges = [(a, c) for a, c in b.charges if a in names and c in names]
    result = combat.resolve_combat(alive, fire, melee, charges, terrain(world), rules, world.rng,
                                   lambda r: morale.damage_factor(r.effective, rules))
    fire_rolls = [r for r in result.rolls if r.purpose in ("artillery", "area")]
    for hit in result.hits:
        if hit.source in fire and hit.source != hit.target:  # a regiment in melee never fires (TW8.1)
            _emit_rolls(world, names, [r for r in fire_rolls if r.regiment == hit.source])  # its dice first
            fire_rolls = [r for r in fire_rolls if r.regiment != hit.source]
            world.emit(ShotFired(names[hit.source].seat, hit.source, hit.target, hit.men, False, hit.artillery))
    _emit_rolls(world, names, fire_rolls)  # the rolls of shots that hit nobody (every area die missed)
    for attacker, defender, charge in result.attacks:
        _emit_rolls(world, names, [r for r in result.rolls if r.regiment == attacker
                                   and r.purpose in ("charge", "melee")])
        dealt = sum(h.men for h in result.hits if h.source == attacker and h.target != attacker)
        world.emit(MeleeFought(names[attacker].seat, attacker, defender, charge, dealt,
                               result.charge_losses.get(attacker, 0)))
        b.melee.extend([attacker, defender])
        if charge:
            side = combat.charge_side(names[defender], names[attacker])
            b.charges_received.append([defender, names[attacker].kind, side])
    b.shot.extend(n for n in fire if n in {h.source for h in result.hits})
    _record(b, result.hits, names)
    combat.apply_damage(alive, result.hits, result.destroyed_artillery)
    _remove_destroyed(world, b)


def _emit_rolls(world: World, names: dict[str, Regiment], rolls: list[combat.Roll]) -> None:
    """TW4.2: every roll shown as an event, in the order made."""
    for r in rolls:
        world.emit(DiceRolled(names[r.regiment].seat, r.regiment, r.purpose, r.value, r.low, r.high, r.need,
                              r.target))


def rally(world: World) -> None:
    """TW11.4 the morale step; TW2.6 artillery standing a whole turn deploys; then the next turn's start."""
    rules = rules_of(world)
    b = battle(world)
    by_entity = regiments(world)
    alive = in_order(list(by_entity.values()))
    changes = {}
    for reg in alive:
        received = [(kind, side) for name, kind, side in b.charges_received if name == reg.name]
        changes[reg.name] = morale.turn_changes(
            reg, reg.start_men - reg.men, b.artillery_hits.get(reg.name, 0), received, reg.name in b.moved,
            reg.name in b.shot, reg.name in b.melee, rules)
    start_counts = dict(zip(world.seats, b.start_counts, strict=True))
    dispersed, routed, _ = morale.morale_step(alive, changes, {k: set(v) for k, v in b.damaged.items()},
                                              set(b.destroyed), start_counts, rules)
    for reg in routed:
        world.emit(RoutStarted(reg.seat, reg.name))
    for reg in dispersed:
        world.emit(RegimentDispersed(reg.seat, reg.name))
        esper.delete_entity(next(e for e, r in by_entity.items() if r is reg), immediate=True)
    general_lost = {s: not any(r.general and r.seat == s for r in alive) for s in world.seats}
    half = {s: 2 * (start_counts[s] - sum(r.seat == s for r in alive)) >= start_counts[s] for s in world.seats}
    for reg in alive:
        if not reg.deployed and reg.name not in b.moved and reg.name not in b.undeployed:
            reg.deployed = True  # TW2.6
        reg.effective = morale.effective(reg.morale, morale.auras(reg, alive, rules, general_lost[reg.seat],
                                                                  half[reg.seat]), rules)
        reg.start_men = reg.men
        state = morale.state_of(reg.effective, rules, controlled=not reg.routing)
        world.emit(MoraleChanged(reg.seat, reg.name, reg.morale, reg.effective, state.name))
    b.order_list, b.charges, b.triggers, b.moved, b.shot, b.melee = [], [], [], [], [], []
    b.artillery_hits, b.charges_received, b.damaged, b.destroyed, b.undeployed = {}, [], {}, [], []


def check_resign(world: World, cmd: Any) -> str | None:
    return None if world.clock.stage in (MOVEMENT, COMBAT) else "a side may resign once the battle has begun (TW12.1)"


def apply_resign(world: World, cmd: Any) -> None:
    """TW12.1: a player may resign: the other side wins at once."""
    from systems.events import PlayerResigned
    from systems.hooks import LOST, WON
    from systems.outcome import finish

    world.emit(PlayerResigned(world.issuer, world.clock.round))
    finish(world, {seat: LOST if seat == world.issuer else WON for seat in world.seats})


def victory_hook(world: World) -> dict[int, str] | None:
    """TW12: asked after the morale step."""
    if world.clock.stage != COMBAT:
        return None
    a, b = world.seats[0], world.seats[1]
    return battle_outcome(list(regiments(world).values()), (a, b), world.clock.round, rules_of(world))

