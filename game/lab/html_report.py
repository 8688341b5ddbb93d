"""The balance report as one self-contained HTML page: tables and inline SVG charts, no external files."""

from __future__ import annotations

import math
from html import escape
from typing import Any

from game.lab.tables import first_player_text, p_text, pct, seat_label

PALETTE = ("#3b6ea5", "#d9822b", "#4c9a52", "#b8434a", "#7d5ba6", "#8c6d46", "#c25e9e", "#6b6b6b")
CSS = """
body{font-family:system-ui,-apple-system,'Segoe UI',sans-serif;margin:24px auto;max-width:1100px;color:#222}
h1{font-size:24px;margin-bottom:4px} h2{font-size:18px;margin-top:28px;border-bottom:1px solid #ddd}
table{border-collapse:collapse;margin:8px 0;font-size:13px} td,th{border:1px solid #ddd;padding:4px 8px}
th{background:#f3f3f3;text-align:left} td.n{text-align:right} .sig{color:#b8434a;font-weight:bold}
.meta{color:#555;font-size:13px} .charts{display:flex;flex-wrap:wrap;gap:16px} svg{background:#fff}
.legend span{display:inline-block;margin-right:14px;font-size:13px}
.legend i{display:inline-block;width:12px;height:12px;margin-right:4px;vertical-align:-1px}
"""


def _legend(names: list[str]) -> str:
    items = "".join(f'<span><i style="background:{PALETTE[i % len(PALETTE)]}"></i>{escape(n)}</span>'
                    for i, n in enumerate(names))
    return f'<div class="legend">{items}</div>'


def bar_chart(title: str, groups: list[str], series: list[str], values: list[list[float]],
              low: list[list[float]] | None = None, high: list[list[float]] | None = None,
              percent: bool = True, reference: float | None = None, width: int = 520, height: int = 260) -> str:
    """Grouped bars (one group per label, one bar per series) with optional error bars and a reference line."""
    left, right, top, bottom = 48, 12, 28, 42
    plot_w, plot_h = width - left - right, height - top - bottom
    peak = max([v for row in (high or values) for v in row] + [reference or 0.0])
    if peak <= 0:  # all zero: an empty chart on a unit scale, not a full bar on a scale of nothing
        peak = 1.0
    peak = min(1.0, math.ceil(peak * 11) / 10) if percent else peak * 1.1  # percent axes end on a tenth
    y = lambda v: top + plot_h * (1 - v / peak)  # noqa: E731
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" role="img">',
             f'<text x="{width / 2}" y="16" text-anchor="middle" font-size="14" font-weight="bold">'
             f'{escape(title)}</text>']
    for i in range(5):
        v = peak * i / 4
        label = f"{100 * v:.0f}%" if percent else (f"{v:.1f}" if peak >= 10 else f"{v:.3g}")
        parts.append(f'<line x1="{left}" x2="{width - right}" y1="{y(v):.1f}" y2="{y(v):.1f}" stroke="#eee"/>'
                     f'<text x="{left - 4}" y="{y(v) + 4:.1f}" text-anchor="end" font-size="11">{label}</text>')
    group_w = plot_w / max(1, len(groups))
    bar_w = group_w * 0.8 / max(1, len(series))
    for g, group in enumerate(groups):
        x0 = left + g * group_w + group_w * 0.1
        for s in range(len(series)):
            v = values[s][g]
            x = x0 + s * bar_w
            colour = PALETTE[s % len(PALETTE)]
            parts.append(f'<rect x="{x:.1f}" y="{y(v):.1f}" width="{bar_w * 0.9:.1f}" '
                         f'height="{max(0.0, top + plot_h - y(v)):.1f}" fill="{colour}">'
                         f'<title>{escape(series[s])} {escape(group)}: '
                         f'{pct(v) if percent else f"{v:.2f}"}</title></rect>')
            if low is not None and high is not None:
                cx = x + bar_w * 0.45
                parts.append(f'<line x1="{cx:.1f}" x2="{cx:.1f}" y1="{y(low[s][g]):.1f}" y2="{y(high[s][g]):.1f}" '
                             f'stroke="#222" stroke-width="1.2"/>'
                             f'<line x1="{cx - 4:.1f}" x2="{cx + 4:.1f}" y1="{y(low[s][g]):.1f}" '
                             f'y2="{y(low[s][g]):.1f}" stroke="#222"/>'
                             f'<line x1="{cx - 4:.1f}" x2="{cx + 4:.1f}" y1="{y(high[s][g]):.1f}" '
                             f'y2="{y(high[s][g]):.1f}" stroke="#222"/>')
        parts.append(f'<text x="{x0 + group_w * 0.4:.1f}" y="{height - bottom + 16}" text-anchor="middle" '
                     f'font-size="12">{escape(group)}</text>')
    if reference is not None:  # labelled in the header strip, clear of the bars
        parts.append(f'<line x1="{left}" x2="{width - right}" y1="{y(reference):.1f}" y2="{y(reference):.1f}" '
                     f'stroke="#b8434a" stroke-dasharray="5,4"/>'
                     f'<line x1="{width - right - 150}" x2="{width - right - 126}" y1="{top - 6}" y2="{top - 6}" '
                     f'stroke="#b8434a" stroke-dasharray="5,4"/><text x="{width - right}" y="{top - 2}" '
                     f'text-anchor="end" font-size="11" fill="#b8434a">even share {pct(reference)}</text>')
    parts.append(f'<line x1="{left}" x2="{width - right}" y1="{top + plot_h}" y2="{top + plot_h}" stroke="#444"/>')
    parts.append("</svg>")
    return "".join(parts)


def length_chart(variants: dict[str, Any], width: int = 520, height: int = 260) -> str:
    """Game length distribution: per variant, the share of its finished games in each band of rounds."""
    names = list(variants)
    counts = {n: {int(r): c for r, c in variants[n]["length"]["counts"].items()} for n in names}
    every = [r for n in names for r in counts[n]]
    if not every:
        return '<p class="meta">No game finished: no length distribution.</p>'
    low, high = min(every), max(every)
    step = max(1, -(-(high - low + 1) // 12))
    starts = list(range(low, high + 1, step))
    values = []
    for n in names:
        total = max(1, sum(counts[n].values()))
        values.append([sum(c for r, c in counts[n].items() if s <= r < s + step) / total for s in starts])
    labels = [f"{s}-{s + step - 1}" if step > 1 else str(s) for s in starts]
    return bar_chart("Game length (rounds), share of finished games", labels, names, values, width=width,
                     height=height)


def _table(head: list[str], rows: list[list[str]]) -> str:
    th = "".join(f"<th>{escape(h)}</th>" for h in head)
    body = "".join("<tr>" + "".join(f'<td class="n">{c}</td>' if c[:1].isdigit() or c[:1] in "+-<"
                                    else f"<td>{c}</td>" for c in row) + "</tr>" for row in rows)
    return f"<table><tr>{th}</tr>{body}</table>"


def _interval(r: dict[str, Any]) -> str:
    return f"{pct(r['rate'])} [{pct(r['low'])}–{pct(r['high'])}] ({r['wins']}/{r['of']})"


def render_html(report: dict[str, Any]) -> str:
    config, analysis = report["config"], report["analysis"]
    variants = analysis["variants"]
    names = list(variants)
    players = config["players"]
    seats = list(variants[names[0]]["per_seat"])
    fair = 1 / len(players) if players else 0.0
    out = [f"<!doctype html><html><head><meta charset='utf-8'><title>Balance report: {escape(config['map'])}</title>"
           f"<style>{CSS}</style></head><body>",
           "<h1>Balance report</h1>",
           f"<p class='meta'>Ruleset <b>{escape(config['ruleset'])}</b> · map <b>{escape(config['map'])}</b> · "
           f"players {escape(', '.join(players))} · mods {escape(', '.join(config['mods']) or 'none')} · "
           f"{config['games']} seeds per variant from seed {config['seed']} · round cap {config['rounds']} · "
           + ("seating rotated each game · " if config.get("rotate") else "") +
           f"{report['timing']['seconds']:.1f} s on {escape(config['backend'])} "
           f"({report['timing']['games_per_second']:.2f} games/s)</p>"]
    out.append(_table(["variant", "mods", "override", "description"],
                      [[escape(v["name"]), escape(", ".join(v["mods"]) or "none"), escape(v["override"] or "-"),
                        escape(v["description"])] for v in config["variants"]]))
    out.append("<h2>Win rates</h2>" + _legend(names) + "<div class='charts'>")
    seat_labels = [seat_label(config, s) for s in seats]
    pick = lambda key, field: [[variants[n][key][s][field] for s in seats] for n in names]  # noqa: E731
    out.append(bar_chart("Win rate per seat (95% Wilson interval)", seat_labels, names, pick("per_seat", "rate"),
                         pick("per_seat", "low"), pick("per_seat", "high"), reference=fair))
    kinds = list(variants[names[0]]["per_kind"])
    if len(kinds) > 1:
        pk = lambda field: [[variants[n]["per_kind"][k][field] for k in kinds] for n in names]  # noqa: E731
        out.append(bar_chart("Win rate per player kind (per seat played)", kinds, names, pk("rate"), pk("low"),
                             pk("high")))
    out.append(length_chart(variants) + "</div>")
    rows = []
    for s, label in zip(seats, seat_labels, strict=True):
        rows.append([escape(label), *(_interval(variants[n]["per_seat"][s]) for n in names)])
    for k in kinds if len(kinds) > 1 else []:
        rows.append([f"kind {escape(k)}", *(_interval(variants[n]["per_kind"][k]) for n in names)])
    rows.append(["games finished", *(_interval(variants[n]["finished"]) for n in names)])
    rows.append(["first player (of finished)", *(first_player_text(variants[n]["first_player"], fair, _interval)
                                                  for n in names)])
    out.append(_table(["", *names], rows))
    out.append("<h2>Game length</h2>")
    out.append(_table(["variant", "finished", "mean", "median", "p10", "p90", "min", "max", "capped"], [
        [escape(n), str(g["finished_games"]), f"{g['mean']:.1f}", f"{g['median']:.1f}", f"{g['p10']:.1f}",
         f"{g['p90']:.1f}", str(g["min"]), str(g["max"]), str(variants[n]["capped"])]
        for n in names for g in [variants[n]["length"]]]))
    types = sorted({t for n in names for t in variants[n]["units"]})
    if types:
        out.append("<h2>Units built and lost in battle (per game)</h2><div class='charts'>")
        get = lambda n, t, f: variants[n]["units"].get(t, {}).get(f, 0.0)  # noqa: E731
        out.append(bar_chart("Units built per game", types, names,
                             [[get(n, t, "built_per_game") for t in types] for n in names], percent=False))
        out.append(bar_chart("Units lost in battle per game", types, names,
                             [[get(n, t, "lost_per_game") for t in types] for n in names], percent=False))
        out.append("</div>")
    for name, comp in analysis.get("comparisons", {}).items():
        out.append(f"<h2>{escape(name)} vs {escape(names[0])}</h2><p class='meta'>{comp['paired_seeds']} paired "
                   f"seeds, {comp['games_that_differ']} games differ. Exact McNemar test on the seeds whose "
                   f"outcome differs; sign test for game length. "
                   + ("<span class='sig'>A significant difference (p &lt; 0.05).</span>" if comp["significant"]
                      else "No significant difference (p ≥ 0.05 everywhere).") + "</p>")
        rows = []
        items = [(f"seat {s} wins", c) for s, c in comp["per_seat"].items()]
        items += [(f"{k} wins", c) for k, c in comp["per_kind"].items()] + [("game finished", comp["finished"])]
        for label, c in items:
            rows.append([escape(label), pct(c["baseline"]), pct(c["variant"]), f"{100 * c['difference']:+.1f} pts",
                         str(c["only_baseline"]), str(c["only_variant"]), p_text(c["p_value"]),
                         "<span class='sig'>significant</span>" if c["significant"] else ""])
        ln = comp["length"]
        rows.append(["game length", "", "", f"{ln['mean_difference']:+.1f} rounds", f"{ln['shorter']} shorter",
                     f"{ln['longer']} longer", p_text(ln["p_value"]),
                     "<span class='sig'>significant</span>" if ln["significant"] else ""])
        out.append(_table(["outcome", names[0], name, "change", "only baseline", "only variant", "p", ""], rows))
    out.append("<p class='meta'>Intervals: 95% Wilson score intervals. Win rates count capped games (no winner) "
               "as no win for anyone. Per-kind rates are wins per seat played by that kind.</p></body></html>")
    return "\n".join(out)
