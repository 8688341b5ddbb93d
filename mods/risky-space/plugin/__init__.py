"""Risky Space, a Risk-like game of star systems (rules RS1-RS9): rules, computer players and the universe generator."""

from __future__ import annotations

from typing import Any


def register(app: Any) -> None:
    """The ruleset on its game's App: rules model, components, commands, computer players, client screen."""
    from components.board import Ownership, Territory
    from components.players import Player

    from .ecs import Computer, position_value, register_engine
    from .model import RiskySpaceRules

    app.set_rules_model(RiskySpaceRules)
    for component in (Territory, Ownership, Player):
        app.add_component(component)
    register_engine(app)
    for level in ("normal", "hard"):  # the engine adds `search` and `random` (game.ai.players)
        app.add_computer_player(level, lambda level=level: Computer(level))
    app.set_game_screen(_screen)
    from .ecs import load_state

    def how(world: Any) -> str:
        """The victory screen's line (RS7.3), in players' words."""
        state = load_state(world)
        limit = state.rules.end.max_rounds
        last = min(state.round, limit) if limit else state.round  # a game ended by the limit stopped as the next began
        if state.draw:
            return f"Regions and troops level after round {last}"
        others = [s for s in state.seats if s != state.winner]
        if all(s in state.eliminated or s in state.forfeited for s in others):
            return f"Last player standing in round {state.round}"
        return f"Most regions after round {last}"

    app.presentation.victory_words = how

    app.presentation.statistics += [  # the victory screen's charts (the client's shell)
        ("regions", "Regions held", lambda world, seat: len(load_state(world).owned(seat))),
        ("troops", "Troops", lambda world, seat: sum(load_state(world).troops[t] for t in load_state(world).owned(seat))),
    ]
    app.set_map_generator(_random_map)
    from .legal import legal_commands

    app.set_position_value(position_value)  # how the engine's search player scores a position
    app.set_rollout_length(0)  # that value prices a running battle by its exact odds: random rolls add only noise
    app.set_legal_commands(legal_commands)  # learning agents' actions (game.lab.env), in legal.py's order
    app.set_agent_observation(_agent_view)


def _agent_view(game: Any, max_rounds: int) -> Any:
    from .agent import RegionView  # numpy: only where learning agents play

    return RegionView(game, max_rounds)


def _screen() -> type:
    from .screen import RiskySpaceView  # the client only: headless games never import arcade

    return RiskySpaceView


def _random_map(players: int, seed: int) -> Any:
    from .universe import universe_map

    return universe_map(players, seed)
