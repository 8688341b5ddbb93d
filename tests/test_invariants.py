"""Property-based: random command sequences (legal and not) never break the rules' invariants (R5.2, R4.2...)."""

from __future__ import annotations

import esper
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from components.armies import Army
from components.commands import (
    Attack,
    BuildStructure,
    BuildUnit,
    ChooseBase,
    Combine,
    Command,
    EndTurn,
    Move,
    Split,
    Station,
    TakeOver,
)
from components.structures import Structure
from game.engine import Game
from game.invariants import invariant_problems
from game.legal import main_stage_commands as legal_commands
from game.mapgen import generate_map
from game.setup import PlayerSpec, new_game
from game.snapshot import state_hash
from systems import queries as q
from tests.builders import base_rules

MAP = generate_map(12, 12, players=2, seed=3, name="Invariants 12x12")


def start(seed: int) -> Game:
    game = new_game(base_rules(), MAP, [PlayerSpec("A"), PlayerSpec("B")], seed)
    for seat in game.world.seats:
        zone = [t for t in MAP.start_zones[2][seat] if base_rules().is_land(MAP.terrain[t])]
        assert game.submit(ChooseBase(zone[seed % len(zone)])).ok
    for seat in game.world.seats:
        q.stockpile(game.world, seat).update({"food": 300, "wood": 60, "stone": 60, "metal": 20})
    return game


def junk(game: Game, pick: int) -> Command:
    """Commands that are usually illegal: unknown ids, others' armies, bad paths, impossible builds."""
    world = game.world
    armies = sorted(q.armies(), key=lambda pair: pair[0])
    some = armies[pick % len(armies)][0] if armies else 1
    options: list[Command] = [
        Move(987654, (0,)),
        Move(some, (pick % world.board.size,)),
        Move(some, ()),
        Attack(some, pick % world.board.size),
        Combine(some, some),
        Split(some, (some,), 0),
        TakeOver(some),
        Station(some, some),
        BuildUnit("dragon"),
        BuildStructure("stone_tower", pick % world.board.size),
        BuildStructure("stone_wall", 0, world.board.size - 1),
        ChooseBase(0),
    ]
    return options[pick % len(options)]


def check_invariants(game: Game) -> None:
    """The engine's one invariant checker (game.invariants, also run on every loaded save), plus what the
    shipped mods add: ships count army slots aboard (mod-specific, so not in the engine)."""
    world = game.world
    problems = invariant_problems(world)
    assert not problems, problems
    for _, structure in esper.get_component(Structure):
        spec = world.rules.structures[structure.structure_type]
        if spec.ability("vessel") is not None:  # ships (mod) count army slots aboard
            assert q.slots_of(world, [q.unit(u).unit_type for u in structure.garrison]) <= spec.garrison


@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 50), picks=st.lists(st.integers(0, 10_000), min_size=5, max_size=45))
def test_random_command_sequences_keep_the_invariants(seed, picks):
    game = start(seed)
    check_invariants(game)
    for pick in picks:
        if game.over:
            break
        if pick % 4 == 0:
            command = junk(game, pick // 4)
        else:
            legal = legal_commands(game)
            command = legal[pick % len(legal)]
        before = state_hash(game.world)
        history = len(game.history)
        result = game.submit(command)
        if not result.ok:
            assert state_hash(game.world) == before, f"rejected {command} changed the state"
            assert len(game.history) == history
        check_invariants(game)


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 1000))
def test_legal_commands_are_accepted(seed):
    game = start(seed)
    for _ in range(3):
        for command in legal_commands(game)[:3]:
            assert game.check(command) is None
        game.submit(EndTurn())
    check_invariants(game)


def test_rejected_commands_change_nothing_even_repeatedly():
    game = start(1)
    before = state_hash(game.world)
    for pick in range(40):
        command = junk(game, pick)
        if game.check(command) is None:
            continue
        assert not game.submit(command).ok
    assert state_hash(game.world) == before
    game.world.activate()
    assert not any(isinstance(a, Army) and not a.units for _, a in q.armies())


def start_modded(seed: int) -> Game:
    """Two islands with cavalry, medics and ships, rich enough to build docks and ships at once."""
    from game.setup import create_game
    from tests.fixtures.maps import islands

    game = create_game(islands(), [PlayerSpec("A"), PlayerSpec("B")], seed, ["cavalry", "medic", "ships"])
    for seat in game.world.seats:
        zone = sorted(game.world.start_zones[seat])
        assert game.submit(ChooseBase(zone[seed % len(zone)])).ok
    for seat in game.world.seats:
        q.stockpile(game.world, seat).update({"food": 300, "wood": 200, "stone": 60, "metal": 40})
        for territory in sorted(game.world.start_zones[seat]):
            game.world.set_owner(territory, seat)  # own the start columns so shores are at hand
    return game


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 50), picks=st.lists(st.integers(0, 10_000), min_size=5, max_size=40))
def test_random_command_sequences_with_mods_keep_the_invariants(seed, picks):
    """Docks, ships, boarding, sailing, landing and firing (the random player's legal commands) included."""
    game = start_modded(seed)
    check_invariants(game)
    for pick in picks:
        if game.over:
            break
        legal = legal_commands(game)
        command = legal[pick % len(legal)]
        assert game.submit(command).ok, command
        check_invariants(game)
