"""The balance report on the terminal: rich tables of win rates (95% Wilson intervals), first-player
advantage, game lengths, units, and each variant against the baseline."""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.table import Table


def pct(value: float) -> str:
    return f"{100 * value:.1f}%"


def interval(r: dict[str, Any]) -> str:
    return f"{pct(r['rate'])} [{pct(r['low'])}–{pct(r['high'])}] ({r['wins']}/{r['of']})"


def p_text(p: float) -> str:
    return "<0.001" if p < 0.001 else f"{p:.3f}"


def p_is(p: float) -> str:
    """`p=0.031`, or `p<0.001`."""
    text = p_text(p)
    return f"p{text}" if text.startswith("<") else f"p={text}"


def seat_label(config: dict[str, Any], seat: str) -> str:
    """`seat 2 (hard)`, or `seat 2` when the seating rotates."""
    return f"seat {seat}" if config.get("rotate") else f"seat {seat} ({config['players'][int(seat) - 1]})"


def first_player_text(first: dict[str, Any], fair: float, show: Any) -> str:
    """Seat 1's share of finished games against the even share, or why there is none."""
    if not first["of"]:
        return "no game finished"
    return f"{show(first)}; even share {pct(fair)}, {p_is(first['p_value'])}"


def print_report(console: Console, report: dict[str, Any]) -> None:
    analysis = report["analysis"]
    variants = analysis["variants"]
    names = list(variants)
    config = report["config"]
    console.print(f"[bold]Balance lab[/bold]: ruleset {escape(config['ruleset'])}, map {escape(config['map'])}, "
                  f"players {', '.join(config['players'])}, mods {escape(', '.join(config['mods'])) or 'none'}, "
                  f"{config['games']} seeds from {config['seed']} per variant, round cap {config['rounds']}"
                  + (", seating rotated each game" if config.get("rotate") else ""))

    wins = Table(title="Win rate (95% Wilson interval)")
    wins.add_column("who")
    for name in names:
        wins.add_column(name)
    first = variants[names[0]]
    for seat in first["per_seat"]:
        wins.add_row(seat_label(config, seat), *(interval(variants[n]["per_seat"][seat]) for n in names))
    if len(first["per_kind"]) > 1:
        for kind in first["per_kind"]:
            wins.add_row(f"kind {kind} (per seat)", *(interval(variants[n]["per_kind"][kind]) for n in names))
    wins.add_row("games finished", *(interval(variants[n]["finished"]) for n in names))
    wins.add_row("first player (of finished)", *(
        first_player_text(variants[n]["first_player"], variants[n]["first_player"]["fair"], interval) for n in names))
    console.print(wins)

    length = Table(title="Game length in rounds (finished games)")
    length.add_column("variant")
    for col in ("games", "mean", "median", "p10", "p90", "min", "max", "capped"):
        length.add_column(col, justify="right")
    for n in names:
        g = variants[n]["length"]
        length.add_row(n, str(g["finished_games"]), f"{g['mean']:.1f}", f"{g['median']:.1f}", f"{g['p10']:.1f}",
                       f"{g['p90']:.1f}", str(g["min"]), str(g["max"]), str(variants[n]["capped"]))
    console.print(length)

    units = Table(title="Units built and lost in battle (per game)")
    units.add_column("unit type")
    for n in names:
        units.add_column(f"{n} built", justify="right")
        units.add_column(f"{n} lost", justify="right")
    types = sorted({t for n in names for t in variants[n]["units"]})
    for t in types:
        cells = []
        for n in names:
            u = variants[n]["units"].get(t, {"built_per_game": 0.0, "lost_per_game": 0.0})
            cells += [f"{u['built_per_game']:.1f}", f"{u['lost_per_game']:.1f}"]
        units.add_row(t, *cells)
    console.print(units)

    for name, comp in analysis.get("comparisons", {}).items():
        table = Table(title=f"{name} vs {names[0]}: {comp['paired_seeds']} paired seeds, "
                            f"{comp['games_that_differ']} games differ (exact McNemar / sign test)")
        for col in ("outcome", names[0], name, "change", "only baseline", "only variant", "p", ""):
            table.add_column(col)
        rows = [(f"seat {s} wins", c) for s, c in comp["per_seat"].items()]
        rows += [(f"{k} wins", c) for k, c in comp["per_kind"].items()]
        rows.append(("game finished", comp["finished"]))
        for label, c in rows:
            table.add_row(label, pct(c["baseline"]), pct(c["variant"]), f"{100 * c['difference']:+.1f} pts",
                          str(c["only_baseline"]), str(c["only_variant"]), p_text(c["p_value"]),
                          "[bold red]significant[/]" if c["significant"] else "")
        ln = comp["length"]
        table.add_row("game length", "", "", f"{ln['mean_difference']:+.1f} rounds", f"{ln['shorter']} shorter",
                      f"{ln['longer']} longer", p_text(ln["p_value"]),
                      "[bold red]significant[/]" if ln["significant"] else "")
        console.print(table)
        verdict = ("[bold red]a significant difference (p < 0.05)[/]" if comp["significant"]
                   else "no significant difference (p ≥ 0.05 everywhere)")
        console.print(f"{name}: {verdict}")
