"""Every screen a player reaches, as a player reaches it: how to start the client, the input that brings the screen
up, and one click on it that must change the picture. Shared by the window tests and `bench.bench_idle --window`.

Coordinates are arcade's (from the bottom-left corner of the default 1280x720 window).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from PIL import Image

from game.content import rulesets
from tests.window.xclient import Client, XDisplay, client

ENHANCEMENTS = ("accessories", "castle-works", "siege", "fire", "ranger-skills", "rare-units")
# A click on each ruleset's first screen, against the computer, that changes what it shows.
FIRST_CLICK: dict[str, tuple[str, tuple[float, float]]] = {
    "base": ("a territory of the start zone: the flag goes there", (310, 410)),
    "monstercrasher": ("square A1: a creature is spawned there", (95, 97)),
    "risky-space": ("the system Vesperlight: it is claimed", (88, 636)),
    "total-war": ("the + of infantry: one more regiment bought", (1251, 494)),
    "relic-duels": ("End moves: the turn goes on", (1120, 40)),
}


@dataclass(frozen=True)
class Screen:
    """One screen: `foc play ARGS`, then `reach` (real input) brings it up; `click` must change the picture."""

    name: str
    args: tuple[str, ...] = ()
    reach: tuple[tuple[str, object], ...] = ()  # ("key", "n") or ("click", (x, y)), each waited out
    click: tuple[str, tuple[float, float]] | None = None
    notes: list[str] = field(default_factory=list, compare=False)


def screens() -> list[Screen]:
    """The tour: the menus, a game of every installed ruleset against the computer, the base game with the
    enhancement mods, the map editor and a hosted lobby."""
    out = [
        Screen("main menu", click=("New game: the new-game screen opens", (640, 374))),
        Screen("new-game screen", reach=(("key", "n"),), click=("3 players: a third seat appears", (335, 609))),
        Screen("base choice", ("--players", "human,ai"), click=FIRST_CLICK["base"]),
        Screen("base game", ("--players", "human,ai"), reach=(("click", FIRST_CLICK["base"][1]),),
               click=("Train a soldier: the food goes down", (1018, 315))),
        Screen("enhancement mods", ("--players", "human,ai", *(a for m in ENHANCEMENTS for a in ("--mod", m))),
               click=FIRST_CLICK["base"]),
    ]
    for ruleset in sorted(rulesets()):
        if ruleset != "base":
            out.append(Screen(ruleset, ("--ruleset", ruleset, "--players", "human,ai"),
                              click=FIRST_CLICK.get(ruleset)))
    out += [
        Screen("map editor start", reach=(("key", "e"),), click=("Create map: the editor opens", (290, 296))),
        Screen("map editor", reach=(("key", "e"), ("click", (290, 296))),
               click=("a cell of the map: painted with the brush", (400, 400))),
        Screen("lobby", reach=(("click", (562, 254)),), click=("Mode: the next mode is shown", (535, 138))),
    ]
    return out


def reach(running: Client, screen: Screen) -> Image.Image:
    """Bring `screen` up by its input, each step once the screen before it is drawn and still."""
    picture = running.settled_picture("the first screen")
    for kind, what in screen.reach:
        if kind == "key":
            running.key(str(what))
        else:
            running.click(*what)  # type: ignore[misc]
        picture = running.wait_change(picture, f"{kind} {what} to change the screen")
        picture = running.settled_picture(f"the screen after {kind} {what}")
    return picture


@contextmanager
def on_screen(display: XDisplay, home: Path, screen: Screen) -> Iterator[tuple[Client, Image.Image]]:
    """The client started and brought to `screen`; its picture once still."""
    with client(display, home, *screen.args) as running:
        yield running, reach(running, screen)


def each(display: XDisplay, home: Path, visit: Callable[[Screen, Client, Image.Image], None],
         only: list[str] | None = None) -> None:
    """Visit every screen of the tour (or those named in `only`), each on a client of its own."""
    for screen in screens():
        if only and screen.name not in only:
            continue
        with on_screen(display, home / screen.name.replace(" ", "-"), screen) as (running, picture):
            visit(screen, running, picture)
