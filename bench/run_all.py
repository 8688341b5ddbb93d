"""Every benchmark in one go (`make bench`): engine speed, computer player speed (and strength), save/load speed,
client speed.

    python -m bench.run_all                     # engine, AI speed, client (when it can draw)
    python -m bench.run_all --strength          # ...and AI strength (normal vs random, hard vs normal)
    python -m bench.run_all --strength --games 100 --jobs 2
    python -m bench.run_all --only engine,ai,saves

Each benchmark runs in its own process (a crash or a missing display in one does not stop the others) and
prints its own figures; a summary with each one's status and wall time follows. The client benchmark runs
only where it can draw: ARCADE_HEADLESS is set (software rendering) or a display is available.
Exit status: 0 when every benchmark that ran succeeded, 1 otherwise.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BENCHES = ("engine", "ai", "saves", "client")


def display_available(env: dict[str, str] | None = None) -> bool:
    """Can the client benchmark draw: headless rendering asked for, or a display to open a window on."""
    env = dict(os.environ) if env is None else env
    if env.get("ARCADE_HEADLESS"):
        return True
    if sys.platform in ("darwin", "win32"):
        return True
    return bool(env.get("DISPLAY") or env.get("WAYLAND_DISPLAY"))


def commands(args: argparse.Namespace) -> list[tuple[str, list[str] | None, str]]:
    """(name, command or None when skipped, what it measures / why skipped) for each selected benchmark."""
    python = sys.executable
    chosen = [b.strip() for b in args.only.split(",")] if args.only else list(BENCHES)
    out: list[tuple[str, list[str] | None, str]] = []
    if "engine" in chosen:
        out.append(("engine", [python, "-m", "bench.bench_engine"], "submit, automatic stages, loading"))
    if "ai" in chosen:
        ai = [python, "-m", "bench.bench_ai", "--games", str(args.games), "--jobs", str(args.jobs)]
        if not args.strength:
            ai += ["--only", "speed"]
        out.append(("ai", ai, "computer turn time and rounds per second" + (" and strength" if args.strength else "")))
    if "saves" in chosen:
        out.append(("saves", [python, "-m", "bench.bench_saves"], "save and load of a 16,384-territory game"))
    if "client" in chosen:
        if display_available():
            out.append(("client", [python, "-m", "bench.bench_client", "--frames", str(args.frames)],
                        "frame time, click response, memory"))
        else:
            out.append(("client", None, "skipped: no display (set ARCADE_HEADLESS=1 to render off-screen)"))
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--strength", action="store_true", help="also measure computer player strength (slow)")
    parser.add_argument("--games", type=int, default=100, help="games per strength match")
    parser.add_argument("--jobs", type=int, default=2, help="processes for the strength games")
    parser.add_argument("--frames", type=int, default=120, help="frames per client measurement")
    parser.add_argument("--only", help=f"comma list of {', '.join(BENCHES)}")
    args = parser.parse_args(argv)
    unknown = [b for b in (args.only or "").split(",") if b.strip() and b.strip() not in BENCHES]
    if unknown:
        parser.error(f"unknown benchmark(s): {', '.join(unknown)}")
    summary: list[str] = []
    failed = False
    for name, command, what in commands(args):
        print(f"\n=== {name}: {what} ===", flush=True)
        if command is None:
            summary.append(f"{name}: {what}")
            continue
        started = time.perf_counter()
        code = subprocess.call(command, cwd=ROOT)
        seconds = time.perf_counter() - started
        status = "ok" if code == 0 else f"FAILED (exit {code})"
        failed = failed or code != 0
        summary.append(f"{name}: {status} in {seconds:.0f} s")
    print("\n=== summary ===")
    for line in summary:
        print(line)
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
