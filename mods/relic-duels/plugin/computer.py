"""The computer player for both sides (DU11), `normal` (the engine adds `search` and `random`). It reads only
its seat's view (game.views.view_for) and acts by commands; its dice come from its own generator."""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from components.seats import Prompt

from . import choices, duel
from .commands import EndMoves, Step
from .components import OFF_MAP, Character, Duel, Quest
from .data import SIDES, RelicDuelsRules
from .land import Land, land_of

DECLARE, ROUND, BEARER = "relic_declare", "relic_round", "relic_bearer"


@dataclass
class Seen:
    """What a seat sees: its side, the characters (roster order), the Relic's state, the combat being fought."""

    rules: RelicDuelsRules
    land: Land
    side: str
    chars: dict[str, Character]
    quest: Quest
    combat: Duel | None

    def mine(self) -> list[Character]:
        return [c for c in self.chars.values() if c.side == self.side and c.hex != OFF_MAP
                and not self.rules.units[c.key].has("guardian") and self.rules.units[c.key].move > 0]

    def relic_hex(self) -> int | None:
        q = self.quest
        if q.seized_by:
            return None
        if q.bearer in self.chars:
            return self.chars[q.bearer].hex
        return q.lying if q.lying != OFF_MAP else None

    def fighter(self, key: str, action: str = duel.CONTINUE) -> duel.Fighter:
        c = self.chars[key]
        return duel.Fighter(self.rules.units[key], c.wounds, c.real, c.morale, action)


def seen(game: Any, seat: int) -> Seen:
    """The seat's view, read back into the plugin's own dataclasses."""
    from game.views import view_for

    view = view_for(game, seat)
    chars: list[Character] = []
    quest, fight = Quest(), None
    for comps in view["entities"].values():
        if "Character" in comps:
            chars.append(Character(**comps["Character"]))
        if "Quest" in comps:
            quest = Quest(**comps["Quest"])
        if "Duel" in comps:
            fight = Duel(**comps["Duel"])
    rules = game.world.rules
    side = SIDES[list(game.world.seats).index(seat)]
    return Seen(rules, land_of(rules), side, {c.key: c for c in sorted(chars, key=lambda c: c.order)}, quest, fight)


class _Base:
    """Shared plumbing: a private generator per (seed, turn, seat, call), the move phase, the prompts."""

    level = "normal"

    def __init__(self) -> None:
        self.calls = 0

    def rng(self, game: Any, seat: int) -> random.Random:
        self.calls += 1
        # a string seed: stable across processes (hash() of a str is not), so a seed always plays the same game
        return random.Random(f"{game.world.seed}:{game.world.clock.round}:{seat}:{self.calls}:{self.level}")

    def play_turn(self, game: Any) -> list[Any]:
        seat = game.world.clock.seat
        results = []
        for cmd in self.moves(game, seat):
            result = game.submit(cmd)
            results.append(result)
            if game.over:
                return results
        results.append(game.submit(EndMoves()))
        return results

    def moves(self, game: Any, seat: int) -> list[Step]:
        return []

    def answer(self, game: Any, seat: int, prompt_id: int, prompt: Prompt) -> str:
        view = seen(game, seat)
        if prompt.kind == ROUND and view.combat is not None:
            legal = choices.legal(view.rules, view.chars, view.combat, view.side, view.quest.bearer)
            return self.round_choice(game, seat, view, legal) if legal else prompt.default
        if prompt.kind == DECLARE:
            return self.declare(game, seat, view, prompt.subject[0])
        return self.heir(game, seat, view, list(prompt.answers))

    def round_choice(self, game: Any, seat: int, view: Seen, legal: list[str]) -> str:
        return legal[0]

    def declare(self, game: Any, seat: int, view: Seen, hex_: int) -> str:
        return "hold"

    def heir(self, game: Any, seat: int, view: Seen, answers: list[str]) -> str:
        return answers[0]


class NormalPlayer(_Base):
    """DU11: the Company runs the bearer to the goal by the hidden ways with an escort and fights with the best
    fighter; the Dominion's Wraiths close on the bearer while the others screen the goal."""

    # ----- moving
    def moves(self, game: Any, seat: int) -> list[Step]:
        view = seen(game, seat)
        return self._company_moves(view) if view.side == "company" else self._dominion_moves(view)

    def _walk(self, view: Seen, c: Character, path: tuple[int, ...]) -> list[Step]:
        out, mp, here = [], c.mp, c.hex
        for step in path:
            cost = view.land.move_cost(step)
            if cost is None or cost > mp:
                break
            out.append(Step(c.key, step))
            mp, here = mp - cost, step
        c.mp, c.hex = mp, here
        return out

    def _reach(self, view: Seen) -> set[int]:
        """Hexes a Dominion character could enter next turn (hex distance within its move)."""
        out: set[int] = set()
        for c in view.chars.values():
            if c.side == "dominion" and c.hex != OFF_MAP and not view.rules.units[c.key].has("guardian"):
                out.update(view.land.board.within(c.hex, view.rules.units[c.key].move))
        return out

    def _company_moves(self, view: Seen) -> list[Step]:
        land, rules = view.land, view.rules
        mine = view.mine()
        target = view.relic_hex()
        bearer = view.chars.get(view.quest.bearer)
        steps: list[Step] = []
        if bearer is None:
            if target is None:
                return []
            for c in mine:  # DU2.4: pick the lying Relic up
                steps += self._walk(view, c, land.path(land.cheapest(c.hex), target))
            return steps
        reach = self._reach(view)
        best = max(g.spot for g in rules.ground.values())

        guarded = {c.hex for c in view.chars.values() if rules.units[c.key].has("guardian")}
        if rules.options.seize_relic:  # DU9.1: ending where the Lurker can step to means a seize combat
            for c in view.chars.values():
                if c.side == "neutral" and c.hex != OFF_MAP:
                    guarded.update(land.board.within(c.hex, rules.units[c.key].move))
        detour = land.board.size  # a guardian fights everyone in its hex (DU9.2): go round it

        def extra(h: int) -> int:
            return (rules.ai.spot_weight * (best - land.spot_target(h)) + (rules.ai.reach_weight if h in reach else 0)
                    + (detour if h in guarded else 0))

        path = land.path(land.cheapest(bearer.hex, extra), land.goal)
        steps += self._walk(view, bearer, path)
        for c in mine:
            if c.key != bearer.key and c.hex != bearer.hex:
                steps += self._walk(view, c, land.path(land.cheapest(c.hex, extra), bearer.hex))
        return steps

    def _dominion_moves(self, view: Seen) -> list[Step]:
        land = view.land
        target = view.relic_hex()
        if target is None:
            return []
        steps: list[Step] = []
        lying = view.quest.lying != OFF_MAP and not view.quest.bearer
        ahead = land.path(land.cheapest(target), land.goal)  # the bearer's likely way on
        for c in view.mine():
            wraith = view.rules.units[c.key].has("wraith")
            tree = land.cheapest(c.hex)
            reachable = target in tree and tree[target][0] <= c.mp
            if reachable or lying:
                goal = target
            elif wraith:  # close on the bearer: where it will be after its next move, a step ahead of it
                goal = ahead[min(len(ahead) - 1, self._company_move(view) - 1)] if ahead else target
            else:
                goal = self._screen(view, target)
            steps += self._walk(view, c, land.path(tree, goal))
        return steps

    def _company_move(self, view: Seen) -> int:
        return max((view.rules.units[c.key].move for c in view.chars.values() if c.side == "company"), default=1)

    def _screen(self, view: Seen, target: int) -> int:
        """A hex on the bearer's cheapest way to the goal, a third of the way from the goal."""
        land = view.land
        path = land.path(land.cheapest(target), land.goal)
        return path[len(path) * 2 // 3] if path else land.goal

    # ----- fighting
    def _expect(self, view: Seen, mine: str, action: str, theirs: str) -> Fraction:
        """Expected wounds dealt minus taken by `mine` (this seat's fighter) against `theirs` continuing."""
        if view.side == "company":
            return duel.expectation(view.rules, view.fighter(mine, action), view.fighter(theirs))
        return -duel.expectation(view.rules, view.fighter(theirs), view.fighter(mine, action))

    def round_choice(self, game: Any, seat: int, view: Seen, legal: list[str]) -> str:
        d = view.combat
        assert d is not None
        other = "dominion" if view.side == "company" else "company"
        kept = choices.kept(d, other)
        opponents = [kept] if kept else choices.participants(d, other)
        scored: list[tuple[bool, Fraction, int, str]] = []
        for i, answer in enumerate(legal):
            action, fighter = choices.parse(answer)
            if action not in (duel.CONTINUE, duel.SORCERY):
                continue
            worst = min(self._expect(view, fighter, action, o) for o in opponents)
            wraiths = any(view.rules.units[o].has("wraith") for o in opponents)
            real = action == duel.SORCERY or view.rules.units[fighter].has("ancient_blade")  # DU7.2: real wounds
            bonus = Fraction(view.rules.ai.real_wounds_bonus) if wraiths and real else Fraction(0)
            last = view.side == "company" and fighter == view.quest.bearer and len(choices.participants(d, "company")) > 1
            scored.append((not last, worst + bonus, -i, answer))  # the bearer fights only as the last participant
        _, best_value, _, best = max(scored)
        _, fighter = choices.parse(best)
        bearer_fights = view.side == "company" and fighter == view.quest.bearer
        no_wraith = not any(view.rules.units[k].has("wraith") for k in d.dominion)
        relic = f"relic:{fighter}"
        if bearer_fights and no_wraith and relic in legal:
            bearer = view.chars[fighter]
            left = view.rules.units[fighter].endurance - bearer.wounds
            if best_value <= 0 or left <= view.rules.ai.relic_at_endurance:  # the bearer's life is the game
                return relic
        if best_value < 0 and f"retreat:{fighter}" in legal:
            return f"retreat:{fighter}"
        return best

    def declare(self, game: Any, seat: int, view: Seen, hex_: int) -> str:
        """DU11: attack only with a positive expectation (the best fighter against their worst case)."""
        mine = [c.key for c in view.chars.values() if c.side == "company" and c.hex == hex_ and c.key != view.quest.bearer]
        theirs = [c.key for c in view.chars.values() if c.side == "dominion" and c.hex == hex_
                  and not view.rules.units[c.key].has("guardian")]
        if not mine or not theirs:
            return "hold"
        value = max(min(self._expect(view, m, a, t) for t in theirs) for m in mine
                    for a in ((duel.CONTINUE, duel.SORCERY) if view.rules.units[m].sorcery else (duel.CONTINUE,)))
        return "attack" if value > 0 else "hold"

    def heir(self, game: Any, seat: int, view: Seen, answers: list[str]) -> str:
        """DU8.2: the new bearer: the sturdiest (most endurance left)."""
        def left(key: str) -> int:
            c = view.chars[key]
            return view.rules.units[key].endurance - c.wounds
        return max(answers, key=lambda k: (left(k), -answers.index(k)))


def position_value(game: Any, seat: int) -> float:
    """How well `seat` stands, 0..1, for the engine's search player (app.set_position_value): for the Company, how
    near the Relic is to the goal over land (DU3) and its share of the endurance left; the Dominion the opposite."""
    from .play import characters, land, quest, relic_hex, side_of

    world = game.world
    rules = world.rules
    here = land(world)
    steps = world.derived.get("relic_goal_steps")
    if steps is None:  # the land never changes: fewest steps to the goal from every hex, once a game
        steps = world.derived["relic_goal_steps"] = here.land_steps(here.goal)
    at = relic_hex(world)
    progress = 0.0 if at is None or at not in steps else 1 - steps[at] / max(1, max(steps.values()))
    if quest(world).seized_by:
        progress = 0.0
    left = {"company": 0, "dominion": 0}
    for c in characters(world).values():
        if c.side in left and c.hex != OFF_MAP:
            left[c.side] += max(0, rules.units[c.key].endurance - c.wounds)
    share = left["company"] / max(1, left["company"] + left["dominion"])
    company = 0.6 * progress + 0.4 * share
    return company if side_of(world, seat) == "company" else 1 - company
