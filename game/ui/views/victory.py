"""The victory screen: who won and how, end-game line charts per player over the rounds, and the way out.

Charts come from `game.stats.StatsTracker.series()`: territories held, army units, production of each
resource, battles won -- one line per player in the player's colour, drawn with arcade primitives.
`chart_lines` holds the exact polylines drawn (tests check one line per player). Buttons: "New game"
calls `on_new_game()`, "Main menu" calls `on_main_menu()`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import arcade

from game.stats import Series
from game.ui.assets import seat_color
from game.ui.widgets import (
    ACCENT,
    BACKGROUND,
    DIM,
    PANEL_EDGE,
    TEXT,
    DrawnButton,
    TextCache,
    draw_panel,
    finish_frame,
    window_size,
)
from systems.world import DRAW

COLUMNS = 4


def victory_text(game: object, journal: object | None = None) -> tuple[str, str]:
    """('<name> wins!', 'how'), from the world and, when given, the journal's defeat events."""
    from game.summary import seat_name, territory_label
    from systems import events as ev

    world = game.world  # type: ignore[attr-defined]
    winner = world.clock.winner
    if winner == DRAW:
        return "A draw!", f"The game ended in a draw in round {world.clock.round}"
    title = f"{seat_name(world, winner)} wins!" if winner is not None else "The game is over"
    words = getattr(getattr(getattr(world, "app", None), "presentation", None), "victory_words", None)
    if callable(words):  # the ruleset says how its games are won
        return title, words(world)
    entries = getattr(journal, "entries", [])
    defeats = [e.event for e in entries if isinstance(e.event, ev.PlayerDefeated)]
    if winner is None:
        return title, "Nobody is left standing."
    resigned = {e.event.seat for e in entries if isinstance(e.event, ev.PlayerResigned)}
    if defeats and defeats[-1].seat in resigned:  # a resignation is a defeat with nobody taking the flag
        return title, f"{seat_name(world, defeats[-1].seat)} resigned in round {world.clock.round}"
    if defeats:
        last = defeats[-1]
        how = (f"{seat_name(world, last.by)} captured {seat_name(world, last.seat)}'s flag at "
               f"{territory_label(world, last.territory)} in round {world.clock.round}")
        if last.by != winner:
            how = f"Last player standing in round {world.clock.round} ({how})"
        return title, how
    return title, f"Last player standing in round {world.clock.round}"


class VictoryView(arcade.View):
    def __init__(self, title: str, how: str, series: Sequence[Series], names: dict[int, str],
                 on_new_game: Callable[[], object], on_main_menu: Callable[[], object],
                 winner: int | None = None, colors: dict[int, tuple[int, int, int]] | None = None) -> None:
        super().__init__()
        self.title = title
        self.how = how
        self.series = list(series)
        self.names = dict(names)
        self.winner = winner
        self.colors = colors or {seat: seat_color(seat) for seat in names}
        self.texts = TextCache()
        self.new_game_button = DrawnButton("New game", 0, 0, 180, 44, on_new_game, "Set up a new game", key="new")
        self.menu_button = DrawnButton("Main menu", 0, 0, 180, 44, on_main_menu, "Back to the main menu", key="menu")
        self.chart_lines: dict[str, dict[int, list[tuple[float, float]]]] = {}
        self.chart_rects: dict[str, tuple[float, float, float, float]] = {}
        self.layout()

    @property
    def buttons(self) -> list[DrawnButton]:
        return [self.new_game_button, self.menu_button]

    def layout(self) -> None:
        """Place the charts and compute their polylines (window pixels)."""
        width, height = window_size(self)
        margin, gap = 30.0, 16.0
        top = height - 130
        bottom = 90.0
        slots = len(self.series) + 1  # the last slot holds the legend
        rows = max(1, -(-slots // COLUMNS))
        cw = (width - 2 * margin - (COLUMNS - 1) * gap) / COLUMNS
        ch = (top - bottom - (rows - 1) * gap) / rows
        used = min(COLUMNS, slots)  # a ruleset with few statistics: its charts centred, not crowded to the left
        margin = (width - used * cw - (used - 1) * gap) / 2
        self.chart_lines.clear()
        self.chart_rects.clear()
        for index, chart in enumerate(self.series):
            col, row = index % COLUMNS, index // COLUMNS
            left = margin + col * (cw + gap)
            bot = top - (row + 1) * ch - row * gap
            self.chart_rects[chart.key] = (left, bot, cw, ch)
            self.chart_lines[chart.key] = self._polylines(chart, left, bot, cw, ch)
        index = len(self.series)
        col, row = index % COLUMNS, index // COLUMNS
        self.chart_rects["legend"] = (margin + col * (cw + gap), top - (row + 1) * ch - row * gap, cw, ch)
        self.new_game_button.left, self.new_game_button.bottom = width / 2 - 200, 26
        self.menu_button.left, self.menu_button.bottom = width / 2 + 20, 26

    @staticmethod
    def _plot_area(left: float, bottom: float, w: float, h: float) -> tuple[float, float, float, float]:
        return left + 44, bottom + 26, w - 58, h - 62

    def _polylines(self, chart: Series, left: float, bottom: float, w: float,
                   h: float) -> dict[int, list[tuple[float, float]]]:
        px, py, pw, ph = self._plot_area(left, bottom, w, h)
        rounds = chart.rounds
        peak = max([1.0, *(v for values in chart.values.values() for v in values)])
        span = max(1, (rounds[-1] - rounds[0])) if rounds else 1
        lines: dict[int, list[tuple[float, float]]] = {}
        count = len(chart.values)
        for n, (seat, values) in enumerate(sorted(chart.values.items())):
            nudge = (n - (count - 1) / 2) * 2.0  # equal values stay visible side by side
            points = []
            for r, v in zip(rounds, values, strict=False):
                x = px + (r - rounds[0]) / span * pw if len(rounds) > 1 else px + pw / 2
                points.append((x, py + v / peak * ph + nudge))
            lines[seat] = points
        return lines

    def on_resize(self, width: int, height: int) -> None:
        self.layout()

    def on_show_view(self) -> None:
        self.layout()

    def on_draw(self) -> None:
        self.clear(color=BACKGROUND)
        width, height = window_size(self)
        banner = self.colors.get(self.winner, ACCENT) if self.winner is not None else ACCENT
        arcade.draw_lbwh_rectangle_filled(0, height - 10, width, 10, banner)
        self.texts.draw("title", self.title, width / 2, height - 55, TEXT, 32, anchor_x="center",
                        anchor_y="center", bold=True)
        self.texts.draw("how", self.how, width / 2, height - 95, ACCENT, 15, anchor_x="center", anchor_y="center")
        for chart in self.series:
            self._draw_chart(chart)
        self._draw_legend()
        for button in self.buttons:
            button.draw(self.texts)
        finish_frame(self)

    def _draw_chart(self, chart: Series) -> None:
        left, bottom, w, h = self.chart_rects[chart.key]
        draw_panel(left, bottom, w, h)
        px, py, pw, ph = self._plot_area(left, bottom, w, h)
        self.texts.draw(f"t:{chart.key}", chart.title, left + 12, bottom + h - 22, TEXT, 12, bold=True)
        arcade.draw_line(px, py, px + pw, py, PANEL_EDGE, 1)
        arcade.draw_line(px, py, px, py + ph, PANEL_EDGE, 1)
        peak = max([1.0, *(v for values in chart.values.values() for v in values)])
        self.texts.draw(f"ymax:{chart.key}", f"{peak:g}", px - 6, py + ph, DIM, 10, anchor_x="right",
                        anchor_y="center")
        self.texts.draw(f"y0:{chart.key}", "0", px - 6, py, DIM, 10, anchor_x="right", anchor_y="center")
        if chart.rounds:
            self.texts.draw(f"x0:{chart.key}", f"round {chart.rounds[0]}", px, py - 14, DIM, 10, anchor_y="center")
            self.texts.draw(f"x1:{chart.key}", f"{chart.rounds[-1]}", px + pw, py - 14, DIM, 10,
                            anchor_x="right", anchor_y="center", show=chart.rounds[-1] != chart.rounds[0])
        for seat, points in self.chart_lines[chart.key].items():
            color = self.colors.get(seat, TEXT)
            thick = 3 if seat == self.winner else 2
            if len(points) >= 2:
                arcade.draw_line_strip(points, color, thick)
            for x, y in points[-1:]:
                arcade.draw_circle_filled(x, y, thick + 1, color)

    def _draw_legend(self) -> None:
        left, bottom, w, h = self.chart_rects["legend"]
        draw_panel(left, bottom, w, h)
        self.texts.draw("legend", "Players", left + 12, bottom + h - 22, TEXT, 12, bold=True)
        for n, (seat, name) in enumerate(sorted(self.names.items())):
            y = bottom + h - 50 - n * 26
            arcade.draw_lbwh_rectangle_filled(left + 14, y - 2, 28, 6, self.colors.get(seat, TEXT))
            label = f"{name} (winner)" if seat == self.winner else name
            self.texts.draw(f"legend:{seat}", label, left + 50, y, TEXT, 12, anchor_y="center")

    def on_mouse_motion(self, x: float, y: float, dx: float, dy: float) -> None:
        for button in self.buttons:
            button.hover = button.contains(x, y)

    def on_mouse_press(self, x: float, y: float, button: int, modifiers: int) -> bool:
        return any(b.click(x, y) for b in self.buttons)

    def on_key_press(self, symbol: int, modifiers: int) -> bool:
        if symbol == arcade.key.ESCAPE:
            self.menu_button.click(self.menu_button.left + 1, self.menu_button.bottom + 1)
            return True
        if symbol in (arcade.key.ENTER, arcade.key.RETURN):
            self.new_game_button.click(self.new_game_button.left + 1, self.new_game_button.bottom + 1)
            return True
        return False
