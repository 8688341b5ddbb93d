"""`make bench` = `python -m bench.run_all`: which benchmarks run, with which arguments."""

from __future__ import annotations

import argparse

import pytest

from bench import run_all


def args(**overrides) -> argparse.Namespace:
    values = {"strength": False, "games": 100, "jobs": 2, "frames": 120, "only": None}
    values.update(overrides)
    return argparse.Namespace(**values)


def test_the_client_runs_only_where_it_can_draw(monkeypatch):
    assert run_all.display_available({"ARCADE_HEADLESS": "1"})
    monkeypatch.setattr(run_all.sys, "platform", "linux")
    assert not run_all.display_available({})
    assert run_all.display_available({"DISPLAY": ":0"})
    monkeypatch.setattr(run_all, "display_available", lambda env=None: False)
    client = {name: command for name, command, _ in run_all.commands(args())}["client"]
    assert client is None


def test_ai_speed_by_default_and_strength_on_request(monkeypatch):
    monkeypatch.setattr(run_all, "display_available", lambda env=None: True)
    plain = {name: command for name, command, _ in run_all.commands(args())}
    assert list(plain) == ["engine", "ai", "saves", "client"]
    assert plain["saves"] == [run_all.sys.executable, "-m", "bench.bench_saves"]
    assert plain["ai"] is not None and plain["ai"][-2:] == ["--only", "speed"]
    strong = {name: command for name, command, _ in run_all.commands(args(strength=True, games=10, jobs=1))}
    assert strong["ai"] is not None and "--only" not in strong["ai"] and strong["ai"][-4:] == ["--games", "10",
                                                                                              "--jobs", "1"]


def test_only_runs_the_chosen_benchmarks(monkeypatch, capsys):
    calls = []
    monkeypatch.setattr(run_all.subprocess, "call", lambda command, cwd: calls.append(command) or 0)
    assert run_all.main(["--only", "engine"]) == 0
    assert [c[-1] for c in calls] == ["bench.bench_engine"]
    assert "engine: ok" in capsys.readouterr().out
    monkeypatch.setattr(run_all.subprocess, "call", lambda command, cwd: 3)
    assert run_all.main(["--only", "engine"]) == 1
    with pytest.raises(SystemExit):
        run_all.main(["--only", "gpu"])
