"""The balance lab (`foc balance`): variants, statistics, determinism across workers, reports, bad input."""

from __future__ import annotations

import json
import re

import pytest

from game.cli import main
from game.errors import DataError
from game.lab import runner
from game.lab.jobs import GameJob, GameRecord, play_job
from game.lab.statistics import analyse, binomial_two_sided, compare, mcnemar_exact, wilson
from game.lab.variants import BASELINE, baseline, build_variant_app, check_variants, parse_variant

SMALL = {"map": "twin_valleys", "kinds": ("normal", "hard"), "rounds": 30}


def write(path, text):
    path.write_text(text)
    return path


# --- statistics -----------------------------------------------------------------------------------------

def test_wilson_interval_matches_known_values():
    low, high = wilson(0, 10)
    assert low == 0.0 and high == pytest.approx(0.2775, abs=1e-4)
    low, high = wilson(5, 10)
    assert (low, high) == (pytest.approx(0.2366, abs=1e-4), pytest.approx(0.7634, abs=1e-4))
    assert wilson(0, 0) == (0.0, 1.0)


def test_exact_binomial_and_mcnemar():
    assert binomial_two_sided(0, 6) == pytest.approx(2 / 64)
    assert binomial_two_sided(3, 6) == pytest.approx(1.0)
    # p=1/4, n=4: every outcome at most as likely as k=0 (0.316): k=0, 2, 3, 4 (k=1 is likelier)
    assert binomial_two_sided(0, 4, 0.25) == pytest.approx(0.31640625 + 0.2109375 + 0.046875 + 0.00390625)
    assert mcnemar_exact(0, 10) == pytest.approx(2 / 1024)
    assert mcnemar_exact(0, 0) == 1.0


def record(variant, seed, winner, rounds=20, kinds=("normal", "normal")):
    return GameRecord(variant, seed, list(kinds), winner, rounds, [winner] if winner else [1, 2], {})


def test_paired_comparison_flags_a_real_difference_and_not_noise():
    base = [record(BASELINE, s, 2) for s in range(10)]
    flipped = [record("v", s, 1) for s in range(10)]
    same = [record("w", s, 2) for s in range(10)]
    result = compare(base, flipped)
    assert result["per_seat"]["1"]["only_variant"] == 10
    assert result["per_seat"]["1"]["p_value"] == pytest.approx(2 / 1024)
    assert result["significant"]
    assert not compare(base, same)["significant"]
    summary = analyse(base + flipped, [BASELINE, "v"], 50)
    seat2 = summary["variants"][BASELINE]["per_seat"]["2"]
    assert seat2["rate"] == 1.0 and seat2["low"] == pytest.approx(wilson(10, 10)[0])
    first = summary["variants"]["v"]["first_player"]
    assert first["wins"] == 10 and first["fair"] == 0.5 and first["p_value"] < 0.01


def test_a_draw_is_a_finished_game_won_by_nobody():
    """A ruleset's draw (winner 0, e.g. MC7.2's equal life at the round limit) ends the game, counts for no
    seat and no kind (not the last seat's, as kinds[0 - 1] would)."""
    draws = [record(BASELINE, s, 0, kinds=("normal", "random")) for s in range(4)]
    summary = analyse(draws, [BASELINE], 50)["variants"][BASELINE]
    assert summary["finished"]["wins"] == 4
    assert all(v["wins"] == 0 for v in summary["per_seat"].values())
    assert all(v["wins"] == 0 for v in summary["per_kind"].values())
    kinds_won = compare(draws, [record("v", s, 2, kinds=("normal", "random")) for s in range(4)])["per_kind"]
    assert kinds_won["random"]["only_variant"] == 4 and kinds_won["random"]["only_baseline"] == 0


# --- variants -------------------------------------------------------------------------------------------

def test_a_variant_overrides_rules_and_adds_mods(tmp_path):
    path = write(tmp_path / "strong.toml", '[variant]\nmods = ["cavalry"]\n\n[units.soldier.combat]\nattack = 3\n')
    variant = parse_variant(f"strong={path}")
    assert variant.all_mods == ("cavalry",)
    rules = build_variant_app(variant).rules
    assert rules.units["soldier"].combat.attack == 3
    assert "cavalry" in rules.units
    assert [m.id for m in rules.mods] == ["base", "cavalry"]  # the override is not a mod
    plain = build_variant_app(baseline()).rules
    assert plain.units["soldier"].combat.attack != 3


def test_bad_variants_name_file_and_key(tmp_path):
    typo = write(tmp_path / "typo.toml", "[units.soldier.combat]\natack = 3\n")
    errors = check_variants([parse_variant(f"typo={typo}")])
    assert errors and "typo.toml" in errors[0] and "units.soldier.combat.atack" in errors[0]
    unknown_mod = write(tmp_path / "mod.toml", '[variant]\nmods = ["cavalary"]\n')
    errors = check_variants([parse_variant(f"m={unknown_mod}")])
    assert any("cavalary" in line for line in errors)
    header = write(tmp_path / "header.toml", '[variant]\nmod = ["cavalry"]\n')
    with pytest.raises(DataError, match=r"header.toml: variant.mod"):
        parse_variant(f"h={header}")
    with pytest.raises(DataError, match="file not found"):
        parse_variant(f"x={tmp_path / 'missing.toml'}")
    with pytest.raises(DataError, match="NAME=FILE"):
        parse_variant("just-a-file.toml")
    with pytest.raises(DataError, match="unchanged rules"):
        parse_variant(f"baseline={typo}")


# --- games ----------------------------------------------------------------------------------------------

def test_units_built_and_lost_are_tallied_from_the_events():
    job = GameJob(baseline(), SMALL["map"], SMALL["kinds"], 3, 60)
    rec = play_job(job)
    assert sum(rec.built[1].values()) > 0 and sum(rec.built[2].values()) > 0
    assert sum(n for per in rec.lost.values() for n in per.values()) > 0
    assert "unknown" not in {t for per in rec.lost.values() for t in per}
    assert play_job(job).outcome() == rec.outcome()  # the same job is the same game


def test_same_seeds_same_results_however_the_games_are_spread(tmp_path):
    cavalry = write(tmp_path / "cav.toml", '[variant]\nmods = ["cavalry"]\n[units.soldier.combat]\nattack = 3\n')
    variants = [baseline(), parse_variant(f"cav={cavalry}")]
    jobs = runner.make_jobs(variants, SMALL["map"], SMALL["kinds"], 1, 2, SMALL["rounds"])
    outcomes = {}
    for workers in (1, 2):
        got: list[GameRecord] = []
        runner.run_processes(jobs, workers, got.append)
        outcomes[workers] = sorted((r.outcome() for r in got), key=lambda o: (o["variant"], o["seed"]))
    assert len(outcomes[1]) == 4
    assert outcomes[1] == outcomes[2]


# --- the command ----------------------------------------------------------------------------------------

def test_balance_command_without_ray_falls_back_and_writes_reports(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr("game.lab.command.ray_installed", lambda: False)
    variant = write(tmp_path / "cav.toml", '[variant]\nmods = ["cavalry"]\n')
    out_json, out_html = tmp_path / "r.json", tmp_path / "r.html"
    code = main(["balance", "--map", "twin_valleys", "--players", "ai,hard", "--games", "2", "--rounds", "25",
                 "--variant", f"cavalry={variant}", "--workers", "1", "--json", str(out_json), "--html", str(out_html)])
    assert code == 0
    text = capsys.readouterr().out
    assert "pip install 'forces-of-conquest[cluster]'" in text
    assert "Win rate" in text and "cavalry: no significant difference" in text
    report = json.loads(out_json.read_text())
    assert [v["name"] for v in report["config"]["variants"]] == ["baseline", "cavalry"]
    assert len(report["games"]) == 4 and {g["seed"] for g in report["games"]} == {1, 2}
    assert set(report["analysis"]["variants"]["cavalry"]["per_seat"]) == {"1", "2"}
    assert "cavalry" in report["analysis"]["comparisons"]
    html = out_html.read_text()
    assert html.count("<svg") >= 2
    assert not re.search(r"""(src|href)\s*=\s*["']?(https?:)?//""", html)  # self-contained


@pytest.mark.parametrize(("argv", "message"), [
    (["--ruleset", "chess"], "unknown ruleset 'chess' (available: base"),
    (["--variant", "v=/nonexistent/v.toml"], "/nonexistent/v.toml: file not found"),
    (["--mod", "cavalary"], "cavalary"),
    (["--map", "no_such_map"], "--map no_such_map"),
    (["--players", "ai,ai,ai"], "no start zones for 3 players"),
    (["--games", "0"], "--games 0: must be at least 1"),
    (["--json", "/nonexistent/dir/r.json"], "--json /nonexistent/dir/r.json"),
])
def test_bad_input_is_refused_before_any_game(argv, message, capsys, monkeypatch):
    def no_games(*_args, **_kwargs):
        raise AssertionError("a game ran")

    monkeypatch.setattr("game.lab.command.run_processes", no_games)
    monkeypatch.setattr("game.lab.command.run_ray", no_games)
    base = ["balance", "--map", "twin_valleys", "--players", "ai,ai", "--games", "1"]
    assert main(base + argv) == 2
    err = capsys.readouterr().err
    assert message in err
    assert "Traceback" not in err


def test_every_balance_option_has_a_help_line():
    from game.cli import build_parser

    parser = build_parser()
    balance = next(a for a in parser._subparsers._group_actions[0].choices.items() if a[0] == "balance")[1]
    for action in balance._actions:
        if action.dest != "help":
            assert action.help, action.dest


def test_the_example_variants_in_the_docs_are_valid():
    from pathlib import Path

    folder = Path(__file__).resolve().parent.parent / "docs" / "variants"
    variants = [parse_variant(f"{path.stem}={path}") for path in sorted(folder.glob("*.toml"))]
    assert len(variants) >= 2
    assert check_variants([baseline(), *variants]) == []


def test_an_unreachable_ray_cluster_is_a_clear_message(capsys, monkeypatch):
    def unreachable(*_args, **_kwargs):
        raise ConnectionError("Failed to connect to Ray cluster at 10.9.9.9:6379")

    monkeypatch.setattr("game.lab.command.ray_installed", lambda: True)
    monkeypatch.setattr("game.lab.command.run_ray", unreachable)
    code = main(["balance", "--map", "twin_valleys", "--players", "ai,ai", "--games", "1", "--address", "10.9.9.9:6379"])
    err = capsys.readouterr().err
    assert code == 2
    assert "--address 10.9.9.9:6379: cannot start or reach Ray" in err and "RAY_AUTH_MODE=token" in err


def test_an_address_where_nothing_listens_fails_fast():
    import socket

    with socket.socket() as probe:  # a free loopback port, closed again: nothing listens there
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    with pytest.raises(ConnectionError, match=f"127.0.0.1:{port}"):
        runner.check_reachable(f"127.0.0.1:{port}", timeout=2)
    runner.check_reachable("auto")  # left to Ray


def test_rotation_puts_every_kind_in_every_seat_and_keeps_variants_paired(tmp_path):
    other = parse_variant(f"v={write(tmp_path / 'v.toml', '[variant]')}")
    jobs = runner.make_jobs([baseline(), other], "twin_valleys", ["hard", "normal", "random"], 1, 3, 10, rotate=True)
    by_seed = {}
    for job in jobs:
        by_seed.setdefault(job.seed, set()).add(job.kinds)
    assert by_seed == {1: {("hard", "normal", "random")}, 2: {("normal", "random", "hard")},
                       3: {("random", "hard", "normal")}}
    assert {j.kinds for j in runner.make_jobs([baseline()], "m", ["hard", "normal"], 1, 3, 10)} == {("hard", "normal")}


def test_balance_plays_another_ruleset_from_its_app(tmp_path, capsys, monkeypatch):
    """`foc balance --ruleset monstercrasher`: its board, its computer players (MC9) and a variant of its
    own rules (MC2.2 life), all from the ruleset's App; nothing in the lab names it."""
    monkeypatch.setattr("game.lab.command.ray_installed", lambda: False)
    short = write(tmp_path / "short.toml", "[players]\nlife = 3\n")
    out_json = tmp_path / "mc.json"
    code = main(["balance", "--ruleset", "monstercrasher", "--players", "ai,random", "--games", "2", "--rounds", "50",
                 "--workers", "1", "--variant", f"short={short}", "--json", str(out_json)])
    assert code == 0
    report = json.loads(out_json.read_text())
    assert report["config"]["ruleset"] == "monstercrasher" and report["config"]["players"] == ["normal", "random"]
    assert len(report["games"]) == 4 and all(g["winner"] is not None for g in report["games"])
    capsys.readouterr()
    assert main(["balance", "--ruleset", "monstercrasher", "--players", "ai,hard", "--games", "1"]) == 2
    assert "unknown player kind 'hard' (use ai, normal, search, random)" in capsys.readouterr().err
