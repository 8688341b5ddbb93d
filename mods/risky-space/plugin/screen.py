"""Risky Space's game screen: a star map (regions as tinted polygons, links as lines, clusters named) and dice.

Clicks: claim a region; place or reinforce one troop per click; own region then an enemy neighbour:
attack with all but one; R rolls again, S stops; own region then an own neighbour: fortify all but one;
E or Enter ends the turn; Esc clears the selection (with none, the client's shell opens the game menu; the shell
also gives saves, F1 help, the log and undo). Every command goes through the session; the picture is rebuilt from
the world. Between human seats (hot-seat) each turn opens with the
client's hand-over screen; at the end the shell opens the client's victory screen once the dice have settled (its
charts and words are the ruleset's declared statistics and victory words).
"""

from __future__ import annotations

import math
import random
import textwrap
from typing import Any

import arcade

from game.ui import theme
from game.ui.views.base import BaseView
from game.ui.widgets import fit_words
from game.ui.wording import for_players
from game.words import plural

from . import ecs
from . import rules as R

PANEL = 330
DISC_R, DISC_GROWTH = 13, 9  # a region's troop disc: its radius, and the most it grows (a pixel a troop)
CLUSTER_TINTS = ((90, 140, 255), (255, 150, 80), (120, 220, 140), (220, 110, 220), (240, 220, 100),
                 (100, 220, 230), (200, 200, 200), (255, 120, 140))
DICE_SHOW = 0.7  # seconds the dice tumble before they settle
DICE_HOLD = 0.6  # seconds a settled roll stays before the next queued one
WRAP = 40  # characters a panel line holds at 11 points (longer lines wrap, never run off the panel)
COMPUTER_PAUSE = 0.35
OUTCOMES = ("conquered", "eliminated", "fortified", "won", "draw")  # logged after the dice that led to them
LOG_KEEP = 300  # log lines kept
LOG_WRAP = 46  # characters a log line holds at 9 points  # seconds between computer ticks, so a person can follow


class RiskySpaceView(BaseView):
    """The game screen (built as View(window, session, canvas) by the client)."""

    def __init__(self, window: Any, session: Any, canvas: Any = None) -> None:
        super().__init__(window)
        self.session = session
        self.world = session.game.world
        self.board: Any = self.world.board
        self.selected: int | None = None
        self.place_steps: dict[int, int] = {}
        self.message = ""
        self.last_roll: R.Rolled | None = None
        self.roll_age = 99.0
        self.rolls: list[R.Rolled] = []  # rolls waiting to be shown, in order
        self.frozen: R.State | None = None  # the map as it stood before a computer's move, until its dice show
        self.outcomes: list[tuple[int, R.Happened]] = []  # conquests and the like, logged once the rolls
        self.rolls_queued = self.rolls_shown = 0  # before them (counted) have shown
        self.log: list[str] = []  # every roll and outcome in words (the panel shows the latest)
        self.settled_shown: R.Rolled | None = None  # the last roll whose result the frozen map took
        self.cooldown = 0.0
        self._texts: dict[tuple[Any, ...], arcade.Text] = {}
        self.tints = {c.id: CLUSTER_TINTS[i % len(CLUSTER_TINTS)] for i, c in enumerate(self.board.clusters)}
        self.backdrop: arcade.shape_list.ShapeElementList[Any] | None = None
        self.tumble = random.Random(0)  # only for the tumbling faces, never the game's generator
        self.handed: tuple[int, int] | None = None  # (rules round, seat) of the last hand-over shown
        from game.ui.widgets import TextCache

        self.button_texts = TextCache()
        self.buttons_bottom = 280.0  # the action buttons' row, set by each drawn frame
        self._fit()

    def text(self, value: str, x: float, y: float, color: Any, size: int, **style: Any) -> None:
        """draw_text, but each distinct label is laid out once (arcade.Text) and reused frame after frame."""
        self.label(value, x, y, color, size, **style).draw()

    def label(self, value: str, x: float, y: float, color: Any, size: int, **style: Any) -> arcade.Text:
        key = (value, round(x), round(y), tuple(color), size, tuple(sorted(style.items())))
        label = self._texts.get(key)
        if label is None:
            if len(self._texts) > 4000:
                self._texts.clear()
            label = arcade.Text(value, x, y, color, size, font_name=theme.FONT, **style)
            self._texts[key] = label
        return label

    # ----- geometry
    def _fit(self) -> None:
        points = [p for r in self.board.regions for p in (r.outline or ((r.x, r.y),))]
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        self.x0, self.y0 = min(xs), min(ys)
        width, height = self.window.width - PANEL - 40, self.window.height - 40
        self.scale = min(width / max(1.0, max(xs) - self.x0), height / max(1.0, max(ys) - self.y0))

    def to_screen(self, x: float, y: float) -> tuple[float, float]:
        """Map pixels (Tiled: y down) to screen pixels (y up)."""
        return 20 + (x - self.x0) * self.scale, self.window.height - 20 - (y - self.y0) * self.scale

    def centre(self, t: int) -> tuple[float, float]:
        region = self.board.regions[t]
        return self.to_screen(region.x, region.y)

    def disc_radius(self, troops: int) -> float:
        return DISC_R + min(DISC_GROWTH, troops)

    def cluster_title(self, cluster: Any) -> str:
        return f"{cluster.name} +{cluster.bonus}"

    def cluster_spots(self) -> dict[int, tuple[float, float]]:
        """Where each cluster's name stands (anchored at its centre, baseline): the first of a few places near its
        members that no troop disc at its largest, with a placement's ring, and no region's name covers."""
        spots = self.__dict__.get("_cluster_spots")
        if spots is not None and spots[0] == (self.window.width, self.window.height):
            return spots[1]
        biggest = self.disc_radius(DISC_GROWTH) + 4
        discs = [self.centre(t) for t in range(self.board.size)]
        names = [self.label(r.name, *self.centre(t), (0, 0, 0), 9, anchor_x="center") for t, r in
                 enumerate(self.board.regions)]
        taken = [(x - n.content_width / 2, y - biggest - 15, x + n.content_width / 2, y - DISC_R - 15 + 12)
                 for (x, y), n in zip(discs, names, strict=True)]
        placed: dict[int, tuple[float, float]] = {}
        for cluster in self.board.clusters:
            members = [self.centre(t) for t in self.board.members(cluster.id)]
            cx = sum(x for x, _ in members) / len(members)
            top, bottom = max(y for _, y in members), min(y for _, y in members)
            half = self.label(self.cluster_title(cluster), 0, 0, (0, 0, 0), 12, bold=True).content_width / 2
            tries = [(cx + dx, y) for y in (top + biggest + 4, bottom - biggest - 34) for dx in (0, -40, 40, -80, 80)]

            def clear(spot: tuple[float, float], half: float = half) -> bool:
                x0, x1, y0, y1 = spot[0] - half, spot[0] + half, spot[1] - 4, spot[1] + 14
                if any(math.dist((min(max(x, x0), x1), min(max(y, y0), y1)), (x, y)) < biggest for x, y in discs):
                    return False
                return not any(a < x1 and x0 < c and b < y1 and y0 < d for a, b, c, d in taken)

            spot = next((t for t in tries if clear(t)), tries[0])
            placed[cluster.id] = spot
            taken.append((spot[0] - half, spot[1] - 4, spot[0] + half, spot[1] + 14))
        self.__dict__["_cluster_spots"] = ((self.window.width, self.window.height), placed)
        return placed

    def region_at(self, sx: float, sy: float) -> int | None:
        best = min(range(self.board.size), key=lambda t: math.dist(self.centre(t), (sx, sy)))
        return best if math.dist(self.centre(best), (sx, sy)) < 40 * max(0.5, self.scale) + 12 else None

    def seat_color(self, seat: int | None) -> tuple[int, int, int]:
        if seat is None:
            return (120, 120, 130)
        style = self.session.styles.get(seat)
        color = style.color if style is not None else (200, 200, 200, 255)
        return (int(color[0]), int(color[1]), int(color[2]))

    # ----- drawing
    def _backdrop(self) -> arcade.shape_list.ShapeElementList[Any]:
        """What never changes, built once: cluster-tinted region polygons and the links."""
        shapes: arcade.shape_list.ShapeElementList[Any] = arcade.shape_list.ShapeElementList()
        for region in self.board.regions:
            if region.outline:
                outline = [self.to_screen(x, y) for x, y in region.outline]
                tint = self.tints[region.cluster]
                shapes.append(arcade.shape_list.create_polygon(outline, (*tint, 46)))
                shapes.append(arcade.shape_list.create_line_loop(outline, (*tint, 90), 1))
        for a, b in self.board.links():
            same = self.board.cluster_of(a) == self.board.cluster_of(b)  # the gates between clusters stand out
            shapes.append(arcade.shape_list.create_line(*self.centre(a), *self.centre(b),
                                                        (150, 160, 200, 150 if same else 230), 1 if same else 2))
        return shapes

    def draw(self) -> None:
        self.clear(color=(8, 10, 22, 255))
        state = self.frozen if self.frozen is not None else ecs.load_state(self.world)
        tints = self.tints
        if self.backdrop is None:
            self.backdrop = self._backdrop()
        self.backdrop.draw()
        spots = self.cluster_spots()
        for cluster in self.board.clusters:
            self.text(self.cluster_title(cluster), *spots[cluster.id], (*tints[cluster.id], 255), 12,
                      anchor_x="center", bold=True)
        battle = state.battle
        for t, region in enumerate(self.board.regions):
            x, y = self.centre(t)
            owner = state.owners[t]
            pending = self.place_steps.get(t, 0) if state.phase == R.PLACE else 0
            troops = state.troops[t] + pending
            radius = self.disc_radius(troops)
            arcade.draw_circle_filled(x, y, radius, (*self.seat_color(owner), 255))
            ring = (255, 255, 255) if t == self.selected else (20, 20, 30)
            if battle is not None and t in (battle.source, battle.target):
                ring = (255, 80, 60)
            arcade.draw_circle_outline(x, y, radius, ring, 3 if t == self.selected or ring != (20, 20, 30) else 2)
            self.text(str(troops), x, y - 6, (10, 10, 16), 12, anchor_x="center", bold=True)
            if pending:  # a placement chosen but not yet sent (it goes in once every troop is placed)
                arcade.draw_circle_outline(x, y, radius + 4, (255, 255, 255), 2)
                self.text(f"+{pending}", x + radius + 2, y + radius - 4, (255, 255, 255), 11, bold=True)
            self.text(region.name, x, y - radius - 15, (215, 220, 235), 9, anchor_x="center")
        self._draw_panel(state)

    def _draw_panel(self, state: R.State) -> None:
        left = self.window.width - PANEL
        arcade.draw_lrbt_rectangle_filled(left, self.window.width, 0, self.window.height, theme.PANEL_BG)
        y = self.window.height - 36
        seat = state.seat  # the map's seat: while a computer's dice show, still the computer's
        title = "Game over" if state.phase == R.OVER else f"{self.world_player(seat).name} — {state.phase}"
        self.text(fit_words(title, PANEL - 32, 16, bold=True), left + 16, y, (*self.seat_color(seat), 255), 16,
                  bold=True)
        y -= 28
        lines = [f"Round {state.round}" if state.round else "Claiming and placing"]
        if state.phase == R.CLAIM:
            lines.append("Click a free region to claim it")
        if state.phase == R.PLACE:
            total = state.rules.setup.placement_troops
            chosen = sum(self.place_steps.values())
            lines.append(f"Placing {chosen} of {plural(total, 'troop')}: click your regions"
                         + (" (Backspace takes one back)" if chosen else ""))
        if state.phase == R.REINFORCE:
            lines.append(f"Reinforcements: {state.general} anywhere")
            names = {c.id: c.name for c in self.board.clusters}
            lines += [f"  +{n} only in {names[c]}" for c, n in sorted(state.bonus_left.items()) if n]
        if state.phase == R.ATTACK:
            limit = state.rules.attack.max_attacks_per_turn
            lines.append(f"Attacks: {state.attacks}/{limit or '∞'}  —  E ends the turn")
        if state.battle is not None:
            lines.append("Battle: R roll again, S stop")
        if state.winner:
            lines.append(f"{self.world_player(state.winner).name} wins")
        for s in state.seats:
            owned = state.owned(s)
            lines.append(f"{self.world_player(s).name}: {plural(len(owned), 'region')}, "
                         f"{plural(sum(state.troops[t] for t in owned), 'troop')}"
                         + (" (out)" if s in state.eliminated or s in state.forfeited else ""))
        if self.message:
            lines.append(self.message)
        for line in (part for whole in lines for part in textwrap.wrap(whole, WRAP) or [""]):
            self.text(line, left + 16, y, theme.TEXT, 11)
            y -= 20
        buttons = self.action_buttons(state, y - 44)
        for button in buttons:
            button.draw(self.button_texts, 12)
        if buttons:
            y -= 48
        self._draw_log(left + 16, y - 6, 220 if self.last_roll is not None else 16)
        self._draw_dice(left + 16, 70)

    def _draw_log(self, left: float, top: float, bottom: float) -> None:
        """The latest rolls and outcomes, wrapped, as many as fit between `top` and `bottom`."""
        room = int((top - bottom) // 15) - 1
        rows: list[str] = []
        for entry in reversed(self.log[-8:]):
            parts = textwrap.wrap(entry, LOG_WRAP) or [""]
            if len(rows) + len(parts) > room:
                break
            rows[:0] = parts
        if not rows:
            return
        self.text("Log", left, top - 10, (180, 186, 200), 10, bold=True)
        for i, row in enumerate(rows):
            self.text(row, left, top - 26 - 15 * i, (170, 176, 190), 9)

    def action_buttons(self, state: R.State, bottom: float | None = None) -> list[Any]:
        """Every key's action as a button too (R roll again, S stop, E end the turn), where it applies now; under
        the panel's lines (`bottom`: where the last drawn frame put them)."""
        from game.ui.widgets import DrawnButton

        if self.session.busy or self.session.game.over or self.session.seat_is_computer():
            return []
        if state.battle is not None:
            actions = [("Roll again [R]", R.Roll()), ("Stop [S]", R.Stop())]
        elif state.phase == R.ATTACK:
            actions = [("End turn [E]", R.EndTurn())]
        else:
            return []
        if bottom is not None:
            self.buttons_bottom = bottom
        left, width = self.window.width - PANEL + 16, (PANEL - 40) / 2
        return [DrawnButton(label, left + i * (width + 8), self.buttons_bottom, width, 36,
                            lambda command=command: self.submit(command), key=f"rs:{label}")
                for i, (label, command) in enumerate(actions)]

    def _draw_dice(self, left: float, bottom: float) -> None:
        """The last roll: which force attacks where, each side's dice in a labelled row, and what each lost."""
        roll = self.last_roll
        if roll is None:
            return
        settled = self.roll_age >= DICE_SHOW
        names = self.board.regions
        force = roll.force_left + roll.attacker_losses  # the force that rolled (RS5.3)
        self.text(f"{names[roll.source].name} attacks {names[roll.target].name}", left, bottom + 118,
                  (230, 230, 235), 11, bold=True)
        sides = self.world.rules.risky.attack.die_sides  # type: ignore[attr-defined]
        shown = self.frozen if self.frozen is not None else ecs.load_state(self.world)
        defender = shown.owners[roll.target]
        rows = ((f"Attacker ({self.world_player(roll.seat).name}), {plural(force, 'troop')}", roll.attacker_dice,
                 (196, 70, 62),
                 roll.attacker_losses, roll.force_left),
                (f"Defender ({self.world_player(defender).name})" if defender and defender != roll.seat else "Defender", roll.defender_dice,
                 (70, 110, 200), roll.defender_losses, roll.target_left))
        for row, (label, dice, color, lost, left_after) in enumerate(rows):
            y = bottom + 56 - row * 70
            self.text(label, left, y + 46, (230, 230, 235), 10, bold=True)
            for i, value in enumerate(dice):
                shown = value if settled else self.tumble.randint(1, sides)
                x = left + i * 50
                arcade.draw_lrbt_rectangle_filled(x, x + 42, y, y + 42, color)
                self.text(str(shown), x + 21, y + 12, (255, 255, 255), 16, anchor_x="center", bold=True)
            if settled:
                self.text(f"lost {lost}, {left_after} left", left + 160, y + 14, (230, 230, 235), 10)

    # ----- updating and input
    def animating(self) -> bool:
        """Dice tumble or wait their turn: the window keeps drawing (game.ui.stillness)."""
        return bool(self.rolls) or (self.last_roll is not None and self.roll_age < DICE_SHOW + DICE_HOLD)

    def on_update(self, delta_time: float) -> None:
        self.roll_age += delta_time
        self.cooldown -= delta_time
        session = self.session
        self._take_rolls()
        if session.busy:
            return
        state = ecs.load_state(self.world)
        if session.game.over:  # the client's shell shows the victory screen once the dice have settled
            return
        if self._hand_over(state):
            return
        if session.seat_is_computer() and not self.rolls and self.cooldown <= 0 and self.frozen is None:
            self.frozen = ecs.load_state(self.world)  # the map waits for the computer's dice (RS8.1)
            session.start_computer()
            self.cooldown = COMPUTER_PAUSE
            if not session.busy:  # played at once: its dice queued now, or the map is the game's again
                self._take_rolls()

    def _take_rolls(self) -> None:
        """Queue the new rolls (and the outcomes they lead to); the next one shows once the last has tumbled
        and held; each goes into the panel's log as it shows."""
        for event in self.session.take_events():
            if isinstance(event, R.Rolled):
                self.rolls.append(event)
                self.rolls_queued += 1
            elif isinstance(event, R.Happened) and event.kind in OUTCOMES:
                self.outcomes.append((self.rolls_queued, event))  # after the rolls queued so far
        if self.rolls and (self.last_roll is None or self.roll_age >= DICE_SHOW + DICE_HOLD):
            self.last_roll, self.roll_age = self.rolls.pop(0), 0.0
            self.rolls_shown += 1
            self._log(self.roll_words(self.last_roll))
        settled = self.last_roll is None or self.roll_age >= DICE_SHOW
        while self.outcomes and self.outcomes[0][0] <= self.rolls_shown and settled:
            self._log(self.outcome_words(self.outcomes.pop(0)[1]))
        self._thaw()

    def _log(self, line: str) -> None:
        self.log.append(line)
        del self.log[:-LOG_KEEP]

    def roll_words(self, roll: R.Rolled) -> str:
        """RS8.1 in words: who attacked where, both sides' dice and what each lost."""
        names = self.board.regions
        return (f"{names[roll.source].name} → {names[roll.target].name}: {'-'.join(map(str, roll.attacker_dice))} "
                f"against {'-'.join(map(str, roll.defender_dice))}, attacker −{roll.attacker_losses}, "
                f"defender −{roll.defender_losses}")

    def outcome_words(self, event: R.Happened) -> str:
        who = self.world_player(event.seat).name if event.seat else "Nobody"
        names = self.board.regions
        if event.kind == "conquered":
            return f"{who} takes {names[event.get('target')].name}"
        if event.kind == "eliminated":
            return f"{who} is out of the game"
        if event.kind == "fortified":
            return f"{who} moves troops from {names[event.get('source')].name} to {names[event.get('target')].name}"
        return f"{who} wins" if event.kind == "won" else "A draw"

    def _thaw(self) -> None:
        """A computer's move on the map only after its dice: each settled roll's losses go onto the held map,
        and once the last roll has shown, the map is the game's again."""
        frozen, roll = self.frozen, self.last_roll
        if frozen is None or self.session.busy:
            return
        if roll is not None and self.roll_age >= DICE_SHOW and roll is not self.settled_shown:
            self.settled_shown = roll
            frozen.troops[roll.target] = roll.target_left
        if not self.rolls and (roll is None or self.roll_age >= DICE_SHOW + DICE_HOLD):
            self.frozen = None

    # ----- hot-seat, saves and the end (the client's own views)
    def hot_seat(self) -> bool:
        """Two or more human seats still playing share the window."""
        alive = self.session.game.world.alive_seats()
        return sum(not self.session.seat_is_computer(s) for s in alive) >= 2

    def _hand_over(self, state: R.State) -> bool:
        """At the start of a human turn in hot-seat (claims and placements are public, one click each: the
        panel names the seat instead), show the client's hand-over screen; True when shown."""
        seat = self.world.clock.seat
        if state.phase not in (R.REINFORCE, R.ATTACK) or self.session.seat_is_computer() or not self.hot_seat():
            return False
        key = (state.round, seat)
        if self.handed == key:
            return False
        self.handed = key
        from game.ui.views.handover import HandoverView

        name = self.world_player(seat).name
        self.selected, self.place_steps = None, {}
        self.window.show_view(HandoverView(seat, name, lambda: self.window.show_view(self), state.round,
                                           color=self.seat_color(seat)))
        return True

    def world_player(self, seat: int) -> Any:
        return ecs.esper.component_for_entity(self.world.players[seat], ecs.Player)

    def settled(self) -> bool:
        """No roll still to show (the shell's victory screen waits for it)."""
        return not self.rolls and self.roll_age >= DICE_SHOW + DICE_HOLD

    def selection_active(self) -> bool:
        """Esc clears a selected region first; with none the client's shell opens the game menu."""
        return self.selected is not None

    def submit(self, command: R.Command) -> bool:
        result = self.session.submit(command)
        self.message = "" if result.ok else for_players(result.reason)
        return bool(result.ok)

    def on_key_press(self, symbol: int, modifiers: int) -> None:
        if self.session.busy:
            return
        if symbol == arcade.key.R:
            self.submit(R.Roll())
        elif symbol == arcade.key.S:
            self.submit(R.Stop())
        elif symbol in (arcade.key.E, arcade.key.ENTER):
            self.submit(R.EndTurn())
            self.selected = None
        elif symbol == arcade.key.ESCAPE:
            self.selected = None
        elif symbol == arcade.key.BACKSPACE and self.place_steps:  # take the last chosen placement back
            last = list(self.place_steps)[-1]
            self.place_steps[last] -= 1
            if not self.place_steps[last]:
                del self.place_steps[last]

    def on_mouse_press(self, x: float, y: float, button: int, modifiers: int) -> None:
        if self.session.busy or self.session.game.over or self.session.seat_is_computer():
            return
        for drawn in self.action_buttons(ecs.load_state(self.world)):
            if drawn.click(x, y):
                self.selected = None
                return
        t = self.region_at(x, y)
        if t is None:
            self.selected = None
            return
        self.click_region(t)

    def click_region(self, t: int) -> None:
        state = ecs.load_state(self.world)
        seat = self.world.clock.seat
        self.message = ""  # a click starts afresh: an old refusal never stays under a new action
        if state.phase == R.CLAIM:
            self.submit(R.Claim(t))
        elif state.phase == R.PLACE:
            if state.owners[t] != seat:
                self.message = "place on your own regions"
                return
            self.place_steps[t] = self.place_steps.pop(t, 0) + 1  # the last region chosen last (Backspace)
            if sum(self.place_steps.values()) >= state.rules.setup.placement_troops:
                steps = sorted(self.place_steps.items())
                self.place_steps = {}
                self.submit(R.Place(tuple(s for s, _ in steps), tuple(n for _, n in steps)))
        elif state.phase == R.REINFORCE:
            self.submit(R.Reinforce(t, 1))
        elif state.phase == R.ATTACK and state.battle is None:
            if self.selected is None or state.owners[t] == seat and t not in self.board.neighbours(self.selected):
                self.selected = t if state.owners[t] == seat else None
            elif state.owners[t] != seat:
                source, self.selected = self.selected, None
                self.submit(R.Attack(source, t, state.troops[source] - 1))
            else:
                source, self.selected = self.selected, None
                if source != t:
                    self.submit(R.Fortify(source, t, state.troops[source] - 1))
