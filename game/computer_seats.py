"""How a computer seat takes part when it is not simply its turn: simultaneous orders and answers to prompts.

A controller may define `give_orders(game, seat)` (submit its orders with `seat=seat`; Ready is sent for it
when it did not) and `answer(game, seat, prompt_id, prompt) -> str` (one of `prompt.answers`); without
them a computer seat holds (gives no orders) and takes each question's default.
"""

from __future__ import annotations

from typing import Any

from components.seats import Answer, Ready
from game.engine import Game, Result, seat_orders
from systems import prompts


def answer_prompts(game: Game, seat: int, controller: Any) -> list[Result]:
    """Answer every pending question put to `seat` through its controller (or with the default)."""
    results = []
    world = game.world
    world.activate()
    for entity, prompt in prompts.pending(world):
        if seat not in prompt.seats or prompt.given[prompt.seats.index(seat)]:
            continue
        choose = getattr(controller, "answer", None)
        choice = choose(game, seat, entity, prompt) if choose is not None else prompt.default
        result = game.submit(Answer(entity, choice if choice in prompt.answers else prompt.default), seat=seat)
        results.append(result)
        if not game.asking:
            break
    return results


def give_orders(game: Game, seat: int, controller: Any) -> list[Result]:
    """Let `seat` give its orders for the simultaneous phase in progress, then declare it ready."""
    if seat not in game.unready_seats():
        return []
    results: list[Result] = []
    orders = getattr(controller, "give_orders", None)
    if orders is not None:
        results.extend(orders(game, seat) or [])
    game.world.activate()
    if game.awaiting_orders and not seat_orders(game.world, seat).ready:
        results.append(game.submit(Ready(), seat=seat))
    return results


def act(game: Game, seat: int, controller: Any) -> list[Result]:
    """Whatever `seat` is asked to do outside its own turn right now: answer, or give orders."""
    if game.asking:
        return answer_prompts(game, seat, controller)
    if game.awaiting_orders:
        return give_orders(game, seat, controller)
    return []


def play_step(game: Game, players: list[Any]) -> None:
    """One step of a game between computer players (`players[i]` seats `world.seats[i]`): every seat asked
    answers or gives its orders, else the seat choosing a base chooses, else the seat to move plays its turn."""
    world = game.world
    if game.asking or game.awaiting_orders:
        for seat in game.acting_seats():
            act(game, seat, players[world.seats.index(seat)])
    elif game.in_setup:
        game.submit(players[world.seats.index(world.clock.seat)].choose_base(game))
    else:
        players[world.seats.index(world.clock.seat)].play_turn(game)
