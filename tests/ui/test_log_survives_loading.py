"""A loaded game's event log and statistics cover the whole game, in every ruleset (a third party's included: the
test-only Breakthrough): the client rebuilds them from the game's history when it shows a game that already has
one (the log said "Nothing has happened yet." in round 8 of a loaded MonsterCrasher game)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from game.content import rulesets
from game.legal import legal_commands, seat_to_act
from game.saves import load_game_with_extras, save_game
from game.setup import PlayerSpec, create_game
from game.stats import StatsTracker
from game.summary import EventJournal, describe
from game.ui.app import GameWindow
from game.ui.views.handover import HandoverView
from tests.rulesets import installed
from tests.ui.conftest import frames

COMMANDS = 40  # enough for every ruleset to leave its setup and log fights, spawns or claims


def played(ruleset: str, seed: int = 6) -> tuple[object, list[str], StatsTracker]:
    """A hot-seat game (nobody plays by themselves) after COMMANDS seeded legal commands, its log as a client
    watching from the start words it, and the statistics that client collected."""
    from game.ui.launch import choose_map

    game = create_game(choose_map(None, 2, seed, ruleset), [PlayerSpec("Ada"), PlayerSpec("Bo")], seed,
                       ruleset=ruleset)
    journal, stats = EventJournal(game), StatsTracker(game)
    rng = random.Random(seed)
    for _ in range(COMMANDS):
        if game.over:
            break
        seat = seat_to_act(game)
        result = game.submit(rng.choice(legal_commands(game, seat)), seat=seat)
        assert result.ok, result
        stats.observe(game, journal.record(game, result))
    return game, [describe(entry.event, game) for entry in journal.entries], stats


def shown_session(app: GameWindow):  # noqa: ANN201
    """The session of the game on screen, past the hot-seat hand-over (its "ready" taken as clicked)."""
    frames(app, 1)
    while isinstance(app.current_view, HandoverView):
        app.current_view.ready_cb()
        frames(app, 1)
    return app.current_view.session


@pytest.mark.parametrize("ruleset", [*sorted(rulesets()), "breakthrough"])
def test_a_loaded_game_shows_the_log_of_the_whole_game(app: GameWindow, ruleset: str, tmp_path: Path):
    with installed():
        game, lines, stats = played(ruleset)
        assert lines, f"{ruleset}: {COMMANDS} commands logged nothing"
        path = save_game(game, tmp_path / "mid.foc.json.gz")  # saved without statistics (as a v2 save)
        loaded, extras = load_game_with_extras(path)
        assert extras.stats is None
        app.start(loaded)
        chronicle = shown_session(app).chronicle
        assert [describe(entry.event, loaded) for entry in chronicle.journal.entries] == lines
        assert chronicle.stats.rounds == stats.rounds, f"{ruleset}: the statistics start at the load"
        assert not chronicle.problems


def test_a_history_that_does_not_replay_costs_the_log_not_the_game(app: GameWindow, monkeypatch: pytest.MonkeyPatch):
    """The game on screen is sound (it loaded and its state is checked); if its history cannot be replayed the log
    starts at the load, and the player is told why (the shell says the chronicle's problems, once)."""
    game, _, _ = played("monstercrasher")
    round_, seat, command = game.history[-1]
    game.history[-1] = (round_, 3 - seat, command)  # the last command, as if the other seat had given it: refused
    app.start(game)
    chronicle = shown_session(app).chronicle
    assert len(chronicle.journal.entries) == 0
    assert any("the log starts here" in problem for problem in chronicle.problems)
    shell = app.current_view.shell
    told: list[str] = []
    monkeypatch.setattr(shell, "say", lambda text, bad=False: told.append(text))
    shell._told = 0  # as when the shell first updates
    frames(app, 3)
    assert len(told) == 1 and "the log starts here" in told[0]
