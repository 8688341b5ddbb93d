"""A declared flow runs any game: the Duel ruleset of docs/architecture.md (no setup, a seat phase ended by
EndTurn, an automatic phase, victory with draws, a round limit), built from the guide's text and played."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from components.commands import EndTurn, Move
from game.content import discover as discover_module
from game.content import load_app
from game.content.manifest import BUNDLED_MODS
from game.engine import Game
from game.setup import PlayerSpec, create_game
from systems.events import GameDrawn, GameWon, TurnStarted
from systems.world import DRAW, OVER

PLAYERS = [PlayerSpec("A"), PlayerSpec("B")]


def write_duel(root: Path, **numbers: int) -> Path:
    guide = (Path(__file__).resolve().parents[1] / "docs" / "architecture.md").read_text()
    files = dict(re.findall(r"`mods/duel/([\w.]+)`:\n\n```\w+\n(.*?)```", guide, flags=re.S))
    assert set(files) == {"mod.toml", "rules.toml", "plugin.py"}
    folder = root / "duel"
    folder.mkdir(exist_ok=True)
    for name, text in files.items():
        for key, value in numbers.items():
            text = re.sub(rf"^{key} = \d+$", f"{key} = {value}", text, flags=re.M)
        (folder / name).write_text(text)
    return folder


@pytest.fixture
def search(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    root = tmp_path / "bundled"
    root.mkdir()
    monkeypatch.setattr(discover_module, "BUNDLED_MODS", root)  # a stand-in for the game's mods/ folder
    return [BUNDLED_MODS, root]


def duel(search: list[Path], **numbers: int) -> Game:
    write_duel(search[1], **numbers)
    return create_game(None, PLAYERS, 1, search=search, ruleset="duel")


def strike(game: Game):
    return game.app.command_types()["Strike"]()


def test_a_ruleset_without_setup_starts_in_round_one_with_the_first_seat_acting(search):
    game = duel(search)
    clock = game.world.clock
    assert (clock.round, clock.seat, clock.stage) == (1, 1, "command")
    assert not game.in_setup
    assert game.app.flow.stages() == ["command", "march", "round_end"]
    assert game.schedule.order("march") == ["march", "victory"]
    assert game.world.board.size == 3


def test_end_turn_runs_the_automatic_phase_then_the_next_seat_acts(search):
    game = duel(search)
    life = game.app.plugin("duel").life  # type: ignore[union-attr]
    assert game.submit(strike(game)).ok
    result = game.submit(EndTurn())
    assert result.ok
    assert (life(game.world, 1).points, life(game.world, 2).points) == (4, 2)  # strike 2, march 1 each
    assert [(e.seat, e.round) for e in result.events if isinstance(e, TurnStarted)] == [(2, 1)]
    assert game.world.clock.stage == "command" and game.world.clock.seat == 2


def test_one_seat_falling_loses_and_both_at_once_is_a_draw(search):
    game = duel(search, life=3)
    game.submit(strike(game))
    result = game.submit(EndTurn())  # seat 2: 3 - 2 - 1 = 0
    assert game.over and game.world.clock.winner == 1
    assert any(isinstance(e, GameWon) and e.seat == 1 for e in result.events)
    drawn = duel(search, life=1)
    result = drawn.submit(EndTurn())  # the march takes both to 0
    assert drawn.world.clock.winner == DRAW and drawn.world.clock.stage == OVER
    assert [e.seats for e in result.events if isinstance(e, GameDrawn)] == [(1, 2)]
    assert drawn.submit(EndTurn()).reason == "the game is over"


def test_after_the_round_limit_more_life_wins_and_equal_life_draws(search):
    game = duel(search, march_damage=0, rounds=2, life=9)
    for _ in range(4):
        assert game.submit(EndTurn()).ok
    assert game.world.clock.winner == DRAW
    game = duel(search, march_damage=0, rounds=2, life=9)
    game.submit(strike(game))
    for _ in range(4):
        game.submit(EndTurn())
    assert game.world.clock.winner == 1 and game.world.clock.round == 2


def test_each_game_sees_only_its_own_commands(search):
    base_before = create_game(_tiny(), PLAYERS, 1, search=search)
    game = duel(search)
    base_after = create_game(_tiny(), PLAYERS, 1, search=search)
    assert game.submit(Move(1, (2,))).reason.startswith("unknown command Move")
    for base in (base_before, base_after):
        assert base.submit(strike(game)).reason.startswith("unknown command Strike")


def test_the_rulesets_computer_player_plays_it_to_the_end(search):
    from game.simulate import game_line, play_game

    game = duel(search)
    _, result = play_game(game.world.rules, None, ["normal", "normal"], 1, max_rounds=20, game=game)
    assert game.over and result.winner == DRAW and result.rounds == 2  # life 5: both fall in round 2's march
    assert game_line(result) == "seed 1: a draw in round 2"
    game = duel(search, life=6)
    _, result = play_game(game.world.rules, None, ["normal", "normal"], 1, max_rounds=20, game=game)
    assert result.winner == 1 and result.winner_kind == "normal"  # the first striker gets there first


def test_validate_and_schema_cover_every_ruleset(search, tmp_path):
    from game.schema import write_schemas
    from game.validate import validate_paths

    folder = write_duel(search[1])
    checked, errors = validate_paths([str(folder)])
    assert errors == [] and checked == [f"mod {folder}"]
    assert load_app("duel", search=search).rules.duel.rounds == 10  # type: ignore[attr-defined]
    names = {p.name for p in write_schemas(tmp_path / "schema", search)}
    assert {"rules.schema.json", "rules.duel.schema.json", "mod.schema.json"} <= names


def _tiny():
    from tests.builders import tiny_map

    return tiny_map(["ppp"])


def test_a_saved_game_of_another_ruleset_loads_with_that_rulesets_app(search, tmp_path):
    from game.replay import replay_data
    from game.saves import load_game, save_game
    from game.snapshot import state_hash

    game = duel(search)
    game.submit(strike(game))
    game.submit(EndTurn())
    loaded = load_game(save_game(game, tmp_path / "duel.foc.json.gz"), search=search)
    assert loaded.app.ruleset == "duel" and "Strike" in loaded.app.command_types()
    assert state_hash(loaded.world) == state_hash(game.world)
    assert loaded.world.clock.stage == "command" and loaded.submit(strike(loaded)).ok
    assert replay_data(game)["commands"]


def test_a_saved_game_of_another_ruleset_is_checked_like_any_save(search, tmp_path):
    """Save v4 names the ruleset in its header; loading builds the App of the saved ruleset and runs the
    engine's invariants (the base game's are the base ruleset's own) and the history check of its flow."""
    from game.errors import DataError
    from game.saves import checksum, game_from_data, read_header, save_data, save_game

    game = duel(search)
    game.submit(strike(game))
    game.submit(EndTurn())
    header = read_header(save_game(game, tmp_path / "duel.foc.json.gz"))
    assert header is not None and header.ruleset_id == "duel" and [m.id for m in header.mods] == ["duel"]
    data = save_data(game)
    data["ruleset_id"] = "base"  # the header and the embedded rules must agree
    data["checksum"] = checksum(data)
    with pytest.raises(DataError, match="ruleset_id"):
        game_from_data(data, "edited", search)
    game = duel(search, march_damage=0)
    for _ in range(3):
        game.submit(EndTurn())
    data = save_data(game)
    data["history"] = [h for h in data["history"] if h[0] != 1]  # round 1 cut from the history
    data["checksum"] = checksum(data)
    with pytest.raises(DataError, match="history"):
        game_from_data(data, "cut", search)


def test_the_command_line_checks_the_ruleset_id(capsys):
    from game.cli import main as foc

    for bad in ("../base", "nosuchgame"):
        with pytest.raises(SystemExit) as done:
            foc(["simulate", "--ruleset", bad])
        assert done.value.code == 2
        err = capsys.readouterr().err
        assert "--ruleset" in err and "Traceback" not in err


def test_a_flow_copied_with_new_phases_finds_the_new_ones_by_name():
    """Flow.phase's index is made once per flow: a copy with changed phases (model_copy) indexes its own."""
    from game.flow import Flow, Phase

    flow = Flow(turn=(Phase(name="main", acts="seat", ends_with=("EndTurn",)),))
    assert flow.phase("main").ends_with == ("EndTurn",)  # the index is made here
    changed = flow.model_copy(update={"turn": (Phase(name="main", acts="seat", ends_with=("EndTurn", "Resign")),)})
    assert changed.phase("main").ends_with == ("EndTurn", "Resign")
    assert flow.phase("main").ends_with == ("EndTurn",)
