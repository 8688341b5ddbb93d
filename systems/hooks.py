"""Rule hooks: questions movement and the engine ask the ruleset instead of calling its rules directly."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from systems.world import World

WON, LOST, DRAW = "won", "lost", "draw"

Contact = Callable[["World", int, int], None]  # (world, arriving piece, resident hostile piece)
Victory = Callable[["World"], "dict[int, str] | None"]  # per seat WON/LOST/DRAW once decided, else None
MovementPoints = Callable[["World", list[str], "int | None"], int]  # (world, unit types, carried) -> MP
MayBuild = Callable[["World", Any], "str | None"]  # (world, build command) -> why not, or None
NewSeat = Callable[["World", int, int], None]  # (world, seat, its player entity): the ruleset's per-seat state
OrderSlot = Callable[["World", Any], "str | None"]  # (world, order) -> what it orders; a new order for a slot replaces
# (world, viewing seat or None for a spectator, entity, its components as data) -> what that seat may see of it
# (None: the entity is hidden); the base game hides nothing
Visible = Callable[["World", "int | None", int, "dict[str, dict[str, Any]]"], "dict[str, dict[str, Any]] | None"]
VisibleEvent = Callable[["World", "int | None", Any], bool]  # (world, viewing seat or None, event) -> shown?
GameRound = Callable[["World"], int]  # the round as the ruleset's players count it (0: not started)
# (world, prompt, answering seat, answer) -> why this seat may not give that answer, or None: a prompt whose
# answers differ per seat (one side's choices among the union of both) refuses the other side's
AnswerReason = Callable[["World", Any, int, str], "str | None"]
# (world, wall entity, moving owner, from, to) -> the extra MP crossing that wall costs, or None: it blocks
WallCrossing = Callable[["World", int, "int | None", int, int], "int | None"]
GuardWeight = Callable[["World", int], int]  # (world, stationed unit) -> how many guards it counts as (E0.3)
Bridges = Callable[["World"], "dict[int, int]"]  # (world) -> territories a mod makes bridged now: MP to enter each
# (world, structure, protection by the rules) -> the protection (%) it has now
StructureProtection = Callable[["World", Any, int], int]
ArmyFit = Callable[["World", "list[int]"], "str | None"]  # (world, unit entities) -> why they cannot form one army
UnitSpeed = Callable[["World", int], "int | None"]  # (world, unit) -> its own MP when a mod changes it, else None
# (world, striker, army, structure) -> damage dealt to the structure itself instead of the unit's strike, or None
StructureStrike = Callable[["World", int, int, int], "int | None"]
TerritoryAttack = Callable[["World", int], "str | None"]  # (world, territory) -> why it cannot be attacked (R7.3)
# (world, unit, its structure, attack, defense) -> the stationed unit's (attack, defense) after the mods' bonuses
StationedStats = Callable[["World", int, Any, int, int], "tuple[int, int]"]
# (world, the unit a bombardment hits, the ammunition's damage) -> the damage it takes (E6.1); structures and
# absorbed strikes never ask
BombardDamage = Callable[["World", int, int], int]


@dataclass
class Hooks:
    """The ruleset's answers; None where the ruleset has no such rule (nothing happens on contact, ...)."""

    contact: Contact | None = None
    victory: Victory | None = None
    movement_points: MovementPoints | None = None
    may_build: MayBuild | None = None
    new_seat: NewSeat | None = None
    order_slot: OrderSlot | None = None
    visible: Visible | None = None
    visible_event: VisibleEvent | None = None
    game_round: GameRound | None = None  # None: the engine's rotation count (world.clock.round) is the round
    answer_reason: AnswerReason | None = None  # None: any of a prompt's answers is legal for every asked seat
    wall_crossing: WallCrossing | None = None  # None: R5.4 (a hostile wall blocks, an own one costs more)
    guard_weight: GuardWeight | None = None  # None: every stationed unit counts 1
    stationed_stats: StationedStats | None = None  # None: the type's stationed attack/defense (R6.4)
    bridges: Bridges | None = None  # None: only bridge structures bridge (R5.3)
    structure_protection: StructureProtection | None = None  # None: the type's protection plus upgrades (R6.2)
    army_fit: ArmyFit | None = None  # None: R5.2/R5.6's limits by unit type are all
    unit_speed: UnitSpeed | None = None  # None: each unit moves at its type's MP (R5.1)
    structure_strike: StructureStrike | None = None  # None: every attacker strikes as R8.6 says
    bombard_damage: BombardDamage | None = None  # None: a bombarded unit takes the ammunition's damage (R8.8)
    territory_attack: TerritoryAttack | None = None  # None: any territory may be attacked (disrupted, R7.3)

    def round_of(self, world: World) -> int:
        """The round to show and report: the ruleset's count where the engine's rotations also hold setup ticks."""
        return self.game_round(world) if self.game_round is not None else world.clock.round

    # each hook's answers so far, (mod id, answer) in load order: what `set` composes or refuses to replace
    answers: dict[str, list[tuple[str, Callable[..., Any]]]] = field(default_factory=dict, repr=False)

    def names(self) -> list[str]:
        """Every rule hook's name."""
        return [name for name in self.__dataclass_fields__ if name != "answers"]

    def set(self, name: str, hook: Callable[..., Any], owner: str = "") -> None:
        """Answer hook `name` as mod `owner`. A second mod's answer composes with the first (COMPOSE) where the
        hook's kind says how; a hook taking one answer refuses it, naming both mods. A mod answering its own
        hook again replaces its own answer."""
        if name not in self.names():
            raise ValueError(f"unknown hook '{name}' (hooks: {', '.join(self.names())})")
        given = [(mod, answer) for mod, answer in self.answers.get(name, []) if mod != owner]
        kind = COMPOSE.get(name)
        if given and kind is None:
            raise ValueError(
                f"mods '{given[0][0]}' and '{owner}' both answer the rule hook '{name}', which takes one answer "
                f"(docs/modding.md, rule hooks): load one of them, or have one call app.replace_hook('{name}', ...) "
                "to take the rule over on purpose"
            )
        given.append((owner, hook))
        self.answers[name] = given
        setattr(self, name, hook if len(given) == 1 else COMPOSERS[COMPOSE[name]]([a for _, a in given]))

    def replace(self, name: str, hook: Callable[..., Any], owner: str = "") -> None:
        """Answer hook `name` as mod `owner`, dropping every earlier answer (a mod taking a rule over on purpose)."""
        if name not in self.names():
            raise ValueError(f"unknown hook '{name}' (hooks: {', '.join(self.names())})")
        self.answers[name] = []
        self.set(name, hook, owner)


# --- composing several mods' answers to one hook -----------------------------------------------------------
# Each composed answer asks every mod's answer in load order (the order mods are listed / depend).

def _first_reason(answers: list[Callable[..., Any]]) -> Callable[..., Any]:
    """VETO: every answer must allow it; the first reason (in load order) is the answer, None if none objects."""
    def composed(*args: Any) -> Any:
        for answer in answers:
            reason = answer(*args)
            if reason is not None:
                return reason
        return None
    return composed


def _each(answers: list[Callable[..., Any]]) -> Callable[..., Any]:
    """EACH: an action every mod performs in turn (a seat's own components from each mod)."""
    def composed(*args: Any) -> None:
        for answer in answers:
            answer(*args)
    return composed


def _chain(answers: list[Callable[..., Any]]) -> Callable[..., Any]:
    """CHAIN: the last argument is a value each answer changes; each gets the one before it returned."""
    def composed(*args: Any) -> Any:
        value = args[-1]
        for answer in answers:
            value = answer(*args[:-1], value)
        return value
    return composed


def _chain_pair(answers: list[Callable[..., Any]]) -> Callable[..., Any]:
    """CHAIN_PAIR: as CHAIN, for a pair of values passed as the last two arguments (attack, defense)."""
    def composed(*args: Any) -> Any:
        pair = (args[-2], args[-1])
        for answer in answers:
            pair = answer(*args[:-2], *pair)
        return pair
    return composed


def _filter(answers: list[Callable[..., Any]]) -> Callable[..., Any]:
    """FILTER: as CHAIN, but None (hidden) stops the chain: what one mod hides no other shows."""
    def composed(*args: Any) -> Any:
        value = args[-1]
        for answer in answers:
            value = answer(*args[:-1], value)
            if value is None:
                return None
        return value
    return composed


def _all(answers: list[Callable[..., Any]]) -> Callable[..., Any]:
    """ALL: true only when every answer says so (an event is shown only if no mod hides it)."""
    def composed(*args: Any) -> bool:
        return all(answer(*args) for answer in answers)
    return composed


def _cheapest(answers: list[Callable[..., Any]]) -> Callable[..., Any]:
    """CHEAPEST: the union of the territories each answer bridges; where two bridge one, the cheaper entry."""
    def composed(*args: Any) -> dict[int, int]:
        merged: dict[int, int] = {}
        for answer in answers:
            for territory, cost in answer(*args).items():
                merged[territory] = min(cost, merged.get(territory, cost))
        return merged
    return composed


COMPOSERS: dict[str, Callable[[list[Callable[..., Any]]], Callable[..., Any]]] = {
    "veto": _first_reason, "each": _each, "chain": _chain, "chain_pair": _chain_pair, "filter": _filter,
    "all": _all, "cheapest": _cheapest,
}
# How several mods' answers to a hook compose. A hook not named here takes ONE answer (a second mod's is refused
# at load time): the ruleset's own rules (contact, victory, movement_points, order_slot, game_round) and the
# hooks whose answer replaces a rule for a unit or wall outright, where two answers would contradict each other
# (wall_crossing: None means "blocks"; unit_speed, guard_weight, structure_strike: one number per unit).
COMPOSE: dict[str, str] = {
    "may_build": "veto",  # (world, cmd) -> reason or None: every mod may forbid (R6.3)
    "army_fit": "veto",  # (world, units) -> reason or None: every mod's limit holds (R5.6)
    "territory_attack": "veto",  # (world, territory) -> reason or None: any mod may protect a territory (R7.3)
    "answer_reason": "veto",  # (world, prompt, seat, answer) -> reason or None: any mod may refuse an answer
    "new_seat": "each",  # every mod adds its per-seat state
    "stationed_stats": "chain_pair",  # bonuses add up: each mod gets the (attack, defense) the one before gave
    "structure_protection": "chain",  # each mod changes the protection the one before gave
    "bombard_damage": "chain",  # each mod changes the damage the one before gave (E6.1)
    "visible": "filter",  # each mod hides more of what the one before showed
    "visible_event": "all",  # shown only if no mod hides it
    "bridges": "cheapest",  # every mod's bridged territories; the cheaper entry where two bridge one
}
