"""Risky Space computer players (RS9): random, normal and hard. They read the state and act only by commands.

normal: claims clusters it leads, spreads troops over the borders under most pressure, attacks at an
exact conquest chance >= ai.attack_min_chance, fortifies from the interior to the hottest border.
hard: the same judgement, but it masses most reinforcements where the most valuable conquest is likeliest and
attacks at ai.hard_attack_min_chance, which wins the race for cluster bonuses.
Their own random choices come from a generator seeded by (seed, round, seat), never the game's.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable

from . import rules as R

Act = Callable[[R.State], R.Command]


def place_command(steps: tuple[tuple[int, int], ...]) -> R.Place:
    return R.Place(tuple(t for t, _ in steps), tuple(n for _, n in steps))


class Player:
    """One seat's computer player; `act(state)` returns the next command for the seat to act."""

    level = "normal"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def rng(self, state: R.State) -> random.Random:
        return random.Random(hash((self.seed, state.round, state.seat, state.tick)) & 0xFFFFFFFF)

    def act(self, state: R.State) -> R.Command:
        if state.phase == R.CLAIM:
            return R.Claim(self.claim(state))
        if state.phase == R.PLACE:
            return place_command(self.place(state, state.rules.setup.placement_troops))
        if state.battle is not None:
            return R.Roll() if self.press_on(state) else R.Stop()
        if state.phase == R.REINFORCE:
            return self.reinforce(state)
        attack = self.attack(state)
        if attack is not None:
            return attack
        fortify = self.fortify(state)
        return fortify if fortify is not None else R.EndTurn()

    # ----- judgement shared by normal and hard
    def enemies(self, state: R.State, t: int) -> list[int]:
        return [n for n in state.neighbours[t] if state.owners[n] != state.seat]

    def pressure(self, state: R.State, t: int) -> int:
        """Enemy troops next to t minus t's own: where a counter-attack hurts most (RS9.2)."""
        return sum(state.troops[n] for n in self.enemies(state, t)) - state.troops[t]

    def cluster_share(self, state: R.State, cluster: str, seat: int | None) -> float:
        members = state.clusters[cluster]
        return sum(1 for t in members if state.owners[t] == seat) / len(members)

    def claim(self, state: R.State) -> int:
        """RS9.1: where it holds most of a cluster and rivals least; small high-bonus clusters first; block."""
        rng = self.rng(state)
        free = [t for t, o in enumerate(state.owners) if o is None]

        def score(t: int) -> float:
            cid = state.cluster_of(t)
            members = state.clusters[cid]
            mine = self.cluster_share(state, cid, state.seat)
            rivals = [s for s in state.alive() if s != state.seat]
            rival = max((self.cluster_share(state, cid, s) for s in rivals), default=0.0)
            unclaimed = sum(1 for m in members if state.owners[m] is None)
            block = 2.0 if rival > 0 and unclaimed == 1 and rival * len(members) == len(members) - 1 else 0.0
            value = state.bonus[cid] / len(members)
            return 2.0 * mine - 1.2 * rival + value + 0.6 / len(members) + block + 0.01 * rng.random()

        return max(free, key=score)

    def borders(self, state: R.State) -> list[int]:
        return [t for t in state.owned(state.seat) if self.enemies(state, t)]

    def place(self, state: R.State, count: int) -> tuple[tuple[int, int], ...]:
        """RS9.2: troops one by one onto the border under most pressure (and clusters it is completing)."""
        extra: dict[int, int] = {}
        candidates = self.borders(state) or state.owned(state.seat)
        for _ in range(count):
            best = max(candidates, key=lambda t: (self.pressure(state, t) - 2 * extra.get(t, 0)
                                                  + 3 * self.cluster_share(state, state.cluster_of(t), state.seat),
                                                  -t))
            extra[best] = extra.get(best, 0) + 1
        return tuple(sorted(extra.items()))

    def reinforce(self, state: R.State) -> R.Command:
        """RS4.2: a cluster's bonus goes onto that cluster's hottest member first; then the general troops."""
        for cid, left in sorted(state.bonus_left.items()):
            if left > 0:
                members = [t for t in state.clusters[cid] if state.owners[t] == state.seat]
                target = max(members, key=lambda t: (self.pressure(state, t), -t))
                return R.Reinforce(target, left)
        steps = self.place(state, state.general)
        territory, count = max(steps, key=lambda s: (s[1], -s[0]))
        return R.Reinforce(territory, count)

    def attack_value(self, state: R.State, source: int, target: int) -> float:
        """RS9.3: completing its cluster, breaking a rival's or eliminating a player first."""
        owner = state.owners[target]
        cid = state.cluster_of(target)
        members = state.clusters[cid]
        mine = sum(1 for t in members if state.owners[t] == state.seat)
        value = 0.0
        if mine == len(members) - 1:
            value += 3.0 + state.bonus[cid]
        if owner is not None and all(state.owners[t] == owner for t in members):
            value += 2.0 + state.bonus[cid]
        if owner is not None and state.owners.count(owner) == 1:
            value += 10.0
        return value + mine / len(members)

    def threshold(self, state: R.State) -> float:
        return state.rules.ai.attack_min_chance

    def attack(self, state: R.State) -> R.Command | None:
        best: tuple[float, int, int] | None = None
        limit = self.threshold(state)
        for source, target in R.legal_attacks(state):
            force = state.troops[source] - 1
            chance = R.conquest_chance(state.rules, force, state.troops[target])
            if chance < limit:
                continue
            score = chance + self.attack_value(state, source, target)
            if best is None or score > best[0]:
                best = (score, source, target)
        if best is None:
            return None
        return R.Attack(best[1], best[2], state.troops[best[1]] - 1)

    def press_on(self, state: R.State) -> bool:
        """Roll again while taking the target is still likely enough (half the attack threshold)."""
        battle = state.battle
        assert battle is not None
        return R.conquest_chance(state.rules, battle.force, state.troops[battle.target]) >= self.threshold(state) / 2

    def fortify(self, state: R.State) -> R.Command | None:
        """RS9.4: from an interior region (no enemy neighbour) to the linked border facing most foes."""
        best: tuple[int, int, int] | None = None
        for source in state.owned(state.seat):
            if state.troops[source] < 2 or source not in state.start_owned or self.enemies(state, source):
                continue
            for target in state.neighbours[source]:
                if state.owners[target] != state.seat or target not in state.start_owned:
                    continue
                foes = sum(state.troops[n] for n in self.enemies(state, target))
                if foes and (best is None or (foes, state.troops[source]) > (best[0], state.troops[best[1]])):
                    best = (foes, source, target)
        if best is None:
            return None
        return R.Fortify(best[1], best[2], state.troops[best[1]] - 1)


class HardPlayer(Player):
    """Masses most of its reinforcements where they make the most valuable conquest likely, and attacks sooner."""

    level = "hard"

    def threshold(self, state: R.State) -> float:
        return state.rules.ai.hard_attack_min_chance

    def staging(self, state: R.State) -> int | None:
        """The border region whose best attack, with this turn's troops added, has the highest chance x value."""
        best: tuple[float, int] | None = None
        for source in self.borders(state):
            for target in self.enemies(state, source):
                force = state.troops[source] - 1 + state.general
                chance = R.conquest_chance(state.rules, force, state.troops[target])
                score = chance * (1 + self.attack_value(state, source, target))
                if best is None or score > best[0]:
                    best = (score, source)
        return best[1] if best is not None else None

    def reinforce(self, state: R.State) -> R.Command:
        """Bonuses as normal (RS4.2); ai.hard_mass_share of the general troops on the staging region, the
        rest (placed by later steps) on the borders under most pressure."""
        if any(left > 0 for left in state.bonus_left.values()):
            return super().reinforce(state)
        target = self.staging(state)
        count = state.general
        if target is None or count <= 1:
            return super().reinforce(state)
        return R.Reinforce(target, max(1, math.ceil(count * state.rules.ai.hard_mass_share)))


class RandomPlayer(Player):
    """A random legal player (RS9.5's yardstick)."""

    level = "random"

    def act(self, state: R.State) -> R.Command:
        rng = self.rng(state)
        mine = state.owned(state.seat)
        if state.phase == R.CLAIM:
            return R.Claim(rng.choice([t for t, o in enumerate(state.owners) if o is None]))
        if state.phase == R.PLACE:
            steps: dict[int, int] = {}
            for _ in range(state.rules.setup.placement_troops):
                t = rng.choice(mine)
                steps[t] = steps.get(t, 0) + 1
            return place_command(tuple(sorted(steps.items())))
        if state.battle is not None:
            return R.Roll() if rng.random() < 0.6 else R.Stop()
        if state.phase == R.REINFORCE:
            for cid, left in sorted(state.bonus_left.items()):
                if left > 0:
                    return R.Reinforce(rng.choice([t for t in state.clusters[cid] if state.owners[t] == state.seat]),
                                       left)
            return R.Reinforce(rng.choice(mine), rng.randint(1, state.general))
        options = R.legal_attacks(state)
        if options and rng.random() < 0.7:
            source, target = rng.choice(options)
            return R.Attack(source, target, rng.randint(1, state.troops[source] - 1))
        return R.EndTurn()


PLAYERS: dict[str, type[Player]] = {"random": RandomPlayer, "normal": Player, "hard": HardPlayer}


def play_turn(state: R.State, player: Player, limit: int = 500) -> list[R.Event]:
    """Let `player` act until the seat changes or the game ends (at most `limit` commands)."""
    seat, events = state.seat, []
    for _ in range(limit):
        if state.phase == R.OVER or state.seat != seat:
            break
        command = player.act(state)
        reason, happened = R.submit(state, command)
        if reason:  # a computer player's mistake must not hang the game: end the turn instead
            reason, happened = R.submit(state, R.Stop() if state.battle is not None else R.EndTurn())
            if reason:
                raise RuntimeError(f"{player.level} player stuck: {reason} ({command})")
        events.extend(happened)
    return events
