"""A duel round's choices (DU5.1) as pure functions: the answers a side may give, and why one is refused."""

from __future__ import annotations

from collections.abc import Mapping

from .components import Character, Duel
from .data import RelicDuelsRules
from .duel import ACTIONS, CONTINUE, RELIC, RETREAT, SORCERY

SEIZE, GUARDIAN, NORMAL = "seize", "guardian", "normal"


def parse(answer: str) -> tuple[str, str]:
    """ "sorcery:maelis" -> ("sorcery", "maelis"); the bare default "continue" -> ("continue", "")."""
    action, _, fighter = answer.partition(":")
    return action, fighter


def participants(duel: Duel, side: str) -> list[str]:
    return duel.company if side == "company" else duel.dominion


def kept(duel: Duel, side: str) -> str:
    """DU5.1: the fighter a side keeps while it fights ("" = the side chooses anew)."""
    fighter = duel.fighters[0 if side == "company" else 1]
    return fighter if fighter in participants(duel, side) else ""


def asked_sides(duel: Duel) -> tuple[str, ...]:
    """DU9.1, DU9.2: the Lurker and a guardian always choose Continue, so only the Company is asked."""
    return ("company",) if duel.kind in (SEIZE, GUARDIAN) else ("company", "dominion")


def problem(
    rules: RelicDuelsRules, chars: Mapping[str, Character], duel: Duel, side: str, bearer: str, answer: str,
) -> str | None:
    """Why `side` may not give `answer` in this round (DU5.1, DU8.1, DU9.1), or None."""
    action, fighter = parse(answer)
    if action not in ACTIONS:
        return f"'{answer}' is not a choice (continue, sorcery, retreat, relic)"
    if not fighter:
        return None if action == CONTINUE else f"'{answer}': name a fighter, e.g. {action}:{participants(duel, side)[0]}"
    if fighter not in participants(duel, side):
        return f"{_name(rules, fighter)} is not fighting for the {side.title()} here"
    keep = kept(duel, side)
    if keep and fighter != keep:
        return f"{_name(rules, keep)} fights on while it lives (DU5.1)"
    if action == SORCERY and not rules.units[chars[fighter].key].sorcery:
        return f"{_name(rules, fighter)} has no sorcery (DU5.1)"
    if action == RELIC:
        if side != "company":
            return "only the Company may use the Relic (DU5.1)"
        if duel.relic_lost:
            return "the Relic lies on the field until this combat ends (DU8.1)"
        if not bearer or bearer not in duel.company:
            return "the bearer is not in this combat (DU5.1)"
    if action == RETREAT and side == "company" and duel.kind == SEIZE:
        return "the bearer may not retreat from a seize combat (DU9.1)"
    return None


def legal(rules: RelicDuelsRules, chars: Mapping[str, Character], duel: Duel, side: str, bearer: str) -> list[str]:
    """Every answer `side` may give now, fighters in roster order, actions in ACTIONS order."""
    return [a for a in candidates(duel, side) if problem(rules, chars, duel, side, bearer, a) is None]


def candidates(duel: Duel, side: str) -> list[str]:
    return [f"{action}:{fighter}" for fighter in participants(duel, side) for action in ACTIONS]


def prompt_answers(rules: RelicDuelsRules, chars: Mapping[str, Character], duel: Duel, bearer: str) -> list[str]:
    """The round prompt's answers: the default Continue, then each asked side's legal choices."""
    out = [CONTINUE]
    for side in asked_sides(duel):
        out.extend(legal(rules, chars, duel, side, bearer))
    return out


def _name(rules: RelicDuelsRules, key: str) -> str:
    unit = rules.units.get(key)
    return unit.name if unit is not None else key
