"""The saves list's thumbnail shows where the game stands in every ruleset (game.saves.summary_data): the cells a
seat owns and, where a ruleset declares its pieces (`Presentation.pieces`: MonsterCrasher's creatures, Relic Duels'
characters, Total War's regiments, Breakthrough's pawns), the cells they stand on, in their owners' colours; a board
of one terrain with no territory owned was one flat colour before."""

from __future__ import annotations

import random

import pytest

from game.saves import summary_data
from game.simulate import map_for, new_modded_game
from tests.every_ruleset import RULESETS, play_randomly
from tests.rulesets import installed

STEPS = 60  # commands played per game: every ruleset has pieces or owned ground by then


@pytest.mark.parametrize("ruleset", [*RULESETS, "breakthrough"])
def test_the_thumbnail_marks_every_seats_ground_or_pieces(ruleset: str) -> None:
    with installed():
        game = new_modded_game(map_for(None, ruleset, 2, 3), ["random", "random"], 3, ruleset=ruleset)
    rng = random.Random(f"thumbnail:{ruleset}")
    play_randomly(game, STEPS, rng)
    world = game.world
    world.activate()
    pieces = world.app.presentation.pieces
    if pieces is not None:
        assert all(0 <= piece.place < len(world.terrain) for piece in pieces(world)), ruleset
    thumbnail = summary_data(world)["thumbnail"]
    marked = {-cell for cell in thumbnail["cells"] if cell < 0}
    assert marked == set(world.alive_seats()), (ruleset, marked)



def _save_with_summary(game, path, summary) -> None:
    from game.saves import checksum, encode, save_data

    data = save_data(game)
    data["summary"] = summary
    data["checksum"] = checksum(data)
    path.write_bytes(encode(data))


def test_a_save_made_before_the_thumbnail_showed_pieces_still_loads(tmp_path) -> None:
    """A Total War save whose header has the older thumbnail (no regiments marked) is not taken for an edited
    header; a thumbnail that matches neither is."""
    from game.errors import DataError
    from game.saves import load_game

    with installed():
        game = new_modded_game(map_for(None, "total-war", 2, 3), ["random", "random"], 3, ruleset="total-war")
        older = summary_data(game.world, with_pieces=False)
        assert older != summary_data(game.world)
        _save_with_summary(game, tmp_path / "older.foc", older)
        assert load_game(tmp_path / "older.foc").world.clock.round == game.world.clock.round
        edited = {**older, "thumbnail": {**older["thumbnail"], "cells": [-1] * len(older["thumbnail"]["cells"])}}
        _save_with_summary(game, tmp_path / "edited.foc", edited)
        with pytest.raises(DataError, match="summary.thumbnail"):
            load_game(tmp_path / "edited.foc")
