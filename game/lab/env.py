"""A PettingZoo AEC environment over the engine, for any ruleset: one agent per seat, masked discrete actions.

Agents are "seat_1", "seat_2", ... and act in the engine's own order (whichever seat the flow waits for,
one command per step, `game.legal.seat_to_act`): the seat to act in a seat phase, the first asked
seat while a prompt waits, and in a simultaneous phase the first seat not yet ready, which gives its
orders and then `Ready` (each command submitted with `seat=` that seat). Observation: {"observation": a float array (territories x channels) from the
ruleset's agent observation (`app.set_agent_observation`; default `game.lab.seat_view.BoardEncoder`),
"action_mask": int8[max_actions]}. Action i is the i-th command of the ruleset's legal-command
enumeration (`app.set_legal_commands`, a canonical order), valid only where the mask is 1; commands past
`max_actions` are not offered. Rewards: +1 to the winner and -1 to every other seat when the game is
won, 0 to all on a draw; -1 to a seat when it is eliminated earlier; 0 otherwise. All agents are
truncated when the round cap is passed. Needs the optional extra `agents`
(`pip install 'forces-of-conquest[agents]'`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import gymnasium
import numpy as np
from pettingzoo import AECEnv

from components.commands import Command
from game.engine import Game
from game.lab.rulesets import LegalCommands, legal_commands_of, load_game_app, seat_to_act
from game.lab.seat_view import BoardEncoder
from systems.world import DRAW

DEFAULT_MAX_ACTIONS = 512


def game_maker(ruleset: str, map_name: str | None, players: int, mods: Sequence[str]) -> Callable[[int], Game]:
    """`seed -> Game` for `ruleset` with `mods` on `map_name` (None: the ruleset's board, or its first map
    for that many players); every problem (ruleset, mods, map, player count) is a DataError now."""
    from game.setup import PlayerSpec, new_game
    from game.simulate import map_for

    app = load_game_app(ruleset, mods)
    map_data = map_for(map_name, ruleset, players)
    specs = [PlayerSpec(f"Agent {i + 1}", computer=True) for i in range(players)]
    new_game(app.rules, map_data, specs, 0)  # fail on a bad map or player count now, not at the first reset
    return lambda seed: new_game(app.rules, map_data, specs, seed)


class ConquestEnv(AECEnv):  # type: ignore[misc]
    """Forces of Conquest (or another ruleset on the same engine) as a PettingZoo AEC environment."""

    metadata = {"name": "forces_of_conquest_v0", "render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(self, ruleset: str = "base", map_name: str | None = None, players: int = 2,
                 mods: Sequence[str] = (), max_rounds: int = 100, max_actions: int = DEFAULT_MAX_ACTIONS,
                 legal_commands: LegalCommands | None = None, make_game: Callable[[int], Game] | None = None,
                 render_mode: str | None = None, seed: int = 0) -> None:
        super().__init__()
        self.make_game = make_game or game_maker(ruleset, map_name, players, mods)
        self.max_rounds = max_rounds
        self.max_actions = max_actions
        self.render_mode = render_mode
        self._seed = seed
        self.game = self.make_game(seed)
        app = self.game.app
        self.legal_commands: LegalCommands = legal_commands or legal_commands_of(app)
        world = self.game.world
        self.possible_agents = [f"seat_{s}" for s in world.seats]
        self._seat = {agent: s for agent, s in zip(self.possible_agents, world.seats, strict=True)}
        observation = app.agent_observation or BoardEncoder.for_game
        self.encoder = observation(self.game, max_rounds)
        obs_space = gymnasium.spaces.Dict({
            "observation": gymnasium.spaces.Box(0.0, 1.0, self.encoder.shape, dtype=np.float32),
            "action_mask": gymnasium.spaces.Box(0, 1, (max_actions,), dtype=np.int8),
        })
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {a: gymnasium.spaces.Discrete(max_actions) for a in self.possible_agents}
        self._legal: list[Command] = []
        self._legal_key: tuple[int, int, int] | None = None

    def observation_space(self, agent: str) -> gymnasium.spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space:
        return self.action_spaces[agent]

    # -- the game ---------------------------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._seed = seed
        self._drop_game()
        self.game = self.make_game(self._seed)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._legal_key = None
        self.agent_selection = self._agent_to_act()

    def _drop_game(self) -> None:
        """Free the finished game's ECS world (an agent plays thousands of games in one process)."""
        import esper

        name = self.game.world.name
        if name in esper.list_worlds():
            esper.switch_world("default")
            esper.delete_world(name)

    def _agent_to_act(self) -> str:
        return f"seat_{seat_to_act(self.game)}"

    def legal(self) -> list[Command]:
        """The acting seat's offered commands (at most max_actions), cached until the next command."""
        key = (id(self.game), len(self.game.history), seat_to_act(self.game))
        if key != self._legal_key:
            self._legal = self.legal_commands(self.game)[: self.max_actions]
            self._legal_key = key
        return self._legal

    def computer_action(self, kind: str = "search", **options: Any) -> int:
        """The action the engine's `kind` player (game.ai.players.ENGINE_KINDS: `search`, `random`) takes for the
        agent to act now, to play a seat by it (`env.step(env.computer_action("search"))`); `options` go to the
        player (`iterations=`, `seed=` for search). ValueError for another kind or when nothing is legal."""
        from game.ai.players import ENGINE_KINDS, engine_factories

        if kind not in ENGINE_KINDS:
            raise ValueError(f"computer_action: kind {kind!r} plays whole turns; one action at a time: "
                             f"{', '.join(ENGINE_KINDS)}")
        legal = self.legal()
        if not legal:
            raise ValueError("computer_action: no legal action now")
        player = engine_factories()[kind](**options)
        choice = player.choose(self.game, seat_to_act(self.game), list(legal)) if len(legal) > 1 else legal[0]
        return legal.index(choice)

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self._seat[agent]
        mask = np.zeros(self.max_actions, dtype=np.int8)
        if agent == self.agent_selection and not self.game.over and not self.terminations.get(agent, True):
            mask[: len(self.legal())] = 1
        return {"observation": self.encoder.encode(self.game, seat), "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        legal = self.legal()
        if action is None or not 0 <= int(action) < len(legal):
            raise ValueError(f"{agent}: action {action} is not legal now ({len(legal)} legal actions; use the mask)")
        result = self.game.submit(legal[int(action)], seat=self._seat[agent])
        if not result.ok:  # the enumeration offered an illegal command: a bug in it, never silently skipped
            raise RuntimeError(f"{agent}: offered command {legal[int(action)]} was rejected: {result}")
        world = self.game.world
        if self.game.over:
            winner = world.clock.winner
            for a in self.agents:
                self.rewards[a] = 0.0 if winner == DRAW else 1.0 if self._seat[a] == winner else -1.0
                self.terminations[a] = True
        else:
            alive = set(world.alive_seats())
            for a in self.agents:
                if not self.terminations[a] and not self.game.in_setup and self._seat[a] not in alive:
                    self.rewards[a] = -1.0
                    self.terminations[a] = True
            if self.game.app.hooks.round_of(world) > self.max_rounds:  # the round as the ruleset counts it
                for a in self.agents:
                    self.truncations[a] = True
        self.agent_selection = self._agent_to_act() if not self.game.over else agent
        self._accumulate_rewards()
        self._deads_step_first()

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        world = self.game.world
        width = int(getattr(world.board, "width", 32))  # grid boards print as their rows
        cells = "".join("." if (o := world.owner_of(t)) is None else str(o) for t in range(len(world.terrain)))
        rows = [cells[i:i + width] for i in range(0, len(cells), width)]
        return f"round {world.clock.round}, seat {seat_to_act(self.game)} to act\n" + "\n".join(rows)

    def close(self) -> None:
        pass  # the game stays readable; the next reset frees its world


def env(**kwargs: Any) -> ConquestEnv:
    """`game.lab.env.env(map_name=..., players=...)`: the environment, as PettingZoo's convention names it."""
    return ConquestEnv(**kwargs)
