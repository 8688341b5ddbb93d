"""The map editor's screens (E8): a start screen (new map or open one) and the editor (map on the left, tools on
the right). Every edit is a call on `game.map_editor.MapDocument`; this module only draws and routes the mouse."""

from __future__ import annotations

import colorsys
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

import arcade

from game.map_editor import (
    BRUSH_SIZES,
    MAX_SIDE,
    MIN_SIDE,
    PLAYER_COUNTS,
    SHAPES,
    EditError,
    MapDocument,
    Problem,
    user_maps,
)
from game.maps import map_files
from game.ui import theme
from game.ui.camera import MapCamera
from game.ui.layouts import layout_for
from game.ui.map_canvas import screenful
from game.ui.map_renderer import HALF_BELOW, TerrainRenderer
from game.ui.overlays import Overlays
from game.ui.scene import Scene
from game.ui.theme import Color
from game.ui.views.base import BaseView
from game.ui.widgets import Button, Label, UiLayer, inside
from systems.board import HEX, REGIONS, SQUARE4, SQUARE8

if TYPE_CHECKING:  # the window shows the views; they only name its type
    from game.ui.client_window import ClientWindow as GameWindow

SHAPE_NAMES = {SQUARE4: "Squares", SQUARE8: "Squares + diagonals", HEX: "Hexes", REGIONS: "Regions"}
SHAPE_BUTTONS = {SQUARE4: ("Squares", "Squares that touch on their 4 sides"),
                 SQUARE8: ("Squares (8)", "Squares that touch on 8 sides: corners too"),
                 HEX: ("Hexes", "Hexagons in staggered rows")}
TOOLS = (("paint", "Paint", "Paint with the brush (drag to paint a stroke)"),
         ("fill", "Fill", "Fill the patch of one terrain under the click"),
         ("rect", "Rect", "Drag a rectangle of the terrain"),
         ("select", "Select", "Drag a selection for mirror and rotate; right-click clears it"),
         ("zone", "Zone", "Paint the chosen seat's start zone with the brush"))
TRANSFORM_BUTTONS = (("mirror_lr", "Mirror ⇆", "Mirror left-right"), ("mirror_tb", "Mirror ⇅", "Mirror top-bottom"),
                     ("rotate_180", "Turn 180", "Half a turn"), ("rotate_90", "Turn 90", "A quarter turn clockwise"))
TERRAIN_COLUMNS = 2
PROBLEM_ROWS = 6
ROW = 30  # button height in the tool panel


def editor_terrain(window: GameWindow, ruleset: str = "base") -> tuple[str, ...]:
    """Every terrain of the ruleset with the window's mods (E8.2: mods' terrains too)."""
    return editor_rules(window, ruleset)[0]


def editor_rules(window: GameWindow, ruleset: str = "base") -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(terrain ids, mods): the ruleset with the window's mods; the ruleset alone if a mod cannot load."""
    from game.content import load_app

    mods = tuple(window.mods) if ruleset == "base" else ()
    try:
        return tuple(load_app(ruleset, list(mods)).rules.terrain), mods
    except Exception:  # a broken mod must not close the editor; the base terrains remain
        return tuple(load_app(ruleset).rules.terrain), ()


def openable_maps() -> list[tuple[Path, str]]:
    """(path, ruleset) of every shipped map of every installed ruleset, then the user's saved maps."""
    from game.content import maps_folder, rulesets

    out: list[tuple[Path, str]] = []
    for ruleset in sorted(rulesets(), key=lambda r: (r != "base", r)):
        folder = maps_folder(ruleset)
        if folder is not None and folder.is_dir():
            out += [(path, ruleset) for path in map_files(folder)]
    return out + [(path, "base") for path in user_maps()]


class TextField:
    """A one-line name on a button: click it, then type (the only keyboard use; a default name is always set)."""

    def __init__(self, ui: UiLayer, rect: tuple[float, float, float, float], text: str, tooltip: str) -> None:
        self.text = text
        self.focused = False
        self.button = ui.button(rect, on_click=self.focus, tooltip=tooltip)
        self.refresh()

    def focus(self) -> None:
        self.focused = True
        self.refresh()

    def refresh(self) -> None:
        self.button.configure(self.text + ("▏" if self.focused else ""), "" if self.focused else "✎",
                              on_click=self.focus, tooltip=self.button.tooltip, selected=self.focused)

    def type(self, text: str) -> None:
        if self.focused and text.isprintable():
            self.text = (self.text + text)[:40]
            self.refresh()

    def key(self, symbol: int) -> bool:
        """Backspace, Enter and Esc while focused; True when the key was the field's."""
        if not self.focused:
            return False
        if symbol == arcade.key.BACKSPACE:
            self.text = self.text[:-1]
        elif symbol in (arcade.key.RETURN, arcade.key.ENTER, arcade.key.ESCAPE, arcade.key.TAB):
            self.focused = False
        else:
            return symbol not in (arcade.key.LCTRL, arcade.key.RCTRL)
        self.refresh()
        return True


class EditorStartView(BaseView):
    """New map (name, width and height 8..256, shape, fill terrain) or open a shipped or saved one (E8.1)."""

    PAGE = 11

    def __init__(self, window: GameWindow) -> None:
        super().__init__(window)
        self.terrain_ids, self.mods = editor_rules(window)
        self.width_cells, self.height_cells = 32, 32
        self.shape = SQUARE4
        self.fill = "plain" if "plain" in self.terrain_ids else self.terrain_ids[0]
        self.maps = openable_maps()
        self.page = 0
        self.mouse = (0.0, 0.0)
        self._build()

    def _build(self, status: str = "") -> None:
        window, assets = self.app, self.app.assets
        self.ui = UiLayer(assets)
        self.labels: list[Label] = []
        top = window.height - 60
        self.ui.rect_sprite((40, 30, 560, window.height - 60), theme.SECTION_BG)
        self.ui.rect_sprite((640, 30, window.width - 680, window.height - 60), theme.SECTION_BG)
        self._label(60, top - 10, "Map editor", 22, bold=True, font=theme.TITLE_FONT)
        self._label(60, top - 50, "New map", 15, bold=True)
        self._label(60, top - 84, "Name", 11, theme.TEXT_DIM)
        old = getattr(self, "name_field", None)
        self.name_field = TextField(self.ui, (160, top - 98, 400, ROW), old.text if old else self._default_name(),
                                    "Click, then type a name")
        for row, (label, attr) in enumerate((("Width", "width_cells"), ("Height", "height_cells"))):
            y = top - 140 - row * 40
            self._label(60, y + 10, label, 11, theme.TEXT_DIM)
            for i, step in enumerate((-8, -1)):
                self.ui.button((160 + i * 52, y, 48, ROW), on_click=partial(self._resize, attr, step)).configure(
                    f"{step}", on_click=partial(self._resize, attr, step))
            self._label(296, y + 8, str(getattr(self, attr)), 13, bold=True, anchor_x="center")
            for i, step in enumerate((1, 8)):
                self.ui.button((336 + i * 52, y, 48, ROW)).configure(f"+{step}", on_click=partial(self._resize,
                                                                                                   attr, step))
        self._label(460, top - 120, f"{MIN_SIDE} to {MAX_SIDE} a side", 10, theme.TEXT_DIM)
        self._label(60, top - 210, "Shape", 11, theme.TEXT_DIM)
        for i, shape in enumerate(SHAPES):
            self.ui.button((160 + i * 134, top - 222, 128, ROW)).configure(
                SHAPE_BUTTONS[shape][0], on_click=partial(self._set, "shape", shape), selected=shape == self.shape,
                tooltip=SHAPE_BUTTONS[shape][1])
        self._label(60, top - 250, "Fill", 11, theme.TEXT_DIM)
        for i, tid in enumerate(self.terrain_ids):
            row, column = divmod(i, 3)
            self.ui.button((160 + column * 134, top - 262 - row * 34, 128, ROW)).configure(
                tid.replace("_", " "), on_click=partial(self._set, "fill", tid), selected=tid == self.fill,
                icon=assets.texture("terrain", tid))
        create_y = top - 262 - ((len(self.terrain_ids) + 2) // 3) * 34 - 20
        self.create_button = self.ui.button((160, create_y, 260, 40))
        self.create_button.configure("Create map", on_click=self.create, primary=True)
        # open
        self._label(660, top - 50, "Open a map", 15, bold=True)
        self._label(660, top - 76, "Shipped maps, then yours (✎)", 10, theme.TEXT_DIM)  # fits a narrow window
        shown = self.maps[self.page * self.PAGE:(self.page + 1) * self.PAGE]
        self.open_buttons: list[Button] = []
        for i, (path, ruleset) in enumerate(shown):
            mine = ruleset == "base" and path.parent != _shipped_folder()
            label = f"{path.stem.replace('_', ' ')}{' ✎' if mine else ''}"
            note = "" if ruleset == "base" else ruleset
            button = self.ui.button((660, top - 120 - i * 36, window.width - 720, 32))
            tip = str(path) if mine else f"Saving never changes a shipped map (a copy goes to your maps)\n{path}"
            button.configure(label, note, on_click=partial(self.open, path, ruleset), tooltip=tip)
            self.open_buttons.append(button)
        pages = max(1, -(-len(self.maps) // self.PAGE))
        if pages > 1:
            self.ui.button((660, 40, 100, 32)).configure("◀ Back", on_click=partial(self._page, -1),
                                                         enabled=self.page > 0)
            self.ui.button((770, 40, 100, 32)).configure("More ▶", on_click=partial(self._page, 1),
                                                         enabled=self.page < pages - 1)
        self.status = Label(self.ui, 60, 86, status, 11, theme.TEXT_BAD, width=520)
        self.ui.button((60, 40, 140, 36)).configure("Main menu", on_click=self.app.show_main_menu)

    def on_resize(self, width: int, height: int) -> None:
        """Lay the screen out again for the new window size (the name typed and the message stay)."""
        focused = self.name_field.focused
        self._build(self.status.text)
        self.name_field.focused = focused
        self.name_field.refresh()

    def _label(self, *args: object, **kwargs: object) -> Label:
        """A label kept alive with the screen (a dropped Text leaves the batch)."""
        label = Label(self.ui, *args, **kwargs)  # type: ignore[arg-type]
        self.labels.append(label)
        return label

    def _default_name(self) -> str:
        taken = {p.stem for p in user_maps()}
        n = 1
        while f"my_map_{n}" in taken:
            n += 1
        return f"My map {n}"

    def _resize(self, attr: str, step: int) -> None:
        setattr(self, attr, max(MIN_SIDE, min(MAX_SIDE, getattr(self, attr) + step)))
        self._build()

    def _set(self, attr: str, value: str) -> None:
        setattr(self, attr, value)
        self._build()

    def _page(self, step: int) -> None:
        self.page += step
        self._build()

    def create(self) -> None:
        try:
            doc = MapDocument.new(self.name_field.text, self.width_cells, self.height_cells, self.fill, self.shape,
                                  self.terrain_ids, mods=self.mods)
        except EditError as exc:
            self._build(str(exc))
            return
        self.window.show_view(EditorView(self.app, doc))

    def open(self, path: Path, ruleset: str) -> None:
        from game.maps import MapError

        ids, mods = (self.terrain_ids, self.mods) if ruleset == "base" else editor_rules(self.app, ruleset)
        try:
            doc = MapDocument.open(path, ids, ruleset, mods)
        except MapError as exc:  # named file and field; the editor stays on this screen
            self._build(f"Cannot open {path.name}: {exc.errors[0]}")
            return
        self.window.show_view(EditorView(self.app, doc))

    # ----- input
    def on_mouse_motion(self, x: int, y: int, dx: int, dy: int) -> None:
        self.mouse = (x, y)
        self.ui.hover(x, y)

    def on_mouse_press(self, x: int, y: int, button: int, modifiers: int) -> None:
        if self.name_field.focused and not self.name_field.button.contains(x, y):
            self.name_field.focused = False
            self.name_field.refresh()
        self.ui.press(x, y)

    def on_text(self, text: str) -> None:
        self.name_field.type(text)

    def on_key_press(self, symbol: int, modifiers: int) -> None:
        if self.name_field.key(symbol):
            return
        if symbol == arcade.key.ESCAPE:
            self.app.show_main_menu()

    def quiet(self) -> bool:
        """Only input changes this screen (and input always wakes the window)."""
        return True

    def draw(self) -> None:
        self.clear()
        self.ui.draw()
        tip = self.ui.tooltip_at(*self.mouse)
        self.ui.tooltip.show(tip, self.mouse[0], self.mouse[1], (self.window.width, self.window.height), right=True)
        self.ui.tooltip.draw()


def _shipped_folder() -> Path | None:
    from game.content import maps_folder

    return maps_folder("base")


class EditorView(BaseView):
    """The map on the left (scroll: right or middle drag, wheel zooms), the tools on the right (E8.2-E8.5)."""

    def __init__(self, window: GameWindow, doc: MapDocument) -> None:
        super().__init__(window)
        self.doc = doc
        self.tool = "paint" if doc.editable else "select"
        self.brush_size = 1
        self.terrain = next((t for t in ("forest", *doc.terrain_ids) if t in doc.terrain_ids), doc.terrain[0])
        self.players = min(doc.counts) if doc.counts else 2
        self.seat = 1
        self.erase = False
        self.selection: set[int] = set()
        self.anchor: int | None = None  # where a rectangle or selection drag began
        self.drag_to: int | None = None
        self.painting = False
        self.panning = False
        self.hover: int | None = None
        self.focus: tuple[int, ...] = ()  # the cells of the problem clicked last
        self.mouse = (0.0, 0.0)
        self.message = doc.why_not_editable()
        self.message_color: Color = theme.TEXT_WARN
        self.saved_revision: int | None = None
        self.saved_path: Path | None = None
        self.leaving = False  # Menu was clicked once with unsaved edits
        self.changed = True  # something new to draw (input always wakes the window besides)
        self._build_map()
        self._build_panel()
        self._seen_revision = -1

    # ----- the map
    def _build_map(self) -> None:
        from systems.board import make_board

        window, doc = self.app, self.doc
        self.board = make_board(doc.width, doc.height, doc.topology)
        self.grid = layout_for(self.board)
        self.camera = MapCamera((0, 0, window.width - theme.PANEL_WIDTH, window.height), self.grid,
                                bottom_inset=28)
        self.overlays = Overlays(self.grid, window.assets)
        self.scene = Scene(self.grid.width, self.grid.height, doc.terrain)
        self.renderer: TerrainRenderer | None = None
        self.regions: arcade.shape_list.ShapeElementList[arcade.shape_list.Shape] | None = None
        if doc.kind == REGIONS:  # drawn as polygons coloured by cluster, with their links (no tiles to bake)
            self.regions = arcade.shape_list.ShapeElementList()
            regions = self.board.regions  # type: ignore[attr-defined]
            clusters = sorted({r.cluster for r in regions})
            for a, b in self.board.links():  # type: ignore[attr-defined]
                (ax, ay), (bx, by) = self.grid.center(a), self.grid.center(b)
                self.regions.append(arcade.shape_list.create_line(ax, ay, bx, by, (220, 225, 240, 160), 2))
            for t, region in enumerate(regions):
                hue = (clusters.index(region.cluster) * 0.618034) % 1.0  # golden-ratio steps: neighbours differ
                red, green, blue = colorsys.hsv_to_rgb(hue, 0.45, 0.62)
                color = (int(red * 255), int(green * 255), int(blue * 255), 255)
                self.regions.append(arcade.shape_list.create_polygon(self.grid.outline(t), color))
                self.regions.append(arcade.shape_list.create_line_loop(self.grid.outline(t), (20, 22, 28, 255), 2))
            self.camera.zoom_at(self.camera.viewport[2] / 2, self.camera.viewport[3] / 2, 0.01)  # all of it
        else:
            self.renderer = self._new_renderer()

    def _new_renderer(self) -> TerrainRenderer:
        """Baked terrain for a screenful around the view (memory as in a game)."""
        window = self.app
        view = (window.width - theme.PANEL_WIDTH, window.height)
        renderer = TerrainRenderer(window.assets, self.grid, self.scene, {},
                                   capacity=screenful(*view, HALF_BELOW) + 4,
                                   half_capacity=screenful(*view, theme.MIN_ZOOM) + 8)
        renderer.bake_all(self.camera.position)
        return renderer

    def _sync_map(self, changed: list[int] | None = None) -> None:
        """After an edit: the changed cells re-baked, zones and problems redrawn."""
        doc = self.doc
        self.scene.terrain = tuple(doc.terrain)
        if changed is None or len(changed) > len(doc.terrain) // 8:  # most of the map: bake the view afresh
            if self.renderer is not None:
                self.renderer.release()
                self.renderer = self._new_renderer()
                self.changed = True
        elif changed:
            self.scene.dirty.update(changed)
        self._zone_cells()

    def _zone_cells(self) -> None:
        if not self.doc.editable:  # a region map: every seat may start anywhere, nothing to show
            return
        palette = self.app.assets.palette
        colors: dict[int, Color] = {}
        for seat, zone in sorted(self.doc.zones.get(self.players, {}).items()):
            color = palette[(seat - 1) % len(palette)][1]
            for cell in zone:
                colors[cell] = (*color[:3], 120 if cell not in colors else 200)
        self.overlays.set_cells(colors)

    # ----- the panel
    def _build_panel(self) -> None:
        window, doc, assets = self.app, self.doc, self.app.assets
        self.ui = UiLayer(assets)
        left = window.width - theme.PANEL_WIDTH
        width = theme.PANEL_WIDTH - 2 * theme.PAD
        x0 = left + theme.PAD
        self.ui.rect_sprite((left, 0, theme.PANEL_WIDTH, window.height), theme.PANEL_BG)
        self.ui.rect_sprite((0, 0, left, 26), (16, 18, 24, 235))
        y = window.height - 30
        self.name_field = TextField(self.ui, (x0, y - 4, width, 28), doc.name, "The map's name: click, then type")
        y -= 22
        self.facts = Label(self.ui, x0, y, "", 9, theme.TEXT_DIM)
        self.buttons: dict[str, Button] = {}

        def row(items: list[tuple[str, str, str, Callable[[], None]]], height: float = ROW,
                columns: int = 0) -> None:
            nonlocal y
            y -= height + 4
            step = (width + 4) / (columns or len(items))
            for i, (key, _text, tip, action) in enumerate(items):
                button = self.ui.button((x0 + i * step, y, step - 4, height), tooltip=tip, fit=True)
                button.tag = action
                self.buttons[key] = button

        row([(f"tool:{k}", t, tip, partial(self.set_tool, k)) for k, t, tip in TOOLS])
        row([(f"brush:{n}", "1" if n == 1 else f"{n}×{n}", f"Brush {n}", partial(self.set_brush, n))
             for n in BRUSH_SIZES] + [("undo", "Undo", "Undo (Ctrl+Z)", self.undo),
                                      ("redo", "Redo", "Redo (Ctrl+Y)", self.redo)])
        ids = list(doc.terrain_ids)
        for start in range(0, len(ids), TERRAIN_COLUMNS):
            row([(f"terrain:{t}", t.replace("_", " "), f"Paint {t.replace('_', ' ')}", partial(self.set_terrain, t))
                 for t in ids[start:start + TERRAIN_COLUMNS]], columns=TERRAIN_COLUMNS)
        y -= 4
        row([(f"transform:{k}", t, tip + " (the selection's copy, else the whole map)", partial(self.transform, k))
             for k, t, tip in TRANSFORM_BUTTONS])
        y -= 4
        # tabs: which player count's start zones are edited; the one tick box: offer the map for that count
        row([(f"players:{n}", f"{n} players", f"Edit the start zones for {n} players", partial(self.set_players, n))
             for n in PLAYER_COUNTS] + [("tick", "Offer", "Offer this map for this many players", self.toggle_tick)])
        row([(f"seat:{s}", f"Seat {s}", f"Paint seat {s}'s start zone", partial(self.set_seat, s))
             for s in range(1, 5)] + [("erase", "Erase", "Erase start zones with the brush", self.toggle_erase)])
        y -= 16
        self.fair_label = Label(self.ui, x0, y, "", 9, theme.TEXT_DIM, width=int(width))
        y -= 30  # room for its second line
        self.problem_buttons: list[Button] = []
        for _ in range(PROBLEM_ROWS):  # each problem on two lines (label and note), the whole text in its tooltip
            y -= 36
            button = self.ui.button((x0, y, width, 34), fit=True, stacked=True)
            self.problem_buttons.append(button)
        self.more_label = Label(self.ui, x0, y - 14, "", 9, theme.TEXT_DIM)
        third = (width + 4) / 3
        self.buttons["save"] = self.ui.button((x0, 10, third - 4, 36))
        self.buttons["play"] = self.ui.button((x0 + third, 10, third - 4, 36))
        self.buttons["menu"] = self.ui.button((x0 + 2 * third, 10, third - 4, 36))
        self.status = Label(self.ui, 8, 8, "", 10, theme.TEXT)
        self.refresh_panel()

    def refresh_panel(self) -> None:
        """Every button's state from the document and the tool choices (cheap; called after each action)."""
        doc, editable = self.doc, self.doc.editable
        locked = doc.why_not_editable()
        self.name_field.text = self.name_field.text if self.name_field.focused else doc.name
        self.name_field.refresh()
        self.facts.set(f"{doc.width}×{doc.height} · {SHAPE_NAMES.get(doc.kind, doc.kind)}"
                       if doc.kind != REGIONS else f"{len(doc.terrain)} regions · view only")
        for key, button in self.buttons.items():
            kind, _, arg = key.partition(":")
            action = button.tag if callable(button.tag) else None
            if kind == "tool":
                button.configure(dict((k, t) for k, t, _ in TOOLS)[arg], on_click=action,
                                 selected=self.tool == arg, enabled=editable, tooltip=locked or button.tooltip)
            elif kind == "brush":
                button.configure("1" if arg == "1" else f"{arg}×{arg}", on_click=action,
                                 selected=self.brush_size == int(arg), enabled=editable, tooltip=button.tooltip)
            elif kind == "undo":
                button.configure("Undo", on_click=action, enabled=doc.can_undo, tooltip=button.tooltip)
            elif kind == "redo":
                button.configure("Redo", on_click=action, enabled=doc.can_redo, tooltip=button.tooltip)
            elif kind == "terrain":
                button.configure(arg.replace("_", " "), on_click=action, selected=self.terrain == arg,
                                 enabled=editable, tooltip=button.tooltip,
                                 icon=self._terrain_icon(arg)[0], icon_color=self._terrain_icon(arg)[1])
            elif kind == "transform":
                text = dict((k, t) for k, t, _ in TRANSFORM_BUTTONS)[arg]
                allowed = editable and not (arg == "rotate_90" and doc.kind == HEX)
                why = "Hex maps turn by 180°" if arg == "rotate_90" and doc.kind == HEX else locked
                button.configure(text, on_click=action, enabled=allowed, tooltip=why or button.tooltip)
            elif kind == "players":  # a tab (the count whose zones are edited), never a tick box
                offered = " (offered)" if int(arg) in doc.counts else " (not offered)"
                button.configure(f"{arg} players", on_click=action, shorter=(f"{arg}p",),
                                 selected=self.players == int(arg), enabled=editable,
                                 tooltip=f"Edit the start zones for {arg} players{offered}")
            elif kind == "tick":  # the one tick box: offer the map for the count being edited
                on = self.players in doc.counts
                button.configure(f"{'☑' if on else '☐'} Offer", on_click=action, primary=False, selected=False,
                                 enabled=editable, tooltip=f"{'Stop offering' if on else 'Offer'} this map for "
                                 f"{self.players} players")
            elif kind == "seat":
                seat = int(arg)
                color = self.app.assets.palette[(seat - 1) % len(self.app.assets.palette)][1]
                button.configure(f"{seat}", on_click=action, enabled=editable and seat <= self.players,
                                 selected=self.tool == "zone" and self.seat == seat and not self.erase,
                                 icon=self.app.assets.white(), icon_color=color, tooltip=button.tooltip)
            elif kind == "erase":
                button.configure("Erase", on_click=action, enabled=editable,
                                 selected=self.tool == "zone" and self.erase, tooltip=button.tooltip)
            elif kind == "save":
                errors = doc.errors()
                why = locked or (f"Fix first: {errors[0].text}" if errors else "")
                button.configure("Save", on_click=self.save_now, enabled=not why, primary=not why,
                                 tooltip=why or "Save to your map folder (the new-game screen lists it)")
            elif kind == "play":
                why = locked or (f"Fix first: {doc.errors()[0].text}" if doc.errors() else "")
                button.configure("Play", on_click=self.play, enabled=not why,
                                 tooltip=why or "Save, then start a game on this map")
            elif kind == "menu":
                button.configure("Menu", on_click=self.leave, tooltip="Back to the main menu (unsaved changes are lost)")
        self._refresh_checks()

    def _terrain_icon(self, terrain: str) -> tuple[arcade.Texture, Color]:
        """The terrain's art, or a swatch of its map colour for a terrain without art (a data-only mod's)."""
        assets = self.app.assets
        path = assets.path("terrain", terrain)
        if path is not None and path.is_file():
            return assets.texture("terrain", terrain), theme.TEXT
        return assets.white(), (*assets.terrain_color(terrain), 255)

    def _refresh_checks(self) -> None:
        doc = self.doc
        problems = doc.problems()
        figures = doc.fairness_figures(self.players) if doc.editable else {}
        if figures and len(figures) == self.players:
            parts = " · ".join(f"{s}: {v:.0f}" for s, v in figures.items())
            low = min(figures.values())
            ratio = f" (×{max(figures.values()) / low:.2f})" if low > 0 else ""
            self.fair_label.set(f"Production within 4 steps, {self.players}p: {parts}{ratio}")
        elif doc.editable:
            self.fair_label.set(f"Production within 4 steps: paint every seat's zone for {self.players} players")
        else:
            self.fair_label.set("")
        for i, button in enumerate(self.problem_buttons):
            if i < len(problems):
                problem = problems[i]
                color = theme.TEXT_BAD if problem.severity == "error" else theme.TEXT_WARN
                mark = "✖" if problem.severity == "error" else "⚠"
                first, rest = two_lines(f"{mark} {problem.text}", button.rect[2] - 10, button.label.text_obj)
                button.configure(first, rest, on_click=partial(self.show_problem, problem),
                                 tooltip=problem.text + ("" if not problem.cells else "\nClick to look there."))
                button.label.set(button.label.text, color)
                button.note.set(button.note.text, color)
            elif i == 0 and doc.editable:
                button.configure("✔ No problems: ready to save and play", on_click=None, tooltip="")
                button.label.set(button.label.text, theme.TEXT_GOOD)
            else:
                button.show(False)
        extra = len(problems) - PROBLEM_ROWS
        self.more_label.set(f"and {extra} more" if extra > 0 else "")

    # ----- actions
    def _edit(self, action: Callable[[], object]) -> None:
        """Run one edit; a refusal shows its reason in the status bar."""
        try:
            changed = action()
        except EditError as exc:
            self.say(str(exc), theme.TEXT_BAD)
            return
        self._sync_map(changed if isinstance(changed, list) else [])

    def say(self, text: str, color: Color = theme.TEXT) -> None:
        self.message, self.message_color = text, color

    def set_tool(self, tool: str) -> None:
        self.tool = tool
        self.refresh_panel()

    def set_brush(self, size: int) -> None:
        self.brush_size = size
        self.refresh_panel()

    def set_terrain(self, terrain: str) -> None:
        self.terrain = terrain
        if self.tool in ("zone", "select"):
            self.tool = "paint"
        self.refresh_panel()

    def set_players(self, players: int) -> None:
        self.players = players
        self.seat = min(self.seat, players)
        self._zone_cells()
        self.refresh_panel()

    def set_seat(self, seat: int) -> None:
        self.seat, self.erase, self.tool = seat, False, "zone"
        self.refresh_panel()

    def toggle_erase(self) -> None:
        self.erase, self.tool = not (self.erase and self.tool == "zone"), "zone"
        self.refresh_panel()

    def toggle_tick(self) -> None:
        self._edit(lambda: self.doc.tick(self.players, self.players not in self.doc.counts))
        self.refresh_panel()

    def transform(self, kind: str) -> None:
        selection = sorted(self.selection) if self.selection else None
        self._edit(lambda: self.doc.transform(kind, selection))
        self._zone_cells()
        self.refresh_panel()

    def undo(self) -> None:
        self._sync_map(self.doc.undo())
        self.refresh_panel()

    def redo(self) -> None:
        self._sync_map(self.doc.redo())
        self.refresh_panel()

    def show_problem(self, problem: Problem) -> None:
        if problem.players is not None and problem.players != self.players:
            self.set_players(problem.players)
        self.focus = problem.cells
        if problem.cells:
            xs = [self.grid.center(c)[0] for c in problem.cells]
            ys = [self.grid.center(c)[1] for c in problem.cells]
            self.camera.set_position((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2)
        self.say(problem.text, theme.TEXT_BAD if problem.severity == "error" else theme.TEXT_WARN)

    def save_now(self) -> None:
        self.save()

    def save(self) -> Path | None:
        """Save to the user's map folder; the path, or None with the reason in the status bar."""
        self._take_name()
        try:
            path = self.doc.save()
        except EditError as exc:
            self.say(str(exc), theme.TEXT_BAD)
            self.refresh_panel()
            return None
        self.saved_path, self.saved_revision = path, self.doc.revision
        self.say(f"Saved {path.name} to your map folder ({path.parent}).", theme.TEXT_GOOD)
        self.refresh_panel()
        return path

    def play(self) -> None:
        """Save, then the new-game screen with this map chosen (seats and mods are picked there)."""
        path = self.save()
        if path is None:
            return
        self.app.show_new_game()
        setup = self.app.current_view
        chooser = getattr(setup, "choose_map_file", None)
        if chooser is not None and not chooser(str(path)):
            self.say(f"{path.name} was saved but the new-game screen could not list it.", theme.TEXT_BAD)

    @property
    def unsaved(self) -> bool:
        """Edited since opened or last saved (a region map, never edited, is never unsaved)."""
        return self.doc.revision != (self.saved_revision or 0)

    def leave(self) -> None:
        """Back to the main menu; with unsaved edits the first click only warns (a second one leaves)."""
        if self.unsaved and not self.leaving:
            self.leaving = True
            self.say("Unsaved changes: click Menu again to leave without saving, or Save first.", theme.TEXT_WARN)
            return
        self.release()
        self.app.show_main_menu()

    def release(self) -> None:
        if self.renderer is not None:
            self.renderer.release()

    def _take_name(self) -> None:
        if self.name_field.text.strip() and self.name_field.text.strip() != self.doc.name:
            self.doc.rename(self.name_field.text)
        self.name_field.focused = False

    # ----- the mouse on the map
    def _cells_under(self, cell: int) -> list[int]:
        return self.doc.brush(cell, self.brush_size) if self.doc.editable else [cell]

    def _apply_at(self, cell: int) -> None:
        doc = self.doc
        if self.tool == "paint":
            self._edit(lambda: doc.paint_brush(cell, self.brush_size, self.terrain))
        elif self.tool == "zone":
            cells = doc.brush(cell, self.brush_size)
            self._edit(lambda: doc.set_zone(self.players, self.seat, cells, on=not self.erase) and [])
            self._zone_cells()

    def on_mouse_press(self, x: int, y: int, button: int, modifiers: int) -> None:
        self.mouse = (x, y)
        if not self.buttons["menu"].contains(x, y):
            self.leaving = False  # the warning about unsaved edits is answered by anything else
        if self.name_field.focused and not self.name_field.button.contains(x, y):
            self._take_name()
            self.refresh_panel()
        if x >= self.app.width - theme.PANEL_WIDTH:
            self.ui.press(x, y)
            return
        if button in (arcade.MOUSE_BUTTON_RIGHT, arcade.MOUSE_BUTTON_MIDDLE):
            self.panning = True
            if button == arcade.MOUSE_BUTTON_RIGHT and self.selection:
                self.selection = set()
                self.overlays.set_outline(set())
            return
        cell = self.camera.territory_at(x, y)
        if cell is None or not self.doc.editable:
            return
        self.focus = ()
        if self.tool in ("paint", "zone"):
            self.doc.begin_stroke()
            self.painting = True
            self._apply_at(cell)
        elif self.tool == "fill":
            self._edit(lambda: self.doc.fill(cell, self.terrain))
        elif self.tool in ("rect", "select"):
            self.anchor = self.drag_to = cell
        self.refresh_panel()

    def on_mouse_drag(self, x: int, y: int, dx: int, dy: int, buttons: int, modifiers: int) -> None:
        self.mouse = (x, y)
        if self.panning:
            self.camera.pan_screen(-dx, -dy)
            return
        cell = self.camera.territory_at(x, y)
        self.hover = cell
        if cell is None:
            return
        if self.painting:
            self._apply_at(cell)
        elif self.anchor is not None:
            self.drag_to = cell

    def on_mouse_release(self, x: int, y: int, button: int, modifiers: int) -> None:
        if self.panning:
            self.panning = False
            return
        if self.painting:
            self.painting = False
            self.doc.end_stroke()
        elif self.anchor is not None:
            end = self.camera.territory_at(x, y)
            end = end if end is not None else self.drag_to
            anchor, self.anchor, self.drag_to = self.anchor, None, None
            if end is not None and self.tool == "rect":
                self._edit(lambda: self.doc.rectangle(anchor, end, self.terrain))
            elif end is not None:
                self.selection = set(self.doc.rectangle_cells(anchor, end))
                self.overlays.set_outline(self.selection, theme.REACH_OUTLINE)
                self.say(f"{len(self.selection)} cells selected: mirror or turn copies them across the map's "
                         "middle; right-click clears the selection.")
        self.refresh_panel()

    def on_mouse_motion(self, x: int, y: int, dx: int, dy: int) -> None:
        self.mouse = (x, y)
        self.ui.hover(x, y)
        self.hover = self.camera.territory_at(x, y)

    def on_mouse_scroll(self, x: int, y: int, scroll_x: float, scroll_y: float) -> None:
        if self.camera.contains(x, y) and scroll_y:
            self.camera.zoom_at(x, y, 1.15 ** scroll_y)

    def on_text(self, text: str) -> None:
        self.name_field.type(text)

    def on_key_press(self, symbol: int, modifiers: int) -> None:
        if self.name_field.key(symbol):
            if not self.name_field.focused:
                self._take_name()
                self.refresh_panel()
            return
        ctrl = modifiers & (arcade.key.MOD_CTRL | arcade.key.MOD_COMMAND)
        if ctrl and symbol == arcade.key.Z:
            self.undo()
        elif ctrl and symbol == arcade.key.Y:
            self.redo()
        elif ctrl and symbol == arcade.key.S:
            self.save()
        elif symbol == arcade.key.ESCAPE:
            if self.selection:
                self.selection = set()
                self.overlays.set_outline(set())
            else:
                self.leave()

    def on_update(self, delta_time: float) -> None:
        if self.renderer is not None:
            baked = self.renderer.refresh()
            if self.renderer.prefetch(self.camera.view_rect(), self.camera.zoom, every=1) or baked:
                self.changed = True

    def quiet(self) -> bool:
        """Nothing new to draw (the window then skips frames until the next input, see `GameWindow.draw`)."""
        return not self.changed

    # ----- drawing
    def _hover_text(self) -> str:
        cell, doc = self.hover, self.doc
        if cell is None:
            return self.message
        x, y = doc.coords(cell)
        where = f"column {x + 1}, row {y + 1}" if doc.kind != REGIONS else f"region {cell + 1}"
        seats = [s for s, zone in sorted(doc.zones.get(self.players, {}).items()) if cell in zone]
        zone = f" · start zone of seat {', '.join(map(str, seats))} ({self.players}p)" if seats else ""
        return f"{where} · {doc.terrain[cell].replace('_', ' ')}{zone}" + (f"   —   {self.message}"
                                                                          if self.message else "")

    def draw(self) -> None:
        self.clear()
        with self.camera.activate():
            if self.renderer is not None:
                self.renderer.draw(self.camera.view_rect(), self.camera.zoom)
            if self.regions is not None:
                self.regions.draw()
            self.overlays.draw_cells()
            self._draw_zone_outlines()
            self.overlays.draw_lines()
            if self.anchor is not None and self.drag_to is not None:
                self._draw_cells_outline(self.doc.rectangle_cells(self.anchor, self.drag_to), theme.SELECT_OUTLINE)
            elif self.hover is not None and self.doc.editable and self.tool in ("paint", "zone"):
                self._draw_cells_outline(self._cells_under(self.hover), theme.HOVER_OUTLINE)
            elif self.hover is not None:
                self._draw_cells_outline([self.hover], theme.HOVER_OUTLINE)
            if self.focus:
                self._draw_cells_outline(self.focus, theme.TEXT_BAD)
        self.ui.draw()
        self.status.set(self._hover_text(), self.message_color if self.hover is None else theme.TEXT)
        tip = self.ui.tooltip_at(*self.mouse)
        self.ui.tooltip.show(tip, self.mouse[0], self.mouse[1], (self.window.width, self.window.height))
        self.ui.tooltip.draw()
        self.changed = False

    def _draw_cells_outline(self, cells: list[int] | tuple[int, ...], color: Color) -> None:
        points = self.overlays.edges(tuple(cells))
        if points:
            arcade.draw_lines(points, (20, 20, 24, 200), 5)
            arcade.draw_lines(points, color, 2)

    def _draw_zone_outlines(self) -> None:
        if not self.doc.editable:
            return
        palette = self.app.assets.palette
        for seat, zone in sorted(self.doc.zones.get(self.players, {}).items()):
            points = self._zone_edges(seat, zone)
            if points:
                color = palette[(seat - 1) % len(palette)][1]
                arcade.draw_lines(points, (15, 15, 20, 220), 5)
                arcade.draw_lines(points, color, 3)

    def _zone_edges(self, seat: int, zone: set[int]) -> list[tuple[float, float]]:
        key = (self.doc.revision, self.players, seat)
        cache = self.__dict__.setdefault("_edge_cache", {})
        if key not in cache:
            if len(cache) > 16:
                cache.clear()
            cache[key] = self.overlays.edges(tuple(zone))
        return cache[key]  # type: ignore[no-any-return]

    def on_resize(self, width: int, height: int) -> None:
        """The map's part and the panel laid out again for the new window size; the view keeps its centre and zoom."""
        position, zoom = self.camera.position, self.camera.zoom
        self.camera = MapCamera((0, 0, width - theme.PANEL_WIDTH, height), self.grid, zoom, bottom_inset=28)
        self.camera.set_position(*position)
        if self.renderer is not None:  # its capacity is a screenful: bake for the new size
            self.renderer.release()
            self.renderer = self._new_renderer()
        typed = self.name_field
        self._build_panel()
        if typed.focused:  # a name being typed survives the new layout
            self.name_field.text, self.name_field.focused = typed.text, True
            self.name_field.refresh()
        self._refresh_checks()
        self.changed = True

    def on_hide_view(self) -> None:
        self.painting = False


def in_map(view: EditorView, x: float, y: float) -> bool:
    """True when a window point lies on the editor's map part (tests click there)."""
    return inside((0, 0, view.app.width - theme.PANEL_WIDTH, view.app.height), x, y)


def two_lines(text: str, width: float, measure: arcade.Text) -> tuple[str, str]:
    """`text` split at a word into a first line that fits `width` pixels (as `measure` draws) and the rest."""
    words = text.split(" ")
    first = words[0]
    saved = measure.text
    for i in range(1, len(words)):
        measure.text = f"{first} {words[i]}"
        if measure.content_width > width:
            measure.text = saved
            return first, " ".join(words[i:])
        first = measure.text
    measure.text = saved
    return first, ""
