"""Events turned into animation: armies slide along paths, battles flash with damage numbers, losses fade."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass

import arcade
from arcade import easing

from game.ui import theme
from game.ui.assets import Assets
from game.ui.grid import Grid
from game.ui.map_sprites import ROGUE_TINT, MapSprites
from game.ui.scene import Scene
from systems import events as ev


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


class Effects:
    """Short-lived world-space effects; cheap sprites, no text objects created per frame."""

    def __init__(self, grid: Grid, assets: Assets) -> None:
        self.grid = grid
        self.assets = assets
        self.sprites: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()
        self.floaters: list[Floater] = []
        self.flashes: list[Flash] = []
        self.slides: list[Slide] = []

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

    def update(self, dt: float) -> None:
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
        return bool(self.floaters or self.flashes or self.slides)

    def clear(self) -> None:
        self.sprites.clear()
        self.floaters.clear()
        self.flashes.clear()
        self.slides.clear()

    def draw(self) -> None:
        self.sprites.draw()


class Beat:
    """One step of the show; `done` once its time is up. `finish` applies its event to the scene."""

    duration = 0.0

    def __init__(self, animator: Animator, event: ev.Event) -> None:
        self.animator = animator
        self.event = event
        self.time = 0.0

    def start(self) -> None:
        """Called when the beat begins."""

    def step(self, t: float) -> None:
        """Progress 0..1."""

    def finish(self) -> None:
        self.animator.scene.apply(self.event)

    def advance(self, dt: float) -> bool:
        self.time += dt
        length = self.duration / self.animator.speed
        self.step(1.0 if length <= 0 else min(1.0, self.time / length))
        return self.time >= length


class MoveBeat(Beat):
    """An army slides along its path, one territory after another."""

    def start(self) -> None:
        e = self.event
        assert isinstance(e, ev.ArmyMoved)
        scene, grid = self.animator.scene, self.animator.grid
        army = scene.armies.get(e.army)
        origin = army.territory if army is not None else e.path[0]
        self.points = [self.animator.sprites.army_position(army) if army else grid.center(origin)]
        self.points += [grid.center(t) for t in e.path]
        self.duration = self.animator.timing.move_step * max(1, len(e.path))
        self.animator.look_at(e.path[-1])

    def step(self, t: float) -> None:
        e = self.event
        assert isinstance(e, ev.ArmyMoved)
        segments = len(self.points) - 1
        if segments <= 0:
            return
        position = easing.smoothstep(t) * segments
        index = min(int(position), segments - 1)
        frac = position - index
        (x0, y0), (x1, y1) = self.points[index], self.points[index + 1]
        self.animator.sprites.move_token(e.army, x0 + (x1 - x0) * frac, y0 + (y1 - y0) * frac)

    def finish(self) -> None:
        e = self.event
        assert isinstance(e, ev.ArmyMoved)
        super().finish()
        self.animator.sprites.release_token(e.army)


class BattleBeat(Beat):
    """A battle round: the territory flashes and each side's losses in health rise as numbers."""

    def start(self) -> None:
        e = self.event
        assert isinstance(e, ev.BattleRoundFought)
        self.duration = self.animator.timing.battle_round
        animator = self.animator
        animator.look_at(e.territory)
        animator.effects.flash(e.territory, (255, 90, 60, 255), self.duration / animator.speed * 0.8, 170)
        damage: dict[int, int] = {}
        owner_of_unit = {u: a.entity for a in animator.scene.armies.values() for u in a.units}
        for strike in e.strikes:
            if strike.absorbed_by is None:
                army = owner_of_unit.get(strike.target)
                if army is not None:
                    damage[army] = damage.get(army, 0) + strike.damage
        for army, amount in damage.items():
            view = animator.scene.armies.get(army)
            if view is None:
                continue
            x, y = animator.sprites.army_position(view)
            animator.effects.number(x, y + animator.grid.tile * 0.3, f"-{amount}", (255, 120, 100, 255),
                                    self.duration / animator.speed * 1.4)
        sprites, scene = animator.sprites, animator.scene
        for unit in e.destroyed:  # each lost unit fades out where its army stands
            holder = scene.armies.get(owner_of_unit.get(unit, -1))
            if holder is None:
                continue
            x, y = sprites.army_position(holder)
            color = ROGUE_TINT if holder.owner is None else sprites.style(holder.owner).color
            texture = animator.effects.assets.unit(scene.unit_types.get(unit, "soldier"))
            animator.effects.ghost(texture, x, y, color, self.duration / animator.speed * 1.2)


class FadeBeat(Beat):
    """A destroyed army fades out before it is removed."""

    def start(self) -> None:
        self.duration = self.animator.timing.fade
        army = getattr(self.event, "army", None)
        self.army = army if army in self.animator.scene.armies else None
        if self.army is None:
            self.duration = 0.0

    def step(self, t: float) -> None:
        if self.army is not None:
            self.animator.sprites.fade_token(self.army, int(255 * (1 - t)))

    def finish(self) -> None:
        super().finish()
        if self.army is not None:
            self.animator.sprites.drop_token(self.army)


class FlashBeat(Beat):
    """A short highlight of a territory, then the event applies (take-overs, battles starting, rogues)."""

    def start(self) -> None:
        territory = getattr(self.event, "territory", None)
        self.duration = self.animator.timing.flash
        if territory is None:
            self.duration = 0.0
            return
        color = (255, 255, 255, 255)
        if isinstance(self.event, ev.RogueAppeared | ev.ArmyWentRogue):
            color = (120, 120, 120, 255)
        self.animator.look_at(territory)
        self.animator.effects.flash(territory, color, self.duration / self.animator.speed, 140)

    def finish(self) -> None:
        super().finish()


# ----- plugin events (mods declare them; matched by class name, so the client imports no mod code)


def glide(points: list[tuple[float, float]], t: float) -> tuple[float, float]:
    """A point `t` (0..1, eased) of the way along a polyline of equal-length steps."""
    segments = len(points) - 1
    if segments <= 0:
        return points[0]
    position = easing.smoothstep(t) * segments
    index = min(int(position), segments - 1)
    frac = position - index
    (x0, y0), (x1, y1) = points[index], points[index + 1]
    return x0 + (x1 - x0) * frac, y0 + (y1 - y0) * frac


class Animator:
    """Plays events in order at a watchable pace; `finish_all` shows the rest at once (a new click)."""

    def __init__(self, scene: Scene, sprites: MapSprites, grid: Grid, effects: Effects,
                 timing: theme.Timing = theme.TIMING) -> None:
        self.scene = scene
        self.sprites = sprites
        self.grid = grid
        self.effects = effects
        self.timing = timing
        self.speed = 1.0
        self.queue: deque[ev.Event] = deque()
        self.beat: Beat | None = None
        self.follow: Callable[[int], None] | None = None  # set while watching computer turns
        self.on_event: Callable[[ev.Event], None] | None = None
        self.shown = 0

    _BEATS: dict[type, type[Beat]] = {
        ev.ArmyMoved: MoveBeat,
        ev.BattleRoundFought: BattleBeat,
        ev.ArmyDestroyed: FadeBeat,
        ev.TerritoryTakenOver: FlashBeat,
        ev.BattleStarted: FlashBeat,
        ev.RogueAppeared: FlashBeat,
        ev.ArmyWentRogue: FlashBeat,
        ev.TerritoryDisrupted: FlashBeat,
    }

    def _plugin_beat(self, event: ev.Event) -> type[Beat] | None:
        """The beat a ruleset or mod registered for its event type (`presentation.on_event(beat=...)`):
        its factory returns the Beat class, importing the mod's client code only now."""
        factory = self.scene.presentation.beats.get(type(event).__name__)
        return factory() if factory is not None else None  # type: ignore[no-any-return]

    @property
    def busy(self) -> bool:
        return self.beat is not None or bool(self.queue)

    def push(self, events: Iterable[ev.Event]) -> None:
        self.queue.extend(events)

    def look_at(self, territory: int) -> None:
        if self.follow is not None:
            self.follow(territory)

    def _begin_next(self) -> bool:
        """Start the next timed beat, applying instant events on the way; False when the queue ran dry."""
        while self.queue:
            event = self.queue.popleft()
            self.shown += 1
            if self.on_event is not None:
                self.on_event(event)
            beat_type = self._BEATS.get(type(event)) or self._plugin_beat(event)
            if beat_type is None:
                self.scene.apply(event)
                continue
            beat = beat_type(self, event)
            beat.start()
            if beat.duration <= 0:
                beat.finish()
                continue
            self.beat = beat
            return True
        return False

    def update(self, dt: float) -> None:
        budget = dt
        while True:
            if self.beat is None and not self._begin_next():
                break
            assert self.beat is not None
            if self.beat.advance(budget):
                self.beat.finish()
                self.beat = None
                budget = 0.0  # at most one finished timed beat per frame, then start the next
                continue
            break
        self.effects.update(dt)

    def finish_all(self) -> None:
        """Apply every pending event now (the player acted; the picture must catch up this frame)."""
        follow, self.follow = self.follow, None
        if self.beat is not None:
            self.beat.step(1.0)
            self.beat.finish()
            self.beat = None
        while self.queue:
            event = self.queue.popleft()
            self.shown += 1
            if self.on_event is not None:
                self.on_event(event)
            self.scene.apply(event)
            army = getattr(event, "army", None)
            if isinstance(event, ev.ArmyMoved | ev.ArmyDestroyed) and army is not None:
                self.sprites.release_token(army)
                self.sprites.drop_token(army)
        self.follow = follow
        for army in list(self.sprites.fading):
            self.sprites.drop_token(army)
        self.sprites.overrides.clear()
