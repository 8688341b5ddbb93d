"""Players that choose one legal command at a time from the engine's listing (game.legal): the plumbing that turns
`choose(game, seat, commands)` into the computer-player contract (game.ai.players) for every kind of phase."""

from __future__ import annotations

from typing import Any

from components.commands import Command
from components.seats import Answer, Prompt
from game.engine import Game, Result
from game.legal import ending_commands, legal_commands

MAX_COMMANDS = 40  # a seat's part of one phase: past this many commands, only an ending command is chosen
HARD_STOP = 60  # and past this many the player stops (the caller ends the turn for it)


class OneByOne:
    """A computer player built on `choose`: its seat phases, setup, simultaneous orders and answers."""

    name = "one-by-one"
    max_commands = MAX_COMMANDS

    def choose(self, game: Game, seat: int, commands: list[Command]) -> Command:
        """One of `commands` (never empty, all legal now) for `seat`."""
        raise NotImplementedError

    def _pick(self, game: Game, seat: int, commands: list[Command], given: int) -> Command:
        if given >= self.max_commands:
            commands = ending_commands(game, commands) or commands
        return commands[0] if len(commands) == 1 else self.choose(game, seat, commands)

    def play_turn(self, game: Game) -> list[Result]:
        world = game.world
        seat = world.clock.seat
        results: list[Result] = []
        while len(results) < HARD_STOP and not game.over and game.awaiting_seat and world.clock.seat == seat:
            commands = legal_commands(game, seat)
            if not commands:
                break
            result = game.submit(self._pick(game, seat, commands, len(results)))
            results.append(result)
            if not result.ok:  # never expected: the listing is of legal commands
                break
        return results

    def choose_base(self, game: Game) -> Command:
        commands = legal_commands(game)
        if not commands:
            raise RuntimeError("no legal setup command for the seat to act")
        return self._pick(game, game.world.clock.seat, commands, 0)

    def give_orders(self, game: Game, seat: int) -> list[Result]:
        results: list[Result] = []
        while len(results) < HARD_STOP and seat in game.unready_seats():
            commands = legal_commands(game, seat)
            if not commands:
                break
            result = game.submit(self._pick(game, seat, commands, len(results)), seat=seat)
            results.append(result)
            if not result.ok:
                break
        return results

    def answer(self, game: Game, seat: int, prompt_id: int, prompt: Prompt) -> str:
        commands: list[Any] = [c for c in legal_commands(game, seat) if isinstance(c, Answer) and c.prompt == prompt_id]
        if not commands:
            return prompt.default
        choice = self._pick(game, seat, commands, 0)
        return str(choice.answer) if isinstance(choice, Answer) else prompt.default
