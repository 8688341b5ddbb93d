"""The client's one effects layer over the map: the animator's beat effects and the events' own effects.

* beats (game/ui/animation.py, mods' client code) call `number`, `ghost`, `slide` and `flash`: sprites in
  one sprite list, drawn with the map (`draw`, inside the map camera; the frame is drawn fresh while
  they play, `active`);
* `add_events` turns a batch of the rules' events into effects drawn over the cached frame while they
  last (`draw_live`, `busy`): production floats up from each producing territory on screen at the Resource stage
  ("+3" in the resource's colour); a new structure or unit appears with a short "build pop"; a rogue
  army's birth is unmistakable (a dark-red pulsing ring, a "ROGUE!" banner and a burst of smoke);
  destroyed units and structures burst into particles (arcade.particles); battle rounds throw sparks;
  mods' events show through `presentation.effects`.

The layer places things with the map's layout (`Layout.center`), so it knows nothing of the renderer.
`speed` is the animation-speed setting (the animator keeps it current); at 0 or below event effects are
skipped entirely.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

import arcade
from arcade import easing
from arcade.particles import Emitter, make_burst_emitter

from game.ui import theme
from game.ui.assets import Assets, _label_image
from game.ui.grid import Layout
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
class Floater:
    """A number that rises and fades over the map (world space)."""

    sprite: arcade.Sprite
    x: float
    y: float
    age: float = 0.0
    life: float = 1.0


@dataclass
class Slide:
    """A picture gliding from one point to another (units boarding or leaving a ship), fading at the end."""

    sprite: arcade.Sprite
    start: tuple[float, float]
    end: tuple[float, float]
    age: float = 0.0
    life: float = 0.5


@dataclass
class Flash:
    """A territory lighting up briefly (a battle round, a take-over)."""

    sprite: arcade.Sprite
    age: float = 0.0
    life: float = 0.4
    peak: int = 150


@dataclass
class Effect:
    """An event's effect at a point (world pixels), playing `duration` seconds after `delay`."""

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

    def draw(self) -> None:
        """Draw the effect as it is now (inside the map camera); nothing for one that is a sprite of a list."""

    def release(self) -> None:
        """The effect is over or dropped: let go of what it put on the layer (a sprite)."""


@lru_cache(maxsize=256)
def label_picture(text: str, color: tuple[int, int, int], size: int) -> arcade.Texture:
    """Small outlined text as a texture, made once per text and colour (bounded)."""
    return arcade.Texture(_label_image(text, (*color, 255), size), hash=f"foc-fx-{text}-{color}-{size}")


@dataclass
class FloatingText(Effect):
    """A short text (a production number) that rises and fades. It is a sprite of the layer's `texts` list, so a
    round's numbers are one draw call, not one each (about 40 calls a frame on average in a watched game)."""

    text: str = ""
    color: tuple[int, int, int] = (255, 255, 255)
    rise: float = 46.0
    size: int = 13
    sprite: arcade.Sprite | None = None

    def update(self, dt: float) -> None:
        super().update(dt)
        self.place()

    def place(self) -> None:
        """Put the sprite where the text is now, as faded as it is now (hidden before it starts)."""
        sprite = self.sprite
        if sprite is None:
            return
        sprite.visible = self.started
        t = self.progress
        sprite.alpha = int(255 * (1 - t * t))
        sprite.position = (self.x, self.y + self.rise * easing.ease_out(t))

    def release(self) -> None:
        if self.sprite is not None:
            self.sprite.remove_from_sprite_lists()


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
    """Short-lived effects over the map: the beats' sprites and the events' effects (one per map canvas)."""

    def __init__(self, grid: Layout, assets: Assets, speed: float = 1.0, particles: bool = True) -> None:
        self.grid = grid
        self.assets = assets
        self.speed = speed
        self.particles = particles
        # where the map is on screen now (the canvas sets it): production numbers are made only there; the
        # others would play unseen (a watched game on the large map made ~800 a round, all alive at once)
        self.on_screen: Callable[[float, float], bool] = lambda x, y: True
        # the beats' sprites: cheap, no text objects created per frame
        self.sprites: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()
        self.floaters: list[Floater] = []
        self.flashes: list[Flash] = []
        self.slides: list[Slide] = []
        # the events' effects
        self.effects: list[Effect] = []
        self.texts: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()  # the FloatingTexts' sprites
        self.emitters: list[Emitter] = []

    @property
    def busy(self) -> bool:
        """An event's effect is playing (drawn over the cached frame by `draw_live`)."""
        return bool(self.effects or self.emitters)

    def clear_events(self) -> None:
        """Drop the events' effects (an undo took their events back); the beats' sprites play on."""
        for effect in self.effects:
            effect.release()
        self.effects.clear()
        self.emitters.clear()

    # -- the beats' sprites -------------------------------------------------------------------------------
    def number(self, x: float, y: float, text: str, color: theme.Color, life: float) -> None:
        sprite = arcade.Sprite(self.assets.label_texture(text, color, 15), center_x=x, center_y=y)
        sprite.scale = self.grid.tile / 40
        self.sprites.append(sprite)
        self.floaters.append(Floater(sprite, x, y, 0.0, life))

    def ghost(self, texture: arcade.Texture, x: float, y: float, color: theme.Color, life: float) -> None:
        """A destroyed unit: its picture rises a little and fades away."""
        sprite = arcade.Sprite(texture, center_x=x, center_y=y)
        sprite.scale = 0.7 * self.grid.tile / 48
        sprite.color = color
        self.sprites.append(sprite)
        self.floaters.append(Floater(sprite, x, y, 0.0, life))

    def slide(self, texture: arcade.Texture, start: tuple[float, float], end: tuple[float, float],
              color: theme.Color, life: float) -> None:
        """A unit picture gliding from `start` to `end` (world pixels) over `life` seconds."""
        sprite = arcade.Sprite(texture, center_x=start[0], center_y=start[1])
        sprite.scale = 0.7 * self.grid.tile / 48
        sprite.color = color
        self.sprites.append(sprite)
        self.slides.append(Slide(sprite, start, end, 0.0, max(0.01, life)))

    def flash(self, territory: int, color: theme.Color, life: float, peak: int = 150) -> None:
        sprite = arcade.Sprite(self.assets.white())
        sprite.width = sprite.height = self.grid.tile
        sprite.position = self.grid.center(territory)
        sprite.color = (color[0], color[1], color[2], 0)
        self.sprites.append(sprite)
        self.flashes.append(Flash(sprite, 0.0, life, peak))

    def _update_sprites(self, dt: float) -> None:
        for floater in list(self.floaters):
            floater.age += dt
            t = min(1.0, floater.age / floater.life)
            floater.sprite.center_y = floater.y + easing.ease_out(t) * self.grid.tile * 0.6
            floater.sprite.alpha = int(255 * (1 - easing.ease_in(t)))
            if t >= 1.0:
                floater.sprite.remove_from_sprite_lists()
                self.floaters.remove(floater)
        for slide in list(self.slides):
            slide.age += dt
            t = min(1.0, slide.age / slide.life)
            eased = easing.smoothstep(t)
            (x0, y0), (x1, y1) = slide.start, slide.end
            slide.sprite.position = (x0 + (x1 - x0) * eased, y0 + (y1 - y0) * eased)
            slide.sprite.alpha = int(255 * min(1.0, (1 - t) * 5))
            if t >= 1.0:
                slide.sprite.remove_from_sprite_lists()
                self.slides.remove(slide)
        for flash in list(self.flashes):
            flash.age += dt
            t = min(1.0, flash.age / flash.life)
            flash.sprite.alpha = int(flash.peak * (1 - abs(2 * t - 1)))
            if t >= 1.0:
                flash.sprite.remove_from_sprite_lists()
                self.flashes.remove(flash)

    @property
    def active(self) -> bool:
        """A beat's sprite is playing (the map's frame is drawn fresh)."""
        return bool(self.floaters or self.flashes or self.slides)

    def draw(self) -> None:
        """The beats' sprites, with the map (inside its camera)."""
        self.sprites.draw()


    # -- the events' effects -----------------------------------------------------------------------------
    def _at(self, territory: int | None) -> tuple[float, float] | None:
        if territory is None:
            return None
        try:
            return self.grid.center(territory)
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
            if spot is None or not self.on_screen(*spot):
                continue
            line = 0
            for resource, amount in made.items():
                if amount <= 0:
                    continue
                color = RESOURCE_COLORS.get(resource, (255, 255, 255))  # the colour says which resource
                self.float_text(spot[0], spot[1] + 8 - line * 17, f"+{amount}", color)  # short: fits a territory
                line += 1

    def float_text(self, x: float, y: float, text: str, color: tuple[int, int, int], duration: float = 1.4,
                   size: int = 13) -> FloatingText:
        """A text rising from (x, y) and fading over `duration` seconds (a cached picture of it, on `texts`)."""
        effect = FloatingText(x, y, duration, text=text, color=color, size=size)
        effect.sprite = arcade.Sprite(label_picture(text, color, size))
        effect.place()
        self.texts.append(effect.sprite)
        self.effects.append(effect)
        return effect

    def build(self, territory: int | None, color: tuple[int, int, int]) -> None:
        spot = self._at(territory)
        if spot is not None:
            self.effects.append(BuildPop(spot[0], spot[1], 0.6, color=color))

    def rogue_birth(self, territory: int | None) -> None:
        spot = self._at(territory)
        if spot is None:
            return
        self.effects.append(RogueBirth(spot[0], spot[1], 2.2))
        self.burst(territory, (60, 10, 10), 60, 2.0)

    def burst(self, territory: int | None, color: tuple[int, int, int], count: int, speed: float) -> None:
        spot = self._at(territory)
        if spot is None or not self.particles:
            return
        textures = [_dot(color, 8), _dot(tuple(min(255, c + 60) for c in color), 6)]  # type: ignore[arg-type]
        self.emitters.append(make_burst_emitter(spot, textures, min(200, count), speed, 0.4, 0.9))

    # -- frame --------------------------------------------------------------------------------------------
    def update(self, delta_time: float) -> None:
        """Advance the beats' sprites by `delta_time` (their lives already allow for the speed) and the
        events' effects by `delta_time` times the speed."""
        self._update_sprites(delta_time)
        dt = delta_time * max(self.speed, 0.0)
        for effect in self.effects:
            effect.update(dt)
            if effect.done:
                effect.release()
        self.effects = [e for e in self.effects if not e.done]
        for emitter in self.emitters:
            emitter.update(dt)
        self.emitters = [e for e in self.emitters if not e.can_reap()]

    def draw_live(self) -> None:
        """The events' effects, over the cached frame (inside the map camera)."""
        for emitter in self.emitters:
            emitter.draw()
        for effect in self.effects:
            effect.draw()
        self.texts.draw()  # over the rest: the numbers stay readable
