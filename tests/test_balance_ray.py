"""The balance lab on a local Ray (the `cluster` extra): the same records as local processes, any workers."""

from __future__ import annotations

import pytest

ray = pytest.importorskip("ray")

from game.cli import main  # noqa: E402
from game.lab import runner  # noqa: E402
from game.lab.jobs import GameRecord  # noqa: E402
from game.lab.variants import baseline, parse_variant  # noqa: E402


@pytest.fixture(scope="module")
def local_ray():
    ray.init(num_cpus=2, include_dashboard=False, _node_ip_address="127.0.0.1", log_to_driver=False,
             object_store_memory=runner.LOCAL_OBJECT_STORE)
    yield
    ray.shutdown()


def outcomes(records: list[GameRecord]) -> list[dict]:
    return sorted((r.outcome() for r in records), key=lambda o: (o["variant"], o["seed"]))


def test_ray_gives_the_records_local_processes_give_with_1_and_2_workers(local_ray, tmp_path):
    cavalry = tmp_path / "cav.toml"
    cavalry.write_text('[variant]\nmods = ["cavalry"]\n[units.soldier.combat]\nattack = 3\n')
    jobs = runner.make_jobs([baseline(), parse_variant(f"cav={cavalry}")], "twin_valleys", ("normal", "hard"), 1,
                            2, 30)
    local: list[GameRecord] = []
    runner.run_processes(jobs, 1, local.append)
    for workers in (1, 2):
        got: list[GameRecord] = []
        runner.run_ray(jobs, workers, got.append)
        assert outcomes(got) == outcomes(local), f"{workers} Ray worker(s)"
    assert ray.is_initialized()  # a Ray started by the caller is left running


def test_balance_command_on_local_ray(local_ray, tmp_path, capsys):
    out = tmp_path / "r.json"
    code = main(["balance", "--map", "twin_valleys", "--players", "ai,ai", "--games", "2", "--rounds", "20",
                 "--backend", "ray", "--workers", "2", "--json", str(out)])
    assert code == 0
    assert "local Ray, 2 CPUs" in capsys.readouterr().out
    assert out.is_file()
