"""Where balance games run: in this process, in local processes, or on Ray (local or a cluster).

Every backend plays the same `GameJob`s with `play_jobs` and hands each record to `on_record` as soon
as its game finishes (any order); the caller sorts. A game depends only on its job, so the records are
the same however the games are spread.
"""

from __future__ import annotations

import importlib.util
import logging
import os
import socket
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from contextlib import contextmanager, suppress
from typing import Any

from game.lab.jobs import GameJob, GameRecord, play_jobs
from game.lab.variants import Variant

OnRecord = Callable[[GameRecord], None]
RAY_HINT = "pip install 'forces-of-conquest[cluster]'"
LOCAL_OBJECT_STORE = 128 * 1024 * 1024  # records are small: keep a local Ray's shared memory modest
# Ray's single-machine mode (its default on macOS and Windows): the node's address is the loopback one,
# and Ray's servers (GCS, raylet, workers, agents) then bind that address instead of every interface.
# `ray.init(_node_ip_address="127.0.0.1")` alone does not do it: Ray replaces a loopback node address by
# the machine's outward one (docs/balance-lab.md, "Where the games run").
LOOPBACK_ONLY = {"RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER": "0"}


def ray_installed() -> bool:
    return importlib.util.find_spec("ray") is not None


def seating(kinds: Sequence[str], game: int, rotate: bool) -> tuple[str, ...]:
    """The kinds by seat for game k: as given, or turned k places so every kind plays every seat."""
    if not rotate or not kinds:
        return tuple(kinds)
    shift = game % len(kinds)
    return tuple(kinds[shift:]) + tuple(kinds[:shift])


def make_jobs(variants: Sequence[Variant], map_name: str | None, kinds: Sequence[str], seed: int, games: int,
              rounds: int, rotate: bool = False) -> list[GameJob]:
    """Game k of every variant uses seed + k (paired) and the same seating; seed-major, so the variants
    of a seed finish close together."""
    return [GameJob(variant, map_name, seating(kinds, k, rotate), seed + k, rounds)
            for k in range(games) for variant in variants]


def chunks(jobs: Sequence[GameJob], size: int) -> Iterator[list[GameJob]]:
    for start in range(0, len(jobs), size):
        yield list(jobs[start:start + size])


def chunk_size(games: int, workers: int) -> int:
    """Jobs per task: 1 for small runs (live progress), up to 8 for huge ones (fewer round trips)."""
    return max(1, min(8, games // max(1, workers * 50)))


def run_in_process(jobs: Sequence[GameJob], on_record: OnRecord) -> None:
    for job in jobs:
        for record in play_jobs([job]):
            on_record(record)


def run_processes(jobs: Sequence[GameJob], workers: int, on_record: OnRecord) -> None:
    """Local processes (no Ray needed); `workers` at a time."""
    if workers <= 1:
        run_in_process(jobs, on_record)
        return
    size = chunk_size(len(jobs), workers)
    with ProcessPoolExecutor(max_workers=workers) as pool:
        pending: set[Future[list[GameRecord]]] = {pool.submit(play_jobs, c) for c in chunks(jobs, size)}
        while pending:
            done, pending = wait(pending, return_when=FIRST_COMPLETED)
            for future in done:
                for record in future.result():
                    on_record(record)


@contextmanager
def loopback_only() -> Iterator[None]:
    """While inside, a local Ray started here listens on 127.0.0.1 only (its processes inherit the
    setting); the environment is restored on the way out."""
    constants: Any = None
    with suppress(ImportError):  # Ray reads the setting once, when imported: set it on the module too
        from ray._private import ray_constants

        constants = ray_constants
    enabled = getattr(constants, "ENABLE_RAY_CLUSTER", None)
    saved = {key: os.environ.get(key) for key in LOOPBACK_ONLY}
    os.environ.update(LOOPBACK_ONLY)  # for the processes the local Ray starts
    if enabled is not None:
        constants.ENABLE_RAY_CLUSTER = False
    try:
        yield
    finally:
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value
        if enabled is not None:
            constants.ENABLE_RAY_CLUSTER = enabled


def init_local_ray(num_cpus: int, **options: Any) -> None:
    """Start a local Ray with `num_cpus` CPUs and no dashboard (call inside `loopback_only()`); RuntimeError,
    with Ray shut down again, when its node address is not the loopback one."""
    import ray

    ray.init(num_cpus=num_cpus, include_dashboard=False, object_store_memory=LOCAL_OBJECT_STORE, **options)
    address = ray.util.get_node_ip_address()
    if address not in ("127.0.0.1", "::1"):
        ray.shutdown()
        raise RuntimeError(f"the local Ray took the address {address}, not the loopback one: it would listen "
                           "on the network (use --backend processes)")


def check_reachable(address: str, timeout: float = 5.0) -> None:
    """ConnectionError at once when `host:port` takes no connection (Ray itself retries for minutes)."""
    host, sep, port = address.rpartition(":")
    if not sep or not port.isdigit() or "://" in address:
        return  # "auto", "ray://...": left to Ray
    try:
        socket.create_connection((host, int(port)), timeout=timeout).close()
    except OSError as exc:
        raise ConnectionError(f"nothing answers at {address} ({exc})") from None


def run_ray(jobs: Sequence[GameJob], workers: int | None, on_record: OnRecord, address: str | None = None) -> None:
    """Ray tasks, one CPU each: on the cluster at `address`, else on a local Ray with `workers` CPUs
    listening on 127.0.0.1 only. Ray is started here and shut down after, unless it was already running."""
    import ray

    if ray.is_initialized():
        _run_on_ray(jobs, workers, on_record)
        return
    quiet: dict[str, Any] = {"logging_level": logging.ERROR, "log_to_driver": False, "configure_logging": True}
    if address:
        check_reachable(address)
        ray.init(address=address, include_dashboard=False, **quiet)
        try:
            _run_on_ray(jobs, workers, on_record)
        finally:
            ray.shutdown()
        return
    with loopback_only():
        init_local_ray(workers or os.cpu_count() or 1, **quiet)
        try:
            _run_on_ray(jobs, workers, on_record)
        finally:
            ray.shutdown()


def _run_on_ray(jobs: Sequence[GameJob], workers: int | None, on_record: OnRecord) -> None:
    """The jobs as Ray tasks on the running Ray, at most two per slot in flight (records stream back as
    games finish; memory stays flat)."""
    import ray

    capacity = int(ray.cluster_resources().get("CPU", 1))
    slots = max(1, workers or capacity)
    size = chunk_size(len(jobs), slots)
    remote = ray.remote(num_cpus=1, max_retries=2)(play_jobs)
    queue = iter(list(chunks(jobs, size)))
    pending = []
    for chunk in queue:
        pending.append(remote.remote(chunk))
        if len(pending) >= 2 * slots:
            break
    while pending:
        done, pending = ray.wait(pending, num_returns=1)
        for record in ray.get(done[0]):
            on_record(record)
        following = next(queue, None)
        if following is not None:
            pending.append(remote.remote(following))
