"""`foc play`: open the window (main menu, or straight into a game), or run N frames headless with screenshots."""

from __future__ import annotations

import argparse
import os
import re
import reprlib
import signal
import sys
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.engine import Game
    from game.maps import MapData

NO_DISPLAY = ("foc play: no display found (DISPLAY/WAYLAND_DISPLAY are not set). To run without a screen use "
              "ARCADE_HEADLESS=1 foc play --players ai,ai --frames 600 --screenshot-dir shots")
DEFAULT_FRAMES = 600


def display_available() -> bool:
    """True when a window can be opened: headless mode, a desktop OS, or an X/Wayland display on Linux."""
    if os.environ.get("ARCADE_HEADLESS"):
        return True
    if sys.platform.startswith(("win", "darwin")):
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


MAX_WINDOW_SIDE = 16_384  # larger than any screen; a bigger window is a typing mistake


def parse_size(text: str | None) -> tuple[int, int]:
    """`WIDTHxHEIGHT`; a small window is widened to 960x600, a size of 0 or beyond any screen is an error."""
    match = re.fullmatch(r"(\d{1,6})x(\d{1,6})", (text or "1280x720").strip().lower())
    if match is None:
        raise SystemExit(f"foc play: --size must look like 1280x720, got {reprlib.repr(text)}")
    width, height = int(match[1]), int(match[2])
    if not (1 <= width <= MAX_WINDOW_SIDE and 1 <= height <= MAX_WINDOW_SIDE):
        raise SystemExit(f"foc play: --size {width}x{height}: each side must be 1..{MAX_WINDOW_SIDE}")
    return max(960, width), max(600, height)


def seat_specs(players: str, difficulty: str) -> list[tuple[str, bool, str]]:
    """'human,ai,ai' -> [(name, computer, difficulty)]; difficulty may be one value or a comma list."""
    kinds = [p.strip().lower() for p in players.split(",") if p.strip()]
    levels = [d.strip() for d in (difficulty or "normal").split(",") if d.strip()] or ["normal"]
    out = []
    for index, kind in enumerate(kinds):
        if kind not in ("human", "ai", "computer", "cpu"):
            raise SystemExit(f"foc play: --players takes human or ai per seat, got {kind!r}")
        computer = kind != "human"
        level = levels[index] if index < len(levels) else levels[-1]
        name = f"Computer {index + 1}" if computer else f"Player {index + 1}"
        out.append((name, computer, level))
    if not 2 <= len(out) <= 4:
        raise SystemExit(f"foc play: 2 to 4 seats are needed, got {len(out)}")
    return out


def choose_map(name: str | None, players: int, seed: int, ruleset: str = "base") -> MapData | None:
    """A map by name or path; without one, the ruleset's first map for this many players, else a random map;
    None for a ruleset played on its own fixed board."""
    from game.content import load_app
    from game.mapgen import generate_map
    from game.maps import list_maps, load_map
    from game.simulate import map_terrain

    if not name and load_app(ruleset).rules.board is not None:
        return None

    if name:
        path = Path(name)
        if not path.suffix:
            candidates = [p for p in list_maps(ruleset=ruleset) if p.stem == name]
            if candidates:
                path = candidates[0]
        if path.is_file():
            return load_map(path, map_terrain(ruleset))
        generator = load_app(ruleset).map_generator
        if generator is not None and name.split(":")[0] == "random":  # the ruleset's own: `random[:SEED]`
            found = re.fullmatch(r"random(?::(-?\d{1,18}))?", name.strip().lower())
            if found is None:
                raise SystemExit(f"foc play: --map {reprlib.repr(name)}: expected random or random:SEED, "
                                 "e.g. random:7")
            return generator(players, int(found[1] or seed))  # type: ignore[no-any-return]
        if name.startswith("random"):
            return _random_map(name, players, seed, ruleset)
        raise SystemExit(f"foc play: no map {name!r} (known: {', '.join(p.stem for p in list_maps(ruleset=ruleset)) or 'none'})")
    for path in list_maps(ruleset=ruleset):
        try:
            data = load_map(path, map_terrain(ruleset))
        except Exception:
            continue
        if data.supports(players):
            return data
    return generate_map(32, 32, players=players, seed=seed)


def _random_map(name: str, players: int, seed: int, ruleset: str) -> MapData:
    """`random` (48x48), `random:SIZE` (square) or `random:WxH[:SEED]` (as `foc simulate` takes it)."""
    from game.errors import DataError
    from game.mapgen import generate_map
    from game.simulate import resolve_map

    if "x" in name:
        try:
            return resolve_map(name, ruleset)
        except DataError as exc:
            raise SystemExit(f"foc play: {exc.errors[0]}") from None
    found = re.fullmatch(r"random(?::(\d{1,5}))?", name.strip().lower())
    if found is None:
        raise SystemExit(f"foc play: --map {reprlib.repr(name)}: expected random, random:SIZE or "
                         "random:WIDTHxHEIGHT[:SEED], e.g. random:32")
    size = int(found[1] or 48)
    from game.content import load_app
    from game.maps import map_size_problem, territory_limit

    if (problem := map_size_problem(territory_limit(load_app(ruleset).rules), size, size)) is not None:
        raise SystemExit(f"foc play: --map {name}: {problem}")  # before anything is sized by it
    try:
        return generate_map(size, size, players=players, seed=seed)
    except ValueError as exc:
        raise SystemExit(f"foc play: --map {name}: {exc}") from None


def new_game_from_args(args: argparse.Namespace) -> Game:
    """A game for `--players ...` with the base rules plus every `--mod` (their plugins' systems included)."""
    from game.errors import DataError
    from game.setup import PlayerSpec, create_game

    seed = args.seed if args.seed is not None else int.from_bytes(os.urandom(4), "little")
    specs = seat_specs(args.players, args.difficulty)
    ruleset = getattr(args, "ruleset", None) or "base"
    try:
        data = choose_map(args.map, len(specs), seed, ruleset)
    except DataError as exc:
        raise SystemExit(f"foc play: cannot play the ruleset {ruleset}: {'; '.join(exc.errors)}") from None
    mods = list(getattr(args, "mod", None) or [])
    try:
        return create_game(data, [PlayerSpec(n, c, d) for n, c, d in specs], seed, mods, ruleset=ruleset,
                           options=getattr(args, "options", None))
    except DataError as exc:
        problems = "; ".join(exc.errors) or str(exc)
        what = f"the mods {', '.join(mods)}" if mods else f"the ruleset {ruleset}"
        raise SystemExit(f"foc play: cannot start a game of {what}: {problems}") from None


def load_saved(path: str) -> tuple[Game, object]:
    """`foc play --load FILE`: the game and the statistics it was saved with (None when it has none)."""
    from game.errors import DataError
    from game.saves import load_game_with_extras

    try:
        game, extras = load_game_with_extras(path)
    except DataError as exc:
        raise SystemExit("foc play: cannot load the save:\n" + "\n".join(exc.errors)) from None
    return game, extras.stats


def difficulty_problem(args: argparse.Namespace) -> str | None:
    """Why `--difficulty` names a kind the chosen ruleset (with its mods) has no computer player of, or None."""
    kinds = [k for k in (getattr(args, "difficulty", None) or "").split(",") if k and k != "normal"]  # the default
    if not kinds:
        return None
    from game.ai.players import kind_problem
    from game.content import load_app
    from game.errors import DataError

    try:
        app = load_app(getattr(args, "ruleset", None) or "base", list(getattr(args, "mod", None) or []))
    except DataError:
        return None  # the game's own start names what is wrong with the ruleset or its mods
    return next((p for k in kinds if (p := kind_problem(app, k)) is not None), None)


def run_play(args: argparse.Namespace) -> int:
    """Entry point of `foc play`; returns the exit status."""
    if not display_available():
        print(NO_DISPLAY, file=sys.stderr)
        return 2
    size = parse_size(getattr(args, "size", None))
    from game.settings import load_settings  # settings remembered between runs

    prefs, warnings = load_settings()
    for warning in warnings:
        print(f"foc play: {warning}", file=sys.stderr)
    if getattr(args, "size", None) in (None, "1280x720"):  # no --size: the remembered window size
        size = parse_size(f"{prefs.window_width}x{prefs.window_height}")
    game, stats = None, None
    # a polite kill (SIGTERM: a closed session, a test harness) ends like Quit: exit handlers run, so a local
    # server the window started (Host) stops with it instead of living on
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    if (problem := difficulty_problem(args)) is not None:  # refused before any window opens
        print(f"foc play: --difficulty: {problem}", file=sys.stderr)
        return 2
    if getattr(args, "load", None):
        game, stats = load_saved(args.load)
    elif getattr(args, "players", None):
        game = new_game_from_args(args)
    try:
        import arcade

        from game.ui.app import FrameLimit, GameWindow, Settings
    except Exception as exc:  # e.g. pyglet cannot reach the display after all
        print(f"foc play: cannot start the graphics ({exc}). {NO_DISPLAY.partition('. ')[2]}", file=sys.stderr)
        return 2
    frames = getattr(args, "frames", None)
    if arcade.headless and frames is None:
        frames = DEFAULT_FRAMES
        print(f"foc play: headless mode without --frames: running {frames} frames", file=sys.stderr)
    shots = Path(args.screenshot_dir) if getattr(args, "screenshot_dir", None) else None
    limit = FrameLimit(frames, shots, max(0, getattr(args, "screenshot_every", 0) or 0))
    try:
        window = GameWindow(*size, settings=Settings(), limit=limit)
    except Exception as exc:
        print(f"foc play: cannot open a window ({exc}). {NO_DISPLAY.partition('. ')[2]}", file=sys.stderr)
        return 2
    window.mods = list(getattr(args, "mod", []) or [])
    window.ruleset = getattr(args, "ruleset", None)  # the new-game screen starts on this game
    window.options = dict(getattr(args, "options", None) or {})  # ... with these options chosen
    from game.ui.preferences import configure_window

    configure_window(window, prefs, autosave=not arcade.headless,  # no autosaves from headless runs
                     watched=bool(getattr(args, "autosave_watch", False)))
    if getattr(args, "connect", None):
        from game.ui.net_flow import connect_from_args

        connect_from_args(window, args)
    elif game is not None:
        window.start(game, stats=stats)
    else:
        window.show_main_menu()
    if arcade.headless:
        run_headless(window)
    else:
        arcade.run()
    if shots is not None:
        print(f"foc play: saved {len(limit.saved)} screenshot(s) in {shots}")
    return 0


def run_headless(window: object) -> None:
    """Drive frames without a display at a steady 1/60 s per frame (animation pace matches a real window)."""
    from game.ui.app import GameWindow

    assert isinstance(window, GameWindow)
    import pyglet

    while window.limit.frames is None or window.frame < window.limit.frames:
        view = window.current_view
        if view is None:
            break
        # as the desktop event loop does: events posted from other threads and media players (a sound's end of
        # stream) are delivered; left in the queue they would keep every finished sound player alive
        pyglet.app.platform_event_loop.dispatch_posted_events()
        view.on_update(1 / 60)
        session = getattr(view, "session", None)
        if session is not None and getattr(session, "busy", False):
            session.wait(0.05)  # let the computer think; frames keep their pace in game time
        window.pacer.wait()  # as GameWindow.draw does: one frame in flight
        view.on_draw()
        if not window.context:
            break
        window.flip()
