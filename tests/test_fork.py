"""game.fork: a private copy of a running game for search rollouts, in every ruleset, and determinizations that hold
only what the searching seat may see (other seats' hidden orders and answers, what the `visible` hook hides, dice)."""

from __future__ import annotations

import random

import esper
import pytest

from components.seats import Ready, SeatOrders
from game.fork import LazyEntities, LazyIndex, fork, release
from game.lab.rulesets import available
from game.legal import legal_commands, seat_to_act
from game.simulate import map_for, new_modded_game
from game.snapshot import state_hash
from game.views import view_for
from tests.every_ruleset import play_randomly


def played(ruleset: str, seed: int = 1, steps: int = 40):
    """A game some random legal commands in (the test's own generator)."""
    game = new_modded_game(map_for(None, ruleset, 2, seed), ["random", "random"], seed, (), ruleset)
    rng = random.Random(seed)
    play_randomly(game, steps, rng)
    return game


@pytest.mark.parametrize("ruleset", available())
def test_a_fork_is_the_same_game_and_playing_it_leaves_the_original_untouched(ruleset):
    game = played(ruleset)
    before = state_hash(game.world)
    copy = fork(game)
    assert state_hash(copy.world) == before
    rng = random.Random(2)
    moved = 0
    for _ in range(30):
        if copy.over:
            break
        seat = seat_to_act(copy)
        assert copy.submit(rng.choice(legal_commands(copy, seat)), seat=seat).ok
        moved += 1
    assert moved and state_hash(copy.world) != before
    assert state_hash(game.world) == before
    release(copy)
    assert copy.world.name not in esper.list_worlds()
    assert state_hash(game.world) == before


def test_a_fork_copies_an_entity_only_when_it_is_first_read():
    game = played("base", steps=6)
    copy = fork(game)
    copy.world.activate()
    table = esper._entities
    assert isinstance(table, LazyEntities) and dict.__len__(table) == 0
    tile = copy.world.tiles[0]
    assert tile in table and esper.entity_exists(tile)
    original = table.base[tile]
    mine = table[tile]
    assert dict.__len__(table) == 1 and mine is not original
    assert all(mine[kind] is not original[kind] for kind in original)
    esper.delete_entity(tile, immediate=True)
    assert tile not in table and not esper.entity_exists(tile) and table.get(tile) is None
    game.world.activate()
    assert esper.entity_exists(tile)  # the original keeps it
    release(copy)


def test_a_fork_copies_the_index_of_a_component_class_only_when_it_is_first_read():
    from components.board import Territory

    game = played("base", steps=6)
    game.world.activate()
    before = set(esper._components[Territory])
    copy = fork(game)
    copy.world.activate()
    index = esper._components
    assert isinstance(index, LazyIndex) and dict.__len__(index) == 0 and Territory in index
    tile = copy.world.tiles[0]
    esper.delete_entity(tile, immediate=True)  # the fork's own set loses it
    assert dict.__contains__(index, Territory) and tile not in index[Territory]
    game.world.activate()
    assert esper._components[Territory] == before  # the original's set is untouched
    release(copy)


def test_a_determinization_drops_the_other_seats_hidden_orders_and_reseeds_the_dice():
    """TW4.2: pending orders are secret; a seat's search must not read its opponent's."""
    from game.setup import PlayerSpec, create_game

    game = create_game(None, [PlayerSpec("A", True), PlayerSpec("B", True)], 3, ruleset="total-war")
    first, second = game.world.seats
    for seat in (first, second):  # TW3.1: both keep the default army; now the secret deployment (TW3.2)
        assert game.submit(Ready(), seat=seat).ok
    assert game.awaiting_orders
    legal = [c for c in legal_commands(game, second) if type(c).__name__ != "Ready"]
    assert legal and game.submit(legal[0], seat=second).ok
    hidden = [o for _, o in esper.get_component(SeatOrders) if o.seat == second][0].orders
    assert hidden
    mine = fork(game, seat=first, rng=random.Random(1))
    mine.world.activate()
    theirs = {o.seat: o for _, o in esper.get_component(SeatOrders)}
    assert theirs[second].orders == [] and not theirs[second].ready
    assert mine.world.rng.getstate() != game.world.rng.getstate()
    own = fork(game, seat=second, rng=random.Random(1))
    own.world.activate()
    assert {o.seat: o for _, o in esper.get_component(SeatOrders)}[second].orders == hidden
    release(mine)
    release(own)


def test_a_determinization_holds_what_the_visible_hook_shows_the_seat():
    """A ruleset hiding an entity (the `visible` hook): the searching seat's copy has it as its view shows it."""
    game = played("monstercrasher", steps=8)
    creatures = [int(k) for k, comps in view_for(game, None)["entities"].items() if "Creature" in comps]
    assert creatures
    hidden, shown = creatures[0], creatures[1:]

    def visible(world, seat, entity, components):
        return None if entity == hidden and seat == 1 else components

    game.app.hooks.visible = visible
    try:
        copy = fork(game, seat=1, rng=random.Random(0))
        copy.world.activate()
        assert not esper.entity_exists(hidden)
        assert all(esper.entity_exists(e) for e in shown)
        release(copy)
        other = fork(game, seat=2, rng=random.Random(0))
        other.world.activate()
        assert esper.entity_exists(hidden)
        release(other)
    finally:
        game.app.hooks.visible = None
