"""Production and battle effects drawn over the map, driven by the rules' events.

* production floats up from each producing territory at the Resource stage ("+3" in the resource's colour);
* a new structure or unit appears with a short "build pop" (a growing ring and a flash);
* a rogue army's birth is unmistakable: a dark-red pulsing ring, a "ROGUE!" banner and a burst of smoke;
* destroyed units and structures burst into particles (arcade.particles); battle rounds throw sparks.

`EffectLayer(position_of)` takes a function from a territory index to world-pixel coordinates (the map
renderer's), so it knows nothing of the renderer. Draw it inside the map camera after the map. `speed`
is the animation-speed setting; at 0 or below effects are skipped entirely.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

import arcade
from arcade import easing
from arcade.particles import Emitter, make_burst_emitter

from systems import events as ev

RESOURCE_COLORS: dict[str, tuple[int, int, int]] = {
    "food": (250, 215, 90), "wood": (215, 160, 95), "stone": (200, 200, 210), "metal": (150, 200, 230),
}
ROGUE_RED = (200, 30, 40)
_TEXTURES: dict[tuple[int, int, int, int], arcade.Texture] = {}


def _dot(color: tuple[int, int, int], size: int = 8) -> arcade.Texture:
    key = (*color, size)
    if key not in _TEXTURES:
        _TEXTURES[key] = arcade.make_soft_circle_texture(size, (*color, 255), 255, 0,
                                                         name=f"fx-dot-{color}-{size}")
    return _TEXTURES[key]


@dataclass
class Effect:
    x: float
    y: float
    duration: float
    delay: float = 0.0
    age: float = 0.0

    @property
    def started(self) -> bool:
        return self.age >= self.delay

    @property
    def progress(self) -> float:
        return max(0.0, min(1.0, (self.age - self.delay) / self.duration)) if self.duration > 0 else 1.0

    @property
    def done(self) -> bool:
        return self.age >= self.delay + self.duration

    def update(self, dt: float) -> None:
        self.age += dt

    def draw(self) -> None:  # pragma: no cover - overridden
        pass


@dataclass
class FloatingText(Effect):
    text: str = ""
    color: tuple[int, int, int] = (255, 255, 255)
    rise: float = 46.0
    size: int = 13
    _label: arcade.Text | None = field(default=None, repr=False)

    def draw(self) -> None:
        if not self.started:
            return
        t = self.progress
        alpha = int(255 * (1 - t * t))
        if self._label is None:
            self._label = arcade.Text(self.text, self.x, self.y, (*self.color, alpha), self.size, bold=True,
                                      anchor_x="center", anchor_y="center")
        self._label.position = (self.x, self.y + self.rise * easing.ease_out(t))
        self._label.color = (*self.color, alpha)
        self._label.draw()


@dataclass
class BuildPop(Effect):
    color: tuple[int, int, int] = (255, 255, 255)
    radius: float = 34.0

    def draw(self) -> None:
        if not self.started:
            return
        t = self.progress
        r = self.radius * easing.ease_out_back(min(1.0, t * 1.3))
        alpha = int(255 * (1 - t))
        arcade.draw_circle_outline(self.x, self.y, max(1.0, r), (*self.color, alpha), 4)
        if t < 0.35:
            arcade.draw_circle_filled(self.x, self.y, r * 0.6, (255, 255, 255, int(200 * (1 - t / 0.35))))


@dataclass
class RogueBirth(Effect):
    radius: float = 60.0
    _label: arcade.Text | None = field(default=None, repr=False)

    def draw(self) -> None:
        if not self.started:
            return
        t = self.progress
        fade = 1 - max(0.0, (t - 0.7) / 0.3)
        for ring in range(3):
            phase = (t * 3 + ring / 3) % 1.0
            arcade.draw_circle_outline(self.x, self.y, 10 + self.radius * phase,
                                       (*ROGUE_RED, int(230 * (1 - phase) * fade)), 5)
        pulse = 0.5 + 0.5 * math.sin(t * math.pi * 8)
        arcade.draw_circle_filled(self.x, self.y, 22, (40, 0, 0, int(170 * fade * (0.5 + 0.5 * pulse))))
        if self._label is None:
            self._label = arcade.Text("ROGUE!", self.x, self.y + 40, (255, 80, 80, 255), 18, bold=True,
                                      anchor_x="center", anchor_y="center")
        self._label.color = (255, 80, 80, int(255 * fade))
        self._label.position = (self.x, self.y + 40 + 8 * t)
        self._label.draw()


class EffectLayer:
    """Turns event batches into short effects and draws them."""

    def __init__(self, position_of: Callable[[int], tuple[float, float]], speed: float = 1.0,
                 particles: bool = True) -> None:
        self.position_of = position_of
        self.speed = speed
        self.particles = particles
        self.effects: list[Effect] = []
        self.emitters: list[Emitter] = []
        self.flash: float = 0.0  # a brief screen-edge flash for a rogue birth (read by the client if it likes)

    @property
    def busy(self) -> bool:
        return bool(self.effects or self.emitters)

    def clear(self) -> None:
        self.effects.clear()
        self.emitters.clear()

    def _at(self, territory: int | None) -> tuple[float, float] | None:
        if territory is None:
            return None
        try:
            return self.position_of(territory)
        except Exception:
            return None

    # -- what each event looks like ---------------------------------------------------------------------
    def add_events(self, events: Iterable[ev.Event], structure_territory: Callable[[int], int | None] | None = None,
                   seat: int | None = None, plugin_effects: Mapping[str, Callable[..., Any]] | None = None) -> None:
        """Queue the effects of a batch of events; `seat` limits production numbers to that player;
        `plugin_effects` (presentation.effects) show the events of the game's ruleset and mods."""
        if self.speed <= 0:
            return
        for event in events:
            if isinstance(event, ev.ResourcesProduced):
                if seat is None or event.seat == seat:
                    self.production(event)
            elif isinstance(event, ev.StructureBuilt):
                self.build(event.territory, (255, 230, 150))
            elif isinstance(event, ev.UnitBuilt):
                self.build(event.territory, (180, 230, 255))
            elif isinstance(event, ev.ArmyWentRogue | ev.RogueAppeared):
                self.rogue_birth(event.territory)
            elif isinstance(event, ev.StructureDestroyed):
                self.burst(event.territory, (150, 120, 90), 70, 3.0)
            elif isinstance(event, ev.UnitsDestroyed):
                self.burst(event.territory, (220, 60, 50), 18 + 6 * len(event.units), 2.2)
            elif isinstance(event, ev.BattleRoundFought):
                self.burst(event.territory, (255, 220, 120), 14, 1.8)
            elif isinstance(event, ev.CatapultFired):
                self.burst(event.target_territory, (255, 160, 60), 24, 2.5)
            elif isinstance(event, ev.TerritoryTakenOver):
                self.build(event.territory, (255, 255, 255))
            elif (effect := (plugin_effects or {}).get(type(event).__name__)) is not None:
                effect(self, event)

    def production(self, event: ev.ResourcesProduced) -> None:
        for territory, made in event.by_territory:
            spot = self._at(territory)
            if spot is None:
                continue
            line = 0
            for resource, amount in made.items():
                if amount <= 0:
                    continue
                color = RESOURCE_COLORS.get(resource, (255, 255, 255))  # the colour says which resource
                self.effects.append(FloatingText(spot[0], spot[1] + 8 - line * 17, 1.4,
                                                 text=f"+{amount}", color=color))  # short: fits one territory
                line += 1

    def build(self, territory: int | None, color: tuple[int, int, int]) -> None:
        spot = self._at(territory)
        if spot is not None:
            self.effects.append(BuildPop(spot[0], spot[1], 0.6, color=color))

    def rogue_birth(self, territory: int | None) -> None:
        spot = self._at(territory)
        if spot is None:
            return
        self.effects.append(RogueBirth(spot[0], spot[1], 2.2))
        self.flash = 0.6
        self.burst(territory, (60, 10, 10), 60, 2.0)

    def burst(self, territory: int | None, color: tuple[int, int, int], count: int, speed: float) -> None:
        spot = self._at(territory)
        if spot is None or not self.particles:
            return
        textures = [_dot(color, 8), _dot(tuple(min(255, c + 60) for c in color), 6)]  # type: ignore[arg-type]
        self.emitters.append(make_burst_emitter(spot, textures, min(200, count), speed, 0.4, 0.9))

    # -- frame --------------------------------------------------------------------------------------------
    def update(self, delta_time: float) -> None:
        dt = delta_time * max(self.speed, 0.0)
        for effect in self.effects:
            effect.update(dt)
        self.effects = [e for e in self.effects if not e.done]
        for emitter in self.emitters:
            emitter.update(dt)
        self.emitters = [e for e in self.emitters if not e.can_reap()]
        self.flash = max(0.0, self.flash - dt)

    def draw(self) -> None:
        for emitter in self.emitters:
            emitter.draw()
        for effect in self.effects:
            effect.draw()
