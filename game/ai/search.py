"""The engine's search player for any ruleset that lists its legal commands: information-set Monte Carlo tree
search (single-observer ISMCTS, Cowling, Powley & Whitehouse 2012; OpenSpiel's `mcts.py` for the shape).

Each decision picks one command of the acting seat. First the commands at the root are scored one step on (the
position value just after it, in one determinization): that prior orders the commands the search tries. Where
more are legal than the ruleset's `prior_width` (else PRIOR_WIDTH), a seeded sample spread over the kinds of
command and their actors is scored, and the others are tried after it: what bounds a decision's cost. Every
iteration takes a fresh determinization of the game from the seat's own view (game.fork: other seats' hidden
orders and answers dropped, the dice to come re-seeded), walks the tree by UCB among the commands legal in that
determinization (counting how often each was available), expands one command, plays a few random legal commands
(the ruleset's `rollout_length`, else ROLLOUT; in a simultaneous phase none: every seat still giving orders is
made ready, so the phase resolves with the others holding and an order is scored by what it does), and scores
the position for every seat: 1 for a win, 0 for a loss, 0.5 for a draw, else the ruleset's
`position_value(game, seat)` (default: the share of territories held). Every seat in the tree picks what is best
for itself. UCB runs on rewards normalised by the range seen below the node (a position value moves by
hundredths between commands, which the exploration term would drown), and a node's untried commands are tried
in the prior's order where it has one (the root: at a node with more commands than the budget, the budget tries
the best-looking ones once each). The command visited most is
played, ties going to the better mean plus prior; a whole turn is as many decisions as it takes
(game.ai.one_by_one). The budget is a number of iterations (deterministic for a seed) and, optionally, a time
limit read from a clock the caller may give.
"""

from __future__ import annotations

import dataclasses
import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from components.commands import Command
from components.seats import Ready
from game.ai.one_by_one import OneByOne
from game.engine import Game
from game.fork import fork, release
from game.legal import legal_commands, seat_to_act
from systems.world import DRAW

ITERATIONS = 48  # the default budget per decision (docs/ai-saves-replays.md: strength and speed figures)
ROLLOUT = 4  # random legal commands played after the tree before a position is scored
TREE_DEPTH = 12  # commands the tree may grow below its root
EXPLORATION = 0.7  # the UCB constant: rewards are in [0, 1]
POLICY_PHASES = 2  # phases the rollout policy plays past the tree, when the search has one
PRIOR_WIDTH = 256  # root commands scored one step on (the ruleset's `prior_width` may say fewer): what bounds
# a decision's cost where a turn offers hundreds of commands; the other rulesets' widest roots measured 131


def territory_share(game: Game, seat: int) -> float:
    """The engine's default position value: the seat's share of the territories held (0.5 when none are held,
    0 once it is defeated)."""
    world = game.world
    if seat not in world.alive_seats():
        return 0.0
    held = {s: len(world.owned.get(s, ())) for s in world.alive_seats()}
    total = sum(held.values())
    return 0.5 if total == 0 else held[seat] / total


def outcome(game: Game, seat: int) -> float:
    """1 for the winner, 0 for the others, 0.5 each in a draw; the position value while the game goes on."""
    winner = game.world.clock.winner
    if winner is not None:
        return 0.5 if winner == DRAW else float(winner == seat)
    value = game.app.position_value or territory_share
    return max(0.0, min(1.0, float(value(game, seat))))


@dataclass
class Node:
    """One decision point of the tree: its children by command, their visits and rewards (for the seat that
    chose them), how often each command was available (ISMCTS's UCB counts availability, not parent visits),
    and the lowest and highest reward seen below it (to normalise the values)."""

    children: dict[Command, Node] = field(default_factory=dict)
    visits: int = 0
    reward: float = 0.0
    available: dict[Command, int] = field(default_factory=dict)
    low: float = math.inf
    high: float = -math.inf
    prior: dict[Command, float] = field(default_factory=dict)  # the root's: each command's value one step on
    ties: dict[Command, float] = field(default_factory=dict)  # the root's: a random order among equal priors
    order: list[Command] = field(default_factory=list)  # the root's commands in the prior's order: equal priors
    # (where no order resolves before the position is scored) in a random order, never the listing's; commands
    # the prior left out come last
    everywhere: int = 0  # the root's: determinizations that offered every command (the seat's own are always legal)

    def pick(self, legal: list[Command], rng: random.Random) -> tuple[Command, bool]:
        """The command to follow from here, and whether it is new: an untried one first (at the root in the
        prior's order, elsewhere at random), then the best by UCB. The root's commands are counted as offered all at
        once: a long turn offers hundreds, and counting them one by one cost a tenth of a decision."""
        if self.order:
            self.everywhere += 1
            if len(self.children) < len(self.order):  # the root expands in the prior's order: its children lead it
                return self.order[len(self.children)], True
        else:
            self.offered(legal)
            untried = [c for c in legal if c not in self.children]
            if untried:
                return rng.choice(untried), True
        return max(legal, key=lambda c: _ucb(self, c)), False

    def offered(self, legal: list[Command]) -> None:
        """These commands were legal here in one more determinization."""
        for command in legal:
            self.available[command] = self.available.get(command, 0) + 1

    def expand(self, command: Command) -> Node:
        self.children[command] = child = Node()
        return child

    def record(self, reward: float) -> None:
        self.visits += 1
        self.reward += reward

    def seen(self, reward: float) -> None:
        """A child's reward, for the node's range of rewards."""
        self.low, self.high = min(self.low, reward), max(self.high, reward)

    def scaled(self, reward: float, visits: int) -> float:
        """A mean reward mapped onto [0, 1] by the range seen below this node (MuZero's min-max normalisation):
        a ruleset's position value moves by hundredths between commands, which UCB's exploration would drown."""
        mean = reward / visits
        span = self.high - self.low
        return (mean - self.low) / span if span > 1e-9 else mean


class SearchPlayer(OneByOne):
    """Information-set Monte Carlo tree search over the engine's legal commands (module docstring)."""

    name = "search"

    def __init__(self, iterations: int = ITERATIONS, seed: int = 0, time_limit: float | None = None,
                 clock: Callable[[], float] = time.perf_counter, rollout: int | None = None,
                 policy: str | None = None, policy_phases: int = POLICY_PHASES) -> None:
        self.iterations = iterations
        self.seed = seed
        self.time_limit = time_limit  # seconds per decision, besides the iterations (None: iterations only)
        self.clock = clock
        self.rollout = rollout  # random commands past the tree (None: the ruleset's rollout length, else ROLLOUT)
        self.policy = policy  # the ruleset kind playing the rollouts (None: the ruleset's choice; "random": none)
        self.policy_phases = policy_phases
        self._players: dict[int, Any] = {}

    def choose(self, game: Game, seat: int, commands: list[Command]) -> Command:
        world = game.world
        rng = random.Random(f"search:{self.seed}:{world.seed}:{world.clock.round}:{world.clock.stage}:{seat}:"
                            f"{len(game.history)}")
        started = self.clock()
        wide = len(commands) > 1
        scored = prior_sample(commands, game.app.prior_width or PRIOR_WIDTH, rng) if wide else []
        prior = {c: _one_step(game, seat, c, rng) for c in scored}
        ties = {c: rng.random() for c in commands} if wide else {}
        root = Node(prior=prior, ties=ties,  # the order is stable: as `max` over the untried commands picked
                    order=sorted(commands, key=lambda c: (prior.get(c, -1.0), ties[c]), reverse=True) if wide else [])
        self._players = {}  # the rollout policy's players, new each decision (a ruleset player may keep memory)
        for _ in range(self.iterations):
            if self.time_limit is not None and self.clock() - started >= self.time_limit:
                break
            self._iterate(game, seat, commands, root, rng)
        world.activate()
        return best(root, commands)

    def _iterate(self, game: Game, seat: int, commands: list[Command], root: Node, rng: random.Random) -> None:
        copy = fork(game, seat=seat, rng=rng)
        try:
            path: list[tuple[Node, Command, Node, int]] = []
            node, actor, legal = root, seat, commands
            for depth in range(TREE_DEPTH):
                if depth:
                    if copy.over:
                        break
                    actor = seat_to_act(copy)
                    legal = legal_commands(copy, actor)
                    if not legal:
                        break
                command, fresh = node.pick(legal, rng)
                child = node.expand(command) if fresh else node.children[command]
                if not copy.submit(command, seat=actor).ok:
                    break
                path.append((node, command, child, actor))
                node = child
                if fresh:
                    break
            policy = self._policy(copy)
            if policy is not None:
                self._play_out(copy, policy)
            length = self.rollout if self.rollout is not None else copy.app.rollout_length
            if length is None:
                length = ROLLOUT
            for _ in range(length if policy is None else 0):
                if copy.over or copy.awaiting_orders:  # orders are scored alone: the others hold (below)
                    break
                actor = seat_to_act(copy)
                legal = legal_commands(copy, actor)
                if not legal:
                    break
                copy.submit(rng.choice(legal), seat=actor)
            if copy.awaiting_orders:  # simultaneous orders are worth what they do: the other regiments hold, resolve
                for waiting in copy.unready_seats():
                    copy.submit(Ready(), seat=waiting)
            scores: dict[int, float] = {}
            for parent, _command, visited, chooser in path:
                if chooser not in scores:
                    scores[chooser] = outcome(copy, chooser)
                visited.record(scores[chooser])
                parent.seen(scores[chooser])
        finally:
            release(copy)
            game.world.activate()


    def _policy(self, game: Game) -> Callable[[int], Any] | None:
        """The rollout player of each seat (the ruleset's `policy` kind), or None for random legal commands."""
        kind = self.policy or game.app.rollout_policy
        if kind is None or kind == "random":
            return None
        factory = game.app.computer_players.get(kind)
        if factory is None:
            return None

        def player(seat: int) -> Any:
            if seat not in self._players:
                self._players[seat] = factory()
            return self._players[seat]

        return player

    def _play_out(self, copy: Game, player: Callable[[int], Any]) -> None:
        """The ruleset's own players play the next `policy_phases` phases from the tree's leaf (each seat's turn,
        orders and answers as its kind plays them): the position is scored where their plans lead."""
        from game import computer_seats

        world = copy.world
        for _ in range(self.policy_phases):
            if copy.over:
                return
            where = (world.clock.round, world.clock.stage, world.clock.seat, copy.revision)
            if copy.asking or copy.awaiting_orders:
                for seat in copy.acting_seats():
                    computer_seats.act(copy, seat, player(seat))
            elif copy.awaiting_seat and not copy.in_setup:
                player(world.clock.seat).play_turn(copy)
            if (world.clock.round, world.clock.stage, world.clock.seat, copy.revision) == where:
                return  # the policy could not move on (a kind with nothing to say here)


def best(root: Node, commands: list[Command]) -> Command:
    """The command to play: the one visited most (ties: the higher mean reward plus the prior)."""
    def ranked(command: Command) -> tuple[int, float]:
        child = root.children.get(command)
        if child is None or child.visits == 0:
            return -1, 0.0
        return child.visits, child.reward / child.visits + root.prior.get(command, 0.0)

    return max(commands, key=ranked)


def prior_sample(commands: list[Command], width: int, rng: random.Random) -> list[Command]:
    """The root commands the prior scores: all of them, or where more than `width` are legal a seeded sample
    spread evenly over the kinds of command and what each acts on (its first field: an army, a structure type),
    so that every army's moves and every kind of build stay in view however many placements a turn offers."""
    if len(commands) <= width:
        return commands
    groups: dict[tuple[type, Any], list[Command]] = {}
    for command in commands:
        fields = dataclasses.fields(command)
        groups.setdefault((type(command), getattr(command, fields[0].name) if fields else None), []).append(command)
    queues = list(groups.values())
    for queue in queues:
        rng.shuffle(queue)
    rng.shuffle(queues)
    chosen: list[Command] = []
    for depth in range(max(map(len, queues))):
        for queue in queues:
            if depth < len(queue):
                chosen.append(queue[depth])
                if len(chosen) == width:
                    return chosen
    return chosen


def _one_step(game: Game, seat: int, command: Command, rng: random.Random) -> float:
    """The position value for `seat` just after `command` in one determinization: the root's prior, which
    orders the commands the search tries first (progressive bias's heuristic, Chaslot et al. 2008)."""
    copy = fork(game, seat=seat, rng=rng)
    try:
        return outcome(copy, seat) if copy.submit(command, seat=seat).ok else 0.0
    finally:
        release(copy)
        game.world.activate()


def _explore(node: Node, stats: Node, available: int) -> float:
    """UCB on the node's normalised rewards, with ISMCTS's availability count."""
    if stats.visits == 0:
        return math.inf
    return node.scaled(stats.reward, stats.visits) + EXPLORATION * math.sqrt(math.log(available) / stats.visits)


def _ucb(node: Node, command: Command) -> float:
    return _explore(node, node.children[command], node.available.get(command, 0) + node.everywhere)
