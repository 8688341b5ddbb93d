"""The balance lab on a local Ray (the `cluster` extra): the same records as local processes, any workers;
every socket the local Ray listens on is a loopback one (docs/balance-lab.md, "Where the games run")."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

ray = pytest.importorskip("ray")

from game.cli import main  # noqa: E402
from game.lab import runner  # noqa: E402
from game.lab.jobs import GameRecord  # noqa: E402
from game.lab.variants import baseline, parse_variant  # noqa: E402


@pytest.fixture(scope="module")
def local_ray():
    with runner.loopback_only():
        runner.init_local_ray(2, log_to_driver=False)
        yield
        ray.shutdown()


def listening_sockets(pids: set[int]) -> list[tuple[str, int]]:
    """(address, pid) of every TCP socket in LISTEN state that one of `pids` holds (from /proc)."""
    inodes: dict[str, int] = {}
    for pid in pids:
        try:
            for fd in Path(f"/proc/{pid}/fd").iterdir():
                target = os.readlink(fd)
                if target.startswith("socket:["):
                    inodes[target[8:-1]] = pid
        except OSError:
            continue  # a process that ended meanwhile
    found = []
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        for line in Path(table).read_text().splitlines()[1:]:
            fields = line.split()
            if fields[3] == "0A" and fields[9] in inodes:  # 0A: LISTEN
                found.append((fields[1], inodes[fields[9]]))
    return found


def is_loopback(hex_address: str) -> bool:
    """/proc/net/tcp{,6} addresses: 0100007F:port (127.0.0.1), v4-mapped ::ffff:127.x, or ::1."""
    host = hex_address.split(":")[0]
    if len(host) == 8:
        return host.endswith("7F")
    return host in ("0000000000000000FFFF00000100007F", "00000000000000000000000001000000") or (
        host.startswith("0000000000000000FFFF0000") and host.endswith("7F"))


def worker_pid() -> int:
    return os.getpid()


@pytest.mark.skipif(not Path("/proc/net/tcp").exists(), reason="reads Linux's /proc")
def test_the_local_ray_listens_on_loopback_only(local_ray):
    """The team rule: servers started by tests and benches listen on 127.0.0.1 only (GCS, raylet, workers,
    agents: every process of the local Ray, the workers started by running a task)."""
    pids = set(ray.get([ray.remote(worker_pid).remote() for _ in range(2)]))

    def tree(pid: int) -> set[int]:
        out = {pid}
        for child in Path(f"/proc/{pid}/task/{pid}/children").read_text().split():
            out |= tree(int(child))
        return out

    pids |= tree(os.getpid())
    sockets = listening_sockets(pids)
    assert len(sockets) >= 4  # GCS, raylet, this driver, a worker at least
    assert [s for s in sockets if not is_loopback(s[0])] == []


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
