"""Relic Duels (DU1-DU12): the rules as pure functions (`land`, `duel`, `choices`), wired on the engine by `play`
(characters as entities, the turn's systems, duel rounds asked to both seats at once) and played by `computer`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from components.board import Ownership, Territory
from components.players import Player

from . import play as P
from .commands import EndMoves, Step
from .components import Character, Duel, Quest
from .computer import NormalPlayer, position_value
from .data import ABILITY_KINDS, RelicDuelsRules
from .events import RELIC_EVENTS

if TYPE_CHECKING:
    from game.app import ModApp


def register(app: ModApp) -> None:
    app.set_rules_model(RelicDuelsRules)
    for kind, params in ABILITY_KINDS.items():
        app.add_ability_kind(kind, params)
    for component in (Territory, Ownership, Player, Character, Quest, Duel):
        app.add_component(component)
    app.add_command(Step, P.check_step, P.apply_step)
    app.add_command(EndMoves, P.check_end, P.apply_end)
    for event in RELIC_EVENTS:
        app.add_event(event)
    app.add_system(P.MOVE, "refill", P.refill)
    app.add_system(P.LURKER, "lurker", P.move_lurker)
    app.add_system(P.SPOTTING, "spotting", P.spot)
    app.add_system(P.COMBAT, "combats", P.open_combats)
    app.add_system(P.TURN_END, "turn_end", P.end_turn)
    app.add_prompt(P.DECLARE, P.settle_declaration)
    app.add_prompt(P.ROUND, P.settle_round)
    app.add_prompt(P.BEARER, P.settle_bearer)
    app.set_hook("new_seat", P.set_table)
    app.set_hook("victory", P.outcome)
    app.set_hook("answer_reason", P.answer_reason)
    app.add_computer_player("normal", NormalPlayer)
    app.set_game_screen(_screen)
    from .legal import legal_commands

    app.set_position_value(position_value)  # how the engine's search player scores a position
    app.set_legal_commands(legal_commands)  # learning agents' actions (game.lab.env), in legal.py's order


def _screen() -> type:
    from .screen import RelicDuelsView  # the client only: headless games never import arcade

    return RelicDuelsView
