"""Command fields are checked for type and range inside the engine: a reason, never a TypeError or a half-applied
command (a Repair of 1.5 points used to make a game that saved but could not load)."""

from __future__ import annotations

import pytest

from components.commands import BuildStructure, BuildUnit, EndTurn, Move, Repair, Split
from game.snapshot import state_hash
from systems.command_fields import field_problem
from tests.builders import spawn_army, spawn_structure, tiny_game


def game_with_a_damaged_tower():
    game = tiny_game(["ppppp", "ppppp"], {1: (0, 0), 2: (4, 1)}, resources={"wood": 100, "food": 100})
    tower = spawn_structure(game, 1, "wooden_tower", 1)
    import esper

    from components.structures import Structure

    game.world.activate()
    esper.component_for_entity(tower, Structure).health -= 3
    army = spawn_army(game, 1, 2, ["soldier", "soldier"])
    return game, tower, army


@pytest.mark.parametrize(
    ("make", "field"),
    [
        (lambda t, a: Repair(t, 1.5), "Repair.points"),
        (lambda t, a: Repair(t, "3"), "Repair.points"),
        (lambda t, a: Repair(t, True), "Repair.points"),
        (lambda t, a: Move(a, None), "Move.path"),
        (lambda t, a: Move(a, (1.0,)), "Move.path"),
        (lambda t, a: Move(-1, (1,)), "Move.army"),
        (lambda t, a: Split(a, None, 3), "Split.units"),
        (lambda t, a: BuildStructure("wooden_tower", "a"), "BuildStructure.territory"),
        (lambda t, a: BuildStructure("wooden_tower", 1.0), "BuildStructure.territory"),
        (lambda t, a: BuildStructure("wooden_tower", -1), "BuildStructure.territory"),
        (lambda t, a: BuildStructure(None, 1), "BuildStructure.structure_type"),
        (lambda t, a: BuildUnit(7), "BuildUnit.unit_type"),
    ],
)
def test_ill_typed_fields_are_refused_with_a_reason_and_change_nothing(make, field):
    game, tower, army = game_with_a_damaged_tower()
    before, history = state_hash(game.world), len(game.history)
    result = game.submit(make(tower, army))
    assert not result.ok and field in result.reason
    assert state_hash(game.world) == before and len(game.history) == history


def test_a_well_typed_repair_still_works():
    game, tower, _ = game_with_a_damaged_tower()
    assert game.submit(Repair(tower, 2)).ok


def test_the_field_check_is_derived_from_the_annotations_of_plugin_commands_too():
    from game.content import load_app

    sail = load_app(mods=["ships"]).command_types()["Sail"]
    assert field_problem(sail(3, (1, 2))) is None
    assert "Sail.path" in field_problem(sail(3, None))
    assert field_problem(EndTurn()) is None


@pytest.mark.parametrize("value", [3, 0, -1, 2**53 + 1, True, 1.0, "3", None, (1, 2), [1, -2], (1, 1.5), ["a"], ()])
def test_the_quick_test_of_a_commands_fields_accepts_only_what_the_field_checks_accept(value):
    # the compiled one-call test (the common case) may send a sound command on to the full checks, never pass junk
    from systems.command_fields import _checkers, _sound_fields

    for command in (Move(army=value, path=(1, 2)), Move(army=1, path=value)):  # type: ignore[arg-type]
        full = next((p for name, check in _checkers(Move) if (p := check(getattr(command, name))) is not None), None)
        if _sound_fields(Move)(command):
            assert full is None, command
        assert (field_problem(command) is None) == (full is None), command
