"""One contract for computer players in every installed ruleset (game.ai.players): the kinds a game offers, unknown
kinds refused by name, `play_turn` returning results, and the engine's random player from the legal commands."""

from __future__ import annotations

import pytest

from game.ai import RandomPlayer, UnknownPlayerKind, make_controller, player_kinds
from game.cli import main
from game.content import load_app
from game.engine import Accepted, Rejected
from game.errors import DataError
from game.lab.rulesets import available
from game.legal import legal_commands, seat_to_act
from game.setup import PlayerSpec
from game.simulate import map_for, new_modded_game, play_game

RULESETS = available()


def new(ruleset: str, kinds: list[str], seed: int = 1):
    return new_modded_game(map_for(None, ruleset, len(kinds), seed), kinds, seed, (), ruleset)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_ruleset_offers_its_own_kinds_then_search_and_random(ruleset):
    app = load_app(ruleset)
    kinds = player_kinds(app)
    assert kinds[: len(app.computer_players)] == tuple(app.computer_players)
    assert "search" in kinds and "random" in kinds
    assert "random" not in app.computer_players  # one random player, the engine's
    for kind in kinds:
        assert hasattr(make_controller(kind, app), "play_turn")


@pytest.mark.parametrize("ruleset", RULESETS)
def test_an_unknown_kind_is_refused_by_name_with_the_kinds_offered(ruleset, capsys):
    app = load_app(ruleset)
    with pytest.raises(UnknownPlayerKind, match="'dragon'.*kinds: " + ", ".join(player_kinds(app))):
        make_controller("dragon", app)
    assert main(["simulate", "--ruleset", ruleset, "--players", "ai,dragon", "--rounds", "1"]) == 2
    assert "'dragon'" in capsys.readouterr().err
    with pytest.raises(DataError, match="seat 2: unknown computer player kind 'dragon'"):
        new_modded_game(map_for(None, ruleset, 2, 1), ["normal" if "normal" in player_kinds(app) else "random",
                                                        "dragon"], 1, (), ruleset)


def test_a_kind_the_ruleset_lacks_is_refused_not_played_as_another(capsys):
    """Issue 27: `--players ai,hard` on a ruleset without `hard` played `normal` and reported `hard`."""
    lacking = [r for r in RULESETS if "hard" not in player_kinds(load_app(r))]
    assert lacking
    for ruleset in lacking:
        assert main(["simulate", "--ruleset", ruleset, "--players", "ai,hard", "--rounds", "1"]) == 2
        err = capsys.readouterr().err
        assert "unknown computer player kind 'hard'" in err and "search" in err


def test_human_seats_are_not_checked_against_computer_kinds():
    app = load_app("monstercrasher")
    from game.setup import create_game

    game = create_game(None, [PlayerSpec("A", False, "hard"), PlayerSpec("B", True, "normal")], 1,
                       ruleset="monstercrasher")
    assert not game.over and "hard" not in player_kinds(app)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_play_turn_returns_results_and_simulate_counts_accepted_commands(ruleset):
    """Every player returns Results (MonsterCrasher's returned events, so simulate counted events as commands):
    the count is exactly the accepted commands, each of which the game recorded once."""
    kinds = [k for k in player_kinds(load_app(ruleset)) if k != "search"][:2]
    kinds = (kinds * 2)[:2]
    game = new(ruleset, kinds)
    seen: list[object] = []
    game, result = play_game(game.world.rules, None, kinds, 1, 6, game=game,
                             observe=lambda _g, results: seen.extend(results))
    assert all(isinstance(r, Accepted | Rejected) for r in seen)
    assert result.commands == len(game.history) > 0


@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_engine_random_player_plays_only_listed_legal_commands(ruleset, monkeypatch):
    """The engine's random player submits only commands from the ruleset's legal listing, in every phase."""
    game = new(ruleset, ["random", "random"], 3)
    listed: set[object] = set()
    original = legal_commands

    def spy(g, seat=None):
        out = original(g, seat)
        listed.update(out)
        return out

    monkeypatch.setattr("game.ai.one_by_one.legal_commands", spy)
    submitted: list[object] = []
    real_submit = type(game).submit

    def watch(self, command, seat=None):
        submitted.append(command)
        return real_submit(self, command, seat)

    monkeypatch.setattr(type(game), "submit", watch)
    play_game(game.world.rules, None, ["random", "random"], 3, 4, game=game)
    monkeypatch.undo()
    assert submitted
    from components.seats import Answer, Ready

    assert all(c in listed or isinstance(c, Ready | Answer) for c in submitted)


def test_the_random_player_is_deterministic_for_a_seed():
    for ruleset in RULESETS:
        one = new(ruleset, ["random", "random"], 5)
        two = new(ruleset, ["random", "random"], 5)
        play_game(one.world.rules, None, ["random", "random"], 5, 3, game=one)
        play_game(two.world.rules, None, ["random", "random"], 5, 3, game=two)
        assert list(one.history) == list(two.history), ruleset


def test_seat_to_act_names_the_seat_whose_commands_are_listed():
    for ruleset in RULESETS:
        game = new(ruleset, ["random", "random"], 2)
        seat = seat_to_act(game)
        other = next(s for s in game.world.seats if s != seat)
        assert legal_commands(game, seat)
        if other not in game.acting_seats():
            assert legal_commands(game, other) == [], ruleset
    assert RandomPlayer().name == "random"


@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_offered_kind_is_a_valid_seat_for_the_invariants_and_saves(ruleset, tmp_path):
    """A seat of any kind the game offers (the engine's search included) passes the seat invariants, which every
    loaded save is checked against."""
    from game.invariants import invariant_problems
    from game.saves import load_game, save_game

    kinds = list(player_kinds(load_app(ruleset)))
    game = new(ruleset, [kinds[-2], kinds[-1]])
    assert not any("difficulty" in p for p in invariant_problems(game.world))
    loaded = load_game(save_game(game, tmp_path / "kinds.foc"))
    assert loaded.world.seats == game.world.seats
