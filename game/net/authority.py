"""Who may act: the seat a connection holds against the seat a command would act for.

Today's commands act for whoever's turn it is (`clock.seat`, docs/architecture.md), so the server checks
that the sender holds that seat before it submits anything. When commands carry their issuing seat
(issue 11), `issue` stamps the sender's seat into the command and the engine's own checks take over;
this module is the only place that changes.
"""

from __future__ import annotations

from components.commands import Command
from game.engine import Game
from systems.world import MAIN, SETUP


def may_act(game: Game, seat: int) -> str | None:
    """None when `seat` may submit a command now, else the reason it may not."""
    clock = game.world.clock
    if game.over:
        return "the game is over"
    if clock.seat != seat:
        return f"it is seat {clock.seat}'s turn, not yours (seat {seat})"
    if clock.stage not in (MAIN, SETUP):
        return f"seat {seat} cannot act during the {clock.stage} stage"
    return None


def issue(command: Command, seat: int) -> Command:
    """The command as issued by `seat` (today commands carry no issuer; `may_act` checked the seat)."""
    del seat
    return command
