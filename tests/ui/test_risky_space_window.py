"""Risky Space in the window as players expect, through the real handlers: hot-seat hand-over between human
seats, save and load through the client's saves dialog (and `foc play --load`), and the victory screen."""

from __future__ import annotations

from pathlib import Path

import arcade
import pytest

from game.maps import load_map
from game.setup import PlayerSpec, create_game
from game.snapshot import state_hash
from game.ui.app import GameWindow
from game.ui.views.handover import HandoverView
from game.ui.views.saves_dialog import SavesDialog
from game.ui.views.victory import VictoryView
from tests.risky_space import RULESET, module
from tests.ui.conftest import click, dispatch, frames, shot

R = module("rules")
ECS = module("ecs")
AI = module("ai")
SCREEN = module("screen")
MAP = Path(__file__).resolve().parents[2] / "mods" / "risky-space" / "maps" / "lantern_lanes.tmj"


@pytest.fixture(autouse=True)
def _saves(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("FOC_SAVES_DIR", str(tmp_path / "saves"))
    return tmp_path / "saves"


def start(window: GameWindow, specs: list[PlayerSpec], seed: int = 5, map_data=None):
    window.start(create_game(map_data or load_map(MAP), specs, seed, ruleset=RULESET))
    view = window.current_view
    assert isinstance(view, SCREEN.RiskySpaceView)
    return view


def perform(window: GameWindow, view, cmd) -> None:
    """A person doing what `cmd` says with the mouse and keys (the screen attacks and fortifies with all but one)."""
    if isinstance(cmd, R.Claim):
        click(window, *view.centre(cmd.territory))
    elif isinstance(cmd, R.Place):
        for territory, count in cmd.steps:
            for _ in range(count):
                click(window, *view.centre(territory))
    elif isinstance(cmd, R.Reinforce):
        for _ in range(cmd.count):
            click(window, *view.centre(cmd.territory))
    elif isinstance(cmd, R.Attack | R.Fortify):
        view.selected = None if view.selected is not None and view.selected != cmd.source else view.selected
        if view.selected is None:
            click(window, *view.centre(cmd.source))
        click(window, *view.centre(cmd.target))
    elif isinstance(cmd, R.Roll):
        dispatch(window, "on_key_press", arcade.key.R, 0)
    elif isinstance(cmd, R.Stop):
        dispatch(window, "on_key_press", arcade.key.S, 0)
    else:
        dispatch(window, "on_key_press", arcade.key.E, 0)


def play_to_the_end(window: GameWindow, view, steps: int = 30000, shots: str = "") -> tuple[VictoryView, int]:
    """Humans' ticks decided by the normal computer player but done through the screen's handlers;
    hand-over screens clicked through; computer seats left to the screen. Returns the victory screen."""
    deciders = {}
    handovers = 0
    for _ in range(steps):
        current = window.current_view
        if isinstance(current, VictoryView):
            return current, handovers
        if isinstance(current, HandoverView):
            if shots and handovers == 1:
                frames(window, 1)
                shot(window, f"{shots}_handover.png")
            current.on_update(1.0)
            click(window, window.width / 2, window.height / 2)
            handovers += 1
            continue
        assert current is view
        view.on_update(2.0)
        if window.current_view is not view or view.session.game.over or view.session.seat_is_computer():
            continue
        seat = view.world.clock.seat
        decider = deciders.setdefault(seat, AI.PLAYERS["normal"](seat))
        before = state_hash(view.world), dict(view.place_steps), view.selected
        perform(window, view, decider.act(ECS.load_state(view.world)))
        assert (state_hash(view.world), dict(view.place_steps), view.selected) != before, view.message
    raise AssertionError("no victory")


def test_hot_seat_hands_over_each_turn_and_plays_to_the_victory_screen(window: GameWindow) -> None:
    view = start(window, [PlayerSpec("Ada"), PlayerSpec("Bo")])
    assert view.hot_seat()
    victory, handovers = play_to_the_end(window, view, shots="boards_risky")
    state = ECS.load_state(view.world)
    assert handovers >= 2 * (state.round - 1)  # every human turn but the last opened with a hand-over
    winner = view.world_player(state.winner).name
    assert victory.title == f"{winner} wins!" and "round" in victory.how
    assert {c.key for c in victory.series} == {"regions", "troops"}
    frames(window, 2)
    shot(window, "boards_risky_victory.png")


def test_against_a_computer_there_is_no_hand_over_and_the_game_ends_on_the_victory_screen(window: GameWindow):
    view = start(window, [PlayerSpec("You"), PlayerSpec("CPU", True, "normal")], seed=11)
    assert not view.hot_seat()
    victory, handovers = play_to_the_end(window, view)
    assert handovers == 0 and victory.title.endswith("wins!")


def test_save_and_load_through_the_saves_dialog_and_foc_play_load(window: GameWindow, _saves: Path) -> None:
    view = start(window, [PlayerSpec("Ada"), PlayerSpec("CPU", True, "hard")], seed=3)
    for _ in range(10):  # some claims and computer ticks
        view.on_update(2.0)
        if not view.session.seat_is_computer():
            free = next(t for t, o in enumerate(ECS.load_state(view.world).owners) if o is None)
            click(window, *view.centre(free))
    saved_hash = state_hash(view.world)
    dispatch(window, "on_key_press", arcade.key.F5, 0)  # the client's shell: the saves dialog over the map
    dialog = view.shell.modal
    assert isinstance(dialog, SavesDialog) and dialog.mode == "save"
    frames(window, 1)
    shot(window, "boards_risky_save.png")
    dispatch(window, "on_key_press", arcade.key.ENTER, 0)
    files = list(_saves.glob("*.foc.json.gz"))
    assert len(files) == 1 and files[0].name.startswith("risky-space-round")
    assert view.shell.modal is None and window.current_view is view
    for _ in range(3):  # play on: the save keeps the moment it was made
        view.on_update(2.0)
        if not view.session.seat_is_computer():
            click(window, *view.centre(next(t for t, o in enumerate(ECS.load_state(view.world).owners) if o is None)))
    assert state_hash(view.world) != saved_hash
    dispatch(window, "on_key_press", arcade.key.F9, 0)
    dialog = view.shell.modal
    assert isinstance(dialog, SavesDialog) and dialog.mode == "load" and dialog.selected == 0
    frames(window, 1)
    shot(window, "boards_risky_load.png")
    thumb = dialog._thumb(dialog.saves[0])  # a region map's thumbnail: a dot per region, not a 40x1 strip
    assert len(dialog.saves[0].points) == view.world.board.size and thumb is not None and thumb.height > 20
    dispatch(window, "on_key_press", arcade.key.ENTER, 0)
    loaded = window.current_view
    assert isinstance(loaded, SCREEN.RiskySpaceView) and loaded is not view
    assert state_hash(loaded.world) == saved_hash
    from game.ui.launch import load_saved

    game, _stats = load_saved(str(files[0]))  # `foc play --load FILE`
    window.start(game)
    assert isinstance(window.current_view, SCREEN.RiskySpaceView)
    assert state_hash(window.current_view.world) == saved_hash
    frames(window, 2)


def test_a_random_universe_opens_in_the_window_with_each_seat_on_its_home(window: GameWindow) -> None:
    from game.ui.launch import choose_map

    data = choose_map("random:4", 3, 1, RULESET)  # `foc play --ruleset risky-space --map random:4`
    view = start(window, [PlayerSpec("Ada"), PlayerSpec("Bo"), PlayerSpec("CPU", True, "hard")], map_data=data)
    homes = {seat: zone[0] for seat, zone in data.start_zones[3].items()}
    assert all(view.world.owner_of(home) == seat for seat, home in homes.items())
    free = next(t for t, o in enumerate(ECS.load_state(view.world).owners) if o is None)
    click(window, *view.centre(free))
    assert view.world.owner_of(free) == 1
    frames(window, 3)
    shot(window, "boards_risky_random.png")


@pytest.mark.parametrize("board", ["lantern_lanes", "random:4", "random:6"])
def test_a_clusters_name_is_never_under_a_troop_disc_or_a_regions_name(window: GameWindow, board: str) -> None:
    """RS1.2's cluster names with their bonuses stay readable: the drawn label's box meets no region's troop disc
    at its largest (with a placement's ring) and no region's name, on the shipped map and random universes."""
    import math

    from game.ui.launch import choose_map

    data = None if board == "lantern_lanes" else choose_map(board, 2, 1, RULESET)
    view = start(window, [PlayerSpec("Ada"), PlayerSpec("Bo")], map_data=data)
    frames(window, 1)
    drawn = {text.text: text for text in view._texts.values()}
    biggest = SCREEN.DISC_R + SCREEN.DISC_GROWTH + 4
    regions = [drawn[r.name] for r in view.board.regions]
    for cluster in view.board.clusters:
        label = drawn[f"{cluster.name} +{cluster.bonus}"]
        x0, x1 = label.x - label.content_width / 2, label.x + label.content_width / 2
        y0, y1 = label.y - 4, label.y + label.content_height - 4
        for t in range(view.board.size):
            cx, cy = view.centre(t)
            nearest = (min(max(cx, x0), x1), min(max(cy, y0), y1))
            assert math.dist(nearest, (cx, cy)) >= biggest, (cluster.name, view.board.regions[t].name)
        for name in regions:
            a, b = name.x - name.content_width / 2, name.y - 4
            assert not (a < x1 and x0 < a + name.content_width and b < y1 and y0 < b + 14), (cluster.name, name.text)
