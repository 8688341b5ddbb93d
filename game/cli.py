"""The `foc` command line: play, validate, new-mod, schema, simulate, balance, replay and serve."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from game.cli_args import difficulty_list, non_negative_int, positive_int, ruleset_id


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="foc", description="Forces of Conquest")
    sub = parser.add_subparsers(dest="command")

    play = sub.add_parser("play", help="open the game window")
    play.add_argument("--players", help="seats as human/ai, e.g. human,ai or ai,ai,ai,ai (skips the menus)")
    play.add_argument("--difficulty", default="normal", type=difficulty_list,
                      help="computer player kind: normal, hard, search, random or the ruleset's own "
                           "(comma list per seat)")
    play.add_argument("--map", help="map name or .tmj/.tmx path")
    play.add_argument("--seed", type=int, default=None, help="random seed of the game (default: random)")
    play.add_argument("--mod", action="append", default=[], help="enable a mod by id (repeatable)")
    play.add_argument("--ruleset", default="base", type=ruleset_id,
                      help="the game to play: a ruleset id (default: base)")
    play.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                      help="set one of the ruleset's options for a new game (repeatable), e.g. seize_relic=true")
    play.add_argument("--load", help="resume a saved game")
    play.add_argument("--frames", type=positive_int, help="run this many frames, then quit (for headless runs)")
    play.add_argument("--screenshot-dir", help="save PNG screenshots here")
    play.add_argument("--screenshot-every", type=non_negative_int, default=0,
                      help="save a screenshot every K frames (0: only at the end)")
    play.add_argument("--size", default="1280x720", help="window size WxH")
    play.add_argument("--autosave-watch", action="store_true", help="autosave computer-only games too")
    play.add_argument("--connect", help="open the lobby of a game server, e.g. ws://127.0.0.1:8765")
    play.add_argument("--game", help="with --connect: join this game (its first open seat, or watch it)")
    play.add_argument("--watch", action="store_true", help="with --connect --game: watch instead of playing")

    validate = sub.add_parser("validate", help="check the ruleset, maps and mods; non-zero exit on any error")
    validate.add_argument("paths", nargs="*", help="maps (.tmj, .tmx) or mod folders; default: everything shipped")
    validate.add_argument("--mod", action="append", default=[], metavar="ID",
                          help="read the maps with this mod's terrain too (an id or a folder; repeatable)")

    new_mod = sub.add_parser("new-mod", help="write a working skeleton of a new mod or whole game (an installable "
                             "Python package) to start from")
    new_mod.add_argument("name", help="the mod id: lower case letters, digits, '_' and inner '-' (e.g. river-folk)")
    new_mod.add_argument("--kind", choices=("units", "mechanic", "ruleset"), default="units",
                         help="units: new units (data only); mechanic: a plugin with a new rule; ruleset: a whole "
                              "game (default: units)")
    new_mod.add_argument("--out", default=".", help="the folder to write foc-NAME/ into (default: this one)")

    schema = sub.add_parser("schema", help="write JSON Schema for the rules files and mod manifests")
    schema.add_argument("--out", default="schema", help="folder to write into (default: schema/)")

    simulate = sub.add_parser("simulate", help="play whole games without a window")
    simulate.add_argument("--map", default=None,
                          help="map name among the ruleset's maps, a .tmj/.tmx path, or random:WxH[:seed] "
                               "(default: the ruleset's first map for the players)")
    simulate.add_argument("--ruleset", default="base", type=ruleset_id,
                          help="the game to play: a ruleset id (default: base)")
    simulate.add_argument("--players", default="ai,ai,ai,ai",
                          help="one kind per seat: ai, normal, hard, search, random or the ruleset's own "
                               "(default: ai,ai,ai,ai, as many "
                               "as the ruleset seats)")
    simulate.add_argument("--difficulty", default=None, type=difficulty_list,
                          help="kind of the 'ai' seats (default: normal, else the ruleset's first kind): normal, "
                               "hard, search, random or the ruleset's own (comma list per seat)")
    simulate.add_argument("--rounds", type=positive_int, default=200, help="round cap per game (default: 200)")
    simulate.add_argument("--seed", type=int, default=1, help="seed of the first game; game k uses seed+k")
    simulate.add_argument("--games", type=positive_int, default=1, help="number of games (default: 1)")
    simulate.add_argument("--jobs", type=positive_int, default=1, help="processes to play games in (default: 1)")
    simulate.add_argument("--json", dest="json_path", help="also write the results as JSON to this file")
    simulate.add_argument("--mod", action="append", default=[], help="enable a mod by id (repeatable)")
    simulate.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                          help="set one of the ruleset's options (repeatable), e.g. claiming=deal")

    from game.lab.command import add_arguments as add_balance_arguments

    balance = sub.add_parser("balance", help="balance lab: many seeded computer games per rules variant, with "
                             "statistics (local processes or Ray)")
    add_balance_arguments(balance)

    replay = sub.add_parser("replay", help="re-run a replay file")
    replay.add_argument("file", help="a replay (.focreplay.json.gz) or a save (.foc.json.gz)")
    replay.add_argument("--verify", action="store_true", help="report the first round whose state hash differs")

    serve = sub.add_parser("serve", help="host network games (WebSockets; see docs/network.md)")
    serve.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    serve.add_argument("--port", type=int, default=8765, help="port (0: any free port; it is printed)")
    serve.add_argument("--data", help="folder for the games journal (default: the user data folder)")
    serve.add_argument("--sync", choices=("full", "normal"), default="full",
                       help="journal durability: full (fsync before every ack; survives power loss) or normal "
                            "(survives kill -9, faster)")
    serve.add_argument("--verbose", action="store_true", help="log connections and problems")
    serve.add_argument("--quota", action="append", metavar="NAME=VALUE",
                       help="change a per-client quota (game/net/quota.py: games_per_address, send_bytes, ...)")
    serve.add_argument("--lifetime", action="append", metavar="NAME=SECONDS",
                       help="how long games live (game/net/lifecycle.py: finished_seconds 3600, empty_seconds 3600, "
                            "abandoned_seconds 14 days, unload_seconds 120)")
    serve.add_argument("--computer-workers", type=int, metavar="N",
                       help="processes that play the computer seats (default: one per core; 0: on the event loop)")
    serve.add_argument("--client-seeds", action="store_true",
                       help="for tests and replays only: accept a seed chosen by the client in create (its creator "
                            "could foresee every die; a public server never does)")
    serve.add_argument("--clock-file", help="for tests: read the time from this file (a number of seconds) instead of "
                                            "the wall clock; turn timers, deadlines and expiry follow it")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.command in ("play", "simulate"):
        from game.cli_args import ruleset_options
        from game.errors import DataError

        try:
            args.options = ruleset_options(args.ruleset, args.option, bool(getattr(args, "load", None)))
        except DataError as exc:
            for line in exc.errors:
                print(f"foc {args.command}: error: {line}", file=sys.stderr)
            return 2
    if args.command == "validate":
        from game.validate import validate_paths

        checked, errors = validate_paths(args.paths, args.mod)
        for line in errors:
            print(line, file=sys.stderr)
        if not checked and not errors:
            print("nothing was found to check", file=sys.stderr)
            return 1
        print(f"checked {len(checked)} item(s): {len(errors)} error(s)")
        return 1 if errors else 0
    if args.command == "new-mod":
        from game.mod_kit import ModKitError, new_mod

        try:
            folder = new_mod(args.name, args.kind, Path(args.out))
        except (ModKitError, OSError) as exc:
            print(f"foc new-mod: error: {exc}", file=sys.stderr)
            return 2
        print(f"wrote {folder} (see its README.md): pip install -e {folder}, then foc validate")
        return 0
    if args.command == "schema":
        from game.schema import write_schemas

        try:
            written = write_schemas(Path(args.out))
        except OSError as exc:
            print(f"{args.out}: cannot write the schema files ({exc.strerror or exc})", file=sys.stderr)
            return 1
        for path in written:
            print(f"wrote {path}")
        return 0
    if args.command == "simulate":
        from game.simulate import run_simulate

        return run_simulate(args)
    if args.command == "balance":
        from game.lab.command import run_balance

        return run_balance(args)
    if args.command == "replay":
        from game.replay import run_replay

        return run_replay(args)
    if args.command == "serve":
        from game.net.server import run_serve

        return run_serve(args)
    if args.command in ("play", None):
        from game.ui.launch import run_play

        return run_play(args if args.command == "play" else build_parser().parse_args(["play"]))
    return 2
