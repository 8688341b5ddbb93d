"""Base choice: each seat in turn clicks a territory of its highlighted start zone; computers choose alone; the
shell's game menu, saves and help as on every game screen."""

from __future__ import annotations

from typing import TYPE_CHECKING

import arcade

from components.commands import ChooseBase
from game.ui import theme
from game.ui.map_canvas import MapCanvas
from game.ui.session import Session
from game.ui.shell import BAR_H, Shell
from game.ui.views.base import BaseView
from game.ui.widgets import Label, UiLayer
from systems import queries as q

if TYPE_CHECKING:  # the window shows the views; they only name its type
    from game.ui.client_window import ClientWindow as GameWindow

DRAG_BUTTONS = (arcade.MOUSE_BUTTON_RIGHT, arcade.MOUSE_BUTTON_MIDDLE)


class BaseChoiceView(BaseView):
    """Shows the current seat's start zone; a click on a valid territory places its flag (R1.3)."""

    def __init__(self, window: GameWindow, session: Session, canvas: MapCanvas) -> None:
        super().__init__(window)
        self.session = session
        self.canvas = canvas
        self.camera = canvas.camera
        self.ui = ui = UiLayer(window.assets)
        width, height = window.width, window.height
        x0 = width - theme.PANEL_WIDTH
        left = x0 + theme.PAD
        inner = theme.PANEL_WIDTH - 2 * theme.PAD
        ui.rect_sprite((x0, 0, theme.PANEL_WIDTH, height), theme.PANEL_BG)
        ui.rect_sprite((x0, 0, 2, height), theme.DIVIDER)
        self.strip = ui.rect_sprite((x0 + 2, height - 60, 6, 52), theme.TEXT)
        self.flag = ui.icon_sprite(window.assets.flag("pennant"), left + 22, height - 34, 30)
        self.name = Label(ui, left + 44, height - 30, "", 15, bold=True)
        self.stage = Label(ui, left + 44, height - 50, "Choose your base", 10, theme.TEXT_DIM)
        self.help = Label(ui, left, height - 90, "", 11, width=inner)
        self.reason = Label(ui, left, height - 200, "", 11, theme.TEXT_BAD, width=inner)
        self.seats: list[Label] = []
        for i, _seat in enumerate(session.world.seats):
            self.seats.append(Label(ui, left, height - 280 - i * 22, "", 11))
        above = BAR_H + 8  # the shell's button row runs along the bottom
        self.message_bg = ui.rect_sprite((0, above, x0, 26), (12, 14, 20, 200))
        self.message = Label(ui, 10, above + 13, "Right-drag or arrow keys scroll · wheel zooms", 11, anchor_y="center")
        self.mouse: tuple[float, float] | None = None
        self.dragging = False
        self.keys: set[int] = set()
        self.wait = 0.0
        self.seat_shown: int | None = None
        self.done = False
        # the game menu (Esc), saves, help and the log from the first click, as on every game screen
        Shell.attach(window, self, session, remote=bool(getattr(session, "remote", False)))

    # ----- state
    @property
    def seat(self) -> int:
        return self.session.world.clock.seat

    def on_show_view(self) -> None:
        self._seat_changed()

    def _seat_changed(self) -> None:
        world = self.session.world
        world.activate()
        seat = self.seat
        self.seat_shown = seat
        style = self.session.styles.get(seat) or self.app.assets.default_style(seat)
        player = q.player(world, seat)
        self.strip.color = style.color
        self.flag.texture = self.app.assets.flag(style.flag)
        self.flag.width = self.flag.height = 30
        self.flag.color = style.color
        self.name.set(player.name)
        who = "computer" if player.computer else "human"
        self.stage.set(f"Choosing a base · {who}")
        self.help.set("Your start zone is highlighted. Click a land territory in it to place your flag: new "
                      "units appear there and you lose if an enemy takes it." if not player.computer
                      else "The computer player is choosing its base…")
        self.reason.set("")
        zone = world.start_zones.get(seat, ())
        valid = {t for t in zone if self.session.game.check(ChooseBase(t)) is None}
        self.canvas.overlays.set_cells(dict.fromkeys(valid, theme.HIGHLIGHT_ZONE))
        self.canvas.overlays.set_outline(set(zone), style.color)
        self.canvas.radar.zone = tuple(zone)
        self.canvas.radar.invalidate()
        if zone:
            xs = [self.canvas.grid.center(t)[0] for t in zone]
            ys = [self.canvas.grid.center(t)[1] for t in zone]
            self.camera.set_position(sum(xs) / len(xs), sum(ys) / len(ys))
        for label, other in zip(self.seats, world.seats, strict=False):
            base = q.home_base(world, other)
            name = q.player(world, other).name
            mark = "▶ " if other == seat else "   "
            ground = world.rules.terrain[world.terrain[base]].name.lower() if base is not None else ""
            where = f"base chosen ({ground})" if base is not None else "choosing…" if other == seat else ""
            color = (self.session.styles.get(other) or self.app.assets.default_style(other)).color
            label.set(f"{mark}{name}  {where}", color)
        self.wait = 0.6 / max(1.0, self.app.settings.speed)

    # ----- per frame
    def on_update(self, delta_time: float) -> None:
        dt = min(delta_time, 0.1)
        dx = sum(1 if k in (arcade.key.RIGHT, arcade.key.D) else -1 if k in (arcade.key.LEFT, arcade.key.A) else 0
                 for k in self.keys)
        dy = sum(1 if k in (arcade.key.UP, arcade.key.W) else -1 if k in (arcade.key.DOWN, arcade.key.S) else 0
                 for k in self.keys)
        ex, ey = self.camera.edge_direction(self.mouse) if not self.dragging else (0.0, 0.0)
        self.camera.scroll(dt, (max(-1, min(1, dx + ex)), max(-1, min(1, dy + ey))))
        events = self.session.take_events()
        for event in events:
            self.canvas.scene.apply(event)
        self.canvas.update()
        self.canvas.radar.refresh()
        if self.done or self.session.busy:  # a computer seat chooses on the worker thread: the engine is its
            return
        if not self.session.game.in_setup:
            self.done = True
            self.canvas.overlays.set_cells({})
            self.canvas.overlays.set_outline(set())
            self.canvas.radar.zone = ()
            self.canvas.radar.invalidate()
            self.canvas.scene.sync(self.session.world)
            self.app.show_game(self.session, self.canvas)
            return
        if self.seat != self.seat_shown:
            self._seat_changed()
        if self.session.computer_to_move():
            self.wait -= dt
            if self.wait <= 0:
                self.session.start_computer()

    def draw(self) -> None:
        self.canvas.draw_world()
        self.window.default_camera.use()
        self.ui.draw()
        self.canvas.radar.draw()

    # ----- input
    def on_mouse_motion(self, x: float, y: float, dx: float, dy: float) -> None:
        self.mouse = (x, y)
        territory = self.camera.territory_at(x, y)
        self.canvas.overlays.hover = territory
        if territory is None or not self.session.human_to_move():
            self.reason.set("")
            return
        reason = self.session.game.check(ChooseBase(territory))
        self.canvas.overlays.hover_color = theme.VALID if reason is None else theme.INVALID
        if reason is None:
            terrain = self.session.world.rules.terrain[self.session.world.terrain[territory]]
            produce = ", ".join(f"{lo}–{hi} {r}" for r, (lo, hi) in terrain.production.items()) or "nothing"
            self.reason.set(f"{terrain.name}: produces {produce}. Click to place your base here.", theme.TEXT_GOOD)
        else:
            self.reason.set(f"Not here: {reason}", theme.TEXT_BAD)

    def on_mouse_press(self, x: float, y: float, button: int, modifiers: int) -> bool:
        if x >= self.window.width - theme.PANEL_WIDTH:
            if button == arcade.MOUSE_BUTTON_LEFT and self.canvas.radar.contains(x, y):
                self.canvas.radar.look_at(x, y)
            return True
        if button in DRAG_BUTTONS:
            self.dragging = True
            return True
        if button == arcade.MOUSE_BUTTON_LEFT and self.session.human_to_move():
            territory = self.camera.territory_at(x, y)
            if territory is None:
                return True
            result = self.session.submit(ChooseBase(territory))
            if not result.ok:
                self.reason.set(f"Not here: {result.reason}", theme.TEXT_BAD)  # type: ignore[union-attr]
        return True

    def on_mouse_drag(self, x: float, y: float, dx: float, dy: float, buttons: int, modifiers: int) -> None:
        self.mouse = (x, y)
        if self.dragging:
            self.camera.pan_screen(-dx, -dy)
        elif x >= self.window.width - theme.PANEL_WIDTH and self.canvas.radar.contains(x, y):
            self.canvas.radar.look_at(x, y)

    def on_mouse_release(self, x: float, y: float, button: int, modifiers: int) -> None:
        if button in DRAG_BUTTONS:
            self.dragging = False

    def on_mouse_scroll(self, x: int, y: int, scroll_x: float, scroll_y: float) -> None:
        if self.camera.contains(x, y) and scroll_y:
            self.camera.zoom_at(x, y, 1.15 ** scroll_y)

    def on_key_press(self, symbol: int, modifiers: int) -> None:
        self.keys.add(symbol)

    def on_key_release(self, symbol: int, modifiers: int) -> None:
        self.keys.discard(symbol)
