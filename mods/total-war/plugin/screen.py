"""Total War's game screen: the 50x50 hex field, regiments with facing, men and morale, secret order entry per
regiment, a Ready button, and the resolution played back step by step from the events. Before deployment each
seat buys its army (TW3.1): keys I, C, A add infantry, cavalry, artillery (Shift removes one), or the panel's
- and + buttons; each change is a revised secret Buy order.

Only the seat at the table's view is drawn (game.views.view_for): its own regiments' pending orders, never the
other seat's. Mouse: click an own regiment to select it; then in deployment click a hex of the zone (Place);
in movement click adjacent hexes to extend its path (each step is a Move the engine checks; MP cost shown);
in combat click an enemy: adjacent = melee (Attack), else a volley (Fire). Keys: 1-6 face N, NE, SE, S, SW, NW;
H hold; W withdraw along the path; Backspace drops the path's last step; Esc deselects; Enter or the button
readies; U takes Ready back; Space pauses the playback, Right arrow steps it; right-drag pans, the wheel zooms, Z toggles the whole field.
Moving into contact is a charge (TW6.4): the engine decides it from the paths.
"""

from __future__ import annotations

import math
import textwrap
from dataclasses import replace
from typing import Any

import arcade

from components.seats import Ready, Unready
from game.ui import theme
from game.ui.views.base import BaseView
from game.ui.widgets import fit_words
from game.ui.wording import for_players
from game.words import plural

from . import events as E
from . import tokens
from .commands import Attack, Buy, Fire, Move, Place
from .hexes import DIRECTIONS, VECTORS, Cube, _cube_round, distance, from_offset, hex_name, in_arc, parse_hex
from .morale import state_of
from .orders import engaged, movement_points, path_cost
from .play import army_regiments
from .regiments import Regiment, in_order

PANEL = 300
BANNER_TITLE_W = 340  # the banner's "Round N   <phase>" at its longest ("Resolving: movement and reaction fire")
CHIP_WORDS_W = 100  # a seat chip's ": giving orders" at 10 pt bold
# characters a panel line holds: the panel less its margins, at the widest average glyph of the 10 pt text
# (digits and capitals: 7 px); the 9 pt log fits a few more
PANEL_WRAP = int((PANEL - 28) / 7)
LOG_WRAP = int((PANEL - 28) / 6.8)
SIZE = 20.0  # hex radius in world pixels (flat-topped)
SQRT3 = math.sqrt(3)
TERRAIN = {"plain": (96, 128, 72), "hill": (150, 128, 84), "forest": (40, 84, 44), "buildings": (128, 112, 108)}
ART = {"plain": "plain", "hill": "barren", "forest": "forest"}  # TW1.4 grounds -> the client's terrain art
MIN_LABEL_RADIUS = 11.0  # screen pixels of hex radius under which counters carry no men figure
FOCUS_ZOOM = 1.5  # the default zoom on the viewer's army: a hex about 60 pixels wide
BANNER = 34  # screen pixels of the phase banner across the top of the field
PHASES = {"muster": "Buy your army - secret", "deploy": "Deployment in your zone - secret",
          "movement": "Movement orders - secret", "combat": "Combat orders - secret"}
RESOLVING = {"muster": "the armies", "deploy": "deployment", "movement": "movement and reaction fire",
             "combat": "fire, melee and morale"}
TURN_STEPS = (("muster", "0 Buy the army (before turn 1)"), ("deploy", "1 Deployment (turn 1)"), ("movement", "2 Movement orders"),
              ("movement", "3-5 Movement, reaction fire"), ("combat", "6 Combat orders"),
              ("combat", "7-9 Fire, melee, morale, victory"))
STEP = 0.35  # seconds between two played-back events
BUY_KEYS = {arcade.key.I: "infantry", arcade.key.C: "cavalry", arcade.key.A: "artillery"}  # TW3.1: Shift removes
FACING_KEYS = {getattr(arcade.key, f"KEY_{i + 1}"): d for i, d in enumerate(DIRECTIONS)}
PLAYED = (E.RegimentMoved, E.RegimentBounced, E.ChargeMade, E.ShotFired, E.MeleeFought, E.RegimentDestroyed,
          E.RegimentDispersed, E.RoutStarted, E.MoraleChanged, E.RegimentsDeployed, E.ArmyBought, E.DiceRolled)
LOG_KEEP = 300  # the resolution lines kept for the panel's log (TW4.2: every step and roll reviewable)
LOG_SHOWN = 7  # of which the panel shows the latest


def centre(h: Cube) -> tuple[float, float]:
    """A hex's centre in world pixels: row 1 at the top (N up), column A at the left."""
    q, r = h
    return SIZE * 1.5 * q, -SIZE * SQRT3 * (r + q / 2)


def hex_at(x: float, y: float) -> Cube:
    q = x / (SIZE * 1.5)
    r = -y / (SIZE * SQRT3) - q / 2
    return _cube_round(q, r, -q - r)


def corners(x: float, y: float, size: float = SIZE) -> list[tuple[float, float]]:
    return [(x + size * math.cos(math.radians(60 * i)), y + size * math.sin(math.radians(60 * i))) for i in range(6)]


class TotalWarView(BaseView):
    """The game screen (built as View(window, session, canvas) by the client)."""

    def __init__(self, window: Any, session: Any, canvas: Any = None) -> None:
        super().__init__(window)
        self.session = session
        self.game = session.game
        self.rules: Any = self.game.world.rules
        board = self.rules.board
        self.width_hexes, self.height_hexes = board.width, board.height
        self.viewer: int = session.table_seat() or self._first_human()
        self.selected: str | None = None
        self.path: list[Cube] = []
        self.withdrawing = False  # the draft path is a withdrawal (W, or any path of an engaged regiment: TW5.4)
        self.facing: str = ""
        self.hover: Cube | None = None
        self.message = ""
        self.shown: dict[str, Regiment] = {}  # what the field shows: the view, or the playback's state
        self.queue: list[Any] = []  # resolution events still to play back
        self.flash: list[tuple[str, str, tuple[int, int, int]]] = []  # lines drawn for the step being played
        self.log: list[str] = []  # every step and roll played back, in words (the panel shows the latest)
        self.tally: dict[int, list[int]] = {}  # seat -> men lost, regiments gone, routing in this resolution
        self.shown_round = self.resolving_round = 0
        self._moves = (0, 0)  # the movement tick being shown and the regiments moved in it
        self.last_roll: E.DiceRolled | None = None  # the die drawn in the panel while its step shows
        self.paused = False
        self.clock = 0.0
        self.handed: tuple[int, str, int, bool] | None = None
        self.seen_at: tuple[int, int, bool] = (-1, 0, False)
        self.drawn_orders: list[str] = []  # regiments whose pending orders the last frame drew (tests read it)
        self._texts: dict[tuple[Any, ...], arcade.Text] = {}
        self._terrain_shapes: Any = None
        self._token_shapes: Any = None
        self._arc: tuple[Any, Any] | None = None
        self._token_signature: tuple[Any, ...] = ()
        self.labels = tokens.Labels()
        self.shown_stage = ""
        self.modal: Any = None  # a question to the seat at the table (game.ui.views.question.QuestionDialog)
        self.resolving = ""  # the phase whose resolution the playback shows
        self.hover_box: tokens.Box | None = None  # where the last frame put the hover label (tests read it)
        self.camera = arcade.Camera2D(viewport=arcade.LBWH(0, 0, window.width - PANEL, window.height))
        self._fit()
        self._refresh()
        self.focus_army()
        for seat in self.game.world.seats:  # read now: never from the engine while a computer seat thinks
            self.player_name(seat)

    # ----- the seat's view
    def _first_human(self) -> int:
        seats = list(self.game.world.seats)
        return next((s for s in seats if not self.session.seat_is_computer(s)), seats[0])

    def view(self) -> dict[str, Any]:
        from game.views import view_for

        return view_for(self.game, self.viewer)

    def _read(self) -> tuple[dict[str, Regiment], dict[Cube, str], dict[int, dict[str, Any]]]:
        regs: dict[str, Regiment] = {}
        ground: dict[Cube, str] = {}
        orders: dict[int, dict[str, Any]] = {}
        for comps in self.view()["entities"].values():
            data = comps.get("Regiment")
            if data is not None:
                reg = Regiment(**{**data, "hex": tuple(data["hex"])})
                regs[reg.name] = reg
            if "Field" in comps:
                ground = {parse_hex(k): v for k, v in comps["Field"]["terrain"].items()}
            if "SeatOrders" in comps:
                orders[comps["SeatOrders"]["seat"]] = comps["SeatOrders"]
        return regs, ground, orders

    def _refresh(self) -> None:
        self.shown, self.ground, self.seat_orders = self._read()
        if self.stage() == "muster" and not self.spectator():
            self.shown = self._with_draft(self.shown)
        self.shown_stage = self.stage()
        self.shown_round = self.game.world.clock.round
        self.seen_at = (self.game.revision, self.viewer, self.game.over)

    def _with_draft(self, shown: dict[str, Regiment]) -> dict[str, Regiment]:
        """While buying (TW3.1), the viewer's own side as the army it is buying stands in its line, not the
        default army the engine keeps until both sides are ready."""
        draft = army_regiments(self.rules, self.viewer, self.width_hexes, self.draft_army())
        return {**{n: r for n, r in shown.items() if r.seat != self.viewer}, **{r.name: r for r in draft}}

    def _refresh_if_changed(self) -> None:
        """A seat's view is a whole snapshot: taken again only after the game changed (a command accepted here or
        a network copy's new view: `Game.revision`) or the seat changed."""
        if self.seen_at != (self.game.revision, self.viewer, self.game.over):
            self._refresh()

    def stage(self) -> str:
        return str(self.game.world.clock.stage)

    def my_orders(self) -> list[dict[str, Any]]:
        return list(self.seat_orders.get(self.viewer, {}).get("orders", []))

    # ----- camera
    def _fit(self) -> None:
        w, h = self.window.width - PANEL, self.window.height - BANNER
        fw = SIZE * 1.5 * (self.width_hexes - 1) + 2 * SIZE
        fh = SIZE * SQRT3 * (self.height_hexes + 0.5)
        self.fit_zoom = min(w / fw, h / fh)
        self.camera.zoom = self.fit_zoom
        self.camera.position = (fw / 2 - SIZE, -fh / 2 + SIZE * SQRT3 / 2 + BANNER / 2 / self.fit_zoom)

    def focus_army(self) -> None:
        """Zoom in on the viewer's own regiments, where its orders are given (Z shows the whole field)."""
        mine = [centre(r.hex) for r in self.shown.values() if r.seat == self.viewer]
        if not mine:
            return
        self.camera.zoom = max(self.fit_zoom, FOCUS_ZOOM)
        x = sum(p[0] for p in mine) / len(mine)
        y = sum(p[1] for p in mine) / len(mine)
        middle = centre(from_offset(self.width_hexes // 2, self.height_hexes // 2))[1]
        y += (middle - y) * 0.35  # a little towards the enemy, keeping every own regiment in view
        half = (self.window.height - BANNER) / 2 / self.camera.zoom - SIZE * 1.5
        low, high = min(p[1] for p in mine), max(p[1] for p in mine)
        y = min(max(y, high - half), low + half) if high - low < 2 * half else (low + high) / 2
        self.camera.position = (x, y + BANNER / 2 / self.camera.zoom)

    def to_world(self, x: float, y: float) -> tuple[float, float]:
        p = self.camera.unproject((x, y))
        return float(p[0]), float(p[1])

    def to_screen(self, h: Cube) -> tuple[float, float]:
        """Camera2D.project for this camera (no rotation), without its matrix work: called per counter per frame."""
        wx, wy = centre(h)
        px, py = self.camera.position
        view = self.camera.viewport
        zoom = float(self.camera.zoom)
        return (wx - px) * zoom + view.left + view.width / 2, (wy - py) * zoom + view.bottom + view.height / 2

    def on_field(self, h: Cube) -> bool:
        from .hexes import on_field

        return on_field(h, self.width_hexes, self.height_hexes)

    # ----- drawing
    def text(self, value: str, x: float, y: float, color: Any, size: float, **style: Any) -> None:
        """A screen-pixel text whose look is fixed by (value, place, style): cached, never built per frame."""
        key = (value, round(x), round(y), tuple(color), size, tuple(sorted(style.items())))
        label = self._texts.get(key)
        if label is None:
            if len(self._texts) > 3000:
                self._texts.clear()
            label = self._texts[key] = arcade.Text(for_players(value), x, y, color, size, font_name=theme.FONT,
                                                   **style)
        label.draw()

    def seat_color(self, seat: int) -> tuple[int, int, int]:
        style = self.session.styles.get(seat)
        color = style.color if style is not None else (200, 200, 200)
        return (int(color[0]), int(color[1]), int(color[2]))

    def regiment_title(self, reg: Regiment) -> str:
        """TW2.5: colour (the player), type, number: "Red Infantry 1"."""
        return f"{self.player_name(reg.seat)} {reg.kind.capitalize()} {reg.number}"

    def title(self, name: str) -> str:
        """A regiment's title from its engine name ("1:infantry:2" -> "Red Infantry 2")."""
        seat, _, rest = name.partition(":")
        kind, _, number = rest.partition(":")
        if not seat.isdigit() or int(seat) not in self.game.world.seats:
            return name
        return f"{self.player_name(int(seat))} {kind.capitalize()} {number}"

    def _terrain(self) -> Any:
        """The field baked once into one picture: each hex its ground's art, soft where grounds meet (TW1.4)."""
        from game.ui.hex_bake import bake_hexes, field_sprites

        cells = [(*centre(h), self.ground.get(h, "plain")) for c in range(self.width_hexes)
                 for h in (from_offset(c, n) for n in range(1, self.height_hexes + 1))]
        self.baked = bake_hexes(cells, SIZE, True, self._art, TERRAIN)
        return field_sprites(self.baked, "total-war")

    def _art(self, terrain: str, size: int) -> Any:
        """A ground's art: the client's terrain pictures (ART), or drawn here for buildings."""
        if terrain == "buildings":
            return tokens.buildings_tile(size, TERRAIN["buildings"])
        assets = getattr(self.window, "assets", None)
        if assets is None:
            from PIL import Image

            return Image.new("RGBA", (size, size), (*TERRAIN.get(terrain, (90, 90, 90)), 255))
        return assets.terrain_tile(ART.get(terrain, terrain), False, size)

    def _tokens(self) -> Any:
        """Every shown regiment's counter in one shape list, rebuilt only when one of them changed."""
        regs = in_order(list(self.shown.values()))
        signature = tuple((r.name, r.hex, r.facing, r.men, r.morale, r.effective, r.rout_turns, r.deployed, r.general)
                          for r in regs)
        if self._token_shapes is None or signature != self._token_signature:
            shapes: Any = arcade.shape_list.ShapeElementList()
            for reg in regs:
                for shape in tokens.counter(reg, *centre(reg.hex), SIZE, self.seat_color(reg.seat),
                                            self.state_name(reg), self.rules.morale.max, centre):
                    shapes.append(shape)
            self._token_shapes, self._token_signature = shapes, signature
        return self._token_shapes

    def state_name(self, reg: Regiment) -> str:
        return state_of(reg.effective or reg.morale, self.rules, controlled=not reg.routing).name

    def screen_radius(self) -> float:
        return SIZE * float(self.camera.zoom)

    def token_boxes(self) -> list[tokens.Box]:
        """Each shown regiment's counter on the screen (left, bottom, right, top)."""
        r = self.screen_radius() * 0.85
        return [(x - r, y - r, x + r, y + r) for x, y in (self.to_screen(reg.hex) for reg in self.shown.values())]

    def order_boxes(self) -> list[tokens.Box]:
        """The hexes the draft path and the seat's own orders go through, on the screen (the label avoids them)."""
        hexes = list(self.path)
        for order in self.my_orders():
            hexes += [parse_hex(n) for n in order.get("path", ())]
            if order.get("hex"):
                hexes.append(parse_hex(order["hex"]))
        r = self.screen_radius() * 0.6
        return [(x - r, y - r, x + r, y + r) for x, y in (self.to_screen(h) for h in hexes)]

    def draw(self) -> None:
        """One frame (BaseView.on_draw calls it, then counts the frame: screenshots, headless frame limits)."""
        self.clear(color=(14, 16, 20, 255))
        self.camera.use()
        if self._terrain_shapes is None:
            self._terrain_shapes = self._terrain()
        self._terrain_shapes.draw()
        self._draw_selection()
        self._tokens().draw()
        self._draw_orders()
        for a, b, color in self.flash:
            if a == b and a in self.shown:  # a bounce: a ring where the regiment stayed
                arcade.draw_circle_outline(*centre(self.shown[a].hex), SIZE, color, 3)
            elif a in self.shown and b in self.shown:
                arcade.draw_line(*centre(self.shown[a].hex), *centre(self.shown[b].hex), color, 4)
                self._arrow_head(centre(self.shown[a].hex), centre(self.shown[b].hex), color)
        self.window.default_camera.use()
        self._draw_men()
        self._draw_banner()
        self._draw_hover()
        self.labels.draw_all()
        self._draw_die()
        self._draw_panel()
        if self.game.over and not self.queue:
            self._draw_victory()
        if self.modal is not None:
            self.modal.draw_content()

    def _draw_men(self) -> None:
        """Each counter's men under its symbol, in screen pixels (legible at any zoom; hidden when too small)."""
        radius = self.screen_radius()
        if radius < MIN_LABEL_RADIUS:
            return
        size = int(max(8, min(13, radius * 0.37)))
        field_right = self.window.width - PANEL
        for reg in self.shown.values():
            x, y = self.to_screen(reg.hex)
            if not (-radius < x < field_right + radius and -radius < y < self.window.height - BANNER):
                continue
            value = f"{reg.men} U" if not reg.deployed else str(reg.men)
            self.labels.put(reg.name, value, x, y - radius * 0.18, (255, 255, 255), size, anchor_x="center",
                             anchor_y="center", bold=True)

    def _draw_banner(self) -> None:
        """The phase and who is ready, across the top of the field (TW4.1 steps, TW4.2 secret orders)."""
        field_w = self.window.width - PANEL
        top = self.window.height
        arcade.draw_lrbt_rectangle_filled(0, field_w, top - BANNER, top, (12, 14, 20, 215))
        title = "Resolving: " + RESOLVING.get(self.resolving, "") if self.queue else PHASES.get(self.stage(), self.stage())
        if self.game.over:
            title = "Battle over"
        elif not self.session.busy and not self.queue and self.game.asking:  # busy: the engine is the worker's
            title = "A question waits for an answer"
        self.labels.put("banner", f"Round {self.game.world.clock.round}   {title}", 12, top - BANNER / 2,
                         theme.TEXT, 13, anchor_y="center", bold=True)
        x = field_w - 12
        seats = list(self.game.world.seats)
        # each seat's chip shares the banner right of the title (BANNER_TITLE_W): a long name is cut, not drawn
        # over the title; ": giving orders" keeps its room (CHIP_WORDS_W)
        name_w = (field_w - BANNER_TITLE_W) / max(1, len(seats)) - 24 - CHIP_WORDS_W
        for seat in reversed(seats) if not (self.queue or self.game.over) else ():
            ready = self.seat_orders.get(seat, {}).get("ready", False)
            word = "READY" if ready else "giving orders"
            name = fit_words(self.player_name(seat), name_w, 10, bold=True)
            label = self.labels.put(f"chip{seat}", f"{name}: {word}", 0, top - BANNER / 2,
                                    (255, 255, 255), 10, anchor_y="center", bold=True)
            width = label.content_width + 16
            label.x = x - width + 8
            arcade.draw_lrbt_rectangle_filled(x - width, x, top - BANNER + 6, top - 6,
                                              (40, 120, 60) if ready else (60, 64, 76))
            arcade.draw_lrbt_rectangle_outline(x - width, x, top - BANNER + 6, top - 6, self.seat_color(seat), 2)
            x -= width + 8

    def hover_lines(self) -> list[str]:
        """What the hover label says: the hex (TW1.4 terrain) and the regiment on it (TW4.2: all public)."""
        if self.hover is None or not self.on_field(self.hover):
            return []
        kind = self.ground.get(self.hover, "plain")
        ground = self.rules.ground[kind]
        lines = [f"{hex_name(self.hover)}  {kind}: move {ground.move_cost:g}, damage {ground.cover}%"]
        reg = next((r for r in self.shown.values() if r.hex == self.hover), None)
        if reg is not None:
            lines.append(self.regiment_title(reg) + ("  (general)" if reg.general else ""))
            lines.append(f"{reg.men}/{reg.start_men or reg.men} men, morale {reg.effective or reg.morale} "
                         f"{self.state_name(reg)}")
            lines.append(f"facing {reg.facing}" + ("" if reg.deployed else ", undeployed (U)")
                         + (f", routing {reg.rout_turns} more" if reg.routing else ""))
        return lines

    def _draw_hover(self) -> None:
        """The hover label, placed clear of every counter (tokens.place_label)."""
        self.hover_box = None
        lines = self.hover_lines()
        if not lines:
            return
        texts = [self.labels.put(f"hover{i}", line, 0, 0, theme.TEXT, 11 if i else 12, anchor_y="top", bold=i == 0)
                 for i, line in enumerate(lines)]
        width = max(t.content_width for t in texts) + 18
        height = len(lines) * 17 + 10
        area = (4.0, 4.0, self.window.width - PANEL - 4.0, self.window.height - BANNER - 4.0)
        assert self.hover is not None
        box = tokens.place_label(self.to_screen(self.hover), self.screen_radius(), (width, height),
                                 self.token_boxes() + self.order_boxes(), area)
        self.hover_box = box
        arcade.draw_lrbt_rectangle_filled(box[0], box[2], box[1], box[3], (16, 18, 26, 235))
        arcade.draw_lrbt_rectangle_outline(box[0], box[2], box[1], box[3], (200, 200, 210), 1)
        for i, label in enumerate(texts):
            label.position = (box[0] + 9, box[3] - 6 - 17 * i)

    def _draw_victory(self) -> None:
        """TW12: the outcome over the field, once the last resolution has been played back."""
        cx, cy = (self.window.width - PANEL) / 2, self.window.height / 2
        arcade.draw_lrbt_rectangle_filled(cx - 260, cx + 260, cy - 50, cy + 50, (10, 12, 18, 225))
        winner = self.game.world.clock.winner
        color = self.seat_color(winner) if winner else (230, 230, 230)
        self.text(self.outcome_text(), cx, cy + 6, color, 22, anchor_x="center", bold=True)
        self.text(f"after round {self.game.world.clock.round}", cx, cy - 28, theme.TEXT, 12, anchor_x="center")

    def _draw_orders(self) -> None:
        """The seat's own pending orders as arrows (paths, placements, volleys, attacks); nobody else's."""
        self.drawn_orders = []
        for order in self.my_orders():
            reg = self.shown.get(order.get("regiment", ""))
            if reg is None or reg.seat != self.viewer:
                continue
            self.drawn_orders.append(reg.name)
            kind = order["type"]
            if kind == "Move":
                points = [centre(reg.hex)] + [centre(parse_hex(n)) for n in order["path"]]
                color = (255, 255, 120) if order["kind"] == "move" else (120, 200, 255)
                if len(points) > 1:
                    arcade.draw_line_strip(points, color, 3)
                    self._arrow_head(points[-2], points[-1], color)
                if order.get("facing"):
                    end = points[-1]
                    fx, fy = centre(VECTORS[order["facing"]])
                    arcade.draw_line(*end, end[0] + fx * 0.6, end[1] + fy * 0.6, (255, 255, 255), 2)
            elif kind in ("Place", "Fire"):
                target = centre(parse_hex(order["hex"]))
                color = (255, 255, 120) if kind == "Place" else (255, 90, 60)
                arcade.draw_line(*centre(reg.hex), *target, color, 3)
                self._arrow_head(centre(reg.hex), target, color)
            elif kind == "Attack" and order["target"] in self.shown:
                target = centre(self.shown[order["target"]].hex)
                arcade.draw_line(*centre(reg.hex), *target, (255, 40, 200), 4)
                self._arrow_head(centre(reg.hex), target, (255, 40, 200))

    @staticmethod
    def _arrow_head(a: tuple[float, float], b: tuple[float, float], color: Any) -> None:
        dx, dy = b[0] - a[0], b[1] - a[1]
        length = math.hypot(dx, dy) or 1.0
        ux, uy = dx / length, dy / length
        arcade.draw_triangle_filled(b[0], b[1], b[0] - ux * 10 - uy * 6, b[1] - uy * 10 + ux * 6,
                                    b[0] - ux * 10 + uy * 6, b[1] - uy * 10 - ux * 6, color)

    def _draw_selection(self) -> None:
        """The selected regiment's draft path, and the hovered regiment's firing arc and range (TW2.2, TW8.2)."""
        if self.selected in self.shown:
            arcade.draw_polygon_outline(corners(*centre(self.shown[self.selected].hex)), (255, 255, 255), 3)
            reg = self.shown[self.selected]
            color = (120, 200, 255) if self.path and self.path_kind(reg) == "withdraw" else (255, 255, 120)
            for h in self.path:
                arcade.draw_polygon_outline(corners(*centre(h), SIZE * 0.8), color, 2)
        hovered = next((r for r in self.shown.values() if r.hex == self.hover), None)
        if hovered is not None:
            self._arc_shapes(hovered).draw()

    def _arc_shapes(self, reg: Regiment) -> Any:
        """The regiment's firing arc within its range (TW2.2, TW8.1) as one shape list, kept while it stands."""
        key = (reg.hex, reg.facing, reg.kind)
        if self._arc is None or self._arc[0] != key:
            shapes: Any = arcade.shape_list.ShapeElementList()
            unit = self.rules.units[reg.kind]
            reach = getattr(unit, "fire_max", 0) or 0
            low = getattr(unit, "fire_min", 0) or 0
            q0, r0 = reg.hex
            for dq in range(-reach, reach + 1) if unit.arc != "none" else ():
                for dr in range(-reach, reach + 1):
                    h = (q0 + dq, r0 + dr)
                    if low <= distance(h, reg.hex) <= reach and self.on_field(h) and in_arc(reg.hex, reg.facing, h,
                                                                                              unit.arc):
                        shapes.append(arcade.shape_list.create_polygon(corners(*centre(h), SIZE * 0.9),
                                                                       (255, 255, 255, 40)))
            self._arc = (key, shapes)
        return self._arc[1]

    def _draw_panel(self) -> None:
        w, h = self.window.width, self.window.height
        left = w - PANEL
        arcade.draw_lrbt_rectangle_filled(left, w, 0, h, theme.PANEL_BG)
        y = h - 34
        names = {s: self.player_name(s) for s in self.game.world.seats}
        title = "resolving" if self.queue else self.stage()  # the playback shows the phase just resolved
        if self.spectator():
            self.text(fit_words(f"Watching - {title}", PANEL - 28, 16, bold=True), left + 14, y, theme.TEXT, 16,
                      bold=True)
        else:
            self.text(fit_words(f"{names[self.viewer]} - {title}", PANEL - 28, 16, bold=True), left + 14, y,
                      self.seat_color(self.viewer), 16, bold=True)
        y -= 26
        self.text(f"Round {self.game.world.clock.round}", left + 14, y, theme.TEXT, 11)
        y -= 22
        current = self.turn_step()
        for i, (_, step) in enumerate(TURN_STEPS):  # TW4.1: where the turn stands
            if i == current:
                arcade.draw_lrbt_rectangle_filled(left + 8, w - 8, y - 5, y + 14, (70, 80, 110))
            self.text(step, left + 14, y, theme.TEXT if i == current else (140, 146, 160), 11, bold=i == current)
            y -= 20
        y -= 6
        if self.stage() == "muster" and not self.queue and not self.spectator():
            y = self._draw_buying(left, y)
        lines = ["You are watching this battle"] if self.spectator() else self._selection_lines()
        if self.queue:
            lines.append(f"Playing back: {len(self.queue)} events left" + (" (paused)" if self.paused else ""))
            lines.append("Space pause, Right arrow step")
        if self.game.over:
            lines.append(self.outcome_text())
        if self.message:
            lines.append(self.message)
        for line in (part for whole in lines for part in textwrap.wrap(for_players(whole), PANEL_WRAP) or [""]):
            self.text(line, left + 14, y, theme.TEXT, 10)
            y -= 18
        self._draw_log(left, y - 6, 72 if not (self.game.over or self.spectator()) else 12)
        if self.game.over or self.spectator():
            return
        x0, y0, x1, y1 = self.ready_box()
        mine = self.seat_orders.get(self.viewer, {}).get("ready", False)
        arcade.draw_lrbt_rectangle_filled(x0, x1, y0, y1, (60, 150, 70) if not mine else (90, 90, 90))
        self.text("Ready (Enter)" if not mine else "Ready — U to revise", (x0 + x1) / 2, y0 + 12,
                  (255, 255, 255), 12, anchor_x="center", bold=True)

    def log_rows(self, top: float, bottom: float) -> list[str]:
        """The latest log lines, wrapped, as many as fit between `top` and `bottom` (newest last)."""
        room = int((top - bottom) // 15) - 1
        rows: list[str] = []
        for entry in reversed(self.log[-LOG_SHOWN:]):
            parts = textwrap.wrap(entry, LOG_WRAP) or [""]
            if len(rows) + len(parts) > room:
                break
            rows[:0] = parts
        return rows

    def _draw_log(self, left: float, top: float, bottom: float) -> None:
        """TW4.2: the resolution's latest steps and rolls in words (the whole game's in `self.log`)."""
        rows = self.log_rows(top, bottom)
        if not rows:
            return
        self.text("Log", left + 14, top - 10, (180, 186, 200), 10, bold=True)
        y = top - 26
        for row in rows:
            self.text(row, left + 14, y, (170, 176, 190), 9)
            y -= 15

    def _draw_die(self) -> None:
        """TW4.2: the roll being played back, as a die over the regiment that rolled it."""
        roll = self.last_roll
        if roll is None or roll.regiment not in self.shown or not self.queue:
            return
        x, y = self.to_screen(self.shown[roll.regiment].hex)
        r = self.screen_radius()
        x0, y0 = x + r * 0.5, y + r * 0.5
        fill = (240, 240, 235) if roll.success else (130, 130, 130)
        arcade.draw_lrbt_rectangle_filled(x0, x0 + 30, y0, y0 + 30, fill)
        arcade.draw_lrbt_rectangle_outline(x0, x0 + 30, y0, y0 + 30, (20, 20, 20), 2)
        self.text(str(roll.value), x0 + 15, y0 + 8, (20, 20, 20), 13 if roll.value < 100 else 9, anchor_x="center",
                  bold=True)
        if roll.need:
            self.text(f"{roll.need}+", x0 + 34, y0 + 9, (255, 255, 255), 10, bold=True)

    def turn_step(self) -> int:
        """The TW4.1 step shown as current: a phase's orders, or its resolution while played back."""
        stage = self.resolving if self.queue else self.stage()
        steps = [i for i, (phase, _) in enumerate(TURN_STEPS) if phase == stage]
        if not steps:
            return -1
        return steps[-1] if self.queue else steps[0]

    def draft_army(self) -> tuple[str, ...]:
        """The army the viewer is buying (TW3.1): its Buy order, else the default army it would keep."""
        for order in self.my_orders():
            if order.get("type") == "Buy":
                return tuple(order["army"])
        return tuple(self.rules.army.default)

    def buy_boxes(self) -> dict[tuple[str, int], tuple[float, float, float, float]]:
        """The panel's - and + buttons per regiment type (left, bottom, right, top), from the top of the list."""
        right = self.window.width - 14
        boxes: dict[tuple[str, int], tuple[float, float, float, float]] = {}
        top = self.window.height - 34 - 26 - 22 - 20 * len(TURN_STEPS) - 6 - 24
        for i, kind in enumerate(self.rules.units):
            y = top - 30 * i
            boxes[(kind, -1)] = (right - 64, y - 6, right - 36, y + 18)
            boxes[(kind, 1)] = (right - 28, y - 6, right, y + 18)
        return boxes

    def _draw_buying(self, left: float, y: float) -> float:
        """TW3.1: the army being bought, type by type, with - and + buttons and the points spent."""
        army = self.draft_army()
        cost = sum(self.rules.units[k].cost for k in army)
        self.text(f"Army: {cost}/{self.rules.army.points} points", left + 14, y, theme.TEXT, 12, bold=True)
        boxes = self.buy_boxes()
        for kind, unit in self.rules.units.items():
            x0, y0, x1, y1 = boxes[(kind, 1)]
            self.text(f"{unit.name} x{army.count(kind)}  ({unit.cost} each)", left + 14, y0 + 6, theme.TEXT, 11)
            for delta in (-1, 1):
                b = boxes[(kind, delta)]
                arcade.draw_lrbt_rectangle_filled(b[0], b[2], b[1], b[3], (70, 80, 110))
                self.text("+" if delta > 0 else "-", (b[0] + b[2]) / 2, b[1] + 6, (255, 255, 255), 12,
                          anchor_x="center", bold=True)
        return boxes[(list(self.rules.units)[-1], 1)][1] - 22

    def buy(self, kind: str, delta: int) -> bool:
        """Add (delta 1) or remove (-1) one regiment of `kind` from the army being bought: a revised Buy."""
        army = list(self.draft_army())
        if delta > 0:
            army.append(kind)
        elif kind in army:
            army.reverse()
            army.remove(kind)
            army.reverse()
        else:
            return False
        return self.submit(Buy(tuple(army)))

    def _selection_lines(self) -> list[str]:
        if self.stage() == "muster":
            return ["Keys I, C, A add infantry, cavalry, artillery (Shift removes one); or use the buttons. The "
                    "first infantry is the general. Hidden until both are ready."]
        lines = [f"Orders given: {len(self.my_orders())}"]
        reg = self.shown.get(self.selected or "")
        if reg is None:
            return [*lines, "Click one of your regiments"]
        lines.append(self.regiment_title(reg) + (" (general)" if reg.general else ""))
        lines.append(f"{reg.men} men, morale {reg.effective or reg.morale} {self.state_name(reg)}")
        lines.append(f"facing {reg.facing}" + ("" if reg.deployed else ", undeployed (U)"))
        if self.stage() == "movement":
            regs = list(self.shown.values())
            mp = movement_points(reg, self.rules, reg.effective, engaged(reg, regs))
            cost = path_cost(tuple(self.path), self.ground, self.rules) if self.path else 0
            kind = "withdrawal" if self.path_kind(reg) == "withdraw" else "path"
            lines.append(f"{kind} {plural(len(self.path), 'hex', 'hexes')}, cost {cost}/{mp} MP")
            if self.is_engaged(reg):
                lines.append("engaged: it may only hold or withdraw; click the hexes to withdraw through")
            lines.append("1-6 facing, H hold, W withdraw")
        elif self.stage() == "combat":
            lines.append("click an enemy: fire, or melee if adjacent")
        elif self.stage() == "deploy":
            lines.append("click a hex of your zone to place it")
        return lines

    def ready_box(self) -> tuple[float, float, float, float]:
        left = self.window.width - PANEL + 14
        return left, 20, left + PANEL - 28, 60

    def player_name(self, seat: int) -> str:
        """The seat's name, read from the engine once (the panel asks every frame, also while a computer seat thinks
        on the worker thread, when the engine must not be read: game.ui.session)."""
        from systems import queries as q

        known: dict[int, str] = self.__dict__.setdefault("_names", {})
        if seat not in known:
            self.game.world.activate()
            known[seat] = str(q.player(self.game.world, seat).name)
        return known[seat]

    def outcome_text(self) -> str:
        winner = self.game.world.clock.winner
        return f"{self.player_name(winner)} wins" if winner else "The battle ends in a draw"

    # ----- the flow: events, playback, computers, hand-over
    def animating(self) -> bool:
        """Events play back, or the lines of the step just played still show: the window keeps drawing."""
        return bool(self.queue and not self.paused) or bool(self.flash)

    def on_update(self, delta_time: float) -> None:
        if self.session.busy:
            return
        self._take_events()
        if self.queue:
            self.clock += delta_time
            if not self.paused and self.clock >= STEP:
                self.play_step()
            return
        self.flash = []
        if self.game.over:
            self._refresh_if_changed()
            return
        if self.session.computer_to_move():
            self.session.start_computer()
            self._take_events()
            return
        seat = self.session.table_seat()
        asking = self.game.asking
        now = (self.game.world.clock.round, self.stage(), seat, asking)
        if seat is not None and self.handed is not None and self.handed[:3] == now[:3]:
            self.handed = now  # a question to the seat already at the table: no hand-over
        if seat is not None and self.handed != now:
            self._hand_over(seat)
            return
        self._refresh_if_changed()
        if asking and seat is not None and self.modal is None and self.window.current_view is self:
            self._ask(seat)

    def _ask(self, seat: int) -> None:
        """A question (systems.prompts) waits for the seat at the table: a dialog over the field (its keys 1..n,
        Enter the default, or its buttons); the answer goes to the engine as that seat's Answer."""
        import functools

        from game.ui.views.question import QuestionDialog
        from systems.prompts import pending

        for entity, prompt in pending(self.game.world):
            if seat in prompt.seats and not prompt.given[prompt.seats.index(seat)]:
                self.modal = QuestionDialog(seat, prompt.question, prompt.answers, prompt.default,
                                            functools.partial(self._answered, entity),
                                            (self.window.width, self.window.height))
                return

    def _answered(self, prompt: int, answer: str) -> None:
        from components.seats import Answer

        self.modal = None
        self.submit(Answer(prompt, answer))

    def _take_events(self) -> None:
        from game.views import events_for

        events = events_for(self.game, self.viewer, self.session.take_events())
        if not self.queue:
            self.resolving = self.shown_stage  # the phase whose resolution is about to be played back
            self.resolving_round = self.shown_round
        self.queue.extend(e for e in events if isinstance(e, PLAYED))

    def play_step(self) -> None:
        """Show the next step on the field (the state before the resolution, changed one step at a time): all
        moves of one movement tick together (TW6.2), all morale changes together, every other event alone."""
        self.clock = 0.0
        self.flash = []
        if not self.queue:
            return
        first = self.queue[0]
        while self.queue:
            event = self.queue[0]
            if event is not first and not _same_step(first, event):
                break
            self._show(self.queue.pop(0))
        if not self.queue:
            summary = self.summary_lines()
            if summary and self.resolving in ("movement", "combat"):
                what = "Movement" if self.resolving == "movement" else "Combat"
                self.message = f"{what} resolved: " + "; ".join(summary)
                self.log.append(f"Round {self.resolving_round}: {self.message}")
            else:
                self.message = ""  # the last step's words do not stay under the next orders
            self.tally = {}
            self._refresh()

    def _show(self, event: Any) -> None:
        self._show_step(event)
        self._tally(event)
        line = f"Round {self.resolving_round}: {for_players(self.message)}"
        if isinstance(event, E.RegimentMoved) and self.log and self._moves[1] > 1:
            self.log[-1] = line  # one line per movement tick, counting its moves
        elif self.message and not (self.log and self.log[-1] == line):  # one line for a morale step
            self.log.append(line)
            del self.log[:-LOG_KEEP]

    def _tally(self, event: Any) -> None:
        """The resolution's totals per seat, for the summary once it has all been shown."""
        totals = self.tally
        if isinstance(event, E.ShotFired):
            seat = self._seat_of(event.target)
            totals.setdefault(seat, [0, 0, 0])[0] += event.men
        elif isinstance(event, E.MeleeFought):
            totals.setdefault(self._seat_of(event.target), [0, 0, 0])[0] += event.dealt
            totals.setdefault(event.seat, [0, 0, 0])[0] += event.lost
        elif isinstance(event, E.RegimentDestroyed | E.RegimentDispersed):
            totals.setdefault(event.seat, [0, 0, 0])[1] += 1
        elif isinstance(event, E.RoutStarted):
            totals.setdefault(event.seat, [0, 0, 0])[2] += 1

    def _seat_of(self, name: str) -> int:
        seat = name.partition(":")[0]
        return int(seat) if seat.isdigit() else 0

    def summary_lines(self) -> list[str]:
        """The turn's resolution in a line per side: men lost, regiments gone and routing (TW4.2)."""
        lines = []
        for seat in self.game.world.seats:
            lost, gone, routed = self.tally.get(seat, [0, 0, 0])
            if lost or gone or routed:
                parts = [f"lost {lost} men"] + ([f"{gone} regiment{'s' if gone != 1 else ''} gone"] if gone else []) + (
                    [f"{routed} routing"] if routed else [])
                lines.append(f"{self.player_name(seat)} {', '.join(parts)}")
        return lines

    def _show_step(self, event: Any) -> None:
        shown = self.shown
        if not isinstance(event, E.DiceRolled):
            self.last_roll = None
        if isinstance(event, E.RegimentMoved) and event.regiment in shown:
            shown[event.regiment] = replace(shown[event.regiment], hex=parse_hex(event.destination))
            tick, moved = self._moves
            self._moves = (event.tick, moved + 1 if tick == event.tick else 1)
            self.message = f"movement step {event.tick}: {plural(self._moves[1], 'regiment')} moved"
        elif isinstance(event, E.RegimentBounced):
            self.flash.append((event.regiment, event.regiment, (255, 255, 255)))
            self.message = f"{self.title(event.regiment)} bounces at {event.at}"
        elif isinstance(event, E.ChargeMade):
            self.flash.append((event.regiment, event.target, (255, 40, 200)))
            self.message = f"{self.title(event.regiment)} charges {self.title(event.target)}"
        elif isinstance(event, E.ShotFired) and event.target in shown:
            target = shown[event.target]
            shown[event.target] = replace(target, men=max(0, target.men - event.men))
            self.flash.append((event.regiment, event.target, (255, 90, 60)))
            self.message = f"{self.title(event.regiment)} fires at {self.title(event.target)}: {event.men} men"
        elif isinstance(event, E.MeleeFought) and event.target in shown:
            target = shown[event.target]
            shown[event.target] = replace(target, men=max(0, target.men - event.dealt))
            self.flash.append((event.regiment, event.target, (255, 40, 200)))
            self.message = f"{self.title(event.regiment)} fights {self.title(event.target)}: {event.dealt} men"
        elif isinstance(event, E.RegimentDestroyed | E.RegimentDispersed):
            shown.pop(event.regiment, None)
            self.message = f"{self.title(event.regiment)} {'destroyed' if isinstance(event, E.RegimentDestroyed) else 'disperses'}"
        elif isinstance(event, E.MoraleChanged) and event.regiment in shown:
            shown[event.regiment] = replace(shown[event.regiment], morale=event.morale, effective=event.effective)
            self.message = "morale step"
        elif isinstance(event, E.RoutStarted):
            self.message = f"{self.title(event.regiment)} routs"
        elif isinstance(event, E.RegimentsDeployed):
            self.message = "the armies are deployed"
        elif isinstance(event, E.DiceRolled):
            self.last_roll = event
            if event.target in shown and event.regiment in shown:
                self.flash.append((event.regiment, event.target, (230, 230, 230) if event.success else (120, 120, 120)))
            self.message = E.roll_words(event, self.title)
        elif isinstance(event, E.ArmyBought):
            self.message = (f"{self.player_name(event.seat)} bought {event.infantry} infantry, {event.cavalry} cavalry,"
                            f" {event.artillery} artillery")


    def spectator(self) -> bool:
        """A network spectator's window: the public view, no seat to give orders for."""
        return bool(getattr(self.session, "remote", False)) and getattr(self.session, "seat", 0) is None

    def hot_seat(self) -> bool:
        if getattr(self.session, "remote", False):
            return False  # a network game: each player has a window of their own, no hand-over screen
        return sum(not self.session.seat_is_computer(s) for s in self.game.world.alive_seats()) >= 2

    def _hand_over(self, seat: int) -> None:
        """A new human seat at the table: in hot-seat the client's hand-over screen hides the field first."""
        self.handed = (self.game.world.clock.round, self.stage(), seat, self.game.asking)
        moved = seat != self.viewer
        self.viewer, self.selected, self.path = seat, None, []
        self._refresh()
        if moved:
            self.focus_army()
        if self.hot_seat():
            from game.ui.views.handover import HandoverView

            self.window.show_view(HandoverView(seat, self.player_name(seat), lambda: self.window.show_view(self),
                                               self.game.world.clock.round, color=self.seat_color(seat),
                                               purpose="a question for you" if self.game.asking else "your orders"))

    # ----- input
    def submit(self, command: Any) -> bool:
        result = self.session.submit(command)
        self.message = "" if result.ok else for_players(str(result.reason))
        self._take_events()
        if not self.queue:
            self._refresh()
        return bool(result.ok)

    def can_act(self) -> bool:
        return (not self.session.busy and not self.game.over and not self.queue and not self.game.asking
                and self.session.table_seat() == self.viewer)

    def on_mouse_motion(self, x: float, y: float, dx: float, dy: float) -> None:
        self.hover = hex_at(*self.to_world(x, y)) if x < self.window.width - PANEL else None

    def on_mouse_drag(self, x: float, y: float, dx: float, dy: float, buttons: int, modifiers: int) -> None:
        if buttons & arcade.MOUSE_BUTTON_RIGHT:
            px, py = self.camera.position
            self.camera.position = (px - dx / self.camera.zoom, py - dy / self.camera.zoom)

    def on_mouse_scroll(self, x: int, y: int, scroll_x: float, scroll_y: float) -> None:
        self.camera.zoom = max(0.3, min(4.0, self.camera.zoom * (1.15 if scroll_y > 0 else 1 / 1.15)))

    def on_mouse_press(self, x: float, y: float, button: int, modifiers: int) -> None:
        if self.modal is not None:
            self.modal.on_mouse_press(x, y, button, modifiers)
            return
        if button != arcade.MOUSE_BUTTON_LEFT:
            return
        x0, y0, x1, y1 = self.ready_box()
        if x0 <= x <= x1 and y0 <= y <= y1:
            self.ready()
            return
        if self.stage() == "muster" and self.can_act():
            for (kind, delta), (b0, b1, b2, b3) in self.buy_boxes().items():
                if b0 <= x <= b2 and b1 <= y <= b3:
                    self.buy(kind, delta)
                    return
        if x >= self.window.width - PANEL or not self.can_act():
            return
        self.click_hex(hex_at(*self.to_world(x, y)))

    def click_hex(self, h: Cube) -> None:
        here = next((r for r in self.shown.values() if r.hex == h), None)
        if here is not None and here.seat == self.viewer and (self.stage() != "deploy" or self.selected is None):
            self.selected, self.path, self.facing = here.name, [], ""
            self.withdrawing = self.is_engaged(here)
            return
        reg = self.shown.get(self.selected or "")
        if reg is None:
            return
        stage = self.stage()
        if stage == "deploy":
            if self.submit(Place(reg.name, hex_name(h))):
                self.selected = None
        elif stage == "movement":
            end = self.path[-1] if self.path else reg.hex
            if distance(end, h) != 1:
                self.message = f"{hex_name(h)} is not next to {hex_name(end)}"
                return
            self.path.append(h)
            if not self.submit(Move(reg.name, self.path_kind(reg), tuple(hex_name(p) for p in self.path),
                                    self.facing)):
                self.path.pop()
        elif stage == "combat" and here is not None and here.seat != self.viewer:
            if distance(here.hex, reg.hex) == 1:
                self.submit(Attack(reg.name, here.name))
            else:
                self.submit(Fire(reg.name, hex_name(h)))

    def is_engaged(self, reg: Regiment) -> bool:
        """TW5.4: next to an enemy at the start of the turn (the field shown while orders are given)."""
        return engaged(reg, list(self.shown.values()))

    def path_kind(self, reg: Regiment) -> str:
        """The kind of order the draft path is: a withdrawal after W or for an engaged regiment, else a move."""
        return "withdraw" if self.withdrawing or self.is_engaged(reg) else "move"

    def ready(self) -> None:
        if self.can_act():
            self.submit(Ready())
            self.selected, self.path = None, []

    def settled(self) -> bool:
        """The resolution has been played back (the shell's victory screen waits for it)."""
        return not self.queue

    def key_actions(self) -> list[tuple[str, int, int]]:
        """The keys that act now, for the client shell's buttons (every action has a button as well as a key)."""
        key = arcade.key
        out: list[tuple[str, int, int]] = []
        if self.queue:
            out += [("Go on [Space]" if self.paused else "Pause [Space]", key.SPACE, 0), ("Step [Right]", key.RIGHT, 0)]
        out.append(("Whole field [Z]", key.Z, 0))
        reg = self.shown.get(self.selected or "")
        if reg is not None and self.can_act() and self.stage() == "movement" and not self.queue:
            out.append(("Hold [H]", key.H, 0))
            if self.path:
                out += [("Withdraw [W]", key.W, 0), ("Back a step [Bksp]", key.BACKSPACE, 0)]
            out += [(f"{direction} [{n}]", symbol, 0) for n, (symbol, direction) in enumerate(FACING_KEYS.items(), 1)]
        if not self.session.busy and not self.game.over and not self.queue and self.viewer in self.game.world.seats \
                and self.game.awaiting_orders and self.viewer not in self.game.unready_seats():
            out.append(("Unready [U]", key.U, 0))
        return out

    def selection_active(self) -> bool:
        """Esc answers the screen's own dialog or clears a selected regiment first; with neither the client's shell
        opens the game menu."""
        return self.modal is not None or self.selected is not None or bool(self.path)

    def on_key_press(self, symbol: int, modifiers: int) -> None:
        if self.modal is not None:
            self.modal.on_key_press(symbol, modifiers)
            return
        if symbol == arcade.key.SPACE:
            self.paused = not self.paused
            return
        if symbol == arcade.key.RIGHT:
            self.play_step()
            return
        if symbol == arcade.key.ENTER:
            self.ready()
            return
        if symbol == arcade.key.U:
            if not self.session.busy and not self.game.over and not self.queue:  # the viewer's own Ready back
                result = self.game.submit(Unready(), seat=self.viewer)
                self.message = "" if result.ok else for_players(str(result.reason))
                self._refresh()
            return
        if symbol == arcade.key.Z:
            if self.camera.zoom > self.fit_zoom:
                self._fit()
            else:
                self.focus_army()
            return
        if symbol == arcade.key.ESCAPE:
            self.selected, self.path = None, []
            return
        if symbol in BUY_KEYS and self.stage() == "muster" and self.can_act():
            self.buy(BUY_KEYS[symbol], -1 if modifiers & arcade.key.MOD_SHIFT else 1)
            return
        reg = self.shown.get(self.selected or "")
        if reg is None or not self.can_act() or self.stage() != "movement":
            return
        path = tuple(hex_name(p) for p in self.path)
        if symbol in FACING_KEYS:
            self.facing = FACING_KEYS[symbol]
            self.submit(Move(reg.name, self.path_kind(reg) if path else "hold", path, self.facing))
        elif symbol == arcade.key.H:
            self.path, self.withdrawing = [], self.is_engaged(reg)
            self.submit(Move(reg.name, "hold", (), self.facing))
        elif symbol == arcade.key.W:
            # W makes the draft path a withdrawal; without a path yet, the next clicks draw one (TW5.1)
            self.withdrawing = True
            if path:
                self.submit(Move(reg.name, "withdraw", path, self.facing))
            else:
                self.message = "Withdraw: click the hexes of its path"
        elif symbol == arcade.key.BACKSPACE and self.path:
            self.path.pop()
            path = tuple(hex_name(p) for p in self.path)
            self.submit(Move(reg.name, self.path_kind(reg) if path else "hold", path, self.facing))


def _same_step(first: Any, event: Any) -> bool:
    """Whether `event` is shown in the same playback step as `first`."""
    moves = (E.RegimentMoved, E.RegimentBounced)
    if isinstance(first, moves) and isinstance(event, moves):
        return bool(first.tick == event.tick)
    return isinstance(first, E.MoraleChanged) and isinstance(event, E.MoraleChanged)
