"""Relic Duels' game screen: the 12x12 hex land with the characters, the Relic's bearer ringed in gold, the spotting
rolls on the map, and the combat dialog (DU5): both fighters, the combat differential, the dice, the table rows
read and the wounds that follow, with the seat's choice of fighter and action (sealed until both are in).

Only the seat at the table's view is drawn (game.views.view_for). Mouse: click a hex holding your characters to
select one (again to cycle), then a neighbouring hex to step there; the panel's End moves button (or E / Enter)
ends your side's moves. In the combat dialog click a fighter of yours, then Continue, Sorcery, Retreat or Use the
Relic; a declaration or a new bearer is one click. After a combat, Enter or a click closes its last round.
Hot-seat: a hand-over screen hides the field before each seat acts, so neither sees the other's choice.
"""

from __future__ import annotations

import math
import textwrap
from typing import Any

import arcade

from components.seats import Answer
from game.ui import theme
from game.ui.views.base import BaseView
from game.ui.widgets import fit_words
from game.ui.wording import for_players

from . import choices, duel
from . import events as E
from .commands import EndMoves, Step
from .components import OFF_MAP, Character, Duel, Quest
from .data import SIDES
from .land import land_of

PANEL = 320
SIZE = 37.0  # hex radius (pointy-top)
ART = {"plain": "plain", "hills": "barren", "forest": "forest", "mountain": "mountain", "water": "shallow_water"}
SQRT3 = math.sqrt(3)
TERRAIN = {"plain": (120, 150, 84, 255), "hills": (160, 140, 92, 255), "forest": (46, 96, 52, 255),
           "mountain": (128, 120, 116, 255), "water": (52, 96, 160, 255)}
NEUTRAL = (170, 150, 120)
GOLD = (255, 205, 60)
ACTION_LABEL = {duel.CONTINUE: "Continue", duel.SORCERY: "Sorcery", duel.RETREAT: "Retreat",
                duel.RELIC: "Use the Relic"}
TOKEN_R = 9.0  # a character's disc
RING_R = 12.5  # the widest ring around a disc (the Relic's bearer)
SLOT_R = 22  # the six slots around a hex's middle: ringed neighbours clear each other and stay inside the hex
SLOTS = ((0, 0), *((round(SLOT_R * math.cos(math.radians(90 + 60 * i))),
                    round(SLOT_R * math.sin(math.radians(90 + 60 * i)))) for i in range(6)))  # one middle, six around
DIALOG_W, DIALOG_H = 760, 450
OUTCOME_H = 72  # the game-over banner's height (the dialogs move below it)


class RelicDuelsView(BaseView):
    """The game screen (built as View(window, session, canvas) by the client)."""

    def __init__(self, window: Any, session: Any, canvas: Any = None) -> None:
        super().__init__(window)
        self.session = session
        self.game = session.game
        self.rules: Any = self.game.world.rules
        self.land = land_of(self.rules)
        self.viewer: int = session.table_seat() or self._first_human()
        self.selected: str | None = None
        self.message = ""
        self.chars: dict[str, Character] = {}
        self.quest = Quest()
        self.duel: Duel | None = None
        self.prompt: tuple[int, dict[str, Any]] | None = None
        self.spots: dict[int, list[E.SpotRolled]] = {}  # the last spotting rolls, by hex (DU4.1)
        self.spots_turn = 0
        self.trails: list[tuple[int, int, str]] = []  # this turn's steps (origin, destination, side), as arrows
        self.trails_turn = 0
        self.last_round: E.RoundFought | None = None  # the round the dialog shows (DU6)
        self.last_fighters: dict[str, Character] = {}  # the fighters as they were before that round
        self.ended: E.CombatEnded | None = None  # a combat over, shown until closed
        self.log: list[str] = []
        self.pick: str = ""  # the viewer's fighter chosen in the dialog (not yet answered)
        self.handed: tuple[Any, ...] | None = None
        self.seen_at: tuple[int, int, bool] = (-1, 0, False)
        self.buttons: list[tuple[tuple[float, float, float, float], str, Any]] = []  # box, label, what
        self._texts: dict[tuple[Any, ...], arcade.Text] = {}
        self._terrain_shapes: Any = None
        self._refresh()

    # ----- the seat's view
    def _first_human(self) -> int:
        seats = list(self.game.world.seats)
        return next((s for s in seats if not self.session.seat_is_computer(s)), seats[0])

    @property
    def side(self) -> str:
        return SIDES[list(self.game.world.seats).index(self.viewer)]

    def _refresh(self) -> None:
        from game.views import view_for

        chars: list[Character] = []
        self.duel, self.prompt = None, None
        for key, comps in view_for(self.game, self.viewer)["entities"].items():
            if "Character" in comps:
                chars.append(Character(**comps["Character"]))
            if "Quest" in comps:
                self.quest = Quest(**comps["Quest"])
            if "Duel" in comps:
                self.duel = Duel(**comps["Duel"])
            if "Prompt" in comps:
                self.prompt = (int(key), comps["Prompt"])
        self.chars = {c.key: c for c in sorted(chars, key=lambda c: c.order)}
        if self.selected not in self.chars:
            self.selected = None
        self.seen_at = (self.game.revision, self.viewer, self.game.over)

    def _refresh_if_changed(self) -> None:
        if self.seen_at != (self.game.revision, self.viewer, self.game.over):
            self._refresh()

    def stage(self) -> str:
        return str(self.game.world.clock.stage)

    def name(self, key: str) -> str:
        unit = self.rules.units.get(key)
        return str(unit.name) if unit is not None else key

    def player_name(self, seat: int) -> str:
        from systems import queries as q

        self.game.world.activate()
        return str(q.player(self.game.world, seat).name)

    def seat_color(self, seat: int) -> tuple[int, int, int]:
        style = self.session.styles.get(seat)
        color = style.color if style is not None else (200, 200, 200)
        return (int(color[0]), int(color[1]), int(color[2]))

    def side_color(self, side: str) -> tuple[int, int, int]:
        if side not in SIDES:
            return NEUTRAL
        return self.seat_color(self.game.world.seats[SIDES.index(side)])

    def my_question(self) -> dict[str, Any] | None:
        """The pending question if the viewer still has to answer it."""
        if self.prompt is None:
            return None
        data = self.prompt[1]
        if self.viewer not in data["seats"]:
            return None
        return data if not data["given"][data["seats"].index(self.viewer)] else None

    # ----- geometry
    def centre(self, hex_: int) -> tuple[float, float]:
        c, r = self.land.coords(hex_)
        span = SIZE * SQRT3 * (self.land.width + 0.5)
        x0 = (self.window.width - PANEL - span) / 2 + SIZE * SQRT3 / 2
        top = self.window.height / 2 + SIZE * 1.5 * (self.land.height - 1) / 2
        return x0 + SIZE * SQRT3 * (c + 0.5 * (r & 1)), top - SIZE * 1.5 * r

    def hex_at(self, x: float, y: float) -> int | None:
        best = min(range(self.land.board.size), key=lambda h: math.dist(self.centre(h), (x, y)))
        return best if math.dist(self.centre(best), (x, y)) <= SIZE else None

    @staticmethod
    def corners(x: float, y: float, size: float = SIZE) -> list[tuple[float, float]]:
        return [(x + size * math.cos(math.radians(60 * i + 30)), y + size * math.sin(math.radians(60 * i + 30)))
                for i in range(6)]

    def token_at(self, key: str) -> tuple[float, float] | None:
        c = self.chars.get(key)
        if c is None or c.hex == OFF_MAP:
            return None
        here = [k for k, o in self.chars.items() if o.hex == c.hex]
        if here.index(key) >= len(SLOTS):
            return None  # more than seven in a hex: the rest are counted (+n)
        x, y = self.centre(c.hex)
        dx, dy = SLOTS[here.index(key)]
        return x + dx, y + dy

    # ----- drawing
    def text(self, value: str, x: float, y: float, color: Any, size: float, **style: Any) -> None:
        key = (value, round(x), round(y), tuple(color), size, tuple(sorted(style.items())))
        label = self._texts.get(key)
        if label is None:
            if len(self._texts) > 3000:
                self._texts.clear()
            style.setdefault("font_name", theme.FONT)
            label = self._texts[key] = arcade.Text(for_players(value), x, y, color, size, **style)
        label.draw()

    def _terrain(self) -> Any:
        """The land baked once into one picture: each hex its ground's art, soft where grounds meet (DU1.2)."""
        from game.ui.hex_bake import bake_hexes, field_sprites

        cells = [(*self.centre(h), self.land.terrain[h]) for h in range(self.land.board.size)]
        colors = {k: (c[0], c[1], c[2]) for k, c in TERRAIN.items()}
        self.baked = bake_hexes(cells, SIZE, False, self._art, colors)
        return field_sprites(self.baked, "relic-duels")

    def _art(self, terrain: str, size: int) -> Any:
        assets = getattr(self.window, "assets", None)
        if assets is None:
            from PIL import Image

            return Image.new("RGBA", (size, size), TERRAIN.get(terrain, (90, 90, 90, 255)))
        return assets.terrain_tile(ART.get(terrain, terrain), False, size)

    def draw(self) -> None:
        self.clear(color=(14, 16, 20, 255))
        self.buttons = []
        if self._terrain_shapes is None:
            self._terrain_shapes = self._terrain()
        self._terrain_shapes.draw()
        self._draw_places()
        self._draw_reach()
        self._draw_trails()
        self._draw_spots()
        self._draw_characters()
        self._draw_crowds()
        self._draw_panel()
        if self.duel is not None or self.last_round is not None or self.ended is not None:
            self._draw_dialog()  # even once the game is over: the round that decided it stays readable
        elif self.my_question() is not None and not self.game.over:
            self._draw_question()
        if self.game.over:
            self._draw_victory()

    def _draw_places(self) -> None:
        for hex_, label in ((self.land.start, "start"), (self.land.goal, "GOAL"), (self.land.muster, "muster"),
                            (self.land.lair, "lair")):
            x, y = self.centre(hex_)
            color = GOLD if label == "GOAL" else (235, 235, 235)
            arcade.draw_polygon_outline(self.corners(x, y, SIZE - 3), color, 2)
            ly = y - SIZE * 0.98  # on a plate at the hex's lower tip, clear of the tokens
            arcade.draw_lrbt_rectangle_filled(x - 21, x + 21, ly - 6, ly + 7, (10, 12, 16, 220))
            self.text(label, x, ly - 4, color, 8, anchor_x="center", bold=True)
        if self.quest.lying != OFF_MAP and not self.quest.bearer:
            x, y = self.centre(self.quest.lying)
            arcade.draw_circle_outline(x, y, 12, GOLD, 4)
            self.text("Relic", x, y + 14, GOLD, 9, anchor_x="center", bold=True)

    def _draw_reach(self) -> None:
        """The selected character's hex and the neighbours its move points cover (DU2.2)."""
        c = self.chars.get(self.selected or "")
        if c is None or c.hex == OFF_MAP:
            return
        arcade.draw_polygon_outline(self.corners(*self.centre(c.hex), SIZE - 1), (255, 255, 255), 3)
        for n in self.land.neighbours(c.hex):
            cost = self.land.move_cost(n)
            if cost is not None and cost <= c.mp:
                arcade.draw_polygon_filled(self.corners(*self.centre(n), SIZE - 4), (255, 255, 160, 70))
                x, y = self.centre(n)
                self.text(f"{cost}", x + SIZE * 0.45, y + SIZE * 0.35, (255, 255, 190), 9, anchor_x="center")

    def _draw_trails(self) -> None:
        """This turn's steps of every side (the computer's and the other player's moves are seen, not jumped)."""
        for origin, destination, side in self.trails[-80:]:
            (ax, ay), (bx, by) = self.centre(origin), self.centre(destination)
            r, g, b = self.side_color(side)
            arcade.draw_line(ax, ay, bx, by, (r, g, b, 150), 3)
            arcade.draw_circle_filled(bx, by, 4, (r, g, b, 200))

    def _draw_spots(self) -> None:
        """DU4.1: each spotting roll of this turn at its hex: the die, the bonus, the target, the result."""
        for hex_, rolls in self.spots.items():
            x, y = self.centre(hex_)
            for i, roll in enumerate(rolls[:5]):
                bx, by = x - SIZE * 1.1, y + 26 - i * 15
                if bx - 96 < 0:  # no room on the left at the map's edge: on the right
                    bx = x + SIZE * 1.1 + 96
                color = (255, 90, 80) if roll.spotted else (110, 210, 120)
                arcade.draw_lrbt_rectangle_filled(bx - 96, bx + 22, by - 7, by + 7, (10, 10, 14, 225))
                arcade.draw_lrbt_rectangle_outline(bx - 96, bx + 22, by - 7, by + 7, color, 1)
                bonus = f"+{roll.bonus}" if roll.bonus else ""
                mark = "spotted" if roll.spotted else "unseen"
                self.text(f"{_initials(self.name(roll.character))} d6 {roll.die}{bonus}>={roll.target} {mark}",
                          bx - 93, by - 4, color, 7, bold=True)

    def _draw_characters(self) -> None:
        bearer = self.quest.bearer
        for key, c in self.chars.items():
            at = self.token_at(key)
            if at is None:
                continue
            x, y = at
            color = self.side_color(c.side)
            if key == bearer:  # the Relic's bearer: always ringed for its own side (and, positions being open, all)
                arcade.draw_circle_filled(x, y, RING_R, GOLD)
            elif c.spotted:
                arcade.draw_circle_filled(x, y, RING_R - 1, (230, 60, 50))
            arcade.draw_circle_filled(x, y, TOKEN_R, color)
            arcade.draw_circle_outline(x, y, TOKEN_R, (255, 255, 255) if key == self.selected else (20, 20, 20), 2)
            self.text(_initials(self.name(key)), x, y - 1, (12, 12, 12), 7, anchor_x="center", anchor_y="center",
                      bold=True)
            if key == bearer:  # and a diamond badge, so the bearer stands out whatever the side's colour
                bx, by = x + 9, y + 9
                arcade.draw_polygon_filled([(bx, by + 6), (bx + 5, by), (bx, by - 6), (bx - 5, by)], GOLD)
                arcade.draw_polygon_outline([(bx, by + 6), (bx + 5, by), (bx, by - 6), (bx - 5, by)], (20, 20, 20), 1)

    def _draw_crowds(self) -> None:
        for hex_ in {c.hex for c in self.chars.values() if c.hex != OFF_MAP}:
            extra = sum(1 for c in self.chars.values() if c.hex == hex_) - len(SLOTS)
            if extra > 0:
                x, y = self.centre(hex_)
                self.text(f"+{extra}", x + SIZE * 0.55, y - SIZE * 0.55, (255, 255, 255), 9, bold=True)

    def _draw_panel(self) -> None:
        w, h = self.window.width, self.window.height
        left = w - PANEL
        arcade.draw_lrbt_rectangle_filled(left, w, 0, h, theme.PANEL_BG)
        y = h - 32
        self.text(fit_words(f"{self.player_name(self.viewer)} — the {self.side.title()}", PANEL - 28, 13, bold=True),
                  left + 14, y, self.seat_color(self.viewer), 13, bold=True)
        y -= 24
        turn = self.game.world.clock.round
        self.text(f"Turn {turn}/{self.rules.turns.limit} — {self.stage().replace('_', ' ')}", left + 14, y,
                  theme.TEXT, 11)
        y -= 20
        holder = self.quest.bearer and self.name(self.quest.bearer)
        relic = (f"Relic: borne by {holder}" if holder else f"Relic: seized by {self.name(self.quest.seized_by)}"
                 if self.quest.seized_by else "Relic: lies on the field")
        self.text(relic, left + 14, y, GOLD, 10)
        y -= 24
        for key, c in self.chars.items():
            if c.side != self.side:
                continue
            unit = self.rules.units[key]
            where = "dispersed" if c.hex == OFF_MAP else self.land.name(c.hex, short=True)
            line = f"{unit.name}"
            color = (255, 255, 255) if key == self.selected else theme.TEXT
            self.text(line, left + 14, y, color, 9, bold=key == self.selected)
            self.text(f"{where}  MP {c.mp}  W {c.wounds}/{unit.endurance}", left + 170, y, color, 9)
            self.buttons.append(((left + 8, y - 4, w - 8, y + 12), f"select {key}", ("select", key)))
            y -= 17
        y -= 8
        shown = ([self.message] if self.message else []) + self.log[-12:]
        for line in [part for whole in shown for part in textwrap.wrap(whole, 46) or [""]][:16]:  # wrapped, not cut
            self.text(line, left + 14, y, theme.TEXT, 9)
            y -= 15
        if self._can_move():
            box = (left + 14, 20, w - 14, 60)
            arcade.draw_lrbt_rectangle_filled(box[0], box[2], box[1], box[3], (60, 150, 70))
            self.text("End moves (E)", (box[0] + box[2]) / 2, 34, (255, 255, 255), 12, anchor_x="center", bold=True)
            self.buttons.append((box, "End moves", ("end",)))
        elif self.my_question() is not None:
            self.text("Your choice: in the dialog on the map", left + 14, 34, GOLD, 10, bold=True)
        elif not self.game.over:
            waiting = ", ".join(self.player_name(s) for s in self.game.acting_seats())
            self.text(f"Waiting for {waiting}", left + 14, 34, theme.TEXT, 10)

    def _button(self, box: tuple[float, float, float, float], label: str, what: Any, on: bool = True,
                color: tuple[int, int, int] = (70, 110, 170)) -> None:
        x0, y0, x1, y1 = box
        arcade.draw_lrbt_rectangle_filled(x0, x1, y0, y1, color if on else (70, 70, 74))
        arcade.draw_lrbt_rectangle_outline(x0, x1, y0, y1, (230, 230, 230) if on else (110, 110, 110), 1)
        self.text(label, (x0 + x1) / 2, (y0 + y1) / 2 - 5, (255, 255, 255) if on else (150, 150, 150), 11,
                  anchor_x="center", bold=True)
        if on:
            self.buttons.append((box, label, what))

    def _dialog_box(self, width: float, height: float) -> tuple[float, float, float, float]:
        """A dialog's box, centred on the field; once the game is over, centred below the outcome's banner."""
        top = self.window.height - (OUTCOME_H + 8 if self.game.over else 0)
        cx, cy = (self.window.width - PANEL) / 2, top / 2
        box = (cx - width / 2, max(4.0, cy - height / 2), cx + width / 2, max(4.0, cy - height / 2) + height)
        self.dialog_box = box
        arcade.draw_lrbt_rectangle_filled(box[0], box[2], box[1], box[3], (16, 18, 26, 240))
        arcade.draw_lrbt_rectangle_outline(box[0], box[2], box[1], box[3], GOLD, 2)
        return box

    def _draw_question(self) -> None:
        """DU4.2 the declaration, DU8.2 the new bearer: one click each."""
        data = self.my_question()
        assert data is not None
        x0, y0, x1, y1 = self._dialog_box(520, 170)
        self.text(data["question"], (x0 + x1) / 2, y1 - 36, (255, 255, 255), 12, anchor_x="center", bold=True)
        answers = list(data["answers"])
        width = (x1 - x0 - 40) / max(1, len(answers))
        for i, answer in enumerate(answers):
            label = answer.title() if data["kind"] == "relic_declare" else self.name(answer)
            bx = x0 + 20 + i * width
            self._button((bx + 4, y0 + 30, bx + width - 4, y0 + 70), label, ("answer", answer))

    def _fighter_card(self, key: str, side: str, x: float, top: float, ghost: bool = False) -> None:
        c = self.chars.get(key) or self.last_fighters.get(key)
        unit = self.rules.units.get(key)
        color = self.side_color(side)
        self.text(side.title(), x, top, color, 11, bold=True)
        if c is None or unit is None:
            if key or self.duel is None:
                self.text(f"{self.name(key)} has fallen" if key else "", x, top - 24, theme.TEXT, 12)
                return
            self.text("chooses a fighter (sealed):", x, top - 24, theme.TEXT, 12)
            self._candidates(side, x, top - 44)
            return
        if key not in self.chars:  # fallen in the last round: as it ended, wounds included
            last = self.last_round
            i = 0 if last is not None and last.company == key else 1
            fate = last.fates[i] if last is not None and key in (last.company, last.dominion) else "fallen"
            taken = last.taken[i] if last is not None and key in (last.company, last.dominion) else 0
            self.text(f"{unit.name} — {fate}", x, top - 24, (255, 120, 100), 14, bold=True)
            self.text(f"morale {c.morale}  combat {unit.combat}  endurance {unit.endurance}", x, top - 44,
                      theme.TEXT, 10)
            self.text(f"wounds {c.wounds + taken}", x, top - 60, theme.TEXT, 10)
            return
        fighter = duel.Fighter(unit, c.wounds, c.real, c.morale)
        name = unit.name + (" (bearer)" if key == self.quest.bearer else "")
        self.text(name + ("  — your pick" if ghost else ""), x, top - 24, (255, 255, 255), 14, bold=True)
        kinds = ", ".join(a.kind.replace("_", " ") + (f" {a.rating}" if a.rating else "") for a in unit.abilities)
        self.text(f"morale {c.morale}  combat {unit.combat}  endurance {unit.endurance}", x, top - 44, theme.TEXT, 10)
        self.text(f"wounds {c.wounds} (real {c.real})  {kinds}", x, top - 60, theme.TEXT, 10)
        self.text(f"V = {fighter.value}", x, top - 82, GOLD, 13, bold=True)

    def _candidates(self, side: str, x: float, y: float) -> None:
        """A side whose fighter is not known yet: each of its participants with V and the differential against
        the viewer's fighter (DU6.1)."""
        assert self.duel is not None
        mine = self.chars.get(self.pick or choices.kept(self.duel, self.side) or "")
        for key in choices.participants(self.duel, side)[:6]:
            c = self.chars.get(key)
            if c is None:
                continue
            v = duel.Fighter(self.rules.units[key], c.wounds, c.real, c.morale).value
            line = f"{self.name(key)}  V {v}"
            if mine is not None:
                vm = duel.Fighter(self.rules.units[mine.key], mine.wounds, mine.real, mine.morale).value
                line += f"  (yours {vm - v:+d})"
            self.text(line, x, y, theme.TEXT, 10)
            y -= 15

    def _shown_fighters(self) -> tuple[str, str, bool]:
        """Who the dialog shows: the fighters kept, the viewer's pick; the other side's choice stays sealed."""
        d = self.duel
        if d is None:
            last = self.last_round
            return (last.company, last.dominion, False) if last is not None else ("", "", False)
        company = choices.kept(d, "company")
        dominion = choices.kept(d, "dominion")
        ghost = False
        if self.side == "company" and not company:
            company = self.pick or d.company[0]
            ghost = True
        if self.side == "dominion" and not dominion:
            dominion = self.pick or d.dominion[0]
            ghost = True
        if len(d.dominion) == 1 and not dominion:
            dominion = d.dominion[0]
        if len(d.company) == 1 and not company:
            company = d.company[0]
        return company, dominion, ghost

    def _draw_dialog(self) -> None:
        """DU5-DU7: the combat dialog."""
        x0, y0, x1, y1 = self._dialog_box(DIALOG_W, DIALOG_H)
        d = self.duel
        hex_ = d.hex if d is not None else (self.last_round.hex if self.last_round else self.ended.hex if self.ended
                                            else 0)
        title = f"Combat at {self.land.name(hex_)}"
        if d is not None:
            title += f" — {d.kind} combat, round {d.rounds + 1}"
        self.text(title, (x0 + x1) / 2, y1 - 30, GOLD, 15, anchor_x="center", bold=True)
        company, dominion, ghost = self._shown_fighters()
        top = y1 - 62
        self._fighter_card(company, "company", x0 + 24, top, ghost and self.side == "company")
        self._fighter_card(dominion, "dominion", x0 + DIALOG_W / 2 + 24, top, ghost and self.side == "dominion")
        cc, dc = self.chars.get(company), self.chars.get(dominion)
        y = top - 110
        if cc is not None and dc is not None:
            vc = duel.Fighter(self.rules.units[company], cc.wounds, cc.real, cc.morale).value
            vd = duel.Fighter(self.rules.units[dominion], dc.wounds, dc.real, dc.morale).value
            self.text(f"Combat differential: Company {vc - vd:+d}  /  Dominion {vd - vc:+d}", (x0 + x1) / 2, y,
                      (255, 255, 255), 13, anchor_x="center", bold=True)
        y -= 28
        self._draw_last_round(x0, y)
        if d is not None:
            self._draw_choices(d, x0, x1, y0)
        else:
            why = f"The combat is over ({self.ended.why})." if self.ended is not None else ""
            self.text(why, x0 + 24, y0 + 60, theme.TEXT, 11)
            self._button((x1 - 150, y0 + 16, x1 - 20, y0 + 50), "Close (Enter)", ("close",))

    def _draw_last_round(self, x0: float, y: float) -> None:
        last = self.last_round
        if last is None:
            self.text("No round fought yet.", x0 + 24, y, theme.TEXT, 11)
            return
        vc, vd = last.values
        self.text(f"Round {last.round}: {self.name(last.company)} (V {vc}, {last.actions[0]}) against "
                  f"{self.name(last.dominion)} (V {vd}, {last.actions[1]}): differential {vc - vd:+d} / {vd - vc:+d}",
                  x0 + 24, y, theme.TEXT, 10)
        for i, (who, side) in enumerate(((last.company, "company"), (last.dominion, "dominion"))):
            ly = y - 34 - i * 44
            _die(x0 + 44, ly + 4, last.keys[i], self.side_color(side))
            s, o = last.entries[i]
            self.text(f"{self.name(who)}: key {last.keys[i]} on {last.rows[i]}  →  {s}/{o}", x0 + 74, ly + 6,
                      (255, 255, 255), 11, bold=True)
            real = " (all real)" if last.real[i] else ""
            self.text(f"takes {last.taken[i]} wound{'s' if last.taken[i] != 1 else ''}{real}: {last.fates[i]}",
                      x0 + 74, ly - 10, (255, 120, 100) if last.fates[i] != "alive" else theme.TEXT, 10)

    def _draw_choices(self, d: Duel, x0: float, x1: float, y0: float) -> None:
        data = self.my_question()
        if data is None or data["kind"] != "relic_round":
            mine = self.prompt is not None and self.viewer in self.prompt[1]["seats"]
            status = "Your choice is sealed: waiting for the other side." if mine else "The other side chooses."
            self.text(status, x0 + 24, y0 + 40, theme.TEXT, 12)
            return
        legal = [a for a in data["answers"] if a != duel.CONTINUE and choices.parse(a)[1] in
                 choices.participants(d, self.side)]
        fighters = [k for k in choices.participants(d, self.side) if any(choices.parse(a)[1] == k for a in legal)]
        if self.pick not in fighters:  # the first pick offered: not the bearer while another can fight (DU11)
            others = [k for k in fighters if k != self.quest.bearer]
            self.pick = (others or fighters or [""])[0]
        rows: list[list[tuple[str, float]]] = [[]]  # the fighters' buttons, row by row, read top to bottom
        used = 0.0
        for key in fighters:
            width = 20 + 8.5 * len(self.name(key))
            if rows[-1] and x0 + 130 + used + width > x1 - 16:  # wrap onto the next row
                rows.append([])
                used = 0.0
            rows[-1].append((key, width))
            used += width + 8
        by = y0 + 86 + 36 * (len(rows) - 1)  # the first row highest: the rows stack down to the actions
        self.text("Your fighter:", x0 + 24, by + 10, theme.TEXT, 11)
        for row in rows:
            bx = x0 + 130
            for key, width in row:
                self._button((bx, by, bx + width, by + 28), self.name(key), ("pick", key),
                             color=(150, 110, 40) if key == self.pick else (70, 80, 100))
                bx += width + 8
            by -= 36
        bx = x0 + 24
        for action in duel.ACTIONS:
            if action == duel.RELIC and self.side != "company":
                continue
            answer = f"{action}:{self.pick}"
            width = 150.0
            self._button((bx, y0 + 24, bx + width, y0 + 62), ACTION_LABEL[action], ("answer", answer),
                         on=answer in legal)
            bx += width + 14

    def _draw_victory(self) -> None:
        """DU3: the outcome in a banner across the top of the field (a dialog still open sits below it)."""
        cx = (self.window.width - PANEL) / 2
        top = self.window.height - 4
        self.outcome_box = (cx - 280, top - OUTCOME_H, cx + 280, top)
        arcade.draw_lrbt_rectangle_filled(*_lrbt(self.outcome_box), (10, 12, 18, 230))
        winner = self.game.world.clock.winner
        color = self.seat_color(winner) if winner else (230, 230, 230)
        self.text(self.outcome_text(), cx, top - 30, color, 20, anchor_x="center", bold=True)
        self.text(f"after turn {self.game.world.clock.round}", cx, top - OUTCOME_H + 10, theme.TEXT, 12,
                  anchor_x="center")

    def outcome_text(self) -> str:
        winner = self.game.world.clock.winner
        if not winner:
            return "The game ends in a draw"
        side = SIDES[list(self.game.world.seats).index(winner)]
        return f"The {side.title()} wins: {self._how_won(side)}"

    def _how_won(self, side: str) -> str:
        """DU3.1/DU3.2 in a player's words: which of the victory conditions ended the game."""
        if side == "company":
            return "the Relic reached the goal"
        from .play import characters, quest

        q = quest(self.game.world)
        if q.seized_by:
            return "the Relic was seized"
        if not any(c.side == "company" for c in characters(self.game.world).values()):
            return "no Company character is left"
        return "the time ran out"

    # ----- the flow: events, computers, hand-over
    def on_update(self, delta_time: float) -> None:
        if self.session.busy:
            return
        self._take_events()
        if self.game.over:
            self._refresh_if_changed()
            return
        if self.session.computer_to_move():
            self.session.start_computer()
            self._take_events()
            self._refresh()
            return
        seat = self.session.table_seat()
        key = (self.game.world.clock.round, self.stage(), self.game.revision, seat)
        if seat is not None and seat != self.viewer and self.handed != key:
            self._hand_over(seat, key)
        self._refresh_if_changed()

    def _take_events(self) -> None:
        from game.views import events_for

        for event in events_for(self.game, self.viewer, self.session.take_events()):
            self._note(event)

    def _note(self, event: Any) -> None:
        land = self.land
        if isinstance(event, E.CharacterMoved) and event.origin >= 0:
            if self.trails_turn != self.game.world.clock.round:
                self.trails, self.trails_turn = [], self.game.world.clock.round
            moved = self.chars.get(event.character)
            side = moved.side if moved is not None else self.rules.units[event.character].side
            self.trails.append((event.origin, event.destination, side))
        if isinstance(event, E.SpotRolled):
            if self.spots_turn != self.game.world.clock.round:  # a new turn's rolls replace the last turn's
                self.spots, self.spots_turn = {}, self.game.world.clock.round
            self.spots.setdefault(event.hex, []).append(event)
            self.log.append(f"{self.name(event.character)} rolls {event.die}"
                            f"{'+' + str(event.bonus) if event.bonus else ''} vs {event.target}: "
                            f"{'spotted' if event.spotted else 'unseen'}")
        elif isinstance(event, E.CombatStarted):
            self.last_round, self.ended = None, None
            self.log.append(f"Combat at {land.name(event.hex)} ({event.kind})")
        elif isinstance(event, E.RoundFought):
            self.last_round = event
            self.log.append(f"{self.name(event.company)} {event.taken[0]} / {self.name(event.dominion)} "
                            f"{event.taken[1]} wounds")
        elif isinstance(event, E.CombatEnded):
            self.ended = event
            self.log.append(f"Combat at {land.name(event.hex)} ends: {event.why}")
        elif isinstance(event, E.RelicUsed):
            self.log.append(f"{self.name(event.character)} uses the Relic (morale {event.morale})")
        elif isinstance(event, E.RelicPassed):
            self.log.append(f"{self.name(event.character)}: Relic {event.how} at {land.name(event.hex)}")
        elif isinstance(event, E.WraithsReturned):
            self.log.append(f"{len(event.characters)} Wraith(s) back on the muster hex")
        elif isinstance(event, E.AttackDeclared):
            self.log.append(f"Company {'attacks' if event.attack else 'holds'} at {land.name(event.hex)}")
        self.log = self.log[-40:]
        if isinstance(event, E.RoundFought):  # the fighters as they stood before the round, for the dialog
            self.last_fighters = {k: c for k, c in self.chars.items() if k in (event.company, event.dominion)}

    def hot_seat(self) -> bool:
        return sum(not self.session.seat_is_computer(s) for s in self.game.world.seats) >= 2

    def _hand_over(self, seat: int, key: tuple[Any, ...]) -> None:
        """Another human seat acts: in hot-seat the hand-over screen hides the other side's choices first."""
        self.handed = key
        self.viewer, self.selected, self.pick = seat, None, ""
        self._refresh()
        if self.hot_seat():
            from game.ui.views.handover import HandoverView

            purpose = "a question for you" if self.game.asking else "your turn"
            self.window.show_view(HandoverView(seat, self.player_name(seat), lambda: self.window.show_view(self),
                                               self.game.world.clock.round, color=self.seat_color(seat),
                                               purpose=purpose))

    # ----- input
    def submit(self, command: Any) -> bool:
        result = self.session.submit(command)
        self.message = "" if result.ok else for_players(str(result.reason))
        self._take_events()
        self._refresh()
        return bool(result.ok)

    def can_act(self) -> bool:
        return not self.session.busy and not self.game.over and self.session.table_seat() == self.viewer

    def _can_move(self) -> bool:
        return self.can_act() and self.game.awaiting_seat and self.stage() == "move"

    def on_mouse_press(self, x: float, y: float, button: int, modifiers: int) -> None:
        if button != arcade.MOUSE_BUTTON_LEFT:
            return
        for (x0, y0, x1, y1), _, what in reversed(self.buttons):
            if x0 <= x <= x1 and y0 <= y <= y1:
                self.press(what)
                return
        if self.duel is None and self.last_round is None and self.ended is None and x < self.window.width - PANEL:
            hex_ = self.hex_at(x, y)
            if hex_ is not None:
                self.click_hex(hex_)

    def press(self, what: tuple[Any, ...]) -> None:
        kind = what[0]
        if kind == "select":
            self.selected = what[1]
        elif kind == "end":
            self.end_moves()
        elif kind == "pick":
            self.pick = what[1]
        elif kind == "answer":
            self.answer(what[1])
        elif kind == "close":
            self.close_dialog()

    def answer(self, text: str) -> None:
        if self.prompt is not None and self.can_act():
            self.submit(Answer(self.prompt[0], text))
            self.pick = ""

    def close_dialog(self) -> None:
        if self.duel is None:
            self.last_round, self.ended, self.last_fighters = None, None, {}

    def click_hex(self, hex_: int) -> None:
        mine = [k for k, c in self.chars.items() if c.hex == hex_ and c.side == self.side
                and self.rules.units[k].move > 0]
        current = self.chars.get(self.selected or "")
        if current is not None and hex_ in self.land.neighbours(current.hex) and self._can_move():
            self.submit(Step(current.key, hex_))
            return
        if mine:
            at = mine.index(self.selected) + 1 if self.selected in mine else 0
            self.selected = mine[at % len(mine)]

    def end_moves(self) -> None:
        if self._can_move():
            self.submit(EndMoves())
            self.selected = None

    def selection_active(self) -> bool:
        """Esc clears a selected character first; with none the client's shell opens the game menu."""
        return self.selected is not None

    def on_key_press(self, symbol: int, modifiers: int) -> None:
        if symbol == arcade.key.ENTER and self.duel is None and (self.last_round is not None or self.ended is not None):
            self.close_dialog()
        elif symbol in (arcade.key.E, arcade.key.ENTER):
            self.end_moves()
        elif symbol == arcade.key.ESCAPE:
            self.selected = None


def _initials(name: str) -> str:
    words = [w for w in name.split() if w.lower() not in ("the", "of")]
    return "".join(w[0] for w in words[:2]).upper()


def _die(x: float, y: float, value: int, color: tuple[int, int, int]) -> None:
    """A die face showing `value` (pips for 1-6)."""
    arcade.draw_lrbt_rectangle_filled(x - 14, x + 14, y - 14, y + 14, (245, 245, 240))
    arcade.draw_lrbt_rectangle_outline(x - 14, x + 14, y - 14, y + 14, color, 3)
    pips = {1: [(0, 0)], 2: [(-1, 1), (1, -1)], 3: [(-1, 1), (0, 0), (1, -1)],
            4: [(-1, 1), (1, 1), (-1, -1), (1, -1)], 5: [(-1, 1), (1, 1), (0, 0), (-1, -1), (1, -1)],
            6: [(-1, 1), (1, 1), (-1, 0), (1, 0), (-1, -1), (1, -1)]}
    for px, py in pips.get(value, []):
        arcade.draw_circle_filled(x + px * 7, y + py * 7, 2.6, (20, 20, 20))


def _lrbt(box: tuple[float, float, float, float]) -> tuple[float, float, float, float]:
    """(left, bottom, right, top) as draw_lrbt_rectangle_filled takes it (left, right, bottom, top)."""
    return box[0], box[2], box[1], box[3]
