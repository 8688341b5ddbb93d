"""The accessories mod's client side: a volley's arrows fly over the border, a climb flashes the wall.
Imported only by the client, through the presentation the plugin registers."""

from __future__ import annotations

from typing import Any

from game.ui.animation import Beat
from game.ui.scene import Scene

ARROW = (240, 220, 120, 255)
CLIMB = (200, 170, 110, 255)


def volley_loosed(scene: Scene, e: Any) -> None:
    """Strikes a wall absorbed wear it down on the client's copy too (the dead leave by their own events)."""
    for strike in e.strikes:
        wall = scene.structures.get(strike.absorbed_by) if strike.absorbed_by is not None else None
        if wall is not None:
            wall.health = max(0, wall.health - strike.damage)
    scene.bump()


class VolleyBeat(Beat):
    """E0.4: each strike of a volley rises as a number over the target territory; the target flashes."""

    def start(self) -> None:
        e: Any = self.event
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
    """E0.3: the far side of the wall flashes; each fall shows a number where the climbers stood."""

    def start(self) -> None:
        e: Any = self.event
        animator = self.animator
        self.duration = animator.timing.flash
        life = max(self.duration / animator.speed * 2.5, 0.5 / animator.speed)
        animator.effects.flash(e.territory, CLIMB, self.duration / animator.speed, 90)
        if e.fallen:
            x, y = animator.grid.center(e.start)
            animator.effects.number(x, y, f"{len(e.fallen)} fell", (230, 90, 70, 255), life)
        animator.look_at(e.territory)
