"""The duel as pure functions (DU5-DU7): values, table entries, one round's wounds and fates, expectations."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from .data import CharacterType, Entry, RelicDuelsRules

CONTINUE, SORCERY, RETREAT, RELIC = "continue", "sorcery", "retreat", "relic"
ACTIONS = (CONTINUE, SORCERY, RETREAT, RELIC)
FIGHT, END_RELIC, END_FLED, END_MUTUAL = "fight", "relic", "fled", "mutual"
ALIVE, KILLED, DISPERSED, DESTROYED = "alive", "killed", "dispersed", "destroyed"


@dataclass(frozen=True)
class Fighter:
    """What a round needs of a fighter: its type, wounds and real wounds so far, and its action."""

    kind: CharacterType
    wounds: int
    real: int
    morale: int
    action: str = CONTINUE

    @property
    def value(self) -> int:
        """DU6.1: V = morale + combat - wounds."""
        return self.morale + self.kind.combat - self.wounds

    @property
    def sorcery(self) -> bool:
        return self.action == SORCERY


def table(rules: RelicDuelsRules, me: Fighter, opponent: Fighter) -> tuple[str, tuple[Entry, ...]]:
    """DU6.2: the row a fighter's key is read on: the sorcery table at its rating if it chose Sorcery, else the
    wounds table at its differential; with the row's label."""
    if me.sorcery:
        row = rules.sorcery_row(me.kind.sorcery)
        return f"sorcery {row.rating}", row.keys
    diff = me.value - opponent.value
    band = rules.wounds_row(diff)
    return f"wounds {band.label()}", band.keys


def decide(company: str, dominion: str, dominion_wraith: bool, wraiths_present: bool, rounds: int) -> str:
    """DU5.2 steps 1-4: how the round's choices settle: END_RELIC, END_FLED, END_MUTUAL or FIGHT."""
    if company == RELIC:
        if not wraiths_present:
            return END_RELIC
        company = RETREAT
    if dominion == RETREAT and dominion_wraith and rounds == 0:
        return END_FLED
    if company == RETREAT and dominion == RETREAT:
        return END_MUTUAL
    return FIGHT


@dataclass(frozen=True)
class Round:
    """One round (DU6.2): rows read, keys, entries, wounds each fighter took (and whether all were real)."""

    values: tuple[int, int]
    rows: tuple[str, str]
    keys: tuple[int, int]
    entries: tuple[Entry, Entry]
    taken: tuple[int, int]
    real: tuple[bool, bool]

    @property
    def differential(self) -> int:
        return self.values[0] - self.values[1]


def fight(rules: RelicDuelsRules, company: Fighter, dominion: Fighter, keys: tuple[int, int]) -> Round:
    """DU6.2, DU7.2: both keys read on their rows; each takes its own s plus the opponent's o; a Wraith's wounds
    are also real if its opponent has `ancient_blade` or either fighter chose Sorcery."""
    row_c, entries_c = table(rules, company, dominion)
    row_d, entries_d = table(rules, dominion, company)
    ec, ed = entries_c[keys[0] - 1], entries_d[keys[1] - 1]
    taken = (ec[0] + ed[1], ed[0] + ec[1])
    sorcery = company.sorcery or dominion.sorcery
    real = (company.kind.has("wraith") and (sorcery or dominion.kind.has("ancient_blade")),
            dominion.kind.has("wraith") and (sorcery or company.kind.has("ancient_blade")))
    return Round((company.value, dominion.value), (row_c, row_d), keys, (ec, ed), taken, real)


def fate(kind: CharacterType, wounds: int, real: int) -> str:
    """DU7.1, DU7.3: after a round, with the new wounds and real wounds."""
    if wounds < kind.endurance:
        return ALIVE
    if not kind.has("wraith"):
        return KILLED
    return DESTROYED if real >= kind.endurance else DISPERSED


def expectation(rules: RelicDuelsRules, company: Fighter, dominion: Fighter) -> Fraction:
    """DU11: the Company fighter's exact expected wounds dealt minus taken in one round (each key 1/6)."""
    _, entries_c = table(rules, company, dominion)
    _, entries_d = table(rules, dominion, company)
    n = len(entries_c)
    dealt = Fraction(sum(o for _, o in entries_c) + sum(s for s, _ in entries_d), n)
    taken = Fraction(sum(s for s, _ in entries_c) + sum(o for _, o in entries_d), n)
    return dealt - taken
