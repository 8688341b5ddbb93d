"""Forum: Total War (TW1-TW15): the rules as pure functions (`hexes`, `orders`, `movement`, `combat`, `morale`,
`victory`), wired on the engine by `play` (regiments as entities, secret orders in simultaneous phases, the
resolvers movement -> reaction -> combat -> morale -> victory) and played by the computers in `computer`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from components.board import Ownership, Territory
from components.commands import Resign
from components.players import Player
from game.presentation import PieceLook
from systems.outcome import check_victory

from .commands import Attack, Buy, Fire, Move, Place
from .components import Battle, Field
from .computer import NormalPlayer, position_value
from .data import TotalWarRules
from .events import TOTAL_WAR_EVENTS
from .hard import HardPlayer
from .invariants import regiment_problems
from .legal import legal_commands
from .muster import check_buy, muster
from .play import (
    COMBAT,
    DEPLOY,
    FIELD,
    MOVEMENT,
    MUSTER,
    add_army,
    apply_nothing,
    apply_resign,
    check_attack,
    check_fire,
    check_move,
    check_place,
    check_resign,
    deploy,
    draw_field,
    fight,
    move,
    order_slot,
    rally,
    react,
    victory_hook,
)
from .regiments import Regiment

if TYPE_CHECKING:
    from game.app import ModApp


def _regiments(world: Any) -> dict[int, Any]:
    from .play import regiments

    world.activate()
    return regiments(world)


def _how(world: Any) -> str:
    """The victory screen's line (TW12), in players' words."""
    regiments = list(_regiments(world).values())
    seats = sorted({r.seat for r in regiments})
    beaten = [s for s in seats if not any(r.seat == s and not r.routing for r in regiments)]
    if beaten:
        return "The other army is gone or routing"
    return "More strength left on the field when time ran out"


def _pieces(world: Any) -> list[PieceLook]:
    """The regiments on the field, for the engine's save thumbnail and default board screen: a hex's offset
    coordinates (column, 1-based row) are the board's cell (row - 1) * width + column."""
    from .hexes import to_offset

    width = world.rules.board.width
    return [PieceLook((row - 1) * width + column, r.seat, glyph=r.kind[:1].upper())
            for r in _regiments(world).values() for column, row in (to_offset(r.hex),)]


def register(app: ModApp) -> None:
    app.set_rules_model(TotalWarRules)
    app.presentation.victory_words = _how
    app.presentation.pieces = _pieces  # the save thumbnail shows where the regiments stand
    app.presentation.statistics += [  # the victory screen's charts (the client's shell)
        ("men", "Men in the field", lambda world, seat: sum(r.men for r in _regiments(world).values() if r.seat == seat)),
        ("regiments", "Regiments", lambda world, seat: sum(1 for r in _regiments(world).values()
                                                           if r.seat == seat and r.men > 0)),
    ]
    for component in (Territory, Ownership, Player, Regiment, Field, Battle):
        app.add_component(component)
    app.add_command(Buy, check_buy, apply_nothing)
    app.add_command(Place, check_place, apply_nothing)
    app.add_command(Move, check_move, apply_nothing)
    app.add_command(Fire, check_fire, apply_nothing)
    app.add_command(Attack, check_attack, apply_nothing)
    app.add_command(Resign, check_resign, apply_resign)
    for event in TOTAL_WAR_EVENTS:
        app.add_event(event)
    app.add_system(FIELD, "field", draw_field)
    app.add_system(MUSTER, "muster", muster)
    app.add_system(DEPLOY, "deploy", deploy)
    app.add_system(MOVEMENT, "movement", move)
    app.add_system(MOVEMENT, "reaction", react, after="movement")
    app.add_system(COMBAT, "combat", fight)
    app.add_system(COMBAT, "morale", rally, after="combat")
    app.add_system(COMBAT, "victory", check_victory, after="morale")
    app.add_invariants(regiment_problems)  # on every loaded save and in the property tests
    app.set_hook("new_seat", add_army)
    app.set_hook("order_slot", order_slot)
    app.set_hook("victory", victory_hook)
    app.add_computer_player("normal", NormalPlayer)
    app.add_computer_player("hard", HardPlayer)
    app.set_game_screen(_screen)
    app.presentation.board_layout = "hex_columns"  # the new-game screen previews the board as hexes
    app.set_position_value(position_value)  # how the engine's search player scores a position
    app.set_legal_commands(legal_commands)  # learning agents' actions (game.lab.env), in legal.py's order


def _screen() -> type:
    from .screen import TotalWarView  # the client only: headless games never import arcade

    return TotalWarView
