"""Statistics a designer can trust: win rates with 95% Wilson intervals, first-player advantage, game
lengths, units built and lost, and exact paired tests (McNemar / sign test) between variants.

Exact binomial tails are computed directly (no scipy: the project does not depend on it); n is at most
the number of games, so the sums are cheap.
"""

from __future__ import annotations

import math
import statistics as stats
from collections import Counter
from collections.abc import Sequence
from typing import Any

from game.lab.jobs import GameRecord

Z95 = 1.959963984540054
SIGNIFICANT = 0.05


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a binomial proportion (95% by default); (0, 1) for no trials."""
    if trials <= 0:
        return 0.0, 1.0
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def binomial_two_sided(k: int, n: int, p: float = 0.5) -> float:
    """Exact two-sided binomial test: the probability of an outcome at most as likely as k in n trials."""
    if n <= 0:
        return 1.0
    logs = [math.lgamma(n + 1) - math.lgamma(i + 1) - math.lgamma(n - i + 1)
            + (i * math.log(p) if i else 0.0) + ((n - i) * math.log1p(-p) if n - i else 0.0)
            for i in range(n + 1)] if 0 < p < 1 else None
    if logs is None:
        return 1.0 if (p == 0 and k == 0) or (p == 1 and k == n) else 0.0
    observed = logs[k]
    total = sum(math.exp(v) for v in logs if v <= observed + 1e-9)
    return min(1.0, total)


def mcnemar_exact(only_first: int, only_second: int) -> float:
    """Exact McNemar test on paired yes/no outcomes: a sign test over the discordant pairs."""
    return binomial_two_sided(only_first, only_first + only_second, 0.5)


def rate(successes: int, trials: int) -> dict[str, Any]:
    lo, hi = wilson(successes, trials)
    return {"wins": successes, "of": trials, "rate": successes / trials if trials else 0.0, "low": lo, "high": hi}


def _quantile(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return 0.0
    position = q * (len(ordered) - 1)
    low = math.floor(position)
    high = min(len(ordered) - 1, low + 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


def histogram(values: Sequence[int], bins: int = 12) -> list[dict[str, int]]:
    """Equal-width bins over [min, max]: [{"from", "to", "count"}] (inclusive bounds)."""
    if not values:
        return []
    low, high = min(values), max(values)
    width = max(1, math.ceil((high - low + 1) / bins))
    out = []
    start = low
    while start <= high:
        end = start + width - 1
        out.append({"from": start, "to": end, "count": sum(1 for v in values if start <= v <= end)})
        start = end + 1
    return out


def summarise_variant(records: Sequence[GameRecord], rounds_cap: int) -> dict[str, Any]:
    """Everything the report shows for one variant's games."""
    games = len(records)
    seats = max((len(r.kinds) for r in records), default=0)
    finished = [r for r in records if r.winner is not None]
    per_seat = {str(s): rate(sum(1 for r in records if r.winner == s), games) for s in range(1, seats + 1)}
    kind_seats: Counter[str] = Counter(k for r in records for k in r.kinds)
    kind_wins: Counter[str] = Counter(r.kinds[r.winner - 1] for r in finished if r.winner)  # a draw (0): nobody
    per_kind = {k: rate(kind_wins[k], kind_seats[k]) for k in sorted(kind_seats)}
    first_wins = sum(1 for r in finished if r.winner == 1)
    fair = 1 / seats if seats else 0.0
    lengths = [r.rounds for r in finished]
    built: Counter[str] = Counter()
    lost: Counter[str] = Counter()
    for r in records:
        for per_type in r.built.values():
            built.update(per_type)
        for per_type in r.lost.values():
            lost.update(per_type)
    unit_types = sorted(set(built) | set(lost))
    return {
        "games": games,
        "finished": rate(len(finished), games),
        "capped": games - len(finished),
        "per_seat": per_seat,
        "per_kind": per_kind,
        "first_player": {
            **rate(first_wins, len(finished)),
            "fair": fair,
            "advantage": (first_wins / len(finished) - fair) if finished else 0.0,
            "p_value": binomial_two_sided(first_wins, len(finished), fair) if finished and 0 < fair < 1 else 1.0,
        },
        "length": {
            "finished_games": len(lengths),
            "mean": stats.fmean(lengths) if lengths else 0.0,
            "median": _quantile(lengths, 0.5),
            "p10": _quantile(lengths, 0.1),
            "p90": _quantile(lengths, 0.9),
            "min": min(lengths, default=0),
            "max": max(lengths, default=0),
            "rounds_cap": rounds_cap,
            "histogram": histogram(lengths),
            "counts": {str(r): n for r, n in sorted(Counter(lengths).items())},
        },
        "units": {
            t: {"built": built[t], "lost": lost[t], "built_per_game": built[t] / games if games else 0.0,
                "lost_per_game": lost[t] / games if games else 0.0}
            for t in unit_types
        },
    }


def _paired(base: dict[int, GameRecord], other: dict[int, GameRecord], hit: Any) -> dict[str, Any]:
    seeds = sorted(set(base) & set(other))
    only_base = sum(1 for s in seeds if hit(base[s]) and not hit(other[s]))
    only_other = sum(1 for s in seeds if hit(other[s]) and not hit(base[s]))
    n = len(seeds)
    base_rate = sum(1 for s in seeds if hit(base[s])) / n if n else 0.0
    other_rate = sum(1 for s in seeds if hit(other[s])) / n if n else 0.0
    p = mcnemar_exact(only_base, only_other)
    return {"baseline": base_rate, "variant": other_rate, "difference": other_rate - base_rate,
            "only_baseline": only_base, "only_variant": only_other, "p_value": p, "significant": p < SIGNIFICANT}


def compare(base_records: Sequence[GameRecord], records: Sequence[GameRecord]) -> dict[str, Any]:
    """A variant against the baseline on the same seeds: exact McNemar per seat, per kind and for games
    finished, and a sign test on game length (seeds where both games finished)."""
    base = {r.seed: r for r in base_records}
    other = {r.seed: r for r in records}
    seats = max((len(r.kinds) for r in base_records), default=0)
    kinds = sorted({k for r in base_records for k in r.kinds})
    per_seat = {str(s): _paired(base, other, lambda r, s=s: r.winner == s) for s in range(1, seats + 1)}
    per_kind = {k: _paired(base, other, lambda r, k=k: bool(r.winner) and r.kinds[r.winner - 1] == k)
                for k in kinds} if len(kinds) > 1 else {}
    finished = _paired(base, other, lambda r: r.winner is not None)
    both = [s for s in sorted(set(base) & set(other)) if base[s].winner is not None and other[s].winner is not None]
    longer = sum(1 for s in both if other[s].rounds > base[s].rounds)
    shorter = sum(1 for s in both if other[s].rounds < base[s].rounds)
    changed = sum(1 for s in sorted(set(base) & set(other)) if base[s].outcome() | {"variant": ""}
                  != other[s].outcome() | {"variant": ""})
    tests = [*per_seat.values(), *per_kind.values(), finished]
    length_p = mcnemar_exact(longer, shorter)
    return {
        "paired_seeds": len(set(base) & set(other)),
        "games_that_differ": changed,
        "per_seat": per_seat,
        "per_kind": per_kind,
        "finished": finished,
        "length": {"longer": longer, "shorter": shorter, "same": len(both) - longer - shorter,
                   "mean_difference": stats.fmean([other[s].rounds - base[s].rounds for s in both]) if both else 0.0,
                   "p_value": length_p, "significant": length_p < SIGNIFICANT},
        "significant": any(t["significant"] for t in tests) or length_p < SIGNIFICANT,
    }


def analyse(records: Sequence[GameRecord], variants: Sequence[str], rounds_cap: int) -> dict[str, Any]:
    """Per-variant summaries and every variant compared with the first (the baseline)."""
    by_variant = {name: sorted((r for r in records if r.variant == name), key=lambda r: r.seed) for name in variants}
    out: dict[str, Any] = {"variants": {name: summarise_variant(rs, rounds_cap) for name, rs in by_variant.items()}}
    if variants:
        first = variants[0]
        out["comparisons"] = {name: compare(by_variant[first], by_variant[name]) for name in variants[1:]}
    return out
