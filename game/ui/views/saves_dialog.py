"""Saves in the client: the list of named saves and autosaves (newest first) with round, players and a map
thumbnail; loading one, or saving the current game under a name.

Loading goes through `load_fn(path)` (default `game.saves.load_game_with_extras`). A save that cannot be loaded shows
its reason in a message box and nothing else happens: `on_loaded` is only called with a game that loaded
completely, so the game being played goes on untouched. Saving goes through `save_fn(name) -> Path`.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from functools import cache
from pathlib import Path
from typing import Any

import arcade
from PIL import Image, ImageDraw

from game.stats import StatsTracker
from game.ui.assets import seat_color, terrain_color
from game.ui.chronicle import saves_folder
from game.ui.widgets import (
    ACCENT,
    BAD,
    DIM,
    PANEL,
    PANEL_EDGE,
    TEXT,
    DrawnButton,
    TextCache,
    dim_screen,
    draw_backdrop,
    draw_panel,
    finish_frame,
    window_size,
)

SAVE_SUFFIX = ".foc.json.gz"
ROW = 72
THUMB = 60


@dataclass
class SaveInfo:
    """What the list shows about one save file, read without building the game."""

    path: Path
    name: str
    autosave: bool
    modified: float
    round: int | None = None
    players: list[str] = field(default_factory=list)
    width: int = 0
    height: int = 0
    terrain: list[str] = field(default_factory=list)
    owners: dict[int, int] = field(default_factory=dict)
    points: list[tuple[float, float]] = field(default_factory=list)  # a region map's region positions
    problem: str | None = None
    game: str = ""  # the ruleset's name ("MonsterCrasher"): saves of every game share the folder

    @property
    def when(self) -> str:
        return datetime.fromtimestamp(self.modified).strftime("%Y-%m-%d %H:%M")

    @property
    def title(self) -> str:
        """The row's name: a save's own; "Autosave" for an autosave (its file name is the game's identity, a hash a
        player cannot read; the details line tells the round and time)."""
        return "Autosave" if self.autosave else self.name

    @property
    def details(self) -> str:
        if self.problem is not None:
            return f"cannot be read: {self.problem}"
        players = ", ".join(self.players) or "?"
        game = f"{self.game}  ·  " if self.game else ""
        return f"{game}round {self.round}  ·  {players}  ·  {self.when}"


def read_save_info(path: Path) -> SaveInfo:
    """Round, players and board of a save, for the list; a broken file gets `problem` set instead."""
    name = path.name[: -len(SAVE_SUFFIX)] if path.name.endswith(SAVE_SUFFIX) else path.stem
    try:
        modified = path.stat().st_mtime
    except OSError:
        modified = 0.0
    info = SaveInfo(path, name, name.startswith("autosave"), modified)
    try:
        from game.saves import read_header, read_raw

        header = read_header(path)  # v4: a few KB, the rest of the save is never decompressed
        if header is not None:
            summary = header.summary
            info.game = ruleset_title(header.ruleset_id)
            info.round = summary.round
            info.players = [p.name + (" (computer)" if p.computer else "") + (" (out)" if p.defeated else "")
                            for p in summary.players]
            thumb = summary.thumbnail
            info.width, info.height = thumb.width, thumb.height
            info.terrain = [thumb.terrain[c] if 0 <= c < len(thumb.terrain) else "" for c in thumb.cells]
            info.owners = {i: -c for i, c in enumerate(thumb.cells) if c < 0}
            info.points = [(p[0], p[1]) for p in thumb.points if len(p) == 2]
            return info
        data = read_raw(path)  # an older save: read whole (size-capped)
        state = data["state"]
        board = data["board"]
        info.round = int(state["clock"]["round"])
        info.width, info.height = int(board["width"]), int(board["height"])
        info.terrain = [str(t) for t in board["terrain"]]
        topology = board.get("topology") or {}
        if topology.get("kind") == "regions":
            info.points = [(float(r["x"]), float(r["y"])) for r in topology["regions"]]
        players: dict[int, str] = {}
        tiles: dict[int, int] = {}
        for comps in state["entities"].values():
            player = comps.get("Player")
            if player is not None:
                label = str(player["name"]) + (" (computer)" if player.get("computer") else "")
                if player.get("defeated"):
                    label += " (out)"
                players[int(player["seat"])] = label
            territory, ownership = comps.get("Territory"), comps.get("Ownership")
            if territory is not None and ownership is not None and ownership.get("owner") is not None:
                tiles[int(territory["index"])] = int(ownership["owner"])
        info.players = [players[s] for s in sorted(players)]
        info.owners = tiles
    except Exception as exc:  # anything unreadable is listed with its reason, never raised
        text = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        info.problem = _plain_reason(text, path)
    return info


@cache
def ruleset_title(ruleset_id: str) -> str:
    """An installed ruleset's name for players; its id when it is not installed here."""
    from game.content import rulesets

    found = rulesets().get(ruleset_id)
    return found[0].name if found is not None else ruleset_id


def _plain_reason(text: str, path: Path) -> str:
    """A DataError line without the file name (the dialog names the save already)."""
    text = str(text).replace(f"{path}: ", "")
    return text[len("file: "):] if text.startswith("file: ") else text


def _clip(text: str, chars: int) -> str:
    return text if len(text) <= chars else text[: max(1, chars - 1)] + "…"


def list_saves(folder: Path) -> list[SaveInfo]:
    """Every save in `folder`, newest first."""
    try:
        files = [p for p in folder.iterdir() if p.name.endswith(SAVE_SUFFIX) and p.is_file()]
    except OSError:
        return []
    infos = [read_save_info(p) for p in files]
    infos.sort(key=lambda i: (i.modified, i.name), reverse=True)
    return infos


def thumbnail_image(info: SaveInfo, size: int = THUMB) -> Image.Image | None:
    """A small picture of the map: terrain colours, owned territories in their owner's colour (a region map:
    a dot per region where it lies)."""
    if info.points and len(info.points) == len(info.terrain):
        return _region_thumbnail(info, size)
    if not info.terrain or info.width * info.height != len(info.terrain):
        return None
    image = Image.new("RGBA", (info.width, info.height))
    def muted(color: tuple[int, int, int]) -> tuple[int, int, int]:
        grey = sum(color) / 3  # terrain dimmed and desaturated so the owners' colours stand out
        return tuple(int((c * 0.6 + grey * 0.4) * 0.75) for c in color)  # type: ignore[return-value]

    pixels = [
        (*(seat_color(info.owners[i]) if i in info.owners else muted(terrain_color(t))), 255)
        for i, t in enumerate(info.terrain)
    ]
    image.putdata(pixels)
    scale = size / max(info.width, info.height)
    return image.resize((max(1, round(info.width * scale)), max(1, round(info.height * scale))), Image.Resampling.NEAREST)


def _region_thumbnail(info: SaveInfo, size: int) -> Image.Image:
    xs, ys = [p[0] for p in info.points], [p[1] for p in info.points]
    span = max(1.0, max(xs) - min(xs), max(ys) - min(ys))
    scale = (size - 6) / span
    dx, dy = (size - 6 - (max(xs) - min(xs)) * scale) / 2, (size - 6 - (max(ys) - min(ys)) * scale) / 2
    image = Image.new("RGBA", (size, size), (14, 16, 28, 255))
    pen = ImageDraw.Draw(image)
    for i, (x, y) in enumerate(info.points):
        px, py = 3 + dx + (x - min(xs)) * scale, 3 + dy + (y - min(ys)) * scale  # Tiled's y runs down, as an image's
        color = (*seat_color(info.owners[i]), 255) if i in info.owners else (110, 115, 130, 255)
        pen.ellipse((px - 2, py - 2, px + 2, py + 2), fill=color)
    return image


def safe_name(text: str) -> str:
    """A file-name-safe version of what the player typed."""
    cleaned = re.sub(r"[^A-Za-z0-9 _.-]+", "", text).strip().replace(" ", "_")
    return cleaned[:60] or "save"


class SavesDialog(arcade.View):
    """mode 'load': pick a save to load; mode 'save': type a name and save (existing saves are listed)."""

    def __init__(self, folder: Path, on_cancel: Callable[[], object], mode: str = "load",
                 on_loaded: Callable[..., object] | None = None,
                 load_fn: Callable[[Path], Any] | None = None,
                 save_fn: Callable[[str], Path] | None = None,
                 default_name: str = "", underlay: arcade.View | None = None,
                 on_saved: Callable[[Path], object] | None = None) -> None:
        super().__init__()
        self.folder = Path(folder)
        self.mode = mode
        self.cancel_cb = on_cancel
        self.loaded_cb = on_loaded
        self.load_fn = load_fn
        self.save_fn = save_fn
        self.underlay = underlay
        self.save_name = default_name
        self.name_selected = bool(default_name)  # the suggested name is selected: typing replaces it
        self.saved_cb = on_saved
        self.texts = TextCache()
        self.saves: list[SaveInfo] = []
        self.selected: int | None = None
        self.scroll = 0
        self.message: str | None = None
        self.message_title = ""
        self.loaded: Any = None
        self._thumbs: dict[Path, arcade.Texture | None] = {}
        action = ("Load", self.load_selected) if mode == "load" else ("Save", self.save_now)
        self.action_button = DrawnButton(action[0], 0, 0, 150, 40, action[1], key="action")
        self.cancel_button = DrawnButton("Cancel", 0, 0, 150, 40, self._cancel, key="cancel")
        self.ok_button = DrawnButton("OK", 0, 0, 120, 38, self.dismiss, key="ok")
        self.refresh()

    # -- data -------------------------------------------------------------------------------------------
    def refresh(self) -> None:
        self.saves = list_saves(self.folder)
        self._thumbs.clear()
        if self.mode == "load":
            self.selected = 0 if self.saves else None

    def _thumb(self, info: SaveInfo) -> arcade.Texture | None:
        if info.path not in self._thumbs:
            image = thumbnail_image(info)
            self._thumbs[info.path] = (
                arcade.Texture(image, hash=f"save-thumb:{info.path}:{info.modified}") if image is not None else None
            )
        return self._thumbs[info.path]

    def show_message(self, title: str, text: str) -> None:
        self.message_title, self.message = title, text

    def dismiss(self) -> None:
        self.message = None

    def load_selected(self) -> bool:
        """Load the selected save; on failure show why and keep everything as it was."""
        if self.selected is None or not 0 <= self.selected < len(self.saves):
            self.show_message("Nothing selected", "Choose a save from the list first.")
            return False
        info = self.saves[self.selected]
        loader = self.load_fn
        if loader is None:
            from game.saves import load_game_with_extras

            loader = load_game_with_extras
        try:
            loaded = loader(info.path)
        except Exception as exc:
            lines = getattr(exc, "errors", None) or [str(exc) or type(exc).__name__]
            reason = "\n".join(_plain_reason(line, info.path) for line in lines[:6])
            self.show_message(f"Could not load '{info.name}'", reason)
            return False
        # the default loader also returns the save's extras: its statistics go on with the game
        game, extras = loaded if isinstance(loaded, tuple) else (loaded, None)
        self.loaded = game
        if self.loaded_cb is not None:
            if extras is not None and getattr(extras, "stats", None) is not None:
                self.loaded_cb(game, extras.stats)
            else:
                self.loaded_cb(game)
        return True

    def save_now(self) -> Path | None:
        if self.save_fn is None:
            return None
        try:
            path = self.save_fn(safe_name(self.save_name))
        except Exception as exc:
            self.show_message("Could not save", str(exc) or type(exc).__name__)
            return None
        self.refresh()
        if self.saved_cb is not None:  # the caller closes the dialog and confirms with a short toast
            self.saved_cb(path)
        else:
            self.show_message("Saved", f"The game was saved as '{path.name}'.")
        return path

    def _cancel(self) -> None:
        self.cancel_cb()

    # -- layout -----------------------------------------------------------------------------------------
    def panel(self) -> tuple[float, float, float, float]:
        width, height = window_size(self)
        w = min(900.0, width - 60)
        return (width - w) / 2, 40.0, w, height - 80

    def list_area(self) -> tuple[float, float, float, float]:
        left, bottom, w, h = self.panel()
        top = bottom + h - (70 if self.mode == "load" else 120)
        return left + 20, bottom + 76, w - 40, top - (bottom + 76)

    def visible(self) -> int:
        return max(1, int(self.list_area()[3] // ROW))

    def row_rects(self) -> list[tuple[int, float, float, float, float]]:
        left, bottom, w, h = self.list_area()
        top = bottom + h
        out = []
        for slot in range(min(self.visible(), len(self.saves) - self.scroll)):
            out.append((self.scroll + slot, left, top - (slot + 1) * ROW, w, float(ROW - 6)))
        return out

    def row_at(self, x: float, y: float) -> int | None:
        for index, left, bottom, w, h in self.row_rects():
            if left <= x <= left + w and bottom <= y <= bottom + h:
                return index
        return None

    # -- drawing ----------------------------------------------------------------------------------------
    def on_draw(self) -> None:
        draw_backdrop(self, self.underlay, 190)
        self.draw_content()
        finish_frame(self)

    def draw_content(self) -> None:
        width, height = window_size(self)
        left, bottom, w, h = self.panel()
        draw_panel(left, bottom, w, h)
        top = bottom + h
        title = "Load a game" if self.mode == "load" else "Save the game"
        self.texts.draw("title", title, left + 20, top - 40, TEXT, 20, bold=True)
        if self.mode == "save":
            self.texts.draw("namelabel", "Name:", left + 20, top - 84, DIM, 13)
            arcade.draw_lbwh_rectangle_filled(left + 80, top - 98, w - 100, 32, (20, 24, 32))
            arcade.draw_lbwh_rectangle_outline(left + 80, top - 98, w - 100, 32, ACCENT, 2)
            shown = self.texts.draw("name", self.save_name + ("" if self.name_selected else "_"), left + 90, top - 86,
                                    TEXT, 14)
            if self.name_selected and self.save_name:  # selected text: typing replaces it
                arcade.draw_lbwh_rectangle_filled(left + 86, top - 93, shown.content_width + 8, 24, (60, 100, 170))
                shown.draw()
        if not self.saves:
            self.texts.draw("none", "No saves yet.", left + 24, top - 130, DIM, 13)
        for slot, (index, x, y, rw, rh) in enumerate(self.row_rects()):
            info = self.saves[index]
            fill = (64, 80, 110) if index == self.selected else (40, 47, 60)
            arcade.draw_lbwh_rectangle_filled(x, y, rw, rh, fill)
            thumb = self._thumb(info)
            if thumb is not None:
                arcade.draw_texture_rect(thumb, arcade.XYWH(x + 8 + THUMB / 2, y + rh / 2, thumb.width, thumb.height),
                                         pixelated=True)
            else:
                arcade.draw_lbwh_rectangle_outline(x + 8, y + (rh - THUMB) / 2, THUMB, THUMB, PANEL_EDGE, 1)
            self.texts.draw(f"n:{slot}", info.title, x + THUMB + 22, y + rh - 24, TEXT, 13, bold=True)
            details = _clip(info.details, int((rw - THUMB - 40) / 7.4))
            self.texts.draw(f"d:{slot}", details, x + THUMB + 22, y + 12, BAD if info.problem else DIM, 11)
        for button, bx in ((self.action_button, left + w - 330), (self.cancel_button, left + w - 170)):
            button.left, button.bottom = bx, bottom + 18
            button.enabled = not (button is self.action_button and self.mode == "load" and self.selected is None)
            button.draw(self.texts)
        if self.message is not None:
            self._draw_message(width, height)

    def _draw_message(self, width: float, height: float) -> None:
        dim_screen(width, height, 120)
        mw, mh = min(640.0, width - 80), 220.0
        ml, mb = (width - mw) / 2, (height - mh) / 2
        draw_panel(ml, mb, mw, mh, PANEL)
        arcade.draw_lbwh_rectangle_outline(ml, mb, mw, mh, ACCENT, 2)
        self.texts.draw("m:title", self.message_title, ml + 20, mb + mh - 36, TEXT, 15, bold=True)
        self.texts.draw("m:text", self.message or "", ml + 20, mb + mh - 58, TEXT, 11, anchor_y="top",
                        width=int(mw - 40), multiline=True)
        self.ok_button.left, self.ok_button.bottom = ml + mw - 140, mb + 16
        self.ok_button.draw(self.texts)

    # -- input ------------------------------------------------------------------------------------------
    def on_mouse_motion(self, x: float, y: float, dx: float, dy: float) -> None:
        for button in (self.action_button, self.cancel_button, self.ok_button):
            button.hover = button.contains(x, y)

    def on_mouse_press(self, x: float, y: float, button: int, modifiers: int) -> bool:
        if self.message is not None:
            self.ok_button.click(x, y)
            return True
        if self.action_button.click(x, y) or self.cancel_button.click(x, y):
            return True
        index = self.row_at(x, y)
        if index is not None:
            self.selected = index
            if self.mode == "save":
                self.save_name = self.saves[index].name
                self.name_selected = True
        return True

    def on_mouse_scroll(self, x: float, y: float, scroll_x: float, scroll_y: float) -> bool:
        most = max(0, len(self.saves) - self.visible())
        self.scroll = max(0, min(most, self.scroll - int(scroll_y)))
        return True

    def on_key_press(self, symbol: int, modifiers: int) -> bool:
        if self.message is not None:
            if symbol in (arcade.key.ENTER, arcade.key.RETURN, arcade.key.ESCAPE, arcade.key.SPACE):
                self.dismiss()
            return True
        if symbol == arcade.key.ESCAPE:
            self._cancel()
        elif symbol in (arcade.key.ENTER, arcade.key.RETURN):
            self.load_selected() if self.mode == "load" else self.save_now()
        elif symbol == arcade.key.BACKSPACE and self.mode == "save":
            self.save_name = "" if self.name_selected else self.save_name[:-1]
            self.name_selected = False
        elif symbol in (arcade.key.LEFT, arcade.key.RIGHT, arcade.key.END, arcade.key.HOME) and self.mode == "save":
            self.name_selected = False  # keep the suggestion and edit it
        elif symbol in (arcade.key.DOWN, arcade.key.UP) and self.saves:
            step = 1 if symbol == arcade.key.DOWN else -1
            current = -1 if self.selected is None else self.selected
            self.selected = max(0, min(len(self.saves) - 1, current + step))
            if self.selected < self.scroll:
                self.scroll = self.selected
            elif self.selected >= self.scroll + self.visible():
                self.scroll = self.selected - self.visible() + 1
        return True

    def on_text(self, text: str) -> None:
        if self.mode == "save" and self.message is None and text.isprintable():
            base = "" if self.name_selected else self.save_name
            self.name_selected = False
            self.save_name = (base + text)[:60]


def show_load_screen(window: Any) -> None:
    """The main menu's "Load game": the saves list full screen; a broken save shows why and stays here."""
    def loaded(game: Any, stats: StatsTracker | None = None) -> None:
        window.start(game, stats=stats)

    dialog = SavesDialog(saves_folder(), window.show_main_menu, mode="load", on_loaded=loaded)
    window.show_view(dialog)
