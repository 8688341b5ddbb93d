"""Peak memory of loading hostile saves: each one refused, in a fresh process, at <= 200 MB resident.

    python -m bench.bench_hostile_memory [--limit-mb 200]

The files, made in a temporary folder: a 2.2 GB gzip bomb (34 x 64 MB of spaces), and documents just under the
value cap (game.saves.MAX_JSON_VALUES) whose objects cost far more than their text: unique keys, small dicts with
a long string, strings, and empty lists; plus a real save padded with 50,000 loose units. Each is loaded by
`foc replay --verify` and by `load_game` with the client (arcade) imported, as `foc play --load` would.
"""

from __future__ import annotations

import argparse
import copy
import gzip
import subprocess
import sys
import tempfile
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FIXTURE = ROOT / "tests" / "fixtures" / "saves" / "v4_mid_battle.foc.json.gz"
PROBE = """
import resource, sys
{imports}
from game.errors import DataError
from game.saves import load_game
try:
    load_game(sys.argv[1])
    print("LOADED")
except DataError as exc:
    print(exc.errors[0][:150])
print("PEAK_KB", resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
"""


def hostile_files(folder: Path) -> dict[str, Path]:
    from game.saves import MAX_JSON_VALUES, checksum, encode, read_raw

    n = MAX_JSON_VALUES - 1000
    out: dict[str, Path] = {}

    def put(name: str, blob: bytes) -> None:
        out[name] = folder / f"{name}.foc.json.gz"
        out[name].write_bytes(blob)

    packer = zlib.compressobj(9, zlib.DEFLATED, 31)
    block = b" " * (64 * 1024 * 1024)
    put("gzip bomb 2.2 GB", packer.compress(b'{"format": "') + b"".join(packer.compress(block) for _ in range(34))
        + packer.flush())
    put("unique keys", gzip.compress(b"{" + b",".join(b'"%x":0' % i for i in range(n)) + b"}", 6))
    dicts = b",".join(b'{"%d":[0]}' % i for i in range(n // 3))
    put("dicts and a 13 MB string", gzip.compress(b'{"format":[' + dicts + b'],"pad":"' + b"x" * (13 << 20) + b'"}', 6))
    put("strings", gzip.compress(b'{"format":[' + b",".join(b'"%s"' % (b"%x" % i).rjust(38, b"z")
                                                         for i in range(n)) + b"]}", 6))
    put("empty lists", gzip.compress(b'{"format":[' + b",".join([b"[]"] * (n // 2)) + b"]}", 6))
    data = read_raw(FIXTURE)
    entities = data["state"]["entities"]
    top = max(int(k) for k in entities)
    unit = next(c for c in entities.values() if "ArmyUnit" in c)
    for index in range(50_000):
        entities[str(top + 1 + index)] = copy.deepcopy(unit)
    data["state"]["next_entity"] = top + 60_000
    data["checksum"] = checksum(data)
    put("50,000 loose units", encode(data))
    return out


def peak(path: Path, client: bool) -> tuple[float, str]:
    imports = "import os; os.environ['ARCADE_HEADLESS'] = '1'; import arcade, game.ui.launch" if client else ""
    done = subprocess.run([sys.executable, "-c", PROBE.format(imports=imports), str(path)], capture_output=True,
                          text=True, cwd=ROOT, timeout=300, check=False)
    lines = done.stdout.strip().splitlines()
    kb = next((int(line.split()[1]) for line in lines if line.startswith("PEAK_KB")), 0)
    return kb / 1024, (lines[0] if lines else done.stderr.strip().splitlines()[-1])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--limit-mb", type=float, default=200.0)
    parser.add_argument("--make", help=argparse.SUPPRESS)  # (internal) write the files into this folder
    args = parser.parse_args(argv)
    if args.make:
        for path in hostile_files(Path(args.make)).values():
            print(path.name)
        return 0
    ok = True
    with tempfile.TemporaryDirectory() as tmp:
        # made in a process of their own: a child inherits its parent's peak (ru_maxrss survives fork and exec)
        made = subprocess.run([sys.executable, "-m", "bench.bench_hostile_memory", "--make", tmp], cwd=ROOT,
                              capture_output=True, text=True, check=True, timeout=300)
        for line in made.stdout.splitlines():
            path, name = Path(tmp) / line, line.removesuffix(".foc.json.gz")
            for client in (False, True):
                mb, message = peak(path, client)
                refused = message != "LOADED"
                ok = ok and refused and 0 < mb <= args.limit_mb
                print(f"{name:28} {'client' if client else 'engine'}: {mb:6.1f} MB  {message[len(tmp) + 1:][:90]}")
    print(f"every hostile save refused at <= {args.limit_mb:.0f} MB: {'yes' if ok else 'NO'}")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
