"""Events turned into animation: armies slide along paths, battles flash with damage numbers, losses fade."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable

from arcade import easing

from game.ui import theme
from game.ui.effects import EffectLayer
from game.ui.grid import Layout
from game.ui.map_sprites import ROGUE_RIM, ROGUE_TINT, MapSprites
from game.ui.scene import Scene
from systems import events as ev
from systems.climbing import WallClimbed
from systems.volley import VolleyLoosed

ARROW = (240, 220, 120, 255)  # a volley's strikes (E0.4)
CLIMB = (200, 170, 110, 255)  # a wall climbed (E0.3)


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
        sprites, scene = animator.sprites, animator.scene
        for army, amount in damage.items():  # each side's damage above its own army, in its owner's colour
            view = scene.armies.get(army)
            if view is None:
                continue
            x, y = sprites.army_position(view)
            color = ROGUE_RIM if view.owner is None else sprites.style(view.owner).color
            animator.effects.number(x, y + animator.grid.tile * 0.3, f"-{amount}", color,
                                    self.duration / animator.speed * 1.4)
        lost: dict[int, int] = {}
        for unit in e.destroyed:
            army = owner_of_unit.get(unit)
            if army is not None:
                lost[army] = lost.get(army, 0) + 1
        for entity, view in scene.armies.items():  # the lasting result: each side's losses beside it
            if view.territory == e.territory and (entity in lost or entity in damage):
                sprites.show_losses(e.territory, entity, view.owner, *sprites.army_position(view), lost.get(entity, 0))
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


class VolleyBeat(Beat):
    """E0.4: each strike of a volley rises as a number over the target territory; the target flashes."""

    def start(self) -> None:
        e = self.event
        assert isinstance(e, VolleyLoosed)
        animator = self.animator
        self.duration = animator.timing.flash
        x, y = animator.grid.center(e.territory)
        tile = animator.grid.tile
        life = max(self.duration / animator.speed * 2.5, 0.5 / animator.speed)
        for i, strike in enumerate(e.strikes):
            text = "blocked" if strike.absorbed_by is not None else f"-{strike.damage}"
            animator.effects.number(x + tile * (0.25 * (i % 3) - 0.25), y + tile * 0.1 * (i // 3), text, ARROW, life)
        animator.effects.flash(e.territory, ARROW, self.duration / animator.speed, 90)
        animator.look_at(e.territory)


class ClimbBeat(Beat):
    """E0.3: the far side of the wall flashes; the fallen show a red count where they stood."""

    def start(self) -> None:
        e = self.event
        assert isinstance(e, WallClimbed)
        animator = self.animator
        self.duration = animator.timing.flash
        life = max(self.duration / animator.speed * 2.5, 0.5 / animator.speed)
        animator.effects.flash(e.territory, CLIMB, self.duration / animator.speed, 90)
        if e.fallen:
            x, y = animator.grid.center(e.start)
            animator.effects.number(x, y, f"{len(e.fallen)} fell", (230, 90, 70, 255), life)
        animator.look_at(e.territory)


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

    def __init__(self, scene: Scene, sprites: MapSprites, grid: Layout, effects: EffectLayer,
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
        VolleyLoosed: VolleyBeat,  # the engine's lent-ability events (whichever mod lends the ability)
        WallClimbed: ClimbBeat,
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
            if isinstance(self.queue[0], ev.TurnStarted) and (self.effects.active or self.effects.busy):
                return False  # the next player's turn waits until the last one's moves have finished playing
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
        self.effects.speed = self.speed  # the events' effects play at the animation speed too
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
