"""Every installed ruleset played to its end in a real window, by real input only (xdotool keys and clicks): against
the computer with F1 help, the game menu's save and load mid-game and the victory screen; and hot-seat, the
hand-overs clicked through, to the victory screen.

A short game is made with the rules' own means, never a client shortcut: a declared option (MonsterCrasher's
round limit, MC7.2; Risky Space's round limit, RS7.3; Total War's turn limit, TW12.2; Relic Duels' turn limit,
DU3.2) or a small map. How a seat ends its turn on each game's screen is its `Recipe`; a ruleset installed with no
recipe still gets its help, menu, save and load checked, and its game's end is skipped with the reason. The game's
end is read back from the final autosave the client writes (game.saves.Autosaver) and then seen as the victory
screen; screenshots of every screen go to screenshots/issue26/.
"""

from __future__ import annotations

import contextlib
import time
from dataclasses import dataclass
from pathlib import Path

import pytest
from PIL import Image

from game.content import rulesets
from tests.window.xclient import Client, XDisplay, client, differs, wait_for

pytestmark = [pytest.mark.window, pytest.mark.games]  # minutes: `make test-games`, not `make test`
ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "screenshots" / "issue26"
SIZE = (1280, 720)
TURNS = 40  # the bound on turns played to reach a short game's end

Step = tuple[str, object]  # ("key", "Return") or ("click", (x, y)) in arcade's coordinates


@dataclass(frozen=True)
class Recipe:
    """How a player plays one ruleset's screen: the options that make its game short, the input before the first
    turn, a move inside a turn (what "plays on" after a save), and the input that ends the seat's turn (also
    passing a hand-over screen, which takes Enter, Space or a click)."""

    options: tuple[str, ...]
    turn: tuple[Step, ...]
    move: tuple[Step, ...] = ()
    first: tuple[Step, ...] = ()
    menu: tuple[Step, ...] = (("click", (34, 16)),)  # the shell's Menu button, bottom left (game.ui.shell BAR_*)
    menu_answers: int = 7  # the game menu's answers (Resume, Save game, Load game, ...: Save and Load are 2nd, 3rd)
    hot_seat_end: str = ""  # why two humans cannot end this game in a few turns, where they cannot
    resign: int | None = None  # the game menu's Resign answer, where two humans end the game by one resigning
    hot_seat_first: tuple[Step, ...] = ()  # the input before the first turn at a hot-seat table, where it differs


RECIPES: dict[str, Recipe] = {
    "monstercrasher": Recipe(("--option", "round_limit=2"), turn=(("key", "space"),),
                             move=(("click", (95, 97)),)),  # square A1: a Basic is spawned
    # seed 3 deals Umberfall and the cluster Ironwake Expanse (Coldspindle) to seat 1, Vesperlight to seat 2 (none
    # of them neighbours: the clicks never attack): each seat places its troops on its own regions (three clicks a
    # placement, RS2.3; a cluster's bonus troops in that cluster, RS4.2), then ends its turn
    "risky-space": Recipe(("--option", "claiming=deal", "--option", "max_rounds=1"),
                          turn=(*3 * (("click", (307, 643)),), *3 * (("click", (781, 360)),),
                                *3 * (("click", (88, 636)),), ("key", "e"))),
    "total-war": Recipe(("--option", "turn_limit=1"), turn=(("key", "Return"),),
                        move=(("click", (1215, 494)),)),  # the - of infantry: one regiment fewer in the muster
    "relic-duels": Recipe(("--option", "turn_limit=2"), turn=(("key", "Return"),)),  # End moves (E or Enter)
    # R7.2: on the smallest map the hard computer takes the flag of a seat that only ends its turns (~14 rounds);
    # the rules have no round limit: two humans end their game by one resigning from the game menu (the engine's
    # Resign: R7.2's defeat for that seat), its sixth answer of eight
    "base": Recipe(("--map", "random:12x12", "--difficulty", "hard"), turn=(("key", "Return"),),
                   first=(("click", (310, 560)),), menu=(("key", "Escape"),), menu_answers=8, resign=5,
                   # seed 3's 12x12 map: both seats' bases, the hand-over to seat 1, its turn summary closed
                   hot_seat_first=(("click", (310, 560)), ("click", (647, 225)), ("key", "Return"),
                                   ("key", "Return"))),
}


def menu_answer(index: int, answers: int = 7) -> tuple[float, float]:
    """The centre of the game menu's answer `index` (a column ChoiceBox: game.ui.views.choice_box.layout)."""
    from game.ui.views.choice_box import BUTTON_H

    height = 70 + answers * (BUTTON_H + 10) + 16
    bottom = (SIZE[1] - height) / 2 + 16 + (answers - 1 - index) * (BUTTON_H + 10)
    return SIZE[0] / 2, bottom + BUTTON_H / 2


def installed() -> list[str]:
    return sorted(rulesets())


def shot(running: Client, ruleset: str, name: str) -> Image.Image:
    return running.screenshot(SHOTS / f"{ruleset}-{name}.png")


def act(running: Client, steps: tuple[Step, ...], settle: bool = False) -> None:
    """The steps as input; `settle`: each once the screen is still after the one before (a hand-over arms itself
    a moment after it is shown, a computer-free table redraws between the seats' choices)."""
    for index, (kind, what) in enumerate(steps):
        if settle and index:
            running.settled_picture(f"the screen before step {index + 1}", span=1.0)
        if kind == "key":
            running.key(str(what))
        else:
            running.click(*what)  # type: ignore[misc]


def rest_mouse(running: Client) -> None:
    """The pointer somewhere nothing reacts to hovering (pictures compared before and after stay comparable)."""
    running.move(SIZE[0] - 2, SIZE[1] - 2)


def still(running: Client, what: str) -> Image.Image:
    return running.settled_picture(what, span=1.2)


def final_autosave(saves: Path) -> object | None:
    """The finished game from the client's final autosave, once it has written one."""
    from game.saves import load_game

    for path in sorted(saves.glob("autosave-*"), key=lambda p: p.stat().st_mtime, reverse=True)[:1]:
        try:
            game = load_game(path)
        except Exception:  # being written
            return None
        return game if game.over else None
    return None


def play_to_the_end(running: Client, ruleset: str, recipe: Recipe, saves: Path, tag: str = "") -> object:
    """End the human seats' turns until the final autosave says the game is over; the finished game."""
    seen = 0.0
    for turn in range(TURNS):
        picture = still(running, f"{ruleset}: turn {turn + 1}")
        newest = max((p.stat().st_mtime for p in saves.glob("autosave-*")), default=0.0)
        if newest != seen:
            seen = newest
            game = final_autosave(saves)
            if game is not None:
                return game
        if turn < 3:  # the first turns: a hand-over, the board, the board after the first turn
            shot(running, ruleset, f"{tag}mid-game-{turn}")
        act(running, recipe.turn)
        # unchanged: a hand-over not yet armed, or the computer still thinking; the next round of input follows
        with contextlib.suppress(TimeoutError):
            running.wait_change(picture, f"{ruleset}: the turn's end", patience=15)
    return wait_for(lambda: final_autosave(saves), f"{ruleset}: the game's end", patience=30)


def victory_banner(picture: Image.Image) -> bool:
    """The victory screen's mark: a band of one colour (the winner's, or gold for a draw) across its top edge
    (game.ui.views.victory), which no game screen has."""
    band = picture.crop((0, 0, picture.width, 8))
    colors = band.getcolors(maxcolors=4)
    return bool(colors) and len(colors) == 1 and max(colors[0][1]) > 120  # type: ignore[index]


def see_victory(running: Client, ruleset: str, name: str) -> None:
    """The victory screen after the game's end: drawn, photographed, and not a dead end (Esc: the main menu)."""
    time.sleep(0.1)
    victory = running.settled_picture(f"{ruleset}: the victory screen", span=2.5)
    shot(running, ruleset, name)
    assert victory_banner(victory), f"{ruleset}: the screen after the game's end is not the victory screen"
    running.key("Escape")
    running.wait_change(victory, f"{ruleset}: the main menu from the victory screen")


def client_args(ruleset: str, players: str, recipe: Recipe | None) -> tuple[str, ...]:
    """`foc play`'s arguments for a game of `ruleset` with these seats, on seed 3, at the test's window size, with
    the options the ruleset's recipe uses to keep the game short."""
    return ("--ruleset", ruleset, "--players", players, "--seed", "3", "--size", f"{SIZE[0]}x{SIZE[1]}",
            *(recipe.options if recipe else ()))


@pytest.mark.parametrize("ruleset", installed())
def test_a_game_against_the_computer_with_help_menu_save_and_load_to_its_victory(display: XDisplay, tmp_path: Path,
                                                                                 ruleset: str):
    recipe = RECIPES.get(ruleset)
    home = tmp_path / "home"
    saves = home / "saves"
    args = client_args(ruleset, "human,ai", recipe)
    with client(display, home, *args) as running:
        rest_mouse(running)
        start = still(running, f"{ruleset}: the game's first screen")
        shot(running, ruleset, "start")
        if recipe is not None and recipe.first:
            act(running, recipe.first)
            running.wait_change(start, f"{ruleset}: the first input")
            rest_mouse(running)
            # the computer's own first choice follows (the base game: its base); the screen is still once it is made
            start = running.settled_picture(f"{ruleset}: the first turn", span=3.0)
            shot(running, ruleset, "first-turn")
        # F1: the ruleset's help over the game; F1 again closes it
        running.key("F1")
        helped = running.wait_change(start, f"{ruleset}: F1 help")
        helped = still(running, f"{ruleset}: the help")
        shot(running, ruleset, "help")
        running.key("F1")
        running.wait_change(helped, f"{ruleset}: the help closed")
        before = still(running, f"{ruleset}: the game after the help")
        assert not differs(start, before), "closing the help did not bring back the game as it was"
        # the game menu by its button; its second answer saves into a slot named here
        act(running, recipe.menu if recipe else Recipe((), ()).menu)
        menu = running.wait_change(before, f"{ruleset}: the game menu")
        rest_mouse(running)
        menu = still(running, f"{ruleset}: the game menu")
        shot(running, ruleset, "game-menu")
        running.click(*menu_answer(1, recipe.menu_answers if recipe else 7))  # "Save game"
        running.wait_change(menu, f"{ruleset}: the save dialog")
        shot(running, ruleset, "save-dialog")
        running.x("xdotool", "type", "--delay", "60", "midgame")
        running.key("Return")
        wait_for(lambda: list(saves.glob("midgame*")), f"{ruleset}: the save 'midgame' written")
        rest_mouse(running)
        saved = still(running, f"{ruleset}: the game after saving")
        # play on (a move, or the end of the turn), then load the save from the game menu
        played = saved
        if recipe is not None:  # a ruleset with no recipe: its save is loaded back at once
            act(running, recipe.move or recipe.turn)
            rest_mouse(running)
            running.wait_change(saved, f"{ruleset}: a move after saving")
            played = still(running, f"{ruleset}: the game played on")
            shot(running, ruleset, "played-on")
            assert differs(before, played), "playing on after the save changed nothing: the load would prove nothing"
        running.key("Escape")
        menu = running.wait_change(played, f"{ruleset}: the game menu by Esc")
        running.click(*menu_answer(2, recipe.menu_answers if recipe else 7))  # "Load game"
        listing = running.wait_change(menu, f"{ruleset}: the load dialog")
        listed = sorted(saves.glob("*.foc*"), key=lambda p: p.stat().st_mtime, reverse=True)  # as the list: newest first
        below = [p.name for p in listed].index(next(p.name for p in listed if p.name.startswith("midgame")))
        for _ in range(below):
            running.key("Down")
        if below:
            running.wait_change(listing, f"{ruleset}: the save 'midgame' selected")
        shot(running, ruleset, "load-dialog")
        running.key("Return")
        rest_mouse(running)
        time.sleep(0.5)
        loaded = still(running, f"{ruleset}: the loaded game")
        shot(running, ruleset, "loaded")
        # the game as it was when saved (the picture before the menu opened: nothing was played in between)
        assert not differs(before, loaded, pixels=400), "the loaded game does not look like the saved one"
        if recipe is None:
            pytest.skip(f"{ruleset}: no recipe says how its screen ends a turn; its end is not played here")
        play_to_the_end(running, ruleset, recipe, saves)
        see_victory(running, ruleset, "victory")


@pytest.mark.parametrize("ruleset", installed())
def test_a_hot_seat_game_to_its_victory(display: XDisplay, tmp_path: Path, ruleset: str):
    recipe = RECIPES.get(ruleset)
    if recipe is None:
        pytest.skip(f"{ruleset}: no recipe says how its screen ends a turn")
    if recipe.hot_seat_end:
        pytest.skip(f"{ruleset}: {recipe.hot_seat_end}")
    home = tmp_path / "home"
    args = client_args(ruleset, "human,human", recipe)
    with client(display, home, *args) as running:
        rest_mouse(running)
        start = still(running, f"{ruleset}: the hot-seat game's first screen")
        shot(running, ruleset, "hot-seat-start")
        act(running, (("key", "Return"),))  # the first hand-over, where the game opens with one
        if recipe.hot_seat_first or recipe.first:
            act(running, recipe.hot_seat_first or recipe.first, settle=bool(recipe.hot_seat_first))
        with contextlib.suppress(TimeoutError):  # a game with no hand-over at its start waits for the turn's input
            running.wait_change(start, f"{ruleset}: the first seat's screen", patience=10)
        if recipe.resign is not None:  # the seat to play gives up: the game menu's Resign, then its confirmation
            rest_mouse(running)
            board = still(running, f"{ruleset}: the first seat's board")
            act(running, recipe.menu)
            menu = running.wait_change(board, f"{ruleset}: the game menu")
            running.click(*menu_answer(recipe.resign, recipe.menu_answers))
            running.wait_change(menu, f"{ruleset}: the question 'Resign?'")
            shot(running, ruleset, "hot-seat-resign")
            running.key("Return")
        game = play_to_the_end(running, ruleset, recipe, home / "saves", tag="hot-seat-")
        assert game.over  # type: ignore[attr-defined]
        see_victory(running, ruleset, "hot-seat-victory")
