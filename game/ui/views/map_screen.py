"""The map screen under the game screen: the map with camera and radar, the side panel, mouse orders and
animated events (`game.ui.views.game_view.GameView` adds the turn flow and its dialogs)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import arcade
import esper

from components.armies import Army
from components.commands import BuildUnit, Command, Disrupt, EndTurn, TakeOver
from game.client_hooks import buildable_units
from game.engine import Result
from game.ui import theme
from game.ui.animation import Animator
from game.ui.frame_cache import FrameCache
from game.ui.map_canvas import MapCanvas
from game.ui.memory import trim_memory
from game.ui.orders import Orders
from game.ui.panel import SidePanel
from game.ui.session import Session
from game.ui.views.base import BaseView
from game.ui.widgets import Label, UiLayer
from game.ui.wording import for_players
from systems import events as ev
from systems import queries as q

if TYPE_CHECKING:  # the window shows the views; they only name its type
    from game.ui.client_window import ClientWindow as GameWindow

SCROLL_KEYS = {
    arcade.key.LEFT: (-1, 0), arcade.key.A: (-1, 0), arcade.key.RIGHT: (1, 0), arcade.key.D: (1, 0),
    arcade.key.UP: (0, 1), arcade.key.W: (0, 1), arcade.key.DOWN: (0, -1), arcade.key.S: (0, -1),
}
DRAG_BUTTONS = (arcade.MOUSE_BUTTON_RIGHT, arcade.MOUSE_BUTTON_MIDDLE)


class MapScreen(BaseView):
    """Input becomes commands (through Orders and the panel); events become animation (through Animator)."""

    def __init__(self, window: GameWindow, session: Session, canvas: MapCanvas) -> None:
        super().__init__(window)
        self.session = session
        self.canvas = canvas
        self.camera = canvas.camera
        self.orders = Orders(session, canvas.grid, canvas.overlays)
        self.animator = Animator(canvas.scene, canvas.sprites, canvas.grid, canvas.effects)
        self.animator.on_event = self._on_event
        self.animator.speed = window.settings.speed
        self.panel = SidePanel((window.width, window.height), session, self.orders, window.assets,
                               session.styles, self, canvas.scene)
        self.hud = UiLayer(window.assets)
        map_width = window.width - theme.PANEL_WIDTH
        self.message_bg = self.hud.rect_sprite((0, 0, map_width, 26), (12, 14, 20, 200))
        self.message = Label(self.hud, 10, 13, "", 11, anchor_y="center")
        self.banner_bg = self.hud.rect_sprite((map_width / 2 - 260, window.height - 64, 520, 48), (12, 14, 20, 215))
        self.banner = Label(self.hud, map_width / 2, window.height - 40, "", 17, bold=True, anchor_x="center",
                            anchor_y="center")
        self.banner_time = 0.0
        self.menu_button = self.hud.button((map_width / 2 - 110, window.height / 2 - 70, 220, 40), primary=True)
        self.menu_button.configure("Back to the main menu", on_click=window.show_main_menu)
        self.menu_button.show(False)
        self.keys: set[int] = set()
        self.mouse: tuple[float, float] | None = None
        self.dragging: int | None = None
        self.dragged = 0.0
        self.radar_drag = False
        self.tooltip = ""
        self.watching = False  # a computer or rogue turn is being shown
        self.follow_camera = True  # the camera follows computer and rogue moves (C toggles)
        self.follow_pause = 0.0  # seconds the camera stays where the player put it
        self.needs_sync = False
        self.pause = 0.0
        self.seat_seen: int | None = None
        self.panel_key: tuple[object, ...] = ()
        self.radar_wait = 0.0
        self.victory_shown = False
        self.commands = 0  # commands the human submitted (tests and benchmarks read it)
        self.frames = FrameCache()
        self.panel_cache = FrameCache((self.panel.x0, 0, theme.PANEL_WIDTH, window.height))

    # ----- PanelHost
    @property
    def speed(self) -> float:
        return self.app.settings.speed

    def cycle_speed(self) -> None:
        self.animator.speed = self.app.cycle_speed()
        self.panel_key = ()

    def end_turn(self) -> None:
        if not self._can_act():
            return
        self.orders.clear()
        result = self.session.submit(EndTurn())
        self._after_command(EndTurn(), result)

    def run(self, command: Command) -> None:
        if not self._can_act():
            return
        self.orders.submit(command)

    def place(self, structure_type: str) -> None:
        if self._can_act():
            if self.orders.placing == structure_type:
                self.orders.clear()
            else:
                self.orders.start_placing(structure_type)

    def look_at(self, territory: int) -> None:
        self.camera.center_on_territory(territory)

    def jump_home(self) -> None:
        base = self.canvas.scene.bases.get(self.canvas.scene.seat)
        if base is not None:
            self.camera.center_on_territory(base)

    # ----- lifecycle
    def on_show_view(self) -> None:
        self.orders.on_result = self._after_command
        self.session.world.activate()
        self.seat_seen = None
        self._turn_flow()
        if not self.watching:
            self.jump_home()

    def _can_act(self) -> bool:
        if not self.session.human_to_move():
            return False
        if self.animator.busy:
            self.animator.finish_all()
            self._sync()
        return True

    def _sync(self) -> None:
        if not self.session.busy:
            self.canvas.scene.sync(self.session.world)
            self.needs_sync = False
            self.canvas.update()

    def _after_command(self, command: Command, result: Result) -> None:
        if not result.ok:
            return
        self.commands += 1
        self.canvas.sprites.clear_results()  # the last battle's result stays until the player's next action
        if isinstance(command, EndTurn):
            self.watching = True
            self.animator.follow = self._follow
        self.panel_key = ()

    def _on_event(self, event: ev.Event) -> None:
        scene = self.canvas.scene
        if isinstance(event, ev.TurnStarted):
            name = scene.names.get(event.seat, f"Player {event.seat}")
            self.show_banner(f"Round {event.round} — {name}'s turn")
            trim_memory()  # a turn's worth of freed pictures and events goes back to the system
        elif isinstance(event, ev.GameWon):
            name = scene.names.get(event.seat, f"Player {event.seat}")
            self.show_banner(f"{name} wins the game!", 3600)
        elif isinstance(event, ev.PlayerDefeated):
            name = scene.names.get(event.seat, f"Player {event.seat}")
            self.show_banner(f"{name} is defeated")
        elif isinstance(event, ev.ArmyWentRogue):
            self.show_banner("An army went rogue (unpaid upkeep)")
        elif isinstance(event, ev.RogueAppeared):  # every sighting is announced (the log and summary list it too)
            self.show_banner(f"Wild rogues appeared: {len(event.units)} unit{'s' if len(event.units) != 1 else ''}")

    def show_banner(self, text: str, seconds: float = theme.TIMING.banner) -> None:
        self.banner.set(text)
        self.banner_time = seconds / (self.animator.speed if seconds < 60 else 1)

    def toggle_follow(self) -> None:
        """The follow-camera (C): while on, the camera follows computer and rogue moves."""
        self.follow_camera = not self.follow_camera
        self.show_banner(f"Camera follows moves: {'on' if self.follow_camera else 'off'} [C]", 1.5)
        self.panel_key = ()

    def _moved_by_hand(self) -> None:
        """The player moved the camera (keys, drag, radar, wheel): do not pull it away for a while."""
        self.follow_pause = theme.FOLLOW_PAUSE

    def _follow(self, territory: int) -> None:
        if not self.follow_camera or self.follow_pause > 0:
            return
        x, y = self.canvas.grid.center(territory)
        if not self.camera.shows(x, y, -self.canvas.grid.tile):  # not a tile inside the edge: bring it in
            self.camera.set_position(x, y)

    # ----- per frame
    def on_update(self, delta_time: float) -> None:
        dt = min(delta_time, 0.1)
        self.follow_pause = max(0.0, self.follow_pause - dt)
        self._scroll(dt)
        fresh = self.session.take_events()
        if fresh:
            self.animator.push(fresh)
            self.needs_sync = True
        self.animator.update(dt)
        self.canvas.update()
        self.radar_wait -= dt
        if self.radar_wait <= 0 and self.canvas.radar.refresh():
            self.radar_wait = 0.25
        if self.banner_time > 0:
            self.banner_time -= dt
        self._turn_flow(dt)
        self._refresh_panel()

    def _turn_flow(self, dt: float = 0.0) -> None:
        session = self.session
        if self.animator.busy or session.busy or self.canvas.effects.active:
            return
        if self.needs_sync:
            self._sync()
        if session.game.over:
            self.watching = False
            if not self.victory_shown:
                self.victory_shown = True
                self.menu_button.show(True)
                winner = session.world.clock.winner
                name = self.canvas.scene.names.get(winner or 0, "Nobody")
                self.show_banner(f"{name} wins the game!", 3600)
                self.panel_key = ()
            return
        if session.computer_to_move():
            if not self.watching:
                self.watching = True
                self.panel_key = ()
            self.animator.follow = self._follow
            self.pause -= dt
            if self.pause <= 0:
                self.pause = theme.TIMING.computer_pause / self.animator.speed
                session.start_computer()
            return
        if self.watching:
            self.watching = False
            self.animator.follow = None
            self.panel_key = ()
        seat = session.table_seat()  # in a simultaneous phase or a question: each human seat in turn
        if seat is not None and seat != self.seat_seen:
            self.seat_seen = seat
            self.orders.clear()
            self.canvas.sprites.active_seat = seat
            self.canvas.scene.version += 1
            self.app.hand_over(seat, self.jump_home)

    def _refresh_panel(self) -> None:
        """Rewrite the panel when something it shows changed (never reads the engine during a computer turn)."""
        watching = self.watching or self.session.busy
        if watching:
            scene = self.canvas.scene
            key: tuple[object, ...] = ("watch", scene.seat, scene.round, scene.stage, self.speed)
        else:
            key = ("play", self.orders.version, self.canvas.scene.version, self.session.world.clock.seat, self.speed)
        if key != self.panel_key:
            self.panel_key = key
            self.panel.refresh(watching=watching)
            if self.mouse is not None and self.panel.contains(*self.mouse):  # the button under it may be new
                self.tooltip = self.panel.hover(*self.mouse)
            else:
                self.tooltip = ""  # a tooltip about the old selection must not stay

    def _scroll(self, dt: float) -> None:
        dx: float = sum(SCROLL_KEYS[k][0] for k in self.keys if k in SCROLL_KEYS)
        dy: float = sum(SCROLL_KEYS[k][1] for k in self.keys if k in SCROLL_KEYS)
        if self.app.settings.edge_scroll and self.dragging is None and not self.radar_drag:
            ex, ey = self.camera.edge_direction(self.mouse)
            dx, dy = dx + ex, dy + ey
        if dx or dy:
            self._moved_by_hand()
            self.camera.scroll(dt, (max(-1, min(1, dx)), max(-1, min(1, dy))))
            if self.mouse is not None and self.camera.contains(*self.mouse):
                self._hover_map(*self.mouse)

    # ----- a quiet client
    def quiet(self) -> bool:
        """True when the next frame would be the cached picture already on screen: no animation, effect,
        scrolling, banner, drag or computer turn (the window then draws nothing; see GameWindow.draw)."""
        if (self.animator.busy or self.canvas.effects.active or self.session.busy or self.keys
                or self.dragging is not None or self.radar_drag or self.banner_time > 0 or self.needs_sync):
            return False
        if self.session.computer_to_move() and not self.session.game.over:
            return False
        self._update_hud()  # the hint bar and banner as the next frame would show them
        key = self._frame_key()
        return key is not None and key == self.frames.cached

    # ----- drawing
    def draw(self) -> None:
        """The frame: copied from the cache while nothing changed, else drawn (see FrameCache)."""
        self._update_hud()
        self.frames.show(self._frame_key(), self._draw_frame)
        self.window.default_camera.use()
        self._draw_live()
        self._draw_tooltip()

    def _draw_live(self) -> None:
        """Things drawn over the (cached) frame every frame while they last; subclasses add theirs."""

    def _draw_frame(self) -> None:
        self.canvas.draw_world()
        self.window.default_camera.use()
        self.panel_cache.show((self.panel.version, id(self.panel.ui.hovered)), self.panel.draw)
        self.canvas.radar.draw()
        self.hud.draw()

    def _frame_key(self) -> tuple[object, ...] | None:
        """Everything the cached frame shows; None while something moves (drawn fresh every frame)."""
        canvas = self.canvas
        if self.animator.busy or canvas.effects.active:
            return None
        return (self.camera.version, self.camera.zoom, canvas.sprites.revision, canvas.terrain.revision,
                canvas.overlays.signature(), canvas.radar.renders, self.panel.version, id(self.panel.ui.hovered),
                self.message.text, self.message.text_obj.color, self.banner_time > 0, self.banner.text,
                self.menu_button.visible, self.menu_button.hovered)

    def _update_hud(self) -> None:
        text = self.orders.hint
        bad = self.orders.hint_bad
        if self.watching:
            scene = self.canvas.scene
            name = scene.names.get(scene.seat, "")
            if scene.computer.get(scene.seat):
                who = f"{name} is playing"
            elif scene.stage in ("resource", "upkeep"):
                who = f"{name}'s turn begins: production and upkeep"
            else:
                who = f"Rogue armies move in {name}'s turn"
            follow = "on" if self.follow_camera else "off"
            text, bad = f"{who} — speed {self.speed:g}× (F) · camera follows moves: {follow} (C)", False
        self.message.set(text or "Right-drag or arrow keys scroll · wheel zooms · H: your base · "
                         "Space: next army", theme.TEXT_BAD if bad else theme.TEXT)
        self.banner_bg.visible = self.banner_time > 0
        self.banner.show(self.banner_time > 0)

    def _draw_tooltip(self) -> None:
        """The panel's tooltip, or on the map the order's note beside the pointer (MP cost, forecast)."""
        if self.mouse is None:
            return
        text = for_players(self.tooltip)
        if not text and self.orders.note and self.camera.contains(*self.mouse) and not self.watching:
            text = for_players(self.orders.note)
            x, y = self.mouse
            self.hud.tooltip.show(text, x, y - 20, (self.window.width, self.window.height), right=True)
            self.hud.tooltip.draw()
            return
        if text:
            around = self._tooltip_around(*self.mouse)
            self.hud.tooltip.show(text, self.mouse[0], self.mouse[1], (self.window.width, self.window.height),
                                  around=around)
            self.hud.tooltip.draw()

    def _tooltip_around(self, x: float, y: float) -> tuple[float, float, float, float] | None:
        """What a tooltip must not cover: the side panel (its box goes left of it)."""
        return self.panel.rect if self.panel.contains(x, y) else None

    # ----- input
    def on_mouse_motion(self, x: float, y: float, dx: float, dy: float) -> None:
        self.mouse = (x, y)
        if self.panel.contains(x, y):
            self.tooltip = self.panel.hover(x, y)
            if self.orders.hover is not None and self._can_hover():
                self.orders.hover_at(None, 0, 0)
            return
        self.tooltip = ""
        self.panel.hover(-1, -1)
        if self.menu_button.visible:
            self.hud.hover(x, y)
        self._hover_map(x, y)

    def _can_hover(self) -> bool:
        return self.session.human_to_move() and not (self.animator.busy and self.watching)

    def _hover_map(self, x: float, y: float) -> None:
        if not self._can_hover():
            self.canvas.overlays.hover = self.camera.territory_at(x, y)
            return
        territory = self.camera.territory_at(x, y)
        wx, wy = self.camera.to_world(x, y)
        if territory != self.orders.hover or self.orders.placing is not None:
            self.orders.hover_at(territory, wx, wy)

    def on_mouse_leave(self, x: float, y: float) -> None:
        self.mouse = None

    def on_mouse_press(self, x: float, y: float, button: int, modifiers: int) -> bool:
        self.mouse = (x, y)
        if self.menu_button.visible and self.menu_button.contains(x, y):
            self.hud.press(x, y)
            return True
        if self.panel.contains(x, y):
            if button == arcade.MOUSE_BUTTON_LEFT and self.canvas.radar.contains(x, y):
                self.radar_drag = True
                self._moved_by_hand()
                self.canvas.radar.look_at(x, y)
                return True
            if button == arcade.MOUSE_BUTTON_LEFT:
                if self.session.human_to_move() and self.animator.busy and not self.watching:
                    self.animator.finish_all()
                    self._sync()
                self.panel.press(x, y)
            return True  # the panel keeps every click: nothing falls through to the map
        if button in DRAG_BUTTONS:
            self.dragging, self.dragged = button, 0.0
            return True
        if button == arcade.MOUSE_BUTTON_LEFT and self._can_act():
            self.canvas.sprites.clear_results()
            territory = self.camera.territory_at(x, y)
            wx, wy = self.camera.to_world(x, y)
            self.orders.click(territory, wx, wy)
            self.orders.hover_at(territory, wx, wy)
        return True

    def on_mouse_drag(self, x: float, y: float, dx: float, dy: float, buttons: int, modifiers: int) -> None:
        self.mouse = (x, y)
        if self.radar_drag:
            self._moved_by_hand()
            self.canvas.radar.look_at(x, y)
        elif self.dragging is not None:
            self._moved_by_hand()
            self.dragged += abs(dx) + abs(dy)
            self.camera.pan_screen(-dx, -dy)

    def on_mouse_release(self, x: float, y: float, button: int, modifiers: int) -> None:
        if self.radar_drag and button == arcade.MOUSE_BUTTON_LEFT:
            self.radar_drag = False
        if self.dragging == button:
            self.dragging = None
            if button == arcade.MOUSE_BUTTON_RIGHT and self.dragged < 4 and self.camera.contains(x, y):
                self.cancel()

    def on_mouse_scroll(self, x: int, y: int, scroll_x: float, scroll_y: float) -> None:
        if self.camera.contains(x, y) and scroll_y:
            self._moved_by_hand()
            self.camera.zoom_at(x, y, 1.15 ** scroll_y)
            self._hover_map(x, y)

    def cancel(self) -> None:
        if self.session.human_to_move():
            if self.orders.placing or self.orders.split or self.orders.armed is not None:
                selected = self.orders.selected_army
                self.orders.clear()
                if selected is not None:
                    self.orders.select_army(selected)
            else:
                self.orders.clear()
            self.orders.say("")

    def on_key_press(self, symbol: int, modifiers: int) -> None:
        self.keys.add(symbol)
        key = arcade.key
        if symbol in (key.H, key.HOME):
            self.jump_home()
        elif symbol == key.F:
            self.cycle_speed()
        elif symbol == key.C:
            self.toggle_follow()
        elif symbol in (key.EQUAL, key.PLUS, key.NUM_ADD):
            self._zoom_center(1.2)
        elif symbol in (key.MINUS, key.NUM_SUBTRACT):
            self._zoom_center(1 / 1.2)
        elif symbol == key.ESCAPE:
            self.cancel()
        elif not self._can_act():
            return
        elif symbol in (key.RETURN, key.ENTER, key.NUM_ENTER):
            if not self.orders.confirm():
                self.end_turn()
        elif symbol in (key.SPACE, key.TAB):
            self.next_army()
        elif symbol in (key.T, key.X) and self.orders.selected_army is not None:
            army = self.orders.selected_army
            self.run(TakeOver(army) if symbol == key.T else Disrupt(army))
        elif key.KEY_1 <= symbol <= key.KEY_9:
            units = buildable_units(self.session.world)
            index = symbol - key.KEY_1
            if index < len(units):
                self.run(BuildUnit(units[index]))

    def on_key_release(self, symbol: int, modifiers: int) -> None:
        self.keys.discard(symbol)

    def _zoom_center(self, factor: float) -> None:
        left, bottom, width, height = self.camera.viewport
        self.camera.zoom_at(left + width / 2, bottom + height / 2, factor)

    def next_army(self) -> None:
        """Select the next of your armies that can still act, and look at it."""
        world = self.session.world
        world.activate()
        seat = world.clock.seat
        ready = sorted(e for e, a in q.player_armies(seat) if not a.done and a.mp > 0 and a.battle is None)
        if not ready:
            self.orders.say("All your armies have moved. Press Enter to end the turn.")
            return
        current = self.orders.selected_army
        later = [e for e in ready if current is None or e > current]
        chosen = (later or ready)[0]
        self.orders.select_army(chosen)
        self.camera.center_on_territory(esper.component_for_entity(chosen, Army).territory)
