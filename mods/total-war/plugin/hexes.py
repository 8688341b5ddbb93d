"""The hex field (TW1): hex names, cube coordinates, directions, distance, hexes between, arcs (TW2.2), sides (TW2.3)."""

from __future__ import annotations

from functools import cache
from typing import Literal

Cube = tuple[int, int]  # (q, r); s = -q - r

# TW1.2: clockwise from N
DIRECTIONS: tuple[str, ...] = ("N", "NE", "SE", "S", "SW", "NW")
VECTORS: dict[str, Cube] = {"N": (0, -1), "NE": (1, -1), "SE": (1, 0), "S": (0, 1), "SW": (-1, 1), "NW": (-1, 0)}
UNIT_STEPS: frozenset[Cube] = frozenset(VECTORS.values())  # the differences of two hexes at distance 1


def column_letters(c: int) -> str:
    """TW1.1: column 0 = A ... 25 = Z, 26 = AA ..."""
    return chr(ord("A") + c) if c < 26 else chr(ord("A") + c // 26 - 1) + chr(ord("A") + c % 26)


@cache
def parse_hex(name: str) -> Cube:
    """TW1.1/TW1.2: "U7" -> cube (q, r) (remembered: orders and the field name the same hexes over and over)."""
    letters = "".join(ch for ch in name if ch.isalpha()).upper()
    digits = name[len(letters):]
    if not letters or not digits.isdigit() or len(letters) > 2:
        raise ValueError(f"'{name}' is not a hex name (letters then row, e.g. U7)")
    c = ord(letters[-1]) - ord("A") + (26 * (ord(letters[0]) - ord("A") + 1) if len(letters) == 2 else 0)
    return from_offset(c, int(digits))


def from_offset(c: int, n: int) -> Cube:
    """TW1.2: q = c, r = (n - 1) - (c - c mod 2) / 2."""
    return (c, (n - 1) - (c - c % 2) // 2)


def to_offset(h: Cube) -> tuple[int, int]:
    q, r = h
    return q, r + (q - q % 2) // 2 + 1


def hex_name(h: Cube) -> str:
    c, n = to_offset(h)
    return f"{column_letters(c)}{n}"


def on_field(h: Cube, width: int, height: int) -> bool:
    c, n = to_offset(h)
    return 0 <= c < width and 1 <= n <= height


def add(h: Cube, v: Cube) -> Cube:
    return (h[0] + v[0], h[1] + v[1])


def sub(a: Cube, b: Cube) -> Cube:
    return (a[0] - b[0], a[1] - b[1])


def distance(a: Cube, b: Cube) -> int:
    """TW1.2: max(|dq|, |dr|, |ds|)."""
    dq, dr = a[0] - b[0], a[1] - b[1]
    return max(abs(dq), abs(dr), abs(dq + dr))


def neighbours(h: Cube) -> list[Cube]:
    """The six adjacent hexes, clockwise from N."""
    return [add(h, VECTORS[d]) for d in DIRECTIONS]


def direction_of(a: Cube, b: Cube) -> str | None:
    """The direction from a to an adjacent b, or None if b is not adjacent."""
    v = sub(b, a)
    for name, vec in VECTORS.items():
        if vec == v:
            return name
    return None


def _cube_round(x: float, y: float, z: float) -> Cube:
    rx, ry, rz = round(x), round(y), round(z)
    dx, dy, dz = abs(rx - x), abs(ry - y), abs(rz - z)
    if dx > dy and dx > dz:
        rx = -ry - rz
    elif dy > dz:
        ry = -rx - rz
    return (int(rx), int(ry))


def between(a: Cube, b: Cube) -> list[Cube]:
    """TW1.3: the hexes strictly between a and b, nudged by (1e-6, 2e-6, -3e-6) and cube-rounded."""
    n = distance(a, b)
    ax, ay = a[0] + 1e-6, a[1] + 2e-6
    az = -a[0] - a[1] - 3e-6
    bx, by = b[0] + 1e-6, b[1] + 2e-6
    bz = -b[0] - b[1] - 3e-6
    return [_cube_round(ax + (bx - ax) * i / n, ay + (by - ay) * i / n, az + (bz - az) * i / n) for i in range(1, n)]


def _cube3(v: Cube) -> tuple[int, int, int]:
    return (v[0], v[1], -v[0] - v[1])


def in_arc(shooter: Cube, facing: str, target: Cube, arc: Literal["narrow", "wide", "none"]) -> bool:
    """TW2.2: wide: v has f's sign in both non-zero components of f (0 allowed); narrow: wide and
    |v_k| <= min(|v_i|, |v_j|), k being f's zero component."""
    if arc == "none" or target == shooter:
        return False
    f = _cube3(VECTORS[facing])
    v = _cube3(sub(target, shooter))
    for fi, vi in zip(f, v, strict=True):
        if fi != 0 and vi * fi < 0:
            return False
    if arc == "wide":
        return True
    k = f.index(0)
    others = [abs(v[i]) for i in range(3) if i != k]
    return abs(v[k]) <= min(others)


def side_of(h: Cube, facing: str, other: Cube) -> str:
    """TW2.3: an adjacent hex is front (the facing hex and the two beside it), side (the next two) or back."""
    d = direction_of(h, other)
    if d is None:
        raise ValueError(f"{hex_name(other)} is not adjacent to {hex_name(h)}")
    turn = (DIRECTIONS.index(d) - DIRECTIONS.index(facing)) % 6
    return "front" if turn in (0, 1, 5) else "side" if turn in (2, 4) else "back"
