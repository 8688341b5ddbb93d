"""One choke point for every ruleset: every command, answer and order passes the engine's typed field check
(systems.command_fields, in `Game._admit`) before any rule reads it. Property test: every registered command type
of every installed ruleset, fed ill-typed or out-of-range fields, is refused with a reason naming the field; the
state hash and the history are unchanged, and the game still saves and loads."""

from __future__ import annotations

import dataclasses
import types
import typing
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from components.seats import Answer, WithdrawOrder
from game.saves import load_game, save_game
from game.snapshot import state_hash
from systems.command_fields import MAX_INT
from tests.every_ruleset import RULESETS, game_of

ANY_JSON = st.one_of(st.none(), st.booleans(), st.floats(allow_nan=True), st.text(max_size=4),
                     st.lists(st.integers(), max_size=3), st.dictionaries(st.text(max_size=2), st.integers(), max_size=2))


def _parts(annotation: Any) -> tuple[Any, bool]:
    """The annotation without `| None`, and whether None is allowed."""
    if typing.get_origin(annotation) in (typing.Union, types.UnionType):
        args = [a for a in typing.get_args(annotation) if a is not type(None)]
        return (args[0] if len(args) == 1 else annotation), type(None) in typing.get_args(annotation)
    return annotation, False


def junk(annotation: Any) -> st.SearchStrategy[Any]:
    """Values that are not of the declared type, or out of its range."""
    kind, optional = _parts(annotation)
    if kind is int:
        wrong = ANY_JSON.filter(lambda v: v is not None or not optional).filter(
            lambda v: isinstance(v, bool) or not isinstance(v, int))
        return st.one_of(wrong, st.integers(max_value=-1), st.integers(min_value=MAX_INT + 1))
    if kind is str:
        return st.one_of(ANY_JSON.filter(lambda v: not isinstance(v, str) and (v is not None or not optional)),
                         st.text(min_size=201, max_size=260))
    if kind is bool:
        return ANY_JSON.filter(lambda v: not isinstance(v, bool) and (v is not None or not optional))
    if typing.get_origin(kind) is tuple:
        item = typing.get_args(kind)[0]
        return st.one_of(st.integers(), st.text(max_size=3), st.lists(junk(item), min_size=1, max_size=3)
                         .map(tuple))
    return st.nothing()


def fine(annotation: Any) -> st.SearchStrategy[Any]:
    """Values of the declared type (legal or not: the rules decide that)."""
    kind, optional = _parts(annotation)
    base: st.SearchStrategy[Any]
    if kind is int:
        base = st.integers(0, 400)
    elif kind is str:
        base = st.text(max_size=8)
    elif kind is bool:
        base = st.booleans()
    elif typing.get_origin(kind) is tuple:
        base = st.lists(fine(typing.get_args(kind)[0]), max_size=3).map(tuple)
    else:
        base = st.none()
    return st.one_of(base, st.none()) if optional else base


def garbled(cls: type) -> st.SearchStrategy[tuple[Any, set[str]]]:
    """A command of `cls` with one or more fields junk: the command and the junk fields' names."""
    hints = typing.get_type_hints(cls)
    names = [f.name for f in dataclasses.fields(cls)]

    @st.composite
    def build(draw: st.DrawFn) -> tuple[Any, set[str]]:
        spoiled = draw(st.sets(st.sampled_from(names), min_size=1))
        values = {n: draw(junk(hints[n]) if n in spoiled else fine(hints[n])) for n in names}
        return cls(**values), spoiled

    return build()


def commands_with_fields(game: Any) -> list[type]:
    return sorted((c for c in game.app.command_types().values() if dataclasses.fields(c)), key=lambda c: c.__name__)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_command_with_junk_fields_is_refused_naming_the_field_and_changes_nothing(ruleset, tmp_path):
    game = game_of(ruleset)
    assert not game.over
    before, history = state_hash(game.world), list(game.history)
    kinds = commands_with_fields(game)
    assert Answer in kinds and WithdrawOrder in kinds  # the engine's own commands too, in every ruleset

    @settings(max_examples=10 * len(kinds), deadline=None, derandomize=True,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
    @given(st.sampled_from(kinds).flatmap(garbled), st.sampled_from([None, *game.acting_seats()]))
    def refused(sample: tuple[Any, set[str]], seat: int | None) -> None:
        command, spoiled = sample
        result = game.submit(command, seat=seat)
        assert not result.ok, f"{command!r} was accepted"
        reason = result.reason  # type: ignore[union-attr]
        assert "\n" not in reason and any(f"{type(command).__name__}.{n}" in reason for n in spoiled), reason
        assert state_hash(game.world) == before
        assert list(game.history) == history

    refused()
    path = save_game(game, tmp_path / "after.foc.json.gz")
    assert state_hash(load_game(path).world) == before


@pytest.mark.parametrize(("command", "field"), [
    (Answer([1], "continue"), "Answer.prompt"),  # was: TypeError unhashable type
    (Answer(160.0, "continue"), "Answer.prompt"),  # was: stored, and the save then failed to load
    (Answer(1, 5), "Answer.answer"),  # was: AttributeError in Relic Duels' choices
    (Answer(1, None), "Answer.answer"),
    (Answer(1, ["continue"]), "Answer.answer"),
    (WithdrawOrder("x"), "WithdrawOrder.index"),
    (WithdrawOrder(None), "WithdrawOrder.index"),
    (WithdrawOrder(0.5), "WithdrawOrder.index"),  # was: written to the history, then a crash
])
@pytest.mark.parametrize("ruleset", ["relic-duels", "total-war"])
def test_the_engines_own_commands_are_field_checked(ruleset, command, field):
    game = game_of(ruleset)
    before, history = state_hash(game.world), len(game.history)
    for seat in game.acting_seats():
        result = game.submit(command, seat=seat)
        assert not result.ok and field in result.reason  # type: ignore[union-attr]
    assert state_hash(game.world) == before and len(game.history) == history
