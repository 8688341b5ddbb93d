"""What a game remembers beyond its state: the event journal, the undo stack, statistics and autosaves (one
`Chronicle` per session: every command the human submits goes through its undo stack, every accepted event,
computer turns included, into its journal, statistics and autosaver)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from components.commands import Command
from game.stats import StatsTracker
from game.summary import EventJournal
from game.undo import UndoStack
from systems import events as ev
from systems import queries as q

SAVES_ENV = "FOC_SAVES_DIR"


def saves_folder() -> Path:
    """Where saves live: $FOC_SAVES_DIR when set (tests), else the saves module's user data folder."""
    env = os.environ.get(SAVES_ENV)
    if env:
        return Path(env)
    from game.saves import saves_dir

    return saves_dir()


class Chronicle:
    """What a game remembers beyond its state: every event, the undo stack, statistics, autosaves."""

    def __init__(self, game: Any, autosave_folder: Path | None = None, stats: StatsTracker | None = None,
                 autosave_tag: str = "autosave", journal: EventJournal | None = None) -> None:
        self.journal = journal if journal is not None else EventJournal(game)
        self.undo = UndoStack(self.journal, record=False)
        self.stats = stats if stats is not None else StatsTracker(game)  # a loaded save brings its own
        self.autosaver: Any = None
        self.problems: list[str] = []
        if autosave_folder is not None:
            from game.saves import Autosaver

            self.autosaver = Autosaver(game, autosave_folder, tag=autosave_tag, stats=lambda: self.stats)

    def submit(self, game: Any, command: Command) -> Any:
        """A human command, through the undo stack (which decides whether it can be taken back)."""
        return self.undo.submit(game, command)

    def observe(self, game: Any, events: tuple[ev.Event, ...] | list[ev.Event]) -> None:
        """Every accepted batch of events, human or computer (called by `Session._collect`)."""
        entries = self.journal.record_events(game, events)
        self.stats.observe(game, entries)
        if self.autosaver is not None:
            try:
                self.autosaver.after_submit()
            except Exception as exc:  # a full disk must not stop the game
                self.problems.append(f"autosave failed: {exc}")

    def take_back(self, game: Any) -> bool:
        return self.undo.undo(game)


def game_identity(game: Any) -> str:
    """A name for one game that survives saving and loading: its ruleset, map and seed ('base-four_corners-7',
    'monstercrasher-board-3'), so each game keeps its own series of autosaves and a player can tell them apart."""
    world = game.world
    ruleset = world.rules.mods[0].id if world.rules.mods else "game"
    raw = f"{ruleset}-{getattr(world, 'map_name', '') or 'map'}-{getattr(world, 'seed', 0)}"
    return "".join(c if c.isalnum() or c in "-_" else "_" for c in raw)[:60]


def watched(game: Any) -> bool:
    """A game without a human player (watch mode)."""
    world = game.world
    world.activate()
    return all(q.player(world, seat).computer for seat in world.seats)


def autosave_folder_for(window: Any, game: Any) -> Path | None:
    """Where this game autosaves: the window's folder (set by `foc play`), except in watch mode unless asked."""
    folder = getattr(window, "autosave_folder", None)
    if folder is None or (watched(game) and not getattr(window, "autosave_watched", False)):
        return None
    return Path(folder)


def attach(session: Any, window: Any = None, stats: StatsTracker | None = None,
           replay_history: bool = True) -> Chronicle:
    """Give a session its Chronicle (once); autosaves (per game) only where the window asks for them.

    A game that already has a history (a loaded save, `foc play --load`) gets its journal, and its statistics
    where the save brought none, rebuilt from that history, so the log and the victory screen cover the whole
    game. `replay_history=False` for a network game's mirror, whose history is the server's to keep."""
    found = getattr(session, "chronicle", None)
    if isinstance(found, Chronicle):
        return found
    game = session.game
    journal: EventJournal | None = None
    problems: list[str] = []
    if replay_history and game.history:
        journal, rebuilt, problems = _rebuilt(game)
        stats = stats if stats is not None else rebuilt
    chronicle = Chronicle(game, autosave_folder_for(window, game), stats,
                          autosave_tag=f"autosave-{game_identity(game)}", journal=journal)
    chronicle.problems += problems
    session.chronicle = chronicle
    return chronicle


def _rebuilt(game: Any) -> tuple[EventJournal | None, StatsTracker | None, list[str]]:
    """The journal and statistics of a game's history so far; none (and why) when the history does not replay."""
    from game.errors import DataError
    from game.replay import rebuild_record

    try:
        journal, stats = rebuild_record(game)
    except DataError as exc:  # the game itself is sound (it loaded); only its past log is lost
        return None, None, [f"the log starts here: {exc}"]
    return journal, stats, []
