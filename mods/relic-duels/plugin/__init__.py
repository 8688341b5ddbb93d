"""Relic Duels (DU1-DU12): the rules as pure functions (`land`, `duel`, `choices`), wired on the engine by `play`
(characters as entities, the turn's systems, duel rounds asked to both seats at once) and played by `computer`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from components.board import Ownership, Territory
from components.players import Player
from game.presentation import PieceLook

from . import play as P
from .commands import EndMoves, Step
from .components import OFF_MAP, Character, Duel, Quest
from .computer import NormalPlayer, position_value
from .data import ABILITY_KINDS, SIDES, RelicDuelsRules
from .events import RELIC_EVENTS
from .invariants import character_problems

if TYPE_CHECKING:
    from game.app import ModApp


def _standing(world: Any, seat: int) -> int:
    """Characters of the seat's side still on the land (DU1.1: seat 1 the Company, seat 2 the Dominion)."""
    import esper

    world.activate()
    side = SIDES[seat - 1] if 0 < seat <= len(SIDES) else ""
    return sum(1 for _, c in esper.get_component(Character) if c.side == side and c.hex >= 0)


def _how(world: Any) -> str:
    """The victory screen's line (DU3), in players' words."""
    from .play import characters, land, quest

    world.activate()
    q, chars = quest(world), characters(world)
    bearer = chars.get(q.bearer)
    if q.seized_by:
        return f"The Dominion seized the Relic in turn {q.turn}"
    if not any(c.side == "company" for c in chars.values()):
        return f"No one of the Company was left standing in turn {q.turn}"
    if bearer is not None and bearer.hex == land(world).goal:
        return f"The Company brought the Relic to its goal in turn {q.turn}"
    return "Time ran out before the Relic reached its goal"


def _pieces(world: Any) -> list[PieceLook]:
    """The characters on the land (DU1.4: a hex is a board index), for the engine's save thumbnail and default board
    screen; the lurker is nobody's."""
    sides = dict(zip(SIDES, world.seats, strict=False))
    return [PieceLook(c.hex, sides.get(c.side), glyph=key[:1].upper())
            for key, c in sorted(P.characters(world).items()) if c.hex != OFF_MAP]


def register(app: ModApp) -> None:
    app.set_rules_model(RelicDuelsRules)
    app.presentation.statistics.append(  # the victory screen's chart (the client's shell): seat 1 Company, 2 Dominion
        ("characters", "Characters standing", _standing))
    app.presentation.victory_words = _how
    app.presentation.pieces = _pieces  # the save thumbnail shows where the characters stand
    for kind, params in ABILITY_KINDS.items():
        app.add_ability_kind(kind, params)
    for component in (Territory, Ownership, Player, Character, Quest, Duel):
        app.add_component(component)
    app.add_invariants(character_problems)  # on every loaded save and in the property tests
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
    app.presentation.board_layout = "hex_rows"  # the new-game screen previews the board as hexes
    from .legal import legal_commands

    app.set_position_value(position_value)  # how the engine's search player scores a position
    app.set_legal_commands(legal_commands)  # learning agents' actions (game.lab.env), in legal.py's order


def _screen() -> type:
    from .screen import RelicDuelsView  # the client only: headless games never import arcade

    return RelicDuelsView
