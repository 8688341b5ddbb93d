"""New game: first the game (one button per installed ruleset), then its seats (name, colour with flag, human or
computer with difficulty, as many as the ruleset allows), its maps or its fixed board, a seed, the installed
mods that extend it (checkboxes; the description shows on hover) and the ruleset's options (game.content.options:
toggles, choices and numbers; the help line shows on hover)."""

from __future__ import annotations

import contextlib
import math
import random
from dataclasses import dataclass
from functools import cache, partial
from pathlib import Path
from typing import TYPE_CHECKING

import arcade
from PIL import Image, ImageDraw

from game.content.manifest import DEFAULT_RULESET, ModManifest
from game.content.options import OptionValue, RulesetOption
from game.maps import MapData
from game.ui import computer, theme
from game.ui import widgets as kit
from game.ui.assets import Assets
from game.ui.views.base import BaseView
from game.ui.widgets import gui

if TYPE_CHECKING:  # the window shows the views; they only name its type
    from game.ui.client_window import ClientWindow as GameWindow

RANDOM_SIZES = (("Small", 24), ("Medium", 48), ("Large", 96))
# loaded once per process: path (the user's maps: path, modification time, known terrain) -> map or the reason
_MAPS: dict[Path | tuple[Path, int, tuple[str, ...]], MapData | str] = {}
MAP_ROWS = 8  # map buttons in the list
MODS_PER_ROW = 4
MOD_HINT = "Mods add units, structures and rules; hover one to read about it."
OPTION_HINT = "Options change this game's rules; hover one to read what it does."
OPTIONS_PER_ROW = 3


@dataclass
class SeatConfig:
    """One seat as the player sets it up."""

    name: str
    color: int
    computer: bool = False
    difficulty: str = "normal"


@dataclass(frozen=True)
class GameInfo:
    """What the new-game screen needs of a ruleset: player counts, a fixed board (or maps), computer levels."""

    id: str
    name: str
    description: str
    players: tuple[int, ...]
    board: MapData | None  # the ruleset's one board; None when it plays on maps
    levels: tuple[str, ...]
    layout: str = "square"  # how the board's cells lie (game.presentation.Presentation.board_layout)


def installed_games() -> dict[str, ModManifest]:
    """Every installed ruleset (a whole game) by id, the default one first, then by name."""
    from game.content import DEFAULT_RULESET, rulesets

    try:
        found = {i: m for i, (m, _folder) in rulesets().items()}
    except Exception:  # an unreadable folder must not break the menu
        return {}
    return dict(sorted(found.items(), key=lambda pair: (pair[0] != DEFAULT_RULESET, pair[1].name.lower())))


@cache
def game_info(ruleset: str) -> GameInfo | str:
    """The ruleset loaded once per process (its App says which computer players it has), or why it cannot load."""
    from game.content import load_app
    from game.setup import board_map

    try:
        app = load_app(ruleset)
        rules = app.rules
        manifest = installed_games()[ruleset]
        low, high = rules.setup.min_players, rules.setup.max_players
        board = board_map(rules, low) if rules.board is not None else None
        from game.ai.players import player_kinds  # the ruleset's own kinds, then the engine's search

        levels = tuple(k for k in player_kinds(app) if k != "random") or computer.difficulties()
        return GameInfo(ruleset, manifest.name, manifest.description,
                        tuple(n for n in (2, 3, 4) if low <= n <= high) or (low,), board, levels,
                        app.presentation.board_layout)
    except Exception as exc:  # listed with the reason instead of crashing the menu
        return str(exc).splitlines()[0]


def shipped_maps(ruleset: str = DEFAULT_RULESET) -> list[tuple[Path, MapData | str]]:
    """The maps in a ruleset's folder (each loaded once per process), or why one cannot be read."""
    from game.maps import list_maps, load_map

    out = []
    for path in list_maps(ruleset=ruleset):
        if path not in _MAPS:
            try:
                _MAPS[path] = load_map(path)
            except Exception as exc:  # listed with the reason instead of crashing the menu
                _MAPS[path] = str(exc).splitlines()[0]
        out.append((path, _MAPS[path]))
    return out


@cache
def terrain_with(ruleset: str, mods: tuple[str, ...]) -> tuple[str, ...]:
    """The terrain ids of a ruleset with mods (the base game's when they cannot load: the start reports that)."""
    from game.content import load_app
    from game.maps import DEFAULT_TERRAIN_IDS

    try:
        return tuple(load_app(ruleset, list(mods)).rules.terrain)
    except Exception:  # a broken mod must not break the menu
        return DEFAULT_TERRAIN_IDS


def saved_maps(terrain: tuple[str, ...] | None = None) -> list[tuple[Path, MapData | str]]:
    """The maps in the user's map folder (the map editor saves there), read again when a file changed; `terrain`
    is what the chosen mods make known (a map painted with a mod's terrain is listed while that mod is ticked)."""
    from game.map_editor import user_maps
    from game.maps import DEFAULT_TERRAIN_IDS, load_map

    known = terrain or DEFAULT_TERRAIN_IDS
    out = []
    for path in user_maps():
        key = (path, path.stat().st_mtime_ns, known)
        if key not in _MAPS:
            try:
                _MAPS[key] = load_map(path, known)
            except Exception as exc:  # listed with the reason instead of crashing the menu
                _MAPS[key] = str(exc).splitlines()[0]
        out.append((path, _MAPS[key]))
    return out


def available_mods(ruleset: str) -> dict[str, ModManifest]:
    """The installed mods that extend `ruleset` (by id, sorted by name); the ruleset itself is always on."""
    from game.content.discover import installed_mods

    try:
        found = installed_mods()
    except Exception:  # an unreadable mod folder must not break the menu
        return {}
    return dict(sorted(((i, m) for i, m in found.items() if m.kind == "mod" and m.ruleset == ruleset),
                       key=lambda pair: pair[1].name.lower()))


def board_image(data: MapData, box: int, layout: str = "square") -> Image.Image:
    """A fixed board in miniature: its squares in two shades, like a chessboard; or its hexes."""
    if layout in ("hex_columns", "hex_rows"):
        return hex_board_image(data.width, data.height, box, layout == "hex_columns")
    scale = max(1, box // max(data.width, data.height))
    image = Image.new("RGB", (data.width * scale, data.height * scale))
    draw = ImageDraw.Draw(image)
    for y in range(data.height):
        for x in range(data.width):
            shade = (150, 108, 76) if (x + y) % 2 else (238, 216, 180)
            draw.rectangle((x * scale, y * scale, (x + 1) * scale - 1, (y + 1) * scale - 1), fill=shade)
    return image


def hex_board_image(width: int, height: int, box: int, columns: bool) -> Image.Image:
    """A hex board in miniature: flat-topped hexes in columns (odd ones half a hex lower) or pointy-topped
    hexes in rows (odd ones half a hex to the right), in two shades of field green."""
    root3 = math.sqrt(3)
    across, down = (1.5 * (width - 1) + 2, root3 * (height + 0.5)) if columns else (
        root3 * (width + 0.5), 1.5 * (height - 1) + 2)
    size = (box - 2) / max(across, down)  # a hex's radius in pixels
    image = Image.new("RGB", (max(1, round(across * size) + 2), max(1, round(down * size) + 2)),
                      theme.BACKGROUND[:3])
    draw = ImageDraw.Draw(image)
    for c in range(width):
        for r in range(height):
            if columns:
                x, y, turn = size * (1 + 1.5 * c), size * root3 * (r + 0.5 + 0.5 * (c % 2)), 0
            else:
                x, y, turn = size * root3 * (c + 0.5 + 0.5 * (r % 2)), size * (1 + 1.5 * r), 30
            points = [(x + 1 + size * math.cos(math.radians(60 * i + turn)),
                       y + 1 + size * math.sin(math.radians(60 * i + turn))) for i in range(6)]
            shade = (96, 128, 72) if (c + r) % 3 else (84, 114, 62)
            draw.polygon(points, fill=shade, outline=(40, 52, 34))
    return image


def is_region_map(data: MapData) -> bool:
    return (data.topology or {}).get("kind") == "regions"


def size_words(data: MapData, times: str, unit: str = "") -> str:
    """'32×32' (+ unit) for a grid, '50 regions' for a region map."""
    return f"{data.width} regions" if is_region_map(data) else f"{data.width}{times}{data.height}{unit}"


def starts_anywhere(data: MapData, players: int) -> bool:
    """True when every seat's start zone is the whole map (a region map without declared zones)."""
    return all(len(zone) == len(data.terrain) for zone in data.start_zones.get(players, {}).values())


def region_preview(data: MapData, assets: Assets, box: int, players: int = 0,
                   colors: list[theme.Color] | None = None) -> Image.Image:
    """A region map in miniature: each region in its terrain's colour, the start zones (if declared) tinted."""
    regions = data.topology["regions"]
    shapes = [[tuple(p) for p in r.get("outline") or []] or [(r["x"], r["y"])] for r in regions]
    xs = [x for shape in shapes for x, _ in shape]
    ys = [y for shape in shapes for _, y in shape]
    left, top = min(xs), min(ys)
    scale = (box - 4) / max(1.0, max(xs) - left, max(ys) - top)
    image = Image.new("RGB", (max(1, round((max(xs) - left) * scale) + 4), max(1, round((max(ys) - top) * scale) + 4)),
                      theme.BACKGROUND[:3])
    draw = ImageDraw.Draw(image)
    seat_of = {} if starts_anywhere(data, players) or not colors else {
        t: seat for seat, zone in data.start_zones.get(players, {}).items() for t in zone}
    for t, (shape, terrain) in enumerate(zip(shapes, data.terrain, strict=True)):
        points = [((x - left) * scale + 2, (y - top) * scale + 2) for x, y in shape]
        fill: tuple[int, ...] = assets.terrain_color(terrain)
        if t in seat_of and colors:
            color = colors[(seat_of[t] - 1) % len(colors)]
            fill = tuple((a + b) // 2 for a, b in zip(fill[:3], color[:3], strict=True))
        if len(points) > 2:
            draw.polygon(points, fill=fill, outline=(20, 22, 28))  # type: ignore[arg-type]
        else:
            x, y = points[0]
            draw.ellipse((x - 2, y - 2, x + 2, y + 2), fill=fill)  # type: ignore[arg-type]
    return image


def preview_image(data: MapData, players: int, assets: Assets, colors: list[theme.Color], box: int = 300) -> Image.Image:
    """The map in miniature with each seat's start zone outlined in its colour."""
    if is_region_map(data):
        return region_preview(data, assets, box, players, colors)
    scale = max(1, min(box // data.width, box // data.height))
    image = Image.new("RGB", (data.width, data.height))
    image.putdata([assets.terrain_color(t) for t in data.terrain])  # type: ignore[arg-type]
    image = image.resize((data.width * scale, data.height * scale), Image.Resampling.NEAREST)
    draw = ImageDraw.Draw(image, "RGBA")
    for seat, zone in sorted(data.start_zones.get(players, {}).items()):
        color = colors[(seat - 1) % len(colors)]
        for cell in zone:
            x, y = cell % data.width, cell // data.width
            draw.rectangle((x * scale, y * scale, (x + 1) * scale - 1, (y + 1) * scale - 1), fill=(*color[:3], 150))
    if image.width > box or image.height > box:
        image.thumbnail((box, box), Image.Resampling.BOX)
    return image


class SetupView(BaseView):
    """Everything about a new game on one screen."""

    def __init__(self, window: GameWindow) -> None:
        super().__init__(window)
        self.ui = gui.UIManager(window)
        names = ["Player 1", "Player 2", "Player 3", "Player 4"]
        level = computer.difficulties()[0]
        self.seats = [SeatConfig(names[i], i, computer=i > 0, difficulty=level) for i in range(4)]
        self.count = 2
        self.map_index = 0
        self.random_size = 1
        self.seed = random.randrange(1, 100000)
        self.inputs: list[gui.UIInputText] = []
        self.seed_input: gui.UIInputText | None = None
        self.status: gui.UILabel | None = None
        self.preview: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()
        self.flags: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()
        self.thumbs: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()
        self.about: gui.UILabel | None = None
        self.preview_key: tuple[object, ...] = ()
        self.games = installed_games()
        wanted = getattr(window, "ruleset", None)
        self.ruleset = wanted if wanted in self.games else next(iter(self.games), "base")
        self.available_mods: dict[str, ModManifest] = available_mods(self.ruleset)
        # chosen mods (`foc play --mod` preselects): installed ids, or folders given as paths
        self.mods: list[str] = [m for m in window.mods if m in self.available_mods or "/" in m or "\\" in m]
        missing = [m for m in window.mods if m not in self.mods]
        self.mod_buttons: dict[str, gui.UIFlatButton] = {}
        self.mod_about: gui.UILabel | None = None
        # chosen ruleset options (`foc play --option` preselects them for its ruleset); unchosen ones keep defaults
        self.options: dict[str, OptionValue] = dict(window.options) if wanted == self.ruleset else {}  # type: ignore[arg-type]
        self.option_buttons: dict[str, gui.UIFlatButton] = {}
        self.option_inputs: dict[str, gui.UIInputText] = {}
        self.option_about: gui.UILabel | None = None
        self._build()
        if missing:
            self._say(f"Not installed, so left out: {', '.join(missing)}")

    # ----- choices
    @property
    def info(self) -> GameInfo | None:
        found = game_info(self.ruleset)
        return found if isinstance(found, GameInfo) else None

    def choices(self) -> list[tuple[str, MapData | None, str]]:
        """(label, map, problem) for every map of the game supporting this many players, then the random map;
        or the game's one fixed board."""
        info = self.info
        if info is not None and info.board is not None:
            return [(f"The board ({info.board.width}×{info.board.height})", info.board, "")]
        out: list[tuple[str, MapData | None, str]] = []
        for _path, data in shipped_maps(self.ruleset):
            if isinstance(data, MapData) and data.supports(self.count):
                out.append((f"{data.name} ({size_words(data, '×')})", data, ""))
        if self.ruleset == DEFAULT_RULESET:  # maps made in the map editor (E8.5)
            for _path, data in saved_maps(terrain_with(self.ruleset, tuple(self.mods))):
                if isinstance(data, MapData) and data.supports(self.count):
                    out.append((f"{data.name} ({size_words(data, '×')}) ✎", data, ""))
        out.append(("Random map", None, ""))
        return out

    def shown_choices(self) -> list[int]:
        """The indices of `choices()` with a button: at most MAP_ROWS, the random map and the chosen one always."""
        count = len(self.choices())
        if count <= MAP_ROWS:
            return list(range(count))
        shown = list(range(MAP_ROWS - 1))
        if self.map_index not in shown and self.map_index != count - 1:
            shown[-1] = self.map_index
        return shown + [count - 1]

    def choose_map_file(self, path: str) -> bool:
        """Preselect the map read from `path` (the editor's "Play this map"), with a player count it supports."""
        for count in (self.count, 2, 3, 4):
            self.count = count
            for i, (_label, data, _) in enumerate(self.choices()):
                if data is not None and data.source == path:
                    self.map_index = i
                    self._build()
                    return True
        self._build()
        return False

    def chosen_map(self) -> MapData:
        from game.mapgen import generate_map

        choices = self.choices()
        _label, data, _ = choices[min(self.map_index, len(choices) - 1)]
        if data is not None:
            return data
        size = RANDOM_SIZES[self.random_size][1]
        return generate_map(size, size, players=self.count, seed=self._seed())

    def _seed(self) -> int:
        text = self.seed_input.text.strip() if self.seed_input is not None else str(self.seed)
        try:
            return int(text)
        except ValueError:
            return sum(ord(c) * 31 ** i for i, c in enumerate(text)) % 2**31

    def _free_color(self, index: int, start: int) -> int:
        used = {s.color for i, s in enumerate(self.seats[: self.count]) if i != index}
        palette = len(self.app.assets.palette)
        for step in range(1, palette + 1):
            candidate = (start + step) % palette
            if candidate not in used:
                return candidate
        return start

    # ----- widgets
    def _keep_names(self) -> None:
        for seat, field in zip(self.seats, self.inputs, strict=False):
            seat.name = field.text.strip()[:24]
        for name, field in self.option_inputs.items():  # a number typed so far (checked at the start)
            option = next(o for o in self.declared_options if o.name == name)
            with contextlib.suppress(ValueError):
                self.options[name] = option.parse(field.text)
        if self.seed_input is not None:
            self.seed = self._seed()

    def _build(self) -> None:
        """(Re)create the widgets; called when a choice changes the layout."""
        self.ui.clear()
        window, assets = self.app, self.app.assets
        height = window.height
        self.ui.add(kit.label("New game", 60, height - 70, 26, bold=True, font=theme.TITLE_FONT))
        self.ui.add(kit.label("Game", 330, height - 66, 14, bold=True))
        self.game_buttons: dict[str, gui.UIFlatButton] = {}
        step = min(200.0, (window.width - 400 - 20) / max(1, len(self.games)))  # every game fits the window
        for i, (game_id, manifest) in enumerate(self.games.items()):
            button = kit.flat_button(manifest.name, 400 + i * step, height - 76, step - 10, 36,
                                     primary=game_id == self.ruleset, size=12 if step >= 180 else 11)
            kit.on_click(button, partial(self.set_game, game_id))
            self.game_buttons[game_id] = button
            self.ui.add(button)
        info = self.info
        counts = info.players if info is not None else (2, 3, 4)
        if self.count not in counts:
            self.count = counts[0]
        self.ui.add(kit.label("Players", 60, height - 120, 14, bold=True))
        for i, n in enumerate(counts):
            button = kit.flat_button(f"{n} players", 160 + i * 120, height - 128, 110, 34,
                                     primary=n == self.count)
            kit.on_click(button, partial(self.set_count, n))
            self.ui.add(button)
        self.inputs = []
        self.flags.clear()
        for i, seat in enumerate(self.seats[: self.count]):
            y = height - 190 - i * 52
            name, color = assets.palette[seat.color % len(assets.palette)]
            swatch = kit.flat_button("", 60, y, 44, 38, bg=color)
            kit.on_click(swatch, partial(self.next_color, i))
            self.ui.add(swatch)
            field = kit.text_input(seat.name, 114, y + 2, 200)
            self.inputs.append(field)
            self.ui.add(field)
            kind = kit.flat_button("Computer" if seat.computer else "Human", 324, y, 120, 38)
            kit.on_click(kind, partial(self.toggle_computer, i))
            self.ui.add(kind)
            level = kit.flat_button(seat.difficulty.title() if seat.computer else "—", 454, y, 100, 38)
            level.disabled = not seat.computer
            kit.on_click(level, partial(self.next_difficulty, i))
            self.ui.add(level)
            flag = arcade.Sprite(assets.flag(assets.flag_shapes[seat.color % len(assets.flag_shapes)]),
                                 center_x=82, center_y=y + 19)
            flag.color = (20, 22, 28, 255)
            self.flags.append(flag)
            self.ui.add(kit.label(name, 564, y + 12, 10, theme.TEXT_DIM))
        note_y = height - 200 - self.count * 52
        mods_top = min(300, note_y - 36)
        if mods_top - 44 < 150:  # a short window: the mods take the hint's place
            mods_top = note_y + 10
        else:
            self.ui.add(kit.label("Click a colour to change it; each colour has its own flag shape.", 60, note_y, 10,
                                  theme.TEXT_DIM))
        # maps
        right = 760
        fixed = info is not None and info.board is not None
        self.ui.add(kit.label("Board" if fixed else f"Map (for {self.count} players)", right, height - 120, 14,
                              bold=True))
        choices = self.choices()
        self.map_index = min(self.map_index, len(choices) - 1)
        self.thumbs.clear()
        for row, i in enumerate(self.shown_choices()):
            label, data, _problem = choices[i]
            button = kit.flat_button(label, right, height - 170 - row * 42, 230, 36, primary=i == self.map_index,
                                     size=11)
            kit.on_click(button, partial(self.set_map, i))
            self.ui.add(button)
            if data is not None and not fixed:  # a small picture of each map beside its name
                key = f"thumb-{data.source}-{self.count}-{hash((data.terrain, repr(data.start_zones)))}"
                image = preview_image(data, self.count, assets, [c for _, c in assets.palette], 34)
                texture = assets.generated(key, lambda image=image: image.convert("RGBA"))
                self.thumbs.append(arcade.Sprite(texture, center_x=right - 24, center_y=height - 152 - row * 42))
        if choices[self.map_index][1] is None and not fixed:
            y = height - 170 - len(self.shown_choices()) * 42
            for i, (label, size) in enumerate(RANDOM_SIZES):
                button = kit.flat_button(f"{label} {size}", right + i * 78, y, 74, 32,
                                         primary=i == self.random_size, size=10)
                kit.on_click(button, partial(self.set_size, i))
                self.ui.add(button)
        rows = -(-len(self.available_mods) // MODS_PER_ROW)
        self._option_widgets(mods_top - (44 + rows * 40 + 8 if rows else 0))
        self._mod_widgets(mods_top)
        self.ui.add(kit.label("Seed", 60, 118, 12, bold=True))
        self.seed_input = kit.text_input(str(self.seed), 110, 106, 160)
        self.ui.add(self.seed_input)
        self.ui.add(kit.label("the same seed and choices give the same game", 280, 118, 10, theme.TEXT_DIM))
        cx, cy = self.preview_center
        self.about = kit.label("", cx - 136, cy - 214, 10, theme.TEXT_DIM, width=272)
        self.ui.add(self.about)
        self.preview_key = ()
        self.status = kit.label("", 60, 80, 12, theme.TEXT_BAD, width=640)
        self.ui.add(self.status)
        back = kit.flat_button("Back", 60, 24, 140, 42)
        kit.on_click(back, self.app.show_main_menu)
        self.ui.add(back)
        start = kit.flat_button("Start game", window.width - 260, 24, 200, 42, primary=True, size=15)
        kit.on_click(start, self.start)
        self.ui.add(start)
        self.start_button = start
        self._preview()

    def _mod_widgets(self, top: float) -> None:
        """A checkbox button per installed mod (the base game is always on), under the seats."""
        self.mod_buttons = {}
        self.mod_about = None
        if not self.available_mods:
            return
        self.ui.add(kit.label("Mods", 60, top, 14, bold=True))
        self.mod_about = gui.UILabel(text=MOD_HINT, x=120, y=top - 10, width=590, height=30, font_size=10,
                                     text_color=theme.TEXT_DIM, font_name=theme.FONT, multiline=True)
        self.ui.add(self.mod_about)
        for i, (mod_id, manifest) in enumerate(self.available_mods.items()):
            row, column = divmod(i, MODS_PER_ROW)
            chosen = mod_id in self.mods
            text = f"{'☑' if chosen else '☐'} {manifest.name} {manifest.version}"
            button = kit.flat_button(text, 60 + column * 160, top - 44 - row * 40, 152, 34, primary=chosen, size=11)
            kit.on_click(button, partial(self.toggle_mod, mod_id))
            self.mod_buttons[mod_id] = button
            self.ui.add(button)

    @property
    def declared_options(self) -> list[RulesetOption]:
        """The chosen ruleset's options (its mod.toml's [[options]])."""
        manifest = self.games.get(self.ruleset)
        return list(manifest.options) if manifest is not None else []

    def option_value(self, option: RulesetOption) -> OptionValue:
        return self.options.get(option.name, option.default)

    def _option_widgets(self, top: float) -> None:
        """A toggle per yes/no option, a button cycling through a choice's values, a field for a number."""
        self.option_buttons, self.option_inputs, self.option_about = {}, {}, None
        declared = self.declared_options
        if not declared:
            return
        self.ui.add(kit.label("Options", 60, top, 14, bold=True))
        self.option_about = gui.UILabel(text=OPTION_HINT, x=150, y=top - 10, width=560, height=30, font_size=10,
                                        text_color=theme.TEXT_DIM, font_name=theme.FONT, multiline=True)
        self.ui.add(self.option_about)
        for i, option in enumerate(declared):
            row, column = divmod(i, OPTIONS_PER_ROW)
            x, y = 60 + column * 220, top - 44 - row * 40
            value = self.option_value(option)
            if option.type == "int":
                button = kit.flat_button(option.label, x, y, 140, 34, size=11)
                field = kit.text_input(str(value), x + 146, y, 64)
                self.option_inputs[option.name] = field
                self.ui.add(field)
            else:
                on = value != option.default
                text = (f"{'☑' if value else '☐'} {option.label}" if option.type == "bool"
                        else f"{option.label}: {option.words(value)}")
                button = kit.flat_button(text, x, y, 210, 34, primary=on, size=11)
                kit.on_click(button, partial(self.next_option, option.name))
            self.option_buttons[option.name] = button
            self.ui.add(button)

    def chosen_options(self) -> dict[str, OptionValue]:
        """The options as chosen now (numbers read from their fields); ValueError naming a bad one."""
        chosen = dict(self.options)
        for option in self.declared_options:
            field = self.option_inputs.get(option.name)
            if field is None:
                continue
            try:
                chosen[option.name] = option.parse(field.text)
            except ValueError as exc:
                raise ValueError(f"{option.label}: {exc}") from None
        return {name: value for name, value in chosen.items()
                if any(o.name == name and o.default != value for o in self.declared_options)}

    def _preview(self) -> None:
        choices = self.choices()
        _label, data, _ = choices[self.map_index]
        key = (self.count, self.map_index, self.random_size, self._seed(), tuple(s.color for s in self.seats),
               self.ruleset, _label, hash((data.terrain, repr(data.start_zones))) if data is not None else 0)
        if key == self.preview_key:
            return
        self.preview_key = key
        if data is None:
            data = self.chosen_map()
        colors = [self.app.assets.palette[s.color % len(self.app.assets.palette)][1] for s in self.seats]
        fixed = self.info is not None and self.info.board is not None
        layout = self.info.layout if self.info is not None else "square"
        image = board_image(data, 260, layout) if fixed else preview_image(data, self.count, self.app.assets,
                                                                           colors, 260)
        texture = arcade.Texture(image.convert("RGBA"), hash=f"preview-{key}",
                                 hit_box_algorithm=arcade.hitbox.algo_bounding_box)
        self.preview.clear()
        cx, cy = self.preview_center
        sprite = arcade.Sprite(texture, center_x=cx, center_y=cy)
        self.preview.append(sprite)
        if self.about is not None and fixed and self.info is not None:
            shape = "hex board" if self.info.layout != "square" else "board"
            self.about.text = f"{self.info.name} is played on its own {data.width} × {data.height} {shape}."
        elif self.about is not None:
            counts = ", ".join(str(n) for n in data.players())
            land = sum(1 for t in data.terrain if t not in ("shallow_water", "deep_water")) / len(data.terrain)
            zones = ("Every seat may start anywhere." if starts_anywhere(data, self.count)
                     else "Coloured patches are the start zones.")
            self.about.text = (f"{data.name}\n{size_words(data, ' × ', ' territories')} · {land:.0%} land · "
                               f"for {counts} players. {zones}")

    # ----- actions
    def set_count(self, count: int) -> None:
        self._keep_names()
        self.count = count
        for i in range(count):
            self.seats[i].color = self.seats[i].color if self.seats[i].color not in {
                s.color for s in self.seats[:i]} else self._free_color(i, i)
        self._build()

    def next_color(self, index: int) -> None:
        self._keep_names()
        self.seats[index].color = self._free_color(index, self.seats[index].color)
        self._build()

    def toggle_computer(self, index: int) -> None:
        self._keep_names()
        self.seats[index].computer = not self.seats[index].computer
        self._build()

    def next_difficulty(self, index: int) -> None:
        self._keep_names()
        seat = self.seats[index]
        levels = self.info.levels if self.info is not None else computer.difficulties()
        current = levels.index(seat.difficulty) if seat.difficulty in levels else -1
        seat.difficulty = levels[(current + 1) % len(levels)]
        self._build()

    def set_game(self, ruleset: str) -> None:
        """Choose the game first: its player counts, maps (or board), mods and computer levels follow."""
        self._keep_names()
        if ruleset == self.ruleset:
            return
        self.ruleset = ruleset
        self.options = {}  # options belong to one ruleset
        self.map_index = 0
        self.available_mods = available_mods(ruleset)
        self.mods = [m for m in self.mods if m in self.available_mods]
        info = self.info
        if info is None:
            self._build()
            self._say(f"Cannot play {ruleset}: {game_info(ruleset)}")
            return
        for seat in self.seats:
            if seat.difficulty not in info.levels:
                seat.difficulty = info.levels[0]
        self._build()

    def next_option(self, name: str) -> None:
        """Toggle a yes/no option, or show a choice's next value."""
        self._keep_names()
        option = next(o for o in self.declared_options if o.name == name)
        self.options[name] = option.next_value(self.option_value(option))
        self._build()

    def set_map(self, index: int) -> None:
        self._keep_names()
        self.map_index = index
        self._build()

    def toggle_mod(self, mod_id: str) -> None:
        self._keep_names()
        if mod_id in self.mods:
            self.mods.remove(mod_id)
        else:
            self.mods.append(mod_id)
        self._build()

    def set_size(self, index: int) -> None:
        self._keep_names()
        self.random_size = index
        self._build()

    def start(self) -> None:
        """Create the game from the choices and go to base choice."""
        from game.setup import PlayerSpec, create_game

        self._keep_names()
        seats = self.seats[: self.count]
        if any(not s.name for s in seats):
            self._say("Every seat needs a name.")
            return
        if len({s.name for s in seats}) < len(seats):
            self._say("Give every seat a different name.")
            return
        try:
            info = self.info
            data = None if info is not None and info.board is not None else self.chosen_map()
            players = [PlayerSpec(s.name, s.computer, s.difficulty) for s in seats]
            options = self.chosen_options()
            game = create_game(data, players, self.seed, list(self.mods), ruleset=self.ruleset, options=options)
        except Exception as exc:  # bad map or mod: say why, stay here
            self._say(f"Cannot start: {str(exc).splitlines()[0]}")
            return
        self.app.mods = list(self.mods)  # the next new game starts with the same game and mods ticked
        self.app.ruleset = self.ruleset
        self.app.options = dict(options)
        styles = {i + 1: self.app.assets.style(s.color, s.color) for i, s in enumerate(seats)}
        self.app.start(game, styles)

    def _say(self, text: str) -> None:
        if self.status is not None:
            self.status.text = text

    # ----- view
    def on_show_view(self) -> None:
        self.ui.enable()

    def on_hide_view(self) -> None:
        self.ui.disable()

    def on_update(self, delta_time: float) -> None:
        if len(self.preview_key) > 3 and self._seed() != self.preview_key[3]:
            self._preview()
        self._describe_hovered_mod()
        self._describe_hovered_option()

    def _describe_hovered_option(self) -> None:
        if self.option_about is None:
            return
        text = OPTION_HINT
        for option in self.declared_options:
            button = self.option_buttons.get(option.name)
            if button is not None and button.hovered:
                text = f"{option.label}: {option.help or 'no description'} (choose {option.allowed()})"
                break
        if self.option_about.text != text:
            self.option_about.text = text

    def _describe_hovered_mod(self) -> None:
        if self.mod_about is None:
            return
        text = MOD_HINT
        for mod_id, button in self.mod_buttons.items():
            if button.hovered:
                manifest = self.available_mods[mod_id]
                needs = [d for d in manifest.depends if d != self.ruleset]
                text = f"{manifest.name} {manifest.version}: {manifest.description or 'no description'}"
                if needs:
                    text += f" (also loads {', '.join(needs)})"
                break
        if self.mod_about.text != text:
            self.mod_about.text = text

    @property
    def preview_center(self) -> tuple[float, float]:
        return self.app.width - 146, self.app.height - 300

    def draw(self) -> None:
        self.clear()
        cx, cy = self.preview_center
        arcade.draw_lrbt_rectangle_filled(cx - 136, cx + 136, cy - 136, cy + 136, theme.SECTION_BG)
        self.preview.draw()
        self.ui.draw()
        self.flags.draw()
        self.thumbs.draw()

    def on_key_press(self, symbol: int, modifiers: int) -> None:
        if symbol == arcade.key.ESCAPE:
            self.app.show_main_menu()
