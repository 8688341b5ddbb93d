"""The wheel carries the whole game: built from the sources, installed into a fresh virtual environment and
run from an empty folder elsewhere, every command finds its rulesets, maps, art and sounds (never the checkout).

Marked `install` (it builds and installs a package, about 20 s): CI runs it with the rest (`make test`);
`pytest -m "not install"` leaves it out locally.
"""

from __future__ import annotations

import os
import select
import shutil
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest

from game.content import rulesets
from tests.patience import scaled

pytestmark = pytest.mark.install

REPO = Path(__file__).resolve().parents[1]
BUILD_LEFTOVERS = shutil.ignore_patterns(
    ".git", ".venv", "build", "dist", "*.egg-info", "__pycache__", "*.pyc", ".pytest_cache", ".mypy_cache",
    ".ruff_cache", ".hypothesis", "out", "screenshots", "schema",
)
TIMEOUT = scaled(180)  # a bound on a hang of any one command (each is a few seconds on an idle machine)


def run(args: list[str], cwd: Path, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    done = subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True, timeout=TIMEOUT)
    assert done.returncode == 0, f"{' '.join(args)} failed ({done.returncode}):\n{done.stdout}\n{done.stderr}"
    return done


def fresh_venv(tmp: Path) -> Path:
    """A virtual environment with nothing of the game: its dependencies come from this interpreter's
    site-packages through a .pth line (quick and offline); the checkout's editable install is not among
    them, because .pth files of a folder added that way are never run."""
    venv = tmp / "venv"
    run([sys.executable, "-m", "venv", "--without-pip", str(venv)], cwd=tmp)
    python = venv / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    purelib = Path(run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                       cwd=tmp).stdout.strip())
    (purelib / "foc-dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    return python


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, dict[str, str]]:
    """(foc script, an empty working folder, environment): the wheel built from a copy of the sources."""
    tmp = tmp_path_factory.mktemp("wheel")
    source = tmp / "source"
    shutil.copytree(REPO, source, ignore=BUILD_LEFTOVERS)
    run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(tmp / "dist"), str(source)], cwd=tmp)
    wheel = next((tmp / "dist").glob("forces_of_conquest-*.whl"))
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
    for needed in ("game/_content/mods/base/mod.toml", "game/_content/assets/manifest.toml",
                   "game/_content/mods/base/maps/twin_valleys.tmj"):
        assert needed in names, f"the wheel lacks {needed}"
    assert not any("__pycache__" in name for name in names)
    python = fresh_venv(tmp)
    run([sys.executable, "-m", "pip", "--python", str(python), "install", "--no-deps", "-q", str(wheel)], cwd=tmp)
    elsewhere = tmp / "elsewhere"
    elsewhere.mkdir()
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    env.update(ARCADE_HEADLESS="1", XDG_DATA_HOME=str(tmp / "user-data"), HOME=str(tmp / "home"))
    where = run([str(python), "-c", "import game; print(game.__file__)"], cwd=elsewhere, env=env).stdout
    assert Path(where.strip()).is_relative_to(tmp / "venv"), f"game came from {where}, not the installed wheel"
    return python.parent / ("foc.exe" if os.name == "nt" else "foc"), elsewhere, env


def test_validate_from_any_folder(installed):
    foc, elsewhere, env = installed
    done = run([str(foc), "validate"], cwd=elsewhere, env=env)
    assert ": 0 error(s)" in done.stdout and "checked 0 " not in done.stdout


@pytest.mark.parametrize("ruleset", sorted(rulesets()))
def test_simulate_every_ruleset_from_any_folder(installed, ruleset):
    foc, elsewhere, env = installed
    done = run([str(foc), "simulate", "--ruleset", ruleset, "--rounds", "3", "--seed", "1"], cwd=elsewhere, env=env)
    assert "rounds:" in done.stdout


def test_play_headless_from_any_folder(installed):
    foc, elsewhere, env = installed
    shots = elsewhere / "shots"
    run([str(foc), "play", "--frames", "5", "--screenshot-dir", str(shots)], cwd=elsewhere, env=env)
    assert list(shots.glob("*.png")), "the window drew no frame"


def test_balance_and_replay_from_any_folder(installed):
    foc, elsewhere, env = installed
    done = run([str(foc), "balance", "--games", "2", "--rounds", "3", "--backend", "processes", "--workers", "1"],
               cwd=elsewhere, env=env)
    assert "2 games" in done.stdout
    save = REPO / "tests" / "fixtures" / "saves" / "v4_mid_battle.foc.json.gz"
    done = run([str(foc), "replay", str(save)], cwd=elsewhere, env=env)
    assert "commands replayed" in done.stdout


def test_serve_from_any_folder(installed):
    foc, elsewhere, env = installed
    proc = subprocess.Popen([str(foc), "serve", "--host", "127.0.0.1", "--port", "0", "--data",
                             str(elsewhere / "server")], cwd=elsewhere, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True)
    try:
        assert proc.stdout is not None
        ready, _, _ = select.select([proc.stdout], [], [], 60)
        line = proc.stdout.readline() if ready else ""
        assert "listening on ws://127.0.0.1:" in line, line
    finally:
        proc.terminate()
        proc.wait(timeout=30)


def test_a_generated_ruleset_installs_against_the_wheel_and_plays(installed):
    """`foc new-mod --kind ruleset` as a modder would: installed with pip into the same environment, the game
    finds it through its entry point, validates it, simulates it on its board and on its packaged map, and
    the skeleton's own tests pass. (Last in this file: the other tests see the game without it.)"""
    foc, elsewhere, env = installed
    run([str(foc), "new-mod", "river-claims", "--kind", "ruleset"], cwd=elsewhere, env=env)
    python = foc.parent / ("python.exe" if os.name == "nt" else "python")
    run([sys.executable, "-m", "pip", "--python", str(python), "install", "--no-deps", "-q",
         str(elsewhere / "foc-river-claims")], cwd=elsewhere, env=env)
    done = run([str(foc), "validate"], cwd=elsewhere, env=env)
    assert ": 0 error(s)" in done.stdout
    done = run([str(foc), "simulate", "--ruleset", "river-claims", "--players", "ai,random", "--games", "2"],
               cwd=elsewhere, env=env)
    assert "2 finished" in done.stdout
    done = run([str(foc), "simulate", "--ruleset", "river-claims", "--map", "long_field"], cwd=elsewhere, env=env)
    assert "1 finished" in done.stdout
    run([str(python), "-m", "pytest", "-q", "-p", "no:cacheprovider"], cwd=elsewhere / "foc-river-claims", env=env)
    # shown with no client code of its own: the default board screen draws its claimed squares (headless frames)
    shots = elsewhere / "kit-shots"
    run([str(foc), "play", "--ruleset", "river-claims", "--players", "ai,ai", "--frames", "120", "--screenshot-dir",
         str(shots)], cwd=elsewhere, env=env)
    assert list(shots.glob("*.png")), "no screenshot of the generated ruleset's game"
