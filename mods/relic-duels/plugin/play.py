"""Relic Duels on the engine: characters as entities, the step and end-of-moves handlers, the systems of the turn
(DU2-DU4), the combats asked round by round to both seats at once (DU5-DU8, DU9) and the victory hook (DU3)."""

from __future__ import annotations

from typing import Any

import esper

from components.seats import Prompt
from systems.hooks import LOST, WON
from systems.outcome import check_victory
from systems.prompts import ask
from systems.world import World

from . import choices, duel
from .commands import EndMoves, Step
from .components import OFF_MAP, Character, Duel, Quest
from .data import NEUTRAL, SIDES, RelicDuelsRules
from .events import (
    AttackDeclared,
    CharacterMoved,
    CombatEnded,
    CombatStarted,
    RelicPassed,
    RelicUsed,
    RoundFought,
    SpotRolled,
    WraithsReturned,
)
from .land import Land, land_of

MOVE, LURKER, SPOTTING, COMBAT, TURN_END = "move", "lurker", "spotting", "combat", "turn_end"
DECLARE, ROUND, BEARER = "relic_declare", "relic_round", "relic_bearer"  # prompt kinds
ATTACK, HOLD = "attack", "hold"


def rules_of(world: World) -> RelicDuelsRules:
    return world.rules  # type: ignore[return-value]


def land(world: World) -> Land:
    """The game's land (DU1.2), kept with the world: every step's check asks it, and finding it among the cached
    lands compares whole rulesets."""
    found = world.derived.get("relic_land")
    if found is None:
        found = world.derived["relic_land"] = land_of(rules_of(world))
    return found  # type: ignore[no-any-return]


def side_of(world: World, seat: int) -> str:
    return SIDES[world.seats.index(seat)]


def seat_of(world: World, side: str) -> int:
    return world.seats[SIDES.index(side)]


def characters(world: World) -> dict[str, Character]:
    """Every character still in the game by roster id, in roster order (the components themselves)."""
    world.activate()
    listed = esper.get_component(Character)  # esper's list: the same object until an entity or component changes
    kept = world.derived.get("relic_characters")
    if kept is not None and kept[0] is listed and not esper._dead_entities:
        return dict(kept[1])  # a copy: callers may edit theirs; a character's key and roster order never change
    found = sorted((c for _, c in listed), key=lambda c: c.order)
    table = {c.key: c for c in found}
    world.derived["relic_characters"] = (listed, table)
    return dict(table)


def entity_of(key: str) -> int | None:
    return next((e for e, c in esper.get_component(Character) if c.key == key), None)


def quest(world: World) -> Quest:
    world.activate()
    for _, q in esper.get_component(Quest):
        return q
    raise RuntimeError("Relic Duels: the Relic's state is missing (the table was not set)")


def running(world: World) -> tuple[int, Duel] | None:
    found = esper.get_component(Duel)
    return found[0] if found else None


def is_guardian(world: World, c: Character) -> bool:
    return rules_of(world).units[c.key].has("guardian")


def is_wraith(world: World, key: str) -> bool:
    return rules_of(world).units[key].has("wraith")


def relic_hex(world: World) -> int | None:
    """Where the Relic is: its bearer's hex or the hex where it lies; None once seized."""
    q = quest(world)
    if q.seized_by:
        return None
    if q.bearer:
        bearer = characters(world).get(q.bearer)
        return bearer.hex if bearer is not None else None
    return q.lying if q.lying != OFF_MAP else None


# --- setup ---------------------------------------------------------------------------------------------


def set_table(world: World, seat: int, entity: int) -> None:
    """new_seat hook: once both seats sit, DU1.3 every character on its start hex and the Relic with its bearer."""
    if seat != world.seats[-1]:
        return
    rules, here = rules_of(world), land(world)
    bearer = ""
    for order, (key, unit) in enumerate(rules.units.items()):
        if unit.guardian_at is not None:
            if not rules.options.guardians:
                continue
            at = here.index(*unit.guardian_at)
        else:
            at = {"company": here.start, "dominion": here.muster, NEUTRAL: here.lair}[unit.side]
        esper.create_entity(Character(key, unit.side, at, unit.morale, order=order))
        if unit.side == "company" and unit.has("bearer"):
            bearer = key
    esper.create_entity(Quest(bearer=bearer))


# --- moving (DU2.2-DU2.4) -------------------------------------------------------------------------------------


def refill(world: World) -> None:
    """DU2.2: the moving side's move points are full each turn."""
    side = side_of(world, world.clock.seat)
    for c in characters(world).values():
        if c.side == side:
            c.mp = rules_of(world).units[c.key].move


def check_step(world: World, cmd: Step) -> str | None:
    rules, here = rules_of(world), land(world)
    if world.clock.stage != MOVE:
        return "characters move only in their side's move phase (DU2.1)"
    c = characters(world).get(cmd.character)
    if c is None:
        return f"'{cmd.character}' is not a character in the game"
    side = side_of(world, world.issuer)
    name = rules.units[c.key].name
    if c.side != side:
        return f"{name} is not of the {side.title()}"
    if is_guardian(world, c):
        return f"{name} is a guardian and never moves (DU9.2)"
    if c.hex == OFF_MAP:
        return f"{name} is dispersed until the end of the turn (DU7.3)"
    if not 0 <= cmd.hex < here.board.size or cmd.hex not in here.neighbours(c.hex):
        return f"{name} can only enter a hex next to {here.name(c.hex)}"
    cost = here.move_cost(cmd.hex)
    if cost is None:
        return f"{here.name(cmd.hex)} is water (DU1.2)"
    if cost > c.mp:
        return f"{name} has {c.mp} move points left; {here.terrain[cmd.hex]} costs {cost} (DU2.2)"
    return None


def apply_step(world: World, cmd: Step) -> None:
    c = characters(world)[cmd.character]
    cost = land(world).move_cost(cmd.hex) or 0
    origin, c.hex, c.mp = c.hex, cmd.hex, c.mp - cost
    world.emit(CharacterMoved(world.clock.seat, c.key, origin, c.hex, c.mp))
    _pick_up(world, c)
    check_victory(world)


def _pick_up(world: World, c: Character) -> None:
    """DU2.4: ending a move on a lying Relic: a Company character bears it, anyone else seizes it."""
    q = quest(world)
    if q.bearer or q.seized_by or q.lying != c.hex:
        return
    q.lying = OFF_MAP
    if c.side == "company":
        q.bearer = c.key
        world.emit(RelicPassed(world.clock.seat, c.key, c.hex, "bearer"))
    else:
        q.seized_by = c.key
        world.emit(RelicPassed(world.clock.seat, c.key, c.hex, "seized"))


def check_end(world: World, cmd: EndMoves) -> str | None:
    return None if world.clock.stage == MOVE else "there are no moves to end now"


def apply_end(world: World, cmd: EndMoves) -> None:
    """The seat phase ends with this command (the flow goes on)."""


# --- the Lurker (DU2.3) -----------------------------------------------------------------------------------------


def move_lurker(world: World) -> None:
    target = relic_hex(world)
    here = land(world)
    for c in list(characters(world).values()):
        if c.side != NEUTRAL or target is None or c.hex == OFF_MAP:
            continue
        steps = rules_of(world).units[c.key].move
        for left, step in enumerate(here.lurker_path(c.hex, target, steps)):
            origin, c.hex = c.hex, step
            world.emit(CharacterMoved(world.clock.seat, c.key, origin, step, steps - left - 1))
        _pick_up(world, c)
    check_victory(world)


# --- spotting (DU4.1) -------------------------------------------------------------------------------------------


def hunters(world: World, hex_: int) -> list[Character]:
    """The Dominion characters in a hex that count for spotting and normal combats (not guardians, DU9.2)."""
    return [c for c in characters(world).values()
            if c.side == "dominion" and c.hex == hex_ and not is_guardian(world, c)]


def company_in(world: World, hex_: int) -> list[Character]:
    return [c for c in characters(world).values() if c.side == "company" and c.hex == hex_]


def spot(world: World) -> None:
    """DU4.1: in hex order then roster order, each Company character in a hex holding a Dominion character rolls."""
    rules, here = rules_of(world), land(world)
    chars = characters(world)
    for hex_ in sorted({c.hex for c in chars.values() if c.side == "company"}):
        there = hunters(world, hex_)
        if not there:
            continue
        bonus = rules.spotting.wraith_bonus if any(is_wraith(world, d.key) for d in there) else 0
        target = here.spot_target(hex_)
        for c in company_in(world, hex_):
            (die,) = world.roll(rules.dice.sides, 1, f"spotting {c.key}")
            c.spotted = die + bonus >= target
            world.emit(SpotRolled(world.clock.seat, c.key, hex_, die, bonus, target, c.spotted))


# --- combats (DU4.2-DU4.4, DU9) --------------------------------------------------------------------------------


def open_combats(world: World) -> None:
    """Step 5: the Company declares attacks where it matters (a hex of both sides with an unspotted Company
    character, asked one hex at a time in hex order), then the combats are fought in order."""
    q = quest(world)
    q.declared = []
    q.undecided = [h for h in sorted({c.hex for c in characters(world).values() if c.side == "company"})
                   if hunters(world, h) and any(not c.spotted for c in company_in(world, h))]
    _next_declaration(world)


def _next_declaration(world: World) -> None:
    q = quest(world)
    if q.undecided:
        hex_ = q.undecided[0]
        ask(world, DECLARE, f"Attack the Dominion at {land(world).name(hex_)}? (DU4.2)",
            [seat_of(world, "company")], [HOLD, ATTACK], HOLD, [hex_])
        return
    _queue_combats(world)
    advance(world)


def settle_declaration(world: World, prompt: Prompt) -> None:
    q = quest(world)
    hex_ = q.undecided.pop(0)
    attack = prompt.given[0] == ATTACK
    if attack:
        q.declared.append(hex_)
    world.emit(AttackDeclared(world.clock.seat, hex_, attack))
    _next_declaration(world)


def _queue_combats(world: World) -> None:
    """DU9.1 the seize combat first, DU9.2 guardians' combats, then DU4.3 every normal one, each in hex order."""
    rules, q = rules_of(world), quest(world)
    chars = characters(world).values()
    combats: list[list[Any]] = []
    bearer = characters(world).get(q.bearer)
    if rules.options.seize_relic and bearer is not None and any(c.side == NEUTRAL and c.hex == bearer.hex
                                                                  for c in chars):
        combats.append([choices.SEIZE, bearer.hex])
    for g in sorted((c for c in chars if is_guardian(world, c)), key=lambda c: c.hex):
        combats.append([choices.GUARDIAN, g.hex])
    for hex_ in sorted({c.hex for c in chars if c.side == "dominion" and c.hex != OFF_MAP}):
        combats.append([choices.NORMAL, hex_])
    q.combats = combats


def _participants(world: World, kind: str, hex_: int) -> tuple[list[str], list[str]]:
    q, chars = quest(world), characters(world)
    if kind == choices.SEIZE:
        lurker = [c.key for c in chars.values() if c.side == NEUTRAL and c.hex == hex_]
        bearer = chars.get(q.bearer)
        return ([q.bearer] if bearer is not None and bearer.hex == hex_ else []), lurker[:1]
    company = company_in(world, hex_)
    if kind == choices.GUARDIAN:
        guard = [c.key for c in chars.values() if is_guardian(world, c) and c.hex == hex_]
        return [c.key for c in company], guard[:1]
    declared = hex_ in q.declared
    return [c.key for c in company if c.spotted or declared], [c.key for c in hunters(world, hex_)]


def advance(world: World) -> None:
    """Ask the running combat's next round, else start the next combat; nothing left: step 5 is over."""
    while world.clock.winner is None:
        found = running(world)
        if found is not None:
            _ask_round(world, found[0], found[1])
            return
        q = quest(world)
        if not q.combats:
            return
        kind, hex_ = q.combats.pop(0)
        company, dominion = _participants(world, str(kind), int(hex_))
        if company and dominion:
            esper.create_entity(Duel(str(kind), int(hex_), company, dominion))
            world.emit(CombatStarted(world.clock.seat, str(kind), int(hex_), tuple(company), tuple(dominion)))


def _ask_round(world: World, entity: int, d: Duel) -> None:
    answers = choices.prompt_answers(rules_of(world), characters(world), d, quest(world).bearer)
    seats = [seat_of(world, side) for side in choices.asked_sides(d)]
    ask(world, ROUND, f"Combat at {land(world).name(d.hex)}, round {d.rounds + 1}: choose a fighter and an action "
        "(DU5.1)", seats, answers, duel.CONTINUE, [entity])


def answer_reason(world: World, prompt: Prompt, seat: int, answer: str) -> str | None:
    """The App's answer hook: a round's answers are both sides' choices; each seat may give only its own."""
    if prompt.kind != ROUND or answer == duel.CONTINUE:
        return None
    found = running(world)
    if found is None:
        return "no combat is being fought"
    return choices.problem(rules_of(world), characters(world), found[1], side_of(world, seat), quest(world).bearer,
                           answer)


def _choice(world: World, d: Duel, prompt: Prompt, side: str) -> tuple[str, str]:
    """The side's (action, fighter): its answer, or Continue (DU9: the Lurker and guardians); a bare Continue
    keeps the fighter, or takes the first participant in roster order."""
    seat = seat_of(world, side)
    answer = prompt.given[prompt.seats.index(seat)] if seat in prompt.seats else duel.CONTINUE
    action, fighter = choices.parse(answer)
    return action, fighter or choices.kept(d, side) or choices.participants(d, side)[0]


def settle_round(world: World, prompt: Prompt) -> None:
    """DU5.2: both choices are in: use the Relic, flee, retreat together, or fight a round (DU6, DU7)."""
    found = running(world)
    if found is None:
        return
    entity, d = found
    rules, q, chars = rules_of(world), quest(world), characters(world)
    (act_c, fc), (act_d, fd) = _choice(world, d, prompt, "company"), _choice(world, d, prompt, "dominion")
    d.fighters = [fc, fd]
    if act_c == duel.RELIC:
        bearer = chars[q.bearer]
        bearer.morale = max(0, bearer.morale - rules.relic.use_cost)
        world.emit(RelicUsed(world.clock.seat, bearer.key, bearer.morale))
    wraiths = any(is_wraith(world, k) for k in d.dominion)
    outcome = duel.decide(act_c, act_d, is_wraith(world, fd), wraiths, d.rounds)
    if outcome != duel.FIGHT:
        _end(world, entity, d, outcome)
        return
    _fight(world, d, chars[fc], act_c, chars[fd], act_d)
    if not d.company or not d.dominion:
        _end(world, entity, d, "company gone" if not d.company else "dominion gone")
        return
    check_victory(world)
    advance(world)


def _fighter(world: World, c: Character, action: str) -> duel.Fighter:
    return duel.Fighter(rules_of(world).units[c.key], c.wounds, c.real, c.morale, action)


def _fight(world: World, d: Duel, c: Character, act_c: str, o: Character, act_d: str) -> None:
    """DU6.2: keys drawn Company first; DU7: wounds, real wounds and fates."""
    rules = rules_of(world)
    keys = (world.roll(rules.dice.sides, 1, f"key {c.key}")[0], world.roll(rules.dice.sides, 1, f"key {o.key}")[0])
    result = duel.fight(rules, _fighter(world, c, act_c), _fighter(world, o, act_d), keys)
    fates = []
    for ch, taken, real in ((c, result.taken[0], result.real[0]), (o, result.taken[1], result.real[1])):
        ch.wounds += taken
        if real:
            ch.real += taken
        fates.append(duel.fate(rules.units[ch.key], ch.wounds, ch.real))
    d.rounds += 1
    world.emit(RoundFought(world.clock.seat, d.hex, d.rounds, c.key, o.key, (act_c, act_d), result.values,
                           result.rows, result.keys, result.entries, result.taken, result.real,
                           (fates[0], fates[1])))
    for ch, what in ((c, fates[0]), (o, fates[1])):
        if what != duel.ALIVE:
            _fall(world, d, ch, what)


def _fall(world: World, d: Duel, c: Character, how: str) -> None:
    """DU7.1 killed / DU7.3 destroyed: out of the game; dispersed: off the map until the turn's end, wounds real.
    DU8.1: a dead bearer's Relic lies in the hex (DU9.1: the Lurker seizes it in a seize combat)."""
    q = quest(world)
    for side in (d.company, d.dominion):
        if c.key in side:
            side.remove(c.key)
    if how == duel.DISPERSED:
        c.hex, c.wounds, c.spotted = OFF_MAP, c.real, False
        return
    if q.bearer == c.key:
        q.bearer = ""
        if d.kind == choices.SEIZE and d.dominion:
            q.seized_by = d.dominion[0]
            world.emit(RelicPassed(world.clock.seat, q.seized_by, d.hex, "seized"))
        else:
            q.lying, d.relic_lost = d.hex, True
            world.emit(RelicPassed(world.clock.seat, c.key, d.hex, "lies"))
    entity = entity_of(c.key)
    if entity is not None:
        esper.delete_entity(entity, immediate=True)


def _end(world: World, entity: int, d: Duel, why: str) -> None:
    """DU4.4: the combat is over; DU8.2 a lying Relic finds its new holder; then the next combat."""
    esper.delete_entity(entity, immediate=True)
    world.emit(CombatEnded(world.clock.seat, d.hex, why))
    q = quest(world)
    check_victory(world)
    if world.clock.winner is None and q.lying == d.hex and not q.bearer and not q.seized_by:
        heirs = company_in(world, d.hex)
        if len(heirs) > 1:
            ask(world, BEARER, f"Who takes up the Relic at {land(world).name(d.hex)}? (DU8.2)",
                [seat_of(world, "company")], [c.key for c in heirs], heirs[0].key, [d.hex])
            return
        _pass_relic(world, d.hex, heirs[0].key if heirs else "")
    advance(world)


def settle_bearer(world: World, prompt: Prompt) -> None:
    _pass_relic(world, prompt.subject[0], prompt.given[0])
    advance(world)


def _pass_relic(world: World, hex_: int, heir: str) -> None:
    """DU8.2: a) the Company's pick, b) the Lurker, c) a Dominion character seizes it, d) it lies."""
    q, chars = quest(world), characters(world)
    if heir:
        q.bearer, q.lying = heir, OFF_MAP
        world.emit(RelicPassed(world.clock.seat, heir, hex_, "bearer"))
        return
    lurker = [c for c in chars.values() if c.side == NEUTRAL and c.hex == hex_]
    seizer = lurker[0] if lurker else next(iter(hunters(world, hex_)), None)
    if seizer is not None:
        q.seized_by, q.lying = seizer.key, OFF_MAP
        world.emit(RelicPassed(world.clock.seat, seizer.key, hex_, "seized"))
    check_victory(world)


# --- the end of the turn (DU2.5) and victory (DU3) ----------------------------------------------------------


def end_turn(world: World) -> None:
    rules, q, here = rules_of(world), quest(world), land(world)
    back = []
    for c in characters(world).values():
        c.spotted = False
        if c.hex == OFF_MAP:
            c.hex = here.muster
            back.append(c.key)
    if back:
        world.emit(WraithsReturned(world.clock.seat, tuple(back), here.muster))
    q.declared, q.undecided, q.combats = [], [], []
    if q.turn >= rules.turns.limit:
        q.timed_out = True
    check_victory(world)
    q.turn += 1


def outcome(world: World) -> dict[int, str] | None:
    """DU3: the victory hook: the Relic seized, no Company character left, the bearer on the goal, time up."""
    q = quest(world)
    company, dominion = seat_of(world, "company"), seat_of(world, "dominion")
    chars = characters(world)
    bearer = chars.get(q.bearer)
    if q.seized_by or not any(c.side == "company" for c in chars.values()):
        return {company: LOST, dominion: WON}
    if bearer is not None and bearer.hex == land(world).goal:
        return {company: WON, dominion: LOST}
    if q.timed_out:
        return {company: LOST, dominion: WON}
    return None
