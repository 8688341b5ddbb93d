"""Undo of this turn's moves, stopping at anything that revealed or decided something (issue 5, R10.1)."""

from __future__ import annotations

import random

from components.commands import BuildUnit, Combine, EndTurn, Move, Split, TakeOver
from game.snapshot import state_hash
from game.summary import EventJournal
from game.undo import UndoStack, next_entity_id, undo_barrier
from systems import events as ev
from tests.builders import army, at, spawn_army, tiny_game

ROWS = ["pppp", "pppp", "pppp", "pppp"]


def setup():
    game = tiny_game(ROWS, {1: (0, 0), 2: (3, 3)}, resources={"food": 50})
    return game, UndoStack()


def test_undo_restores_the_state_hash_of_before_the_move():
    game, undo = setup()
    entity = spawn_army(game, 1, at(game, 1, 0), ["soldier", "soldier"])
    before = state_hash(game.world)
    history = len(game.history)
    assert undo.submit(game, Move(entity, (at(game, 1, 1), at(game, 2, 1)))).ok
    assert state_hash(game.world) != before and undo.can_undo
    assert undo.undo(game)
    assert state_hash(game.world) == before
    assert len(game.history) == history and army(game, entity).territory == at(game, 1, 0)
    assert not undo.can_undo and not undo.undo(game)


def test_several_moves_undo_one_by_one_in_reverse_order():
    game, undo = setup()
    a = spawn_army(game, 1, at(game, 1, 0), ["soldier", "soldier", "soldier"])
    b = spawn_army(game, 1, at(game, 0, 1), ["soldier"])
    hashes = [state_hash(game.world)]
    for command in (Move(a, (at(game, 1, 1),)), Split(a, (army(game, a).units[0],), at(game, 2, 1)),
                    Combine(b, a)):
        assert undo.submit(game, command).ok
        hashes.append(state_hash(game.world))
    assert len(undo) == 3
    for expected in reversed(hashes[:-1]):
        assert undo.undo(game)
        assert state_hash(game.world) == expected


def test_after_an_undone_split_the_next_entity_gets_the_same_id_as_a_replay_would_give():
    game, undo = setup()
    a = spawn_army(game, 1, at(game, 1, 0), ["soldier", "soldier"])
    first = next_entity_id(game.world)
    undo.submit(game, Split(a, (army(game, a).units[0],), at(game, 2, 0)))
    assert next_entity_id(game.world) == first + 1
    undo.undo(game)
    assert next_entity_id(game.world) == first


def test_undo_refuses_to_cross_a_battle():
    game, undo = setup()
    mine = spawn_army(game, 1, at(game, 1, 1), ["soldier", "soldier"])
    spawn_army(game, 2, at(game, 2, 2), ["soldier"])
    assert undo.submit(game, Move(mine, (at(game, 2, 1),))).ok
    assert undo.can_undo
    result = undo.submit(game, Move(mine, (at(game, 2, 2),)))  # into the hostile army: a battle (R5.5)
    assert result.ok and any(isinstance(e, ev.BattleStarted) for e in result.events)
    after_battle = state_hash(game.world)
    assert not undo.can_undo and not undo.undo(game)
    assert state_hash(game.world) == after_battle  # the earlier move cannot be undone either
    assert "battle cannot be taken back" in undo.reason()


def test_builds_take_overs_and_the_end_of_the_turn_are_barriers():
    game, undo = setup()
    a = spawn_army(game, 1, at(game, 1, 0), ["soldier"])
    for command, word in ((Move(a, (at(game, 1, 1),)), None), (TakeOver(a), "take-over"),
                          (BuildUnit("soldier"), "build"), (EndTurn(), "new turn")):
        assert undo.submit(game, command).ok
        if word is None:
            assert undo.can_undo
        else:
            assert not undo.can_undo and word in undo.reason()


def test_anything_that_draws_a_random_number_is_a_barrier():
    rng = random.Random(3)
    before = rng.getstate()
    rng.random()
    assert undo_barrier(Move(1, (2,)), [ev.ArmyMoved(1, 1, (2,), 0)], before, rng.getstate()) == \
        "a dice roll cannot be taken back"
    assert undo_barrier(Move(1, (2,)), [ev.ArmyMoved(1, 1, (2,), 0)], before, before) is None
    assert undo_barrier(Move(1, (2,)), [ev.TerritoryDisrupted(2, 1, 5)], before, before) is not None


def test_a_rejected_command_changes_nothing_on_the_stack():
    game, undo = setup()
    a = spawn_army(game, 1, at(game, 1, 0), ["soldier"])
    undo.submit(game, Move(a, (at(game, 1, 1),)))
    assert not undo.submit(game, Move(a, (at(game, 3, 3),))).ok
    assert len(undo) == 1


def test_the_journal_forgets_undone_moves():
    game = tiny_game(ROWS, {1: (0, 0), 2: (3, 3)})
    journal = EventJournal(game)
    undo = UndoStack(journal)
    a = spawn_army(game, 1, at(game, 1, 0), ["soldier"])
    undo.submit(game, Move(a, (at(game, 1, 1),)))
    assert len(journal.entries) == 1
    undo.undo(game)
    assert journal.entries == []


def test_a_game_continued_after_an_undo_equals_one_that_never_made_the_move():
    def fresh():
        g = tiny_game(ROWS, {1: (0, 0), 2: (3, 3)}, seed=11, resources={"food": 50})
        return g, spawn_army(g, 1, at(g, 1, 0), ["soldier", "soldier"])

    game, a = fresh()
    undo = UndoStack()
    undo.submit(game, Split(a, (army(game, a).units[0],), at(game, 2, 0)))
    undo.undo(game)
    for command in (Split(a, (army(game, a).units[1],), at(game, 1, 1)), EndTurn(), EndTurn()):
        assert undo.submit(game, command).ok
    other, b = fresh()
    for command in (Split(b, (army(other, b).units[1],), at(other, 1, 1)), EndTurn(), EndTurn()):
        assert other.submit(command).ok
    assert state_hash(game.world) == state_hash(other.world)
    assert [c for _, _, c in game.history] == [c for _, _, c in other.history]


def test_a_command_submitted_around_the_stack_invalidates_it():
    game, undo = setup()
    a = spawn_army(game, 1, at(game, 1, 0), ["soldier"])
    b = spawn_army(game, 1, at(game, 0, 1), ["soldier"])
    undo.submit(game, Move(a, (at(game, 1, 1),)))
    game.submit(Move(b, (at(game, 0, 2),)))
    assert not undo.undo(game)
