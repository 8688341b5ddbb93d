"""The help overlay (F1): the rules in brief (in plain words; rule ids are for developers), what every map
symbol means, and the hotkeys; a second page lists every unit, structure and upgrade type of the game's ruleset
(mods' included) with its numbers and picture (in parts of three columns when they need more: Tab goes on),
a third the MP each unit type pays per terrain, all generated from the `Ruleset`.

Drawn over the game (pass the game view as `underlay`) or alone. F1, Esc, a click on "Close" or outside
the panel calls `on_close()`; Tab or the page button switches pages. Content comes from `game.help_text`;
symbols show the sprite the map uses.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import arcade

from game.help_text import HOTKEYS, TypeEntry, movement_table, rules_brief, ruleset_entries, symbols
from game.ui.assets import asset_path, hex_color, manifest, seat_color
from game.ui.widgets import (
    ACCENT,
    DIM,
    PANEL_EDGE,
    TEXT,
    DrawnButton,
    TextCache,
    draw_backdrop,
    draw_panel,
    finish_frame,
    window_size,
)

if TYPE_CHECKING:
    from components.rules import Ruleset
    from game.ui.assets import Assets

TINTED = {"units", "structures", "flags"}
PAGES = ("Rules, symbols and keys", "Units and structures", "Moving")
PAGE_BUTTONS = ("Units and structures ▸ [Tab]", "Movement costs ▸ [Tab]", "◂ Rules and keys [Tab]")
SECTION_TITLES = {"units": "Units", "structures": "Structures", "upgrades": "Upgrades", "marks": "Mod rules"}
_BASE_RULES: list[Ruleset] = []


def _base_rules() -> Ruleset:
    if not _BASE_RULES:
        from game.content import load_ruleset

        _BASE_RULES.append(load_ruleset())
    return _BASE_RULES[0]


class HelpOverlay(arcade.View):
    def __init__(self, on_close: Callable[[], object], underlay: arcade.View | None = None, *,
                 rules: Ruleset | None = None, assets: Assets | None = None,
                 extra_entries: tuple[TypeEntry, ...] = ()) -> None:
        super().__init__()
        self.close_cb = on_close
        self.underlay = underlay
        self.rules = rules
        self.assets = assets
        self.texts = TextCache()
        self.close_button = DrawnButton("Close (F1)", 0, 0, 150, 36, self._close, "Close the help", key="close")
        self.page_button = DrawnButton("", 0, 0, 270, 36, self.next_page, "Switch pages [Tab]", key="page")
        self.page = 0
        # the types page in parts of three columns when the game's types (its mods' too) need more: Tab goes
        # through them; `types_parts` is known once the page has been laid out
        self.types_part = 0
        self.types_parts = 1
        self.types_drawn: list[tuple[int, float]] = []  # (entry index, left x) drawn in the part shown last
        self._textures: dict[tuple[str, str], arcade.Texture | None] = {}
        self.closed = False
        self._entries: tuple[TypeEntry, ...] | None = None
        self.extra_entries = extra_entries  # what the game's mods add beyond types (presentation.help_entries)

    @property
    def entries(self) -> tuple[TypeEntry, ...]:
        """The ruleset's unit, structure and upgrade types (the game's, or the base game's without one)."""
        if self._entries is None:
            rules = self.rules if self.rules is not None else _base_rules()
            self._entries = (*ruleset_entries(rules), *self.extra_entries)
        return self._entries

    def next_page(self) -> None:
        if self.page == 1 and self.types_part + 1 < self.types_parts:
            self.types_part += 1
            return
        self.types_part = 0
        self.page = (self.page + 1) % len(PAGES)

    def _texture(self, section: str, key: str) -> arcade.Texture | None:
        found = self._textures.get((section, key), False)
        if found is not False:
            return found  # type: ignore[return-value]
        path = asset_path(section, key)
        texture = None
        if path is not None:
            try:
                texture = arcade.load_texture(path)
            except Exception:
                texture = None
        self._textures[(section, key)] = texture
        return texture

    def panel(self) -> tuple[float, float, float, float]:
        width, height = window_size(self)
        return 30.0, 30.0, width - 60, height - 60

    def on_draw(self) -> None:
        draw_backdrop(self, self.underlay, 200)
        self.draw_content()
        finish_frame(self)

    def draw_content(self) -> None:
        left, bottom, w, h = self.panel()
        draw_panel(left, bottom, w, h)
        top = bottom + h
        title = ("Forces of Conquest — how to play", "Units and structures in this game",
                 "Movement costs: MP to enter each terrain")[self.page]
        if self.page == 1 and self.types_parts > 1:
            title += f" ({self.types_part + 1}/{self.types_parts})"
        self.texts.draw("title", title, left + 24, top - 36, TEXT, 18, bold=True)
        button = self.close_button
        button.left, button.bottom = left + w - button.width - 20, bottom + 16
        button.draw(self.texts)
        pager = self.page_button
        if self.page == 1:
            self._draw_types(left + 24, top - 72, w - 48, bottom + 64)
        more = self.page == 1 and self.types_part + 1 < self.types_parts
        pager.label = "More units and structures ▸ [Tab]" if more else PAGE_BUTTONS[self.page]
        pager.left, pager.bottom = left + 20, bottom + 16
        pager.draw(self.texts, 12)
        if self.page == 1:
            return
        if self.page == 2:
            self._draw_movement(left + 24, top - 80, w - 48)
            return
        inner = w - 48 - 40
        widths = (inner * 0.49, inner * 0.31, inner * 0.20)
        rules_x = left + 24
        symbols_x = rules_x + widths[0] + 20
        keys_x = symbols_x + widths[1] + 20
        for x in (symbols_x - 10, keys_x - 10):
            arcade.draw_line(x, bottom + 60, x, top - 56, PANEL_EDGE, 1)
        self._draw_rules(rules_x, top - 72, widths[0])
        self._draw_symbols(symbols_x, top - 72, widths[1])
        self._draw_hotkeys(keys_x, top - 72, widths[2])

    def _icon(self, entry: TypeEntry) -> arcade.Texture | None:
        assets = self.assets
        if assets is None:
            window = getattr(self, "window", None)
            assets = getattr(window, "assets", None)
        if assets is not None and entry.section in ("units", "structures", "upgrades"):
            return assets.unit(entry.key) if entry.section == "units" else assets.structure(entry.key)
        return self._texture(entry.section if entry.section != "upgrades" else "structures", entry.key)

    def _draw_types(self, x: float, y: float, width: float, floor: float) -> None:
        """Every type of the ruleset, flowing down three columns a part: picture, name, numbers, description.
        Columns past the third go to the next part (many mods' types and entries), never off the panel."""
        columns = 3
        gap = 24
        column = (width - gap * (columns - 1)) / columns
        tint = seat_color(1)
        top = y
        index = 0  # the column in the whole flow; part = index // columns
        self.types_drawn = []

        def left_of(i: int) -> float:
            return x + (i % columns) * (column + gap)

        section = ""
        for n, entry in enumerate(self.entries):
            if entry.section != section:
                if y != top:
                    y -= 10  # room above a section title
                if y - 60 < floor:
                    index, y = index + 1, top
                section = entry.section
                show = index // columns == self.types_part
                self.texts.draw(f"t:h:{n}", SECTION_TITLES.get(section, section.title()), left_of(index), y, ACCENT,
                                14, bold=True, show=show)
                y -= 24
            if y - 44 < floor:
                index, y = index + 1, top
            left = left_of(index)
            show = index // columns == self.types_part
            texture = self._icon(entry) if show else None
            if texture is not None:
                arcade.draw_texture_rect(texture, arcade.XYWH(left + 14, y - 10, 28, 28),
                                         color=arcade.types.Color(*tint))
            if show:
                self.types_drawn.append((n, left))
            self.texts.draw(f"t:{n}:n", entry.name, left + 36, y - 4, TEXT, 11, bold=True, show=show)
            body = self.texts.draw(f"t:{n}:b", entry.numbers, left + 36, y - 10, DIM, 9, anchor_y="top",
                                   width=int(column - 40), multiline=True, show=show)
            y -= 14 + body.content_height
            if entry.description:
                about = entry.description if len(entry.description) <= 150 else entry.description[:148] + "…"
                text = self.texts.draw(f"t:{n}:d", about, left + 36, y, TEXT, 9, anchor_y="top",
                                       width=int(column - 40), multiline=True, show=show)
                y -= text.content_height
            y -= 12
        self.types_parts = index // columns + 1

    def _draw_rules(self, x: float, y: float, width: float) -> None:
        self.texts.draw("h:rules", "The rules in brief", x, y, ACCENT, 14, bold=True)
        y -= 22
        for n, brief in enumerate(rules_brief(self.rules)):
            self.texts.draw(f"r:{n}:t", brief.title, x, y, TEXT, 10, bold=True)  # rule ids: for developers only
            y -= 4
            body = self.texts.draw(f"r:{n}:b", brief.text, x, y, DIM, 9.5, anchor_y="top", width=int(width),
                                   multiline=True)
            y -= body.content_height + 13  # room for the next title's capitals

    def _draw_movement(self, x: float, y: float, width: float) -> None:
        """Terrain by unit type, from the ruleset (never restated here); '—' where a unit cannot go."""
        table = movement_table(self.rules or _base_rules())
        first = 150.0
        column = min(110.0, (width - first) / max(1, len(table.units)))
        for i, name in enumerate(table.units):
            self.texts.draw(f"m:h:{i}", name, x + first + column * (i + 0.5), y, ACCENT, 11, bold=True,
                            anchor_x="center")
        y -= 10
        arcade.draw_line(x, y, x + first + column * len(table.units), y, PANEL_EDGE, 1)
        for r, (terrain, costs) in enumerate(table.rows):
            y -= 22
            self.texts.draw(f"m:{r}:t", terrain, x, y, TEXT, 11)
            for i, cost in enumerate(costs):
                self.texts.draw(f"m:{r}:{i}", "—" if cost is None else f"{cost} MP", x + first + column * (i + 0.5),
                                y, DIM if cost is None else TEXT, 11, anchor_x="center")
        y -= 34
        for n, note in enumerate(table.notes):
            body = self.texts.draw(f"m:n:{n}", note, x, y, DIM, 10, anchor_y="top", width=int(width), multiline=True)
            y -= body.content_height + 6

    def _draw_symbols(self, x: float, y: float, width: float) -> None:
        self.texts.draw("h:symbols", "On the map", x, y, ACCENT, 14, bold=True)
        y -= 26
        tint = seat_color(1)
        terrain_colors = manifest().get("terrain_colors", {})
        for n, symbol in enumerate(symbols(self.rules)):
            texture = self._texture(symbol.section, symbol.key)
            box = arcade.XYWH(x + 9, y + 4, 18, 18)
            if texture is not None:
                if symbol.section in TINTED and symbol.key != "rogue":
                    arcade.draw_texture_rect(texture, box, color=arcade.types.Color(*tint))
                else:
                    arcade.draw_texture_rect(texture, box)
            elif symbol.section == "terrain":
                arcade.draw_rect_filled(box, hex_color(terrain_colors.get(symbol.key, "#808080")))
            self.texts.draw(f"s:{n}", symbol.meaning, x + 26, y, TEXT, 10)
            y -= 20

    def _draw_hotkeys(self, x: float, y: float, width: float) -> None:
        self.texts.draw("h:keys", "Hotkeys", x, y, ACCENT, 14, bold=True)
        y -= 24
        for n, hotkey in enumerate(HOTKEYS):
            self.texts.draw(f"k:{n}:k", hotkey.keys, x, y, TEXT, 10, bold=True)
            self.texts.draw(f"k:{n}:a", hotkey.action, x, y - 14, DIM, 10)
            y -= 33
        y -= 10
        self.texts.draw("h:tips", "Tips", x, y, ACCENT, 14, bold=True)
        tips = ("Hover over anything in the side panel for a tooltip.",
                "Before ending your turn, check the upkeep forecast in the panel.",
                "After your turn, the summary shows what you missed.")
        y -= 10
        for n, tip in enumerate(tips):
            body = self.texts.draw(f"tip:{n}", tip, x, y, DIM, 10, anchor_y="top", width=int(width), multiline=True)
            y -= body.content_height + 4

    def _close(self) -> None:
        if not self.closed:
            self.closed = True
            self.close_cb()

    def on_mouse_motion(self, x: float, y: float, dx: float, dy: float) -> None:
        self.close_button.hover = self.close_button.contains(x, y)
        self.page_button.hover = self.page_button.contains(x, y)

    def on_mouse_press(self, x: float, y: float, button: int, modifiers: int) -> bool:
        if self.close_button.click(x, y) or self.page_button.click(x, y):
            return True
        left, bottom, w, h = self.panel()
        if not (left <= x <= left + w and bottom <= y <= bottom + h):
            self._close()
        return True

    def on_key_press(self, symbol: int, modifiers: int) -> bool:
        if symbol in (arcade.key.F1, arcade.key.ESCAPE):
            self._close()
        elif symbol in (arcade.key.TAB, arcade.key.PAGEDOWN, arcade.key.PAGEUP):
            self.next_page()
        return True
