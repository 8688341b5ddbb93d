"""The kept Main-stage listing (game.kept_listing) lists exactly what a fresh listing does, after every command."""

from __future__ import annotations

import random
from typing import Any

import pytest

import game.kept_listing as kept_listing
from components.commands import BuildStructure, Command, Move
from game.engine import Game
from game.legal import legal_commands, seat_to_act
from game.simulate import map_for, new_modded_game
from systems.world import MAIN


def fresh(game: Game, seat: int, monkeypatch: pytest.MonkeyPatch) -> list[Command]:
    """The listing made with nothing kept (the kept parts stay for the next listing)."""
    with monkeypatch.context() as patch:
        patch.setattr(kept_listing, "keeps", lambda world: False)
        return legal_commands(game, seat)


def listed_as_fresh(game: Game, monkeypatch: pytest.MonkeyPatch) -> tuple[int, list[Command]]:
    """The seat to act and its listing, which must equal a listing made with nothing kept."""
    seat = seat_to_act(game)
    listed = legal_commands(game, seat)
    assert listed == fresh(game, seat, monkeypatch)
    return seat, listed


def new_game(seed: int, kinds: tuple[str, str] = ("random", "random"), mods: tuple[str, ...] = ()) -> Game:
    return new_modded_game(map_for(None, "base", 2, seed), list(kinds), seed, mods, "base")


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_play_lists_after_every_command_what_a_fresh_listing_lists(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    game, rng = new_game(seed), random.Random(seed)
    kept_parts = 0
    for _ in range(700):
        if game.over:
            break
        seat, listed = listed_as_fresh(game, monkeypatch)
        kept_parts += bool(game.kept_listing is not None and game.kept_listing.armies)
        assert game.submit(rng.choice(listed), seat=seat).ok
    assert kept_parts > 100  # the listing was kept, not made afresh every time


def test_computer_players_turns_with_battles_and_takeovers_list_what_a_fresh_listing_lists(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Purposeful players (R8 battles, R7.1 takeovers, R6 building) change many parts between two listings."""
    from game import computer_seats
    from game.ai import make_controller

    game = new_game(4, ("hard", "normal"))
    players = [make_controller(kind, game.app) for kind in ("hard", "normal")]
    submit = game.submit
    compared = {"listings": 0, "battles": 0}

    def compare_then_submit(command: Any, seat: int | None = None) -> Any:
        if game.world.clock.stage == MAIN and not game.over:
            listed_as_fresh(game, monkeypatch)
            compared["listings"] += 1
            compared["battles"] += any(a.battle is not None for a in _armies(game))
        return submit(command, seat=seat)

    monkeypatch.setattr(game, "submit", compare_then_submit)
    for _ in range(2000):
        if game.over or game.world.clock.round > 150:
            break
        computer_seats.play_step(game, players)
    assert compared["listings"] > 200 and compared["battles"] > 0


def _armies(game: Game) -> list[Any]:
    import esper

    from components.armies import Army

    game.world.activate()
    return [a for _, a in esper.get_component(Army)]


def test_an_army_far_from_the_change_keeps_its_part_and_one_near_it_lists_again() -> None:
    """After one army's move only the parts whose region holds its old or new territory are listed again: the
    moves where the change lies in the army's reach, the options too where it lies beside the army."""
    game, rng = new_game(1), random.Random(1)
    for _ in range(3000):  # to a Main stage where a move leaves another army's region untouched
        seat = seat_to_act(game)
        listed = legal_commands(game, seat)
        kept = game.kept_listing
        if game.world.clock.stage == MAIN and kept is not None:
            far = [(move, touched) for move in listed if isinstance(move, Move)
                   for touched in [{kept.state.armies[move.army][1], move.path[-1]}]
                   if any(e != move.army and part.moves_region.isdisjoint(touched) for e, part in kept.armies.items())]
            if far:
                break
        game.submit(rng.choice(listed), seat=seat)
    assert kept is not None and far
    move, touched = far[0]
    before = dict(kept.armies)
    assert game.submit(move, seat=seat).ok
    legal_commands(game, seat)
    moves_again = {e for e, part in before.items() if e not in kept.armies or kept.armies[e].moves is not part.moves}
    options_again = {e for e, part in before.items()
                     if e not in kept.armies or kept.armies[e].options is not part.options}
    assert move.army in moves_again and move.army in options_again
    assert moves_again == {e for e, part in before.items() if e == move.army or not part.moves_region.isdisjoint(touched)}
    assert options_again == {e for e, part in before.items()
                             if e == move.army or not part.options_region.isdisjoint(touched)}
    assert moves_again != set(before)  # some army kept its part


def test_a_game_with_mods_lists_afresh_every_time() -> None:
    """Mods may add state the kept listing does not read (a ship, a ladder): nothing is kept."""
    game = new_game(1, mods=("ships",))
    play = random.Random(1)
    for _ in range(60):
        seat = seat_to_act(game)
        game.submit(play.choice(legal_commands(game, seat)), seat=seat)
    assert game.kept_listing is None or not game.kept_listing.armies


def test_a_copy_starts_from_its_games_kept_listing_and_neither_disturbs_the_other(monkeypatch: pytest.MonkeyPatch) -> None:
    """game.fork hands the copy the game's kept parts (a search lists in many copies); what the copy changes
    and keeps is its own."""
    from game.fork import fork, release

    game, rng = new_game(3), random.Random(3)
    compared = 0
    for _ in range(300):
        seat = seat_to_act(game)
        game.submit(rng.choice(legal_commands(game, seat)), seat=seat)
    seat = seat_to_act(game)
    legal_commands(game, seat)
    kept = game.kept_listing
    assert kept is not None and kept.placements
    parts = (dict(kept.armies), {key: (list(p.legal), set(p.pending)) for key, p in kept.placements.items()})
    built = 0
    for _ in range(5):
        copy = fork(game)
        try:
            assert copy.kept_listing is not None and copy.kept_listing.armies == game.kept_listing.armies
            for _ in range(40):
                if copy.over:
                    break
                actor, listed = listed_as_fresh(copy, monkeypatch)
                compared += 1
                building = [c for c in listed if isinstance(c, BuildStructure)]  # placements the game kept too
                built += bool(building)
                copy.submit(building[0] if building else rng.choice(listed), seat=actor)
        finally:
            release(copy)
            game.world.activate()
        assert (kept.armies, {key: (p.legal, p.pending) for key, p in kept.placements.items()}) == parts
        assert legal_commands(game, seat) == fresh(game, seat, monkeypatch)
    assert compared > 100 and built > 0
