"""The engine's legal-command listing is what the random and search players, learning agents and the default board
screen choose from, so every command it lists must be one the engine accepts: for every installed ruleset, at
every step of a seeded game played from the listing itself, each listed command passes `Game.check` for its seat
(a listing that offered an attack with every troop, or a move past the board, fails here)."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

import pytest

from components.commands import BuildStructure, Command, Move
from game.engine import Game
from game.legal import legal_commands, seat_to_act
from game.simulate import map_for, new_modded_game
from systems import queries as q
from systems.actions import check, check_each, execute
from systems.still import held_still, memo
from tests.every_ruleset import RULESETS

STEPS = 120  # commands played per game (a few rounds of every ruleset)
LOOK_AT = 40  # listed commands checked at each step at most (a seeded sample of a long listing)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_listed_command_is_accepted_by_the_engine(ruleset: str) -> None:
    game = new_modded_game(map_for(None, ruleset, 2, 3), ["random", "random"], 3, ruleset=ruleset)
    rng = random.Random(f"listing:{ruleset}")
    checked = 0
    for _ in range(STEPS):
        if game.over:
            break
        seat = seat_to_act(game)
        listed = legal_commands(game, seat)
        assert listed, f"{ruleset}: nothing listed for seat {seat} in {game.world.clock.stage}"
        for command in rng.sample(listed, min(LOOK_AT, len(listed))):
            reason = game.check(command, seat)
            assert reason is None, f"{ruleset}: listed {command!r} for seat {seat}, refused: {reason}"
            checked += 1
        result = game.submit(rng.choice(listed), seat=seat)
        assert result.ok
    assert checked > STEPS  # the listings were looked at, not skipped


def _near_misses(game: Game, listed: list[Command]) -> list[Command]:
    """Commands beside the listed ones, most of them illegal: each listed move one step longer (to every
    neighbour) and one shorter, another seat's army on the same path, each listed placement on the neighbours."""
    board = game.world.board
    out: list[Command] = []
    for command in listed:
        if isinstance(command, Move):
            out += [Move(command.army, (*command.path, n)) for n in board.neighbours(command.path[-1])]
            out += [Move(command.army, command.path[:-1]), Move(command.army + 1, command.path)]
        elif isinstance(command, BuildStructure):
            out += [replace(command, territory=n) for n in board.neighbours(command.territory)]
            if command.border is not None:  # the same wall from the other side, then one more beside it
                out += [replace(command, territory=command.border, border=command.territory)]
                out += [replace(command, border=n) for n in board.neighbours(command.territory)]
    return out


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_batch_check_answers_as_the_checks_one_by_one(ruleset: str) -> None:
    """A listing checks many commands against one unchanged state: a handler's `check_each` answers a batch (every
    move of an army, every placement of a structure type) and the checks share what they look up while the state
    is held still (systems.still). For listed commands and their near misses, grouped by type, the batch's answer
    inside a still state is exactly `check`'s answer for each command alone outside one (R5.3-R5.6, R6.3)."""
    game = new_modded_game(map_for(None, ruleset, 2, 4), ["random", "random"], 4, ruleset=ruleset)
    world = game.world
    rng = random.Random(f"batch:{ruleset}")
    compared, refused = 0, Counter[str]()
    for _ in range(STEPS * 2):
        if game.over:
            break
        seat = seat_to_act(game)
        listed = legal_commands(game, seat)
        by_type: dict[type, list[Command]] = {}
        for command in listed + _near_misses(game, listed):
            by_type.setdefault(type(command), []).append(command)
        world.submitted_by = seat
        try:
            for batch in by_type.values():
                alone = [check(world, c) for c in batch]
                with held_still(world):
                    together = check_each(world, batch)
                differ = [(c, a, b) for c, a, b in zip(batch, alone, together, strict=False) if a != b]
                assert not differ and len(together) == len(batch), f"{ruleset}: (command, alone, batch) {differ[:3]}"
                compared += len(batch)
                refused.update(reason for reason in alone if reason is not None)
        finally:
            world.submitted_by = None
        assert game.submit(rng.choice(listed), seat=seat).ok
    assert compared > STEPS
    if ruleset == "base":  # the near misses reached what a batch shares: an army's MP, armies on a path, walls
        assert {"the path passes through a territory holding an army", "that border already has a wall (R6.3)"} <= set(
            refused), refused.most_common()
        assert any(reason.startswith("that needs") for reason in refused)


def test_an_apply_ends_a_still_state() -> None:
    """What a still state keeps (armies by territory) is dropped the moment a command is applied (R5.3: a move
    changes where the army stands), so a check after the apply reads the new state."""
    game = new_modded_game(map_for(None, "base", 2, 4), ["random", "random"], 4, ruleset="base")
    world = game.world
    rng = random.Random("still")
    moves: list[Move] = []
    for _ in range(300):  # seeded random play until an army may move somewhere nobody of its seat stands
        moves = [c for c in legal_commands(game) if isinstance(c, Move)
                 and all(a.owner != world.clock.seat for _, a in q.armies_at(c.path[-1]))]
        if moves:
            break
        game.submit(rng.choice(legal_commands(game)))
    move = moves[0]
    with held_still(world):
        assert [a for _, a in q.armies_at(move.path[-1]) if a.owner == world.clock.seat] == []
        assert memo() is not None
        execute(world, move)
        assert memo() is None
        assert any(e == move.army for e, _ in q.armies_at(move.path[-1]))
